import Foundation

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

extension ResilientValueSource {
  /// The behaviour of every resilient dictionary with non-string keys: the string-keyed
  /// behaviour, then each key converted to `K`. An entry whose key does not convert, or that
  /// converts to a key already taken by an entry before it in key order, is omitted and
  /// reported at its own coding path.
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
    var converted: [K: Strategy.Element] = [:]
    var badKeys: [(string: String, isDuplicate: Bool)] = []
    let byString = decodeResilientDictionary(
      strategy, absent: absent(),
      wrap: { (entries: [String: Strategy.Element]) -> Value in
        converted.reserveCapacity(entries.count)
        // Key order makes the result, and the errors, the same from run to run.
        for (string, value) in entries.sorted(by: { $0.key < $1.key }) {
          let codingKey = AnyCodingKey(converting: string)
          guard let key = K(codingKey: codingKey) else {
            badKeys.append((string, false))
            continue
          }
          guard converted[key] == nil else {
            badKeys.append((string, true))
            continue
          }
          converted[key] = value
        }
        return wrap(converted)
      })
    guard !badKeys.isEmpty else { return byString }
    let decoder = reportingDecoder()
    let reporter = decoder?.resilientDecodingErrorReporter
    var keyErrors: [(string: String, error: any Error)] = []
    for (string, isDuplicate) in badKeys {
      let codingPath = (decoder?.codingPath ?? []) + [AnyCodingKey(reporting: string)]
      let error =
        isDuplicate
        ? duplicateKeyError(K.self, string: string, codingPath: codingPath)
        : unconvertibleKeyError(K.self, string: string, codingPath: codingPath)
      reporter?.report(error, at: codingPath)
      keyErrors.append((string, error))
    }
    #if DEBUG
      var results: [String: Result<Strategy.Element, any Error>] = [:]
      if case .recoveredFrom(
        let partial as ResilientDecodingOutcome.DictionaryDecodingError<Strategy.Element>, _) =
        byString.outcome
      {
        results = partial.results
      } else {
        for (key, value) in converted {
          results[key.codingKey.stringValue] = .success(value)
        }
      }
      for (string, error) in keyErrors { results[string] = .failure(error) }
      return .recovered(
        byString.wrappedValue,
        from: ResilientDecodingOutcome.DictionaryDecodingError(results: results),
        wasReported: false)
    #else
      return byString
    #endif
  }
}

/// The error for a dictionary key that does not convert to the key type: an
/// ``UnknownNovelValueError`` if that type is a non-frozen ``ResilientRawRepresentable``, a
/// `DecodingError.dataCorrupted` otherwise.
@usableFromInline
func unconvertibleKeyError<K>(_: K.Type, string: String, codingPath: [any CodingKey])
  -> any Error
{
  if let raw = K.self as? any ResilientRawRepresentable.Type, !raw.isFrozen {
    return UnknownNovelValueError(novelValue: string)
  }
  return DecodingError.dataCorrupted(
    DecodingError.Context(
      codingPath: codingPath,
      debugDescription: "The dictionary key \"\(string)\" is not a valid \(K.self)"))
}

/// The error for a dictionary key that converts to a key already used by another entry.
@usableFromInline
func duplicateKeyError<K>(_: K.Type, string: String, codingPath: [any CodingKey])
  -> any Error
{
  DecodingError.dataCorrupted(
    DecodingError.Context(
      codingPath: codingPath,
      debugDescription:
        "The dictionary key \"\(string)\" is the same \(K.self) as an earlier key; the entry "
        + "was dropped"))
}

/// A coding key made from a dictionary key as written in the data.
@usableFromInline
struct AnyCodingKey: CodingKey, Sendable {
  @usableFromInline let stringValue: String
  @usableFromInline let intValue: Int?

  /// A key to convert to the dictionary's key type: it carries the integer the string spells,
  /// if any, because `Int` and integer-backed keys convert from `intValue`.
  @usableFromInline
  init(converting string: String) {
    self.stringValue = string
    self.intValue = Int(string)
  }

  /// A key for a coding path: named by its string only, as decoders name dictionary keys, so
  /// that a key written `"01"` is reported as `01`, not as index 1.
  @usableFromInline
  init(reporting string: String) {
    self.stringValue = string
    self.intValue = nil
  }

  @usableFromInline
  init?(stringValue: String) {
    self.init(reporting: stringValue)
  }

  @usableFromInline
  init?(intValue: Int) {
    self.stringValue = String(intValue)
    self.intValue = intValue
  }
}
