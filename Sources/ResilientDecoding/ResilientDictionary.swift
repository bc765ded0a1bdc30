extension KeyedDecodingContainer {
  /// Decodes a `@Resilient` string-keyed dictionary: `[:]` when the key is missing, the value
  /// is `null` or is not a dictionary (reported); otherwise every entry whose value decodes,
  /// each failing entry being reported at its key.
  ///
  /// Keys are kept exactly as written in the data: a `keyDecodingStrategy` rewrites the
  /// property's own key, never the dictionary's keys.
  @inlinable
  public func decode<Value: Decodable>(_: Resilient<[String: Value]>.Type, forKey key: Key) throws
    -> Resilient<[String: Value]>
  {
    KeyedValueSource(container: self, key: key).decodeResilientDictionary(
      PlainElement<Value>.self, absent: [:], wrap: { $0 })
  }

  /// Decodes a `@Resilient` optional string-keyed dictionary: `nil` when the key is missing or
  /// the value is `null`, `[:]` when the value is not a dictionary (reported), otherwise as a
  /// resilient dictionary.
  @inlinable
  public func decode<Value: Decodable>(_: Resilient<[String: Value]?>.Type, forKey key: Key) throws
    -> Resilient<[String: Value]?>
  {
    KeyedValueSource(container: self, key: key).decodeResilientDictionary(
      PlainElement<Value>.self, absent: nil, wrap: { $0 })
  }
}

extension ResilientValueSource {
  /// The behaviour of every resilient string-keyed dictionary: `absent` when missing or
  /// `null`, `[:]` (reported) when the value is not a dictionary, otherwise the entries whose
  /// values decode.
  ///
  /// The dictionary is decoded as `[String: DictionaryEntry]`, which decoders treat as a plain
  /// string-keyed dictionary (so keys are never converted) and in which every entry catches
  /// and reports its own error.
  @inlinable
  func decodeResilientDictionary<Strategy: ResilientElementStrategy, Value>(
    _ strategy: Strategy.Type,
    absent: @autoclosure () -> Value,
    wrap: ([String: Strategy.Element]) -> Value
  ) -> Resilient<Value> {
    let entries: [String: DictionaryEntry<Strategy>]
    do {
      entries = try decodePlain([String: DictionaryEntry<Strategy>].self)
    } catch {
      return recoverWholeValue(from: error, absent: absent(), invalid: wrap([:]))
    }
    return DictionaryEntry.collect(entries, wrap: wrap, reportingTo: self)
  }
}

/// One value of a resilient dictionary: decoding it never throws, it keeps the value or the
/// error and where it happened.
///
/// The error is not reported while the entry decodes: decoders visit the entries of a
/// dictionary in no fixed order (`JSONDecoder` in hash order, different on every run), so
/// ``collect(_:wrap:reportingTo:)`` reports them afterwards, in key order, to keep the digest the
/// same from run to run.
@usableFromInline
struct DictionaryEntry<Strategy: ResilientElementStrategy>: Decodable {
  @usableFromInline let value: Strategy.Element?
  @usableFromInline let failure: DictionaryEntryFailure?

  @inlinable
  init(from decoder: any Decoder) {
    do {
      value = try Strategy.decode(from: decoder.singleValueContainer())
      failure = nil
    } catch {
      value = nil
      failure = DictionaryEntryFailure(error: error, codingPath: decoder.codingPath)
    }
  }

  /// The dictionary of the values that decoded, and its outcome, having reported the entries
  /// that failed in key order.
  @inlinable
  static func collect<Value, Source: ResilientValueSource>(
    _ entries: [String: Self],
    wrap: ([String: Strategy.Element]) -> Value,
    reportingTo source: Source
  ) -> Resilient<Value> {
    if entries.values.allSatisfy({ $0.failure == nil }) {
      return .decoded(wrap(entries.mapValues { $0.value! }))
    }
    reportFailures(of: entries, to: source)
    let kept = wrap(entries.compactMapValues(\.value))
    #if DEBUG
      return .recovered(
        kept,
        from: ResilientDecodingOutcome.DictionaryDecodingError(
          results: entries.mapValues { entry in
            entry.value.map { .success($0) } ?? .failure(entry.failure!.error)
          }),
        wasReported: false)
    #else
      return .decoded(kept)
    #endif
  }

  /// Reports the error of every entry that failed, in key order, each at its own coding path.
  @usableFromInline
  static func reportFailures<Source: ResilientValueSource>(
    of entries: [String: Self], to source: Source
  ) {
    guard let reporter = source.reportingDecoder()?.resilientDecodingErrorReporter else { return }
    for (_, entry) in entries.sorted(by: { $0.key < $1.key }) {
      if let failure = entry.failure {
        reporter.report(failure.error, at: failure.codingPath)
      }
    }
  }
}

/// Why an entry of a resilient dictionary failed, and where.
///
/// A class, so that an entry that decoded carries one null reference, not room for an error and
/// a path.
@usableFromInline
final class DictionaryEntryFailure {
  @usableFromInline let error: any Error
  @usableFromInline let codingPath: [any CodingKey]

  @inlinable
  init(error: any Error, codingPath: [any CodingKey]) {
    self.error = error
    self.codingPath = codingPath
  }
}
