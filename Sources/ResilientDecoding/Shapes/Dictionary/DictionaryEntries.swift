// How the entries of a resilient dictionary decode, whatever its keys: first as plain `Codable`
// decodes `[String: T]` when the values are plain (a trial, see `DecodingThreadState`), entry by
// entry otherwise, each entry catching its own error; then failures reported in key order.
// The design article explains both.

/// How the keys of a resilient dictionary are made from the keys as written in the data.
@usableFromInline
protocol DictionaryKeyConversion {
  associatedtype Key: Hashable

  /// The entries under their converted keys, and the error of each entry rejected for its key
  /// (built with the dictionary's coding path, looked up only when asked for).
  static func convert<Element>(
    _ entries: [String: Element], codingPath: () -> [any CodingKey]
  ) -> (entries: [Key: Element], rejected: [String: any Error])
}

extension ResilientValueSource {
  /// The behaviour of every resilient dictionary: `absent` when missing or `null`, `[:]`
  /// (reported) when the value is not a dictionary, otherwise the entries whose values decode
  /// and whose keys convert.
  ///
  /// Clean dictionaries of plain values are decoded as `[String: Element]` in a trial (see
  /// ``DecodingThreadState``); otherwise the dictionary is decoded as
  /// `[String: CaughtValue]`, which decoders treat as a plain string-keyed dictionary (so
  /// keys are never converted) and in which every entry catches its own error. Keys are then
  /// converted, which may reject more entries. Failed and rejected entries are reported together
  /// in key order: decoders hand entries over in hash order, which changes from run to run, and
  /// the digest must not.
  @inlinable
  func decodeResilientDictionary<
    Strategy: ResilientElementStrategy, Keys: DictionaryKeyConversion, Value
  >(
    _ strategy: Strategy.Type,
    keys: Keys.Type,
    absent: @autoclosure () -> Value,
    wrap: ([Keys.Key: Strategy.Element]) -> Value
  ) -> Resilient<Value> {
    var decoded: [String: Strategy.Element]?
    if let trial = DecodingThreadState.beginTrial(for: Strategy.self) {
      decoded = try? Strategy.decodePlainDictionary(from: self)
      if !trial.end(succeeded: decoded != nil) { decoded = nil }
    }
    let entries: [String: CaughtValue<Strategy>]
    var held = HeldDiagnostics()
    if let decoded {
      // Every entry decoded, exactly as entry by entry would have.
      let (converted, rejected) = Keys.convert(decoded) { codingPath }
      if rejected.isEmpty { return .allEntriesDecoded(wrap(converted), keysAsWritten: decoded) }
      // Keys that do not convert are rare: take the general way from here.
      entries = decoded.mapValues { CaughtValue(value: $0) }
    } else {
      // Reports made while the entries decode are held back, to be passed on in key order.
      let hold = DecodingThreadState.holdReports()
      let result = Result { try decodePlain([String: CaughtValue<Strategy>].self) }
      if let hold { held = hold.endCollectingFailures() }
      switch result {
      case .success(let decodedEntries):
        entries = decodedEntries
      case .failure(let error):
        reportEntriesInKeyOrder(
          [String: CaughtValue<Strategy>](), rejected: [:], held: held.reports, dropped: [],
          someEntryFailed: false)
        // Not a dictionary at all: that says nothing about the entries of the next one.
        DecodingThreadState.forgetFailedTrial(for: Strategy.self)
        return recoverWholeValue(from: error, absent: absent(), invalid: wrap([:]))
      }
    }
    // One pass keeps the values that decoded; a closure, not a key path, which costs a
    // projection per entry.
    let values = entries.compactMapValues { $0.value }
    let failedEntries = entries.count - values.count
    // A value that failed but is in no entry was dropped by the decoder: a key written twice,
    // of which a decoder with a key strategy decodes every value and keeps one.
    let dropped =
      held.caughtFailures.count > failedEntries
      ? droppedFailures(held.caughtFailures, keptIn: entries) : []
    let (converted, rejected) = Keys.convert(values) { codingPath }
    let value = wrap(converted)
    if failedEntries == 0 && rejected.isEmpty && dropped.isEmpty {
      if !held.reports.isEmpty {
        reportEntriesInKeyOrder(
          entries, rejected: [:], held: held.reports, dropped: [], someEntryFailed: false)
      }
      return .allEntriesDecoded(value, keysAsWritten: values)
    }
    reportEntriesInKeyOrder(
      entries, rejected: rejected, held: held.reports, dropped: dropped,
      someEntryFailed: failedEntries > 0)
    #if DEBUG
      var results = entries.mapValues { entry -> Result<Strategy.Element, any Error> in
        entry.value.map { .success($0) } ?? .failure(entry.failure!.error)
      }
      for (key, error) in rejected { results[key] = .failure(error) }
      let error = ResilientDecodingOutcome.DictionaryDecodingError(
        results: results,
        droppedEntryErrors: dropped.map { (key: $0.keyAsWritten, error: $0.error) })
      return .init(value, outcome: .recoveredFrom(error, wasReported: false))
    #else
      return .init(value, outcome: .decodedSuccessfully)
    #endif
  }
}

/// The failures, among `caught`, of values that are in none of `entries`: the decoder dropped
/// them, in the order they failed.
@usableFromInline
func droppedFailures<Strategy: ResilientElementStrategy>(
  _ caught: [CaughtFailure], keptIn entries: [String: CaughtValue<Strategy>]
) -> [CaughtFailure] {
  var kept = Set<ObjectIdentifier>()
  for entry in entries.values {
    if let failure = entry.failure { kept.insert(ObjectIdentifier(failure)) }
  }
  return caught.filter { !kept.contains(ObjectIdentifier($0)) }
}

extension Resilient {
  /// A dictionary whose entries all decoded and were all kept; `keysAsWritten` holds its
  /// values under the keys as written in the data.
  @inlinable
  static func allEntriesDecoded<Element>(
    _ value: Value, keysAsWritten: @autoclosure () -> [String: Element]
  ) -> Self {
    #if DEBUG
      // `$x.results` lists entries by their keys as written, which a dictionary whose keys
      // were converted ("+7" and "07" became 7) no longer knows: keep them beside the value.
      var resilient = Self(value, outcome: .decodedSuccessfully)
      resilient.elementsInDecodingOrder = DecodingOrder(keysAsWritten())
      return resilient
    #else
      return .init(value, outcome: .decodedSuccessfully)
    #endif
  }
}

extension ResilientValueSource {
  /// Reports, entry by entry in key order, what the entries' values reported while they
  /// decoded (in `held`), then the error of the entry if it failed, then the errors of the
  /// values the decoder dropped for the same key (`dropped`), then the error its key was
  /// rejected with, all at the dictionary's path and the entry's key.
  ///
  /// A path that does not start at the dictionary's own path was started afresh by a decoder
  /// that decodes the dictionary with a decoder of its own (GRDB's JSON columns): it is moved
  /// under the dictionary's path first. `someEntryFailed` says whether an entry of `entries`
  /// failed, which the caller knows without another pass over them.
  @usableFromInline
  func reportEntriesInKeyOrder<Strategy: ResilientElementStrategy>(
    _ entries: [String: CaughtValue<Strategy>], rejected: [String: any Error],
    held: [HeldReport], dropped: [CaughtFailure], someEntryFailed: Bool
  ) {
    let basePath = codingPath
    var reports: [(key: String, rank: Int, report: HeldReport)] = []
    for (index, report) in held.enumerated() {
      let path = rerooted(report.codingPath, onto: basePath)
      let key = path.count > basePath.count ? path[basePath.count].stringValue : ""
      reports.append(
        (key, index, HeldReport(reporter: report.reporter, error: report.error, codingPath: path)))
    }
    if someEntryFailed || !rejected.isEmpty || !dropped.isEmpty, let reporter = findReporter() {
      for (key, entry) in entries {
        guard let failure = entry.failure else { continue }
        let path = basePath + (failure.codingPath.last.map { [$0] } ?? [AnyCodingKey(key)])
        reports.append(
          (key, held.count, HeldReport(reporter: reporter, error: failure.error, codingPath: path)))
      }
      for (offset, failure) in dropped.enumerated() {
        let path = basePath + (failure.codingPath.last.map { [$0] } ?? [])
        let report = HeldReport(reporter: reporter, error: failure.error, codingPath: path)
        reports.append((failure.keyAsWritten, held.count + 1 + offset, report))
      }
      for (key, error) in rejected where entries[key]?.failure == nil {
        let report = HeldReport(
          reporter: reporter, error: error, codingPath: basePath + [AnyCodingKey(key)])
        reports.append((key, held.count + 1 + dropped.count, report))
      }
    }
    reports.sort {
      let order = $0.key.comparedInKeyOrder(with: $1.key)
      return order != 0 ? order < 0 : $0.rank < $1.rank
    }
    passOn(reports.map(\.report))
  }
}
