/// A property wrapper that lets a `Decodable` property recover from bad data instead of failing
/// the whole decode.
///
/// Apply it to an optional, an array, a set, a dictionary, a ``ResilientRawRepresentable`` type
/// with a fallback or a ``ResilientDecodable`` type. Synthesised `init(from:)` then picks one of
/// this library's `KeyedDecodingContainer.decode(_:forKey:)` overloads, which decide what the
/// property becomes when its value is missing, `null`, of the wrong kind or partly invalid:
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
@frozen
@propertyWrapper
public struct Resilient<Value: Decodable>: Decodable {
  // `init(from:)` is with the run-time dispatch (`Shapes/RunTimeDispatch.swift`), which it calls.

  /// The decoded value, or the value recovered to when decoding failed.
  public let wrappedValue: Value

  #if DEBUG
    /// What happened when this property was decoded (DEBUG only); written once, by the
    /// initialisers or by a called ladder that wrote the value in place.
    @usableFromInline
    internal var _outcome: ResilientDecodingOutcome

    /// For a collection that decoded without a failure and whose value does not keep what
    /// `results` lists, its results, built when first read: an `ArrayDecodingError` of a set
    /// (its elements in the order they were decoded, duplicates included), a
    /// `DictionaryDecodingError` of a dictionary (its entries by their keys as written). `nil`
    /// for any other value (an array's results are its elements), and for a collection made in
    /// code (DEBUG only).
    @usableFromInline
    internal var _cleanCollectionResults: (any Error)?

    // Declared here rather than beside `ProjectedValue`: the compiler looks for a property
    // wrapper's projection in its main declaration only.
    /// Diagnostics about how this property was decoded (DEBUG builds only): `$property`.
    public var projectedValue: ProjectedValue {
      ProjectedValue(
        outcome: _outcome, value: wrappedValue, cleanCollectionResults: _cleanCollectionResults)
    }

  #endif

  /// Creates a wrapper around a value, recording in DEBUG what happened while decoding it.
  ///
  /// Release builds record nothing: their `_RecordedOutcome` is empty, so `outcome` costs no
  /// more than the expression that names it, and no closure.
  @_transparent @usableFromInline
  internal init(_ value: Value, outcome: _RecordedOutcome) {
    self.wrappedValue = value
    #if DEBUG
      self._outcome = outcome
      self._cleanCollectionResults = nil
    #endif
  }

  /// Creates a wrapper around what a ladder gave (`Decoding/CalledLadders.swift`).
  @_transparent @usableFromInline
  internal init(_ decoded: (value: Value, outcome: _RecordedOutcome)) {
    self.wrappedValue = decoded.value
    #if DEBUG
      self._outcome = decoded.outcome
      self._cleanCollectionResults = nil
    #endif
  }

  // The initialisers are transparent and set the stored properties themselves instead of
  // delegating: unoptimised, a generic initialiser looks up the metadata of `Resilient<Value>`
  // on every call, and synthesised `init(from:)` runs `init(wrappedValue: nil)` for every
  // optional property before decoding it. Transparent, they are inlined where `Value` is
  // known, in every build ("Debug builds" in the internals document (Documentation/Internals)).

  /// Creates a wrapper around a value, as if that value had been decoded successfully.
  @_transparent
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
    #if DEBUG
      self._outcome = .decodedSuccessfully
      self._cleanCollectionResults = nil
    #endif
  }

  /// Creates a wrapper around a value, as if that value had been decoded successfully.
  @_transparent
  public init(_ value: Value) {
    self.wrappedValue = value
    #if DEBUG
      self._outcome = .decodedSuccessfully
      self._cleanCollectionResults = nil
    #endif
  }

}

// MARK: - Outcomes

#if DEBUG
  /// What a wrapper records about its decoding: the outcome `$property.outcome` shows.
  @usableFromInline
  internal typealias _RecordedOutcome = ResilientDecodingOutcome
#else
  /// What a wrapper would record in DEBUG: nothing, in release builds, so that a `Resilient` is
  /// the size of its value. The code that decodes names the outcome all the same, with the
  /// names of DEBUG's ``ResilientDecodingOutcome``.
  @frozen @usableFromInline
  internal struct _RecordedOutcome {
    @inlinable internal init() {}
    @inlinable internal static var decodedSuccessfully: Self { Self() }
    @inlinable internal static var keyNotFound: Self { Self() }
    @inlinable internal static var valueWasNil: Self { Self() }
    @inlinable internal static func recoveredFrom(_: any Error, wasReported _: Bool) -> Self {
      Self()
    }
  }
#endif

/// A `Resilient` is `Sendable` when its value is: everything else it stores (in DEBUG, the
/// outcome and what `results` needs) is immutable and made of that value and errors.
extension Resilient: Sendable where Value: Sendable {}
