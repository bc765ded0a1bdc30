/// Where the reports of one thread's decoding go, and what a collection may decode a second time:
/// reports are dropped during a dictionary's trial, held back while a collection decodes values
/// whose reports it passes on in an order of its own, recorded by the reporter otherwise.
///
/// Every report of the library goes through ``report(_:at:to:record:in:)``, and every DEBUG
/// assertion through ``takesAssertion(in:)``. Collections scope what they need with closures: a
/// *trial* (``trial(for:in:_:)``) decodes a dictionary of plain values as plain `Codable` would,
/// and may be used only if nothing was reported or asserted while it ran; a *hold*
/// (``holdingReports(bounded:in:_:)``) keeps the reports made while it runs and gives them back,
/// with the failures of the values that caught their own errors meanwhile; a *second decode*
/// (``decodingAgain(in:_:)``, ``decodingArrayWhole(in:_:)``) decodes a value again, in a way that
/// decodes nothing inside it a third time, so that the work stays linear in the size of the
/// document whatever its depth. Every function takes the scope it works on, the calling
/// thread's by default (made on first use, released when the thread exits). Where threads have
/// no local storage there is no scope (`nil`, and ``canHoldReports`` is `false`): no trial
/// runs, nothing is held, every report is recorded at once. The design article explains why
/// each exists.
package final class ReportScope {
  /// How many dictionaries of one type of values skip their trial, on one thread, after a
  /// trial for that type could not be used.
  package static let trialsSkippedAfterFailure = 32

  /// How many arrays may be decoded again whole one inside another: past it, an array keeps
  /// what its first decode gave. Only a decoder that reads an array differently the second way
  /// at every level reaches it.
  package static let maximumNestedWholeArrays = 8

  /// Whether a trial runs: dictionaries decoded inside it are part of it.
  private var isInTrial = false

  /// Whether something was reported or asserted during the running trial.
  private var trialIsSpoiled = false

  /// For each type of values whose trial could not be used recently, how many more to skip.
  private var trialsToSkip: [ObjectIdentifier: Int] = [:]

  /// What each running hold collected, innermost last.
  private var holds: [HeldDiagnostics] = []

  /// The records around the elements of the arrays decoding to name records, innermost last.
  private var enclosingRecords: [EnclosingRecord] = []

  /// How many second decodes run, one inside another.
  private var secondDecodeDepth = 0

  /// How many arrays are being decoded again whole, one inside another.
  private var wholeArrayDepth = 0

  /// How many arrays of records run their first decode, one inside another.
  private var firstDecodesOfRecords = 0

  /// Creates the scope of a thread that has done nothing yet.
  package init() {}

  private static let storage = ThreadLocal<ReportScope>()

  /// How many arrays this thread has decoded again whole: an array compares it before and
  /// after its own first decode to learn whether one inside it was. A word of its own, so that
  /// reading it costs a clean array no reference count.
  private static let wholeArrayCount = ThreadLocalWord()

  /// How many values of collections this thread has begun to decode one by one (see
  /// ``beginEntry()``): a value notes the count as it begins, and a hold notes it in each
  /// report it keeps, so that a collection can tell which of its values a report was made in
  /// without reading any coding path, which decoders build in time that grows with the depth.
  private static let entriesBegun = ThreadLocalWord()

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
  /// Reports `error` at `codingPath` to `reporter`, in the record `record` names (`nil` when
  /// not known here: a record around it may name it while it is held): dropped if a trial runs
  /// (the trial is then spoiled, and the dictionary decodes again and reports it again), held
  /// if a hold runs, recorded otherwise.
  static func report(
    _ error: any Error, at codingPath: [any CodingKey], to reporter: ResilientDecodingErrorReporter,
    record: ReportedRecord?, in scope: ReportScope? = existing
  ) {
    report(
      HeldReport(reporter: reporter, error: error, codingPath: codingPath, record: record),
      in: scope)
  }

  /// Reports `error` at `codingPath` to `reporter` as ``report(_:at:to:record:in:)`` does, in
  /// no known record.
  package static func report(
    _ error: any Error, at codingPath: [any CodingKey], to reporter: ResilientDecodingErrorReporter,
    in scope: ReportScope? = existing
  ) {
    report(error, at: codingPath, to: reporter, record: nil, in: scope)
  }

  private static func report(_ report: HeldReport, in scope: ReportScope?) {
    if let scope {
      if scope.isInTrial {
        scope.trialIsSpoiled = true
        return
      }
      if !scope.holds.isEmpty {
        scope.holds[scope.holds.count - 1].add(report.madeIn(entry: entriesBegun.value))
        return
      }
    }
    report.reporter.record(report.error, at: report.codingPath, in: report.record)
  }

  /// Reports again what a hold gave back, in order: into the hold around it, if one runs;
  /// `rename` may name the record of each report first.
  package static func passOn(
    _ held: HeldDiagnostics, in scope: ReportScope? = existing,
    renaming rename: (HeldReport) -> HeldReport = { $0 }
  ) {
    for report in held.reports {
      Self.report(rename(report), in: scope)
    }
    passOnOmitted(held, in: scope)
    for failure in held.caughtFailures { noteCaughtFailure(failure, in: scope) }
  }

  /// Passes on the reports a bounded hold only counted, after its reports: to the hold around
  /// it, or to their reporters, whose maximum the reports before them reached.
  static func passOnOmitted(_ held: HeldDiagnostics, in scope: ReportScope? = existing) {
    guard !held.omitted.isEmpty else { return }
    if let scope {
      if scope.isInTrial {
        scope.trialIsSpoiled = true
        return
      }
      if !scope.holds.isEmpty {
        for (reporter, counts) in held.omitted {
          scope.holds[scope.holds.count - 1].addOmitted(counts, of: reporter)
        }
        return
      }
    }
    for (reporter, counts) in held.omitted { reporter.recordOmitted(counts) }
  }

  /// Whether a trial takes a DEBUG assertion over, spoiling itself: the assertion must then not
  /// be raised, since the dictionary decodes again and raises it then. Holds never take one.
  package static func takesAssertion(in scope: ReportScope? = existing) -> Bool {
    guard let scope, scope.isInTrial else { return false }
    scope.trialIsSpoiled = true
    return true
  }
}

// MARK: - Trials

/// What a dictionary's trial gave.
package enum TrialResult<Value> {
  /// The trial ran and nothing was reported or asserted: its value can be used.
  case usable(Value)
  /// The trial ran and cannot be used: the dictionary decodes again, entry by entry.
  case unusable
  /// The dictionary is part of a trial around it, which cannot be used now: nothing it decodes
  /// will be kept.
  case spoilsTrialAround
  /// No trial ran: skipped after recent failures, decoded again, or no scope.
  case notRun
}

extension TrialResult: Equatable where Value: Equatable {}

extension ReportScope {
  /// Runs `body` as a trial for a dictionary of `Values`: usable if `body` gave a value and
  /// nothing was reported or asserted while it ran.
  ///
  /// Trials do not nest: a dictionary decoded during a trial is part of it, and the first
  /// failure anywhere in it makes the whole trial unusable. Inside a second decode no trial
  /// runs, so that what fails deep in a document is decoded at most twice. A trial that cannot
  /// be used makes the next ``trialsSkippedAfterFailure`` dictionaries of `Values` on this
  /// thread skip theirs.
  package static func trial<Values, Value>(
    for _: Values.Type, in scope: ReportScope? = current, _ body: () -> Value?
  ) -> TrialResult<Value> {
    guard let scope else { return .notRun }
    if scope.isInTrial {
      if !scope.trialIsSpoiled, let value = body(), !scope.trialIsSpoiled {
        return .usable(value)
      }
      scope.trialIsSpoiled = true
      return .spoilsTrialAround
    }
    if scope.secondDecodeDepth > 0 { return .notRun }
    let values = ObjectIdentifier(Values.self)
    if let skips = scope.trialsToSkip[values] {
      scope.trialsToSkip[values] = skips > 1 ? skips - 1 : nil
      return .notRun
    }
    scope.isInTrial = true
    scope.trialIsSpoiled = false
    let value = body()
    let spoiled = scope.trialIsSpoiled
    scope.isInTrial = false
    scope.trialIsSpoiled = false
    guard let value, !spoiled else {
      scope.trialsToSkip[values] = trialsSkippedAfterFailure
      return .unusable
    }
    return .usable(value)
  }

  /// Stops skipping trials for `Values`: its last trial failed only because the value was not
  /// a dictionary at all (missing, `null`, another kind), which says nothing about the entries
  /// of the next one.
  package static func forgetFailedTrial<Values>(
    for _: Values.Type, in scope: ReportScope? = current
  ) {
    scope?.trialsToSkip[ObjectIdentifier(Values.self)] = nil
  }

  /// Whether a trial runs, whose reports are dropped: nothing needs naming or a second decode.
  static func isInTrial(_ scope: ReportScope? = existing) -> Bool {
    scope?.isInTrial ?? false
  }
}

// MARK: - Values of collections

extension ReportScope {
  /// Notes that a value of a collection begins to decode, and returns its number: every report
  /// a hold keeps until the next value begins carries a number no smaller, and those of earlier
  /// values smaller ones (see ``HeldReport/entry``).
  static func beginEntry() -> Int {
    let entry = entriesBegun.value &+ 1
    entriesBegun.value = entry
    return entry
  }
}

// MARK: - Second decodes

extension ReportScope {
  /// Runs `body`, which decodes a value a second time (a dictionary entry by entry after its
  /// trial failed, an array to name its records): inside it, no dictionary runs a trial and
  /// arrays name their records as they decode, so that nothing inside is decoded a third time.
  package static func decodingAgain<Value>(
    in scope: ReportScope? = current, _ body: () throws -> Value
  ) rethrows -> Value {
    guard let scope else { return try body() }
    scope.secondDecodeDepth += 1
    defer { scope.secondDecodeDepth -= 1 }
    return try body()
  }

  /// Whether a second decode runs (see ``decodingAgain(in:_:)``).
  package static func isDecodingAgain(_ scope: ReportScope? = existing) -> Bool {
    (scope?.secondDecodeDepth ?? 0) > 0
  }

  /// How many arrays this thread has decoded again whole so far: an array reads it before its
  /// first decode and gives ``decodingArrayWhole(after:in:_:)`` what it read.
  package static var wholeArraysDecoded: Int {
    wholeArrayCount.value
  }

  /// Runs `body`, which decodes again whole an array whose every element failed, as a second
  /// decode; returns `nil` without running it when that is not allowed.
  ///
  /// It is not allowed during a trial (which is already unusable), when an array inside this
  /// one was decoded again whole since `decodedBefore` (read with ``wholeArraysDecoded``
  /// before this array's first decode): a value already decoded twice below is not decoded
  /// again by a level around it, and more than ``maximumNestedWholeArrays`` deep. Without a
  /// scope it is never allowed.
  package static func decodingArrayWhole<Value>(
    after decodedBefore: Int, in scope: ReportScope? = current, _ body: () -> Value
  ) -> Value? {
    guard let scope, !scope.isInTrial, wholeArrayCount.value == decodedBefore,
      scope.wholeArrayDepth < maximumNestedWholeArrays
    else { return nil }
    wholeArrayCount.value &+= 1
    scope.wholeArrayDepth += 1
    scope.secondDecodeDepth += 1
    defer {
      scope.wholeArrayDepth -= 1
      scope.secondDecodeDepth -= 1
    }
    return body()
  }

  /// Runs `body`, the first decode of an array of records, and says whether an array of
  /// records around it is in its first decode too: that one decodes again to name the records
  /// of both, if any report needs it.
  static func firstDecodeOfRecords<Value>(
    in scope: ReportScope, _ body: () -> Value
  ) -> (value: Value, isOutermost: Bool) {
    scope.firstDecodesOfRecords += 1
    defer { scope.firstDecodesOfRecords -= 1 }
    return (body(), scope.firstDecodesOfRecords == 1)
  }

  /// Whether an array of records runs its first decode: it decodes again to name the records
  /// of what is reported inside it, so the collections inside (and its own elements, when it
  /// is decoded whole) leave naming to it, as an array inside does. Naming them sooner, around
  /// collections that leave it, could name a report by a record further out than the innermost
  /// one, which the array's second decode reads.
  static func namingIsLeftToAnArrayAround(_ scope: ReportScope? = existing) -> Bool {
    guard let scope else { return false }
    return scope.firstDecodesOfRecords > 0 && scope.secondDecodeDepth == 0
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
  /// The number of the last value of a collection begun before a hold kept this report (see
  /// `ReportScope.beginEntry()`): the value of a collection it was made in is the one with the
  /// largest number that is not larger.
  private(set) var entry = 0

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
    var report = HeldReport(
      reporter: reporter, error: error, codingPath: codingPath, record: record)
    report.entry = entry
    return report
  }

  /// The same report, kept by a hold while the value numbered `entry` decodes.
  func madeIn(entry: Int) -> HeldReport {
    var report = self
    report.entry = entry
    return report
  }

  /// Whether a record around the failure may still name this report better: it names none
  /// yet, or one read through the keys its type declares, which may miss an identifying key
  /// tried before.
  var needsNaming: Bool {
    record.map { !$0.isComplete } ?? true
  }
}

/// What a hold collected while it ran: the reports held back, in the order they were made, and
/// the failures of the values that caught their own errors (the entries of a dictionary, the
/// elements of an array decoded whole), in the order they failed, those the decoder then
/// dropped included (a dictionary keeps one entry of a key written twice).
///
/// A bounded hold keeps in full as many reports of each reporter as the reporter stores
/// (``ResilientDecodingErrorReporter/maximumStoredErrors``), the first ones, and only counts the
/// others by group, as the reporter would: passed on after the others, they are counted where
/// the reporter counts the errors past its maximum. What a bounded hold keeps does not grow with
/// the number of failures.
package struct HeldDiagnostics {
  package private(set) var reports: [HeldReport] = []
  /// The reports past each reporter's maximum, counted.
  private(set) var omitted:
    [(reporter: ResilientDecodingErrorReporter, counts: ErrorDigest.GroupCounts)] = []
  var caughtFailures: [CaughtFailure] = []
  /// Whether reports past a reporter's maximum are only counted.
  let isBounded: Bool
  /// How many reports of each reporter are kept in full (bounded holds only).
  private var keptCounts: [(reporter: ResilientDecodingErrorReporter, count: Int)] = []

  init(bounded: Bool) {
    isBounded = bounded
  }

  /// How many reports were held, kept in full or counted.
  package var count: Int {
    omitted.reduce(reports.count) { $0 + $1.counts.total }
  }

  /// Holds `report`: in full, or counted if the hold is bounded and already keeps as many of
  /// its reporter's as that reporter stores.
  mutating func add(_ report: HeldReport) {
    guard isBounded else {
      reports.append(report)
      return
    }
    let position: Int
    if let kept = keptCounts.firstIndex(where: { $0.reporter === report.reporter }) {
      position = kept
    } else {
      position = keptCounts.count
      keptCounts.append((report.reporter, 0))
    }
    guard keptCounts[position].count < report.reporter.maximumStoredErrors else {
      count(report)
      return
    }
    keptCounts[position].count += 1
    reports.append(report)
  }

  /// Counts a report that is not kept, in its group: the group counted last first, as the
  /// reporter does past its maximum, so that most reports cost a match, not a new pattern.
  private mutating func count(_ report: HeldReport) {
    let position =
      omitted.firstIndex { $0.reporter === report.reporter }
      ?? {
        omitted.append((report.reporter, ErrorDigest.GroupCounts()))
        return omitted.count - 1
      }()
    let kind = ErrorDigest.Kind(of: report.error)
    if !omitted[position].counts.countIfInLastGroup(kind: kind, at: report.codingPath) {
      omitted[position].counts.count(report.error, at: report.codingPath, in: report.record)
    }
  }

  /// Adds counts of reports to `reporter` that were not kept, after everything held so far.
  mutating func addOmitted(
    _ counts: ErrorDigest.GroupCounts, of reporter: ResilientDecodingErrorReporter
  ) {
    if let position = omitted.firstIndex(where: { $0.reporter === reporter }) {
      omitted[position].counts.add(counts)
    } else {
      omitted.append((reporter, counts))
    }
  }
}

extension ReportScope {
  /// Runs `body` while holding back the reports made on this thread, and returns what it
  /// returned with what was held, which has gone nowhere else: the caller passes it on
  /// (``passOn(_:in:renaming:)``) or drops it. A `bounded` hold keeps as many reports in full
  /// as their reporter stores, and counts the others (see ``HeldDiagnostics``).
  ///
  /// Holds nest: a report goes to the innermost. Where there is no scope, nothing is held:
  /// reports are recorded as they are made, and `held` is `nil`.
  package static func holdingReports<Value>(
    bounded: Bool = true, in scope: ReportScope? = current, _ body: () throws -> Value
  ) rethrows -> (value: Value, held: HeldDiagnostics?) {
    guard let scope else { return (try body(), nil) }
    scope.holds.append(HeldDiagnostics(bounded: bounded))
    do {
      let value = try body()
      return (value, scope.holds.removeLast())
    } catch {
      scope.holds.removeLast()
      throw error
    }
  }

  /// Whether the innermost running hold holds a report.
  static func innermostHoldHasReports(in scope: ReportScope? = existing) -> Bool {
    guard let scope, let hold = scope.holds.last else { return false }
    return hold.count > 0
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
  /// Runs `body`, which decodes the elements of an array or the entries of a dictionary as
  /// values that name their records, with `find` giving the record that holds the collection:
  /// what fails in an element that has no identifier belongs to it. Where there is no scope,
  /// `body` runs alone.
  static func withEnclosingRecord<Value>(
    _ find: @escaping () -> ReportedRecord?, in scope: ReportScope? = current,
    _ body: () throws -> Value
  ) rethrows -> Value {
    guard let scope else { return try body() }
    scope.enclosingRecords.append(EnclosingRecord(find))
    defer { scope.enclosingRecords.removeLast() }
    return try body()
  }

  /// The record holding the innermost collection whose values name their records, if it has
  /// an identifier.
  static func innermostEnclosingRecord(in scope: ReportScope? = existing) -> ReportedRecord? {
    scope?.enclosingRecords.last?.record
  }
}
