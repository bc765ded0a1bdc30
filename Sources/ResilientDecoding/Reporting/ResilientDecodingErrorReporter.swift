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
  var namesRecords: Bool {
    !identifyingKeys.isEmpty
  }

  // `@unchecked`: every access to `collected` holds `lock`.
  private let lock = NSLock()
  private var collected = DigestBuilder()

  /// Creates a reporter that has nothing reported yet, with no identifying keys and the default
  /// maximum of stored errors (``defaultMaximumStoredErrors``).
  public init() {
    identifyingKeys = []
    maximumStoredErrors = Self.defaultMaximumStoredErrors
    Self.population.add(1)
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
      resilientDecodingAssertionFailure(
        "maximumStoredErrors is \(maximumStoredErrors): pass 0 to keep no error in full, only "
          + "counts and groups.")
    }
    self.identifyingKeys = identifyingKeys
    self.maximumStoredErrors = max(0, maximumStoredErrors)
    Self.population.add(1)
    if !identifyingKeys.isEmpty { Self.identifyingPopulation.add(1) }
  }

  deinit {
    Self.population.add(-1)
    if !identifyingKeys.isEmpty { Self.identifyingPopulation.add(-1) }
  }

  /// How many reporters exist in the process.
  private static let population = ReporterPopulation()

  /// How many reporters with identifying keys exist in the process.
  private static let identifyingPopulation = ReporterPopulation()

  /// Whether any reporter exists in the process. While none does, no `userInfo` can hold one,
  /// so a value that fails need not look for one: the cheapest failure there is.
  static var anyExists: Bool {
    population.isPositive
  }

  /// Whether any reporter with identifying keys exists in the process. While none does, no
  /// array needs to know which record each of its elements is.
  static var anyIdentifiesRecords: Bool {
    identifyingPopulation.isPositive
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
    self.collected = DigestBuilder()
    lock.unlock()
    return collected.isEmpty ? nil : collected.digest()
  }

  /// Records an error recovered from at a coding path, in the record `record` names.
  /// ``ReportScope`` calls it for every report of a value, once it has decided that the report
  /// is recorded rather than held or dropped; ``noteReplaced()`` calls it directly, outside any
  /// scope.
  ///
  /// Below the maximum, the entry is stored and nothing else is done: its group is found when
  /// the digest is read. Past it, only its group is counted, the group counted last tried
  /// first.
  func record(_ error: any Error, at codingPath: [any CodingKey], in record: ReportedRecord?) {
    lock.lock()
    if collected.entries.count < maximumStoredErrors {
      collected.entries.append(
        ErrorDigest.Entry(codingPath: codingPath, error: error, record: record))
      lock.unlock()
      return
    }
    let kind = ErrorDigest.Kind(of: error)
    if collected.omitted.countIfInLastGroup(kind: kind, at: codingPath) {
      lock.unlock()
      return
    }
    lock.unlock()
    let signature = ErrorDigest.Group.Signature(
      pattern: ErrorDigest.Group.Pattern(of: codingPath), kind: kind)
    lock.lock()
    collected.omitted.count(signature, at: codingPath, in: record)
    lock.unlock()
  }

  /// Counts errors that a bounded hold did not keep in full (see `HeldDiagnostics`), as errors
  /// past the maximum: the hold kept as many as this reporter stores, and passed those on first.
  func recordOmitted(_ counts: ErrorDigest.GroupCounts) {
    lock.lock()
    collected.omitted.add(counts)
    lock.unlock()
  }

  /// Notes that another reporter took this one's place, so errors may now go there instead.
  func noteReplaced() {
    record(ReporterReplacedError(), at: [], in: nil)
  }
}

/// What a reporter has collected since its last flush.
private struct DigestBuilder {
  var entries: [ErrorDigest.Entry] = []
  /// The errors past the maximum, counted by group.
  var omitted = ErrorDigest.GroupCounts()

  var isEmpty: Bool { entries.isEmpty && omitted.total == 0 }

  func digest() -> ErrorDigest {
    ErrorDigest(entries: entries, omitted: omitted)
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

/// A count of the reporters alive in the process, safe to change from any thread.
private final class ReporterPopulation: @unchecked Sendable {
  // `@unchecked`: every access to `count` holds `lock`.
  private let lock = NSLock()
  private var count = 0

  func add(_ change: Int) {
    lock.lock()
    count += change
    lock.unlock()
  }

  var isPositive: Bool {
    lock.lock()
    defer { lock.unlock() }
    return count > 0
  }
}
