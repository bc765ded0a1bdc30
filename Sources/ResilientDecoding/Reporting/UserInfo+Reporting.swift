// How a reporter is found: registered in a decoder's `userInfo` under one key, looked up by
// every `@Resilient` property, and reachable from custom `init(from:)` code. DocC: "Reporting in
// Production".

// MARK: - The key

extension CodingUserInfoKey {
  /// The `userInfo` key under which `@Resilient` properties look for a
  /// ``ResilientDecodingErrorReporter``.
  public static let resilientDecodingErrorReporter = CodingUserInfoKey(
    rawValue: "ResilientDecodingErrorReporter")!
}

// MARK: - Registering a reporter

extension Dictionary where Key == CodingUserInfoKey, Value == Any {
  /// Registers a new ``ResilientDecodingErrorReporter`` in this `userInfo` and returns it.
  ///
  /// Register one reporter per `userInfo` and keep using it: registering a second one is a
  /// programmer error (an assertion in DEBUG), and the first reporter's next digest then
  /// carries an error saying that it may be missing errors.
  public mutating func enableResilientDecodingErrorReporting() -> ResilientDecodingErrorReporter {
    let reporter = ResilientDecodingErrorReporter()
    retireExistingReporter(self[.resilientDecodingErrorReporter])
    self[.resilientDecodingErrorReporter] = reporter
    return reporter
  }
}

extension Dictionary where Key == CodingUserInfoKey, Value == any Sendable {
  /// Registers a new ``ResilientDecodingErrorReporter`` in this `userInfo` and returns it.
  ///
  /// Register one reporter per `userInfo` and keep using it: registering a second one is a
  /// programmer error (an assertion in DEBUG), and the first reporter's next digest then
  /// carries an error saying that it may be missing errors.
  public mutating func enableResilientDecodingErrorReporting() -> ResilientDecodingErrorReporter {
    let reporter = ResilientDecodingErrorReporter()
    retireExistingReporter(self[.resilientDecodingErrorReporter])
    self[.resilientDecodingErrorReporter] = reporter
    return reporter
  }
}

/// Handles a value already registered under the reporter key when a new reporter is enabled.
private func retireExistingReporter(_ existing: Any?) {
  guard let existing else { return }
  (existing as? ResilientDecodingErrorReporter)?.noteReplaced()
  resilientDecodingAssertionFailure(
    "enableResilientDecodingErrorReporting() was called on a userInfo that already holds a "
      + "reporter (\(type(of: existing))). Enable reporting once per decoder and keep the "
      + "reporter it returns; the earlier reporter will miss the errors that follow.")
}

// MARK: - Reporting from a decoder

extension Decoder {
  /// Reports an error that a custom `init(from:)` recovered from, at this decoder's coding path.
  ///
  /// Use it when your own decoding code falls back to a default instead of throwing, so that
  /// the fallback still shows up in the ``ErrorDigest``. Does nothing when no
  /// ``ResilientDecodingErrorReporter`` is registered in this decoder's `userInfo`.
  public func reportError(_ error: any Error) {
    _ = Failures.report(
      error, decodedPrimitive: false, codingPath: { codingPath },
      reporter: { resilientDecodingErrorReporter }, record: { _ in nil })
  }
}
