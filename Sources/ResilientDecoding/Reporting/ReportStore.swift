// The one bound on what failure handling keeps: a reporter's entries and each hold's are kept
// by a `ReportStore`, which keeps the first reports in full and counts the others by group.

/// A failure as reported: its error, the coding path of the value that failed, and the record
/// that value is in, if known yet.
struct Report: @unchecked Sendable {
  // `@unchecked`: the error is `Sendable` (every `Error` is); the coding keys are values
  // copied out of decoding, never mutated.
  let error: any Error
  var codingPath: [any CodingKey]
  var record: ReportedRecord?
  /// Whether `codingPath` is known to be the path of `error`'s own context, so that the entry
  /// that keeps it need not compare them.
  var isErrorsPath = false
}

extension Report {
  /// The report of a failure as it is kept: a key of the data longer than `BoundedText.limit`,
  /// in its path or in its error's, cut to that length, as values from the data are, so that a
  /// key of megabytes costs a digest a bounded copy of it.
  static func bounded(
    error: any Error, codingPath: [any CodingKey], facts: CodingPathFacts = CodingPathFacts(),
    record: ReportedRecord?
  ) -> Report {
    // Each key read once: a report's path is often its error's own (the same array), and its
    // first keys may be known to be short.
    let errorPath = facts.isErrorsPath ? codingPath : error.decodingContextPath
    let isSharedPath =
      facts.isErrorsPath || (errorPath.map { isSamePathArray($0, codingPath) } ?? false)
    let pathIsLong = BoundedText.anyIsLong(
      codingPath[min(facts.boundedPrefix, codingPath.count)...])
    let errorIsLong = isSharedPath ? pathIsLong : errorPath.map(BoundedText.anyIsLong) ?? false
    guard pathIsLong || errorIsLong else {
      return Report(
        error: error, codingPath: codingPath, record: record, isErrorsPath: isSharedPath)
    }
    return Report(
      error: errorIsLong ? BoundedText.bounded(error) : error,
      codingPath: pathIsLong ? BoundedText.bounded(codingPath) : codingPath, record: record)
  }
}

/// Where a report comes among those of one store: the first ones are kept in full.
struct ReportPosition: Sendable {
  /// Which part of a collection the report belongs to.
  enum Place: Sendable {
    /// Ordered by arrival alone: everything of a reporter or of an array, and a dictionary's
    /// reports at its own path.
    case arrival
    /// A dictionary entry whose key is not known yet, by the number it began with; only ever
    /// compared with itself (see `Holds`).
    case entry(Int)
    /// A dictionary entry, by its key as written.
    case key(String)
  }

  var place: Place
  /// The order of arrival, within the store.
  var sequence: Int

  /// Whether this position comes before `other`: reports at the dictionary's own path first,
  /// then entries in key order, each entry's reports in the order they arrived.
  func precedes(_ other: ReportPosition) -> Bool {
    switch (place, other.place) {
    case (.arrival, .arrival): return sequence < other.sequence
    case (.arrival, _): return true
    case (_, .arrival): return false
    case (.key(let left), .key(let right)):
      let order = left.comparedInKeyOrder(with: right)
      return order != 0 ? order < 0 : sequence < other.sequence
    case (.entry(let left), .entry(let right)):
      return left != right ? left < right : sequence < other.sequence
    case (.entry, .key), (.key, .entry):
      // Never compared: a hold names every entry's key before it mixes them.
      return sequence < other.sequence
    }
  }
}

/// The reports of one reporter that a reporter or a hold keeps: the first
/// ``capacity`` by position in full, and the others counted by group, so that what it holds
/// does not grow with the number of failures.
///
/// Reports usually arrive in order, and are then appended or counted; a dictionary's arrive in
/// the order its decoder hands entries over, and once it is full they go through a heap that
/// gives up its last report for an earlier one.
struct ReportStore: Sendable {
  /// How many reports it keeps in full.
  let capacity: Int
  /// The reports kept in full, and their positions at the same indices: in order while
  /// `isOrdered`, in no order while it is not, a heap with the last report first once it is
  /// full and not ordered. Two arrays, so that an ordered store hands its entries over as they
  /// are.
  private var entries: [ErrorDigest.Entry] = []
  private var positions: [ReportPosition] = []
  private var isOrdered = true
  private var isHeap = false
  /// The reports past the first ``capacity``, counted by group.
  private(set) var omitted = ErrorDigest.GroupCounts()

  init(capacity: Int) {
    self.capacity = max(0, capacity)
  }

  /// How many reports it kept in full.
  var keptCount: Int { entries.count }

  /// How many reports it holds, kept in full or counted.
  var count: Int { entries.count + omitted.total }

  /// Adds `report` at `position`: kept if it is among the first ``capacity`` by position, which
  /// may make the last one kept so far a counted one, counted otherwise.
  mutating func add(_ report: Report, at position: ReportPosition) {
    insert(at: position, entry: ErrorDigest.Entry(report), report: report)
  }

  /// Adds `entry`, kept in full by another store, at `position`, as ``add(_:at:)`` adds a
  /// report.
  mutating func add(_ entry: ErrorDigest.Entry, at position: ReportPosition) {
    insert(at: position, entry: entry, report: entry.report)
  }

  /// Adds a report at `position`: `entry` if it is kept in full, `report` if it is counted; each
  /// made only if needed.
  private mutating func insert(
    at position: ReportPosition, entry: @autoclosure () -> ErrorDigest.Entry,
    report: @autoclosure () -> Report
  ) {
    if entries.count < capacity {
      if !positions.isEmpty, position.precedes(positions[positions.count - 1]) { isOrdered = false }
      entries.append(entry())
      positions.append(position)
      if isHeap { siftUp(entries.count - 1) }
      return
    }
    if entries.isEmpty || (isOrdered && !position.precedes(positions[positions.count - 1])) {
      // The common case past the maximum: a report after every kept one, most likely in the
      // group counted last.
      let report = report()
      if omitted.countIfInLastGroup(report, at: position) { return }
      return omitted.count(report, at: position)
    }
    if !isHeap {
      isOrdered = false
      makeHeap()
    }
    guard position.precedes(positions[0]) else { return omitted.count(report(), at: position) }
    omitted.count(entries[0].report, at: positions[0])
    entries[0] = entry()
    positions[0] = position
    siftDown(0)
  }

  /// Whether a failure `error` at a path of `codingPath`'s pattern, arriving after every report
  /// held, would only be counted, in the group counted last: one whose record is never read.
  func countsInLastGroup(_ error: any Error, at codingPath: [any CodingKey]) -> Bool {
    let next = ReportPosition(place: .arrival, sequence: .max)
    guard entries.count >= capacity,
      entries.isEmpty || (isOrdered && !next.precedes(positions[positions.count - 1]))
    else { return false }
    return omitted.isLastGroup(of: error, at: codingPath, after: next)
  }

  /// Adds the failure of a value, `error` at `codingPath` in `record`, at `position`, as the
  /// digest keeps it (bounded: see ``Report/bounded(error:codingPath:record:)``).
  mutating func add(
    error: any Error, codingPath: [any CodingKey], facts: CodingPathFacts,
    record: ReportedRecord?, at place: ReportPosition.Place, sequence: Int
  ) {
    add(
      Report.bounded(error: error, codingPath: codingPath, facts: facts, record: record),
      at: ReportPosition(place: place, sequence: sequence))
  }

  /// Adds everything `other` holds at `place`, after what this store holds there: its reports
  /// kept in full in their order, then those it only counted; `sequence` numbers them.
  mutating func add(
    contentsOf other: consuming ReportStore, at place: ReportPosition.Place,
    sequence: inout Int
  ) {
    let (entries, omitted) = other.drain()
    for entry in entries {
      add(entry, at: ReportPosition(place: place, sequence: sequence))
      sequence += 1
    }
    add(counts: omitted, at: place, sequence: &sequence)
  }

  /// Gives the reports made in the dictionary entry numbered `entry` the place `place`: a
  /// hold names the key of an entry that had none.
  mutating func place(entry: Int, at place: ReportPosition.Place) {
    reposition { position in
      guard case .entry(entry) = position.place else { return position }
      return ReportPosition(place: place, sequence: position.sequence)
    }
  }

  /// Adds the errors that another store only counted, all at `place`, after its reports kept
  /// in full; `sequence` numbers their groups, in the order of their first errors.
  mutating func add(
    counts: ErrorDigest.GroupCounts, at place: ReportPosition.Place, sequence: inout Int
  ) {
    omitted.add(counts) { _ in
      defer { sequence += 1 }
      return ReportPosition(place: place, sequence: sequence)
    }
  }

  /// Changes every position with `reposition`, which must keep the order of the positions it
  /// was given: a hold names the key of an entry that had none.
  mutating func reposition(_ reposition: (ReportPosition) -> ReportPosition) {
    for index in positions.indices { positions[index] = reposition(positions[index]) }
    omitted.reposition(reposition)
  }

  /// Changes the path and record of every report, kept or counted first in its group, with
  /// `transform`, which returns `nil` to keep them: a hold moves reports under its
  /// collection's path, or names their records.
  mutating func transform(
    _ transform: ([any CodingKey], ReportedRecord?) -> (
      codingPath: [any CodingKey], record: ReportedRecord?
    )?
  ) {
    for index in entries.indices {
      let entry = entries[index]
      guard let changed = transform(entry.codingPath, entry.record) else { continue }
      entries[index] = ErrorDigest.Entry(
        codingPath: changed.codingPath, error: entry.error, record: changed.record)
    }
    omitted.transformFirsts(transform)
  }

  /// Whether `isTrue` holds for the path and record of a report, kept in full or counted first
  /// in its group.
  func contains(where isTrue: ([any CodingKey], ReportedRecord?) -> Bool) -> Bool {
    entries.contains { isTrue($0.codingPath, $0.record) }
      || omitted.containsFirst(where: isTrue)
  }

  /// The reports kept in full, in order, and the counts of the others.
  consuming func drain() -> (entries: [ErrorDigest.Entry], omitted: ErrorDigest.GroupCounts) {
    guard !isOrdered else { return (entries, omitted) }
    return (Self.order(of: positions).map { entries[$0] }, omitted)
  }

  /// The indices of `positions` in the order the positions go in, equal ones in the order they
  /// have: a merge sort of the indices, bottom up.
  ///
  /// Written here rather than `sorted(by:)`: in an unoptimised build the standard library's
  /// sort runs unspecialised, and cost a dictionary with a few hundred failures more than
  /// everything else its reports did.
  static func order(of positions: [ReportPosition]) -> [Int] {
    let count = positions.count
    var order = [Int](0..<count)
    var merged = order
    var width = 1
    while width < count {
      positions.withUnsafeBufferPointer { positions in
        order.withUnsafeBufferPointer { order in
          merged.withUnsafeMutableBufferPointer { merged in
            var start = 0
            while start < count {
              let middle = Swift.min(start + width, count)
              let end = Swift.min(middle + width, count)
              var (left, right, next) = (start, middle, start)
              while left < middle || right < end {
                // The right run's first goes first only if it strictly precedes: stable.
                let takesRight =
                  left == middle
                  || (right < end && positions[order[right]].precedes(positions[order[left]]))
                if takesRight {
                  merged[next] = order[right]
                  right += 1
                } else {
                  merged[next] = order[left]
                  left += 1
                }
                next += 1
              }
              start = end
            }
          }
        }
      }
      swap(&order, &merged)
      width *= 2
    }
    return order
  }

  // MARK: Heap

  private mutating func makeHeap() {
    isHeap = true
    for index in stride(from: entries.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
  }

  private mutating func siftUp(_ start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard positions[parent].precedes(positions[child]) else { return }
      swapAt(parent, child)
      child = parent
    }
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    while true {
      var last = parent
      let left = 2 * parent + 1
      if left < positions.count, positions[last].precedes(positions[left]) { last = left }
      let right = left + 1
      if right < positions.count, positions[last].precedes(positions[right]) { last = right }
      guard last != parent else { return }
      swapAt(parent, last)
      parent = last
    }
  }

  private mutating func swapAt(_ first: Int, _ second: Int) {
    entries.swapAt(first, second)
    positions.swapAt(first, second)
  }
}
