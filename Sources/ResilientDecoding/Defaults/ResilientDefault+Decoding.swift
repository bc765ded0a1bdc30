// How a `@ResilientDefault` property decodes: the value when it decodes; the default when the
// key is missing or the value is `null`, neither of which is an error; the default, reported,
// when the value cannot be decoded. README: "Defaults per property".

// MARK: - Overload

extension KeyedDecodingContainer {
  /// Decodes a `@ResilientDefault` property: the value when it decodes, otherwise the
  /// provider's default, reporting the error of a value that could not be decoded.
  ///
  /// The same path as a `@Resilient` optional's: a value that decodes costs one
  /// `decodeIfPresent`, as in plain `Codable`; a failure costs one call into the library.
  /// Inlinable rather than transparent: unoptimised, a client then compiles one call per
  /// property instead of the whole body, which keeps a debug build of a model layer near plain
  /// `Codable`'s compile time, for unoptimised decoding a little slower (`Benchmarks/`).
  @inlinable
  public func decode<Provider: ResilientDefaultProvider>(
    _: ResilientDefault<Provider>.Type, forKey key: Key
  ) throws -> ResilientDefault<Provider> {
    do {
      if let value = try PlainElement<Provider.Value>.decodeIfPresent(from: self, forKey: key) {
        return .init(value, outcome: .decodedSuccessfully)
      }
      #if DEBUG
        return .init(Provider.defaultValue, outcome: contains(key) ? .valueWasNil : .keyNotFound)
      #else
        return .init(Provider.defaultValue, outcome: .keyNotFound)
      #endif
    } catch {
      let error = reportFailure(
        error, forKey: key, decodedPrimitive: PlainElement<Provider.Value>.decodesPrimitive)
      return .init(Provider.defaultValue, outcome: .recoveredFrom(error, wasReported: true))
    }
  }
}

// MARK: - Behaviour

extension ResilientValueSource {
  /// The behaviour of a `ResilientDefault` decoded from any source: the value, or the default
  /// (`valueWasNil` for `null`, reported when the value cannot be decoded).
  func decodeResilientDefault<Provider: ResilientDefaultProvider>(
    _: Provider.Type
  ) -> ResilientDefault<Provider> {
    do {
      if let value = try decodeIfPresent(PlainElement<Provider.Value>.self) {
        return .init(value, outcome: .decodedSuccessfully)
      }
      return .init(Provider.defaultValue, outcome: isMissing ? .keyNotFound : .valueWasNil)
    } catch {
      let error = PlainElement<Provider.Value>.decodingError(error, at: codingPath)
      report(error)
      return .init(Provider.defaultValue, outcome: .recoveredFrom(error, wasReported: true))
    }
  }
}
