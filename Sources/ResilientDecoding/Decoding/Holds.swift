// The holds of collections: what a collection keeps back while its values decode, so that it
// passes its reports on in an order of its own (an array waiting for its first good element, an
// element that names its record, a dictionary whose decoder hands entries over in hash order).
// A hold keeps the reports of its own document only, in one store of the sink
// (`Reporting/ReportStore.swift`), which bounds what it keeps; where a report goes is decided by
// `Failures.fate`.

/// How a hold orders what it keeps.
package enum HoldOrder {
  /// In the order reports arrive: an array's elements, a value's properties.
  case arrival
  /// By the key of the dictionary entry each report was made in, then in the order they
  /// arrived: decoders hand entries over in hash order, which changes from run to run.
  case entryKey
}

/// What bounds the reports a hold keeps in full, besides their reporter's maximum: what it keeps
/// reaches a store after everything that store keeps now, which keeps no more than it has room
/// for.
enum HoldRoom {
  /// The hold around keeps reports in arrival order too, and had room for `room` more of
  /// `reporter`'s when this one began.
  case around(ResilientDecodingErrorReporter, room: Int)
  /// Another hold is around, which may keep what this one passes on by an order of its own.
  case holdAround
  /// No hold is around: what it keeps goes to its reporter, whose room when the hold's first
  /// report arrives bounds it. (A flush on another thread meanwhile may make room for more,
  /// which later reports then take.)
  case reporters
}

/// Where the reporter of a hold's document is read, when a report first reaches the hold.
enum HoldOwner {
  /// The site of the collection that holds.
  case site(any ValueSite)
  /// The reporter itself, already known; `nil` for a document without one.
  case reporter(ResilientDecodingErrorReporter?)
}

/// The reports a collection holds back while its values decode: those of its own document,
/// whose reporter it reads when a report first reaches it. A document decoded inside one of its
/// values (a second decoder in an `init(from:)`, with a reporter of its own) reports past it.
///
/// What the hold needs to know to pass its reports on (whether any names no record yet, whether
/// a decoder of its own started their paths afresh, where its first one was) it notes as they
/// arrive, so that passing them on asks the store nothing it need not.
struct Hold {
  let order: HoldOrder
  /// Where the reporter of the hold's document is read.
  let owner: HoldOwner
  /// The reporter of the hold's document, once read.
  private var ownReporter: ResilientDecodingErrorReporter??
  /// The reports kept, made when the first arrives.
  fileprivate(set) var store: ReportStore?
  /// How many reports arrived, kept in full or counted.
  fileprivate(set) var count = 0
  /// Whether a report arrived that names no record yet.
  fileprivate(set) var hasRecordlessReport = false
  /// The path of the first report that arrived.
  fileprivate(set) var firstPath: [any CodingKey]?
  /// The first keys of the reports' paths, each once, up to ``firstKeyLimit``: a path whose
  /// first key is a dictionary's entry was started afresh by a decoder of the dictionary's own.
  /// `nil` once there were more (then any may have been).
  fileprivate(set) var firstKeys: [String]? = []

  /// How many first keys a hold tells apart: decoders that keep paths whole give one.
  private static let firstKeyLimit = 4
  /// The arrival order of the next report.
  fileprivate var sequence = 0
  /// Entry-key holds: the number of the entry decoding now, counted from 1 (see
  /// `Holds.beginEntry()`).
  fileprivate var entry = 0

  /// Notes that the next entry of this hold's dictionary begins to decode, and returns its
  /// number, counted from 1; 0 when this is not a dictionary's hold.
  fileprivate mutating func beginEntry() -> Int {
    guard order == .entryKey else { return 0 }
    entry += 1
    return entry
  }
  /// Entry-key holds: the only entry that made reports so far, while its key is not known, and
  /// the path of one of its reports.
  fileprivate(set) var unnamedEntry: (entry: Int, path: [any CodingKey])?
  /// Entry-key holds: reads the dictionary's coding path, which decoders build in time that
  /// grows with the depth: read once, when a second entry makes a report, so that a report that
  /// passes through a dictionary at every level of a deep document does not make each level
  /// build its path.
  private let readBase: (() -> [any CodingKey])?
  /// The dictionary's coding path, once read.
  fileprivate(set) var base: [any CodingKey]?
  /// What bounds the reports the hold keeps in full, besides their reporter's maximum.
  private let room: HoldRoom

  init(
    order: HoldOrder, owner: HoldOwner, readBase: (() -> [any CodingKey])?, room: HoldRoom
  ) {
    self.order = order
    self.owner = owner
    self.readBase = readBase
    self.room = room
  }

  /// The reporter of the hold's document, if a report reached it or it was known.
  var reporter: ResilientDecodingErrorReporter? {
    if case .reporter(let reporter) = owner { return reporter }
    return ownReporter ?? nil
  }

  /// Whether reports for `reporter` belong to the hold's document, its reporter read the first
  /// time a report reaches it.
  mutating func belongs(_ reporter: ResilientDecodingErrorReporter) -> Bool {
    switch owner {
    case .reporter(let own): return own === reporter
    case .site(let site):
      if let ownReporter { return ownReporter === reporter }
      let found = site.findReporter()
      ownReporter = .some(found)
      return found === reporter
    }
  }

  /// How many reports the hold's store may keep in full for `reporter` (see ``HoldRoom``):
  /// `nil` for as many as the reporter has room for.
  private func capacity(for reporter: ResilientDecodingErrorReporter) -> Int? {
    switch room {
    case .around(let around, let room) where around === reporter: return room
    case .reporters: return nil
    case .around, .holdAround: return reporter.maximumStoredErrors
    }
  }

  /// Makes the store of the hold's reports, for `reporter`, the reporter of its document, if it
  /// has none yet.
  private mutating func makeStore(for reporter: ResilientDecodingErrorReporter) {
    guard store == nil else { return }
    store = reporter.storeForLaterReports(keepingAtMost: capacity(for: reporter))
    if case .site = owner { ownReporter = .some(reporter) }
  }

  /// The dictionary's coding path, read on first use.
  mutating func readBaseOnce() -> [any CodingKey] {
    if let base { return base }
    let read = readBase?() ?? []
    base = read
    return read
  }

  /// The place of a report made at `path` in the entry decoding now.
  private mutating func place(of path: [any CodingKey]) -> ReportPosition.Place {
    guard order == .entryKey else { return .arrival }
    if let base { return Self.place(of: path, under: base) }
    guard let unnamed = unnamedEntry, unnamed.entry != entry else {
      if unnamedEntry == nil { unnamedEntry = (entry, path) }
      return .entry(entry)
    }
    // A second entry made a report: the dictionary's path tells where their keys are.
    let base = readBaseOnce()
    store?.place(entry: unnamed.entry, at: Self.place(of: unnamed.path, under: base))
    unnamedEntry = nil
    return Self.place(of: path, under: base)
  }

  /// The place of a report at `path` in a dictionary at `base`: the key after `base`, or, for
  /// a path that a decoder of the dictionary's own started afresh, its first key; the
  /// dictionary's own place for an empty path. Every report in a dictionary's hold is made
  /// inside an entry, so a path no longer than `base` was started afresh, even one that spells
  /// `base` (the entry "d" of a dictionary at "d").
  static func place(of path: [any CodingKey], under base: [any CodingKey])
    -> ReportPosition.Place
  {
    if path.count > base.count, path.starts(withKeysOf: base) {
      return .key(path[base.count].stringValue)
    }
    return path.first.map { .key($0.stringValue) } ?? .arrival
  }

  /// Keeps the failure of a value of this hold's document, made while it is the innermost.
  mutating func add(
    _ error: any Error, at codingPath: [any CodingKey],
    facts: CodingPathFacts = CodingPathFacts(), in record: ReportedRecord?,
    for reporter: ResilientDecodingErrorReporter
  ) {
    let place = place(of: codingPath)
    note(codingPath, recordless: record == nil)
    makeStore(for: reporter)
    store?.add(
      error: error, codingPath: codingPath, facts: facts, record: record, at: place,
      sequence: sequence)
    sequence += 1
  }

  /// Whether a failure `error` at a path of `codingPath`'s pattern, kept next, would only be
  /// counted, in the group counted last: never for a dictionary's hold, whose reports are
  /// placed by key.
  func countsInLastGroup(_ error: any Error, at codingPath: [any CodingKey]) -> Bool {
    order == .arrival && store?.countsInLastGroup(error, at: codingPath) == true
  }

  /// Keeps what a hold inside this one kept, `inner`, after what this one kept so far.
  mutating func add(contentsOf inner: consuming Hold, for reporter: ResilientDecodingErrorReporter)
  {
    guard let innerStore = inner.store, let innerFirst = inner.firstPath else { return }
    let place = place(of: innerFirst)
    note(innerFirst, recordless: inner.hasRecordlessReport, count: inner.count)
    if let innerKeys = inner.firstKeys {
      for key in innerKeys { noteFirstKey(key) }
    } else {
      firstKeys = nil
    }
    makeStore(for: reporter)
    store?.add(contentsOf: innerStore, at: place, sequence: &sequence)
  }

  /// Notes what passing the hold's reports on will need to know of one that arrived.
  private mutating func note(_ path: [any CodingKey], recordless: Bool, count: Int = 1) {
    self.count += count
    if firstPath == nil { firstPath = path }
    if recordless { hasRecordlessReport = true }
    if let key = path.first?.stringValue { noteFirstKey(key) }
  }

  /// Notes that a report's path begins with `key`.
  private mutating func noteFirstKey(_ key: String) {
    guard var keys = firstKeys, !keys.contains(key) else { return }
    guard keys.count < Self.firstKeyLimit else {
      firstKeys = nil
      return
    }
    keys.append(key)
    firstKeys = keys
  }

  /// Whether a report's path may begin with `key`.
  func mayHaveFirstKey(_ key: String) -> Bool {
    firstKeys?.contains(key) ?? true
  }

  /// Names the key of the entry that ``unnamedEntry`` gives: `key`, or if `nil` (the decoder
  /// dropped that entry's value) the key its path has after the dictionary's.
  mutating func nameEntry(_ key: String?) {
    guard let unnamed = unnamedEntry else { return }
    let place: ReportPosition.Place =
      key.map { .key($0) } ?? Self.place(of: unnamed.path, under: readBaseOnce())
    store?.place(entry: unnamed.entry, at: place)
    unnamedEntry = nil
  }

  /// Adds a report of the collection's own after the hold ended, after the reports kept at the
  /// same place: a dictionary's key rejected after decoding, at `key`.
  mutating func add(
    _ error: any Error, at codingPath: [any CodingKey], in record: ReportedRecord?,
    for reporter: ResilientDecodingErrorReporter, key: String
  ) {
    note(codingPath, recordless: record == nil)
    makeStore(for: reporter)
    store?.add(
      error: error, codingPath: codingPath, facts: CodingPathFacts(), record: record,
      at: .key(key), sequence: sequence)
    sequence += 1
  }

  /// Changes the path and record of every report held, kept or counted first in its group,
  /// with `transform`, which returns `nil` to keep them: rare (a decoder that starts paths
  /// afresh, or reports whose record is named when the collection ends).
  mutating func transform(
    _ transform: ([any CodingKey], ReportedRecord?) -> (
      codingPath: [any CodingKey], record: ReportedRecord?
    )?
  ) {
    store?.transform(transform)
    hasRecordlessReport = false
  }
}

/// What a hold kept when it ended, which has gone nowhere else: its owner passes it on
/// (``Holds/passOn(_:)``), maybe named or moved under its own path first, or drops it.
package struct Held {
  var hold: Hold

  /// How many reports were held, kept in full or counted.
  package var count: Int { hold.count }
}

/// The holds of a thread: opening one around a decode, passing on what it kept.
package enum Holds {
  /// Runs `body` while a hold of `order` keeps the reports of its document made on this thread,
  /// and returns what it kept; `nil` where threads have no state, and reports were recorded as
  /// they were made. A hold by entry key reads the dictionary's path with `base`, only if two
  /// entries make reports.
  ///
  /// Not generic, so that the values of a collection that each run in a hold of their own
  /// (see `IdentifiedElement`) cost the runtime no generic metadata.
  static func holding(
    _ order: HoldOrder = .arrival, of owner: HoldOwner, base: (() -> [any CodingKey])? = nil,
    _ body: () throws -> Void
  ) rethrows -> Held? {
    guard let state = FailureState.current else {
      try body()
      return nil
    }
    return try holding(order, of: owner, base: base, in: state, body)
  }

  /// Runs `body` while a hold of `order` keeps the reports of its document made on this
  /// thread, whose state is `state`; see ``holding(_:of:base:_:)``.
  static func holding(
    _ order: HoldOrder = .arrival, of owner: HoldOwner, base: (() -> [any CodingKey])? = nil,
    in state: FailureState, _ body: () throws -> Void
  ) rethrows -> Held? {
    var room = HoldRoom.reporters
    if let around = state.holds.last {
      room = .holdAround
      if order == .arrival, around.order == .arrival, let reporter = around.reporter,
        let store = around.store
      {
        room = .around(reporter, room: store.capacity - store.keptCount)
      }
    }
    state.holds.append(Hold(order: order, owner: owner, readBase: base, room: room))
    let depth = state.holds.count
    defer {
      #if DEBUG
        // A hold that ends changes only what the holds keep, which the check walks once one
        // kept a report; the passes check the rest where their scopes end.
        if state.holdsKeptAReport { state.checkInvariants() }
        if state.holds.isEmpty { state.holdsKeptAReport = false }
      #endif
    }
    do {
      try body()
      precondition(state.holds.count == depth, "holds end in the order they began")
      return Held(hold: state.holds.removeLast())
    } catch {
      state.holds.removeLast()
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

  /// Passes on what a hold kept, in order, then what it only counted, where its reporter's
  /// reports go now (see `Failures.fate`): into the hold around of its document, or to the
  /// reporter.
  package static func passOn(_ held: Held) {
    guard let reporter = held.hold.reporter, let store = held.hold.store else { return }
    let state = FailureState.existing
    switch Failures.fate(of: reporter, in: state) {
    case .dropped:
      break
    case .held(let index):
      state?.holds[index].add(contentsOf: held.hold, for: reporter)
    case .recorded:
      reporter.record(contentsOf: store)
    }
  }

  /// Notes that the next entry of the innermost hold's dictionary begins to decode, and returns
  /// its number, counted from 1: what is reported until the next one belongs to it. 0 when the
  /// innermost hold is not a dictionary's.
  package static func beginEntry() -> Int {
    FailureState.peek { state in
      // In place: unoptimised, reading a hold through the array's subscript copies it, with
      // every reference it holds retained and released, for every entry; and the last index
      // from the count, since `indices.last` is two generic calls.
      let last = state.holds.count - 1
      return last >= 0 ? state.holds[last].beginEntry() : 0
    } ?? 0
  }

  /// How many reports of `reporter` the holds of `state` keep in full, all told.
  static func keptCount(
    of reporter: ResilientDecodingErrorReporter, in state: FailureState
  ) -> Int {
    state.holds.reduce(0) { total, hold in
      total + (hold.reporter === reporter ? hold.store?.keptCount ?? 0 : 0)
    }
  }
}
