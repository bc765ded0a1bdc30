// Optionals: `nil` when the key is missing or the value is `null`, neither of which is an
// error; `nil` (or a raw-representable type's fallback) when the value cannot be decoded,
// reported. README: "Optionals"; raw-representable optionals: "Raw-representable enums".

// MARK: - Overloads

extension KeyedDecodingContainer {
  /// Decodes a `@Resilient` optional: `nil` when the key is missing, the value is `null`, or
  /// the value cannot be decoded (that last case is reported).
  @_transparent
  public func decode<T: Decodable>(_: Resilient<T?>.Type, forKey key: Key) throws -> Resilient<T?> {
    decodeResilientOptional(PlainElement<T>.self, forKey: key, recoveringTo: NoFallback<T>.self)
  }

  /// Decodes a `@Resilient` optional raw-representable property without a fallback: `nil`
  /// when missing, `null`, of the wrong raw type (reported) or a raw value with no case.
  @_transparent
  public func decode<T: ResilientRawRepresentable>(_: Resilient<T?>.Type, forKey key: Key) throws
    -> Resilient<T?>
  {
    decodeResilientOptional(RawElement<T>.self, forKey: key, recoveringTo: NoFallback<T>.self)
  }

  /// Decodes a `@Resilient` optional raw-representable property with a fallback: `nil` when
  /// missing or `null`, the fallback when the value cannot be used (reported).
  @_transparent
  public func decode<T: ResilientRawRepresentable>(_: Resilient<T?>.Type, forKey key: Key) throws
    -> Resilient<T?> where T.DecodingFallback == T
  {
    decodeResilientOptional(RawElement<T>.self, forKey: key, recoveringTo: RawFallback<T>.self)
  }
}

// MARK: - Behaviour

extension KeyedDecodingContainer {
  /// The behaviour of every resilient optional property: `nil` when missing or `null`, and
  /// `recoveringTo` (reported) when the value cannot be decoded.
  ///
  /// The same behaviour as `ResilientValueSource.decodeResilientOptional`, written against the
  /// container itself because this is the hottest path of the library. A value that decodes
  /// costs one `decodeIfPresent`, as in plain `Codable`; only DEBUG, which evaluates the
  /// outcome, asks again to tell a missing key from a `null`; a failure costs one call into the
  /// library, which reports it. Transparent, like the overloads that call it, so that even
  /// unoptimised it runs in the model's own `init(from:)`, where the types are known.
  @_transparent @usableFromInline
  func decodeResilientOptional<Strategy: ResilientElementStrategy, Fallback: FallbackValue>(
    _ strategy: Strategy.Type,
    forKey key: Key,
    recoveringTo _: Fallback.Type
  ) -> Resilient<Strategy.Element?> where Fallback.Value == Strategy.Element {
    do {
      if let value = try Strategy.decodeIfPresent(from: self, forKey: key) {
        return .init(value, outcome: .decodedSuccessfully)
      }
      #if DEBUG
        return .init(nil, outcome: contains(key) ? .valueWasNil : .keyNotFound)
      #else
        return .init(nil, outcome: .keyNotFound)
      #endif
    } catch {
      let error = reportFailure(error, forKey: key, decodedPrimitive: Strategy.decodesPrimitive)
      return .init(Fallback.value, outcome: .recoveredFrom(error, wasReported: true))
    }
  }
}

// MARK: - Fallbacks

/// What an optional property holds when its value cannot be decoded, named by a type so that
/// the property needs no closure for it: `nil`, or a type's `decodingFallback`.
@usableFromInline
protocol FallbackValue {
  associatedtype Value
  static var value: Value? { get }
}

/// No fallback: `nil`.
@usableFromInline
enum NoFallback<Value>: FallbackValue {
  @inlinable static var value: Value? { nil }
}

/// The fallback of a raw-representable type that has one.
@usableFromInline
enum RawFallback<Value: ResilientRawRepresentable>: FallbackValue
where Value.DecodingFallback == Value {
  @inlinable static var value: Value? { Value.decodingFallback }
}

/// The fallback of a ``ResilientDecodable`` type.
@usableFromInline
enum DecodableFallback<Value: ResilientDecodable>: FallbackValue {
  @inlinable static var value: Value? { Value.decodingFallback }
}

extension ResilientValueSource {
  /// The behaviour of every resilient optional, from any source: `nil` when missing or `null`,
  /// and `recoveringTo` (reported) when the value cannot be decoded.
  func decodeResilientOptional<Strategy: ResilientElementStrategy>(
    _ strategy: Strategy.Type,
    recoveringTo fallback: @autoclosure () -> Strategy.Element?
  ) -> Resilient<Strategy.Element?> {
    do {
      if let value = try decodeIfPresent(strategy) {
        return .init(value, outcome: .decodedSuccessfully)
      }
      #if DEBUG
        return .init(nil, outcome: isMissing ? .keyNotFound : .valueWasNil)
      #else
        return .init(nil, outcome: .keyNotFound)
      #endif
    } catch {
      let error = strategy.decodingError(error, at: codingPath)
      report(error)
      return .init(fallback(), outcome: .recoveredFrom(error, wasReported: true))
    }
  }
}

// MARK: - Run-time dispatch

extension Optional: ResilientShape where Wrapped: Decodable {
  static func decodeResiliently<Source: ResilientValueSource>(from source: Source)
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
    return source.decodeResilientOptional(PlainElement<Wrapped>.self, recoveringTo: nil)
  }

  /// `[T]?`, `Set<T>?`, `[K: T]?`: the collection's own optional behaviour.
  private static func decodeOptionalCollection<Collection: ResilientCollectionShape>(
    _: Collection.Type, from source: some ResilientValueSource
  ) -> Any? {
    Collection.decodeResilientlyAsOptional(from: source)
  }

  /// `T?` of a ``ResilientDecodable`` type: `nil`, or the fallback when the value fails.
  private static func decodeOptionalWithFallback<T: ResilientDecodable>(
    _: T.Type, from source: some ResilientValueSource
  ) -> Any {
    source.decodeResilientOptional(PlainElement<T>.self, recoveringTo: T.decodingFallback)
  }

  /// `E?`: `nil` or, when the value cannot be used, the fallback if the type has one.
  private static func decodeOptionalRawValue<T: ResilientRawRepresentable>(
    _: T.Type, from source: some ResilientValueSource
  ) -> Any {
    source.decodeResilientOptional(RawElement<T>.self, recoveringTo: T.decodingFallback as? T)
  }
}

/// Marks `Optional`, to recognise collections of optionals at run time.
protocol OptionalMarker {}
extension Optional: OptionalMarker {}
