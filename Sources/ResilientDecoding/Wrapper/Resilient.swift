/// A property wrapper that lets a `Decodable` property recover from bad data instead of failing
/// the whole decode.
///
/// Apply it to an optional, an array, a set, a dictionary, or a ``ResilientRawRepresentable``
/// type. Synthesised `init(from:)` then picks one of this library's
/// `KeyedDecodingContainer.decode(_:forKey:)` overloads, which decide what the property becomes
/// when its value is missing, `null`, of the wrong kind or partly invalid:
///
/// ```swift
/// struct Listing: Decodable {
///   @Resilient var photos: [Photo]   // bad photos are dropped, the rest are kept
///   @Resilient var rating: Double?   // a rating that is not a number becomes nil
/// }
/// ```
///
/// Every error recovered from is pushed to the ``ResilientDecodingErrorReporter`` registered in
/// the decoder's `userInfo`, if there is one. In DEBUG builds the projected value (`$photos`)
/// also tells what happened to this property; in release builds a `Resilient<Value>` stores
/// nothing but its value and has exactly the size of `Value`.
@propertyWrapper
public struct Resilient<Value: Decodable>: Decodable {
  /// The decoded value, or the value recovered to when decoding failed.
  public let wrappedValue: Value

  #if DEBUG
    /// What happened when this property was decoded (DEBUG only).
    @usableFromInline
    let outcome: ResilientDecodingOutcome

    /// For a set, the elements in the order they were decoded, duplicates included, so that
    /// `$set.results` can list them in document order; for a dictionary that decoded cleanly,
    /// its entries by their keys as written, so that `$dictionary.results` is keyed by them
    /// (DEBUG only).
    @usableFromInline
    var elementsInDecodingOrder: DecodingOrder?

    /// Diagnostics about how this property was decoded (DEBUG builds only): `$property`.
    ///
    /// Declared here rather than beside ``ProjectedValue`` because the compiler looks for a
    /// property wrapper's projection in its main declaration only.
    @inlinable
    public var projectedValue: ProjectedValue {
      ProjectedValue(
        outcome: outcome, value: wrappedValue, elementsInDecodingOrder: elementsInDecodingOrder)
    }

    @inlinable
    init(_ value: Value, outcome: ResilientDecodingOutcome) {
      self.wrappedValue = value
      self.outcome = outcome
      self.elementsInDecodingOrder = nil
    }
  #endif

  // The initialisers below set the stored properties themselves instead of delegating: in
  // unoptimised builds every delegation is a generic call that looks up the metadata of
  // `Resilient<Value>` again, and synthesised `init(from:)` runs `init(wrappedValue: nil)` for
  // every optional property before decoding it.

  /// Creates a wrapper around a value, as if that value had been decoded successfully.
  @inlinable
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
    #if DEBUG
      self.outcome = .decodedSuccessfully
      self.elementsInDecodingOrder = nil
    #endif
  }

  /// Creates a wrapper around a value, as if that value had been decoded successfully.
  @inlinable
  public init(_ value: Value) {
    self.wrappedValue = value
    #if DEBUG
      self.outcome = .decodedSuccessfully
      self.elementsInDecodingOrder = nil
    #endif
  }

  /// Decodes the value from a decoder that holds just this value: a top-level value, an element
  /// of an unkeyed container, or a property of a generic type.
  ///
  /// The shape of `Value` is examined at run time, so optionals, arrays, sets, dictionaries and
  /// raw-representable types with a fallback behave exactly as they do as `@Resilient`
  /// properties. A `Value` with no resilient behaviour is decoded as if it were not wrapped
  /// (and, in DEBUG, triggers an assertion that says what to write instead).
  public init(from decoder: any Decoder) throws {
    self = try DecoderSource(decoder: decoder).decodeResilientValue(of: Value.self)
  }
}

// MARK: - Outcomes

extension Resilient {
  /// A value that decoded without error.
  @inlinable
  static func decoded(_ value: Value) -> Self {
    #if DEBUG
      Self(value, outcome: .decodedSuccessfully)
    #else
      Self(value)
    #endif
  }

  /// A value that stands in for a missing key.
  @inlinable
  static func keyNotFound(_ value: Value) -> Self {
    #if DEBUG
      Self(value, outcome: .keyNotFound)
    #else
      Self(value)
    #endif
  }

  /// A value that stands in for an explicit `null`.
  @inlinable
  static func valueWasNil(_ value: Value) -> Self {
    #if DEBUG
      Self(value, outcome: .valueWasNil)
    #else
      Self(value)
    #endif
  }

  /// A value that stands in for one that could not be decoded.
  ///
  /// `error` is only evaluated in DEBUG, to record the outcome: report the error before
  /// calling this, never from inside the argument, or release builds will not report it.
  @inlinable
  static func recovered(
    _ value: Value,
    from error: @autoclosure () -> any Error,
    wasReported: Bool
  ) -> Self {
    #if DEBUG
      Self(value, outcome: .recoveredFrom(error(), wasReported: wasReported))
    #else
      Self(value)
    #endif
  }
}

/// A `Resilient` is `Sendable` when its value is: everything else it stores (in DEBUG, the
/// outcome and what `results` needs) is immutable and made of that value and errors.
extension Resilient: Sendable where Value: Sendable {}

#if DEBUG
  /// What `results` needs beyond the value, type-erased: the elements of a set in the order
  /// they were decoded, or the entries of a dictionary by their keys as written (DEBUG only).
  @usableFromInline
  struct DecodingOrder: @unchecked Sendable {
    // `@unchecked`: holds `[Element]` of the set or `[String: Value]` of the dictionary it
    // came with, which is `Sendable` whenever the `Resilient` holding both is.
    @usableFromInline let elements: Any

    @inlinable
    init(_ elements: Any) {
      self.elements = elements
    }
  }
#endif
