import Foundation

/// Collects every error that `@Resilient` properties recovered from, with where it happened.
///
/// Register a reporter in a decoder's `userInfo` (with
/// `decoder.enableResilientDecodingErrorReporting()`, or by storing one under
/// ``Swift/CodingUserInfoKey/resilientDecodingErrorReporter``), decode, then call
/// ``flushReportedErrors()`` to get an ``ErrorDigest`` to log. A reporter may be shared by
/// decodes running on several threads at once: every error is counted exactly once.
///
/// A reporter keeps at most ``maximumStoredErrors`` errors in full, the first ones reported;
/// later ones are only counted, in ``ErrorDigest/omittedErrorCount`` and in their
/// ``ErrorDigest/Group``, so that a payload that fails everywhere costs bounded memory.
public final class ResilientDecodingErrorReporter: @unchecked Sendable {
  // Set past what real payloads reach so that a digest holds every error, as the original
  // library's does (Documentation/Internals, "Faithful by default").
  /// How many errors a reporter made with `init()` keeps in full between two flushes: 10,000.
  ///
  /// More than real payloads report between two flushes; a payload that fails everywhere still
  /// costs bounded memory (10,000 errors take about 5.5 MB with `JSONDecoder`), and
  /// ``ErrorDigest/groups`` counts every error whatever the maximum.
  public static let defaultMaximumStoredErrors = 10_000

  /// The names of the keys whose value identifies a record in reports, tried in order.
  public let identifyingKeys: [String]

  /// How many errors a digest keeps in full; later ones are only counted.
  public let maximumStoredErrors: Int

  /// Whether this reporter names the record of each error: it has identifying keys.
  let namesRecords: Bool

  // `@unchecked`: every access to `collected` and `sequence` holds `lock`.
  private let lock = NSLock()
  private var collected: ReportStore
  /// How many reports arrived since the last flush: the position of the next one.
  private var sequence = 0

  /// Creates a reporter that has nothing reported yet, with no identifying keys and the default
  /// maximum of stored errors (``defaultMaximumStoredErrors``).
  public init() {
    identifyingKeys = []
    namesRecords = false
    maximumStoredErrors = Self.defaultMaximumStoredErrors
    collected = ReportStore(capacity: maximumStoredErrors)
    ReporterCensus.all.add(1)
  }

  /// Creates a reporter that names records and keeps a bounded number of errors.
  ///
  /// - Parameters:
  ///   - identifyingKeys: The names of keys whose value identifies a record (a keyed value) in
  ///     reports, such as `"id"`, tried in order: each entry's ``ErrorDigest/Entry/recordID``
  ///     is the value of the first one found in the innermost record on its path that has one.
  ///     A value that is a string or a number identifies; anything else does not.
  ///   - maximumStoredErrors: How many errors a digest keeps in full, the first ones reported;
  ///     later ones are only counted. A negative number means none.
  public init(
    identifyingKeys: [String] = [],
    maximumStoredErrors: Int = ResilientDecodingErrorReporter.defaultMaximumStoredErrors
  ) {
    if maximumStoredErrors < 0 {
      libraryAssertionFailure(
        "maximumStoredErrors is \(maximumStoredErrors): pass 0 to keep no error in full, only "
          + "counts and groups.")
    }
    self.identifyingKeys = identifyingKeys
    namesRecords = !identifyingKeys.isEmpty
    self.maximumStoredErrors = max(0, maximumStoredErrors)
    collected = ReportStore(capacity: self.maximumStoredErrors)
    ReporterCensus.all.add(1)
    if namesRecords { ReporterCensus.naming.add(1) }
  }

  deinit {
    ReporterCensus.all.add(-1)
    if namesRecords { ReporterCensus.naming.add(-1) }
  }

  /// Returns what was reported since the last flush, and starts over, counts included.
  ///
  /// - Returns: The errors reported since the previous call, in the order they were reported,
  ///   or `nil` if there were none.
  /// - Complexity: O(1): the stored errors move into the digest as they are, and the digest's
  ///   ``ErrorDigest/groups`` and ``ErrorDigest/description`` do their work when read. It waits
  ///   for reports being recorded on other threads at the same moment.
  public func flushReportedErrors() -> ErrorDigest? {
    lock.lock()
    let collected = self.collected
    self.collected = ReportStore(capacity: maximumStoredErrors)
    sequence = 0
    lock.unlock()
    guard collected.count > 0 else { return nil }
    let (entries, omitted) = collected.drain()
    return ErrorDigest(entries: entries, omitted: omitted)
  }

  /// A store for reports that reach this reporter later, after everything it keeps now: one
  /// that keeps in full no more than `limit`, or, if `nil`, than this reporter has room for
  /// now, since it would keep no more of them (until a flush).
  func storeForLaterReports(keepingAtMost limit: Int?) -> ReportStore {
    guard let limit else {
      lock.lock()
      defer { lock.unlock() }
      return ReportStore(capacity: collected.capacity - collected.keptCount)
    }
    return ReportStore(capacity: limit)
  }

  /// Records `report`, an error recovered from: the funnel calls it for every report that no
  /// hold takes (see `Holds`).
  ///
  /// Below the maximum, the entry is stored and nothing else is done: its group is found when
  /// the digest is read. Past it, only its group is counted, the group counted last tried
  /// first.
  func record(_ report: Report) {
    lock.lock()
    collected.add(report, at: ReportPosition(place: .arrival, sequence: sequence))
    sequence += 1
    lock.unlock()
  }

  /// Records the failure of a value, `error` at `codingPath` in `record`, as the digest keeps it
  /// (bounded: see `Report.bounded(error:codingPath:record:)`).
  func record(
    error: any Error, codingPath: [any CodingKey], facts: CodingPathFacts,
    record: ReportedRecord?
  ) {
    self.record(Report.bounded(error: error, codingPath: codingPath, facts: facts, record: record))
  }

  /// Records what a hold kept, after everything recorded so far: its reports kept in full, in
  /// order, then those it only counted (it kept in full as many as this reporter stores).
  func record(contentsOf store: consuming ReportStore) {
    lock.lock()
    collected.add(contentsOf: store, at: .arrival, sequence: &sequence)
    lock.unlock()
  }

  /// Notes that another reporter took this one's place, so errors may now go there instead.
  func noteReplaced() {
    record(Report(error: ReporterReplacedError(), codingPath: [], record: nil))
  }
}

/// Says that a reporter may be missing errors because a second reporter was registered in the
/// same `userInfo` after it.
struct ReporterReplacedError: Error, CustomStringConvertible {
  var description: String {
    "Errors may be missing: another ResilientDecodingErrorReporter was registered in the same "
      + "userInfo after this one, and errors reported after that went to the newer reporter"
  }
}
