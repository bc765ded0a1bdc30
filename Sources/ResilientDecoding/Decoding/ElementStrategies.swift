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
internal protocol _ResilientElementStrategy {
  associatedtype Element: Decodable

  static func decode<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws
    -> Element
  static func decodeIfPresent<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
    throws -> Element?
  static func decode(from container: inout any UnkeyedDecodingContainer) throws -> Element
  static func decode(from container: any SingleValueDecodingContainer) throws -> Element

  /// The clean path of every array and set: decodes elements of a container into storage until
  /// one fails or the container is at its end (`ResilientElements.swift`).
  static var _elementRun: _ElementRun<Element> { get }

  /// Whether plain `Codable` decodes `Element` exactly as this strategy does, so that a
  /// dictionary of them may be decoded as a plain `[String: Element]`.
  static var decodesLikePlainCodable: Bool { get }

  /// Whether this strategy decodes a standard library primitive through the container's
  /// concrete overloads (the element, or a raw value): then no `init(from:)` of the user's
  /// runs, and any error is the decoder's own.
  static var decodesPrimitive: Bool { get }
}

extension _ResilientElementStrategy {
  /// Whether an error of decoding a value is the decoder's own: no `init(from:)` but the
  /// standard library's ran (a primitive, a raw value of one, or an optional of a primitive,
  /// the values of `[String: Int?]`). Read only when a value failed: telling an optional of a
  /// primitive apart costs unspecialised code a lookup of each optional's metadata.
  @inlinable
  static var errorsAreTheDecoders: Bool {
    decodesPrimitive || _StandardPrimitive(optionalOf: Element.self) != nil
  }
}

/// Decodes a `Decodable` value as plain `Codable` would, through the container's concrete
/// overloads for primitive types.
@usableFromInline
internal enum _PlainElement<Element> {}

extension _PlainElement: _ResilientElementStrategy where Element: Decodable {
  @inlinable
  static func decode<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws
    -> Element
  {
    try container._decodeConcrete(Element.self, forKey: key)
  }

  @_transparent @usableFromInline
  static func decodeIfPresent<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
    throws -> Element?
  {
    try container._decodeConcreteIfPresent(Element.self, forKey: key)
  }

  @inlinable
  static func decode(from container: inout any UnkeyedDecodingContainer) throws -> Element {
    try _decodeConcrete(Element.self, from: &container)
  }

  @inlinable
  static func decode(from container: any SingleValueDecodingContainer) throws -> Element {
    try _decodeConcrete(Element.self, from: container)
  }

  @inlinable
  static var decodesLikePlainCodable: Bool { true }

  @inlinable
  static var decodesPrimitive: Bool { _isStandardPrimitive(Element.self) }
}

/// Decodes a ``ResilientRawRepresentable`` from its raw value, throwing the novel-value error
/// of the type when the raw value has no case.
@usableFromInline
internal enum _RawElement<Element> {}

extension _RawElement: _ResilientElementStrategy where Element: ResilientRawRepresentable {
  /// Decodes the raw value under `key`, then its case: a missing key or `null` throws the
  /// decoder's own error for the raw value.
  @inlinable
  static func decode<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws
    -> Element
  {
    let rawValue = try container._decodeConcrete(Element.RawValue.self, forKey: key)
    guard let value = Element(rawValue: rawValue) else {
      try _throwNovelValue(Element.self, rawValue: rawValue, forKey: key, in: container)
    }
    return value
  }

  @inlinable
  static func decodeIfPresent<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
    throws -> Element?
  {
    guard
      let rawValue = try container._decodeConcreteIfPresent(Element.RawValue.self, forKey: key)
    else {
      return nil
    }
    guard let value = Element(rawValue: rawValue) else {
      try _throwNovelValue(Element.self, rawValue: rawValue, forKey: key, in: container)
    }
    return value
  }

  @inlinable
  static func decode(from container: inout any UnkeyedDecodingContainer) throws -> Element {
    let rawValue = try _decodeConcrete(Element.RawValue.self, from: &container)
    guard let value = Element(rawValue: rawValue) else {
      try _throwNovelValue(Element.self, rawValue: rawValue, readFrom: container)
    }
    return value
  }

  @inlinable
  static func decode(from container: any SingleValueDecodingContainer) throws -> Element {
    let rawValue = try _decodeConcrete(Element.RawValue.self, from: container)
    guard let value = Element(rawValue: rawValue) else {
      try _throwNovelValue(Element.self, rawValue: rawValue, at: container.codingPath)
    }
    return value
  }

  /// `false`: plain `Codable` decodes a raw-representable type through its own `init(from:)`,
  /// which need not read the raw value the way this strategy does.
  @inlinable
  static var decodesLikePlainCodable: Bool { false }

  @inlinable
  static var decodesPrimitive: Bool { _isStandardPrimitive(Element.RawValue.self) }
}

// What only a raw value with no case needs, out of line: a value that decodes carries none of
// it.

/// Throws the error of a raw value with no case, read under `key` of `container`.
@usableFromInline
internal func _throwNovelValue<Element: ResilientRawRepresentable, Key>(
  _: Element.Type, rawValue: Element.RawValue, forKey key: Key,
  in container: KeyedDecodingContainer<Key>
) throws -> Never {
  throw novelValueError(Element.self, rawValue: rawValue, codingPath: container.codingPath + [key])
}

/// Throws the error of a raw value with no case, the element `container` has just read.
@usableFromInline
internal func _throwNovelValue<Element: ResilientRawRepresentable>(
  _: Element.Type, rawValue: Element.RawValue, readFrom container: any UnkeyedDecodingContainer
) throws -> Never {
  let index = ElementCodingKey(index: container.currentIndex &- 1)
  throw novelValueError(
    Element.self, rawValue: rawValue, codingPath: container.codingPath + [index])
}

/// Throws the error of a raw value with no case, at `codingPath`.
@usableFromInline
internal func _throwNovelValue<Element: ResilientRawRepresentable>(
  _: Element.Type, rawValue: Element.RawValue, at codingPath: [any CodingKey]
) throws -> Never {
  throw novelValueError(Element.self, rawValue: rawValue, codingPath: codingPath)
}

/// The error for a raw value that has no case: an ``UnknownNovelValueError`` when the type is
/// not frozen (new values are expected), a `DecodingError.dataCorrupted` when it is.
func novelValueError<Element: ResilientRawRepresentable>(
  _: Element.Type,
  rawValue: Element.RawValue,
  codingPath: @autoclosure () -> [any CodingKey]
) -> any Error {
  // A raw value from the data is kept as a bounded prefix: it may be megabytes long.
  guard Element.isFrozen else {
    return UnknownNovelValueError(novelValue: BoundedText.kept(rawValue))
  }
  return DecodingError.dataCorrupted(
    DecodingError.Context(
      codingPath: codingPath(),
      debugDescription: "\(Element.self) is frozen and has no case for the raw value "
        + BoundedText.describing(rawValue).text))
}
