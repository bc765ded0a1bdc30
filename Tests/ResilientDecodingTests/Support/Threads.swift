import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Runs `body` on a new POSIX thread and returns once that thread has exited, its
/// thread-local destructors included.
func runOnNewThread(_ body: @escaping @Sendable () -> Void) throws {
  let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
  #if canImport(Darwin)
    var thread: pthread_t?
  #else
    var thread = pthread_t()
  #endif
  let status = pthread_create(
    &thread, nil,
    { argument in
      let body = Unmanaged<ThreadBody>.fromOpaque(argument!).takeRetainedValue()
      body.run()
      return nil
    }, box)
  guard status == 0 else {
    Unmanaged<ThreadBody>.fromOpaque(box).release()
    throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EAGAIN)
  }
  #if canImport(Darwin)
    pthread_join(thread!, nil)
  #else
    pthread_join(thread, nil)
  #endif
}

/// The closure a new thread runs.
private final class ThreadBody {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
