// String-keyed dictionaries: `[:]` (or `nil` for `[String: T]?`) when missing or `null`, `[:]`
// (reported) when the value is not a dictionary, otherwise every entry whose value decodes,
// each failing entry reported at its key. Keys other than `String` are in
// `Dictionary+_ConvertedKeys.swift`; how entries decode, in `DictionaryEntries.swift`.
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

  /// A dictionary of optionals cannot be made resilient entry by entry: asserts in DEBUG with
  /// what to write instead, and decodes as if unwrapped.
  public func decode<T: Decodable>(_: Resilient<[String: T?]>.Type, forKey key: Key) throws
    -> Resilient<[String: T?]>
  {
    resilientDecodingAssertionFailure(
      "@Resilient does not support the dictionary of optionals \"\(key.stringValue)\" "
        + "([String: \(T.self)?]): an entry that fails would be dropped, not made nil. "
        + "Declare `@Resilient var \(key.stringValue): [String: \(T.self)]` to drop failing "
        + "entries, or `var \(key.stringValue): [String: Resilient<\(T.self)?>]` to turn them "
        + "into nil.")
    return Resilient(try decode([String: T?].self, forKey: key))
  }
}

// MARK: - Run-time dispatch

extension Dictionary: ResilientShape, ResilientCollectionShape
where Key: Decodable, Value: Decodable {
  static func decodeResiliently<Source: ValueSite>(from source: Source)
    -> Resilient<Self>?
  {
    // `[String: T?]` is a misuse, as with its overload.
    if Key.self == String.self, Value.self is any OptionalMarker.Type { return nil }
    return decodeEntries(from: source, absent: [:])
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
