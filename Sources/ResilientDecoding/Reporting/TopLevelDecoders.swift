import Foundation

// The conveniences of the two decoders Foundation provides: register a reporter, or decode
// with a reporter for one call. Other decoders take a reporter through their `userInfo`.

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
    try decodeWithTemporaryReporter(type, from: data, enabled: reportResilientDecodingErrors)
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
    try decodeWithTemporaryReporter(type, from: data, enabled: reportResilientDecodingErrors)
  }
}

/// A decoder of `Data` with a settable `userInfo`: `JSONDecoder` and `PropertyListDecoder`.
///
/// The type of `userInfo` differs between Foundations (`[CodingUserInfoKey: Any]` or
/// `[CodingUserInfoKey: any Sendable]`), hence the associated type.
protocol UserInfoTopLevelDecoder: AnyObject {
  associatedtype UserInfoValue
  var userInfo: [CodingUserInfoKey: UserInfoValue] { get set }
  func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T
}

extension JSONDecoder: UserInfoTopLevelDecoder {}
extension PropertyListDecoder: UserInfoTopLevelDecoder {}

extension UserInfoTopLevelDecoder {
  /// Decodes with a reporter registered for this call only, if `enabled`, and puts back
  /// whatever `userInfo` held under the reporter key, even when decoding throws.
  func decodeWithTemporaryReporter<T: Decodable>(
    _ type: T.Type, from data: Data, enabled: Bool
  ) throws -> (T, ErrorDigest?) {
    guard enabled else { return (try decode(type, from: data), nil) }
    let reporter = ResilientDecodingErrorReporter()
    let previous = userInfo[.resilientDecodingErrorReporter]
    // A reporter is a `Sendable` class instance: it fits either type of `userInfo` value.
    userInfo[.resilientDecodingErrorReporter] = (reporter as! UserInfoValue)
    defer { userInfo[.resilientDecodingErrorReporter] = previous }
    let value = try decode(type, from: data)
    return (value, reporter.flushReportedErrors())
  }
}
