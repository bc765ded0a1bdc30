// String-keyed dictionaries: `[:]` (or `nil` for `[String: T]?`) when missing or `null`, `[:]`
// (reported) when the value is not a dictionary, otherwise every entry whose value decodes,
// each failing entry reported at its key. A dictionary of optionals (`[String: T?]`) is one of
// them, as in the original library: a `null` value is the entry `nil`, a value that fails is
// left out and reported. Keys other than `String` are in
// `Dictionary+ConvertedKeys.swift`; how entries decode, in `DictionaryEntries.swift`.
// DocC: "Choosing a Property Kind".

// MARK: - Overloads

extension KeyedDecodingContainer {
  /// Decodes a `@Resilient` string-keyed dictionary: `[:]` when the key is missing, the value
  /// is `null` or is not a dictionary (reported); otherwise every entry whose value decodes,
  /// each failing entry being reported at its key.
  ///
  /// Keys are kept exactly as written in the data: a `keyDecodingStrategy` rewrites the
  /// property's own key, never the dictionary's keys.
  @_transparent
  public func decode<Value: Decodable>(_: Resilient<[String: Value]>.Type, forKey key: Key) throws
    -> Resilient<[String: Value]>
  {
    _decodeResilientDictionary(_PlainElement<Value>.self, keys: _StringKeys.self, forKey: key)
  }

  /// Decodes a `@Resilient` optional string-keyed dictionary: `nil` when the key is missing or
  /// the value is `null`, `[:]` when the value is not a dictionary (reported), otherwise as a
  /// resilient dictionary.
  @_transparent
  public func decode<Value: Decodable>(_: Resilient<[String: Value]?>.Type, forKey key: Key) throws
    -> Resilient<[String: Value]?>
  {
    _decodeResilientOptionalDictionary(
      _PlainElement<Value>.self, keys: _StringKeys.self, forKey: key)
  }

  /// Decodes a `@Resilient` string-keyed dictionary of raw-representable values, omitting (and
  /// reporting) every entry that cannot be used.
  @_transparent
  public func decode<T: ResilientRawRepresentable>(_: Resilient<[String: T]>.Type, forKey key: Key)
    throws -> Resilient<[String: T]>
  {
    _decodeResilientDictionary(_RawElement<T>.self, keys: _StringKeys.self, forKey: key)
  }

  /// Decodes a `@Resilient` optional string-keyed dictionary of raw-representable values,
  /// omitting (and reporting) every entry that cannot be used.
  @_transparent
  public func decode<T: ResilientRawRepresentable>(
    _: Resilient<[String: T]?>.Type, forKey key: Key
  ) throws -> Resilient<[String: T]?> {
    _decodeResilientOptionalDictionary(_RawElement<T>.self, keys: _StringKeys.self, forKey: key)
  }
}

// MARK: - Run-time dispatch

extension Dictionary: ResilientShape, ResilientCollectionShape
where Key: Decodable, Value: Decodable {
  static func decodeResiliently<Source: ValueSite>(from source: Source)
    -> Resilient<Self>?
  {
    decodeEntries(from: source, absent: [:])
  }

  static func decodeResilientlyAsOptional<Source: ValueSite>(from source: Source)
    -> Resilient<Self?>?
  {
    decodeEntries(from: source, absent: nil)
  }

  private static func decodeEntries<Wrapped: Decodable>(
    from source: some ValueSite, absent: Wrapped
  ) -> Resilient<Wrapped>? {
    if let raw = Value.self as? any ResilientRawRepresentable.Type {
      func decodeRaw<T: ResilientRawRepresentable>(_: T.Type) -> Any? {
        decodeEntries(_RawElement<T>.self, from: source, absent: absent)
      }
      return decodeRaw(raw) as? Resilient<Wrapped>
    }
    return decodeEntries(_PlainElement<Value>.self, from: source, absent: absent)
      as? Resilient<Wrapped>
  }

  /// Keys that are `String` or `CodingKeyRepresentable` (on platforms that have it) are
  /// resilient; dictionaries with other keys are decoded by `Codable` as arrays, and have no
  /// resilient behaviour.
  private static func decodeEntries<Strategy: _ResilientElementStrategy, Wrapped: Decodable>(
    _ strategy: Strategy.Type, from source: some ValueSite, absent: Wrapped
  ) -> Any? {
    if Key.self == String.self {
      return source.decodeResilientDictionary(
        strategy, keys: _StringKeys.self, absent: absent, wrap: { $0 as! Wrapped },
        unwrap: { $0.value.unsafelyUnwrapped })
    }
    guard #available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *),
      let keyType = Key.self as? any (CodingKeyRepresentable & Hashable).Type
    else { return nil }
    func decodeKeyed<K: CodingKeyRepresentable & Hashable>(_: K.Type) -> Any {
      source.decodeResilientDictionary(
        strategy, keys: _ConvertedKeys<K>.self, absent: absent, wrap: { $0 as! Wrapped },
        unwrap: { $0.value.unsafelyUnwrapped })
    }
    return decodeKeyed(keyType)
  }
}
