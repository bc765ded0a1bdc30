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
    static var isSupported: Bool { true }

    private let key: pthread_key_t

    /// Creates an empty slot, in which each thread will find its own object.
    init() {
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
    var existingObject: Object? {
      guard let pointer = pthread_getspecific(key) else { return nil }
      return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The calling thread's object, made with `make` if the thread has none yet.
    func object(makingWith make: () -> Object) -> Object? {
      if let object = existingObject { return object }
      let object = make()
      pthread_setspecific(key, Unmanaged.passRetained(object).toOpaque())
      return object
    }
  #else
    /// Whether this platform stores objects per thread.
    static var isSupported: Bool { false }

    /// Creates a slot that stores nothing.
    init() {}

    /// Always `nil`: there is no thread-local storage here.
    var existingObject: Object? { nil }

    /// Always `nil`: there is no thread-local storage here.
    func object(makingWith make: () -> Object) -> Object? { nil }
  #endif
}

/// One integer per thread, zero until the thread sets it: read without touching a reference
/// count, for a check on the clean path of a collection.
///
/// Where threads have no POSIX thread-local storage, it is always zero and setting it does
/// nothing.
final class ThreadLocalWord: Sendable {
  #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
    private let key: pthread_key_t

    /// Creates a slot, zero on every thread.
    init() {
      var key = pthread_key_t()
      pthread_key_create(&key, nil)
      self.key = key
    }

    deinit {
      pthread_key_delete(key)
    }

    /// The calling thread's integer.
    var value: Int {
      get { Int(bitPattern: pthread_getspecific(key)) }
      set { pthread_setspecific(key, UnsafeRawPointer(bitPattern: newValue)) }
    }
  #else
    /// Creates a slot that stores nothing.
    init() {}

    /// Always zero: there is no thread-local storage here.
    var value: Int {
      get { 0 }
      set {}
    }
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
