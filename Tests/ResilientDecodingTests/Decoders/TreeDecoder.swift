import Foundation
import ResilientDecoding

/// A decoder over ``Tree`` documents that implements only what the `Decoder` protocols
/// require, with the quirks real decoders have, one by one (see ``Quirks``).
///
/// Without quirks it decodes as `JSONDecoder` does. Decoding one document with both, or with
/// each quirk, shows that the library depends on none of the conveniences decoders may refuse
/// or implement their own way.
///
/// - Primitives: integers, floating-point numbers, booleans and text, converted between
///   numeric types when the value fits exactly; `null` is a missing value.
/// - Coding paths: keys as written, and array elements named as `JSONDecoder` names them
///   (`Index 1`).
/// - Containers: ``KeyedContainer``, ``UnkeyedContainer`` and ``SingleValueContainer`` each
///   read through ``child(_:at:)`` and ``primitive(_:)``, the one place where a nested value
///   gets its decoder and the one place where a primitive is read.
struct TreeDecoder: Decoder {
  /// Ways in which decoders in use differ from `JSONDecoder`, each allowed by the protocols.
  struct Quirks: OptionSet, Sendable {
    let rawValue: Int

    /// Every `decode` of an unkeyed container consumes the element, whether or not it
    /// decodes; `JSONDecoder` stays on an element that failed.
    static let movesPastFailedElements = Quirks(rawValue: 1 << 0)
    /// A keyed container refuses `nestedContainer(keyedBy:forKey:)` and
    /// `nestedUnkeyedContainer(forKey:)`, though `decode(_:forKey:)` decodes any value (as
    /// GRDB's records do with their JSON columns).
    static let refusesNestedContainersForKeys = Quirks(rawValue: 1 << 1)
    /// Unkeyed containers do not say how many elements they hold (`count` is `nil`).
    static let hidesCount = Quirks(rawValue: 1 << 2)
    /// `superDecoder()` and `superDecoder(forKey:)` throw (TOMLKit traps there instead).
    /// Every call is written down whether or not this quirk is on.
    static let refusesSuperDecoder = Quirks(rawValue: 1 << 3)
    /// `decode(_:forKey:)` reads a value with a decoder of its own, without quirks, whose
    /// coding path starts afresh: GRDB's records decode a JSON column with a `JSONDecoder`.
    static let restartsPathsOfValuesForKeys = Quirks(rawValue: 1 << 4)
    /// An array of one element may be written as the element alone: a decoder's unkeyed
    /// container holds such an object as one element, but `nestedUnkeyedContainer(forKey:)`
    /// lists the object's member values instead, as XMLCoder does for an XML element repeated
    /// once.
    static let misreadsLoneElements = Quirks(rawValue: 1 << 5)

    /// An unkeyed container's generic `decode(_:)` refuses a `null` element whatever the type,
    /// and stays on it, though `decodeNil()` moves past it: the protocols leave `null` to the
    /// decoder.
    static let refusesNullForDecodables = Quirks(rawValue: 1 << 6)

    /// A primitive that cannot be read throws an error of the decoder's own type, not a
    /// `DecodingError` (as `JSONDecoder` on Linux does for a number that does not fit, and GRDB
    /// for a NULL string).
    static let throwsOwnErrorsForPrimitives = Quirks(rawValue: 1 << 7)

    /// Once an element of an unkeyed container failed, its generic `decode(_:)` refuses every
    /// type and stays where it is: only `superDecoder()` (or `decodeNil()` on a `null`) moves
    /// past an element then. The protocols allow it.
    static let refusesDecodablesAfterAFailure = Quirks(rawValue: 1 << 8)

    /// A single-value container's generic `decode(_:)` decodes the value with a decoder that
    /// has no `userInfo`, as TOMLKit's does: whatever is decoded through one cannot find the
    /// reporter.
    static let singleValueContainersLoseUserInfo = Quirks(rawValue: 1 << 9)

    /// A primitive under a key that cannot be read throws its `DecodingError` at its
    /// container's path, without the key: the protocols leave the error's path to the decoder.
    static let placesPrimitiveErrorsAtTheirContainer = Quirks(rawValue: 1 << 10)

    /// An element of an unkeyed container that cannot be read as a primitive throws its
    /// `DecodingError` at a path that names the element's index where the array's own key
    /// should be, as XMLCoder does for the elements of a repeated XML element.
    static let misnamesArraysInElementErrors = Quirks(rawValue: 1 << 11)

    /// The protocols' required surface and nothing more: no nested containers for a key, no
    /// `count`. Super-decoders still work, and every call to one is written down, so that a
    /// test can tell exactly when the library needed one.
    static let strict: Quirks = [refusesNestedContainersForKeys, hidesCount]
  }

  /// The value this decoder reads.
  let value: Tree
  let codingPath: [any CodingKey]
  let userInfo: [CodingUserInfoKey: Any]
  let quirks: Quirks
  /// Where every call to a super-decoder is written down, by the path it was asked at.
  let superDecoderCalls: LockedList<String>

  init(
    _ value: Tree, codingPath: [any CodingKey] = [], userInfo: [CodingUserInfoKey: Any] = [:],
    quirks: Quirks = [], superDecoderCalls: LockedList<String> = LockedList()
  ) {
    self.value = value
    self.codingPath = codingPath
    self.userInfo = userInfo
    self.quirks = quirks
    self.superDecoderCalls = superDecoderCalls
  }

  /// Decodes `type` from `document` with a reporter for this call only, as
  /// `JSONDecoder.decode(_:from:reportResilientDecodingErrors:)` does.
  ///
  /// - Returns: The decoded value, the digest of what was reported (`nil` when nothing was)
  ///   and the paths at which a super-decoder was asked for.
  static func decode<T: Decodable>(
    _ type: T.Type,
    from document: Tree,
    quirks: Quirks = []
  ) throws -> TestDecoder.Decoded<T> {
    var userInfo: [CodingUserInfoKey: Any] = [:]
    let reporter = userInfo.enableResilientDecodingErrorReporting()
    let calls = LockedList<String>()
    let decoder = TreeDecoder(
      document, userInfo: userInfo, quirks: quirks, superDecoderCalls: calls)
    let value = try T(from: decoder)
    return TestDecoder.Decoded(
      value: value, digest: reporter.flushReportedErrors(), superDecoderCalls: calls.elements)
  }

  func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object = value else { throw mismatch([String: Any].self) }
    return KeyedDecodingContainer(KeyedContainer<Key>(decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    if case .object = value, quirks.contains(.misreadsLoneElements) {
      return UnkeyedContainer(decoder: self, elements: [value])
    }
    guard case .array(let elements) = value else { throw mismatch([Any].self) }
    return UnkeyedContainer(decoder: self, elements: elements)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleValueContainer(decoder: self)
  }

  // MARK: Reading

  /// The `userInfo` key of a `LockedList<String>` that writes down the path of every read of a
  /// keyed or unkeyed container's `codingPath`: decoders build a path in time that grows with
  /// its depth, so a test can hold the library to reading few.
  static let containerPathReadsKey = CodingUserInfoKey(rawValue: "TreeDecoder.containerPathReads")!

  /// Writes down a read of a container's `codingPath`, if `userInfo` asks for it.
  func noteContainerPathRead() {
    (userInfo[Self.containerPathReadsKey] as? LockedList<String>)?.append(
      pathDescription(codingPath))
  }

  /// The decoder of a value one level down, under `key`; it reads the way this one does.
  func child(_ value: Tree, at key: any CodingKey) -> TreeDecoder {
    TreeDecoder(
      value, codingPath: codingPath + [key], userInfo: userInfo, quirks: quirks,
      superDecoderCalls: superDecoderCalls)
  }

  /// A super-decoder asked for at `path`: written down, then refused if the quirks say so.
  func superDecoder(_ decoder: @autoclosure () throws -> TreeDecoder, at path: [any CodingKey])
    throws -> TreeDecoder
  {
    superDecoderCalls.append(pathDescription(path))
    if quirks.contains(.refusesSuperDecoder) {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: path, debugDescription: "No super-decoder here."))
    }
    return try decoder()
  }

  var isNull: Bool {
    if case .null = value { return true }
    return false
  }

  /// The value as `T`; a `URL` from its string, as `JSONDecoder` reads one.
  func decodeValue<T: Decodable>(_: T.Type = T.self) throws -> T {
    guard T.self == URL.self else { return try T(from: self) }
    guard let url = URL(string: try primitive(String.self)) else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: codingPath, debugDescription: "Not a URL."))
    }
    return url as! T
  }

  /// An error of the decoder's own type, for a primitive it cannot read.
  struct PrimitiveError: Error, CustomStringConvertible {
    let description: String
  }

  /// The value as a primitive type; a number converts to any numeric type it fits exactly.
  func primitive<T>(_ type: T.Type = T.self) throws -> T {
    guard quirks.contains(.throwsOwnErrorsForPrimitives) else { return try read(type) }
    do {
      return try read(type)
    } catch {
      throw PrimitiveError(description: "\(value) is no \(T.self)")
    }
  }

  /// The value as a primitive type, or the `DecodingError` `JSONDecoder` would throw.
  private func read<T>(_ type: T.Type) throws -> T {
    switch value {
    case .null:
      throw DecodingError.valueNotFound(
        type, DecodingError.Context(codingPath: codingPath, debugDescription: "Found null."))
    case .bool(let primitive as T), .string(let primitive as T):
      return primitive
    case .int(let int):
      if let number = exactly(int, as: type) { return number }
    case .double(let double):
      if let number = exactly(double, as: type) { return number }
    default:
      break
    }
    throw mismatch(type)
  }

  /// `number` as a `T`, if `T` is a numeric type that holds it exactly.
  private func exactly<T>(_ number: some BinaryInteger & Sendable, as _: T.Type) -> T? {
    if let integer = T.self as? any FixedWidthInteger.Type {
      return integer.init(exactly: number) as? T
    }
    if let floating = T.self as? any BinaryFloatingPoint.Type {
      return floating.init(exactly: number) as? T
    }
    return nil
  }

  private func exactly<T>(_ number: Double, as _: T.Type) -> T? {
    if let integer = T.self as? any FixedWidthInteger.Type {
      return integer.init(exactly: number) as? T
    }
    if T.self == Float.self { return Float(number) as? T }
    return number as? T
  }

  /// The error for a value that is not of `type`: `null` is a missing value, as `JSONDecoder`
  /// says, anything else a mismatch.
  func mismatch(_ type: Any.Type) -> DecodingError {
    if isNull {
      return DecodingError.valueNotFound(
        type, DecodingError.Context(codingPath: codingPath, debugDescription: "Found null."))
    }
    return DecodingError.typeMismatch(
      type, DecodingError.Context(codingPath: codingPath, debugDescription: "Found \(value)."))
  }
}

// MARK: - Containers

extension TreeDecoder {
  /// The members of an object, by key.
  struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TreeDecoder

    var codingPath: [any CodingKey] {
      decoder.noteContainerPathRead()
      return decoder.codingPath
    }

    /// Each key once, as `JSONDecoder` lists them: an object that writes a key twice is read
    /// by its first value (see ``Tree/member(_:)``).
    var allKeys: [Key] {
      guard case .object(let members) = decoder.value else { return [] }
      var seen = Set<String>()
      return members.compactMap { seen.insert($0.key).inserted ? Key(stringValue: $0.key) : nil }
    }

    func contains(_ key: Key) -> Bool {
      decoder.value.member(key.stringValue) != nil
    }

    /// The decoder of the member under `key`.
    func child(_ key: Key) throws -> TreeDecoder {
      guard let value = decoder.value.member(key.stringValue) else {
        throw DecodingError.keyNotFound(
          key, DecodingError.Context(codingPath: codingPath, debugDescription: "No value."))
      }
      return decoder.child(value, at: key)
    }

    private func primitive<T>(_ key: Key) throws -> T {
      do {
        return try child(key).primitive()
      } catch DecodingError.typeMismatch(let type, let context)
        where decoder.quirks.contains(.placesPrimitiveErrorsAtTheirContainer)
      {
        throw DecodingError.typeMismatch(
          type,
          DecodingError.Context(
            codingPath: decoder.codingPath, debugDescription: context.debugDescription))
      }
    }

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
    func decode<T: Decodable>(_: T.Type, forKey key: Key) throws -> T {
      let child = try child(key)
      guard decoder.quirks.contains(.restartsPathsOfValuesForKeys) else {
        return try child.decodeValue()
      }
      return try TreeDecoder(
        child.value, userInfo: decoder.userInfo, superDecoderCalls: decoder.superDecoderCalls
      ).decodeValue()
    }

    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
      try refuseNestedContainer(forKey: key)
      return try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try refuseNestedContainer(forKey: key)
      let child = try child(key)
      if case .object(let members) = child.value,
        decoder.quirks.contains(.misreadsLoneElements)
      {
        return UnkeyedContainer(decoder: child, elements: members.map(\.value))
      }
      return try child.unkeyedContainer()
    }

    private func refuseNestedContainer(forKey key: Key) throws {
      guard decoder.quirks.contains(.refusesNestedContainersForKeys) else { return }
      throw DecodingError.typeMismatch(
        Tree.self,
        DecodingError.Context(
          codingPath: codingPath + [key], debugDescription: "No nested containers for a key."))
    }

    func superDecoder() throws -> any Decoder {
      try decoder.superDecoder(decoder, at: codingPath)
    }

    /// Like `JSONDecoder`'s, a decoder at `null` when the key is missing.
    func superDecoder(forKey key: Key) throws -> any Decoder {
      let value = decoder.value.member(key.stringValue) ?? .null
      return try decoder.superDecoder(decoder.child(value, at: key), at: codingPath + [key])
    }
  }

  /// The elements of an array. Like `JSONDecoder`'s, it stays on an element that fails,
  /// unless the quirks say every `decode` consumes its element first. `decodeNil()` leaves an
  /// element that is not `null` where it is, as the protocol requires.
  struct UnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: TreeDecoder
    let elements: [Tree]
    private(set) var currentIndex = 0
    /// Whether an element failed to decode (see ``Quirks/refusesDecodablesAfterAFailure``).
    private var hasFailed = false

    init(decoder: TreeDecoder, elements: [Tree]) {
      self.decoder = decoder
      self.elements = elements
    }

    var codingPath: [any CodingKey] {
      decoder.noteContainerPathRead()
      return decoder.codingPath
    }
    var count: Int? { decoder.quirks.contains(.hidesCount) ? nil : elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// Decodes the next element with `read`, moving past it if that succeeds, or in any case
    /// when the quirks say so.
    mutating func next<T>(_ read: (TreeDecoder) throws -> T) throws -> T {
      guard !isAtEnd else {
        throw DecodingError.valueNotFound(
          Any.self,
          DecodingError.Context(codingPath: codingPath, debugDescription: "At the end."))
      }
      let element = decoder.child(elements[currentIndex], at: IndexKey(intValue: currentIndex))
      if decoder.quirks.contains(.movesPastFailedElements) { currentIndex += 1 }
      let value: T
      do {
        value = try read(element)
      } catch {
        hasFailed = true
        throw error
      }
      if !decoder.quirks.contains(.movesPastFailedElements) { currentIndex += 1 }
      return value
    }

    private mutating func next<T>() throws -> T {
      let index = currentIndex
      do {
        return try next { try $0.primitive() }
      } catch DecodingError.typeMismatch(let type, let context)
        where decoder.quirks.contains(.misnamesArraysInElementErrors)
        && !decoder.codingPath.isEmpty
      {
        let path =
          decoder.codingPath.dropLast() + [IndexKey(intValue: index), IndexKey(intValue: index)]
        throw DecodingError.typeMismatch(
          type,
          DecodingError.Context(codingPath: Array(path), debugDescription: context.debugDescription)
        )
      }
    }

    mutating func decodeNil() throws -> Bool {
      guard !isAtEnd, case .null = elements[currentIndex] else { return false }
      currentIndex += 1
      return true
    }

    mutating func decode(_: Bool.Type) throws -> Bool { try next() }
    mutating func decode(_: String.Type) throws -> String { try next() }
    mutating func decode(_: Double.Type) throws -> Double { try next() }
    mutating func decode(_: Float.Type) throws -> Float { try next() }
    mutating func decode(_: Int.Type) throws -> Int { try next() }
    mutating func decode(_: Int8.Type) throws -> Int8 { try next() }
    mutating func decode(_: Int16.Type) throws -> Int16 { try next() }
    mutating func decode(_: Int32.Type) throws -> Int32 { try next() }
    mutating func decode(_: Int64.Type) throws -> Int64 { try next() }
    mutating func decode(_: UInt.Type) throws -> UInt { try next() }
    mutating func decode(_: UInt8.Type) throws -> UInt8 { try next() }
    mutating func decode(_: UInt16.Type) throws -> UInt16 { try next() }
    mutating func decode(_: UInt32.Type) throws -> UInt32 { try next() }
    mutating func decode(_: UInt64.Type) throws -> UInt64 { try next() }
    mutating func decode<T: Decodable>(_: T.Type) throws -> T {
      if decoder.quirks.contains(.refusesDecodablesAfterAFailure), hasFailed {
        throw DecodingError.typeMismatch(
          T.self,
          DecodingError.Context(
            codingPath: codingPath + [IndexKey(intValue: currentIndex)],
            debugDescription: "Nothing decodes after a failure."))
      }
      if decoder.quirks.contains(.refusesNullForDecodables), !isAtEnd,
        case .null = elements[currentIndex]
      {
        throw DecodingError.valueNotFound(
          T.self,
          DecodingError.Context(
            codingPath: codingPath + [IndexKey(intValue: currentIndex)],
            debugDescription: "No value may be null here."))
      }
      return try next { try $0.decodeValue() }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
      try next { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      try next { try $0.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
      let path = codingPath + [IndexKey(intValue: currentIndex)]
      let decoder = decoder
      return try next { try decoder.superDecoder($0, at: path) }
    }
  }

  /// A single value.
  struct SingleValueContainer: SingleValueDecodingContainer {
    let decoder: TreeDecoder

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
    func decode<T: Decodable>(_: T.Type) throws -> T {
      guard decoder.quirks.contains(.singleValueContainersLoseUserInfo) else {
        return try decoder.decodeValue()
      }
      return try TreeDecoder(
        decoder.value, codingPath: decoder.codingPath, quirks: decoder.quirks,
        superDecoderCalls: decoder.superDecoderCalls
      ).decodeValue()
    }
  }

  /// The coding key of an array element, named as `JSONDecoder` names it: `Index 1`.
  private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
  }
}
