import Foundation
import ResilientDecoding

/// What a decode kept, what each property went through (DEBUG) and the error digest, as the
/// demo prints them.
@available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *)
struct Report {
  /// The decoded feed.
  let feed: ListingFeed

  /// The errors recovered from, or `nil` if there were none.
  let digest: ErrorDigest?

  /// How the input is called.
  let inputName: String

  /// The size of the input.
  let byteCount: Int

  /// The lines written so far.
  private var lines: [String] = []

  init(feed: ListingFeed, digest: ErrorDigest?, inputName: String, byteCount: Int) {
    self.feed = feed
    self.digest = digest
    self.inputName = inputName
    self.byteCount = byteCount
  }

  /// Every section, as the demo prints it.
  func text() -> String {
    var report = self
    report.write("Decoded \(inputName) (\(byteCount) bytes) into a ListingFeed.")
    report.writeKept()
    report.writeDiagnostics()
    report.writeDigest()
    return report.lines.joined(separator: "\n")
  }

  /// Adds a line (or several, separated by newlines).
  private mutating func write(_ text: String) {
    lines.append(text)
  }

  // MARK: - What was kept

  // Optional values print `nil` when absent and collections `none` when empty, everywhere.

  private mutating func writeKept() {
    heading("What was kept")
    write("sort order: \(feed.sortOrder.rawValue)")
    if let paging = feed.paging {
      write("paging: page \(paging.page), next cursor \(describe(paging.nextCursor))")
    } else {
      write("paging: nil")
    }
    write("exchange rates: \(describe(feed.exchangeRates))")
    write("section titles: \(feed.sectionTitles.map(describe) ?? "nil")")
    let ranking = feed.rankedListingIDs.sorted { $0.key < $1.key }
      .map { "#\($0.key) → \($0.value)" }
    write("ranked listings: \(describe(ranking, sorted: false))")
    if case .unsupported = feed.hero {
      write("hero: \(feed.hero) (\(whyNoHero()))")
    } else {
      write("hero: \(feed.hero)")
    }
    write(
      "promotions: "
        + kept(
          feed.promotions.count, of: "promotions[*]", listing: feed.promotions.map(\.description)))
    let announcements = feed.announcements.map { describe($0.map { "\"\($0.text)\"" }) }
    write("announcements: \(announcements ?? "nil")")
    write("listings: " + kept(feed.listings.count, of: "listings[*]"))
    for listing in feed.listings {
      writeKept(listing)
    }
  }

  private mutating func writeKept(_ listing: Listing) {
    let price = listing.price.map { String(format: "%.2f", $0) } ?? "price on request"
    let currency = listing.currency?.rawValue ?? "(no currency)"
    write("  \(listing.id)  \(listing.title)")
    write(
      "       \(listing.kind.rawValue), \(price) \(currency), cancellation "
        + (listing.cancellation?.rawValue ?? "unknown"))
    let captions = listing.photos.map { $0.caption.map { "\"\($0)\"" } ?? "untitled" }
    write(
      "       photos: "
        + kept(
          listing.photos.count, of: "listings[*].photos[*]", in: listing.id, listing: captions))
    write(
      "       amenities: \(describe(listing.amenities.map(\.rawValue)))"
        + "; tags: \(listing.tags.map { describe(Array($0)) } ?? "nil")")
    write(
      "       beds by floor: \(listing.bedsByFloor.map(describe) ?? "nil")"
        + "; ratings: \(listing.ratings.map(describe) ?? "nil")")
    if let host = listing.host {
      let languages = describe(host.languages.map(\.rawValue))
      let rate = host.responseRate.map { "answers \(Int(($0 * 100).rounded()))%" } ?? "no rate"
      write("       host: \(host.name), speaks \(languages), \(rate)")
    } else {
      write("       host: nil")
    }
  }

  /// Why the feed has no hero block the app can show, read from the digest in every build.
  private func whyNoHero() -> String {
    let entries = digest?.entries(includeUnknownNovelValueErrors: true) ?? []
    return switch entries.first(where: { $0.path == "hero" })?.error {
    case let novel as UnknownNovelValueError: "a kind this app cannot show: \(novel.novelValue)"
    case nil: "the feed has none"
    case DecodingError.keyNotFound(let key, _)? where key.stringValue == "hero": "the feed has none"
    case let error?: "could not be read: \(summary(of: error))"
    }
  }

  /// `4 kept of 5`: the elements an array kept, out of those it kept and those left out. An
  /// element left out is reported at its own path, which `pattern` matches (with `[*]` for
  /// each index), in the record `recordID` if given; the digest is read in every build.
  /// `none` for an empty array; the kept elements follow in parentheses.
  private func kept(
    _ keptCount: Int, of pattern: String, in recordID: Int? = nil, listing: [String] = []
  ) -> String {
    let entries = digest?.entries(includeUnknownNovelValueErrors: true) ?? []
    let leftOut = entries.count(where: { entry in
      indexPattern(of: entry.path) == pattern
        && (recordID == nil || entry.recordID == recordID.map(String.init))
    })
    if keptCount + leftOut == 0 { return "none" }
    return "\(keptCount) kept of \(keptCount + leftOut)"
      + (listing.isEmpty ? "" : " (\(listing.joined(separator: ", ")))")
  }

  // MARK: - Property diagnostics

  private mutating func writeDiagnostics() {
    heading("Property diagnostics ($property, DEBUG builds only)")
    #if DEBUG
      writeDiagnostics("feed", feed.diagnostics)
      for listing in feed.listings {
        writeDiagnostics("listing \(listing.id)", listing.diagnostics)
      }
    #else
      write("Not available: this is a release build, where @Resilient stores nothing but")
      write("its value. Run `swift run resilient-demo` (a debug build) to see them.")
    #endif
  }

  #if DEBUG
    /// Prints the properties that did not simply decode, and counts the others: a property
    /// that is absent or `null` where that is allowed decoded cleanly too.
    private mutating func writeDiagnostics(_ title: String, _ diagnostics: [Diagnostic]) {
      let eventful = diagnostics.filter { !$0.isClean }
      let absent = diagnostics.filter { $0.isClean && !$0.decodedSuccessfully }
      let cleanCount = diagnostics.count - eventful.count
      write(
        "\(title): \(cleanCount) of \(diagnostics.count) properties decoded cleanly"
          + (absent.isEmpty
            ? ""
            : " (absent or null: " + absent.map { "$\($0.name)" }.joined(separator: ", ") + ")"))
      let width = eventful.map(\.name.count).max() ?? 0
      for diagnostic in eventful {
        let name = diagnostic.name.padding(toLength: width, withPad: " ", startingAt: 0)
        write("  $\(name)  \(diagnostic.text)")
      }
    }
  #endif

  // MARK: - Error digest

  private mutating func writeDigest() {
    heading("Error digest")
    guard let digest else {
      write("No errors were recovered from: the reporter's digest is nil.")
      return
    }
    let entries = digest.entries(includeUnknownNovelValueErrors: true)
    let hidden = entries.count - digest.entries.count
    if hidden > 0 {
      // The tree keeps the original library's words for a novel value.
      write("Every report is here. An unknown novel value, \"not reported by default\", is one")
      write("that digest.errors leaves out unless asked (see the entries below).")
    }
    write("\(digest)")
    heading("Digest entries, in report order")
    for entry in entries {
      let path = entry.path.isEmpty ? "(top level)" : entry.path
      let note = entry.error is UnknownNovelValueError ? "  (left out of digest.errors)" : ""
      let record = entry.recordID.map { "  [listing \($0)]" } ?? ""
      write("\(path): \(summary(of: entry.error))\(record)\(note)")
    }
    write("")
    if hidden == 0 {
      write("digest.errors lists all \(entries.count); none is an unknown novel value.")
    } else {
      write(
        "digest.errors lists \(digest.errors.count) of these \(entries.count); the other "
          + "\(hidden) are unknown novel values, which only "
          + "errors(includeUnknownNovelValueErrors: true) includes.")
    }
    writeGroups(digest)
  }

  /// One line of JSON per group, as an app would send them to its analytics backend.
  private mutating func writeGroups(_ digest: ErrorDigest) {
    heading("Errors grouped by signature (one analytics event each)")
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    for group in digest.groups {
      guard let json = try? encoder.encode(group) else { continue }
      write(String(decoding: json, as: UTF8.self))
    }
    write(
      "\(digest.groups.count) groups for \(digest.groups.map(\.count).reduce(0, +)) errors; "
        + "\(digest.omittedErrorCount) counted but not stored in full.")
  }

  // MARK: - Formatting

  private mutating func heading(_ title: String) {
    write("")
    write("== \(title) ==")
  }

  private func describe(_ value: Int?) -> String {
    value.map(String.init) ?? "nil"
  }

  private func describe(_ values: [String], sorted: Bool = true) -> String {
    values.isEmpty ? "none" : (sorted ? values.sorted() : values).joined(separator: ", ")
  }

  private func describe<Key: Comparable, Value>(_ dictionary: [Key: Value]) -> String {
    if dictionary.isEmpty { return "none" }
    return dictionary.sorted { $0.key < $1.key }
      .map { "\($0.key)=\($0.value)" }
      .joined(separator: ", ")
  }
}

#if DEBUG
  /// What one `@Resilient` property went through, read from its projected value.
  struct Diagnostic {
    /// The property's name.
    let name: String

    /// Whether the outcome is `decodedSuccessfully`.
    let decodedSuccessfully: Bool

    /// Whether nothing was recovered from: decoded, or absent or `null` where that is allowed.
    let isClean: Bool

    /// The outcome, and for collections the results of their elements.
    let text: String

    init(_ name: String, _ outcome: ResilientDecodingOutcome, elements: Elements? = nil) {
      self.name = name
      switch outcome {
      case .decodedSuccessfully: (decodedSuccessfully, isClean) = (true, true)
      case .keyNotFound, .valueWasNil: (decodedSuccessfully, isClean) = (false, true)
      case .recoveredFrom: (decodedSuccessfully, isClean) = (false, false)
      }
      var text: String
      switch outcome {
      case .decodedSuccessfully:
        text = "decoded successfully"
      case .keyNotFound:
        text = "keyNotFound"
      case .valueWasNil:
        text = "valueWasNil"
      case .recoveredFrom(let error, wasReported: true):
        text = "recoveredFrom(\(summary(of: error))), reported"
      case .recoveredFrom(_, wasReported: false) where elements != nil:
        // The collection's own error gathers its elements' errors; each of those was
        // reported on its own, at the element's path.
        let elements = elements!
        text =
          "recoveredFrom(\(elements.failed) of \(elements.count) \(elements.noun) failed), "
          + "each reported at its own path"
      case .recoveredFrom(let error, wasReported: false):
        text = "recoveredFrom(\(summary(of: error))), not reported"
      }
      if let detail = elements?.detail { text += "; \(detail)" }
      self.text = text
    }

    /// What happened to the elements or entries of a collection.
    struct Elements {
      /// How many elements or entries the data had, and how many failed.
      let count: Int
      let failed: Int

      /// `elements` or `entries`.
      let noun: String

      /// What to show of the results, if anything.
      let detail: String?
    }

    /// `results` of an array or set, one mark per element in document order.
    static func marks<Element>(_ results: [Result<Element, any Error>]) -> Elements? {
      guard !results.isEmpty else { return nil }
      let marks = results.map { result in
        switch result {
        case .success(let value): return "\(value)"
        case .failure(let error): return "✗ \(summary(of: error))"
        }
      }
      return Elements(
        count: results.count, failed: results.count(where: { (try? $0.get()) == nil }),
        noun: "elements", detail: "results: [\(marks.joined(separator: " | "))]")
    }

    /// `results` of a dictionary, the failed keys only.
    static func failedKeys<Value>(_ results: [String: Result<Value, any Error>]) -> Elements? {
      let failed = results.filter { if case .failure = $0.value { true } else { false } }
      guard !failed.isEmpty else { return nil }
      return Elements(
        count: results.count, failed: failed.count, noun: "entries",
        detail: "failed keys " + failed.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", "))
    }
  }

  @available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *)
  extension ListingFeed {
    /// The diagnostics of every `@Resilient` property of the feed.
    var diagnostics: [Diagnostic] {
      [
        Diagnostic(
          "listings", $listings.outcome,
          elements: Diagnostic.marks($listings.results.map { $0.map(\.id) })),
        Diagnostic("announcements", $announcements.outcome),
        Diagnostic("sortOrder", $sortOrder.outcome),
        Diagnostic("paging", $paging.outcome),
        Diagnostic(
          "exchangeRates", $exchangeRates.outcome,
          elements: Diagnostic.failedKeys($exchangeRates.results)),
        Diagnostic("sectionTitles", $sectionTitles.outcome),
        Diagnostic(
          "rankedListingIDs", $rankedListingIDs.outcome,
          elements: Diagnostic.failedKeys($rankedListingIDs.results)),
        Diagnostic("hero", $hero.outcome),
        Diagnostic(
          "promotions", $promotions.outcome,
          elements: Diagnostic.marks($promotions.results)),
      ]
    }
  }

  @available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *)
  extension Listing {
    /// The diagnostics of every `@Resilient` property of the listing and of its host and
    /// photos.
    var diagnostics: [Diagnostic] {
      var diagnostics = [
        Diagnostic("price", $price.outcome),
        Diagnostic("currency", $currency.outcome),
        Diagnostic("kind", $kind.outcome),
        Diagnostic("cancellation", $cancellation.outcome),
        Diagnostic(
          "photos", $photos.outcome,
          elements: Diagnostic.marks($photos.results.map { $0.map(\.url.lastPathComponent) })),
        Diagnostic(
          "amenities", $amenities.outcome,
          elements: Diagnostic.marks($amenities.results.map { $0.map(\.rawValue) })),
        Diagnostic("tags", $tags.outcome),
        Diagnostic(
          "bedsByFloor", $bedsByFloor.outcome, elements: Diagnostic.failedKeys($bedsByFloor.results)
        ),
        Diagnostic(
          "ratings", $ratings.outcome, elements: Diagnostic.failedKeys($ratings.results)),
        Diagnostic("host", $host.outcome),
      ]
      for (index, photo) in photos.enumerated() {
        diagnostics.append(Diagnostic("photos[\(index)].caption", photo.$caption.outcome))
      }
      if let host {
        diagnostics.append(
          Diagnostic(
            "host.languages", host.$languages.outcome,
            elements: Diagnostic.marks(host.$languages.results.map { $0.map(\.rawValue) })))
        diagnostics.append(Diagnostic("host.responseRate", host.$responseRate.outcome))
      }
      return diagnostics
    }
  }
#endif
