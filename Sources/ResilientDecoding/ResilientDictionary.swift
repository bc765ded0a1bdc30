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
  @inlinable
  func decodeResilientDictionary<Strategy: ResilientElementStrategy, Value>(
    _ strategy: Strategy.Type,
    absent: @autoclosure () -> Value,
    wrap: ([String: Strategy.Element]) -> Value
  ) -> Resilient<Value> {
    decodeResilientEntries(
      strategy, absent: absent(), invalid: wrap([:]),
      collect: { entries, _ in (wrap(entries), [:]) })
  }

  /// The behaviour of every resilient dictionary: `absent` when missing or `null`, `invalid`
  /// (reported) when the value is not a dictionary, otherwise what `collect` makes of the
  /// entries whose values decode.
  ///
  /// The dictionary is decoded as `[String: DictionaryEntry]`, which decoders treat as a plain
  /// string-keyed dictionary (so keys are never converted) and in which every entry catches
  /// its own error. `collect` may reject more entries (a key that does not convert, say),
  /// given the dictionary's coding path to build their errors. The failed entries are then
  /// reported together in key order: decoders hand entries over in hash order, which changes
  /// from run to run, and the digest must not.
  @inlinable
  func decodeResilientEntries<Strategy: ResilientElementStrategy, Value>(
    _ strategy: Strategy.Type,
    absent: @autoclosure () -> Value,
    invalid: @autoclosure () -> Value,
    collect: (
      _ entries: [String: Strategy.Element], _ codingPath: () -> [any CodingKey]
    ) -> (value: Value, rejected: [String: any Error])
  ) -> Resilient<Value> {
    let entries: [String: DictionaryEntry<Strategy>]
    do {
      entries = try decodePlain([String: DictionaryEntry<Strategy>].self)
    } catch {
      #if DEBUG
        let resilient = recoverWholeValue(from: error, absent: absent(), invalid: invalid())
        if case .recoveredFrom(let error, let wasReported) = resilient.outcome {
          return .recovered(
            resilient.wrappedValue,
            from: ResilientDecodingOutcome.DictionaryDecodingError<Strategy.Element>(
              wholeValueError: error),
            wasReported: wasReported)
        }
        return resilient
      #else
        return recoverWholeValue(from: error, absent: absent(), invalid: invalid())
      #endif
    }
    var failures = entries.compactMapValues(\.error)
    let (value, rejected) = collect(
      entries.compactMapValues(\.value), { reportingDecoder()?.codingPath ?? [] })
    guard !failures.isEmpty || !rejected.isEmpty else { return .decoded(value) }
    failures.merge(rejected) { valueError, _ in valueError }
    if let decoder = reportingDecoder(), let reporter = decoder.resilientDecodingErrorReporter {
      let basePath = decoder.codingPath
      for (key, error) in failures.sorted(by: { $0.key < $1.key }) {
        reporter.report(error, at: basePath + [AnyCodingKey(key)])
      }
    }
    #if DEBUG
      var results = entries.mapValues(\.result)
      for (key, error) in rejected { results[key] = .failure(error) }
      return .recovered(
        value, from: ResilientDecodingOutcome.DictionaryDecodingError(results: results),
        wasReported: false)
    #else
      return .decoded(value)
    #endif
  }
}

/// One value of a resilient dictionary: decoding it never throws, it keeps the value or the
/// error, which the dictionary reports once it knows every failed entry.
@usableFromInline
struct DictionaryEntry<Strategy: ResilientElementStrategy>: Decodable {
  @usableFromInline let result: Result<Strategy.Element, any Error>

  @inlinable
  init(from decoder: any Decoder) {
    do {
      result = .success(try Strategy.decode(from: decoder.singleValueContainer()))
    } catch {
      result = .failure(error)
    }
  }

  /// The decoded value, or `nil` if the entry failed.
  @inlinable
  var value: Strategy.Element? {
    guard case .success(let value) = result else { return nil }
    return value
  }

  /// The error of a failed entry, or `nil` if it decoded.
  @inlinable
  var error: (any Error)? {
    guard case .failure(let error) = result else { return nil }
    return error
  }
}
