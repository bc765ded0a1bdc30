import Foundation
import ResilientDecoding
import XCTest

/// Elements after one that failed are neither skipped nor reported at a shifted index, whether
/// the decoder's unkeyed container stays on a failed element (`JSONDecoder`) or moves past it
/// (``TreeDecoder`` moving past failed elements). Each test decodes one document with both and expects the same
/// values, reports and DEBUG results from each.
final class ElementsAfterAFailureTests: XCTestCase {
  struct Numbers: Decodable, Equatable {
    @Resilient var values: [Int]
  }

  struct OptionalNumbers: Decodable, Equatable {
    @Resilient var values: [Int]?
  }

  struct NumberSet: Decodable, Equatable {
    @Resilient var values: Set<Int>
  }

  struct NumberedItem: Decodable, Equatable {
    let id: Int
    let name: String
  }

  struct NumberedItems: Decodable, Equatable {
    @Resilient var items: [NumberedItem]
  }

  struct Grid: Decodable, Equatable {
    @Resilient var rows: [[Int]]
  }

  struct Fruits: Decodable, Equatable {
    @Resilient var fruits: [Fruit]
    @Resilient var frozenFruits: [FrozenFruit]
  }

  func testTheTestDecoderMovesPastAnElementThatFailedToDecode() throws {
    var container = try TreeDecoder([1, "two", 3], quirks: .movesPastFailedElements)
      .unkeyedContainer()
    XCTAssertEqual(try container.decode(Int.self), 1)
    assertError(thrownError { try container.decode(Int.self) }, is: .typeMismatch)
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
    let expectedReports = [
      Report("values.Index 1", .typeMismatch), Report("values.Index 3", .typeMismatch),
    ]

    let (optional, optionalDigest) = try decodeWithBothDecoders(OptionalNumbers.self, document)
    XCTAssertEqual(optional.values, [1, 2, 2, 3])
    assertReports(optionalDigest, expectedReports)

    let (set, setDigest) = try decodeWithBothDecoders(NumberSet.self, document)
    XCTAssertEqual(set.values, [1, 2, 3])
    assertReports(setDigest, expectedReports)
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
    let (model, digest) = try decodeWithBothDecoders(NumberedItems.self, document)

    let one = NumberedItem(id: 1, name: "one")
    let four = NumberedItem(id: 4, name: "four")
    XCTAssertEqual(model.items, [one, four])
    assertReports(
      digest,
      [Report("items.Index 1", .typeMismatch), Report("items.Index 2", .keyNotFound("id"))])
    #if DEBUG
      XCTAssertEqual(
        summaries(model.$items.results),
        [.success(one), .failure(.typeMismatch), .failure(.keyNotFound("id")), .success(four)])
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
      "fruits": ["apple", "kiwi", 7, "pear", "plum"],
      "frozenFruits": ["kiwi", "apple", 7, "pear"],
    ]
    let (model, digest) = try decodeWithBothDecoders(Fruits.self, document)

    XCTAssertEqual(model.fruits, [.apple, .pear])
    XCTAssertEqual(model.frozenFruits, [.apple, .pear])
    assertReports(
      digest,
      [
        Report("fruits.Index 1", .novel("kiwi")),
        Report("fruits.Index 2", .typeMismatch),
        Report("fruits.Index 4", .novel("plum")),
        Report("frozenFruits.Index 0", .dataCorrupted),
        Report("frozenFruits.Index 2", .typeMismatch),
      ],
      includingNovel: true)
    // The error of a frozen type's unknown raw value carries its own coding path, which the
    // library builds from the container's index after the raw value was read.
    let frozenError = digest?.entries.first { pathDescription($0.codingPath).hasPrefix("frozen") }
    XCTAssertEqual(frozenError.map { describe($0.error) }, "dataCorrupted at frozenFruits.Index 0")
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

  func testANullThatNeitherDecodesNorIsSkippedByDecodingIsSteppedOver() throws {
    // The decoder stays on a `null` that fails, refuses to decode any value from it, and has no
    // super-decoder: only `decodeNil()` moves past it.
    let quirks: TreeDecoder.Quirks = [.refusesNullForDecodables, .refusesSuperDecoder]
    var container = try TreeDecoder([nil, 1], quirks: quirks).unkeyedContainer()
    assertError(thrownError { try container.decode(Item.self) }, is: .valueNotFound)
    XCTAssertEqual(container.currentIndex, 0, "the decoder stays on the null")

    let decoded = try TreeDecoder.decode(
      Numbers.self, from: ["values": [1, nil, 2, nil]], quirks: quirks)
    XCTAssertEqual(decoded.value.values, [1, 2])
    assertReports(
      decoded.digest,
      [Report("values.Index 1", .valueNotFound), Report("values.Index 3", .valueNotFound)])
    XCTAssertEqual(decoded.superDecoderCalls, [], "decodeNil() moved past each null")
    #if DEBUG
      XCTAssertEqual(
        summaries(decoded.value.$values.results),
        [.success(1), .failure(.valueNotFound), .success(2), .failure(.valueNotFound)])
    #endif
  }

  func testAnElementThatNothingDecodesAfterAFailureIsSteppedOverWithASuperDecoder() throws {
    // After a failure the decoder's generic `decode` refuses every type and stays: only a
    // super-decoder moves past the failed element.
    let quirks: TreeDecoder.Quirks = .refusesDecodablesAfterAFailure
    var container = try TreeDecoder(["x", 1], quirks: quirks).unkeyedContainer()
    assertError(thrownError { try container.decode(Int.self) }, is: .typeMismatch)
    assertError(thrownError { try container.decode(Item.self) }, is: .typeMismatch)
    XCTAssertEqual(container.currentIndex, 0, "the decoder stays on the failed element")

    let decoded = try TreeDecoder.decode(
      Numbers.self, from: ["values": [1, "x", 2, 3]], quirks: quirks)
    XCTAssertEqual(decoded.value.values, [1, 2, 3])
    assertReports(decoded.digest, [Report("values.Index 1", .typeMismatch)])
    XCTAssertEqual(decoded.superDecoderCalls, ["values.Index 1"])
  }

  func testRawValuesAfterAFailureDecodeThroughTheConcreteOverloads() throws {
    // The same decoder: a raw value is read through `decode(String.self)`, which still works
    // after a failure, never through the generic `decode`, which refuses.
    let decoded = try TreeDecoder.decode(
      Fruits.self, from: ["fruits": ["apple", 5, "pear", "apple"], "frozenFruits": []],
      quirks: .refusesDecodablesAfterAFailure)
    XCTAssertEqual(decoded.value.fruits, [.apple, .pear, .apple])
    assertReports(decoded.digest, [Report("fruits.Index 1", .typeMismatch)])
    XCTAssertEqual(decoded.superDecoderCalls, ["fruits.Index 1"])
  }

  func testLongArraysKeepEveryElementWithADecoderThatDoesNotCountThem() throws {
    // Without `count`, the elements' storage starts small and grows as they decode.
    let values: [Tree] = (0..<100).map { $0 % 7 == 3 ? "x" : .int($0) }
    for quirks: TreeDecoder.Quirks in [.hidesCount, [.hidesCount, .movesPastFailedElements]] {
      let decoded = try TreeDecoder.decode(
        Numbers.self, from: ["values": .array(values)], quirks: quirks)
      XCTAssertEqual(decoded.value.values, (0..<100).filter { $0 % 7 != 3 }, "\(quirks)")
      assertReports(
        decoded.digest,
        (0..<100).filter { $0 % 7 == 3 }.map { Report("values.Index \($0)", .typeMismatch) })
    }
  }

  /// Decodes `document` with ``TreeDecoder`` moving past failed elements and with `JSONDecoder`, checks that both give
  /// the same value, the same digest (every entry in full, and the printed tree) and (DEBUG)
  /// the same element results, and returns the first.
  private func decodeWithBothDecoders<T: Decodable & Equatable>(
    _ type: T.Type,
    _ document: Tree,
    file: StaticString = #filePath,
    line: UInt = #line
  ) throws -> (T, ErrorDigest?) {
    let decoded = try TreeDecoder.decode(type, from: document, quirks: .movesPastFailedElements)
    let (value, digest) = (decoded.value, decoded.digest)
    let (jsonValue, jsonDigest) = try decode(type, json: document.json)
    expectEqual(value, jsonValue, "value", file: file, line: line)
    expectEqual(
      detailedReports(digest), detailedReports(jsonDigest), "reports", file: file, line: line)
    expectEqual(
      digest?.debugDescription, jsonDigest?.debugDescription, "tree", file: file, line: line)
    #if DEBUG
      expectEqual(
        elementResults(of: value), elementResults(of: jsonValue), "DEBUG results", file: file,
        line: line)
    #endif
    return (value, digest)
  }

  #if DEBUG
    /// The DEBUG element results of a top-level `Resilient` array and of every `@Resilient`
    /// array or set of the models above, read by reflection and written out.
    private func elementResults(of value: Any) -> [String] {
      ([value] + Mirror(reflecting: value).children.map(\.value)).compactMap { part in
        switch part {
        case let array as Resilient<[Int]>: "\(summaries(array.projectedValue.results))"
        case let array as Resilient<[Int]?>: "\(summaries(array.projectedValue.results))"
        case let set as Resilient<Set<Int>>: "\(summaries(set.projectedValue.results))"
        case let items as Resilient<[NumberedItem]>: "\(summaries(items.projectedValue.results))"
        case let rows as Resilient<[[Int]]>: "\(summaries(rows.projectedValue.results))"
        case let fruits as Resilient<[Fruit]>: "\(summaries(fruits.projectedValue.results))"
        case let fruits as Resilient<[FrozenFruit]>: "\(summaries(fruits.projectedValue.results))"
        default: nil
        }
      }
    }
  #endif
}
