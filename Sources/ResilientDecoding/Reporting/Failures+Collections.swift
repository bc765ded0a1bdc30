// The failures of the values of a collection: elements of arrays and sets, each reported at its
// index, arrays decoded whole, and the entries of dictionaries, reported in key order. Part of
// the failure API (`Failure.swift`).

// MARK: - Values that caught their own error

/// Why a value of a collection failed, and where its decoder said it was: the value catches
/// its own error (an element of an array decoded whole, an entry of a dictionary), and its
/// collection reports it afterwards, where and when it decides.
///
/// A class, so that a value that decoded carries one null reference, not room for an error and
/// a path, and so that a collection can tell one failure from another.
final class CaughtFailure {
  let error: any Error
  /// Where the value's decoder was; empty in a release build while no reporter exists (see
  /// `Failures.caught(_:decodedPrimitive:by:)`).
  let codingPath: [any CodingKey]
  /// The value's own record, if a reporter names records and the value has an identifier.
  let record: ReportedRecord?

  init(error: any Error, codingPath: [any CodingKey], record: ReportedRecord?) {
    self.error = error
    self.codingPath = codingPath
    self.record = record
  }

  /// The key of the dictionary entry that failed, as written in the data: the last key of its
  /// path (empty for a value decoded at the root).
  var keyAsWritten: String {
    codingPath.last?.stringValue ?? ""
  }
}

extension Failures {
  /// The failure of a value that caught its own error, thrown while decoding it at
  /// `decoder`'s path: the error as plain `Codable` shows it, and the value's record if a value
  /// that names its record brought it (see `NamingRecord`), noted in the running hold so that
  /// the collection can tell whether its decoder kept the value.
  static func caught(
    _ error: any Error, decodedPrimitive: Bool, by decoder: any Decoder
  ) -> CaughtFailure {
    let (error, record) = IdentifiedElementFailure.unwrap(error)
    let failure = CaughtFailure(
      error: plainCodableError(error, decodedPrimitive: decodedPrimitive, at: decoder.codingPath),
      codingPath: keepsCaughtPaths ? decoder.codingPath : [], record: record)
    ReportScope.noteCaughtFailure(failure)
    return failure
  }

  /// Whether a caught failure keeps its coding path: only a report (there is none while no
  /// reporter exists, and a decoder that has one made it before it began) and DEBUG `results`
  /// read it, and a decoder builds it in time that grows with the depth.
  private static var keepsCaughtPaths: Bool {
    #if DEBUG
      true
    #else
      ResilientDecodingErrorReporter.anyExists
    #endif
  }
}

// MARK: - Elements

extension Failures {
  /// The failures of the elements of one array or set, each reported at its index: the
  /// reporter is found at the first, in the failed element's decoder as the container moves
  /// past it, or else through the array's site. The site is an existential, so that the type
  /// costs no metadata of its own for each type of site.
  struct ElementFailures {
    let site: any FailureSite
    /// Whether the elements are decoded by their own `init(from:)`, not primitives or raw
    /// values: a failed element whose record cannot be read here is then reported with none,
    /// for the array to find.
    let elementsMayBeRecords: Bool
    /// Whether an element's error may be the decoder's own error for a primitive.
    let decodesPrimitive: Bool
    private var reporter: ResilientDecodingErrorReporter?? = nil
    /// The array's path, built once, when a report or an error needs it.
    private var basePath: [any CodingKey]?

    init(site: any FailureSite, elementsMayBeRecords: Bool, decodesPrimitive: Bool) {
      self.site = site
      self.elementsMayBeRecords = elementsMayBeRecords
      self.decodesPrimitive = decodesPrimitive
    }

    /// The reporter: the one `recover(from:at:in:)` read in the first failed element's
    /// decoder, else looked up here, once, through the array's site.
    private mutating func lookUpReporter() -> ResilientDecodingErrorReporter? {
      if let reporter { return reporter }
      let found = site.findReporter()
      reporter = .some(found)
      return found
    }

    /// The path of the element at `index`.
    private mutating func elementPath(_ index: Int) -> [any CodingKey] {
      let base = basePath ?? site.codingPath
      basePath = base
      return base + [ElementCodingKey(index: index)]
    }

    /// Reports the element at `index`, which failed with `error`, and moves `container` past
    /// it if the decoder did not already, reading the element's record on the way if the
    /// reporter names records.
    ///
    /// Most decoders leave the index on an element that failed; some move past it. Only move
    /// when the decoder did not, so that no element is skipped twice; a super-decoder comes
    /// last, since some decoders do not implement it.
    ///
    /// - Returns: The error as reported, and `false` if the container cannot move past the
    ///   element, so decoding must stop.
    mutating func recover(
      from error: any Error, at index: Int, in container: inout any UnkeyedDecodingContainer
    ) -> (error: any Error, canContinue: Bool) {
      let stayed = container.currentIndex == index
      var record: ReportedRecord?
      if stayed {
        if reporter == nil {
          // Moving past the element reads its decoder's reporter: no lookup through the site.
          if let probe = try? container.decode(FailedElementProbe.self) {
            reporter = .some(probe.reporter)
            record = probe.record
          }
        } else if lookUpReporter()?.namesRecords ?? false {
          record = (try? container.decode(RecordProbe.self))?.record
        } else {
          _ = try? container.decode(SkippedElement.self)
        }
        if container.currentIndex == index { _ = try? container.decodeNil() }
      }
      let error = report(error, atIndex: index, record: record, elementWasRead: stayed)
      guard stayed else { return (error, true) }
      if container.currentIndex == index { _ = try? container.superDecoder() }
      return (error, container.currentIndex != index)
    }

    /// Reports that the element at `index` failed with `error` and returns the error as
    /// reported. `record` is the element's own record, if it was read whole; `elementWasRead`
    /// says whether it could be (a decoder that moved past a failed element left it unread).
    ///
    /// The element's path is built only for a reporter or to wrap a decoder's own error.
    private mutating func report(
      _ error: any Error, atIndex index: Int, record: ReportedRecord?, elementWasRead: Bool
    ) -> any Error {
      let reporter = lookUpReporter()
      let (thrown, brought) = IdentifiedElementFailure.unwrap(error)
      let error = plainCodableError(
        thrown, decodedPrimitive: decodesPrimitive, at: elementPath(index))
      guard let reporter else { return error }
      // A record element that the decoder moved past could not be read: the array decodes
      // again to name it.
      let unread = !elementWasRead && elementsMayBeRecords && reporter.namesRecords
      let record = brought ?? record ?? (unread ? nil : site.enclosingRecord(for: reporter))
      ReportScope.report(
        HeldReport(
          reporter: reporter, error: error, codingPath: elementPath(index),
          record: record))
      return error
    }
  }

  /// The reporter of the value at `site` if it names records; `nil` without one, or while no
  /// reporter with identifying keys exists.
  static func recordReporter(at site: some FailureSite) -> ResilientDecodingErrorReporter? {
    guard ResilientDecodingErrorReporter.anyIdentifiesRecords, let reporter = site.findReporter(),
      reporter.namesRecords
    else { return nil }
    return reporter
  }

  /// The reporter of the value at `site` if it names records and the values of a collection
  /// there are to name theirs as they decode: not while an array of records is in its first
  /// decode, which names what is reported inside it if it needs to (see
  /// ``ReportScope/namingIsLeftToAnArrayAround(_:)``).
  static func valueRecordReporter(at site: some FailureSite) -> ResilientDecodingErrorReporter? {
    guard let reporter = recordReporter(at: site), !ReportScope.namingIsLeftToAnArrayAround()
    else { return nil }
    return reporter
  }

  /// Whether a reporter that names records may exist: arrays of records then hold what they
  /// report, to name it.
  static var anyReporterNamesRecords: Bool {
    ResilientDecodingErrorReporter.anyIdentifiesRecords
  }
}

// MARK: - Values of collections

extension Failures {
  /// Notes that a value of a collection caught one by one begins to decode, and returns its
  /// number (see ``HeldReport/entry``).
  static func beginValue() -> Int {
    ReportScope.beginEntry()
  }

  /// Whether the innermost running hold holds a report: a dictionary then notes which entry
  /// each value began, to place them (see ``reportEntries(at:held:entryKeys:failures:rejected:dropped:)``).
  static var innermostHoldHasReports: Bool {
    ReportScope.innermostHoldHasReports()
  }
}

/// Reads the record of a failed element, if it has an identifier, to move an unkeyed container
/// past it; it never fails.
struct RecordProbe: Decodable {
  let record: ReportedRecord?

  init(from decoder: any Decoder) {
    record = decoder.ownRecord()
  }
}

/// Reads the reporter of a failed element's decoder, and the element's record if the reporter
/// names records, to move an unkeyed container past it; it never fails.
struct FailedElementProbe: Decodable {
  let reporter: ResilientDecodingErrorReporter?
  let record: ReportedRecord?

  init(from decoder: any Decoder) {
    reporter = decoder.resilientDecodingErrorReporter
    // Only for a reporter that names records: `ownRecord(identifiedBy:)` begins by making the
    // type of the container it reads with, which the first time costs the runtime a scan of
    // every conformance in the process.
    guard let reporter, reporter.namesRecords else {
      record = nil
      return
    }
    record = decoder.ownRecord(identifiedBy: reporter.identifyingKeys)
  }
}

/// Decodes any value and discards it, to move an unkeyed container past a failed element.
struct SkippedElement: Decodable {
  init(from decoder: any Decoder) {}
}

// MARK: - Arrays decoded whole

extension Failures {
  /// What an array decoded whole reports, if that way of decoding it is kept: what its values
  /// reported while `held`, then each failed element's error at its index, element by element
  /// in order, at the array's path (`site`).
  static func reportsOfArrayDecodedWhole(
    at site: some FailureSite, held: HeldDiagnostics?,
    failures: [(index: Int, failure: CaughtFailure)]
  ) -> PendingReports {
    let base = site.codingPath
    // A report at the array's own path comes first; one at a key that names no element, last.
    var reports = CollectionReports(base: base, held: held) { $0.map { $0.intValue ?? .max } ?? -1 }
    if !failures.isEmpty, let reporter = site.findReporter() {
      let enclosing = site.enclosingRecord(for: reporter)
      for (index, failure) in failures {
        reports.add(
          failure.error, at: base + [ElementCodingKey(index: index)], position: index,
          to: reporter, record: failure.record ?? enclosing)
      }
    }
    return PendingReports(reports: reports)
  }

  /// Reports an array decoded whole would make, passed on only if that way is kept.
  struct PendingReports {
    fileprivate let reports: CollectionReports<Int>

    /// Reports what this way of decoding found.
    func passOn() {
      reports.passOn { $0 < $1 ? -1 : $0 == $1 ? 0 : 1 }
    }
  }
}

// MARK: - Dictionary entries

extension Failures {
  /// Reports, entry by entry in key order, what the entries' values reported while they
  /// decoded (`held`), then the error of the entry if it failed (`failures`), then the errors
  /// of the values the decoder dropped for the same key (`dropped`), then the error its key
  /// was rejected with, all at the dictionary's path (`site`) and the entry's key.
  ///
  /// Decoders hand entries over in hash order, which changes from run to run; the digest must
  /// not.
  static func reportEntries(
    at site: some FailureSite, held: HeldDiagnostics, entryKeys: EntryKeys = EntryKeys([]),
    failures: [(key: String, failure: CaughtFailure)] = [],
    rejected: [String: any Error] = [:], dropped: [CaughtFailure] = []
  ) {
    var reports = CollectionReports(
      base: { site.codingPath }, held: held, entryKeys: entryKeys, position: { $0 ?? "" })
    if !failures.isEmpty || !rejected.isEmpty || !dropped.isEmpty,
      let reporter = site.findReporter()
    {
      let base = reports.base()
      let enclosing = site.enclosingRecord(for: reporter)
      for (key, failure) in failures {
        let path = base + (failure.codingPath.last.map { [$0] } ?? [AnyCodingKey(key)])
        reports.add(
          failure.error, at: path, position: key, to: reporter, record: failure.record ?? enclosing)
      }
      for failure in dropped {
        let path = base + (failure.codingPath.last.map { [$0] } ?? [])
        reports.add(
          failure.error, at: path, position: failure.keyAsWritten, to: reporter,
          record: failure.record ?? enclosing)
      }
      // Only the keys of values that decoded are converted: none of them failed.
      for (key, error) in rejected {
        reports.add(
          error, at: base + [AnyCodingKey(key)], position: key, to: reporter, record: enclosing)
      }
    }
    reports.passOn { $0.comparedInKeyOrder(with: $1) }
  }
}
