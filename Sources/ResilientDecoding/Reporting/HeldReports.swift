// Reports held back while a collection decodes, to be passed on in its order: what a hold keeps
// and how it stays bounded.

/// A report held back while a collection decodes, to be passed on in the collection's order.
package struct HeldReport: Sendable {
  let reporter: ResilientDecodingErrorReporter
  let error: any Error
  let codingPath: [any CodingKey]
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
  private(set) var reports: [HeldReport] = []
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
  var count: Int {
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
