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
}

// MARK: - Invariants

extension ThreadState {
  /// Checks, where a scope ends, what pass control and the funnel promise (DEBUG builds
  /// only): a discarding scope runs exactly while a trial does; arrays decoded whole are
  /// second decodes and nest no deeper than their maximum; no hold keeps more of a reporter's
  /// reports than its maximum, once for every dictionary hold and once for the holds in
  /// arrival order, which share one budget.
  func checkInvariants() {
    assert(holds.isDiscarding == passes.isInTrial, "a discarding scope runs exactly in a trial")
    assert(
      passes.wholeArrayDepth <= passes.secondDecodeDepth
        && passes.wholeArrayDepth <= Passes.maximumNestedWholeArrays,
      "arrays decoded whole are second decodes, at most \(Passes.maximumNestedWholeArrays) deep")
    for reporter in holds.reporters {
      let (budget, overflow) = reporter.maximumStoredErrors.multipliedReportingOverflow(
        by: 1 + holds.entryKeyHoldCount)
      assert(
        overflow || holds.keptCount(of: reporter) <= budget,
        "the holds keep at most the maximum once for every dictionary and once for the others")
    }
  }
}
