extension KeyedDecodingContainer {
  /// Decodes a `@Resilient` optional: `nil` when the key is missing, the value is `null`, or
  /// the value cannot be decoded (that last case is reported).
  @inlinable
  public func decode<T: Decodable>(_: Resilient<T?>.Type, forKey key: Key) throws -> Resilient<T?> {
    KeyedValueSource(container: self, key: key).decodeResilientOptional(
      PlainElement<T>.self, recoveringTo: nil)
  }
}

extension ResilientValueSource {
  /// The behaviour of every resilient optional: `nil` when missing or `null`, and
  /// `recoveringTo` (reported) when the value cannot be decoded.
  @inlinable
  func decodeResilientOptional<Strategy: ResilientElementStrategy>(
    _ strategy: Strategy.Type,
    recoveringTo fallback: @autoclosure () -> Strategy.Element?
  ) -> Resilient<Strategy.Element?> {
    #if DEBUG
      // DEBUG tells a missing key from a `null`, so it asks for each separately.
      if isMissing { return .keyNotFound(nil) }
      do {
        if try decodeNil() { return .valueWasNil(nil) }
        return .decoded(try decode(strategy))
      } catch {
        report(error)
        return .recovered(fallback(), from: error, wasReported: true)
      }
    #else
      // Release needs only the value: one look-up, as plain `Codable` does for an optional.
      do {
        return Resilient(try decodeIfPresent(strategy))
      } catch {
        report(error)
        return Resilient(fallback())
      }
    #endif
  }
}
