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
  /// pointer comparisons otherwise. Inlined before the optimiser specialises the caller, so
  /// that the branch it rules out folds away first: else an optimised client specialises
  /// what that branch calls for every `Int?`, `String?` and `Double?` property, only to drop it.
  /// (An unoptimised build inlines it too, where its comparisons take less code than the call.)
  @inlinable @inline(__always)
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
