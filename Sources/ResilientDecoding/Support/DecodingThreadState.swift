/// What one thread remembers while resilient dictionaries decode on it: their trials and the
/// reports they hold back.
///
/// - A *trial* decodes a dictionary of plain values as plain `Codable` would, in one go. It may
///   be used only if nothing was reported or asserted while it ran; whatever was is dropped,
///   since the dictionary then decodes again, entry by entry, and raises it again. A type of
///   values whose trial failed skips its trials for a while on that thread.
/// - A *hold* keeps the reports made while a dictionary decodes entry by entry, so that the
///   dictionary can pass them on in key order rather than in the order its decoder visits
///   entries.
///
/// The reporter and the library's assertions call one hook, ``intercept(_:in:)``; nothing else
/// outside the dictionary's decoding touches this state. Every function takes the state it
/// works on, the calling thread's by default (made on first use, released when the thread
/// exits). Where threads have no local storage there is no state (`nil`): no trial begins, no
/// report is held, nothing is intercepted, so dictionaries decode entry by entry and report in
/// the order their decoder hands entries over. The design article explains why each exists.
@usableFromInline
package final class DecodingThreadState {
  /// How many dictionaries of one type of values skip their trial, on one thread, after a
  /// trial for that type could not be used.
  package static let trialsSkippedAfterFailure = 32

  /// How many trials are running, nested in one another.
  private var trialDepth = 0

  /// Whether something was reported or asserted during the innermost running trial.
  private var innermostTrialIsSpoiled = false

  /// For each type of values whose trial could not be used recently, how many more to skip.
  private var trialsToSkip: [ObjectIdentifier: Int] = [:]

  /// What each running hold collected, innermost last.
  private var holds: [HeldDiagnostics] = []

  /// Creates the state of a thread that has done nothing yet.
  package init() {}

  private static let storage = ThreadLocal<DecodingThreadState>()

  /// The calling thread's state, made on first use; `nil` without thread-local storage.
  @usableFromInline
  package static var current: DecodingThreadState? {
    storage.object(makingWith: DecodingThreadState.init)
  }

  /// The calling thread's state if it has one yet; never makes one.
  package static var existing: DecodingThreadState? {
    storage.existingObject
  }
}

// MARK: - Trials

extension DecodingThreadState {
  /// A running trial. End it exactly once, with ``end(succeeded:)``.
  @usableFromInline
  package struct Trial {
    let state: DecodingThreadState
    let valuesType: ObjectIdentifier
    /// Whether the trial this one runs in was already spoiled when this one began.
    let outerWasSpoiled: Bool

    /// Ends the trial, and says whether what it decoded may be used: it succeeded, and nothing
    /// was reported or asserted while it ran. If not, trials for its type of values are
    /// skipped for the next ``DecodingThreadState/trialsSkippedAfterFailure`` dictionaries.
    @usableFromInline
    package func end(succeeded: Bool) -> Bool {
      state.endTrial(self, succeeded: succeeded)
    }
  }

  /// Begins a trial for a dictionary of `Values`, unless trials for that type are being
  /// skipped (or there is no state).
  @usableFromInline
  package static func beginTrial<Values>(
    for _: Values.Type, in state: DecodingThreadState? = current
  ) -> Trial? {
    state?.beginTrial(for: ObjectIdentifier(Values.self))
  }

  /// Stops skipping trials for `Values`: its last trial failed only because the value was not
  /// a dictionary at all (missing, `null`, another kind), which says nothing about the entries
  /// of the next one.
  @usableFromInline
  package static func forgetFailedTrial<Values>(
    for _: Values.Type, in state: DecodingThreadState? = current
  ) {
    state?.trialsToSkip[ObjectIdentifier(Values.self)] = nil
  }

  private func beginTrial(for valuesType: ObjectIdentifier) -> Trial? {
    if let skips = trialsToSkip[valuesType] {
      trialsToSkip[valuesType] = skips > 1 ? skips - 1 : nil
      return nil
    }
    let trial = Trial(state: self, valuesType: valuesType, outerWasSpoiled: innermostTrialIsSpoiled)
    trialDepth += 1
    innermostTrialIsSpoiled = false
    return trial
  }

  private func endTrial(_ trial: Trial, succeeded: Bool) -> Bool {
    let usable = succeeded && !innermostTrialIsSpoiled
    trialDepth -= 1
    innermostTrialIsSpoiled = trial.outerWasSpoiled
    if !usable { trialsToSkip[trial.valuesType] = Self.trialsSkippedAfterFailure }
    return usable
  }
}

// MARK: - Holds

/// A report held back while a dictionary decodes, to be passed on in key order.
@usableFromInline
package struct HeldReport: Sendable {
  @usableFromInline package let reporter: ResilientDecodingErrorReporter
  @usableFromInline package let error: any Error
  @usableFromInline package let codingPath: [any CodingKey]

  @usableFromInline
  package init(
    reporter: ResilientDecodingErrorReporter, error: any Error, codingPath: [any CodingKey]
  ) {
    self.reporter = reporter
    self.error = error
    self.codingPath = codingPath
  }
}

/// What a hold collected while it ran: the reports held back, and the failures of the values
/// that caught their own errors (the entries of a dictionary, the elements of an array decoded
/// whole).
@usableFromInline
struct HeldDiagnostics {
  @usableFromInline var reports: [HeldReport] = []

  /// Every value that caught its own error while the hold ran, in the order they failed,
  /// including those the decoder then dropped (a dictionary keeps one entry of a key written
  /// twice).
  @usableFromInline var caughtFailures: [CaughtFailure] = []

  @inlinable
  init() {}
}

extension DecodingThreadState {
  /// A running hold. End it exactly once, with ``end()`` or ``endCollectingFailures()``,
  /// before the hold it runs in ends.
  @usableFromInline
  package struct Hold {
    let state: DecodingThreadState

    /// Ends the hold and returns the reports made while it ran, in the order they were made.
    /// They have gone nowhere else: the caller passes them on.
    @usableFromInline
    package func end() -> [HeldReport] {
      state.holds.removeLast().reports
    }

    /// Ends the hold and returns the reports made while it ran and the failures of the values
    /// that caught their own errors meanwhile, each in the order they happened.
    @usableFromInline
    func endCollectingFailures() -> HeldDiagnostics {
      state.holds.removeLast()
    }
  }

  /// Starts holding back the reports made on this thread, until the hold ends.
  @usableFromInline
  package static func holdReports(in state: DecodingThreadState? = current) -> Hold? {
    guard let state else { return nil }
    state.holds.append(HeldDiagnostics())
    return Hold(state: state)
  }

  /// Notes, in the innermost running hold, a value that caught its own error, so that its
  /// collection can tell whether the decoder kept it.
  @usableFromInline
  static func noteCaughtFailure(_ failure: CaughtFailure) {
    guard let state = existing, !state.holds.isEmpty else { return }
    state.holds[state.holds.count - 1].caughtFailures.append(failure)
  }
}

// MARK: - The hook

extension DecodingThreadState {
  /// What the reporter and the library's assertions pass to the hook.
  package enum Diagnostic: Sendable {
    /// An error about to be recorded by a reporter.
    case report(HeldReport)
    /// A misuse about to be asserted (DEBUG).
    case assertion
  }

  /// The hook: whether a dictionary decoding on this thread takes `diagnostic` over, in which
  /// case the caller must do nothing more with it.
  ///
  /// During a trial, anything spoils the trial and is dropped (the dictionary raises it again
  /// when it decodes entry by entry). Outside trials, a report is held while a hold runs; an
  /// assertion never is. Otherwise nothing is taken over.
  package static func intercept(
    _ diagnostic: Diagnostic, in state: DecodingThreadState? = existing
  ) -> Bool {
    guard let state else { return false }
    if state.trialDepth > 0 {
      state.innermostTrialIsSpoiled = true
      return true
    }
    guard case .report(let report) = diagnostic, !state.holds.isEmpty else { return false }
    state.holds[state.holds.count - 1].reports.append(report)
    return true
  }
}
