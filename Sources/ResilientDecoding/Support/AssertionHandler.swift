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
