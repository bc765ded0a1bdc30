extension KeyedDecodingContainer {
  /// Decodes a `@Resilient` optional: `nil` when the key is missing, the value is `null`, or
  /// the value cannot be decoded (that last case is reported).
  @inlinable
  public func decode<T: Decodable>(_: Resilient<T?>.Type, forKey key: Key) throws -> Resilient<T?> {
    decodeResilientOptional(forKey: key, recoveringTo: nil) {
      try $0.decodeConcreteIfPresent(T.self, forKey: $1)
    }
  }

  /// The behaviour of every resilient optional property: `nil` when missing or `null`, and
  /// `recoveringTo` (reported) when the value cannot be decoded.
  ///
  /// The same behaviour as `ResilientValueSource.decodeResilientOptional`, written against the
  /// container itself: this is the hottest path of the library, and going through a
  /// `KeyedValueSource` costs a copy of the container and a generic destroy of the copy per
  /// property. A value that decodes costs one `decodeIfPresent`, as in plain `Codable`; only
  /// DEBUG asks again, to tell a missing key from a `null` when there is no value.
  @inlinable
  func decodeResilientOptional<Wrapped>(
    forKey key: Key,
    recoveringTo fallback: @autoclosure () -> Wrapped?,
    decodeIfPresent: (Self, Key) throws -> Wrapped?
  ) -> Resilient<Wrapped?> {
    do {
      if let value = try decodeIfPresent(self, key) {
        return .decoded(value)
      }
      #if DEBUG
        return contains(key) ? .valueWasNil(nil) : .keyNotFound(nil)
      #else
        return .decoded(nil)
      #endif
    } catch {
      reportError(error, forKey: key)
      return .recovered(fallback(), from: error, wasReported: true)
    }
  }

  /// Reports an error at the coding path of `key`.
  ///
  /// Kept out of line so that the paths that do not fail carry none of its code.
  @usableFromInline
  func reportError(_ error: any Error, forKey key: Key) {
    KeyedValueSource(container: self, key: key).report(error)
  }
}

extension ResilientValueSource {
  /// The behaviour of every resilient optional: `nil` when missing or `null`, and
  /// `recoveringTo` (reported) when the value cannot be decoded.
  ///
  /// A value that decodes costs one `decodeIfPresent`; only DEBUG asks again, to tell a missing
  /// key from a `null` when there is no value.
  @inlinable
  func decodeResilientOptional<Strategy: ResilientElementStrategy>(
    _ strategy: Strategy.Type,
    recoveringTo fallback: @autoclosure () -> Strategy.Element?
  ) -> Resilient<Strategy.Element?> {
    do {
      if let value = try decodeIfPresent(strategy) { return .decoded(value) }
      #if DEBUG
        return isMissing ? .keyNotFound(nil) : .valueWasNil(nil)
      #else
        return .decoded(nil)
      #endif
    } catch {
      report(error)
      return .recovered(fallback(), from: error, wasReported: true)
    }
  }
}
