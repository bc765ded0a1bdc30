// Any `Decodable` type with a fallback (the protocol is in `Wrapper/ResilientDecodable.swift`):
// its non-optional and optional properties. Collections of such values are plain collections (a failing element is dropped
// and reported, the fallback never used); a type that is also `ResilientRawRepresentable`
// decodes as one. DocC: "Choosing a Property Kind".

// MARK: - Overloads

extension KeyedDecodingContainer {
  /// Decodes a `@Resilient` property of a type with a fallback: the value when it decodes, the
  /// fallback otherwise (a missing key and `null` included), reported.
  @_transparent
  public func decode<T: ResilientDecodable>(_: Resilient<T>.Type, forKey key: Key) throws
    -> Resilient<T>
  {
    _decodeOrFallBackCalled(
      _PlainElement<T>.self, forKey: key, fallback: _DecodableFallbackValue<T>.self)
  }

  /// Decodes a `@Resilient` optional of a type with a fallback: `nil` when the key is missing or
  /// the value is `null`, the fallback when the value cannot be decoded (reported).
  @_transparent
  public func decode<T: ResilientDecodable>(_: Resilient<T?>.Type, forKey key: Key) throws
    -> Resilient<T?>
  {
    _decodeMaybeAbsentCalled(
      _PlainElement<T>.self, forKey: key, recovering: _DecodableFallback<T>.self)
  }

  /// Decodes a `@Resilient` property of a raw-representable type that is also
  /// ``ResilientDecodable``: as a raw-representable type with a fallback.
  @_transparent
  public func decode<T: ResilientRawRepresentable & ResilientDecodable>(
    _: Resilient<T>.Type, forKey key: Key
  ) throws -> Resilient<T> where T.DecodingFallback == T {
    _decodeOrFallBackCalled(_RawElement<T>.self, forKey: key, fallback: _RawFallbackValue<T>.self)
  }

  /// Decodes a `@Resilient` optional of a raw-representable type that is also
  /// ``ResilientDecodable``: as an optional raw-representable type with a fallback.
  @_transparent
  public func decode<T: ResilientRawRepresentable & ResilientDecodable>(
    _: Resilient<T?>.Type, forKey key: Key
  ) throws -> Resilient<T?> where T.DecodingFallback == T {
    _decodeMaybeAbsentCalled(_RawElement<T>.self, forKey: key, recovering: _RawFallback<T>.self)
  }
}

// MARK: - Run-time dispatch

extension ValueSite {
  /// A ``ResilientDecodable`` `T` decodes as its overload does.
  func decodeValueWithFallback<T: ResilientDecodable>(_: T.Type) -> Any {
    decodeOrFallBack(_PlainElement<T>.self, fallback: T.decodingFallback)
  }
}
