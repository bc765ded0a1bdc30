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
    _decodeResilientSet(_PlainElement<Element>.self, forKey: key)
  }

  /// Decodes a `@Resilient` optional set: like a resilient optional array, with duplicates
  /// collapsed.
  @_transparent
  public func decode<Element: Decodable>(_: Resilient<Set<Element>?>.Type, forKey key: Key) throws
    -> Resilient<Set<Element>?>
  {
    _decodeResilientOptionalSet(_PlainElement<Element>.self, forKey: key)
  }

  /// Decodes a `@Resilient` set of raw-representable values, omitting (and reporting) novel and
  /// invalid elements. The fallback is never used in a collection.
  @_transparent
  public func decode<T: ResilientRawRepresentable>(_: Resilient<Set<T>>.Type, forKey key: Key)
    throws -> Resilient<Set<T>>
  {
    _decodeResilientSet(_RawElement<T>.self, forKey: key)
  }

  /// Decodes a `@Resilient` optional set of raw-representable values, omitting (and reporting)
  /// novel and invalid elements.
  @_transparent
  public func decode<T: ResilientRawRepresentable>(_: Resilient<Set<T>?>.Type, forKey key: Key)
    throws -> Resilient<Set<T>?>
  {
    _decodeResilientOptionalSet(_RawElement<T>.self, forKey: key)
  }
}

// Inlinable rather than transparent, as the arrays' (`Array.swift`).
extension KeyedDecodingContainer {
  /// The body of the set overloads.
  @inlinable
  internal func _decodeResilientSet<Strategy: _ResilientElementStrategy>(
    _: Strategy.Type, forKey key: Key
  ) -> Resilient<Set<Strategy.Element>> where Strategy.Element: Hashable {
    .init(
      elements: _decodeResilientElements(
        Strategy.self, forKey: key, mayBeAbsent: false, running: Strategy._elementRun))
  }

  /// The body of the optional set overloads.
  @inlinable
  internal func _decodeResilientOptionalSet<Strategy: _ResilientElementStrategy>(
    _: Strategy.Type, forKey key: Key
  ) -> Resilient<Set<Strategy.Element>?> where Strategy.Element: Hashable {
    .init(
      elements: _decodeResilientElements(
        Strategy.self, forKey: key, mayBeAbsent: true, running: Strategy._elementRun))
  }
}

extension Resilient {
  /// Wraps what decoding a set's elements gave, in the order they were decoded.
  @_transparent @usableFromInline
  init<Element>(elements decoded: _DecodedElements<Element>) where Value == Set<Element> {
    self.init(Set(decoded.elements), decodedFrom: decoded)
  }

  /// Wraps what decoding an optional set's elements gave: `nil` when it was missing or `null`.
  @_transparent @usableFromInline
  init<Element>(elements decoded: _DecodedElements<Element>) where Value == Set<Element>? {
    self.init(decoded.isAbsent ? nil : Set(decoded.elements), decodedFrom: decoded)
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
        return .init(decoded, absent: absent, wrap: { Set<T>($0) as! Value })
      }
      return decodeRaw(raw)
    }
    let decoded = source.decodeResilientElements(_PlainElement<Element>.self)
    return .init(decoded, absent: absent, wrap: { Set<Element>($0) as! Value })
  }
}
