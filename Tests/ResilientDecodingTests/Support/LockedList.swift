import Foundation

/// A lock-protected list that closures running on any thread may append to.
final class LockedList<Element: Sendable>: @unchecked Sendable {
  // `@unchecked`: `storage` is only touched while `lock` is held.
  private let lock = NSLock()
  private var storage: [Element] = []

  func append(_ element: Element) {
    lock.withLock { storage.append(element) }
  }

  func append(contentsOf elements: some Sequence<Element>) {
    lock.withLock { storage.append(contentsOf: elements) }
  }

  var elements: [Element] {
    lock.withLock { storage }
  }
}
