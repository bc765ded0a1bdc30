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
  public init() {}

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

  /// Records an error recovered from at a coding path.
  ///
  /// During an optimistic attempt at decoding a dictionary the error is not recorded: it only
  /// spoils the attempt, and decoding the dictionary again reports it. While a dictionary
  /// decodes entry by entry, the error is held back and reported again by the dictionary, in
  /// key order (see `OptimisticDecoding`).
  @usableFromInline
  func report(_ error: any Error, at codingPath: [any CodingKey]) {
    if OptimisticDecoding.spoilRunningAttempt() { return }
    if OptimisticDecoding.capture(error, at: codingPath, for: self) { return }
    record(error, at: codingPath)
  }

  private func record(_ error: any Error, at codingPath: [any CodingKey]) {
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
