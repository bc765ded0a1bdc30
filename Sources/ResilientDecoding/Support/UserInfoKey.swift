// The one `userInfo` key of the library: where a decoder's reporter is registered (by
// `Reporting`) and looked for (by `Decoding`). DocC: "Reporting in Production".

extension CodingUserInfoKey {
  /// The `userInfo` key under which `@Resilient` properties look for a
  /// ``ResilientDecodingErrorReporter``.
  public static let resilientDecodingErrorReporter = CodingUserInfoKey(
    rawValue: "ResilientDecodingErrorReporter")!
}
