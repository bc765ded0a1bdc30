import Foundation

/// Reports a misuse of the library: an `assertionFailure` in DEBUG, nothing in release.
///
/// The message must say what the user should write instead. It goes through the thread's report
/// scope first: during a dictionary's trial it only spoils the trial, and decoding the
/// dictionary again raises it (see ``ReportScope/takesAssertion(in:)``).
func resilientDecodingAssertionFailure(
  _ message: @autoclosure () -> String,
  file: StaticString = #fileID,
  line: UInt = #line
) {
  #if DEBUG
    if ReportScope.takesAssertion() { return }
    AssertionHandler.current(message(), file, line)
  #endif
}

#if DEBUG
  /// Where DEBUG assertions go. Tests replace it to observe misuse without stopping the process.
  @_spi(Testing)
  public enum AssertionHandler {
    /// Receives the message and the location of an assertion.
    public typealias Handler = @Sendable (String, StaticString, UInt) -> Void

    private static let lock = NSLock()
    nonisolated(unsafe) private static var handler: Handler = { message, file, line in
      assertionFailure(message, file: file, line: line)
    }

    /// The handler in use; reading and writing it are thread-safe.
    public static var current: Handler {
      get {
        lock.lock()
        defer { lock.unlock() }
        return handler
      }
      set {
        lock.lock()
        defer { lock.unlock() }
        handler = newValue
      }
    }
  }
#endif
