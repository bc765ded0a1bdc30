// The standard library's primitive types, decoded through the concrete overloads of the
// containers. Synthesised `init(from:)` decodes an `Int` property with
// `decode(Int.self, forKey:)`, which every decoder implements directly. A generic
// `decode<T>(T.self, forKey:)` with `T == Int` means the same, but decoders may take a slower
// road for it, and `JSONDecoder` does: it goes through `Int(from:)` and checks `T` against the
// types it treats specially. Code generic over the element type, as the library's is, only ever
// calls the generic overload, even once specialised for `Int`.
//
// The functions below call the concrete overload when the type is one of these, and the generic
// one otherwise, so that a `@Resilient` property makes the very calls plain `Codable` makes.
// Once specialised, the test and the switch fold away; unspecialised, they cost a handful of
// metatype comparisons. The helpers of unkeyed and single-value containers take the container as
// the existential the library holds: a method of a protocol extension called on an existential
// is generic over the opened type, which the optimiser does not specialise.

/// The standard library's primitive types: the one list of them. Every function that decodes
/// one switches over this enum, so the compiler checks that none is left out.
@frozen @usableFromInline
internal enum _StandardPrimitive {
  case string, bool, double, float
  case int, int8, int16, int32, int64
  case uint, uint8, uint16, uint32, uint64

  /// The primitive `T` is, or `nil` for any other type; a constant once specialised, a few
  /// pointer comparisons otherwise.
  @inlinable
  init?<T>(_: T.Type) {
    if T.self == String.self {
      self = .string
    } else if T.self == Bool.self {
      self = .bool
    } else if T.self == Double.self {
      self = .double
    } else if T.self == Float.self {
      self = .float
    } else if T.self == Int.self {
      self = .int
    } else if T.self == Int8.self {
      self = .int8
    } else if T.self == Int16.self {
      self = .int16
    } else if T.self == Int32.self {
      self = .int32
    } else if T.self == Int64.self {
      self = .int64
    } else if T.self == UInt.self {
      self = .uint
    } else if T.self == UInt8.self {
      self = .uint8
    } else if T.self == UInt16.self {
      self = .uint16
    } else if T.self == UInt32.self {
      self = .uint32
    } else if T.self == UInt64.self {
      self = .uint64
    } else {
      return nil
    }
  }
}

/// Whether `T` is one of the standard library's primitive types.
@inlinable
func _isStandardPrimitive<T>(_: T.Type) -> Bool {
  _StandardPrimitive(T.self) != nil
}

extension _StandardPrimitive {
  /// The primitive `T` is an optional of, or `nil` for any other type; a constant once
  /// specialised, a few pointer comparisons otherwise (read only when a value failed).
  @inlinable
  init?<T>(optionalOf _: T.Type) {
    if T.self == String?.self {
      self = .string
    } else if T.self == Bool?.self {
      self = .bool
    } else if T.self == Double?.self {
      self = .double
    } else if T.self == Float?.self {
      self = .float
    } else if T.self == Int?.self {
      self = .int
    } else if T.self == Int8?.self {
      self = .int8
    } else if T.self == Int16?.self {
      self = .int16
    } else if T.self == Int32?.self {
      self = .int32
    } else if T.self == Int64?.self {
      self = .int64
    } else if T.self == UInt?.self {
      self = .uint
    } else if T.self == UInt8?.self {
      self = .uint8
    } else if T.self == UInt16?.self {
      self = .uint16
    } else if T.self == UInt32?.self {
      self = .uint32
    } else if T.self == UInt64?.self {
      self = .uint64
    } else {
      return nil
    }
  }
}

// MARK: - Decoding through the concrete overloads

extension KeyedDecodingContainer {
  /// Decodes a value through the concrete overload for a primitive type, or the generic one.
  @inlinable
  func _decodeConcrete<T: Decodable>(_: T.Type, forKey key: Key) throws -> T {
    guard let primitive = _StandardPrimitive(T.self) else { return try decode(T.self, forKey: key) }
    switch primitive {
    case .string: return _identical(try decode(String.self, forKey: key))
    case .bool: return _identical(try decode(Bool.self, forKey: key))
    case .double: return _identical(try decode(Double.self, forKey: key))
    case .float: return _identical(try decode(Float.self, forKey: key))
    case .int: return _identical(try decode(Int.self, forKey: key))
    case .int8: return _identical(try decode(Int8.self, forKey: key))
    case .int16: return _identical(try decode(Int16.self, forKey: key))
    case .int32: return _identical(try decode(Int32.self, forKey: key))
    case .int64: return _identical(try decode(Int64.self, forKey: key))
    case .uint: return _identical(try decode(UInt.self, forKey: key))
    case .uint8: return _identical(try decode(UInt8.self, forKey: key))
    case .uint16: return _identical(try decode(UInt16.self, forKey: key))
    case .uint32: return _identical(try decode(UInt32.self, forKey: key))
    case .uint64: return _identical(try decode(UInt64.self, forKey: key))
    }
  }

  /// Decodes a value, or `nil` when the key is missing or the value is `null`, through the
  /// concrete overload for a primitive type, or the generic one.
  @inlinable @inline(__always)
  func _decodeConcreteIfPresent<T: Decodable>(_: T.Type, forKey key: Key) throws -> T? {
    guard let primitive = _StandardPrimitive(T.self) else {
      return try decodeIfPresent(T.self, forKey: key)
    }
    switch primitive {
    case .string: return _identical(try decodeIfPresent(String.self, forKey: key))
    case .bool: return _identical(try decodeIfPresent(Bool.self, forKey: key))
    case .double: return _identical(try decodeIfPresent(Double.self, forKey: key))
    case .float: return _identical(try decodeIfPresent(Float.self, forKey: key))
    case .int: return _identical(try decodeIfPresent(Int.self, forKey: key))
    case .int8: return _identical(try decodeIfPresent(Int8.self, forKey: key))
    case .int16: return _identical(try decodeIfPresent(Int16.self, forKey: key))
    case .int32: return _identical(try decodeIfPresent(Int32.self, forKey: key))
    case .int64: return _identical(try decodeIfPresent(Int64.self, forKey: key))
    case .uint: return _identical(try decodeIfPresent(UInt.self, forKey: key))
    case .uint8: return _identical(try decodeIfPresent(UInt8.self, forKey: key))
    case .uint16: return _identical(try decodeIfPresent(UInt16.self, forKey: key))
    case .uint32: return _identical(try decodeIfPresent(UInt32.self, forKey: key))
    case .uint64: return _identical(try decodeIfPresent(UInt64.self, forKey: key))
    }
  }
}

/// Decodes the next element of an unkeyed container through the concrete overload for a
/// primitive type, or the generic one.
@inlinable
func _decodeConcrete<T: Decodable>(
  _: T.Type, from container: inout any UnkeyedDecodingContainer
) throws -> T {
  guard let primitive = _StandardPrimitive(T.self) else { return try container.decode(T.self) }
  switch primitive {
  case .string: return _identical(try container.decode(String.self))
  case .bool: return _identical(try container.decode(Bool.self))
  case .double: return _identical(try container.decode(Double.self))
  case .float: return _identical(try container.decode(Float.self))
  case .int: return _identical(try container.decode(Int.self))
  case .int8: return _identical(try container.decode(Int8.self))
  case .int16: return _identical(try container.decode(Int16.self))
  case .int32: return _identical(try container.decode(Int32.self))
  case .int64: return _identical(try container.decode(Int64.self))
  case .uint: return _identical(try container.decode(UInt.self))
  case .uint8: return _identical(try container.decode(UInt8.self))
  case .uint16: return _identical(try container.decode(UInt16.self))
  case .uint32: return _identical(try container.decode(UInt32.self))
  case .uint64: return _identical(try container.decode(UInt64.self))
  }
}

/// Decodes the value of a single-value container through the concrete overload for a
/// primitive type, or the generic one.
@inlinable
func _decodeConcrete<T: Decodable>(
  _: T.Type, from container: any SingleValueDecodingContainer
) throws -> T {
  guard let primitive = _StandardPrimitive(T.self) else { return try container.decode(T.self) }
  switch primitive {
  case .string: return _identical(try container.decode(String.self))
  case .bool: return _identical(try container.decode(Bool.self))
  case .double: return _identical(try container.decode(Double.self))
  case .float: return _identical(try container.decode(Float.self))
  case .int: return _identical(try container.decode(Int.self))
  case .int8: return _identical(try container.decode(Int8.self))
  case .int16: return _identical(try container.decode(Int16.self))
  case .int32: return _identical(try container.decode(Int32.self))
  case .int64: return _identical(try container.decode(Int64.self))
  case .uint: return _identical(try container.decode(UInt.self))
  case .uint8: return _identical(try container.decode(UInt8.self))
  case .uint16: return _identical(try container.decode(UInt16.self))
  case .uint32: return _identical(try container.decode(UInt32.self))
  case .uint64: return _identical(try container.decode(UInt64.self))
  }
}

/// Returns a value as the type it already has, under the generic name of that type.
///
/// Only called right after checking that `Target` is `Source`; `_identityCast` checks it again
/// (a precondition that folds away once specialised) and reinterprets the value.
@_transparent @usableFromInline
internal func _identical<Source, Target>(_ value: Source) -> Target {
  _identityCast(value, to: Target.self)
}

// MARK: - Primitives that decode themselves

/// A standard library primitive that decodes itself under a key through the container's concrete
/// overload for its type.
///
/// Named by a protocol rather than chosen by a switch in a generic function, so that a called
/// ladder's copy for one primitive (`CalledLadders.swift`) calls its overload through a witness
/// of a type known where it is called: unoptimised, as in an app's DEBUG build, a generic
/// function looks up the metadata of the types it handles on every call.
internal protocol _KeyedPrimitive: Decodable {
  static func _decodeIfPresent<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
    throws -> Self?
}

extension String: _KeyedPrimitive {
  @inline(__always)
  static func _decodeIfPresent<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
    throws -> String?
  {
    try container.decodeIfPresent(String.self, forKey: key)
  }
}

extension Bool: _KeyedPrimitive {
  @inline(__always)
  static func _decodeIfPresent<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
    throws -> Bool?
  {
    try container.decodeIfPresent(Bool.self, forKey: key)
  }
}

extension Double: _KeyedPrimitive {
  @inline(__always)
  static func _decodeIfPresent<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
    throws -> Double?
  {
    try container.decodeIfPresent(Double.self, forKey: key)
  }
}

extension Float: _KeyedPrimitive {
  @inline(__always)
  static func _decodeIfPresent<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
    throws -> Float?
  {
    try container.decodeIfPresent(Float.self, forKey: key)
  }
}

extension Int: _KeyedPrimitive {
  @inline(__always)
  static func _decodeIfPresent<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
    throws -> Int?
  {
    try container.decodeIfPresent(Int.self, forKey: key)
  }
}

extension Int8: _KeyedPrimitive {
  @inline(__always)
  static func _decodeIfPresent<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
    throws -> Int8?
  {
    try container.decodeIfPresent(Int8.self, forKey: key)
  }
}

extension Int16: _KeyedPrimitive {
  @inline(__always)
  static func _decodeIfPresent<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
    throws -> Int16?
  {
    try container.decodeIfPresent(Int16.self, forKey: key)
  }
}

extension Int32: _KeyedPrimitive {
  @inline(__always)
  static func _decodeIfPresent<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
    throws -> Int32?
  {
    try container.decodeIfPresent(Int32.self, forKey: key)
  }
}

extension Int64: _KeyedPrimitive {
  @inline(__always)
  static func _decodeIfPresent<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
    throws -> Int64?
  {
    try container.decodeIfPresent(Int64.self, forKey: key)
  }
}

extension UInt: _KeyedPrimitive {
  @inline(__always)
  static func _decodeIfPresent<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
    throws -> UInt?
  {
    try container.decodeIfPresent(UInt.self, forKey: key)
  }
}

extension UInt8: _KeyedPrimitive {
  @inline(__always)
  static func _decodeIfPresent<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
    throws -> UInt8?
  {
    try container.decodeIfPresent(UInt8.self, forKey: key)
  }
}

extension UInt16: _KeyedPrimitive {
  @inline(__always)
  static func _decodeIfPresent<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
    throws -> UInt16?
  {
    try container.decodeIfPresent(UInt16.self, forKey: key)
  }
}

extension UInt32: _KeyedPrimitive {
  @inline(__always)
  static func _decodeIfPresent<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
    throws -> UInt32?
  {
    try container.decodeIfPresent(UInt32.self, forKey: key)
  }
}

extension UInt64: _KeyedPrimitive {
  @inline(__always)
  static func _decodeIfPresent<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
    throws -> UInt64?
  {
    try container.decodeIfPresent(UInt64.self, forKey: key)
  }
}

/// Decodes a primitive as ``_PlainElement`` does, through the primitive's own witness under a
/// key.
internal enum _KeyedPrimitiveElement<Element: _KeyedPrimitive>: _ResilientElementStrategy {
  static func decode<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws
    -> Element
  {
    try _PlainElement<Element>.decode(from: container, forKey: key)
  }

  @_transparent
  static func decodeIfPresent<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
    throws -> Element?
  {
    try Element._decodeIfPresent(from: container, forKey: key)
  }

  static func decode(from container: inout any UnkeyedDecodingContainer) throws -> Element {
    try _PlainElement<Element>.decode(from: &container)
  }

  static func decode(from container: any SingleValueDecodingContainer) throws -> Element {
    try _PlainElement<Element>.decode(from: container)
  }

  static var decodesLikePlainCodable: Bool { true }

  static var decodesPrimitive: Bool { true }
}
