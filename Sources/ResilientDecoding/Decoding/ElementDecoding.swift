// How one value decodes, wherever it sits: a plain `Decodable` through the container, or a
// raw-representable type through its raw value.

/// How one value is decoded, wherever it sits: under a key, in an unkeyed container or alone in
/// a single-value container.
///
/// A plain `Decodable` asks the container for itself, so that decoders keep their special
/// handling of `URL`, `Date`, `Data` and the like. A ``ResilientRawRepresentable`` decodes its
/// raw value (through the container, for the same reason) and then its case, so that a raw
/// value with no case is told apart from a raw value of the wrong type.
@usableFromInline
protocol ResilientElementStrategy {
  associatedtype Element

  static func decode<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws
    -> Element
  static func decodeIfPresent<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
    throws -> Element?
  static func decode(from container: inout any UnkeyedDecodingContainer) throws -> Element
  static func decode(from container: any SingleValueDecodingContainer) throws -> Element

  /// Decodes a whole string-keyed dictionary of elements as plain `Codable` decodes
  /// `[String: Element]`, or returns `nil` if that would not decode the elements the way this
  /// strategy does.
  static func decodePlainDictionary<Source: ResilientValueSource>(from source: Source) throws
    -> [String: Element]?

  /// Whether this strategy decodes a standard library primitive through the container's
  /// concrete overloads (the element, or a raw value): then no `init(from:)` of the user's
  /// runs, and any error is the decoder's own.
  static var decodesPrimitive: Bool { get }
}

extension ResilientElementStrategy {
  /// An error that decoding through this strategy threw, as plain `Codable` would see it.
  ///
  /// A decoder may throw errors of its own type for a primitive value (`JSONDecoder` does for a
  /// number that does not fit), which plain `Codable` only sees wrapped in
  /// `DecodingError.dataCorrupted` by the top-level decode. Such an error is wrapped the same
  /// way, at the value's path. Errors of the user's `init(from:)`, and novel values, are kept.
  @inlinable
  static func decodingError(
    _ error: any Error, at codingPath: @autoclosure () -> [any CodingKey]
  ) -> any Error {
    // Comparing the error's type costs a pointer comparison, where a cast costs a dynamic cast,
    // on every failed value.
    let errorType = type(of: error)
    guard decodesPrimitive, errorType != DecodingError.self,
      errorType != UnknownNovelValueError.self
    else {
      return error
    }
    return wrappedDecoderError(error, at: codingPath())
  }
}

/// A decoder's own error for a primitive value, as the `DecodingError` plain `Codable` shows.
@usableFromInline
func wrappedDecoderError(_ error: any Error, at codingPath: [any CodingKey]) -> any Error {
  DecodingError.dataCorrupted(
    DecodingError.Context(
      codingPath: codingPath, debugDescription: "\(error)", underlyingError: error))
}

/// Whether `T` is one of the standard library's primitive types, which containers decode
/// through concrete overloads; a constant once specialised.
@inlinable
func isStandardPrimitive<T>(_: T.Type) -> Bool {
  T.self == String.self || T.self == Int.self || T.self == Double.self || T.self == Bool.self
    || T.self == Float.self || T.self == Int64.self || T.self == Int32.self
    || T.self == Int16.self || T.self == Int8.self || T.self == UInt.self
    || T.self == UInt64.self || T.self == UInt32.self || T.self == UInt16.self
    || T.self == UInt8.self
}

/// Decodes a `Decodable` value as plain `Codable` would, through the container's concrete
/// overloads for primitive types.
@usableFromInline
enum PlainElement<Element: Decodable>: ResilientElementStrategy {
  @inlinable
  static func decode<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws
    -> Element
  {
    try container.decodeConcrete(Element.self, forKey: key)
  }

  @inlinable
  static func decodeIfPresent<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
    throws -> Element?
  {
    try container.decodeConcreteIfPresent(Element.self, forKey: key)
  }

  @inlinable
  static func decode(from container: inout any UnkeyedDecodingContainer) throws -> Element {
    try decodeConcrete(Element.self, from: &container)
  }

  @inlinable
  static func decode(from container: any SingleValueDecodingContainer) throws -> Element {
    try decodeConcrete(Element.self, from: container)
  }

  @inlinable
  static func decodePlainDictionary<Source: ResilientValueSource>(from source: Source) throws
    -> [String: Element]?
  {
    try source.decodePlain([String: Element].self)
  }

  @inlinable
  static var decodesPrimitive: Bool { isStandardPrimitive(Element.self) }
}

/// Decodes a ``ResilientRawRepresentable`` from its raw value, throwing the novel-value error
/// of the type when the raw value has no case.
@usableFromInline
enum RawElement<Element: ResilientRawRepresentable>: ResilientElementStrategy {
  @inlinable
  static func decode<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws
    -> Element
  {
    let rawValue = try container.decodeConcrete(Element.RawValue.self, forKey: key)
    guard let value = Element(rawValue: rawValue) else {
      throw novelValueError(
        Element.self, rawValue: rawValue, codingPath: container.codingPath + [key])
    }
    return value
  }

  @inlinable
  static func decodeIfPresent<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
    throws -> Element?
  {
    guard
      let rawValue = try container.decodeConcreteIfPresent(Element.RawValue.self, forKey: key)
    else {
      return nil
    }
    guard let value = Element(rawValue: rawValue) else {
      throw novelValueError(
        Element.self, rawValue: rawValue, codingPath: container.codingPath + [key])
    }
    return value
  }

  @inlinable
  static func decode(from container: inout any UnkeyedDecodingContainer) throws -> Element {
    let rawValue = try decodeConcrete(Element.RawValue.self, from: &container)
    guard let value = Element(rawValue: rawValue) else {
      let index = ElementCodingKey(index: container.currentIndex - 1)
      throw novelValueError(
        Element.self, rawValue: rawValue, codingPath: container.codingPath + [index])
    }
    return value
  }

  @inlinable
  static func decode(from container: any SingleValueDecodingContainer) throws -> Element {
    let rawValue = try decodeConcrete(Element.RawValue.self, from: container)
    guard let value = Element(rawValue: rawValue) else {
      throw novelValueError(Element.self, rawValue: rawValue, codingPath: container.codingPath)
    }
    return value
  }

  /// `nil`: plain `Codable` decodes a raw-representable type through its own `init(from:)`,
  /// which need not read the raw value the way this strategy does.
  @inlinable
  static func decodePlainDictionary<Source: ResilientValueSource>(from source: Source) throws
    -> [String: Element]?
  {
    nil
  }

  @inlinable
  static var decodesPrimitive: Bool { isStandardPrimitive(Element.RawValue.self) }
}

/// The error for a raw value that has no case: an ``UnknownNovelValueError`` when the type is
/// not frozen (new values are expected), a `DecodingError.dataCorrupted` when it is.
@usableFromInline
func novelValueError<Element: ResilientRawRepresentable>(
  _: Element.Type,
  rawValue: Element.RawValue,
  codingPath: @autoclosure () -> [any CodingKey]
) -> any Error {
  guard Element.isFrozen else {
    return UnknownNovelValueError(novelValue: rawValue)
  }
  return DecodingError.dataCorrupted(
    DecodingError.Context(
      codingPath: codingPath(),
      debugDescription: "\(Element.self) is frozen and has no case for the raw value \(rawValue)"
    ))
}
