#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

// The library's only platform code: how a thread keeps an object of its own.

/// One object per thread, made on first use and released when its thread exits.
///
/// Where threads have no POSIX thread-local storage, nothing is stored: ``existingObject`` and
/// ``object(makingWith:)`` return `nil`, and callers behave as if the thread had no object.
package final class ThreadLocal<Object: AnyObject>: Sendable {
  #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
    /// Whether this platform stores objects per thread.
    package static var isSupported: Bool { true }

    private let key: pthread_key_t

    /// Creates an empty slot, in which each thread will find its own object.
    package init() {
      var key = pthread_key_t()
      pthread_key_create(&key) { object in releaseThreadObject(object) }
      self.key = key
    }

    /// Frees the slot. Objects that other threads still hold are not released then: a slot
    /// meant to be used by many threads lives as long as the process.
    deinit {
      pthread_key_delete(key)
    }

    /// The calling thread's object, if it has made one.
    package var existingObject: Object? {
      guard let pointer = pthread_getspecific(key) else { return nil }
      return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The calling thread's object, made with `make` if the thread has none yet.
    package func object(makingWith make: () -> Object) -> Object? {
      if let object = existingObject { return object }
      let object = make()
      pthread_setspecific(key, Unmanaged.passRetained(object).toOpaque())
      return object
    }

    /// What `read` reads from the calling thread's object, if it has made one, without
    /// retaining it: the thread holds it for as long as `read` runs.
    func withExistingObject<Result>(_ read: (Object) -> Result) -> Result? {
      guard let pointer = pthread_getspecific(key) else { return nil }
      return Unmanaged<Object>.fromOpaque(pointer)._withUnsafeGuaranteedRef(read)
    }
  #else
    /// Whether this platform stores objects per thread.
    package static var isSupported: Bool { false }

    /// Creates a slot that stores nothing.
    package init() {}

    /// Always `nil`: there is no thread-local storage here.
    package var existingObject: Object? { nil }

    /// Always `nil`: there is no thread-local storage here.
    package func object(makingWith make: () -> Object) -> Object? { nil }

    /// Always `nil`: there is no thread-local storage here.
    func withExistingObject<Result>(_ read: (Object) -> Result) -> Result? { nil }
  #endif
}

#if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
  /// Releases the object of a thread that exits. A function rather than a closure body because
  /// the parameter's optionality differs between platforms.
  private func releaseThreadObject(_ object: UnsafeMutableRawPointer?) {
    guard let object else { return }
    Unmanaged<AnyObject>.fromOpaque(object).release()
  }
#endif
