import Foundation

// Every entry point of the library that only the test suite uses, and nothing else: the report
// scope's invariants checked on a scope of the test's own, one closure per trial, hold or second
// decode (the library goes through the failure API, `Failures`), what a hold kept, thread-local
// storage, and where DEBUG assertions go. Package access, or SPI for the assertion handler.

extension ReportScope {
  /// Makes the scope of a thread that has done nothing yet, for a test to pass as `in:`.
  package static func makeForTesting() -> ReportScope {
    ReportScope()
  }

  /// Whether this platform keeps a scope per thread (see ``canHoldReports``).
  package static var canHoldReportsForTesting: Bool {
    canHoldReports
  }

  /// The calling thread's scope, made on first use.
  package static var currentForTesting: ReportScope? {
    current
  }

  /// The calling thread's scope if it has one yet.
  package static var existingForTesting: ReportScope? {
    existing
  }

  /// ``trialsSkippedAfterFailure``.
  package static var trialsSkippedAfterFailureForTesting: Int {
    trialsSkippedAfterFailure
  }

  /// ``maximumNestedWholeArrays``.
  package static var maximumNestedWholeArraysForTesting: Int {
    maximumNestedWholeArrays
  }

  /// Reports `error` at `codingPath` to `reporter`, in no known record.
  package static func report(
    _ error: any Error, at codingPath: [any CodingKey], to reporter: ResilientDecodingErrorReporter,
    in scope: ReportScope?
  ) {
    report(
      HeldReport(reporter: reporter, error: error, codingPath: codingPath, record: nil),
      in: scope)
  }

  /// Whether a trial of `scope` takes a DEBUG assertion over (see ``takesAssertion(in:)``).
  package static func takesAssertionForTesting(in scope: ReportScope?) -> Bool {
    takesAssertion(in: scope)
  }

  /// Passes on what a hold gave back, into `scope`.
  package static func passOnForTesting(_ held: HeldDiagnostics, in scope: ReportScope?) {
    passOn(held, in: scope)
  }

  /// Runs `body` as the trial of a dictionary of `Values` on `scope`: `body` returns what the
  /// dictionary decoded, `nil` if that threw.
  package static func trial<Values, Value>(
    for _: Values.Type, in scope: ReportScope?, _ body: () -> Value?
  ) -> TrialResult<Value> {
    guard let scope else { return .notRun }
    let start = scope.beginTrial(for: ObjectIdentifier(Values.self))
    let value: Value?
    switch start {
    case .own, .partOfTrialAround(spoiled: false): value = body()
    case .partOfTrialAround(spoiled: true), .none: value = nil
    }
    switch scope.endTrial(start, decoded: value != nil) {
    case .usable: return .usable(value!)
    case .unusable: return .unusable
    case .spoilsTrialAround: return .spoilsTrialAround
    case .notRun: return .notRun
    }
  }

  /// Stops skipping the trials of `Values` on `scope`.
  package static func forgetFailedTrial<Values>(for _: Values.Type, in scope: ReportScope?) {
    scope?.forgetFailedTrial(for: ObjectIdentifier(Values.self))
  }

  /// Runs `body` holding back the reports made on `scope`.
  package static func holdingReports<Value>(
    bounded: Bool = true, in scope: ReportScope?, _ body: () throws -> Value
  ) rethrows -> (value: Value, held: HeldDiagnostics?) {
    guard let scope else { return (try body(), nil) }
    scope.beginHold(bounded: bounded)
    do {
      let value = try body()
      return (value, scope.endHold())
    } catch {
      _ = scope.endHold()
      throw error
    }
  }

  /// Runs `body` as a second decode on `scope`.
  package static func decodingAgain<Value>(in scope: ReportScope?, _ body: () -> Value) -> Value {
    scope?.beginSecondDecode()
    defer { scope?.endSecondDecode() }
    return body()
  }

  /// Whether a second decode runs on `scope`.
  package static func isDecodingAgain(in scope: ReportScope?) -> Bool {
    scope?.isDecodingAgain ?? false
  }

  /// How many arrays this thread has decoded again whole.
  package static var wholeArraysDecodedForTesting: Int {
    wholeArraysDecoded
  }

  /// Runs `body` as an array decoded again whole on `scope`, if that is allowed.
  package static func decodingArrayWhole<Value>(
    after decodedBefore: Int, in scope: ReportScope?, _ body: () -> Value
  ) -> Value? {
    guard let scope, scope.beginArrayDecodedWhole(after: decodedBefore) else { return nil }
    defer { scope.endArrayDecodedWhole() }
    return body()
  }
}

extension HeldDiagnostics {
  /// The reports a hold kept in full, in order.
  package var reportsForTesting: [HeldReport] {
    reports
  }

  /// How many reports a hold held, kept in full or counted.
  package var countForTesting: Int {
    count
  }
}

extension HeldReport {
  /// The error of a held report.
  package var errorForTesting: any Error {
    error
  }
}

#if DEBUG
  extension ResilientDecodingOutcome.ArrayDecodingError {
    /// The results of a collection made from the elements that decoded and the failures of
    /// the others at their positions, as decoding makes them.
    package static func makeForTesting(
      elements: [Element], failures: [(index: Int, error: any Error)]
    ) -> Self {
      Self(elements: elements, failures: failures)
    }
  }
#endif

extension ThreadLocal {
  /// Whether this platform stores objects per thread.
  package static var isSupportedForTesting: Bool {
    isSupported
  }

  /// Makes an empty slot.
  package static func makeForTesting() -> ThreadLocal {
    ThreadLocal()
  }

  /// The calling thread's object, if it has made one.
  package var existingObjectForTesting: Object? {
    existingObject
  }

  /// The calling thread's object, made with `make` if the thread has none yet.
  package func objectForTesting(makingWith make: () -> Object) -> Object? {
    object(makingWith: make)
  }
}

#if DEBUG
  /// Where DEBUG assertions go. Tests replace it to observe misuse without stopping the process.
  @_spi(Testing)
  public enum AssertionHandler {
    /// Receives the message and the location of an assertion.
    public typealias Handler = @Sendable (String, StaticString, UInt) -> Void

    private static let lock = NSLock()
    nonisolated(unsafe) private static var handler: Handler = { message, file, line in
      assertionFailure(message, file: file, line: line)
    }

    /// The handler in use; reading and writing it are thread-safe.
    public static var current: Handler {
      get {
        lock.lock()
        defer { lock.unlock() }
        return handler
      }
      set {
        lock.lock()
        defer { lock.unlock() }
        handler = newValue
      }
    }
  }
#endif

/// What a trial run by ``ReportScope/trial(for:in:_:)`` gave: its ``TrialVerdict``, with the
/// value the trial decoded when it can be used.
package enum TrialResult<Value> {
  case usable(Value)
  case unusable
  case spoilsTrialAround
  case notRun
}

extension TrialResult: Equatable where Value: Equatable {}
