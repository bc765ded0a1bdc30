// The funnel's last step: where a report goes once it is made. Dropped while a discarding scope
// runs (a dictionary's trial, whose decode may be thrown away), kept by the innermost hold if
// one runs (a collection that passes its reports on in an order of its own), recorded by its
// reporter otherwise. Every report of a value and every DEBUG assertion comes through here.

/// A report on its way to `reporter`.
struct HeldReport: Sendable {
  let reporter: ResilientDecodingErrorReporter
  var report: Report
}

/// The holds open on one thread, innermost last, and the discarding scope, if one runs.
struct HoldStack {
  fileprivate var holds: [Hold] = []
  /// Whether a discarding scope runs, and whether it dropped anything yet.
  fileprivate var discarding: (isOpen: Bool, droppedAny: Bool) = (false, false)

  /// Whether a discarding scope runs.
  var isDiscarding: Bool {
    discarding.isOpen
  }
}

/// How a hold orders what it keeps.
package enum HoldOrder {
  /// In the order reports arrive: an array's elements, a value's properties.
  case arrival
  /// By the key of the dictionary entry each report was made in, then in the order they
  /// arrived: decoders hand entries over in hash order, which changes from run to run.
  case entryKey
}

/// Where the reporter of a hold's document is read, when a report first reaches the hold.
enum HoldOwner {
  /// The site of the collection that holds.
  case site(any ValueSite)
  /// The reporter itself, already known; `nil` for a document without one.
  case reporter(ResilientDecodingErrorReporter?)

  /// The reporter registered for the document the holding value belongs to, if any.
  fileprivate func findReporter() -> ResilientDecodingErrorReporter? {
    switch self {
    case .site(let site): site.findReporter()
    case .reporter(let reporter): reporter
    }
  }
}

/// The reports a collection holds back while its values decode, for each reporter: the first
/// ones by position in full, the others counted (see ``ReportStore``).
///
/// A hold keeps only the reports of its own document: those for the reporter its collection's
/// decoder has. A document decoded inside one of its values (a second decoder in an
/// `init(from:)`, with a reporter of its own) reports past it, to its own holds or reporter.
private struct Hold {
  let order: HoldOrder
  /// Where the reporter of the hold's document is read.
  let owner: HoldOwner
  /// The reporter of the hold's document, once read.
  var ownReporter: ResilientDecodingErrorReporter??
  var stores: [(reporter: ResilientDecodingErrorReporter, store: ReportStore)] = []
  /// The arrival order of the next report.
  var sequence = 0
  /// Entry-key holds: the number of the entry decoding now, counted from 1 (see
  /// `Holds.beginEntry()`).
  var entry = 0
  /// Entry-key holds: the only entry that made reports so far, while its key is not known,
  /// and the path of one of them.
  var unnamedEntry: (entry: Int, path: [any CodingKey])?
  /// Entry-key holds: reads the dictionary's coding path, which decoders build in time that
  /// grows with the depth: read once, when a second entry makes a report, so that a report that
  /// passes through a dictionary at every level of a deep document does not make each level
  /// build its path.
  let readBase: (() -> [any CodingKey])?
  /// The dictionary's coding path, once read.
  var base: [any CodingKey]?
  /// How many reports of each reporter the hold around kept in full when this one began, if
  /// it keeps them in arrival order too: this one keeps no more than that hold has room for.
  let roomAround: [(reporter: ResilientDecodingErrorReporter, room: Int)]

  /// Whether reports for `reporter` belong to the hold's document, the hold's reporter read
  /// the first time a report reaches it.
  mutating func belongs(_ reporter: ResilientDecodingErrorReporter) -> Bool {
    if let ownReporter { return ownReporter === reporter }
    let found = owner.findReporter()
    ownReporter = .some(found)
    return found === reporter
  }

  /// The store of `reporter`'s reports, made on first use.
  mutating func storeIndex(for reporter: ResilientDecodingErrorReporter) -> Int {
    if let index = stores.firstIndex(where: { $0.reporter === reporter }) { return index }
    let room =
      roomAround.first { $0.reporter === reporter }?.room ?? reporter.maximumStoredErrors
    stores.append((reporter, ReportStore(capacity: room)))
    return stores.count - 1
  }

  /// The dictionary's coding path, read on first use.
  mutating func readBaseOnce() -> [any CodingKey] {
    if let base { return base }
    let read = readBase?() ?? []
    base = read
    return read
  }

  /// The place of a report made at `path` in the entry decoding now.
  mutating func place(of path: [any CodingKey]) -> ReportPosition.Place {
    guard order == .entryKey else { return .arrival }
    if let base { return Self.place(of: path, under: base) }
    guard let unnamed = unnamedEntry, unnamed.entry != entry else {
      if unnamedEntry == nil { unnamedEntry = (entry, path) }
      return .entry(entry)
    }
    // A second entry made a report: the dictionary's path tells where their keys are.
    let base = readBaseOnce()
    reposition(entry: unnamed.entry, to: Self.place(of: unnamed.path, under: base))
    unnamedEntry = nil
    return Self.place(of: path, under: base)
  }

  /// Gives the reports of `entry` the place `place`.
  mutating func reposition(entry: Int, to place: ReportPosition.Place) {
    for index in stores.indices {
      stores[index].store.reposition { position in
        guard case .entry(entry) = position.place else { return position }
        return ReportPosition(place: place, sequence: position.sequence)
      }
    }
  }

  /// The place of a report at `path` in a dictionary at `base`: the key after `base`, or, for
  /// a path that a decoder of the dictionary's own started afresh, its first key; the
  /// dictionary's own place if the path ends at the dictionary.
  static func place(of path: [any CodingKey], under base: [any CodingKey])
    -> ReportPosition.Place
  {
    if path.count >= base.count, isSamePath(path.prefix(base.count), base) {
      return path.count > base.count ? .key(path[base.count].stringValue) : .arrival
    }
    return path.first.map { .key($0.stringValue) } ?? .arrival
  }

  /// Keeps `held`, a report made on this thread while this hold is the innermost.
  mutating func add(_ held: HeldReport) {
    let position = ReportPosition(place: place(of: held.report.codingPath), sequence: sequence)
    sequence += 1
    let index = storeIndex(for: held.reporter)
    stores[index].store.add(held.report, at: position)
  }

  /// Adds the reports `reporter`'s store of a hold inside this one only counted, after what it
  /// kept in full.
  mutating func add(counts: ErrorDigest.GroupCounts, of reporter: ResilientDecodingErrorReporter) {
    guard counts.total > 0 else { return }
    let place: ReportPosition.Place = counts.firstCodingPath.map { self.place(of: $0) } ?? .arrival
    let index = storeIndex(for: reporter)
    stores[index].store.add(counts: counts, at: place, sequence: &sequence)
  }
}

/// What a hold kept when it ended, which has gone nowhere else: its owner passes it on
/// (``Holds/passOn(_:)``), maybe named or moved under its own path first, or drops it.
package struct Held {
  fileprivate var hold: Hold

  /// How many reports were held, kept in full or counted.
  package var count: Int {
    hold.stores.reduce(0) { $0 + $1.store.count }
  }

  /// Whether the reports were made in one dictionary entry at most, and that entry's key is
  /// not known yet: the number it began with, and the path of one of its reports.
  var unnamedEntry: (entry: Int, path: [any CodingKey])? {
    hold.unnamedEntry
  }

  /// The dictionary's coding path, if the hold read it.
  var base: [any CodingKey]? {
    hold.base
  }

  /// Names the key of the entry that ``unnamedEntry`` gives: `key`, or if `nil` (the decoder
  /// dropped that entry's value) the key its path has after the dictionary's.
  mutating func nameEntry(_ key: String?) {
    guard let unnamed = hold.unnamedEntry else { return }
    let place: ReportPosition.Place =
      key.map { .key($0) } ?? Hold.place(of: unnamed.path, under: hold.readBaseOnce())
    hold.reposition(entry: unnamed.entry, to: place)
    hold.unnamedEntry = nil
  }

  /// Adds a report of the collection's own, after the reports kept at the same place: a
  /// dictionary's key rejected after decoding, at `key`.
  mutating func add(_ report: Report, to reporter: ResilientDecodingErrorReporter, key: String) {
    let index = hold.storeIndex(for: reporter)
    hold.stores[index].store.add(
      report, at: ReportPosition(place: .key(key), sequence: hold.sequence))
    hold.sequence += 1
  }

  /// Changes the path and record of every report held, kept or counted first in its group,
  /// with `transform`, which returns `nil` to keep them.
  mutating func transform(
    _ transform: (ResilientDecodingErrorReporter, [any CodingKey], ReportedRecord?) -> (
      codingPath: [any CodingKey], record: ReportedRecord?
    )?
  ) {
    for index in hold.stores.indices {
      let reporter = hold.stores[index].reporter
      hold.stores[index].store.transform { transform(reporter, $0, $1) }
    }
  }

  /// Whether `isTrue` holds for a report held, kept in full or counted first in its group.
  func contains(
    where isTrue: (ResilientDecodingErrorReporter, [any CodingKey], ReportedRecord?) -> Bool
  ) -> Bool {
    hold.stores.contains { reporter, store in store.contains { isTrue(reporter, $0, $1) } }
  }
}

/// The funnel's routing: where a report goes, the holds that keep reports back while
/// collections decode, and the discarding scope of a dictionary's trial. The state lives in
/// the thread's ``ThreadState``; where threads have none, every report is recorded at once.
package enum Holds {
  /// Sends `held` where it goes: dropped while a discarding scope runs, kept by the innermost
  /// hold of its document, recorded by its reporter otherwise.
  static func route(_ held: HeldReport, in state: ThreadState? = ThreadState.existing) {
    if let state {
      if state.holds.discarding.isOpen {
        state.holds.discarding.droppedAny = true
        return
      }
      if let index = state.holds.innermostHold(of: held.reporter) {
        state.holds.holds[index].add(held)
        return
      }
    }
    held.reporter.record(held.report)
  }

  /// Runs `body` while a hold of `order` keeps the reports made on this thread, innermost
  /// first, and returns what it kept; `nil` where threads have no state, and reports were
  /// recorded as they were made. A hold by entry key reads the dictionary's path with `base`,
  /// only if two entries make reports.
  ///
  /// Not generic, so that the values of a collection that each run in a hold of their own
  /// (see `IdentifiedElement`) cost the runtime no generic metadata.
  static func holding(
    _ order: HoldOrder = .arrival, of owner: HoldOwner, base: (() -> [any CodingKey])? = nil,
    _ body: () throws -> Void
  ) rethrows -> Held? {
    guard let state = ThreadState.current else {
      try body()
      return nil
    }
    var roomAround: [(reporter: ResilientDecodingErrorReporter, room: Int)] = []
    if order == .arrival, let around = state.holds.holds.last, around.order == .arrival,
      !around.stores.isEmpty
    {
      roomAround = around.stores.map { ($0.reporter, $0.store.capacity - $0.store.keptCount) }
    }
    state.holds.holds.append(
      Hold(order: order, owner: owner, readBase: base, roomAround: roomAround))
    let depth = state.holds.holds.count
    defer {
      #if DEBUG
        state.checkInvariants()
      #endif
    }
    do {
      try body()
      precondition(state.holds.holds.count == depth, "holds end in the order they began")
      return Held(hold: state.holds.holds.removeLast())
    } catch {
      state.holds.holds.removeLast()
      throw error
    }
  }

  /// Runs `body` while a hold of the document whose reporter is `reporter` keeps the reports
  /// made on this thread; see ``holding(_:of:base:_:)``.
  package static func holding(
    _ order: HoldOrder = .arrival, for reporter: ResilientDecodingErrorReporter?,
    base: (() -> [any CodingKey])? = nil, _ body: () throws -> Void
  ) rethrows -> Held? {
    try holding(order, of: .reporter(reporter), base: base, body)
  }

  /// Passes on what a hold kept, in order, then what it only counted: into the hold around,
  /// if one runs, or to the reporters.
  package static func passOn(_ held: Held) {
    let state = ThreadState.existing
    for (reporter, store) in held.hold.stores {
      let (entries, omitted) = store.drain()
      for entry in entries {
        route(HeldReport(reporter: reporter, report: entry.report), in: state)
      }
      guard omitted.total > 0 else { continue }
      if let state {
        if state.holds.discarding.isOpen {
          state.holds.discarding.droppedAny = true
          continue
        }
        if let index = state.holds.innermostHold(of: reporter) {
          state.holds.holds[index].add(counts: omitted, of: reporter)
          continue
        }
      }
      reporter.record(counts: omitted)
    }
  }

  /// Runs `body` in a discarding scope: every report and DEBUG assertion made meanwhile is
  /// dropped, even inside a hold. Returns whether anything was dropped. Discarding scopes do
  /// not nest; where threads have no state, there is none (`nil`) and `body` does not run.
  package static func discarding<Value>(_ body: () throws -> Value) rethrows -> (
    value: Value, droppedAny: Bool
  )? {
    guard let state = ThreadState.current else { return nil }
    precondition(!state.holds.discarding.isOpen, "discarding scopes do not nest")
    state.holds.discarding = (true, false)
    defer { state.holds.discarding = (false, false) }
    let value = try body()
    return (value, state.holds.discarding.droppedAny)
  }

  /// Whether the running discarding scope dropped anything yet; `false` when none runs.
  package static var hasDropped: Bool {
    ThreadState.existing?.holds.discarding.droppedAny ?? false
  }

  /// Whether a discarding scope runs on this thread.
  package static var isDiscarding: Bool {
    ThreadState.existing?.holds.discarding.isOpen ?? false
  }

  /// Notes that the running discarding scope lost something, as if it had dropped a report:
  /// a dictionary inside it that did not decode.
  static func noteDropped() {
    guard let state = ThreadState.existing, state.holds.discarding.isOpen else { return }
    state.holds.discarding.droppedAny = true
  }

  /// Whether a discarding scope takes a DEBUG assertion over: the assertion must then not be
  /// raised, since the value decodes again and raises it then. Holds never take one.
  static func takesAssertion() -> Bool {
    guard let state = ThreadState.existing, state.holds.discarding.isOpen else { return false }
    state.holds.discarding.droppedAny = true
    return true
  }

  /// Notes that the next entry of the innermost hold's dictionary begins to decode, and returns
  /// its number, counted from 1: what is reported until the next one belongs to it. 0 when the
  /// innermost hold is not a dictionary's.
  package static func beginEntry() -> Int {
    ThreadState.peek { state in
      guard let last = state.holds.holds.indices.last, state.holds.holds[last].order == .entryKey
      else { return 0 }
      state.holds.holds[last].entry += 1
      return state.holds.holds[last].entry
    } ?? 0
  }

  /// How many reports of `reporter` the holds open on this thread keep in full, all told.
  package static func keptCount(of reporter: ResilientDecodingErrorReporter) -> Int {
    ThreadState.existing?.holds.keptCount(of: reporter) ?? 0
  }
}

extension HoldStack {
  /// The index of the innermost hold of the document whose reporter is `reporter`, if any.
  mutating func innermostHold(of reporter: ResilientDecodingErrorReporter) -> Int? {
    var index = holds.count
    while index > 0 {
      index -= 1
      if holds[index].belongs(reporter) { return index }
    }
    return nil
  }

  /// How many reports of `reporter` the holds keep in full, all told.
  func keptCount(of reporter: ResilientDecodingErrorReporter) -> Int {
    holds.reduce(0) { total, hold in
      total + (hold.stores.first { $0.reporter === reporter }?.store.keptCount ?? 0)
    }
  }

  /// How many holds order their reports by entry key.
  var entryKeyHoldCount: Int {
    holds.count { $0.order == .entryKey }
  }

  /// The reporters whose reports the holds keep.
  var reporters: [ResilientDecodingErrorReporter] {
    var found: [ResilientDecodingErrorReporter] = []
    for hold in holds {
      for (reporter, _) in hold.stores where !found.contains(where: { $0 === reporter }) {
        found.append(reporter)
      }
    }
    return found
  }
}
