import Foundation

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

/// Raises a DEBUG assertion of the library through ``AssertionHandler``; nothing in release. The
/// message says what the user should write instead.
func libraryAssertionFailure(
  _ message: @autoclosure () -> String,
  file: StaticString = #fileID,
  line: UInt = #line
) {
  #if DEBUG
    AssertionHandler.current(message(), file, line)
  #endif
}
