import Foundation

#if canImport(Synchronization)
  import Synchronization
#endif

// How many reporters are alive in the process, counted as they are made and freed and read by
// every decode that could use the answer: while none lives, a failure looks for none; while none
// with identifying keys lives, a collection names no records. Read without a lock (an atomic
// load), so that decodes on many threads do not take turns at it.

/// The reporters alive in the process, all of them and those with identifying keys.
enum ReporterCensus {
  /// Every reporter alive.
  static let all = LiveCount()
  /// The reporters alive that have identifying keys.
  static let naming = LiveCount()
}

/// A count of live objects, changed rarely and read often, from any thread.
final class LiveCount: Sendable {
  /// An `Atomic`, where the platform has one; otherwise a count behind a lock.
  private let storage: AnyObject & Sendable

  init() {
    #if canImport(Synchronization)
      if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        storage = AtomicCount()
        return
      }
    #endif
    storage = LockedCount()
  }

  /// Adds `change`, positive when objects are made, negative when they are freed.
  func add(_ change: Int) {
    #if canImport(Synchronization)
      if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        unsafeDowncast(storage, to: AtomicCount.self).value.add(change, ordering: .releasing)
        return
      }
    #endif
    unsafeDowncast(storage, to: LockedCount.self).add(change)
  }

  /// Whether any object lives.
  var isPositive: Bool {
    #if canImport(Synchronization)
      if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        return unsafeDowncast(storage, to: AtomicCount.self).value.load(ordering: .acquiring) > 0
      }
    #endif
    return unsafeDowncast(storage, to: LockedCount.self).isPositive
  }
}

#if canImport(Synchronization)
  /// The count as an atomic.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  private final class AtomicCount: Sendable {
    let value = Atomic<Int>(0)
  }
#endif

/// The count behind a lock, where the platform has no `Atomic` (Apple systems before 2024's).
private final class LockedCount: @unchecked Sendable {
  // `@unchecked`: every access to `count` holds `lock`.
  private let lock = NSLock()
  private var count = 0

  func add(_ change: Int) {
    lock.lock()
    count += change
    lock.unlock()
  }

  var isPositive: Bool {
    lock.lock()
    defer { lock.unlock() }
    return count > 0
  }
}
