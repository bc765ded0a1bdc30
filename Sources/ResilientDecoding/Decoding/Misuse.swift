/// Reports a misuse of the library found while decoding: an `assertionFailure` in DEBUG,
/// nothing in release.
///
/// The message must say what the user should write instead. During a dictionary's trial it only
/// spoils the trial, and decoding the dictionary again raises it (see
/// `Failures.trialTakesAssertion()`).
func resilientDecodingAssertionFailure(
  _ message: @autoclosure () -> String,
  file: StaticString = #fileID,
  line: UInt = #line
) {
  #if DEBUG
    if Failures.trialTakesAssertion() { return }
    libraryAssertionFailure(message(), file: file, line: line)
  #endif
}
