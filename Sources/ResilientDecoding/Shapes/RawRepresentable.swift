// Raw-representable types as non-optional properties: their fallback, or a misuse without one.
// Optionals, arrays, sets and dictionaries of raw-representable values are with their shapes;
// the protocol is in `Wrapper/ResilientRawRepresentable.swift`. DocC: "Choosing a Property Kind".

// MARK: - Overloads

extension KeyedDecodingContainer {
  /// Decodes a `@Resilient` raw-representable property: with a fallback, the value for a known
  /// raw value, the fallback otherwise (missing key and `null` included), reported. Without one
  /// it cannot recover: asserts in DEBUG with what to write instead (an optional, or a
  /// fallback), and decodes as if unwrapped.
  ///
  /// One overload for both, told apart by a test that folds in an optimised client: every
  /// overload of `decode(_:forKey:)` costs the type checker something at every call of it in a
  /// file that imports the library.
  @_transparent
  public func decode<T: ResilientRawRepresentable>(_: Resilient<T>.Type, forKey key: Key) throws
    -> Resilient<T>
  {
    guard T.DecodingFallback.self == T.self else {
      return try _decodeRawValueWithoutFallback(T.self, forKey: key)
    }
    return _decodeOrFallBackCalled(
      _RawElement<T>.self, forKey: key, fallback: _RawFallbackValue<T>.self)
  }

  /// A raw-representable property without a fallback: asserts in DEBUG, decodes as if
  /// unwrapped.
  @usableFromInline
  internal func _decodeRawValueWithoutFallback<T: ResilientRawRepresentable>(
    _: T.Type, forKey key: Key
  ) throws -> Resilient<T> {
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
