/// Where the reports of one thread's decoding go: dropped during a dictionary's trial, held back
/// while a collection decodes values whose reports it passes on in an order of its own, recorded
/// by the reporter otherwise.
///
/// Every report of the library goes through ``report(_:at:to:in:)``, and every DEBUG assertion
/// through ``takesAssertion(in:)``. Collections scope what they need with closures: a *trial*
/// (``trial(for:in:_:)``) decodes a dictionary of plain values as plain `Codable` would, and may
/// be used only if nothing was reported or asserted while it ran; a *hold*
/// (``holdingReports(in:_:)``) keeps the reports made while it runs and gives them back, with the
/// failures of the values that caught their own errors meanwhile. Every function takes the scope
/// it works on, the calling thread's by default (made on first use, released when the thread
/// exits). Where threads have no local storage there is no scope (`nil`, and
/// ``canHoldReports`` is `false`): no trial runs, nothing is held, every report is recorded at
/// once. The design article explains why each exists.
package final class ReportScope {
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

  /// The records around the elements of the arrays decoding to name records, innermost last.
  private var enclosingRecords: [EnclosingRecord] = []

  /// Creates the scope of a thread that has done nothing yet.
  package init() {}

  private static let storage = ThreadLocal<ReportScope>()

  /// The calling thread's scope, made on first use; `nil` without thread-local storage.
  package static var current: ReportScope? {
    storage.object(makingWith: ReportScope.init)
  }

  /// The calling thread's scope if it has one yet; never makes one.
  package static var existing: ReportScope? {
    storage.existingObject
  }

  /// Whether this platform keeps a scope per thread, so that reports can be held and trials
  /// run. Without it, collections report as they go, in the order their decoder hands values
  /// over, and an array whose every element failed is not decoded again whole (see
  /// `ElementLoop`).
  package static var canHoldReports: Bool {
    ThreadLocal<ReportScope>.isSupported
  }
}

// MARK: - Reporting

extension ReportScope {
  /// Reports `error` at `codingPath` to `reporter`: dropped if a trial runs (the trial is then
  /// spoiled, and the dictionary decodes again and reports it again), held if a hold runs,
  /// recorded otherwise.
  package static func report(
    _ error: any Error, at codingPath: [any CodingKey], to reporter: ResilientDecodingErrorReporter,
    in scope: ReportScope? = existing
  ) {
    report(error, at: codingPath, to: reporter, record: nil, in: scope)
  }

  /// Reports `error` as ``report(_:at:to:in:)`` does, in the record `record` names (`nil`
  /// when not known here: a record around it may name it while it is held).
  static func report(
    _ error: any Error, at codingPath: [any CodingKey], to reporter: ResilientDecodingErrorReporter,
    record: ReportedRecord?, in scope: ReportScope? = existing
  ) {
    if let scope {
      if scope.trialDepth > 0 {
        scope.innermostTrialIsSpoiled = true
        return
      }
      if !scope.holds.isEmpty {
        let report = HeldReport(
          reporter: reporter, error: error, codingPath: codingPath, record: record)
        scope.holds[scope.holds.count - 1].reports.append(report)
        return
      }
    }
    reporter.record(error, at: codingPath, in: record)
  }

  /// Reports again, in order, reports that a hold gave back: into the hold around it, if one
  /// runs.
  package static func passOn(_ reports: [HeldReport], in scope: ReportScope? = existing) {
    for report in reports {
      Self.report(
        report.error, at: report.codingPath, to: report.reporter, record: report.record, in: scope)
    }
  }

  /// Whether a trial takes a DEBUG assertion over, spoiling itself: the assertion must then not
  /// be raised, since the dictionary decodes again and raises it then. Holds never take one.
  package static func takesAssertion(in scope: ReportScope? = existing) -> Bool {
    guard let scope, scope.trialDepth > 0 else { return false }
    scope.innermostTrialIsSpoiled = true
    return true
  }
}

// MARK: - Trials

extension ReportScope {
  /// Runs `body` as a trial for a dictionary of `Values`, and returns what it returned if the
  /// trial may be used: `body` gave a value and nothing was reported or asserted while it ran.
  ///
  /// Returns `nil` without running `body` while trials for `Values` are being skipped, or where
  /// there is no scope. A trial that cannot be used makes the next
  /// ``trialsSkippedAfterFailure`` dictionaries of `Values` on this thread skip theirs. A trial
  /// begun in another saves whether that one was spoiled and restores it when it ends: a clean
  /// nested dictionary must not make its parent forget an error it dropped.
  package static func trial<Values, Value>(
    for _: Values.Type, in scope: ReportScope? = current, _ body: () -> Value?
  ) -> Value? {
    guard let scope else { return nil }
    let values = ObjectIdentifier(Values.self)
    if let skips = scope.trialsToSkip[values] {
      scope.trialsToSkip[values] = skips > 1 ? skips - 1 : nil
      return nil
    }
    let outerWasSpoiled = scope.innermostTrialIsSpoiled
    scope.trialDepth += 1
    scope.innermostTrialIsSpoiled = false
    let value = body()
    let usable = value != nil && !scope.innermostTrialIsSpoiled
    scope.trialDepth -= 1
    scope.innermostTrialIsSpoiled = outerWasSpoiled
    if !usable { scope.trialsToSkip[values] = trialsSkippedAfterFailure }
    return usable ? value : nil
  }

  /// Stops skipping trials for `Values`: its last trial failed only because the value was not
  /// a dictionary at all (missing, `null`, another kind), which says nothing about the entries
  /// of the next one.
  package static func forgetFailedTrial<Values>(
    for _: Values.Type, in scope: ReportScope? = current
  ) {
    scope?.trialsToSkip[ObjectIdentifier(Values.self)] = nil
  }
}

// MARK: - Holds

/// A report held back while a collection decodes, to be passed on in the collection's order.
package struct HeldReport: Sendable {
  package let reporter: ResilientDecodingErrorReporter
  package let error: any Error
  package let codingPath: [any CodingKey]
  /// The record the report belongs to, if known yet.
  let record: ReportedRecord?

  package init(
    reporter: ResilientDecodingErrorReporter, error: any Error, codingPath: [any CodingKey]
  ) {
    self.init(reporter: reporter, error: error, codingPath: codingPath, record: nil)
  }

  init(
    reporter: ResilientDecodingErrorReporter, error: any Error, codingPath: [any CodingKey],
    record: ReportedRecord?
  ) {
    self.reporter = reporter
    self.error = error
    self.codingPath = codingPath
    self.record = record
  }

  /// The same report, in `record`.
  func inRecord(_ record: ReportedRecord?) -> HeldReport {
    HeldReport(reporter: reporter, error: error, codingPath: codingPath, record: record)
  }
}

/// What a hold collected while it ran: the reports held back, in the order they were made, and
/// the failures of the values that caught their own errors (the entries of a dictionary, the
/// elements of an array decoded whole), in the order they failed, those the decoder then
/// dropped included (a dictionary keeps one entry of a key written twice).
package struct HeldDiagnostics {
  package var reports: [HeldReport] = []
  var caughtFailures: [CaughtFailure] = []
}

extension ReportScope {
  /// Runs `body` while holding back the reports made on this thread, and returns what it
  /// returned with what was held, which has gone nowhere else: the caller passes the reports
  /// on (``passOn(_:in:)``) or drops them.
  ///
  /// Holds nest: a report goes to the innermost. Where there is no scope, nothing is held:
  /// reports are recorded as they are made, and `held` is `nil`.
  package static func holdingReports<Value>(
    in scope: ReportScope? = current, _ body: () throws -> Value
  ) rethrows -> (value: Value, held: HeldDiagnostics?) {
    guard let scope else { return (try body(), nil) }
    scope.holds.append(HeldDiagnostics())
    do {
      let value = try body()
      return (value, scope.holds.removeLast())
    } catch {
      scope.holds.removeLast()
      throw error
    }
  }

  /// Notes, in the innermost running hold, a value that caught its own error, so that its
  /// collection can tell whether the decoder kept it.
  static func noteCaughtFailure(_ failure: CaughtFailure, in scope: ReportScope? = existing) {
    guard let scope, !scope.holds.isEmpty else { return }
    scope.holds[scope.holds.count - 1].caughtFailures.append(failure)
  }
}

// MARK: - Records around elements

/// The record holding an array whose elements name their records, found when first needed.
private final class EnclosingRecord {
  private let find: () -> ReportedRecord?
  private(set) lazy var record: ReportedRecord? = find()

  init(_ find: @escaping () -> ReportedRecord?) {
    self.find = find
  }
}

extension ReportScope {
  /// Runs `body`, which decodes the elements of an array as ``IdentifiedElement``s, with `find`
  /// giving the record that holds the array: what fails in an element that has no identifier
  /// belongs to it. Where there is no scope, `body` runs alone.
  static func withEnclosingRecord<Value>(
    _ find: @escaping () -> ReportedRecord?, in scope: ReportScope? = current,
    _ body: () throws -> Value
  ) rethrows -> Value {
    guard let scope else { return try body() }
    scope.enclosingRecords.append(EnclosingRecord(find))
    defer { scope.enclosingRecords.removeLast() }
    return try body()
  }

  /// The record holding the innermost array whose elements name their records, if it has an
  /// identifier.
  static func innermostEnclosingRecord(in scope: ReportScope? = existing) -> ReportedRecord? {
    scope?.enclosingRecords.last?.record
  }
}
