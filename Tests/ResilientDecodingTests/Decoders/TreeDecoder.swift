import ResilientDecoding

/// A decoder over ``Tree`` documents whose unkeyed containers move past every element they are
/// asked to decode, whether or not it decodes.
///
/// `JSONDecoder` leaves an unkeyed container on an element that failed to decode. The
/// `Decodable` documentation does not require that, and other decoders move on anyway; decoding
/// a document with both shows that the library depends on neither.
///
/// - Primitives: numbers are `Int`s and text is `String`s; asking for any other primitive type
///   is a type mismatch, and `null` is a missing value.
/// - Coding paths: keys as written, and array elements named as `JSONDecoder` names them
///   (`Index 1`).
/// - Containers: ``KeyedContainer``, ``UnkeyedContainer`` and ``SingleValueContainer`` each
///   read through ``child(_:at:)`` and ``primitive(_:)``, the one place where a nested value
///   gets its decoder and the one place where a primitive is read.
struct AdvancingDecoder: Decoder {
  /// The value this decoder reads.
  let value: Tree
  let codingPath: [any CodingKey]
  let userInfo: [CodingUserInfoKey: Any]

  init(_ value: Tree, codingPath: [any CodingKey] = [], userInfo: [CodingUserInfoKey: Any] = [:]) {
    self.value = value
    self.codingPath = codingPath
    self.userInfo = userInfo
  }

  /// Decodes `type` from `document` with a reporter for this call only, as
  /// `JSONDecoder.decode(_:from:reportResilientDecodingErrors:)` does.
  ///
  /// - Returns: The decoded value and the digest of what was reported (`nil` when nothing was).
  static func decode<T: Decodable>(
    _ type: T.Type,
    from document: Tree
  ) throws -> (value: T, digest: ErrorDigest?) {
    var userInfo: [CodingUserInfoKey: Any] = [:]
    let reporter = userInfo.enableResilientDecodingErrorReporting()
    let value = try T(from: AdvancingDecoder(document, userInfo: userInfo))
    return (value, reporter.flushReportedErrors())
  }

  func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object = value else { throw mismatch([String: Any].self) }
    return KeyedDecodingContainer(KeyedContainer<Key>(decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else { throw mismatch([Any].self) }
    return UnkeyedContainer(decoder: self, elements: elements)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleValueContainer(decoder: self)
  }

  // MARK: Reading

  /// The decoder of a value one level down, under `key`; it reads the way this one does.
  func child(_ value: Tree, at key: any CodingKey) -> AdvancingDecoder {
    AdvancingDecoder(value, codingPath: codingPath + [key], userInfo: userInfo)
  }

  var isNull: Bool {
    if case .null = value { return true }
    return false
  }

  /// The value as a primitive type.
  func primitive<T>(_ type: T.Type = T.self) throws -> T {
    switch value {
    case .null:
      throw DecodingError.valueNotFound(
        type, DecodingError.Context(codingPath: codingPath, debugDescription: "Found null."))
    case .int(let primitive as T), .string(let primitive as T):
      return primitive
    default:
      throw mismatch(type)
    }
  }

  func mismatch(_ type: Any.Type) -> DecodingError {
    DecodingError.typeMismatch(
      type, DecodingError.Context(codingPath: codingPath, debugDescription: "Found \(value)."))
  }
}

// MARK: - Containers

extension AdvancingDecoder {
  /// The members of an object, by key.
  struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: AdvancingDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
      guard case .object(let members) = decoder.value else { return [] }
      return members.compactMap { Key(stringValue: $0.key) }
    }

    func contains(_ key: Key) -> Bool {
      decoder.value.member(key.stringValue) != nil
    }

    /// The decoder of the member under `key`.
    func child(_ key: Key) throws -> AdvancingDecoder {
      guard let value = decoder.value.member(key.stringValue) else {
        throw DecodingError.keyNotFound(
          key, DecodingError.Context(codingPath: codingPath, debugDescription: "No value."))
      }
      return decoder.child(value, at: key)
    }

    private func primitive<T>(_ key: Key) throws -> T { try child(key).primitive() }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).isNull }
    func decode(_: Bool.Type, forKey key: Key) throws -> Bool { try primitive(key) }
    func decode(_: String.Type, forKey key: Key) throws -> String { try primitive(key) }
    func decode(_: Double.Type, forKey key: Key) throws -> Double { try primitive(key) }
    func decode(_: Float.Type, forKey key: Key) throws -> Float { try primitive(key) }
    func decode(_: Int.Type, forKey key: Key) throws -> Int { try primitive(key) }
    func decode(_: Int8.Type, forKey key: Key) throws -> Int8 { try primitive(key) }
    func decode(_: Int16.Type, forKey key: Key) throws -> Int16 { try primitive(key) }
    func decode(_: Int32.Type, forKey key: Key) throws -> Int32 { try primitive(key) }
    func decode(_: Int64.Type, forKey key: Key) throws -> Int64 { try primitive(key) }
    func decode(_: UInt.Type, forKey key: Key) throws -> UInt { try primitive(key) }
    func decode(_: UInt8.Type, forKey key: Key) throws -> UInt8 { try primitive(key) }
    func decode(_: UInt16.Type, forKey key: Key) throws -> UInt16 { try primitive(key) }
    func decode(_: UInt32.Type, forKey key: Key) throws -> UInt32 { try primitive(key) }
    func decode(_: UInt64.Type, forKey key: Key) throws -> UInt64 { try primitive(key) }
    func decode<T: Decodable>(_: T.Type, forKey key: Key) throws -> T { try T(from: child(key)) }

    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
      try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
  }

  /// The elements of an array: every `decode` consumes the element before decoding it, so an
  /// element that fails is moved past all the same. Only `decodeNil()` leaves an element that
  /// is not `null` where it is, as the protocol requires.
  struct UnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: AdvancingDecoder
    let elements: [Tree]
    private(set) var currentIndex = 0

    init(decoder: AdvancingDecoder, elements: [Tree]) {
      self.decoder = decoder
      self.elements = elements
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The decoder of the next element; the container has moved past it once this returns.
    mutating func next() throws -> AdvancingDecoder {
      guard !isAtEnd else {
        throw DecodingError.valueNotFound(
          Any.self,
          DecodingError.Context(codingPath: codingPath, debugDescription: "At the end."))
      }
      defer { currentIndex += 1 }
      return decoder.child(elements[currentIndex], at: IndexKey(intValue: currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
      guard !isAtEnd, case .null = elements[currentIndex] else { return false }
      currentIndex += 1
      return true
    }

    mutating func decode(_: Bool.Type) throws -> Bool { try next().primitive() }
    mutating func decode(_: String.Type) throws -> String { try next().primitive() }
    mutating func decode(_: Double.Type) throws -> Double { try next().primitive() }
    mutating func decode(_: Float.Type) throws -> Float { try next().primitive() }
    mutating func decode(_: Int.Type) throws -> Int { try next().primitive() }
    mutating func decode(_: Int8.Type) throws -> Int8 { try next().primitive() }
    mutating func decode(_: Int16.Type) throws -> Int16 { try next().primitive() }
    mutating func decode(_: Int32.Type) throws -> Int32 { try next().primitive() }
    mutating func decode(_: Int64.Type) throws -> Int64 { try next().primitive() }
    mutating func decode(_: UInt.Type) throws -> UInt { try next().primitive() }
    mutating func decode(_: UInt8.Type) throws -> UInt8 { try next().primitive() }
    mutating func decode(_: UInt16.Type) throws -> UInt16 { try next().primitive() }
    mutating func decode(_: UInt32.Type) throws -> UInt32 { try next().primitive() }
    mutating func decode(_: UInt64.Type) throws -> UInt64 { try next().primitive() }
    mutating func decode<T: Decodable>(_: T.Type) throws -> T { try T(from: next()) }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
      try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      try next().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try next() }
  }

  /// A single value.
  struct SingleValueContainer: SingleValueDecodingContainer {
    let decoder: AdvancingDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.isNull }
    func decode(_: Bool.Type) throws -> Bool { try decoder.primitive() }
    func decode(_: String.Type) throws -> String { try decoder.primitive() }
    func decode(_: Double.Type) throws -> Double { try decoder.primitive() }
    func decode(_: Float.Type) throws -> Float { try decoder.primitive() }
    func decode(_: Int.Type) throws -> Int { try decoder.primitive() }
    func decode(_: Int8.Type) throws -> Int8 { try decoder.primitive() }
    func decode(_: Int16.Type) throws -> Int16 { try decoder.primitive() }
    func decode(_: Int32.Type) throws -> Int32 { try decoder.primitive() }
    func decode(_: Int64.Type) throws -> Int64 { try decoder.primitive() }
    func decode(_: UInt.Type) throws -> UInt { try decoder.primitive() }
    func decode(_: UInt8.Type) throws -> UInt8 { try decoder.primitive() }
    func decode(_: UInt16.Type) throws -> UInt16 { try decoder.primitive() }
    func decode(_: UInt32.Type) throws -> UInt32 { try decoder.primitive() }
    func decode(_: UInt64.Type) throws -> UInt64 { try decoder.primitive() }
    func decode<T: Decodable>(_: T.Type) throws -> T { try T(from: decoder) }
  }

  /// The coding key of an array element, named as `JSONDecoder` names it: `Index 1`.
  private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
  }
}
