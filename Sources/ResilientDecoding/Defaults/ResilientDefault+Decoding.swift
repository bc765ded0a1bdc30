// How a `@ResilientDefault` property decodes: the value when it decodes; the default when the
// key is missing or the value is `null`, neither of which is an error; the default, reported,
// when the value cannot be decoded. DocC: "Choosing a Property Kind".

// MARK: - Overload

// Transparent, like the other public overloads: an inlinable one is specialised and optimised
// once per model and property type before it is inlined, which an optimised build pays for.
// Unoptimised, a client compiles the whole body per property: more machine code, about the same
// compile time (`Benchmarks/README.md`, "Fewer specialisations in clients").

extension KeyedDecodingContainer {
  // The ladder of a `@Resilient` optional (`Decoding/Recovery.swift`): a value that decodes
  // costs one `decodeIfPresent`, as in plain `Codable`; a failure costs one call into the
  // library.
  /// Decodes a `@ResilientDefault` property: the value when it decodes, otherwise the
  /// provider's default, reporting the error of a value that could not be decoded.
  @_transparent
  public func decode<Provider: ResilientDefaultProvider>(
    _: ResilientDefault<Provider>.Type, forKey key: Key
  ) throws -> ResilientDefault<Provider> {
    ResilientDefault(
      _decodeMaybeAbsentValue(
        _PlainElement<Provider.Value>.self, forKey: key,
        recovering: _DefaultRecovery<Provider>.self))
  }
}

// MARK: - Run-time dispatch

extension ResilientDefault {
  /// Decodes the value from any source, as the overload does: the value, or the default
  /// (`valueWasNil` for `null`, reported when the value cannot be decoded).
  init(from source: some ValueSite) {
    self.init(
      source.decodeValueMaybeAbsent(
        _PlainElement<Provider.Value>.self, recovering: _DefaultRecovery<Provider>.self))
  }
}
