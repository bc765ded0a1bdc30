// A strict decoder: a wrapper around `JSONDecoder`'s own decoder that offers only what the
// `Decoder` protocols require, as some decoders do. Keyed containers refuse nested containers
// for a key, unkeyed containers do not tell their `count`, and every call to a super-decoder is
// written down (and answered), so that the target can check that the library asks for one only
// where nothing else can find the reporter.

import Foundation

/// The paths at which a ``StrictDecoder`` was asked for a super-decoder, in call order.
final class SuperDecoderCalls: @unchecked Sendable {
  private let lock = NSLock()
  private var paths: [String] = []

  func append(_ path: [any CodingKey]) {
    lock.withLock { paths.append(fuzzPath(path)) }
  }

  /// The calls written down since the last flush, which forgets them.
  func flush() -> [String] {
    lock.withLock {
      defer { paths = [] }
      return paths
    }
  }
}

extension CodingUserInfoKey {
  /// Where a `JSONDecoder` used through ``StrictDecoder`` keeps its ``SuperDecoderCalls``.
  static let fuzzSuperDecoderCalls = CodingUserInfoKey(rawValue: "ResilientFuzz.superDecoderCalls")!
}

extension JSONDecoder {
  /// Decodes `type` from JSON through ``StrictDecoder``s wrapped around this decoder's own.
  /// `userInfo` must hold the ``SuperDecoderCalls`` to write to (under
  /// `.fuzzSuperDecoderCalls`).
  func decodeStrictly<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try decode(Strictly<T>.self, from: data).value
  }
}

/// A value decoded by a ``StrictDecoder`` around the decoder that decodes this wrapper: the way
/// to get hold of `JSONDecoder`'s decoder for a key or an element while it is valid.
struct Strictly<Value: Decodable>: Decodable {
  let value: Value

  init(from decoder: any Decoder) throws {
    value = try Value(from: StrictDecoder(decoder))
  }
}

/// A decoder that forwards to `base`, keeping every decoder and container it hands out strict.
struct StrictDecoder: Decoder {
  let base: any Decoder
  let calls: SuperDecoderCalls

  init(_ base: any Decoder) {
    guard let calls = base.userInfo[.fuzzSuperDecoderCalls] as? SuperDecoderCalls else {
      fatalError("a StrictDecoder needs SuperDecoderCalls in userInfo")
    }
    self.base = base
    self.calls = calls
  }

  var codingPath: [any CodingKey] { base.codingPath }
  var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(StrictKeyedContainer(base: try base.container(keyedBy: type), calls))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    StrictUnkeyedContainer(base: try base.unkeyedContainer(), calls)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    StrictSingleValueContainer(base: try base.singleValueContainer())
  }
}

/// Whether `T` is `URL`, which the containers leave to `base`: it reads one from a string, as
/// `JSONDecoder` does, while `URL`'s own `init(from:)` expects a keyed form. A value of any
/// other type goes through a ``StrictDecoder``.
private func isURL<T>(_: T.Type) -> Bool { T.self == URL.self }

/// A keyed container that refuses nested containers for a key.
struct StrictKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let base: KeyedDecodingContainer<Key>
  let calls: SuperDecoderCalls

  init(base: KeyedDecodingContainer<Key>, _ calls: SuperDecoderCalls) {
    self.base = base
    self.calls = calls
  }

  var codingPath: [any CodingKey] { base.codingPath }
  var allKeys: [Key] { base.allKeys }
  func contains(_ key: Key) -> Bool { base.contains(key) }
  func decodeNil(forKey key: Key) throws -> Bool { try base.decodeNil(forKey: key) }

  func decode(_ t: Bool.Type, forKey k: Key) throws -> Bool { try base.decode(t, forKey: k) }
  func decode(_ t: String.Type, forKey k: Key) throws -> String { try base.decode(t, forKey: k) }
  func decode(_ t: Double.Type, forKey k: Key) throws -> Double { try base.decode(t, forKey: k) }
  func decode(_ t: Float.Type, forKey k: Key) throws -> Float { try base.decode(t, forKey: k) }
  func decode(_ t: Int.Type, forKey k: Key) throws -> Int { try base.decode(t, forKey: k) }
  func decode(_ t: Int8.Type, forKey k: Key) throws -> Int8 { try base.decode(t, forKey: k) }
  func decode(_ t: Int16.Type, forKey k: Key) throws -> Int16 { try base.decode(t, forKey: k) }
  func decode(_ t: Int32.Type, forKey k: Key) throws -> Int32 { try base.decode(t, forKey: k) }
  func decode(_ t: Int64.Type, forKey k: Key) throws -> Int64 { try base.decode(t, forKey: k) }
  func decode(_ t: UInt.Type, forKey k: Key) throws -> UInt { try base.decode(t, forKey: k) }
  func decode(_ t: UInt8.Type, forKey k: Key) throws -> UInt8 { try base.decode(t, forKey: k) }
  func decode(_ t: UInt16.Type, forKey k: Key) throws -> UInt16 { try base.decode(t, forKey: k) }
  func decode(_ t: UInt32.Type, forKey k: Key) throws -> UInt32 { try base.decode(t, forKey: k) }
  func decode(_ t: UInt64.Type, forKey k: Key) throws -> UInt64 { try base.decode(t, forKey: k) }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    if isURL(type) { return try base.decode(type, forKey: key) }
    return try base.decode(Strictly<T>.self, forKey: key).value
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy _: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    throw refusal(forKey: key)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    throw refusal(forKey: key)
  }

  private func refusal(forKey key: Key) -> DecodingError {
    DecodingError.typeMismatch(
      KeyedDecodingContainer<Key>.self,
      DecodingError.Context(
        codingPath: codingPath + [key], debugDescription: "No nested container for a key."))
  }

  func superDecoder() throws -> any Decoder {
    calls.append(codingPath)
    return StrictDecoder(try base.superDecoder())
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    calls.append(codingPath + [key])
    return StrictDecoder(try base.superDecoder(forKey: key))
  }
}

/// An unkeyed container that does not tell how many elements it holds.
struct StrictUnkeyedContainer: UnkeyedDecodingContainer {
  var base: any UnkeyedDecodingContainer
  let calls: SuperDecoderCalls

  init(base: any UnkeyedDecodingContainer, _ calls: SuperDecoderCalls) {
    self.base = base
    self.calls = calls
  }

  var codingPath: [any CodingKey] { base.codingPath }
  var count: Int? { nil }
  var isAtEnd: Bool { base.isAtEnd }
  var currentIndex: Int { base.currentIndex }
  mutating func decodeNil() throws -> Bool { try base.decodeNil() }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try base.decode(type) }
  mutating func decode(_ type: String.Type) throws -> String { try base.decode(type) }
  mutating func decode(_ type: Double.Type) throws -> Double { try base.decode(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try base.decode(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try base.decode(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try base.decode(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try base.decode(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try base.decode(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try base.decode(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try base.decode(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try base.decode(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try base.decode(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try base.decode(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try base.decode(type) }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    if isURL(type) { return try base.decode(type) }
    return try base.decode(Strictly<T>.self).value
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    KeyedDecodingContainer(
      StrictKeyedContainer(base: try base.nestedContainer(keyedBy: type), calls))
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    StrictUnkeyedContainer(base: try base.nestedUnkeyedContainer(), calls)
  }

  mutating func superDecoder() throws -> any Decoder {
    calls.append(codingPath + [FuzzIndexKey(currentIndex)])
    return StrictDecoder(try base.superDecoder())
  }
}

/// A single value; anything but a primitive or a `URL` goes through a ``StrictDecoder``.
struct StrictSingleValueContainer: SingleValueDecodingContainer {
  let base: any SingleValueDecodingContainer

  var codingPath: [any CodingKey] { base.codingPath }
  func decodeNil() -> Bool { base.decodeNil() }

  func decode(_ type: Bool.Type) throws -> Bool { try base.decode(type) }
  func decode(_ type: String.Type) throws -> String { try base.decode(type) }
  func decode(_ type: Double.Type) throws -> Double { try base.decode(type) }
  func decode(_ type: Float.Type) throws -> Float { try base.decode(type) }
  func decode(_ type: Int.Type) throws -> Int { try base.decode(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try base.decode(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try base.decode(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try base.decode(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try base.decode(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try base.decode(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try base.decode(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try base.decode(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try base.decode(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try base.decode(type) }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    if isURL(type) { return try base.decode(type) }
    return try base.decode(Strictly<T>.self).value
  }
}

/// The key of an array element, for the path of a super-decoder asked for in an array: named
/// as `JSONDecoder` names it, `Index 3`.
struct FuzzIndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }

  init(_ index: Int) { intValue = index }
  init?(intValue: Int) { self.intValue = intValue }
  init?(stringValue: String) { nil }
}
