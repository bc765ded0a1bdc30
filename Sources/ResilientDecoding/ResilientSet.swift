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
