/// A property wrapper that gives a property a default of its own: the value of `Provider` when
/// the key is missing, the value is `null`, or the value cannot be decoded.
///
/// ```swift
/// struct Listing: Decodable {
///   @ResilientFalse var isNew: Bool     // false when missing, null or not a Bool
///   @ResilientZero var stock: Int       // 0 likewise
///   @ResilientDefault<Unlimited> var limit: Int
/// }
/// ```
///
/// A missing key or a `null` is not an error: the property declared that absence is fine, as
/// an optional does. A value that cannot be decoded is: the property takes its default, and the
/// error is reported to the ``ResilientDecodingErrorReporter`` of the decoder, at the property's
/// path, as `@Resilient` reports. In DEBUG builds `$property.outcome` and `$property.error` say
/// what happened; in release builds a `ResilientDefault` stores nothing but its value.
///
/// A collection is defaulted whole. For an array that keeps its valid elements and drops the
/// others, use `@Resilient var items: [Item]`, which is already empty when missing.
@frozen
@propertyWrapper
public struct ResilientDefault<Provider: ResilientDefaultProvider>: Decodable {
  // `init(from:)` is with the overload, in `Shapes/Default.swift`.

  // A constant, as `Resilient`'s: a settable wrapped value makes every property compile a
  // setter and a modify accessor, which cost a debug build of a model layer a tenth of its
  // compile time.
  /// The decoded value, or the default.
  public let wrappedValue: Provider.Value

  #if DEBUG
    /// What happened when this property was decoded (DEBUG only).
    @usableFromInline
    internal var _outcome: ResilientDecodingOutcome

    /// What happened when this property was decoded (DEBUG builds only): `$property`.
    public var projectedValue: ProjectedValue {
      ProjectedValue(outcome: _outcome)
    }
  #endif

  /// Creates a wrapper around what a ladder gave (`Decoding/CalledLadders.swift`).
  @_transparent
  internal init(_ decoded: (value: Provider.Value, outcome: _RecordedOutcome)) {
    self.wrappedValue = decoded.value
    #if DEBUG
      self._outcome = decoded.outcome
    #endif
  }

  /// Creates a wrapper around a value, as if that value had been decoded successfully.
  @_transparent
  public init(wrappedValue: Provider.Value) {
    self.wrappedValue = wrappedValue
    #if DEBUG
      self._outcome = .decodedSuccessfully
    #endif
  }

}

#if DEBUG
  extension ResilientDefault {
    /// What a `@ResilientDefault` property knows about its own decoding (DEBUG builds only).
    public struct ProjectedValue {
      /// What happened when the property was decoded: `keyNotFound` or `valueWasNil` when it
      /// took its default for an absent value, `recoveredFrom(error, wasReported: true)` when
      /// it took it for a value that could not be decoded.
      public let outcome: ResilientDecodingOutcome

      /// The error the property recovered from, or `nil` if there was none: a missing key or a
      /// `null` is not an error.
      public var error: (any Error)? {
        outcome.error
      }
    }
  }
#endif

/// A `ResilientDefault` is `Sendable` when its value is: in DEBUG it also stores an outcome,
/// made of errors, which are `Sendable`.
extension ResilientDefault: Sendable where Provider.Value: Sendable {}
