extension CodingUserInfoKey {
  /// The `userInfo` key under which `@Resilient` properties look for a
  /// ``ResilientDecodingErrorReporter``.
  public static let resilientDecodingErrorReporter = CodingUserInfoKey(
    rawValue: "ResilientDecodingErrorReporter")!
}
