// Raw-representable types: the protocol, and the non-optional property (its fallback, or a
// misuse without one). Optionals, arrays, sets and dictionaries of raw-representable values
// are with their shapes. DocC: "Choosing a Property Kind".

/// A raw-representable type, usually an enum with a raw value, that decides how `@Resilient`
/// properties treat raw values it has no case for.
///
/// Conforming changes nothing outside `@Resilient` properties. Inside them:
/// - ``decodingFallback``: give it a value of `Self` (`static var decodingFallback: Self {
///   .unknown }`) and a non-optional property `@Resilient var kind: Kind` decodes to the
///   fallback instead of failing. Without it (the default, of type `Void`), declare the
///   property optional. Arrays and dictionaries never use the fallback: they omit the element.
/// - ``isFrozen``: `false` (the default) means a raw value with no case is expected as the
///   server adds cases; it becomes an ``UnknownNovelValueError``, which the error digest hides
///   unless asked. `true` means such a value is corrupt data, reported like any other error.
public protocol ResilientRawRepresentable: Decodable, RawRepresentable
where RawValue: Decodable {
  /// The type of ``decodingFallback``: `Self` to have a fallback, `Void` (the default) not to.
  associatedtype DecodingFallback

  /// The value used when a non-collection property cannot be decoded, if `DecodingFallback`
  /// is `Self`.
  static var decodingFallback: DecodingFallback { get }

  /// Whether every raw value this type will ever see has a case. Defaults to `false`.
  static var isFrozen: Bool { get }
}

extension ResilientRawRepresentable {
  /// Not frozen: raw values with no case are treated as newer than this code.
  public static var isFrozen: Bool { false }
}

extension ResilientRawRepresentable where DecodingFallback == Void {
  /// No fallback.
  public static var decodingFallback: Void { () }
}

// MARK: - Overloads

extension KeyedDecodingContainer {
  /// Decodes a `@Resilient` raw-representable property that has a fallback: the value for a
  /// known raw value, the fallback otherwise (missing key and `null` included), reported.
  @_transparent
  public func decode<T: ResilientRawRepresentable>(_: Resilient<T>.Type, forKey key: Key) throws
    -> Resilient<T> where T.DecodingFallback == T
  {
    _decodeOrFallBackCalled(_RawElement<T>.self, forKey: key, fallback: _RawFallbackValue<T>.self)
  }

  /// A raw-representable property without a fallback cannot recover: asserts in DEBUG with what
  /// to write instead (an optional, or a fallback), and decodes as if unwrapped.
  public func decode<T: ResilientRawRepresentable>(_: Resilient<T>.Type, forKey key: Key) throws
    -> Resilient<T>
  {
    resilientDecodingAssertionFailure(
      "@Resilient cannot recover the non-optional property \"\(key.stringValue)\" of type "
        + "\(T.self), which has no decodingFallback. Declare it as `\(T.self)?`, or add "
        + "`static var decodingFallback: \(T.self) { … }` to \(T.self).")
    return Resilient(try decode(T.self, forKey: key))
  }
}

// MARK: - Run-time dispatch

extension ValueSite {
  /// A raw-representable `T` with a fallback decodes as its overload does; without one, it has
  /// no resilient behaviour (`nil`).
  func decodeRawValueWithFallback<T: ResilientRawRepresentable>(_: T.Type) -> Any? {
    guard let fallback = T.decodingFallback as? T else { return nil }
    return decodeOrFallBack(_RawElement<T>.self, fallback: fallback)
  }
}
