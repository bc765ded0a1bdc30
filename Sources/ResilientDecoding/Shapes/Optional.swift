// Optionals: `nil` when the key is missing or the value is `null`, neither of which is an
// error; `nil` (or a raw-representable type's fallback) when the value cannot be decoded,
// reported. Their ladder is in `Decoding/CalledLadders.swift`; the overloads call it, compiled in
// the library. DocC: "Choosing a Property Kind";
// raw-representable optionals: "Raw-representable enums".

// MARK: - Overloads

extension KeyedDecodingContainer {
  /// Decodes a `@Resilient` optional: `nil` when the key is missing, the value is `null`, or
  /// the value cannot be decoded (that last case is reported).
  @_transparent
  public func decode<T: Decodable>(_: Resilient<T?>.Type, forKey key: Key) throws -> Resilient<T?> {
    guard let primitive = _StandardPrimitive(T.self) else {
      return _decodeOptionalOfAnyType(T.self, forKey: key)
    }
    var result = Resilient<T?>(wrappedValue: nil)
    _decodeOptional(T.self, as: primitive, into: &result, forKey: key)
    return result
  }

  /// Decodes a `@Resilient` optional raw-representable property: `nil` when missing or `null`;
  /// when the value cannot be used (of the wrong raw type or a raw value with no case,
  /// reported), the type's fallback if it has one, `nil` otherwise. One overload for both, as
  /// for the non-optional property.
  @_transparent
  public func decode<T: ResilientRawRepresentable>(_: Resilient<T?>.Type, forKey key: Key) throws
    -> Resilient<T?>
  {
    _decodeMaybeAbsentCalled(
      _RawElement<T>.self, forKey: key, recovering: _RawFallbackIfAny<T>.self)
  }
}

// MARK: - Run-time dispatch

extension Optional: ResilientShape where Wrapped: Decodable {
  static func decodeResiliently<Source: ValueSite>(from source: Source)
    -> Resilient<Self>?
  {
    if let collection = Wrapped.self as? any ResilientCollectionShape.Type,
      let resilient = decodeOptionalCollection(collection, from: source) as? Resilient<Self>
    {
      return resilient
    }
    if let raw = Wrapped.self as? any ResilientRawRepresentable.Type {
      return decodeOptionalRawValue(raw, from: source) as? Resilient<Self>
    }
    if let withFallback = Wrapped.self as? any ResilientDecodable.Type {
      return decodeOptionalWithFallback(withFallback, from: source) as? Resilient<Self>
    }
    return source.decodeMaybeAbsent(
      _PlainElement<Wrapped>.self, recovering: _NoFallback<Wrapped>.self)
  }

  /// `[T]?`, `Set<T>?`, `[K: T]?`: the collection's own optional behaviour.
  private static func decodeOptionalCollection<Collection: ResilientCollectionShape>(
    _: Collection.Type, from source: some ValueSite
  ) -> Any? {
    Collection.decodeResilientlyAsOptional(from: source)
  }

  /// `T?` of a ``ResilientDecodable`` type: `nil`, or the fallback when the value fails.
  private static func decodeOptionalWithFallback<T: ResilientDecodable>(
    _: T.Type, from source: some ValueSite
  ) -> Any {
    source.decodeMaybeAbsent(_PlainElement<T>.self, recovering: _DecodableFallback<T>.self)
  }

  /// `E?`: `nil` or, when the value cannot be used, the fallback if the type has one.
  private static func decodeOptionalRawValue<T: ResilientRawRepresentable>(
    _: T.Type, from source: some ValueSite
  ) -> Any {
    source.decodeMaybeAbsent(_RawElement<T>.self, recovering: _RawFallbackIfAny<T>.self)
  }
}

/// Marks `Optional`, to recognise collections of optionals at run time.
protocol OptionalMarker {}
extension Optional: OptionalMarker {}
