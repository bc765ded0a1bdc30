// Overloads for declarations that `@Resilient` cannot make resilient. They exist so that the
// mistake is caught in DEBUG with a message saying what to write instead; in release the
// property decodes exactly as it would without the wrapper, errors and all.

extension KeyedDecodingContainer {
  /// A raw-representable property without a fallback cannot recover: declare it optional or
  /// give the type a fallback. Decodes as if unwrapped.
  @inlinable
  public func decode<T: ResilientRawRepresentable>(_: Resilient<T>.Type, forKey key: Key) throws
    -> Resilient<T>
  {
    resilientDecodingAssertionFailure(
      "@Resilient cannot recover the non-optional property \"\(key.stringValue)\" of type "
        + "\(T.self), which has no decodingFallback. Declare it as `\(T.self)?`, or add "
        + "`static var decodingFallback: \(T.self) { … }` to \(T.self).")
    return Resilient(try decode(T.self, forKey: key))
  }

  /// An array of optionals cannot be made resilient element by element. Decodes as if
  /// unwrapped.
  @inlinable
  public func decode<T: Decodable>(_: Resilient<[T?]>.Type, forKey key: Key) throws
    -> Resilient<[T?]>
  {
    resilientDecodingAssertionFailure(
      "@Resilient does not support the array of optionals \"\(key.stringValue)\" "
        + "([\(T.self)?]): an element that fails would be dropped, not made nil. Declare "
        + "`@Resilient var \(key.stringValue): [\(T.self)]` to drop failing elements, or "
        + "`var \(key.stringValue): [Resilient<\(T.self)?>]` to turn them into nil.")
    return Resilient(try decode([T?].self, forKey: key))
  }

  /// A dictionary of optionals cannot be made resilient entry by entry. Decodes as if
  /// unwrapped.
  @inlinable
  public func decode<T: Decodable>(_: Resilient<[String: T?]>.Type, forKey key: Key) throws
    -> Resilient<[String: T?]>
  {
    resilientDecodingAssertionFailure(
      "@Resilient does not support the dictionary of optionals \"\(key.stringValue)\" "
        + "([String: \(T.self)?]): an entry that fails would be dropped, not made nil. "
        + "Declare `@Resilient var \(key.stringValue): [String: \(T.self)]` to drop failing "
        + "entries, or `var \(key.stringValue): [String: Resilient<\(T.self)?>]` to turn them "
        + "into nil.")
    return Resilient(try decode([String: T?].self, forKey: key))
  }
}
