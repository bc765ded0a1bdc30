// The primitive fast path. Synthesised `init(from:)` decodes a `Bool`, `String`, `Int`…
// property through the container's concrete overload (`decode(Int.self, forKey:)`), which
// every decoder implements directly. A generic `decode<T>(T.self, forKey:)` with `T == Int`
// means the same thing, but decoders are free to take a slower road for it, and `JSONDecoder`
// does: it goes through `Int(from:)`, checks `T` against the types it treats specially at run
// time, and looks up generic metadata on the way. Code generic over the element type, as this
// library's is, only ever calls the generic overload, even once specialised for `Int`.
//
// The helpers below call the concrete overload when the type is one of the standard library's
// primitive types, and the generic one otherwise, so that a `@Resilient` property makes the
// very calls plain `Codable` makes. Once specialised, the type checks fold away; unspecialised
// (and in unoptimised builds) they are a handful of metatype comparisons.

extension KeyedDecodingContainer {
  /// Decodes a value through the concrete overload for a primitive type, or the generic one.
  @inlinable
  func decodeConcrete<T: Decodable>(_: T.Type, forKey key: Key) throws -> T {
    if T.self == String.self { return identical(try decode(String.self, forKey: key)) }
    if T.self == Int.self { return identical(try decode(Int.self, forKey: key)) }
    if T.self == Double.self { return identical(try decode(Double.self, forKey: key)) }
    if T.self == Bool.self { return identical(try decode(Bool.self, forKey: key)) }
    if T.self == Float.self { return identical(try decode(Float.self, forKey: key)) }
    if T.self == Int64.self { return identical(try decode(Int64.self, forKey: key)) }
    if T.self == Int32.self { return identical(try decode(Int32.self, forKey: key)) }
    if T.self == Int16.self { return identical(try decode(Int16.self, forKey: key)) }
    if T.self == Int8.self { return identical(try decode(Int8.self, forKey: key)) }
    if T.self == UInt.self { return identical(try decode(UInt.self, forKey: key)) }
    if T.self == UInt64.self { return identical(try decode(UInt64.self, forKey: key)) }
    if T.self == UInt32.self { return identical(try decode(UInt32.self, forKey: key)) }
    if T.self == UInt16.self { return identical(try decode(UInt16.self, forKey: key)) }
    if T.self == UInt8.self { return identical(try decode(UInt8.self, forKey: key)) }
    return try decode(T.self, forKey: key)
  }

  /// Decodes a value, or `nil` when the key is missing or the value is `null`, through the
  /// concrete overload for a primitive type, or the generic one.
  @inlinable
  func decodeConcreteIfPresent<T: Decodable>(_: T.Type, forKey key: Key) throws -> T? {
    if T.self == String.self { return identical(try decodeIfPresent(String.self, forKey: key)) }
    if T.self == Int.self { return identical(try decodeIfPresent(Int.self, forKey: key)) }
    if T.self == Double.self { return identical(try decodeIfPresent(Double.self, forKey: key)) }
    if T.self == Bool.self { return identical(try decodeIfPresent(Bool.self, forKey: key)) }
    if T.self == Float.self { return identical(try decodeIfPresent(Float.self, forKey: key)) }
    if T.self == Int64.self { return identical(try decodeIfPresent(Int64.self, forKey: key)) }
    if T.self == Int32.self { return identical(try decodeIfPresent(Int32.self, forKey: key)) }
    if T.self == Int16.self { return identical(try decodeIfPresent(Int16.self, forKey: key)) }
    if T.self == Int8.self { return identical(try decodeIfPresent(Int8.self, forKey: key)) }
    if T.self == UInt.self { return identical(try decodeIfPresent(UInt.self, forKey: key)) }
    if T.self == UInt64.self { return identical(try decodeIfPresent(UInt64.self, forKey: key)) }
    if T.self == UInt32.self { return identical(try decodeIfPresent(UInt32.self, forKey: key)) }
    if T.self == UInt16.self { return identical(try decodeIfPresent(UInt16.self, forKey: key)) }
    if T.self == UInt8.self { return identical(try decodeIfPresent(UInt8.self, forKey: key)) }
    return try decodeIfPresent(T.self, forKey: key)
  }
}

// The helpers of unkeyed and single-value containers take the container as an existential,
// which is how the library holds them: a method of a protocol extension called on an
// existential is generic over the opened type, which the optimiser does not specialise, so
// every element would take the unspecialised road.

/// Decodes the next element of an unkeyed container through the concrete overload for a
/// primitive type, or the generic one.
@inlinable
func decodeConcrete<T: Decodable>(
  _: T.Type, from container: inout any UnkeyedDecodingContainer
) throws -> T {
  if T.self == String.self { return identical(try container.decode(String.self)) }
  if T.self == Int.self { return identical(try container.decode(Int.self)) }
  if T.self == Double.self { return identical(try container.decode(Double.self)) }
  if T.self == Bool.self { return identical(try container.decode(Bool.self)) }
  if T.self == Float.self { return identical(try container.decode(Float.self)) }
  if T.self == Int64.self { return identical(try container.decode(Int64.self)) }
  if T.self == Int32.self { return identical(try container.decode(Int32.self)) }
  if T.self == Int16.self { return identical(try container.decode(Int16.self)) }
  if T.self == Int8.self { return identical(try container.decode(Int8.self)) }
  if T.self == UInt.self { return identical(try container.decode(UInt.self)) }
  if T.self == UInt64.self { return identical(try container.decode(UInt64.self)) }
  if T.self == UInt32.self { return identical(try container.decode(UInt32.self)) }
  if T.self == UInt16.self { return identical(try container.decode(UInt16.self)) }
  if T.self == UInt8.self { return identical(try container.decode(UInt8.self)) }
  return try container.decode(T.self)
}

/// Decodes the value of a single-value container through the concrete overload for a
/// primitive type, or the generic one.
@inlinable
func decodeConcrete<T: Decodable>(
  _: T.Type, from container: any SingleValueDecodingContainer
) throws -> T {
  if T.self == String.self { return identical(try container.decode(String.self)) }
  if T.self == Int.self { return identical(try container.decode(Int.self)) }
  if T.self == Double.self { return identical(try container.decode(Double.self)) }
  if T.self == Bool.self { return identical(try container.decode(Bool.self)) }
  if T.self == Float.self { return identical(try container.decode(Float.self)) }
  if T.self == Int64.self { return identical(try container.decode(Int64.self)) }
  if T.self == Int32.self { return identical(try container.decode(Int32.self)) }
  if T.self == Int16.self { return identical(try container.decode(Int16.self)) }
  if T.self == Int8.self { return identical(try container.decode(Int8.self)) }
  if T.self == UInt.self { return identical(try container.decode(UInt.self)) }
  if T.self == UInt64.self { return identical(try container.decode(UInt64.self)) }
  if T.self == UInt32.self { return identical(try container.decode(UInt32.self)) }
  if T.self == UInt16.self { return identical(try container.decode(UInt16.self)) }
  if T.self == UInt8.self { return identical(try container.decode(UInt8.self)) }
  return try container.decode(T.self)
}

/// Returns a value as the type it already has, under the generic name of that type.
///
/// Only called right after checking that `Target` is `Source`; `_identityCast` checks it again
/// (a precondition that folds away once specialised) and reinterprets the value.
@_transparent @usableFromInline
func identical<Source, Target>(_ value: Source) -> Target {
  _identityCast(value, to: Target.self)
}
