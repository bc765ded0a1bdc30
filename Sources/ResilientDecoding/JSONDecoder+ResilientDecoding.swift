import Foundation

extension JSONDecoder {
  /// Registers a new ``ResilientDecodingErrorReporter`` in this decoder's `userInfo` and
  /// returns it.
  ///
  /// Call it once per decoder; see
  /// `Dictionary.enableResilientDecodingErrorReporting()` for what a second call does.
  public func enableResilientDecodingErrorReporting() -> ResilientDecodingErrorReporter {
    userInfo.enableResilientDecodingErrorReporting()
  }

  /// Decodes a value and, if asked, returns the errors that `@Resilient` properties recovered
  /// from along the way.
  ///
  /// With `reportResilientDecodingErrors: true`, a reporter is registered for this call only:
  /// `userInfo` is restored to exactly what it was afterwards, even when decoding throws, so
  /// the method can be called again on the same decoder. Do not call it on one decoder from
  /// several threads at once, since it changes `userInfo` for the length of the call; give
  /// each thread its own decoder instead.
  ///
  /// - Returns: The value, and a digest of the errors recovered from (`nil` when there were
  ///   none, or when `reportResilientDecodingErrors` is `false`).
  public func decode<T: Decodable>(
    _ type: T.Type,
    from data: Data,
    reportResilientDecodingErrors: Bool
  ) throws -> (T, ErrorDigest?) {
    guard reportResilientDecodingErrors else {
      return (try decode(type, from: data), nil)
    }
    let reporter = ResilientDecodingErrorReporter()
    let previous = userInfo[.resilientDecodingErrorReporter]
    userInfo[.resilientDecodingErrorReporter] = reporter
    defer { userInfo[.resilientDecodingErrorReporter] = previous }
    let value = try decode(type, from: data)
    return (value, reporter.flushReportedErrors())
  }
}

extension PropertyListDecoder {
  /// Registers a new ``ResilientDecodingErrorReporter`` in this decoder's `userInfo` and
  /// returns it.
  public func enableResilientDecodingErrorReporting() -> ResilientDecodingErrorReporter {
    userInfo.enableResilientDecodingErrorReporting()
  }

  /// Decodes a value and, if asked, returns the errors that `@Resilient` properties recovered
  /// from along the way.
  ///
  /// Behaves like `JSONDecoder.decode(_:from:reportResilientDecodingErrors:)`: the reporter
  /// lives for this call only and `userInfo` is restored afterwards, even when decoding throws.
  ///
  /// - Returns: The value, and a digest of the errors recovered from (`nil` when there were
  ///   none, or when `reportResilientDecodingErrors` is `false`).
  public func decode<T: Decodable>(
    _ type: T.Type,
    from data: Data,
    reportResilientDecodingErrors: Bool
  ) throws -> (T, ErrorDigest?) {
    guard reportResilientDecodingErrors else {
      return (try decode(type, from: data), nil)
    }
    let reporter = ResilientDecodingErrorReporter()
    let previous = userInfo[.resilientDecodingErrorReporter]
    userInfo[.resilientDecodingErrorReporter] = reporter
    defer { userInfo[.resilientDecodingErrorReporter] = previous }
    let value = try decode(type, from: data)
    return (value, reporter.flushReportedErrors())
  }
}
