// Arrays: `[]` (or `nil` for `[T]?`) when missing or `null`, `[]` (reported) when the value is
// not an array, otherwise every element that decodes, each failing element reported at its own
// index. DocC: "Choosing a Property Kind".

// MARK: - Overloads

extension KeyedDecodingContainer {
  /// Decodes a `@Resilient` array: `[]` when the key is missing, the value is `null` or is not
  /// an array (reported); otherwise every element that decodes, in order, each failing element
  /// being reported at its own index.
  @_transparent
  public func decode<Element: Decodable>(_: Resilient<[Element]>.Type, forKey key: Key) throws
    -> Resilient<[Element]>
  {
    .init(elements: _decodeCollection(_PlainElement<Element>.self, forKey: key, mayBeAbsent: false))
  }

  /// Decodes a `@Resilient` optional array: `nil` when the key is missing or the value is
  /// `null`, `[]` when the value is not an array (reported), otherwise as a resilient array.
  @_transparent
  public func decode<Element: Decodable>(_: Resilient<[Element]?>.Type, forKey key: Key) throws
    -> Resilient<[Element]?>
  {
    .init(elements: _decodeCollection(_PlainElement<Element>.self, forKey: key, mayBeAbsent: true))
  }

  /// Decodes a `@Resilient` array of raw-representable values, omitting (and reporting) every
  /// element that cannot be used. The fallback is never used in a collection.
  @_transparent
  public func decode<T: ResilientRawRepresentable>(_: Resilient<[T]>.Type, forKey key: Key) throws
    -> Resilient<[T]>
  {
    .init(elements: _decodeCollection(_RawElement<T>.self, forKey: key, mayBeAbsent: false))
  }

  /// Decodes a `@Resilient` optional array of raw-representable values, omitting (and
  /// reporting) every element that cannot be used.
  @_transparent
  public func decode<T: ResilientRawRepresentable>(_: Resilient<[T]?>.Type, forKey key: Key) throws
    -> Resilient<[T]?>
  {
    .init(elements: _decodeCollection(_RawElement<T>.self, forKey: key, mayBeAbsent: true))
  }

  /// An array of optionals cannot be made resilient element by element: asserts in DEBUG with
  /// what to write instead, and decodes as if unwrapped.
  public func decode<T: Decodable>(_: Resilient<[T?]>.Type, forKey key: Key) throws
    -> Resilient<[T?]>
  {
    resilientDecodingAssertionFailure(
      "@Resilient does not support the array of optionals \"\(key.stringValue)\" "
        + "([\(T.self)?]): an element that fails would be dropped, not made nil. Declare "
        + "`@Resilient var \(key.stringValue): [\(T.self)]` to drop failing elements, or "
        + "`var \(key.stringValue): [Resilient<\(T.self)?>]` to turn them into nil.")
    return Resilient(try decode([T?].self, forKey: key))
  }
}

// MARK: - Wrapping the elements

extension Resilient {
  /// Wraps what decoding an array's elements gave.
  @_transparent @usableFromInline
  init<Element>(elements decoded: _DecodedElements<Element>) where Value == [Element] {
    self.init(decoded.elements, decodedFrom: decoded)
  }

  /// Wraps what decoding an optional array's elements gave: `nil` when it was missing or `null`.
  @_transparent @usableFromInline
  init<Element>(elements decoded: _DecodedElements<Element>) where Value == [Element]? {
    self.init(decoded.isAbsent ? nil : decoded.elements, decodedFrom: decoded)
  }

  /// Wraps what decoding the elements of `Value`, whose shape is known only at run time, gave:
  /// `absent` when it was missing or `null`, otherwise the elements put in `Value` by `wrap`,
  /// which `losesOrder` when it does not keep them in the order they decoded (a set).
  init<Element>(
    _ decoded: _DecodedElements<Element>, absent: Value, wrap: ([Element]) -> Value,
    losesOrder: Bool = false
  ) {
    let value = decoded.isAbsent ? absent : wrap(decoded.elements)
    if losesOrder {
      self.init(value, decodedInOrderFrom: decoded)
    } else {
      self.init(value, decodedFrom: decoded)
    }
  }
}

// MARK: - Run-time dispatch

extension Array: ResilientShape, ResilientCollectionShape where Element: Decodable {
  static func decodeResiliently<Source: ValueSite>(from source: Source)
    -> Resilient<Self>?
  {
    // `[T?]` is a misuse, as with its overload.
    if Element.self is any OptionalMarker.Type { return nil }
    return decodeElements(from: source, absent: [], wrap: { $0 })
  }

  static func decodeResilientlyAsOptional<Source: ValueSite>(from source: Source)
    -> Resilient<Self?>?
  {
    decodeElements(from: source, absent: nil, wrap: { $0 })
  }

  private static func decodeElements<Value>(
    from source: some ValueSite, absent: Value, wrap: ([Element]) -> Value
  ) -> Resilient<Value>? {
    if let raw = Element.self as? any ResilientRawRepresentable.Type {
      func decodeRaw<T: ResilientRawRepresentable>(_: T.Type) -> Resilient<Value> {
        let decoded = source.decodeResilientElements(_RawElement<T>.self)
        return .init(decoded, absent: absent, wrap: { wrap($0 as! [Element]) })
      }
      return decodeRaw(raw)
    }
    let decoded = source.decodeResilientElements(_PlainElement<Element>.self)
    return .init(decoded, absent: absent, wrap: wrap)
  }
}
