// Registering a reporter in a decoder's `userInfo`, under the key of
// `Support/UserInfoKey.swift`. DocC: "Reporting in Production".

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
  libraryAssertionFailure(
    "enableResilientDecodingErrorReporting() was called on a userInfo that already holds a "
      + "reporter (\(type(of: existing))). Enable reporting once per decoder and keep the "
      + "reporter it returns; the earlier reporter will miss the errors that follow.")
}
