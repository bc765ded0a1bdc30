// Sets: an array whose elements are then put in a set, duplicates collapsing. DocC: "Choosing a
// Property Kind".

// MARK: - Overloads

extension KeyedDecodingContainer {
  /// Decodes a `@Resilient` set: like a resilient array (missing, `null` or not an array gives
  /// `[]`; failing elements are omitted and reported), with duplicates collapsed.
  @_transparent
  public func decode<Element: Decodable>(_: Resilient<Set<Element>>.Type, forKey key: Key) throws
    -> Resilient<Set<Element>>
  {
    .init(elements: _decodeCollection(_PlainElement<Element>.self, forKey: key, mayBeAbsent: false))
  }

  /// Decodes a `@Resilient` optional set: like a resilient optional array, with duplicates
  /// collapsed.
  @_transparent
  public func decode<Element: Decodable>(_: Resilient<Set<Element>?>.Type, forKey key: Key) throws
    -> Resilient<Set<Element>?>
  {
    .init(elements: _decodeCollection(_PlainElement<Element>.self, forKey: key, mayBeAbsent: true))
  }

  /// Decodes a `@Resilient` set of raw-representable values, omitting (and reporting) novel and
  /// invalid elements. The fallback is never used in a collection.
  @_transparent
  public func decode<T: ResilientRawRepresentable>(_: Resilient<Set<T>>.Type, forKey key: Key)
    throws -> Resilient<Set<T>>
  {
    .init(elements: _decodeCollection(_RawElement<T>.self, forKey: key, mayBeAbsent: false))
  }

  /// Decodes a `@Resilient` optional set of raw-representable values, omitting (and reporting)
  /// novel and invalid elements.
  @_transparent
  public func decode<T: ResilientRawRepresentable>(_: Resilient<Set<T>?>.Type, forKey key: Key)
    throws -> Resilient<Set<T>?>
  {
    .init(elements: _decodeCollection(_RawElement<T>.self, forKey: key, mayBeAbsent: true))
  }
}

extension Resilient {
  /// Wraps what decoding a set's elements gave, in the order they were decoded.
  @_transparent @usableFromInline
  init<Element>(elements decoded: _DecodedElements<Element>) where Value == Set<Element> {
    self.init(Set(decoded.elements), decodedInOrderFrom: decoded)
  }

  /// Wraps what decoding an optional set's elements gave: `nil` when it was missing or `null`.
  @_transparent @usableFromInline
  init<Element>(elements decoded: _DecodedElements<Element>) where Value == Set<Element>? {
    self.init(decoded.isAbsent ? nil : Set(decoded.elements), decodedInOrderFrom: decoded)
  }
}

// MARK: - Run-time dispatch

extension Set: ResilientShape, ResilientCollectionShape where Element: Decodable {
  static func decodeResiliently<Source: ValueSite>(from source: Source)
    -> Resilient<Self>?
  {
    decodeElements(from: source, absent: [])
  }

  static func decodeResilientlyAsOptional<Source: ValueSite>(from source: Source)
    -> Resilient<Self?>?
  {
    decodeElements(from: source, absent: nil)
  }

  /// A set behaves as an array whose elements are put in a set; `$x.results` lists them in
  /// the order they were decoded.
  private static func decodeElements<Value>(
    from source: some ValueSite, absent: Value
  ) -> Resilient<Value>? {
    if let raw = Element.self as? any (ResilientRawRepresentable & Hashable).Type {
      func decodeRaw<T: ResilientRawRepresentable & Hashable>(_: T.Type) -> Resilient<Value> {
        let decoded = source.decodeResilientElements(_RawElement<T>.self)
        return .init(decoded, absent: absent, wrap: { Set<T>($0) as! Value }, losesOrder: true)
      }
      return decodeRaw(raw)
    }
    let decoded = source.decodeResilientElements(_PlainElement<Element>.self)
    return .init(decoded, absent: absent, wrap: { Set<Element>($0) as! Value }, losesOrder: true)
  }
}
