import Foundation

// Dictionaries keyed by `Int`, an enum or any other `CodingKeyRepresentable` type: the
// string-keyed behaviour, then each key converted, an entry whose key does not convert (or
// collides with an earlier one in key order) left out and reported. DocC: "Choosing a Property
// Kind". Their run-time dispatch is with the string-keyed one, in `Dictionary.swift`.

// MARK: - Overloads

@available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *)
extension KeyedDecodingContainer {
  /// Decodes a `@Resilient` dictionary whose keys are any `CodingKeyRepresentable` type (`Int`,
  /// an enum…): like a string-keyed one, and an entry whose key does not convert to `K` is
  /// omitted and reported too.
  @_transparent
  public func decode<DictionaryKey: CodingKeyRepresentable & Hashable & Decodable, V: Decodable>(
    _: Resilient<[DictionaryKey: V]>.Type, forKey key: Key
  ) throws -> Resilient<[DictionaryKey: V]> {
    _decodeResilientDictionary(
      _PlainElement<V>.self, keys: _ConvertedKeys<DictionaryKey>.self, forKey: key)
  }

  /// Decodes a `@Resilient` optional dictionary whose keys are any `CodingKeyRepresentable`
  /// type: `nil` when missing or `null`, otherwise as the non-optional one.
  @_transparent
  public func decode<DictionaryKey: CodingKeyRepresentable & Hashable & Decodable, V: Decodable>(
    _: Resilient<[DictionaryKey: V]?>.Type, forKey key: Key
  ) throws -> Resilient<[DictionaryKey: V]?> {
    _decodeResilientOptionalDictionary(
      _PlainElement<V>.self, keys: _ConvertedKeys<DictionaryKey>.self, forKey: key)
  }

  /// Decodes a `@Resilient` dictionary of raw-representable values whose keys are any
  /// `CodingKeyRepresentable` type, omitting (and reporting) entries whose key or value cannot
  /// be used.
  @_transparent
  public func decode<
    DictionaryKey: CodingKeyRepresentable & Hashable & Decodable, V: ResilientRawRepresentable
  >(
    _: Resilient<[DictionaryKey: V]>.Type, forKey key: Key
  ) throws -> Resilient<[DictionaryKey: V]> {
    _decodeResilientDictionary(
      _RawElement<V>.self, keys: _ConvertedKeys<DictionaryKey>.self, forKey: key)
  }

  /// Decodes a `@Resilient` optional dictionary of raw-representable values whose keys are any
  /// `CodingKeyRepresentable` type.
  @_transparent
  public func decode<
    DictionaryKey: CodingKeyRepresentable & Hashable & Decodable, V: ResilientRawRepresentable
  >(
    _: Resilient<[DictionaryKey: V]?>.Type, forKey key: Key
  ) throws -> Resilient<[DictionaryKey: V]?> {
    _decodeResilientOptionalDictionary(
      _RawElement<V>.self, keys: _ConvertedKeys<DictionaryKey>.self, forKey: key)
  }
}
