// The funnel's entrance: "this value failed, here". Every failure of a value comes through
// `Failures.report`, which makes the error what plain `Codable` shows, finds the reporter and
// the record, and decides the report's fate once (`Failures.fate`): dropped during a trial,
// kept by the innermost hold of its document, or handed to its reporter, the sink. DocC:
// "Reporting in Production"; the internals article walks the path.

/// The entrance of failure handling, and the rule of where a report goes.
enum Failures {
  /// Where a report for one reporter goes now.
  enum Fate {
    /// Nowhere: a dictionary's trial runs, whose decode may be thrown away (it is spoiled).
    case dropped
    /// Into the hold at this index of the thread's holds, the innermost of its document.
    case held(Int)
    /// To its reporter.
    case recorded
  }

  /// Where a report for `reporter` goes now, on the thread whose state is `state`: dropped
  /// while a trial runs (which that spoils), kept by the innermost hold of the reporter's
  /// document, recorded otherwise.
  static func fate(of reporter: ResilientDecodingErrorReporter, in state: FailureState?) -> Fate {
    guard let state else { return .recorded }
    if state.trial.isRunning {
      state.trial.isSpoiled = true
      return .dropped
    }
    guard let index = innermostHold(of: reporter, in: state) else { return .recorded }
    #if DEBUG
      state.holdsKeptAReport = true
    #endif
    return .held(index)
  }

  /// The index of the innermost hold of `reporter`'s document among the holds of `state`.
  private static func innermostHold(
    of reporter: ResilientDecodingErrorReporter, in state: FailureState
  ) -> Int? {
    var index = state.holds.count
    while index > 0 {
      index -= 1
      if state.holds[index].belongs(reporter) { return index }
    }
    return nil
  }

  /// Reports that a value failed with `error`, and returns the error as reported: a decoder's
  /// own error for a standard library primitive (`decodedPrimitive`: no `init(from:)` of the
  /// user's ran) as plain `Codable` shows it.
  ///
  /// Each part is asked for only when needed: `reporter` first, `codingPath` (which decoders
  /// build in time that grows with the depth) only for a reporter or to wrap the error, at most
  /// once, and `record` only for a reporter, if the error is not a ``RecordedFailure`` that
  /// brought its own.
  static func report(
    _ error: any Error, decodedPrimitive: @autoclosure () -> Bool,
    codingPath: () -> (path: [any CodingKey], facts: CodingPathFacts),
    reporter: () -> ResilientDecodingErrorReporter?,
    record: (ResilientDecodingErrorReporter) -> ReportedRecord?
  ) -> any Error {
    let (thrown, brought) = RecordedFailure.unwrap(error)
    var path: (path: [any CodingKey], facts: CodingPathFacts)?
    func builtPath() -> (path: [any CodingKey], facts: CodingPathFacts) {
      if let path { return path }
      let built = codingPath()
      path = built
      return built
    }
    let wrapped = plainCodableError(
      thrown, decodedPrimitive: decodedPrimitive(), at: builtPath().path)
    guard let reporter = reporter() else { return wrapped }
    // A path read from the error is the wrapped one's only if nothing was wrapped.
    var (codingPath, facts) = builtPath()
    if type(of: wrapped) != type(of: thrown) { facts.isErrorsPath = false }
    // Only a reporter with identifying keys names records.
    let named = brought ?? (reporter.namesRecords ? record(reporter) : nil)
    let state = FailureState.existing
    switch fate(of: reporter, in: state) {
    case .dropped:
      break
    case .held(let index):
      state?.holds[index].add(wrapped, at: codingPath, facts: facts, in: named, for: reporter)
    case .recorded:
      reporter.record(error: wrapped, codingPath: codingPath, facts: facts, record: named)
    }
    return wrapped
  }

  /// Whether the failure of a value with `error`, reported next at a path of the pattern of
  /// `codingPath` for `reporter`, needs no record: it is dropped, or a hold of this thread
  /// would only count it, in the group counted last, whose first record is kept. (A reporter,
  /// which other threads may record to meanwhile, is not asked.) An error that `report` may
  /// wrap needs one.
  static func needsNoRecord(
    _ error: any Error, at codingPath: () -> [any CodingKey],
    for reporter: ResilientDecodingErrorReporter
  ) -> Bool {
    let errorType = type(of: error)
    guard errorType == DecodingError.self || errorType == UnknownNovelValueError.self,
      let state = FailureState.existing
    else { return false }
    if state.trial.isRunning { return true }
    guard let index = innermostHold(of: reporter, in: state) else { return false }
    return state.holds[index].countsInLastGroup(error, at: codingPath())
  }

  /// Reports the error of a dictionary key that did not convert, found once its entries were
  /// decoded: into what the dictionary held (`held`), after the reports made in the same
  /// entry, or, if it held nothing, where a report goes now.
  static func reportKey(
    _ error: any Error, key: String, at codingPath: [any CodingKey],
    in record: ReportedRecord?, for reporter: ResilientDecodingErrorReporter,
    into held: inout Held?
  ) {
    if held != nil {
      held?.hold.add(error, at: codingPath, in: record, for: reporter, key: key)
      return
    }
    let state = FailureState.existing
    switch fate(of: reporter, in: state) {
    case .dropped:
      break
    case .held(let index):
      state?.holds[index].add(error, at: codingPath, in: record, for: reporter)
    case .recorded:
      reporter.record(
        error: error, codingPath: codingPath, facts: CodingPathFacts(), record: record)
    }
  }

  /// Whether a trial takes a DEBUG assertion over: the assertion must then not be raised,
  /// since the value decodes again and raises it then. A trial that takes one is spoiled.
  static func trialTakesAssertion() -> Bool {
    guard let state = FailureState.existing, state.trial.isRunning else { return false }
    state.trial.isSpoiled = true
    return true
  }

  /// An error that decoding a value threw, as plain `Codable` would see it.
  ///
  /// A decoder may throw errors of its own type for a primitive value (`JSONDecoder` does for a
  /// number that does not fit), which plain `Codable` only sees wrapped in
  /// `DecodingError.dataCorrupted` by the top-level decode. Such an error is wrapped the same
  /// way, at the value's path, when `decodedPrimitive` says no `init(from:)` of the user's ran:
  /// its description, and the original underneath, unless that description is longer than a
  /// bounded prefix (a value of 50 million digits), which is then all that is kept. Errors of
  /// the user's `init(from:)`, and novel values, are kept as they are.
  static func plainCodableError(
    _ error: any Error, decodedPrimitive: @autoclosure () -> Bool,
    at codingPath: @autoclosure () -> [any CodingKey]
  ) -> any Error {
    // Comparing the error's type costs a pointer comparison, where a cast costs a dynamic
    // cast, on every failed value.
    let errorType = type(of: error)
    guard errorType != DecodingError.self, errorType != UnknownNovelValueError.self,
      decodedPrimitive()
    else {
      return error
    }
    let (description, isWhole) = BoundedText.describing(error)
    return DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: codingPath(), debugDescription: description,
        underlyingError: isWhole ? error : nil))
  }
}
