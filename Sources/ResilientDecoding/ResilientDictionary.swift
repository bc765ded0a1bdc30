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
    return DictionaryEntry.collect(entries, wrap: wrap)
  }
}

/// One value of a resilient dictionary: decoding it never throws, it keeps the value or, having
/// reported the error at the entry's own coding path, nothing (in DEBUG, the error).
@usableFromInline
struct DictionaryEntry<Strategy: ResilientElementStrategy>: Decodable {
  #if DEBUG
    @usableFromInline let result: Result<Strategy.Element, any Error>
    @inlinable var value: Strategy.Element? { try? result.get() }
  #else
    @usableFromInline let value: Strategy.Element?
  #endif

  @inlinable
  init(from decoder: any Decoder) {
    do {
      let value = try Strategy.decode(from: decoder.singleValueContainer())
      #if DEBUG
        result = .success(value)
      #else
        self.value = value
      #endif
    } catch {
      decoder.reportError(error)
      #if DEBUG
        result = .failure(error)
      #else
        value = nil
      #endif
    }
  }

  /// The dictionary of the values that decoded, and its outcome.
  @inlinable
  static func collect<Value>(
    _ entries: [String: Self],
    wrap: ([String: Strategy.Element]) -> Value
  ) -> Resilient<Value> {
    if entries.values.allSatisfy({ $0.value != nil }) {
      return .decoded(wrap(entries.mapValues { $0.value! }))
    }
    let kept = wrap(entries.compactMapValues(\.value))
    #if DEBUG
      return .recovered(
        kept,
        from: ResilientDecodingOutcome.DictionaryDecodingError(
          results: entries.mapValues(\.result)),
        wasReported: false)
    #else
      return .decoded(kept)
    #endif
  }
}
