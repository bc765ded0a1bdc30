// Resilience decided at run time, for values whose type is only known as a generic `Value`:
// top-level values, elements of unkeyed containers, and properties of generic types. The
// shape of `Value` is examined once and the same implementation as the specialised overload
// for that shape is called, so behaviour is identical; only speed differs.

extension KeyedDecodingContainer {
  /// Decodes a `@Resilient` property whose type has no specialised overload, typically because
  /// it is a generic argument (`@Resilient var payload: T`).
  ///
  /// The type is examined at run time: an optional, array, set, dictionary, or
  /// raw-representable type with a fallback behaves exactly as with its specialised overload.
  /// A type with no resilient behaviour decodes as if it were not wrapped (and asserts in
  /// DEBUG).
  public func decode<T: Decodable>(_: Resilient<T>.Type, forKey key: Key) throws -> Resilient<T> {
    try KeyedValueSource(container: self, key: key).decodeResilientValue(of: T.self)
  }
}

extension ResilientValueSource {
  /// Decodes `Value` with the resilient behaviour of its shape, found at run time.
  func decodeResilientValue<Value: Decodable>(of _: Value.Type) throws -> Resilient<Value> {
    if let shape = Value.self as? any ResilientShape.Type,
      let resilient = decodeShape(shape)
    {
      return resilient as! Resilient<Value>
    }
    if let raw = Value.self as? any ResilientRawRepresentable.Type,
      let resilient = decodeRawValueWithFallback(raw)
    {
      return resilient as! Resilient<Value>
    }
    resilientDecodingAssertionFailure(
      "@Resilient has no effect on a value of type \(Value.self)"
        + (codingPathDescription.map { " at \"\($0)\"" } ?? "")
        + ": it is decoded as if it were not wrapped. Declare it as `\(Value.self)?`, or use an "
        + "array, a set, a dictionary, or a ResilientRawRepresentable type with a "
        + "decodingFallback.")
    return Resilient(try decodePlain(Value.self))
  }

  private func decodeShape<Shape: ResilientShape>(_: Shape.Type) -> Any? {
    Shape.decodeResiliently(from: self)
  }

  private func decodeRawValueWithFallback<T: ResilientRawRepresentable>(_: T.Type) -> Any? {
    guard let fallback = T.decodingFallback as? T else { return nil }
    return decodeResilientRawValue(T.self, fallback: fallback)
  }

  /// The coding path of the value, written for an assertion message.
  private var codingPathDescription: String? {
    guard let decoder = reportingDecoder(), !decoder.codingPath.isEmpty else { return nil }
    return ErrorDigest.Entry.path(of: decoder.codingPath)
  }
}

/// A type whose resilient behaviour depends on its shape (optional, array, set, dictionary).
protocol ResilientShape: Decodable {
  /// Decodes the value resiliently, or returns `nil` if this instance of the shape has no
  /// resilient behaviour (an array of optionals, say).
  static func decodeResiliently<Source: ResilientValueSource>(from source: Source)
    -> Resilient<Self>?
}

/// A collection whose optional has resilient behaviour of its own (`[T]?` is `nil` when
/// missing, `[]` when invalid).
///
/// Which collections of optionals are resilient follows the specialised overloads: `[T?]`
/// and `[String: T?]` have misuse overloads (they assert), while `[T?]?`, `[String: T?]?`,
/// sets of optionals and dictionaries of optionals with other keys are matched by the
/// resilient collection overloads.
protocol ResilientCollectionShape: ResilientShape {
  static func decodeResilientlyAsOptional<Source: ResilientValueSource>(from source: Source)
    -> Resilient<Self?>?
}

/// Marks `Optional`, to recognise collections of optionals.
protocol OptionalMarker {}
extension Optional: OptionalMarker {}

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
    return source.decodeResilientOptional(PlainElement<Wrapped>.self, recoveringTo: nil)
  }

  private static func decodeOptionalCollection<Collection: ResilientCollectionShape>(
    _: Collection.Type, from source: some ResilientValueSource
  ) -> Any? {
    Collection.decodeResilientlyAsOptional(from: source)
  }

  private static func decodeOptionalRawValue<T: ResilientRawRepresentable>(
    _: T.Type, from source: some ResilientValueSource
  ) -> Any {
    source.decodeResilientOptional(RawElement<T>.self, recoveringTo: T.decodingFallback as? T)
  }
}

extension Array: ResilientShape, ResilientCollectionShape where Element: Decodable {
  static func decodeResiliently<Source: ResilientValueSource>(from source: Source)
    -> Resilient<Self>?
  {
    // `[T?]` has a misuse overload.
    if Element.self is any OptionalMarker.Type { return nil }
    return decodeElements(from: source, absent: [], wrap: { $0 })
  }

  static func decodeResilientlyAsOptional<Source: ResilientValueSource>(from source: Source)
    -> Resilient<Self?>?
  {
    decodeElements(from: source, absent: nil, wrap: { $0 })
  }

  private static func decodeElements<Value>(
    from source: some ResilientValueSource, absent: Value, wrap: ([Element]) -> Value
  ) -> Resilient<Value>? {
    if let raw = Element.self as? any ResilientRawRepresentable.Type {
      func decodeRaw<T: ResilientRawRepresentable>(_: T.Type) -> Resilient<Value> {
        source.decodeResilientElements(
          RawElement<T>.self, absent: absent, wrap: { wrap($0 as! [Element]) })
      }
      return decodeRaw(raw)
    }
    return source.decodeResilientElements(PlainElement<Element>.self, absent: absent, wrap: wrap)
  }
}

extension Set: ResilientShape, ResilientCollectionShape where Element: Decodable {
  static func decodeResiliently<Source: ResilientValueSource>(from source: Source)
    -> Resilient<Self>?
  {
    decodeElements(from: source, absent: [])
  }

  static func decodeResilientlyAsOptional<Source: ResilientValueSource>(from source: Source)
    -> Resilient<Self?>?
  {
    decodeElements(from: source, absent: nil)
  }

  private static func decodeElements<Value>(
    from source: some ResilientValueSource, absent: Value
  ) -> Resilient<Value>? {
    if let raw = Element.self as? any (ResilientRawRepresentable & Hashable).Type {
      func decodeRaw<T: ResilientRawRepresentable & Hashable>(_: T.Type) -> Any {
        source.decodeResilientSet(RawElement<T>.self, absent: absent, wrap: { $0 as! Value })
      }
      return decodeRaw(raw) as? Resilient<Value>
    }
    return source.decodeResilientSet(
      PlainElement<Element>.self, absent: absent, wrap: { $0 as! Value })
  }
}

extension Dictionary: ResilientShape, ResilientCollectionShape
where Key: Decodable, Value: Decodable {
  static func decodeResiliently<Source: ResilientValueSource>(from source: Source)
    -> Resilient<Self>?
  {
    // `[String: T?]` has a misuse overload.
    if Key.self == String.self, Value.self is any OptionalMarker.Type { return nil }
    return decodeEntries(from: source, absent: [:])
  }

  static func decodeResilientlyAsOptional<Source: ResilientValueSource>(from source: Source)
    -> Resilient<Self?>?
  {
    decodeEntries(from: source, absent: nil)
  }

  private static func decodeEntries<Wrapped: Decodable>(
    from source: some ResilientValueSource, absent: Wrapped
  ) -> Resilient<Wrapped>? {
    if let raw = Value.self as? any ResilientRawRepresentable.Type {
      func decodeRaw<T: ResilientRawRepresentable>(_: T.Type) -> Any? {
        decodeEntries(RawElement<T>.self, from: source, absent: absent)
      }
      return decodeRaw(raw) as? Resilient<Wrapped>
    }
    return decodeEntries(PlainElement<Value>.self, from: source, absent: absent)
      as? Resilient<Wrapped>
  }

  private static func decodeEntries<Strategy: ResilientElementStrategy, Wrapped: Decodable>(
    _ strategy: Strategy.Type, from source: some ResilientValueSource, absent: Wrapped
  ) -> Any? {
    if Key.self == String.self {
      return source.decodeResilientDictionary(
        strategy, absent: absent, wrap: { $0 as! Wrapped })
    }
    guard #available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *),
      let keyType = Key.self as? any (CodingKeyRepresentable & Hashable).Type
    else { return nil }
    func decodeKeyed<K: CodingKeyRepresentable & Hashable>(_: K.Type) -> Any {
      source.decodeResilientKeyedDictionary(
        strategy, keyedBy: K.self, absent: absent, wrap: { $0 as! Wrapped })
    }
    return decodeKeyed(keyType)
  }
}
