/// What one thread's failure handling knows while it decodes: whether a dictionary's trial
/// runs, the holds of the collections decoding, the second decodes under way and the records
/// around the values that name theirs.
///
/// Only the failure API (`Failures`) reads and changes it; the internals document
/// (Documentation/Internals) explains each part. A scope is made on a thread's first use and
/// released when the thread exits. Where threads have no local storage there is no scope (`nil`,
/// and ``canHoldReports`` is `false`): no trial runs, nothing is held, every report is recorded at
/// once.
package final class ReportScope {
  /// How many dictionaries of one type of values skip their trial, on one thread, after a
  /// trial for that type could not be used.
  static let trialsSkippedAfterFailure = 32

  /// How many arrays may be decoded again whole one inside another: past it, an array keeps
  /// what its first decode gave. Only a decoder that reads an array differently the second way
  /// at every level reaches it.
  static let maximumNestedWholeArrays = 8

  /// Whether a trial runs: dictionaries decoded inside it are part of it.
  fileprivate(set) var isInTrial = false

  /// Whether something was reported or asserted during the running trial.
  fileprivate(set) var trialIsSpoiled = false

  /// For each type of values whose trial could not be used recently, how many more to skip.
  fileprivate var trialsToSkip = TrialSkips()

  /// What each running hold collected, innermost last.
  fileprivate var holds: [HeldDiagnostics] = []

  /// The records around the collections whose values name their records, innermost last.
  fileprivate var enclosingRecords: [EnclosingRecord] = []

  /// How many second decodes run, one inside another.
  fileprivate(set) var secondDecodeDepth = 0

  /// How many arrays are being decoded again whole, one inside another.
  fileprivate var wholeArrayDepth = 0

  /// How many arrays of records run their first decode, one inside another.
  fileprivate var firstDecodesOfRecords = 0

  /// Creates the scope of a thread that has done nothing yet.
  init() {}

  private static let storage = ThreadLocal<ReportScope>()

  /// How many arrays this thread has decoded again whole: an array compares it before and
  /// after its own first decode to learn whether one inside it was. A word of its own, so that
  /// reading it costs a clean array no reference count.
  fileprivate static let wholeArrayCount = ThreadLocalWord()

  /// How many values of collections this thread has begun to decode one by one (see
  /// ``beginEntry()``): a value notes the count as it begins, and a hold notes it in each
  /// report it keeps, so that a collection can tell which of its values a report was made in
  /// without reading any coding path, which decoders build in time that grows with the depth.
  private static let entriesBegun = ThreadLocalWord()

  /// The calling thread's scope, made on first use; `nil` without thread-local storage.
  static var current: ReportScope? {
    storage.object(makingWith: ReportScope.init)
  }

  /// The calling thread's scope if it has one yet; never makes one.
  static var existing: ReportScope? {
    storage.existingObject
  }

  /// Whether this platform keeps a scope per thread, so that reports can be held and trials
  /// run. Without it, collections report as they go, in the order their decoder hands values
  /// over, and an array whose every element failed is not decoded again whole.
  static var canHoldReports: Bool {
    ThreadLocal<ReportScope>.isSupported
  }

  /// Whether a second decode runs: no trial runs inside it, and arrays name their records as
  /// they decode.
  var isDecodingAgain: Bool {
    secondDecodeDepth > 0
  }
}

// MARK: - Reporting

extension ReportScope {
  /// Reports `report`: dropped if a trial runs (the trial is then spoiled, and the dictionary
  /// decodes again and reports it again), held if a hold runs, recorded otherwise.
  static func report(_ report: HeldReport, in scope: ReportScope? = existing) {
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

  /// Reports again what a hold gave back, in order, then what it only counted: into the hold
  /// around it, if one runs; `rename` may name the record of each report first.
  static func passOn(
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

  /// Notes, in the innermost running hold, a value that caught its own error, so that its
  /// collection can tell whether the decoder kept it.
  static func noteCaughtFailure(_ failure: CaughtFailure, in scope: ReportScope? = existing) {
    guard let scope, !scope.holds.isEmpty else { return }
    scope.holds[scope.holds.count - 1].caughtFailures.append(failure)
  }

  /// Whether a trial takes a DEBUG assertion over, spoiling itself: the assertion must then not
  /// be raised, since the dictionary decodes again and raises it then. Holds never take one.
  static func takesAssertion(in scope: ReportScope? = existing) -> Bool {
    guard let scope, scope.isInTrial else { return false }
    scope.trialIsSpoiled = true
    return true
  }
}

// MARK: - Trials

/// What a dictionary's trial gave. Not generic: in the library's unspecialised code, each
/// type of value a generic result were made for would cost the runtime its metadata, the
/// first time, in every app; the dictionary keeps what it decoded itself.
enum TrialVerdict {
  /// The trial ran and nothing was reported or asserted: what it decoded can be used.
  case usable
  /// The trial ran and cannot be used: the dictionary decodes again, entry by entry.
  case unusable
  /// The dictionary is part of a trial around it, which cannot be used now: nothing it decodes
  /// will be kept.
  case spoilsTrialAround
  /// No trial ran: skipped after recent failures, decoded again, or no scope.
  case notRun
}

/// How a dictionary's trial begins.
enum TrialStart {
  /// A trial of its own runs.
  case own(ObjectIdentifier)
  /// The dictionary is part of the trial around it, which is spoiled already if `spoiled`.
  case partOfTrialAround(spoiled: Bool)
  /// No trial runs.
  case none
}

extension ReportScope {
  /// Begins a trial for a dictionary of the values `values` names, or says why none runs:
  /// trials do not nest, none runs inside a second decode, and a type whose trial could not be
  /// used is skipped for a while.
  func beginTrial(for values: ObjectIdentifier) -> TrialStart {
    if isInTrial { return .partOfTrialAround(spoiled: trialIsSpoiled) }
    if isDecodingAgain { return .none }
    if trialsToSkip.takeSkip(for: values) { return .none }
    isInTrial = true
    trialIsSpoiled = false
    return .own(values)
  }

  /// Ends what ``beginTrial(for:)`` began; `decoded`: whether the dictionary decoded meanwhile
  /// (without throwing).
  func endTrial(_ start: TrialStart, decoded: Bool) -> TrialVerdict {
    switch start {
    case .own(let values):
      let spoiled = trialIsSpoiled
      isInTrial = false
      trialIsSpoiled = false
      guard decoded, !spoiled else {
        trialsToSkip.skip(Self.trialsSkippedAfterFailure, for: values)
        return .unusable
      }
      return .usable
    case .partOfTrialAround:
      if decoded, !trialIsSpoiled { return .usable }
      trialIsSpoiled = true
      return .spoilsTrialAround
    case .none:
      return .notRun
    }
  }

  /// Stops skipping trials for the values `values` names: its last trial failed only because
  /// the value was not a dictionary at all (missing, `null`, another kind), which says nothing
  /// about the entries of the next one.
  func forgetFailedTrial(for values: ObjectIdentifier) {
    trialsToSkip.forget(values)
  }
}

/// How many more trials to skip for each type of values whose trial could not be used
/// recently, oldest first.
///
/// A short list searched in order rather than a `Dictionary`: the first dictionary keyed by
/// `ObjectIdentifier` in a process makes the runtime look for that conformance through every
/// conformance record of the process, a cost that plain `Codable` does not pay.
struct TrialSkips {
  /// How many types it keeps at most: past it, the oldest is forgotten (its next dictionary
  /// runs a trial again, which only costs time).
  static let capacity = 64

  private var entries: [(values: ObjectIdentifier, remaining: Int)] = []

  /// Whether a trial for `values` is to be skipped, counting the skip.
  mutating func takeSkip(for values: ObjectIdentifier) -> Bool {
    guard !entries.isEmpty, let index = entries.firstIndex(where: { $0.values == values })
    else { return false }
    if entries[index].remaining > 1 {
      entries[index].remaining -= 1
    } else {
      entries.remove(at: index)
    }
    return true
  }

  /// Skips the next `count` trials for `values`.
  mutating func skip(_ count: Int, for values: ObjectIdentifier) {
    if let index = entries.firstIndex(where: { $0.values == values }) {
      entries[index].remaining = count
      return
    }
    if entries.count == Self.capacity { entries.removeFirst() }
    entries.append((values, count))
  }

  /// Runs the next trial for `values`.
  mutating func forget(_ values: ObjectIdentifier) {
    entries.removeAll { $0.values == values }
  }
}

// MARK: - Holds

extension ReportScope {
  /// Begins holding back the reports made on this thread; a `bounded` hold keeps as many in
  /// full as their reporter stores and counts the others (see ``HeldDiagnostics``). Holds
  /// nest: a report goes to the innermost.
  func beginHold(bounded: Bool) {
    holds.append(HeldDiagnostics(bounded: bounded))
  }

  /// Ends the innermost hold and gives back what it held, which has gone nowhere else.
  func endHold() -> HeldDiagnostics {
    holds.removeLast()
  }

  /// Whether the innermost running hold holds a report.
  static func innermostHoldHasReports(in scope: ReportScope? = existing) -> Bool {
    guard let scope, let hold = scope.holds.last else { return false }
    return hold.count > 0
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
  /// Begins a second decode; ``endSecondDecode()`` ends it.
  func beginSecondDecode() {
    secondDecodeDepth += 1
  }

  func endSecondDecode() {
    secondDecodeDepth -= 1
  }

  /// How many arrays this thread has decoded again whole so far (see
  /// ``beginArrayDecodedWhole(after:)``).
  static var wholeArraysDecoded: Int {
    wholeArrayCount.value
  }

  /// Begins decoding again whole an array whose every element failed, as a second decode, if
  /// that is allowed: not during a trial (which is already unusable), not when an array inside
  /// this one was decoded again whole since `decodedBefore` (a value already decoded twice below
  /// is not decoded again by a level around it), and not more than
  /// ``maximumNestedWholeArrays`` deep.
  func beginArrayDecodedWhole(after decodedBefore: Int) -> Bool {
    guard !isInTrial, Self.wholeArrayCount.value == decodedBefore,
      wholeArrayDepth < Self.maximumNestedWholeArrays
    else { return false }
    Self.wholeArrayCount.value &+= 1
    wholeArrayDepth += 1
    secondDecodeDepth += 1
    return true
  }

  func endArrayDecodedWhole() {
    wholeArrayDepth -= 1
    secondDecodeDepth -= 1
  }

  /// Begins the first decode of an array of records, and says whether it is the outermost:
  /// an array of records around it, in its first decode too, decodes again to name the records
  /// of both, if any report needs it.
  func beginFirstDecodeOfRecords() -> Bool {
    firstDecodesOfRecords += 1
    return firstDecodesOfRecords == 1
  }

  func endFirstDecodeOfRecords() {
    firstDecodesOfRecords -= 1
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

// MARK: - Records around values

/// The record holding a collection whose values name their records, found when first needed.
final class EnclosingRecord {
  private let find: () -> ReportedRecord?
  private(set) lazy var record: ReportedRecord? = find()

  init(_ find: @escaping () -> ReportedRecord?) {
    self.find = find
  }
}

extension ReportScope {
  /// Begins decoding the values of a collection that name their records, `enclosing` giving
  /// the record that holds the collection: what fails in a value that has no identifier
  /// belongs to it.
  func beginNamingValues(enclosedBy enclosing: EnclosingRecord) {
    enclosingRecords.append(enclosing)
  }

  func endNamingValues() {
    enclosingRecords.removeLast()
  }

  /// The record holding the innermost collection whose values name their records, if it has
  /// an identifier.
  static func innermostEnclosingRecord(in scope: ReportScope? = existing) -> ReportedRecord? {
    scope?.enclosingRecords.last?.record
  }
}
