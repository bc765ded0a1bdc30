/// What a collection passes on once it has decoded: the reports its values made while it held
/// them, and its own failures, in the collection's order.
///
/// Arrays and dictionaries both hold reports while their values decode, since a dictionary's
/// decoder hands entries over in no fixed order and an array may be decoded a second way whose
/// reports replace the first's. Each report belongs to the position of the element or entry it
/// came from: the index of an array element, the key of a dictionary entry, read from the
/// component of its path right after the collection's own. They are passed on by position (see
/// `passOn(orderedBy:)`); at one position the held reports come first, in the order they were
/// made, then the collection's own failures, in the order they were added. What the hold only
/// counted comes last.
struct CollectionReports<Position> {
  private let base: [any CodingKey]
  private let position: ((any CodingKey)?) -> Position
  private var pending: [(position: Position, report: HeldReport)] = []
  private let held: HeldDiagnostics?

  /// Starts with `held`, what was held while the collection at `base`, its coding path,
  /// decoded; `position` names the position of the component after `base` (`nil` for a report
  /// at `base` itself).
  ///
  /// A path that does not start at `base` was started afresh by a decoder that decodes the
  /// collection with a decoder of its own (GRDB's JSON columns): it is moved under `base`.
  init(
    base: [any CodingKey], held: HeldDiagnostics?,
    position: @escaping ((any CodingKey)?) -> Position
  ) {
    self.base = base
    self.position = position
    self.held = held
    for report in held?.reports ?? [] {
      let path = rerooted(report.codingPath, onto: base)
      let record = report.record?.moved(by: path.count - report.codingPath.count)
      add(report.error, at: path, to: report.reporter, record: record)
    }
  }

  /// Adds a failure of the collection's own, at `path` (under `base`), in `record`, after
  /// everything added at its position so far.
  mutating func add(
    _ error: any Error, at path: [any CodingKey], to reporter: ResilientDecodingErrorReporter,
    record: ReportedRecord? = nil
  ) {
    let component = path.count > base.count ? path[base.count] : nil
    let report = HeldReport(reporter: reporter, error: error, codingPath: path, record: record)
    pending.append((position(component), report))
  }

  /// Passes everything on, ordered by position (`compare` answers negative, zero or positive, as
  /// the first position comes before, with or after the second), then in the order it was
  /// added; then what the hold only counted.
  func passOn(orderedBy compare: (Position, Position) -> Int) {
    let ordered = pending.enumerated().sorted { lhs, rhs in
      let order = compare(lhs.element.position, rhs.element.position)
      return order != 0 ? order < 0 : lhs.offset < rhs.offset
    }
    var reports = HeldDiagnostics(bounded: false)
    for (_, pending) in ordered { reports.add(pending.report) }
    ReportScope.passOn(reports)
    if let held { ReportScope.passOnOmitted(held) }
  }
}
