import Foundation

// Dictionaries keyed by `Int`, an enum or any other `CodingKeyRepresentable` type: the
// string-keyed behaviour, then each key converted, an entry whose key does not convert (or
// collides with an earlier one in key order) left out and reported. README: "Dictionaries".

// MARK: - Overloads

@available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *)
extension KeyedDecodingContainer {
  /// Decodes a `@Resilient` dictionary whose keys are any `CodingKeyRepresentable` type (`Int`,
  /// an enum…): like a string-keyed one, and an entry whose key does not convert to `K` is
  /// omitted and reported too.
  @inlinable
  public func decode<DictionaryKey: CodingKeyRepresentable & Hashable & Decodable, V: Decodable>(
    _: Resilient<[DictionaryKey: V]>.Type, forKey key: Key
  ) throws -> Resilient<[DictionaryKey: V]> {
    KeyedValueSource(container: self, key: key).decodeResilientKeyedDictionary(
      PlainElement<V>.self, keyedBy: DictionaryKey.self, absent: [:], wrap: { $0 })
  }

  /// Decodes a `@Resilient` optional dictionary whose keys are any `CodingKeyRepresentable`
  /// type: `nil` when missing or `null`, otherwise as the non-optional one.
  @inlinable
  public func decode<DictionaryKey: CodingKeyRepresentable & Hashable & Decodable, V: Decodable>(
    _: Resilient<[DictionaryKey: V]?>.Type, forKey key: Key
  ) throws -> Resilient<[DictionaryKey: V]?> {
    KeyedValueSource(container: self, key: key).decodeResilientKeyedDictionary(
      PlainElement<V>.self, keyedBy: DictionaryKey.self, absent: nil, wrap: { $0 })
  }

  /// Decodes a `@Resilient` dictionary of raw-representable values whose keys are any
  /// `CodingKeyRepresentable` type, omitting (and reporting) entries whose key or value cannot
  /// be used.
  @inlinable
  public func decode<
    DictionaryKey: CodingKeyRepresentable & Hashable & Decodable, V: ResilientRawRepresentable
  >(
    _: Resilient<[DictionaryKey: V]>.Type, forKey key: Key
  ) throws -> Resilient<[DictionaryKey: V]> {
    KeyedValueSource(container: self, key: key).decodeResilientKeyedDictionary(
      RawElement<V>.self, keyedBy: DictionaryKey.self, absent: [:], wrap: { $0 })
  }

  /// Decodes a `@Resilient` optional dictionary of raw-representable values whose keys are any
  /// `CodingKeyRepresentable` type.
  @inlinable
  public func decode<
    DictionaryKey: CodingKeyRepresentable & Hashable & Decodable, V: ResilientRawRepresentable
  >(
    _: Resilient<[DictionaryKey: V]?>.Type, forKey key: Key
  ) throws -> Resilient<[DictionaryKey: V]?> {
    KeyedValueSource(container: self, key: key).decodeResilientKeyedDictionary(
      RawElement<V>.self, keyedBy: DictionaryKey.self, absent: nil, wrap: { $0 })
  }
}

// MARK: - Behaviour

extension ResilientValueSource {
  /// The behaviour of every resilient dictionary with non-string keys: the string-keyed
  /// behaviour, then each key converted to `K`. An entry whose key does not convert, or that
  /// converts to a key already taken by an entry before it in key order, is omitted and
  /// reported at its own coding path, in key order with the entries whose values failed.
  @available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *)
  @inlinable
  func decodeResilientKeyedDictionary<
    Strategy: ResilientElementStrategy, K: CodingKeyRepresentable & Hashable, Value
  >(
    _ strategy: Strategy.Type,
    keyedBy _: K.Type,
    absent: @autoclosure () -> Value,
    wrap: ([K: Strategy.Element]) -> Value
  ) -> Resilient<Value> {
    decodeResilientEntries(
      strategy, absent: absent(), invalid: wrap([:]),
      collect: { entries, codingPath in
        var converted: [K: Strategy.Element] = [:]
        converted.reserveCapacity(entries.count)
        var rejected: [String: any Error] = [:]
        var basePath: [any CodingKey]?
        // Key order decides which of two keys that convert to the same `K` is kept, so that
        // the result does not depend on the order the decoder hands entries over in.
        for (string, value) in entries.sorted(by: { $0.key < $1.key }) {
          let codingKey = AnyCodingKey(string)
          let key = K(codingKey: codingKey)
          if let key, converted[key] == nil {
            converted[key] = value
            continue
          }
          let base = basePath ?? codingPath()
          basePath = base
          let path = base + [codingKey]
          rejected[string] =
            key == nil
            ? unconvertibleKeyError(K.self, key: codingKey, codingPath: path)
            : duplicateKeyError(K.self, key: codingKey, codingPath: path)
        }
        return (wrap(converted), rejected)
      })
  }
}

// MARK: - Errors of keys

/// The error for a dictionary key that does not convert to the key type: an
/// ``UnknownNovelValueError`` carrying the raw value if that type is a non-frozen
/// ``ResilientRawRepresentable`` and the key spells one of its raw values, a
/// `DecodingError.dataCorrupted` otherwise.
@usableFromInline
func unconvertibleKeyError<K>(
  _: K.Type, key: AnyCodingKey, codingPath: [any CodingKey]
) -> any Error {
  if let raw = K.self as? any ResilientRawRepresentable.Type,
    let novel = novelKeyError(raw, key: key)
  {
    return novel
  }
  return DecodingError.dataCorrupted(
    DecodingError.Context(
      codingPath: codingPath,
      debugDescription: "The dictionary key \"\(key.stringValue)\" is not a valid \(K.self)"))
}

/// The novel-value error for a key of a non-frozen raw-representable type, or `nil` when the
/// type is frozen or the key is no raw value of it (a key that is not an integer, for a type
/// with integer raw values).
///
/// `CodingKeyRepresentable` reads a `String` raw value from a key's `stringValue` and an `Int`
/// one from its `intValue`; for other raw value types the key as written is the novel value.
private func novelKeyError<T: ResilientRawRepresentable>(
  _: T.Type, key: AnyCodingKey
) -> (any Error)? {
  guard !T.isFrozen else { return nil }
  let rawValue: T.RawValue?
  if T.RawValue.self == String.self {
    rawValue = key.stringValue as? T.RawValue
  } else if T.RawValue.self == Int.self {
    rawValue = key.intValue.flatMap { $0 as? T.RawValue }
  } else {
    return UnknownNovelValueError(novelValue: key.stringValue)
  }
  guard let rawValue, T(rawValue: rawValue) == nil else { return nil }
  return UnknownNovelValueError(novelValue: rawValue)
}

/// The error for a dictionary key that converts to a key already used by another entry.
@usableFromInline
func duplicateKeyError<K>(
  _: K.Type, key: AnyCodingKey, codingPath: [any CodingKey]
) -> any Error {
  DecodingError.dataCorrupted(
    DecodingError.Context(
      codingPath: codingPath,
      debugDescription:
        "The dictionary key \"\(key.stringValue)\" is the same \(K.self) as an earlier key "
        + "in key order; the entry was dropped"))
}
