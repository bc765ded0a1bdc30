extension Decoder {
  /// Reports an error that a custom `init(from:)` recovered from, at this decoder's coding path.
  ///
  /// Use it when your own decoding code falls back to a default instead of throwing, so that
  /// the fallback still shows up in the ``ErrorDigest``. Does nothing when no
  /// ``ResilientDecodingErrorReporter`` is registered in this decoder's `userInfo`.
  public func reportError(_ error: any Error) {
    resilientDecodingErrorReporter?.report(error, at: codingPath)
  }

  /// The reporter registered in this decoder's `userInfo`, if any.
  @usableFromInline
  var resilientDecodingErrorReporter: ResilientDecodingErrorReporter? {
    userInfo[.resilientDecodingErrorReporter] as? ResilientDecodingErrorReporter
  }
}
