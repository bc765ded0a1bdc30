// How the entries of a resilient dictionary decode, whatever its keys: first as plain `Codable`
// decodes `[String: T]` when the values are plain (a trial), entry by entry otherwise, each
// entry catching its own error; then failures reported in key order. All of it is compiled
// once, in the library. The internals document explains both ways.

extension KeyedDecodingContainer {
  /// The behaviour of every resilient dictionary under a key, out of line but for `unwrap`,
  /// specialised by the caller (see ``ResilientValueSource/splitting(_:unwrap:keyingEntries:)``).
  @usableFromInline
  internal func _decodeResilientDictionary<
    Strategy: _ResilientElementStrategy, Keys: _DictionaryKeyConversion, Value
  >(
    _ strategy: Strategy.Type, keys: Keys.Type, forKey key: Key, absent: Value,
    wrap: ([Keys.Key: Strategy.Element]) -> Value,
    unwrap: (_CaughtValue<Strategy>) -> Strategy.Element
  ) -> Resilient<Value> {
    KeyedSite(container: self, key: key).decodeResilientDictionary(
      strategy, keys: keys, absent: absent, wrap: wrap, unwrap: unwrap)
  }
}

extension ResilientValueSource {
  /// The behaviour of every resilient dictionary: `absent` when missing or `null`, `[:]`
  /// (reported) when the value is not a dictionary, otherwise the entries whose values decode
  /// and whose keys convert.
  ///
  /// Clean dictionaries of plain values are decoded as `[String: Element]` in a trial (see
  /// `Failures.Trial`); otherwise the dictionary is decoded as
  /// `[String: _CaughtValue]`, which decoders treat as a plain string-keyed dictionary (so keys
  /// are never converted) and in which every entry catches its own error, while reports are
  /// held. Keys are then converted, which may reject more entries. Failed and rejected entries
  /// are reported together in key order: decoders hand entries over in hash order, which
  /// changes from run to run, and the digest must not.
  func decodeResilientDictionary<
    Strategy: _ResilientElementStrategy, Keys: _DictionaryKeyConversion, Value
  >(
    _ strategy: Strategy.Type,
    keys: Keys.Type,
    absent: Value,
    wrap: ([Keys.Key: Strategy.Element]) -> Value,
    unwrap: (_CaughtValue<Strategy>) -> Strategy.Element
  ) -> Resilient<Value> {
    let trial = Failures.Trial(for: Strategy.self)
    // No optional of the dictionary: its type would be one more for the runtime to make.
    var decoded: [String: Strategy.Element] = [:]
    var decodedPlainly = false
    if trial.decodesPlainly && Strategy.decodesLikePlainCodable {
      do {
        decoded = try decodePlain([String: Strategy.Element].self)
        decodedPlainly = true
      } catch {}
    }
    let tried = trial.end(decoded: decodedPlainly)
    let values: [String: Strategy.Element]
    var failures: [(key: String, failure: CaughtFailure)] = []
    var entryKeys = EntryKeys([])
    var held = HeldDiagnostics(bounded: false)
    switch tried {
    case .usable:
      // Every entry decoded, exactly as entry by entry would have.
      let (converted, rejected) = Keys.convert(decoded) { codingPath }
      if rejected.isEmpty { return .allEntriesDecoded(wrap(converted), keysAsWritten: decoded) }
      // Keys that do not convert are rare: take the general way from here.
      values = decoded
    case .spoilsTrialAround:
      // Part of a trial that cannot be used: nothing decoded here is kept.
      return .init(absent, outcome: .keyNotFound)
    case .unusable, .notRun:
      // After a trial, a second decode: nothing inside it is decoded a third time.
      let again = Failures.decodingAgain(if: tried == .unusable)
      let hold = Failures.Hold(bounded: false)
      let entries: Entries<Strategy.Element>
      do {
        entries = try decodeEntries(Strategy.self, unwrap: unwrap)
        held = hold.end() ?? held
        again.end()
      } catch {
        held = hold.end() ?? held
        again.end()
        Failures.reportEntries(at: self, held: held)
        // Not a dictionary at all: that says nothing about the entries of the next one.
        Failures.forgetFailedTrial(for: Strategy.self)
        return recoverWholeValue(from: error, absent: absent, invalid: wrap([:]))
      }
      (values, failures, entryKeys) = (entries.values, entries.failures, entries.entryKeys)
    }
    // A value that failed but is in no entry was dropped by the decoder: a key written twice,
    // of which a decoder with a key strategy decodes every value and keeps one.
    let dropped =
      held.caughtFailures.count > failures.count
      ? droppedFailures(held.caughtFailures, kept: failures.map(\.failure)) : []
    let (converted, rejected) = Keys.convert(values) { codingPath }
    let value = wrap(converted)
    if failures.isEmpty && rejected.isEmpty && dropped.isEmpty {
      if held.count > 0 { Failures.reportEntries(at: self, held: held, entryKeys: entryKeys) }
      return .allEntriesDecoded(value, keysAsWritten: values)
    }
    Failures.reportEntries(
      at: self, held: held, entryKeys: entryKeys, failures: failures, rejected: rejected,
      dropped: dropped)
    #if DEBUG
      var errors: [String: any Error] = [:]
      for (key, failure) in failures { errors[key] = failure.error }
      for (key, error) in rejected { errors[key] = error }
      let results = ResilientDecodingOutcome.DictionaryDecodingError(
        values: values.filter { rejected[$0.key] == nil }, failures: errors,
        droppedEntryErrors: dropped.map { (key: $0.keyAsWritten, error: $0.error) })
      return .init(value, outcome: .recoveredFrom(results, wasReported: false))
    #else
      return .init(value, outcome: .decodedSuccessfully)
    #endif
  }

  /// The entries decoded one by one, each catching its own error: the values of those that
  /// decoded and the failures of the others, by their keys as written. While the reporter names
  /// records and the values may be records, each value names what failed inside it (see
  /// ``IdentifiedElement``), and what names no record of its own is named by the record holding
  /// the dictionary; unless an array of records around is in its first decode, which names
  /// them all if it needs to.
  private func decodeEntries<Strategy: _ResilientElementStrategy>(
    _: Strategy.Type, unwrap: (_CaughtValue<Strategy>) -> Strategy.Element
  ) throws -> Entries<Strategy.Element> {
    // A missing value has no entries to name; asking for its reporter could need a
    // super-decoder.
    let reporter =
      Strategy.elementsMayBeRecords && !isMissing ? Failures.valueRecordReporter(at: self) : nil
    guard let reporter else {
      // Consumed, so that the entries are changed in place (see `splitting(_:unwrap:)`).
      return Self.splitting(
        try decodePlain([String: _CaughtValue<Strategy>].self), unwrap: unwrap,
        keyingEntries: Failures.innermostHoldHasReports)
    }
    let naming = Failures.namingValues(at: self, reporter: reporter)
    let entries: [String: _CaughtValue<IdentifiedStrategy<Strategy>>]
    do {
      entries = try decodePlain([String: _CaughtValue<IdentifiedStrategy<Strategy>>].self)
    } catch {
      naming.end()
      throw error
    }
    let split = Self.splitting(
      entries, unwrap: { $0.value.unsafelyUnwrapped },
      keyingEntries: Failures.innermostHoldHasReports)
    naming.end()
    return split
  }

  /// The values of the entries that decoded, and the failures of the others, by their keys as
  /// written.
  ///
  /// The failed entries, which are few, are removed from `entries`, which is then changed in
  /// place: `mapValues` keeps its hash table as it is, where inserting every value into a new
  /// dictionary would hash every key again, which this generic code does slowly. `unwrap`,
  /// the value of an entry that decoded, is specialised by the caller: generic code reads a
  /// field of `_CaughtValue` through its type metadata, looked up for every entry.
  private static func splitting<Strategy: _ResilientElementStrategy>(
    _ entries: consuming [String: _CaughtValue<Strategy>],
    unwrap: (_CaughtValue<Strategy>) -> Strategy.Element, keyingEntries: Bool
  ) -> Entries<Strategy.Element> {
    var failures: [(key: String, failure: CaughtFailure)] = []
    var starts: [(entry: Int, key: String)] = []
    if keyingEntries { starts.reserveCapacity(entries.count) }
    // A copy for the loop only: once it ends, `entries` is uniquely referenced again.
    for (key, entry) in copy entries {
      if let failure = entry.failure { failures.append((key, failure)) }
      if keyingEntries { starts.append((entry.entry, key)) }
    }
    var decoded = entries
    for (key, _) in failures { decoded.removeValue(forKey: key) }
    return Entries(
      values: decoded.mapValues(unwrap), failures: failures, entryKeys: EntryKeys(starts))
  }
}

/// The entries of a dictionary decoded one by one: the values of those that decoded, the
/// failures of the others, and, if reports were held meanwhile, the keys of the entries by the
/// numbers their values began with.
struct Entries<Element> {
  let values: [String: Element]
  let failures: [(key: String, failure: CaughtFailure)]
  let entryKeys: EntryKeys
}

/// The failures, among `caught`, that are not among `kept`: the decoder dropped their values,
/// in the order they failed.
func droppedFailures(_ caught: [CaughtFailure], kept: [CaughtFailure]) -> [CaughtFailure] {
  let kept = Set(kept.map(ObjectIdentifier.init))
  return caught.filter { !kept.contains(ObjectIdentifier($0)) }
}

extension Resilient {
  /// A dictionary whose entries all decoded and were all kept; `keysAsWritten` holds its
  /// values under the keys as written in the data, for DEBUG `results`.
  static func allEntriesDecoded<Element>(
    _ value: Value, keysAsWritten: @autoclosure () -> [String: Element]
  ) -> Self {
    #if DEBUG
      // `$x.results` lists entries by their keys as written, which a dictionary whose keys
      // were converted ("+7" and "07" became 7) no longer knows: keep them beside the value.
      var resilient = Self(value, outcome: .decodedSuccessfully)
      resilient._cleanCollectionResults = ResilientDecodingOutcome.DictionaryDecodingError(
        values: keysAsWritten(), failures: [:])
      return resilient
    #else
      return .init(value, outcome: .decodedSuccessfully)
    #endif
  }
}
