import Foundation

/// Collects every error that `@Resilient` properties recovered from, with where it happened.
///
/// Register a reporter in a decoder's `userInfo` (with
/// `decoder.enableResilientDecodingErrorReporting()`, or by storing one under
/// ``Swift/CodingUserInfoKey/resilientDecodingErrorReporter``), decode, then call
/// ``flushReportedErrors()`` to get an ``ErrorDigest`` to log. A reporter may be shared by
/// decodes running on several threads at once.
public final class ResilientDecodingErrorReporter: @unchecked Sendable {
  // `@unchecked`: every access to `entries` and `wasReplaced` holds `lock`.
  private let lock = NSLock()
  private var entries: [ErrorDigest.Entry] = []

  /// Creates a reporter that has nothing reported yet.
  public init() {
    Self.population.add(1)
  }

  deinit {
    Self.population.add(-1)
  }

  /// How many reporters exist in the process.
  private static let population = ReporterPopulation()

  /// Whether any reporter exists in the process. While none does, no `userInfo` can hold one,
  /// so a value that fails need not look for one: the cheapest failure there is.
  static var anyExists: Bool {
    population.isPositive
  }

  /// Returns what was reported since the last flush, and starts over.
  ///
  /// - Returns: The errors reported since the previous call, in the order they were reported,
  ///   or `nil` if there were none.
  public func flushReportedErrors() -> ErrorDigest? {
    lock.lock()
    defer { lock.unlock() }
    guard !entries.isEmpty else { return nil }
    let digest = ErrorDigest(entries: entries)
    entries.removeAll()
    return digest
  }

  /// Records an error recovered from at a coding path. Only ``ReportScope`` calls it, which
  /// decides whether a report is recorded now, held or dropped.
  func record(_ error: any Error, at codingPath: [any CodingKey]) {
    let entry = ErrorDigest.Entry(codingPath: codingPath, error: error)
    lock.lock()
    entries.append(entry)
    lock.unlock()
  }

  /// Notes that another reporter took this one's place, so errors may now go there instead.
  func noteReplaced() {
    record(ReporterReplacedError(), at: [])
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
