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

  #endif

  /// Creates a wrapper around a value, recording in DEBUG what happened while decoding it.
  ///
  /// Release builds never evaluate `outcome`: report an error before calling this, never from
  /// inside the argument, or release builds will not report it.
  @_transparent @usableFromInline
  init(_ value: Value, outcome: @autoclosure () -> RecordedOutcome) {
    self.wrappedValue = value
    #if DEBUG
      self.outcome = outcome()
      self.elementsInDecodingOrder = nil
    #endif
  }

  // The initialisers are transparent and set the stored properties themselves instead of
  // delegating: unoptimised, a generic initialiser looks up the metadata of `Resilient<Value>`
  // on every call, and synthesised `init(from:)` runs `init(wrappedValue: nil)` for every
  // optional property before decoding it. Transparent, they are inlined where `Value` is
  // known, in every build ("Debug builds" in the design article).

  /// Creates a wrapper around a value, as if that value had been decoded successfully.
  @_transparent
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
    #if DEBUG
      self.outcome = .decodedSuccessfully
      self.elementsInDecodingOrder = nil
    #endif
  }

  /// Creates a wrapper around a value, as if that value had been decoded successfully.
  @_transparent
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

#if DEBUG
  /// What a wrapper records about its decoding: the outcome `$property.outcome` shows.
  @usableFromInline
  typealias RecordedOutcome = ResilientDecodingOutcome
#else
  /// What a wrapper would record in DEBUG. Release builds write it at the same places and never
  /// build it (see `init(_:outcome:)`), so that a `Resilient` is the size of its value.
  @usableFromInline
  enum RecordedOutcome {
    case decodedSuccessfully, keyNotFound, valueWasNil
    case recoveredFrom(any Error, wasReported: Bool)
  }
#endif

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
