// How the entries of a resilient dictionary decode, whatever its keys: first as plain `Codable`
// decodes `[String: T]` when the values are plain (a trial), entry by entry otherwise, each
// entry catching its own error; then failures reported in key order. All of it is compiled
// once, in the library. The internals document explains both ways.

extension KeyedDecodingContainer {
  /// The behaviour of every resilient dictionary under a key, out of line but for `unwrap`,
  /// specialised by the caller (see `splitting(_:unwrap:unnamedEntry:)`).
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

  // The bodies of the dictionary overloads, inlinable rather than transparent: an unoptimised
  // client compiles a call, not the closures; an optimised one specialises them as before.

  /// The body of the dictionary overloads.
  @inlinable
  internal func _decodeResilientDictionary<
    Strategy: _ResilientElementStrategy, Keys: _DictionaryKeyConversion
  >(
    _: Strategy.Type, keys: Keys.Type, forKey key: Key
  ) -> Resilient<[Keys.Key: Strategy.Element]> {
    _decodeResilientDictionary(
      Strategy.self, keys: Keys.self, forKey: key, absent: .init(), wrap: { $0 },
      unwrap: { $0.value.unsafelyUnwrapped })
  }

  /// The body of the optional dictionary overloads.
  @inlinable
  internal func _decodeResilientOptionalDictionary<
    Strategy: _ResilientElementStrategy, Keys: _DictionaryKeyConversion
  >(
    _: Strategy.Type, keys: Keys.Type, forKey key: Key
  ) -> Resilient<[Keys.Key: Strategy.Element]?> {
    _decodeResilientDictionary(
      Strategy.self, keys: Keys.self, forKey: key, absent: nil, wrap: { $0 },
      unwrap: { $0.value.unsafelyUnwrapped })
  }
}

extension ValueSite {
  /// The behaviour of every resilient dictionary: `absent` when missing or `null`, `[:]`
  /// (reported) when the value is not a dictionary, otherwise the entries whose values decode
  /// and whose keys convert.
  ///
  /// Clean dictionaries of plain values are decoded as `[String: Element]` in a trial (see
  /// `Passes.trial(for:_:)`); otherwise the dictionary is decoded as
  /// `[String: _CaughtValue]`, which decoders treat as a plain string-keyed dictionary (so keys
  /// are never converted) and in which every entry catches its own error, while a hold keeps
  /// what is reported in key order: decoders hand entries over in hash order, which changes
  /// from run to run, and the digest must not. Keys are then converted, which may reject more
  /// entries, reported at their keys.
  func decodeResilientDictionary<
    Strategy: _ResilientElementStrategy, Keys: _DictionaryKeyConversion, Value
  >(
    _ strategy: Strategy.Type,
    keys: Keys.Type,
    absent: Value,
    wrap: ([Keys.Key: Strategy.Element]) -> Value,
    unwrap: (_CaughtValue<Strategy>) -> Strategy.Element
  ) -> Resilient<Value> {
    // No optional of the dictionary: its type would be one more for the runtime to make.
    var decoded: [String: Strategy.Element] = [:]
    let verdict =
      Strategy.decodesLikePlainCodable
      ? Passes.trial(for: Strategy.self) {
        do {
          decoded = try decodePlain([String: Strategy.Element].self)
          return true
        } catch {
          return false
        }
      } : .notRun
    let entries: Entries<Strategy.Element>
    switch verdict {
    case .usable:
      // Every entry decoded, exactly as entry by entry would have.
      let (converted, rejected) = Keys.convert(decoded) { codingPath }
      if rejected.isEmpty { return .allEntriesDecoded(wrap(converted), keysAsWritten: decoded) }
      // Keys that do not convert are rare: take the general way from here.
      entries = Entries(values: decoded, failedKeys: [], held: nil)
    case .spoilsTrialAround:
      // Part of a trial that cannot be used: nothing decoded here is kept.
      return .init(absent, outcome: .keyNotFound)
    case .unusable, .notRun:
      // After a trial, a second decode: nothing inside it is decoded a third time.
      do {
        entries = try Passes.decodingAgain(if: verdict == .unusable) {
          try decodeEntries(Strategy.self, unwrap: unwrap)
        }
      } catch {
        // Not a dictionary at all: that says nothing about the entries of the next one.
        Passes.forgetFailedTrial(for: Strategy.self)
        return recoverWholeValue(from: error, absent: absent, invalid: wrap([:]))
      }
    }
    let (converted, rejected) = Keys.convert(entries.values) { codingPath }
    let value = wrap(converted)
    passOn(entries.held, rejected: rejected)
    #if DEBUG
      // A value that failed but is in no entry was dropped by the decoder: a key written
      // twice, of which a decoder with a key strategy decodes every value and keeps one.
      let dropped = droppedFailures(entries.caught, kept: entries.failures)
      if entries.failures.isEmpty && rejected.isEmpty && dropped.isEmpty {
        return .allEntriesDecoded(value, keysAsWritten: entries.values)
      }
      var errors: [String: any Error] = [:]
      for (key, failure) in entries.failures { errors[key] = failure.error }
      for (key, error) in rejected { errors[key] = error }
      let results = ResilientDecodingOutcome.DictionaryDecodingError(
        values: entries.values.filter { rejected[$0.key] == nil }, failures: errors,
        droppedEntryErrors: dropped.map { (key: $0.keyAsWritten, error: $0.error) })
      return .init(value, outcome: .recoveredFrom(results, wasReported: false))
    #else
      return .allEntriesDecoded(value, keysAsWritten: entries.values)
    #endif
  }

  /// Passes on what the entries reported while they decoded (`held`, in key order), with the
  /// errors of the keys that did not convert (`rejected`) at their keys, after the reports
  /// made in the same entries.
  private func passOn(_ held: Held?, rejected: [String: any Error]) {
    var held = held
    if !rejected.isEmpty, let reporter = findReporter() {
      let record = enclosingRecord(for: reporter)
      // Only the keys of values that decoded are converted: none of them failed.
      for (key, error) in rejected.sorted(by: { $0.key.precedesInKeyOrder($1.key) }) {
        Failures.reportKey(
          error, key: key,
          at: error.decodingContextPath ?? codingPath + [AnyCodingKey(key)], in: record,
          for: reporter, into: &held)
      }
    }
    if let held { Holds.passOn(held) }
  }

  /// The entries decoded one by one, each catching its own error, while a hold keeps what is
  /// reported in key order: the values of those that decoded, by their keys as written, and
  /// what was held, ready to pass on. While a reporter names records and the values may be
  /// records, each value names what failed inside it (see ``IdentifiedElement``).
  private func decodeEntries<Strategy: _ResilientElementStrategy>(
    _: Strategy.Type, unwrap: (_CaughtValue<Strategy>) -> Strategy.Element
  ) throws -> Entries<Strategy.Element> {
    guard Strategy.namesElementRecords, let reporter = namingReporter() else {
      return try decodeEntries(Strategy.self, as: Strategy.self, unwrap: unwrap)
    }
    return try namingValues(for: reporter) {
      try decodeEntries(
        Strategy.self, as: IdentifiedStrategy<Strategy>.self,
        unwrap: { $0.value.unsafelyUnwrapped })
    }
  }

  /// The entries decoded as `[String: _CaughtValue<Caught>]`.
  private func decodeEntries<
    Strategy: _ResilientElementStrategy, Caught: _ResilientElementStrategy
  >(
    _: Strategy.Type, as _: Caught.Type, unwrap: (_CaughtValue<Caught>) -> Strategy.Element
  ) throws -> Entries<Strategy.Element> where Caught.Element == Strategy.Element {
    // The hold reads the dictionary's path while entries decode, if two of them report.
    let base: () -> [any CodingKey]
    if keepsPathWhileDecodingInside {
      base = { codingPath }
    } else {
      let path = codingPath
      base = { path }
    }
    var raw: [String: _CaughtValue<Caught>] = [:]
    #if DEBUG
      let (held, caught) = try Passes.collectingCaughtFailures {
        try Holds.holding(.entryKey, of: .site(self), base: base) {
          raw = try decodePlain([String: _CaughtValue<Caught>].self)
        }
      }
    #else
      let held = try Holds.holding(.entryKey, of: .site(self), base: base) {
        raw = try decodePlain([String: _CaughtValue<Caught>].self)
      }
    #endif
    // Taken out of the variable the decode wrote, so that the entries are referenced once and
    // changed in place (see `splitting(_:unwrap:unnamedEntry:)`).
    let decoded = raw
    raw = [:]
    var entries = Self.splitting(
      decoded, unwrap: unwrap, unnamedEntry: held?.hold.unnamedEntry?.entry)
    entries.held = held.map { held in
      var held = held
      if held.hold.unnamedEntry != nil { held.hold.nameEntry(entries.unnamedEntryKey) }
      return preparing(held, order: .entryKey, entryKey: entries.unnamedEntryKey)
    }
    #if DEBUG
      entries.caught = caught
    #endif
    return entries
  }

  /// The values of the entries that decoded, by their keys as written, and the key of the
  /// entry numbered `unnamedEntry`.
  ///
  /// The failed entries, which are few, are removed from `entries`, which is then changed in
  /// place: `mapValues` keeps its hash table as it is, where inserting every value into a new
  /// dictionary would hash every key again, which this generic code does slowly. `unwrap`,
  /// the value of an entry that decoded, is specialised by the caller: generic code reads a
  /// field of `_CaughtValue` through its type metadata, looked up for every entry.
  private static func splitting<Caught: _ResilientElementStrategy>(
    _ entries: consuming [String: _CaughtValue<Caught>],
    unwrap: (_CaughtValue<Caught>) -> Caught.Element, unnamedEntry: Int?
  ) -> Entries<Caught.Element> {
    var failedKeys: [String] = []
    var unnamedEntryKey: String?
    #if DEBUG
      var failures: [(key: String, failure: CaughtFailure)] = []
    #endif
    // A copy for the loop only: once it ends, `entries` is uniquely referenced again.
    for (key, entry) in copy entries {
      if entry.failed {
        failedKeys.append(key)
        #if DEBUG
          if let failure = entry.failure { failures.append((key, failure)) }
        #endif
      }
      if let unnamedEntry, entry.entry == unnamedEntry { unnamedEntryKey = key }
    }
    var decoded = entries
    for key in failedKeys { decoded.removeValue(forKey: key) }
    var split = Entries(values: decoded.mapValues(unwrap), failedKeys: failedKeys, held: nil)
    split.unnamedEntryKey = unnamedEntryKey
    #if DEBUG
      split.failures = failures
    #endif
    return split
  }
}

/// The entries of a dictionary decoded one by one: the values of those that decoded, the keys
/// of those that failed, and what was reported meanwhile, held in key order.
struct Entries<Element> {
  let values: [String: Element]
  let failedKeys: [String]
  var held: Held?
  /// The key of the one entry that made reports before their keys were named, if any.
  var unnamedEntryKey: String?
  #if DEBUG
    /// The failures of the entries that failed, by their keys as written (DEBUG `results`).
    var failures: [(key: String, failure: CaughtFailure)] = []
    /// Every failure of a value, in the order they failed, those the decoder dropped included.
    var caught: [CaughtFailure] = []
  #endif

  init(values: [String: Element], failedKeys: [String], held: Held?) {
    self.values = values
    self.failedKeys = failedKeys
    self.held = held
  }
}

#if DEBUG
  /// The failures, among `caught`, that are not among `kept`: the decoder dropped their
  /// values, in the order they failed.
  func droppedFailures(
    _ caught: [CaughtFailure], kept: [(key: String, failure: CaughtFailure)]
  ) -> [CaughtFailure] {
    let kept = Set(kept.map { ObjectIdentifier($0.failure) })
    return caught.filter { !kept.contains(ObjectIdentifier($0)) }
  }
#endif

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
