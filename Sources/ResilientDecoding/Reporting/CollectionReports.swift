/// What a collection passes on once it has decoded: the reports its values made while it held
/// them, and its own failures, in the collection's order.
///
/// Arrays and dictionaries both hold reports while their values decode, since a dictionary's
/// decoder hands entries over in no fixed order and an array may be decoded a second way whose
/// reports replace the first's. Each report belongs to the position of the element or entry it
/// came from. They are passed on by position (see `passOn(orderedBy:)`); at one position the
/// held reports come first, in the order they were made, then the collection's own failures,
/// in the order they were added. What the hold only counted comes last.
///
/// The collection's coding path is read only when something needs it: decoders build a path in
/// time that grows with its depth (`JSONDecoder` with its square), and a report that passes
/// through a collection at every level of a deep document must not make each level build its
/// own.
struct CollectionReports<Position> {
  private let findBase: () -> [any CodingKey]
  private var foundBase: [any CodingKey]?
  private var pending: [(position: Position, report: HeldReport)] = []
  private let held: HeldDiagnostics?

  /// Starts with `held`, what was held while the collection at `base`, its coding path,
  /// decoded; `position` names the position of the component after `base` (`nil` for a report
  /// at `base` itself): the index of an array element.
  ///
  /// A path that does not start at `base` was started afresh by a decoder that decodes the
  /// collection with a decoder of its own (GRDB's JSON columns): it is moved under `base`.
  init(
    base: [any CodingKey], held: HeldDiagnostics?,
    position: @escaping ((any CodingKey)?) -> Position
  ) {
    findBase = { base }
    foundBase = base
    self.held = held
    for report in held?.reports ?? [] {
      let path = rerooted(report.codingPath, onto: base)
      let component = path.count > base.count ? path[base.count] : nil
      add(report, at: path, position: position(component))
    }
  }

  /// Starts with `held`, what was held while the dictionary whose path `base` gives decoded,
  /// each report at the key of the entry it was made in: `entryKeys` gives the key of the
  /// entry a report's number falls in (see `HeldReport.entry`), `nil` for one made outside
  /// every entry, which comes first.
  ///
  /// A report whose path starts with its entry's key may have been started afresh by a decoder
  /// of the entry's own (GRDB's JSON columns): only then is the dictionary's path read, and the
  /// report moved under it if it does not start there.
  init(
    base: @escaping () -> [any CodingKey], held: HeldDiagnostics,
    entryKeys: EntryKeys, position: (String?) -> Position
  ) {
    findBase = base
    self.held = held
    for report in held.reports {
      let key = entryKeys.key(containing: report.entry)
      var path = report.codingPath
      if let key, path.first?.stringValue == key {
        path = rerooted(path, onto: self.base())
      }
      add(report, at: path, position: position(key))
    }
  }

  /// The collection's coding path, read when first needed.
  mutating func base() -> [any CodingKey] {
    if let foundBase { return foundBase }
    let base = findBase()
    foundBase = base
    return base
  }

  /// Adds a held report, moved to `path`, at `position`.
  private mutating func add(_ report: HeldReport, at path: [any CodingKey], position: Position) {
    let record = report.record?.moved(by: path.count - report.codingPath.count)
    pending.append(
      (
        position,
        HeldReport(reporter: report.reporter, error: report.error, codingPath: path, record: record)
      ))
  }

  /// Adds a failure of the collection's own, at `path` (under the collection's path), in
  /// `record`, after everything added at `position` so far.
  mutating func add(
    _ error: any Error, at path: [any CodingKey], position: Position,
    to reporter: ResilientDecodingErrorReporter, record: ReportedRecord? = nil
  ) {
    let report = HeldReport(reporter: reporter, error: error, codingPath: path, record: record)
    pending.append((position, report))
  }

  /// Passes everything on, ordered by position (`compare` answers negative, zero or positive, as
  /// the first position comes before, with or after the second), then in the order it was
  /// added; then what the hold only counted.
  ///
  /// Reports added in order (an array's usually are, and so is a single report) are passed on
  /// as they are, without sorting.
  func passOn(orderedBy compare: (Position, Position) -> Int) {
    let scope = ReportScope.existing
    if pending.indices.dropFirst().allSatisfy({
      compare(pending[$0 - 1].position, pending[$0].position) <= 0
    }) {
      for (_, report) in pending { ReportScope.report(report, in: scope) }
    } else {
      let ordered = pending.enumerated().sorted { lhs, rhs in
        let order = compare(lhs.element.position, rhs.element.position)
        return order != 0 ? order < 0 : lhs.offset < rhs.offset
      }
      for (_, pending) in ordered { ReportScope.report(pending.report, in: scope) }
    }
    if let held { ReportScope.passOnOmitted(held, in: scope) }
  }
}

/// The keys of a dictionary's entries by the numbers their values were given as they began to
/// decode (see `ReportScope.beginEntry()`), to tell which entry a held report was made in.
struct EntryKeys {
  /// The numbers and keys, by increasing number.
  private let starts: [(entry: Int, key: String)]

  init(_ starts: [(entry: Int, key: String)]) {
    self.starts = starts.sorted { $0.entry < $1.entry }
  }

  /// The key of the entry whose value began last at or before `entry`; `nil` if none did.
  func key(containing entry: Int) -> String? {
    var (low, high) = (0, starts.count)
    while low < high {
      let middle = (low + high) / 2
      if starts[middle].entry <= entry { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? nil : starts[low - 1].key
  }
}
