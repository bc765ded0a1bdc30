import Foundation
import ResilientDecoding
import XCTest

// `JSONDecoder` leaves an unkeyed container on an element that failed to decode; the
// `Decodable` documentation does not require it, and other decoders move past the element
// anyway. `AdvancingDecoder` below is such a decoder: every `decode` of its unkeyed container
// consumes the element, whether or not it decodes. The library must then neither skip the next
// element (by moving past the failed one a second time) nor report errors or `results` at a
// shifted index. Each test decodes the same document with `AdvancingDecoder` and with
// `JSONDecoder` and expects the same values, reports and DEBUG results from both.

final class AdvancingDecoderTests: XCTestCase {
  struct Numbers: Decodable, Equatable {
    @Resilient var values: [Int]
  }

  struct OptionalNumbers: Decodable, Equatable {
    @Resilient var values: [Int]?
  }

  struct NumberSet: Decodable, Equatable {
    @Resilient var values: Set<Int>
  }

  struct Item: Decodable, Equatable {
    let id: Int
    let name: String
  }

  struct Items: Decodable, Equatable {
    @Resilient var items: [Item]
  }

  struct Grid: Decodable, Equatable {
    @Resilient var rows: [[Int]]
  }

  enum Kind: String, ResilientRawRepresentable {
    case small, large
  }

  enum FrozenKind: String, ResilientRawRepresentable {
    case small, large
    static var isFrozen: Bool { true }
  }

  struct Kinds: Decodable, Equatable {
    @Resilient var kinds: [Kind]
    @Resilient var frozenKinds: [FrozenKind]
  }

  func testTheTestDecoderMovesPastAnElementThatFailedToDecode() throws {
    let decoder = AdvancingDecoder(value: [1, "two", 3], codingPath: [], userInfo: [:])
    var container = try decoder.unkeyedContainer()
    XCTAssertEqual(try container.decode(Int.self), 1)
    XCTAssertThrowsError(try container.decode(Int.self))
    XCTAssertEqual(container.currentIndex, 2, "the failed element was consumed")
    XCTAssertEqual(try container.decode(Int.self), 3)
    XCTAssertTrue(container.isAtEnd)
  }

  func testArrayKeepsEveryElementAfterAFailureAndReportsEachAtItsOwnIndex() throws {
    let document: Tree = ["values": [1, "two", 3, nil, 5, "six"]]
    let (model, digest) = try decodeWithBothDecoders(Numbers.self, document)

    XCTAssertEqual(model.values, [1, 3, 5])
    assertReports(
      digest,
      [
        Report("values.Index 1", .typeMismatch),
        Report("values.Index 3", .valueNotFound),
        Report("values.Index 5", .typeMismatch),
      ])
    #if DEBUG
      XCTAssertEqual(
        summaries(model.$values.results),
        [
          .success(1), .failure(.typeMismatch), .success(3), .failure(.valueNotFound),
          .success(5), .failure(.typeMismatch),
        ])
    #endif
  }

  func testFailuresAtTheStartInARowAndAtTheEndSkipNoValidElement() throws {
    let document: Tree = ["values": ["a", "b", 1, 2, "c", 3, "d", "e"]]
    let (model, digest) = try decodeWithBothDecoders(Numbers.self, document)

    XCTAssertEqual(model.values, [1, 2, 3])
    assertReports(
      digest, [0, 1, 4, 6, 7].map { Report("values.Index \($0)", .typeMismatch) })
    #if DEBUG
      XCTAssertEqual(
        summaries(model.$values.results),
        [
          .failure(.typeMismatch), .failure(.typeMismatch), .success(1), .success(2),
          .failure(.typeMismatch), .success(3), .failure(.typeMismatch), .failure(.typeMismatch),
        ])
    #endif
  }

  func testOptionalArrayAndSetSkipNoElementAfterAFailure() throws {
    let document: Tree = ["values": [1, "x", 2, "y", 2, 3]]

    let (optional, optionalDigest) = try decodeWithBothDecoders(OptionalNumbers.self, document)
    XCTAssertEqual(optional.values, [1, 2, 2, 3])
    assertReports(
      optionalDigest,
      [Report("values.Index 1", .typeMismatch), Report("values.Index 3", .typeMismatch)])

    let (set, setDigest) = try decodeWithBothDecoders(NumberSet.self, document)
    XCTAssertEqual(set.values, [1, 2, 3])
    assertReports(
      setDigest,
      [Report("values.Index 1", .typeMismatch), Report("values.Index 3", .typeMismatch)])
    #if DEBUG
      XCTAssertEqual(
        summaries(set.$values.results),
        [
          .success(1), .failure(.typeMismatch), .success(2), .failure(.typeMismatch),
          .success(2), .success(3),
        ])
    #endif
  }

  func testStructThatFailsHalfwayThroughDoesNotShiftTheElementsAfterIt() throws {
    let document: Tree = [
      "items": [
        ["id": 1, "name": "one"],
        ["id": 2, "name": 2],
        ["name": "three"],
        ["id": 4, "name": "four"],
      ]
    ]
    let (model, digest) = try decodeWithBothDecoders(Items.self, document)

    XCTAssertEqual(model.items, [Item(id: 1, name: "one"), Item(id: 4, name: "four")])
    assertReports(
      digest,
      [Report("items.Index 1", .typeMismatch), Report("items.Index 2", .keyNotFound("id"))])
    #if DEBUG
      XCTAssertEqual(
        summaries(model.$items.results),
        [
          .success(Item(id: 1, name: "one")), .failure(.typeMismatch),
          .failure(.keyNotFound("id")), .success(Item(id: 4, name: "four")),
        ])
    #endif
  }

  func testNestedArrayThatFailsInsideDoesNotShiftTheOuterElements() throws {
    let document: Tree = ["rows": [[1, 2], [3, "x", 4], [5], "row"]]
    let (model, digest) = try decodeWithBothDecoders(Grid.self, document)

    XCTAssertEqual(model.rows, [[1, 2], [5]])
    assertReports(
      digest,
      [Report("rows.Index 1", .typeMismatch), Report("rows.Index 3", .typeMismatch)])
  }

  func testRawValuesThatAreNovelOrOfTheWrongTypeAreReportedAtTheirOwnIndex() throws {
    let document: Tree = [
      "kinds": ["small", "huge", 7, "large", "tiny"],
      "frozenKinds": ["huge", "small", 7, "large"],
    ]
    let (model, digest) = try decodeWithBothDecoders(Kinds.self, document)

    XCTAssertEqual(model.kinds, [.small, .large])
    XCTAssertEqual(model.frozenKinds, [.small, .large])
    assertReports(
      digest,
      [
        Report("kinds.Index 1", .novel("huge")),
        Report("kinds.Index 2", .typeMismatch),
        Report("kinds.Index 4", .novel("tiny")),
        Report("frozenKinds.Index 0", .dataCorrupted),
        Report("frozenKinds.Index 2", .typeMismatch),
      ],
      includingNovel: true)
    // The error of a frozen type's unknown raw value carries its own coding path, which the
    // library builds from the container's index after the raw value was read.
    let frozenError = digest?.entries.first { pathDescription($0.codingPath).hasPrefix("frozen") }
    guard case .dataCorrupted(let context)? = frozenError?.error as? DecodingError else {
      return XCTFail("Expected the frozen kind's error first, got \(String(describing: digest))")
    }
    XCTAssertEqual(pathDescription(context.codingPath), "frozenKinds.Index 0")
  }

  func testTopLevelArrayReportsAtTheElementIndex() throws {
    let document: Tree = [1, "x", 2, "y"]
    let (array, digest) = try decodeWithBothDecoders(Resilient<[Int]>.self, document)

    XCTAssertEqual(array.wrappedValue, [1, 2])
    assertReports(digest, [Report("Index 1", .typeMismatch), Report("Index 3", .typeMismatch)])
    #if DEBUG
      XCTAssertEqual(
        summaries(array.projectedValue.results),
        [.success(1), .failure(.typeMismatch), .success(2), .failure(.typeMismatch)])
    #endif
  }

  /// Decodes `document` with `AdvancingDecoder` and with `JSONDecoder`, checks that both give the
  /// same value and the same digest (entries, paths and printed tree), and returns the first.
  private func decodeWithBothDecoders<T: Decodable & Equatable>(
    _ type: T.Type,
    _ document: Tree,
    file: StaticString = #filePath,
    line: UInt = #line
  ) throws -> (T, ErrorDigest?) {
    var userInfo: [CodingUserInfoKey: Any] = [:]
    let reporter = userInfo.enableResilientDecodingErrorReporting()
    let value = try T(from: AdvancingDecoder(value: document, codingPath: [], userInfo: userInfo))
    let digest = reporter.flushReportedErrors()

    let (jsonValue, jsonDigest) = try JSONDecoder().decode(
      T.self, from: Data(document.json.utf8), reportResilientDecodingErrors: true)
    XCTAssertEqual(value, jsonValue, "value", file: file, line: line)
    XCTAssertEqual(
      digest?.entries(includeUnknownNovelValueErrors: true).map { pathDescription($0.codingPath) },
      jsonDigest?.entries(includeUnknownNovelValueErrors: true).map {
        pathDescription($0.codingPath)
      },
      "paths", file: file, line: line)
    XCTAssertEqual(
      digest?.debugDescription, jsonDigest?.debugDescription, "tree", file: file, line: line)
    #if DEBUG
      XCTAssertEqual(
        debugResults(of: value), debugResults(of: jsonValue), "DEBUG results", file: file,
        line: line)
    #endif
    return (value, digest)
  }

  #if DEBUG
    /// The DEBUG results of every `@Resilient` array property of the models above, written out.
    private func debugResults(of value: Any) -> [String] {
      Mirror(reflecting: value).children.compactMap { child in
        switch child.value {
        case let array as Resilient<[Int]>: "\(summaries(array.projectedValue.results))"
        case let array as Resilient<[Int]?>: "\(summaries(array.projectedValue.results))"
        case let set as Resilient<Set<Int>>: "\(summaries(set.projectedValue.results))"
        case let items as Resilient<[Item]>: "\(summaries(items.projectedValue.results))"
        case let kinds as Resilient<[Kind]>: "\(summaries(kinds.projectedValue.results))"
        default: nil
        }
      }
    }
  #endif
}

// MARK: - A decoder whose unkeyed container moves past elements that fail

/// A value of the small in-memory format that `AdvancingDecoder` reads.
indirect enum Tree: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
  case null
  case int(Int)
  case string(String)
  case array([Tree])
  case object([(key: String, value: Tree)])

  init(integerLiteral value: Int) { self = .int(value) }
  init(stringLiteral value: String) { self = .string(value) }
  init(arrayLiteral elements: Tree...) { self = .array(elements) }
  init(dictionaryLiteral elements: (String, Tree)...) {
    self = .object(elements.map { (key: $0.0, value: $0.1) })
  }
  init(nilLiteral: ()) { self = .null }

  /// The same value written as JSON, for `JSONDecoder`.
  var json: String {
    switch self {
    case .null: "null"
    case .int(let int): "\(int)"
    case .string(let string): "\"\(string)\""
    case .array(let elements): "[" + elements.map(\.json).joined(separator: ",") + "]"
    case .object(let members):
      "{" + members.map { "\"\($0.key)\":\($0.value.json)" }.joined(separator: ",") + "}"
    }
  }

  /// The member under `key` of an object.
  func member(_ key: String) -> Tree? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }
}

/// A coding key for an element of an array, named as `JSONDecoder` names it.
private struct IndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }

  init(intValue: Int) { self.intValue = intValue }
  init?(stringValue: String) { nil }
}

/// A decoder over `Tree` values. Numbers are `Int`s, text is `String`s; asking for any other
/// primitive type is a type mismatch.
struct AdvancingDecoder: Decoder {
  let value: Tree
  let codingPath: [any CodingKey]
  let userInfo: [CodingUserInfoKey: Any]

  func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object = value else { throw mismatch([String: Any].self) }
    return KeyedDecodingContainer(Keyed<Key>(decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else { throw mismatch([Any].self) }
    return Unkeyed(decoder: self, elements: elements)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    Single(decoder: self)
  }

  /// A decoder for a value one level down.
  func child(_ value: Tree, at key: any CodingKey) -> AdvancingDecoder {
    AdvancingDecoder(value: value, codingPath: codingPath + [key], userInfo: userInfo)
  }

  var isNull: Bool {
    if case .null = value { return true }
    return false
  }

  /// The value as a primitive type.
  func primitive<T>(_ type: T.Type) throws -> T {
    switch value {
    case .null:
      throw DecodingError.valueNotFound(
        type, DecodingError.Context(codingPath: codingPath, debugDescription: "Found null."))
    case .int(let int as T), .string(let int as T):
      return int
    default:
      throw mismatch(type)
    }
  }

  func mismatch(_ type: Any.Type) -> DecodingError {
    DecodingError.typeMismatch(
      type, DecodingError.Context(codingPath: codingPath, debugDescription: "Found \(value)."))
  }
}

extension AdvancingDecoder {
  fileprivate struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: AdvancingDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
      guard case .object(let members) = decoder.value else { return [] }
      return members.compactMap { Key(stringValue: $0.key) }
    }

    func contains(_ key: Key) -> Bool {
      decoder.value.member(key.stringValue) != nil
    }

    func child(_ key: Key) throws -> AdvancingDecoder {
      guard let value = decoder.value.member(key.stringValue) else {
        throw DecodingError.keyNotFound(
          key, DecodingError.Context(codingPath: codingPath, debugDescription: "No value."))
      }
      return decoder.child(value, at: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).isNull }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
      try child(key).primitive(type)
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
      try child(key).primitive(type)
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
      try child(key).primitive(type)
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
      try child(key).primitive(type)
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).primitive(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
      try child(key).primitive(type)
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
      try child(key).primitive(type)
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
      try child(key).primitive(type)
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
      try child(key).primitive(type)
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
      try child(key).primitive(type)
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
      try child(key).primitive(type)
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
      try child(key).primitive(type)
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
      try child(key).primitive(type)
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
      try child(key).primitive(type)
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      try T(from: child(key))
    }

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

  /// The unkeyed container under test: every `decode` consumes the element before decoding it,
  /// so an element that fails is moved past all the same.
  fileprivate struct Unkeyed: UnkeyedDecodingContainer {
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

    /// Consumes the element only if it is `null`, as the protocol requires.
    mutating func decodeNil() throws -> Bool {
      guard !isAtEnd, case .null = elements[currentIndex] else { return false }
      currentIndex += 1
      return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().primitive(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next().primitive(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().primitive(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().primitive(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().primitive(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().primitive(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().primitive(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().primitive(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().primitive(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().primitive(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().primitive(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().primitive(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().primitive(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().primitive(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: next()) }

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

  fileprivate struct Single: SingleValueDecodingContainer {
    let decoder: AdvancingDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.primitive(type) }
    func decode(_ type: String.Type) throws -> String { try decoder.primitive(type) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.primitive(type) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.primitive(type) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.primitive(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.primitive(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.primitive(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.primitive(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.primitive(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.primitive(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.primitive(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.primitive(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.primitive(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.primitive(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: decoder) }
  }
}
