// Sets: an array whose elements are then put in a set, duplicates collapsing. README: "Arrays
// and sets".

// MARK: - Overloads

extension KeyedDecodingContainer {
  /// Decodes a `@Resilient` set: like a resilient array (missing, `null` or not an array gives
  /// `[]`; failing elements are omitted and reported), with duplicates collapsed.
  @inlinable
  public func decode<Element: Decodable>(_: Resilient<Set<Element>>.Type, forKey key: Key) throws
    -> Resilient<Set<Element>>
  {
    KeyedValueSource(container: self, key: key).decodeResilientSet(
      PlainElement<Element>.self, absent: [], wrap: { $0 })
  }

  /// Decodes a `@Resilient` optional set: like a resilient optional array, with duplicates
  /// collapsed.
  @inlinable
  public func decode<Element: Decodable>(_: Resilient<Set<Element>?>.Type, forKey key: Key) throws
    -> Resilient<Set<Element>?>
  {
    KeyedValueSource(container: self, key: key).decodeResilientSet(
      PlainElement<Element>.self, absent: nil, wrap: { $0 })
  }

  /// Decodes a `@Resilient` set of raw-representable values, omitting (and reporting) novel and
  /// invalid elements. The fallback is never used in a collection.
  @inlinable
  public func decode<T: ResilientRawRepresentable>(_: Resilient<Set<T>>.Type, forKey key: Key)
    throws -> Resilient<Set<T>>
  {
    KeyedValueSource(container: self, key: key).decodeResilientSet(
      RawElement<T>.self, absent: [], wrap: { $0 })
  }

  /// Decodes a `@Resilient` optional set of raw-representable values, omitting (and reporting)
  /// novel and invalid elements.
  @inlinable
  public func decode<T: ResilientRawRepresentable>(_: Resilient<Set<T>?>.Type, forKey key: Key)
    throws -> Resilient<Set<T>?>
  {
    KeyedValueSource(container: self, key: key).decodeResilientSet(
      RawElement<T>.self, absent: nil, wrap: { $0 })
  }
}

// MARK: - Behaviour

extension ResilientValueSource {
  /// The behaviour of every resilient set: that of an array, collected into a set. In DEBUG the
  /// elements are also kept in decoding order for `$set.results`.
  @inlinable
  func decodeResilientSet<Strategy: ResilientElementStrategy, Value>(
    _ strategy: Strategy.Type,
    absent: @autoclosure () -> Value,
    wrap: (Set<Strategy.Element>) -> Value
  ) -> Resilient<Value> where Strategy.Element: Hashable {
    #if DEBUG
      var decodingOrder: [Strategy.Element] = []
      var resilient = decodeResilientElements(
        strategy, absent: absent(),
        wrap: { elements in
          decodingOrder = elements
          return wrap(Set(elements))
        })
      if case .decodedSuccessfully = resilient.outcome {
        resilient.elementsInDecodingOrder = DecodingOrder(decodingOrder)
      }
      return resilient
    #else
      return decodeResilientElements(
        strategy, absent: absent(), wrap: { wrap(Set($0)) })
    #endif
  }
}

// MARK: - Run-time dispatch

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
