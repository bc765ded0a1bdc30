import Foundation
import ResilientDecoding

/// Prints what a decode kept, what each property went through (DEBUG) and the error digest.
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

  /// Prints every section.
  func print() {
    Swift.print("Decoded \(inputName) (\(byteCount) bytes) into a ListingFeed.")
    printKept()
    printDiagnostics()
    printDigest()
  }

  // MARK: - What was kept

  private func printKept() {
    heading("What was kept")
    Swift.print("sort order: \(feed.sortOrder.rawValue)")
    if let paging = feed.paging {
      Swift.print("paging: page \(paging.page), next cursor \(describe(paging.nextCursor))")
    } else {
      Swift.print("paging: none")
    }
    Swift.print("exchange rates: \(describe(feed.exchangeRates))")
    Swift.print("section titles: \(feed.sectionTitles.map(describe) ?? "none")")
    let ranking = feed.rankedListingIDs.sorted { $0.key < $1.key }
      .map { "#\($0.key) → \($0.value)" }
    Swift.print("ranked listings: \(ranking.isEmpty ? "none" : ranking.joined(separator: ", "))")
    Swift.print("hero: \(feed.hero)")
    Swift.print("promotions: \(feed.promotions.map(\.description).joined(separator: ", "))")
    let announcements = feed.announcements?.map { "\"\($0.text)\"" }.joined(separator: ", ")
    Swift.print("announcements: \(announcements ?? "none (nil)")")
    Swift.print("listings: \(feed.listings.count) kept")
    for listing in feed.listings {
      printKept(listing)
    }
  }

  private func printKept(_ listing: Listing) {
    let price = listing.price.map { String(format: "%.2f", $0) } ?? "price on request"
    let currency = listing.currency?.rawValue ?? "(no currency)"
    Swift.print("  \(listing.id)  \(listing.title)")
    Swift.print(
      "       \(listing.kind.rawValue), \(price) \(currency), cancellation "
        + (listing.cancellation?.rawValue ?? "unknown"))
    let captions = listing.photos.map { $0.caption.map { "\"\($0)\"" } ?? "untitled" }
    Swift.print(
      "       photos: \(listing.photos.count)"
        + (captions.isEmpty ? "" : " (\(captions.joined(separator: ", ")))"))
    Swift.print(
      "       amenities: \(describe(listing.amenities.map(\.rawValue)))"
        + "; tags: \(listing.tags.map { describe(Array($0)) } ?? "nil")")
    Swift.print(
      "       beds by floor: \(listing.bedsByFloor.map(describe) ?? "nil")"
        + "; ratings: \(listing.ratings.map(describe) ?? "nil")")
    if let host = listing.host {
      let languages = describe(host.languages.map(\.rawValue))
      let rate = host.responseRate.map { "answers \(Int(($0 * 100).rounded()))%" } ?? "no rate"
      Swift.print("       host: \(host.name), speaks \(languages), \(rate)")
    } else {
      Swift.print("       host: nil")
    }
  }

  // MARK: - Property diagnostics

  private func printDiagnostics() {
    heading("Property diagnostics ($property, DEBUG builds only)")
    #if DEBUG
      printDiagnostics("feed", feed.diagnostics)
      for listing in feed.listings {
        printDiagnostics("listing \(listing.id)", listing.diagnostics)
      }
    #else
      Swift.print("Not available: this is a release build, where @Resilient stores nothing but")
      Swift.print("its value. Run `swift run resilient-demo` (a debug build) to see them.")
    #endif
  }

  #if DEBUG
    /// Prints the properties that did not simply decode, and counts the others.
    private func printDiagnostics(_ title: String, _ diagnostics: [Diagnostic]) {
      let eventful = diagnostics.filter { !$0.decodedSuccessfully }
      let cleanCount = diagnostics.count - eventful.count
      Swift.print("\(title): \(cleanCount) of \(diagnostics.count) properties decoded cleanly")
      let width = eventful.map(\.name.count).max() ?? 0
      for diagnostic in eventful {
        let name = diagnostic.name.padding(toLength: width, withPad: " ", startingAt: 0)
        Swift.print("  $\(name)  \(diagnostic.text)")
      }
    }
  #endif

  // MARK: - Error digest

  private func printDigest() {
    heading("Error digest")
    guard let digest else {
      Swift.print("No errors were recovered from: the reporter's digest is nil.")
      return
    }
    Swift.print(digest)

    let entries = digest.entries(includeUnknownNovelValueErrors: true)
    let hidden = entries.count - digest.entries.count
    heading("Digest entries, in report order")
    for entry in entries {
      let path = entry.path.isEmpty ? "(top level)" : entry.path
      let note = entry.error is UnknownNovelValueError ? "  (left out of digest.errors)" : ""
      let record = entry.recordID.map { "  [listing \($0)]" } ?? ""
      Swift.print("\(path): \(summary(of: entry.error))\(record)\(note)")
    }
    Swift.print("")
    if hidden == 0 {
      Swift.print("digest.errors lists all \(entries.count); none is an unknown novel value.")
    } else {
      Swift.print(
        "digest.errors lists \(digest.errors.count) of these \(entries.count); the other "
          + "\(hidden) are unknown novel values, which only "
          + "errors(includeUnknownNovelValueErrors: true) includes.")
    }
    printGroups(digest)
  }

  /// One line of JSON per group, as an app would send them to its analytics backend.
  private func printGroups(_ digest: ErrorDigest) {
    heading("Errors grouped by signature (one analytics event each)")
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    for group in digest.groups {
      guard let json = try? encoder.encode(group) else { continue }
      Swift.print(String(decoding: json, as: UTF8.self))
    }
    Swift.print(
      "\(digest.groups.count) groups for \(digest.groups.map(\.count).reduce(0, +)) errors; "
        + "\(digest.omittedErrorCount) counted but not stored in full.")
  }

  // MARK: - Formatting

  private func heading(_ title: String) {
    Swift.print("\n== \(title) ==")
  }

  private func describe(_ value: Int?) -> String {
    value.map(String.init) ?? "nil"
  }

  private func describe(_ values: [String]) -> String {
    values.isEmpty ? "none" : values.sorted().joined(separator: ", ")
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

    /// The outcome, and for collections the results of their elements.
    let text: String

    init(_ name: String, _ outcome: ResilientDecodingOutcome, results: String? = nil) {
      self.name = name
      if case .decodedSuccessfully = outcome {
        self.decodedSuccessfully = true
      } else {
        self.decodedSuccessfully = false
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
        text = "recoveredFrom(\(summary(of: error)), wasReported: true)"
      case .recoveredFrom(_, wasReported: false):
        text = "recoveredFrom(element errors, wasReported: false)"
      }
      if let results { text += "; results: \(results)" }
      self.text = text
    }

    /// `results` of an array or set, one mark per element in document order.
    static func marks<Element>(_ results: [Result<Element, any Error>]) -> String? {
      guard !results.isEmpty else { return nil }
      let marks = results.map { result in
        switch result {
        case .success(let value): return "\(value)"
        case .failure(let error): return "✗ \(summary(of: error))"
        }
      }
      return "[\(marks.joined(separator: " | "))]"
    }

    /// `results` of a dictionary, the failed keys only.
    static func failedKeys<Value>(_ results: [String: Result<Value, any Error>]) -> String? {
      let failed = results.filter { if case .failure = $0.value { true } else { false } }
      guard !failed.isEmpty else { return nil }
      return "failed keys " + failed.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
    }
  }

  @available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *)
  extension ListingFeed {
    /// The diagnostics of every `@Resilient` property of the feed.
    var diagnostics: [Diagnostic] {
      [
        Diagnostic(
          "listings", $listings.outcome,
          results: Diagnostic.marks($listings.results.map { $0.map(\.id) })),
        Diagnostic("announcements", $announcements.outcome),
        Diagnostic("sortOrder", $sortOrder.outcome),
        Diagnostic("paging", $paging.outcome),
        Diagnostic(
          "exchangeRates", $exchangeRates.outcome,
          results: Diagnostic.failedKeys($exchangeRates.results)),
        Diagnostic("sectionTitles", $sectionTitles.outcome),
        Diagnostic(
          "rankedListingIDs", $rankedListingIDs.outcome,
          results: Diagnostic.failedKeys($rankedListingIDs.results)),
        Diagnostic("hero", $hero.outcome),
        Diagnostic(
          "promotions", $promotions.outcome,
          results: Diagnostic.marks($promotions.results)),
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
          results: Diagnostic.marks($photos.results.map { $0.map(\.url.lastPathComponent) })),
        Diagnostic(
          "amenities", $amenities.outcome,
          results: Diagnostic.marks($amenities.results.map { $0.map(\.rawValue) })),
        Diagnostic("tags", $tags.outcome),
        Diagnostic(
          "bedsByFloor", $bedsByFloor.outcome, results: Diagnostic.failedKeys($bedsByFloor.results)
        ),
        Diagnostic(
          "ratings", $ratings.outcome, results: Diagnostic.failedKeys($ratings.results)),
        Diagnostic("host", $host.outcome),
      ]
      for (index, photo) in photos.enumerated() {
        diagnostics.append(Diagnostic("photos[\(index)].caption", photo.$caption.outcome))
      }
      if let host {
        diagnostics.append(
          Diagnostic(
            "host.languages", host.$languages.outcome,
            results: Diagnostic.marks(host.$languages.results.map { $0.map(\.rawValue) })))
        diagnostics.append(Diagnostic("host.responseRate", host.$responseRate.outcome))
      }
      return diagnostics
    }
  }
#endif
