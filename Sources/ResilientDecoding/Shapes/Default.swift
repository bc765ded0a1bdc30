// How a `@ResilientDefault` property decodes: the value when it decodes; the default when the
// key is missing or the value is `null`, neither of which is an error; the default, reported,
// when the value cannot be decoded. DocC: "Choosing a Property Kind".

// MARK: - Overload

// Transparent, like the other public overloads, and no more than a call: the ladder is compiled
// once, in the library (`Decoding/CalledLadders.swift`).

extension KeyedDecodingContainer {
  /// Decodes a `@ResilientDefault` property: the value when it decodes, otherwise the
  /// provider's default, reporting the error of a value that could not be decoded.
  @_transparent
  public func decode<Provider: ResilientDefaultProvider>(
    _: ResilientDefault<Provider>.Type, forKey key: Key
  ) throws -> ResilientDefault<Provider> {
    var result = ResilientDefault<Provider>(wrappedValue: Provider.defaultValue)
    let outcome = _decodeDefault(Provider.self, into: &result, forKey: key)
    #if DEBUG
      result._outcome = outcome
    #else
      _ = outcome
    #endif
    return result
  }
}

// MARK: - Run-time dispatch

extension ResilientDefault {
  /// Decodes the value from a decoder that holds just this value: a top-level value or an
  /// element. `null` gives the default; a value that cannot be decoded gives the default and is
  /// reported.
  public init(from decoder: any Decoder) throws {
    self.init(from: DecoderSite(decoder: decoder))
  }

  /// Decodes the value from any source, as the overload does: the value, or the default
  /// (`valueWasNil` for `null`, reported when the value cannot be decoded).
  init(from source: some ValueSite) {
    self.init(
      source.decodeValueMaybeAbsent(
        _PlainElement<Provider.Value>.self, recovering: _DefaultRecovery<Provider>.self))
  }
}
