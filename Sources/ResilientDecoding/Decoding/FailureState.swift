// The one owner of failure-time state: what decides, on one thread, what happens to a value
// that fails and how many times a value may be decoded. Its rules are written once each, in
// `Failures.swift` (where a report goes), `Passes.swift` (trials, second decodes, arrays
// decoded whole, naming scopes) and `Holds.swift` (what a collection holds back); every decode
// that could break one goes through it. Decoding is synchronous, so everything a scope triggers
// runs on the thread that began it. Documentation/Internals gives the rules and why.

/// One thread's failure-time state, made on the thread's first use and released when it exits.
///
/// Where threads have no local storage there is none (`nil`, and ``isSupported`` is `false`):
/// no trial runs, nothing is held, every report is recorded at once.
package final class FailureState {
  // Unchecked: only the thread that owns the state reads or changes it, so the dynamic checks
  // of exclusive access would cost every scope for nothing.

  /// The dictionary trial running on this thread, if any, and whether it lost a report or an
  /// assertion: reports and assertions are dropped while one runs (see `Failures.fate`).
  @exclusivity(unchecked) var trial: (isRunning: Bool, isSpoiled: Bool) = (false, false)

  /// For each type of values whose trial could not be used recently, how many more to skip.
  @exclusivity(unchecked) var trialSkips = TrialSkips()

  /// How many second decodes run, one inside another: no trial runs inside one.
  @exclusivity(unchecked) var secondDecodeDepth = 0

  /// How many arrays this thread has decoded again whole: an array compares it before and after
  /// its first decode to learn whether one inside it was.
  @exclusivity(unchecked) var wholeArrayCount = 0

  /// How many arrays are being decoded again whole, one inside another.
  @exclusivity(unchecked) var wholeArrayDepth = 0

  /// The holds of the collections that keep their reports back while their values decode,
  /// innermost last.
  @exclusivity(unchecked) var holds: [Hold] = []

  #if DEBUG
    /// How many holds may be open for ``checkInvariants()`` to walk them (DEBUG only).
    static let holdsCheckedAtMost = 8

    /// Whether a report went into one of the holds since none was open (DEBUG only): until
    /// then, no hold keeps anything, and their budget needs no check. Reset by
    /// `Holds.holding(_:of:base:_:)` when the last hold ends.
    @exclusivity(unchecked) var holdsKeptAReport = false
  #endif

  /// What a look at how an array reads whole found of its first element, while one runs (see
  /// `Passes.probingShape`).
  @exclusivity(unchecked) var shapeProbe: (firstWasRead: Bool, firstDecodes: Bool)?

  /// The collections whose values name their records, innermost last.
  @exclusivity(unchecked) var namingScopes: [NamingScope] = []

  #if DEBUG
    /// The failures of the values that caught their own errors, for each dictionary decoding
    /// entry by entry, innermost last (DEBUG `results`: which values the decoder dropped).
    @exclusivity(unchecked) var caughtFailures: [[CaughtFailure]] = []
  #endif

  private init() {}

  private static let storage = ThreadLocal<FailureState>()

  /// The calling thread's state, made on first use; `nil` without thread-local storage.
  static var current: FailureState? {
    storage.object(makingWith: FailureState.init)
  }

  /// The calling thread's state if it has one yet; never makes one.
  static var existing: FailureState? {
    storage.existingObject
  }

  /// Reads the calling thread's state, if it has one, without retaining it: for the checks on
  /// the clean path of a collection.
  static func peek<Result>(_ read: (FailureState) -> Result) -> Result? {
    storage.withExistingObject(read)
  }

  /// Whether this platform keeps a state per thread, so that reports can be held and trials
  /// run.
  package static var isSupported: Bool {
    ThreadLocal<FailureState>.isSupported
  }
}

// MARK: - Invariants

#if DEBUG
  extension FailureState {
    /// Checks, where a scope ends, what the rules promise (DEBUG builds only): arrays decoded
    /// whole are second decodes and nest no deeper than their maximum; no hold keeps more of its
    /// reporter's reports than its maximum, once for every dictionary hold around it and once for
    /// the holds in arrival order, which share one budget (checked while at most
    /// ``holdsCheckedAtMost`` holds are open).
    func checkInvariants() {
      assert(
        wholeArrayDepth <= secondDecodeDepth && wholeArrayDepth <= Passes.maximumNestedWholeArrays,
        "arrays decoded whole are second decodes, at most \(Passes.maximumNestedWholeArrays) deep")
      assert(!trial.isSpoiled || trial.isRunning, "only a running trial is spoiled")
      // The holds are walked only once one kept a report, and only while a few are open: a report
      // deep in a document passes through a hold at every level, whose walk at each would cost
      // the square of the depth.
      guard holdsKeptAReport, holds.count <= Self.holdsCheckedAtMost else { return }
      var checked: [ResilientDecodingErrorReporter] = []
      for hold in holds {
        guard let reporter = hold.reporter, !checked.contains(where: { $0 === reporter }) else {
          continue
        }
        checked.append(reporter)
        let dictionaries = holds.count { $0.order == .entryKey && $0.reporter === reporter }
        let (budget, overflow) = reporter.maximumStoredErrors.multipliedReportingOverflow(
          by: 1 + dictionaries)
        assert(
          overflow || Holds.keptCount(of: reporter, in: self) <= budget,
          "the holds keep at most the maximum once for every dictionary and once for the others")
      }
    }
  }
#endif
