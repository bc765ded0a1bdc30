// The one value a thread keeps while it decodes: what pass control knows (Decoding) and the
// holds of the report funnel (Reporting). Decoding is synchronous, so everything a scope
// triggers runs on the thread that began it.

/// One thread's decoding state, made on the thread's first use and released when it exits.
///
/// Where threads have no local storage there is none (`nil`, and ``isSupported`` is `false`):
/// no trial runs, nothing is held, every report is recorded at once.
package final class ThreadState {
  // Unchecked: only the thread that owns the state reads or changes it, so the dynamic
  // checks of exclusive access would cost every hold for nothing.

  /// Trials, second decodes and the records around the values that name theirs.
  @exclusivity(unchecked) var passes = PassState()

  /// The holds that keep reports back while collections decode.
  @exclusivity(unchecked) var holds = HoldStack()

  private init() {}

  private static let storage = ThreadLocal<ThreadState>()

  /// The calling thread's state, made on first use; `nil` without thread-local storage.
  static var current: ThreadState? {
    storage.object(makingWith: ThreadState.init)
  }

  /// The calling thread's state if it has one yet; never makes one.
  static var existing: ThreadState? {
    storage.existingObject
  }

  /// Reads the calling thread's state, if it has one, without retaining it: for the checks on
  /// the clean path of a collection.
  static func peek<Result>(_ read: (ThreadState) -> Result) -> Result? {
    storage.withExistingObject(read)
  }

  /// Whether this platform keeps a state per thread, so that reports can be held and trials
  /// run.
  package static var isSupported: Bool {
    ThreadLocal<ThreadState>.isSupported
  }

  /// Whether the thread is between two decodes: no scope is open. Every scope of pass control
  /// and of the funnel checks it, in DEBUG builds, where the outermost one ends.
  var isIdle: Bool {
    passes.isIdle && holds.isEmpty
  }
}
