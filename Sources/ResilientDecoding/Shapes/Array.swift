// Arrays: `[]` (or `nil` for `[T]?`) when missing or `null`, `[]` (reported) when the value is
// not an array, otherwise every element that decodes, each failing element reported at its own
// index. README: "Arrays and sets".

// MARK: - Overloads

extension KeyedDecodingContainer {
  /// Decodes a `@Resilient` array: `[]` when the key is missing, the value is `null` or is not
  /// an array (reported); otherwise every element that decodes, in order, each failing element
  /// being reported at its own index.
  @inlinable
  public func decode<Element: Decodable>(_: Resilient<[Element]>.Type, forKey key: Key) throws
    -> Resilient<[Element]>
  {
    KeyedValueSource(container: self, key: key).decodeResilientElements(
      PlainElement<Element>.self, absent: [], wrap: { $0 })
  }

  /// Decodes a `@Resilient` optional array: `nil` when the key is missing or the value is
  /// `null`, `[]` when the value is not an array (reported), otherwise as a resilient array.
  @inlinable
  public func decode<Element: Decodable>(_: Resilient<[Element]?>.Type, forKey key: Key) throws
    -> Resilient<[Element]?>
  {
    KeyedValueSource(container: self, key: key).decodeResilientElements(
      PlainElement<Element>.self, absent: nil, wrap: { $0 })
  }

  /// Decodes a `@Resilient` array of raw-representable values, omitting (and reporting) every
  /// element that cannot be used. The fallback is never used in a collection.
  @inlinable
  public func decode<T: ResilientRawRepresentable>(_: Resilient<[T]>.Type, forKey key: Key) throws
    -> Resilient<[T]>
  {
    KeyedValueSource(container: self, key: key).decodeResilientElements(
      RawElement<T>.self, absent: [], wrap: { $0 })
  }

  /// Decodes a `@Resilient` optional array of raw-representable values, omitting (and
  /// reporting) every element that cannot be used.
  @inlinable
  public func decode<T: ResilientRawRepresentable>(_: Resilient<[T]?>.Type, forKey key: Key) throws
    -> Resilient<[T]?>
  {
    KeyedValueSource(container: self, key: key).decodeResilientElements(
      RawElement<T>.self, absent: nil, wrap: { $0 })
  }

  /// An array of optionals cannot be made resilient element by element: asserts in DEBUG with
  /// what to write instead, and decodes as if unwrapped.
  @inlinable
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

// MARK: - Behaviour

extension ResilientValueSource {
  /// The behaviour of every resilient array and set: `absent` when missing or `null`, the
  /// empty collection (reported) when the value is not an array, otherwise the elements that
  /// decode.
  ///
  /// Elements are decoded straight from the unkeyed container; only an element that fails
  /// costs anything more (see ``ElementFailures``). A decoder that refuses an unkeyed
  /// container for the key gets a second chance to decode the array whole.
  @inlinable
  func decodeResilientElements<Strategy: ResilientElementStrategy, Value>(
    _ strategy: Strategy.Type,
    absent: @autoclosure () -> Value,
    wrap: ([Strategy.Element]) -> Value
  ) -> Resilient<Value> {
    var failures = ElementFailures()
    var elements: [Strategy.Element] = []
    do {
      var container = try unkeyedContainer()
      var held: [HeldReport]? = []
      elements.appendDecodedElements(
        strategy, from: &container, failures: &failures, source: self, heldReports: &held)
      if let held {
        // No element decoded: the decoder may have misread the array; decoding it whole can
        // only keep more.
        if let (result, reports) = decodeArrayWhole(strategy),
          let whole = try? result.get(), !whole.elements.isEmpty
        {
          (elements, failures) = (whole.elements, whole.failures)
          passOn(reports)
        } else {
          passOn(held)
        }
      }
    } catch {
      if isMissing { return .init(absent(), outcome: .keyNotFound) }
      if (try? decodeNil()) == true { return .init(absent(), outcome: .valueWasNil) }
      guard let (result, reports) = decodeArrayWhole(strategy) else {
        report(error)
        return .init(wrap([]), outcome: .recoveredFrom(error, wasReported: true))
      }
      passOn(reports)
      switch result {
      case .success(let whole):
        (elements, failures) = (whole.elements, whole.failures)
      case .failure(let wholeError):
        // Not an array: the error of decoding it whole says so, where the first one may only
        // say that the decoder refused a nested container.
        report(wholeError)
        return .init(wrap([]), outcome: .recoveredFrom(wholeError, wasReported: true))
      }
    }
    #if DEBUG
      if !failures.recorded.isEmpty {
        let error = ResilientDecodingOutcome.ArrayDecodingError(
          elements: elements, failures: failures.recorded)
        return .init(wrap(elements), outcome: .recoveredFrom(error, wasReported: false))
      }
    #endif
    return .init(wrap(elements), outcome: .decodedSuccessfully)
  }
}

// MARK: - Run-time dispatch

extension Array: ResilientShape, ResilientCollectionShape where Element: Decodable {
  static func decodeResiliently<Source: ResilientValueSource>(from source: Source)
    -> Resilient<Self>?
  {
    // `[T?]` is a misuse, as with its overload.
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
