// What a custom `init(from:)` recovered from, reported as `@Resilient` properties report: through
// the funnel, so that a dictionary's trial drops it and a collection holds it in order.
// DocC: "Reporting in Production".

extension Decoder {
  /// Reports an error that a custom `init(from:)` recovered from, at this decoder's coding path.
  ///
  /// Use it when your own decoding code falls back to a default instead of throwing, so that
  /// the fallback still shows up in the ``ErrorDigest``. Does nothing when no
  /// ``ResilientDecodingErrorReporter`` is registered in this decoder's `userInfo`.
  public func reportError(_ error: any Error) {
    _ = Failures.report(
      error, decodedPrimitive: false, codingPath: { (codingPath, CodingPathFacts()) },
      reporter: { resilientDecodingErrorReporter }, record: { _ in nil })
  }
}
