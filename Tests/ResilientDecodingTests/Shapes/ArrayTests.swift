import Foundation
import ResilientDecoding
import XCTest

/// `@Resilient` arrays (README "Arrays and sets"): elements that fail are dropped one by one,
/// each reported at its own index, and the others keep their order. What the whole array holds
/// when missing, `null` or not an array is in `MissingNullWrongKindTests`.
final class ArrayTests: XCTestCase {
  struct Model: Decodable {
    @Resilient var values: [Int]
    @Resilient var optionalValues: [Int]?
  }

  struct Items: Decodable {
    @Resilient var items: [Item]
    @Resilient var grid: [[Int]]
  }

  func testEmptyArrayIsDecodedSuccessfully() throws {
    let (model, digest) = try decode(Model.self, json: #"{"values": []}"#)
    XCTAssertEqual(model.values, [])
    XCTAssertNil(digest)
    #if DEBUG
      assertOutcome(model.$values.outcome, .decodedSuccessfully)
      XCTAssertTrue(model.$values.results.isEmpty)
    #endif
  }

  func testInvalidElementsAreDroppedAndReportedAtTheirIndex() throws {
    let (model, digest) = try decode(
      Model.self, json: #"{"values": [1, "2", 3, null, 5]}"#)
    XCTAssertEqual(model.values, [1, 3, 5])
    assertReports(
      digest, [Report("values.Index 1", .typeMismatch), Report("values.Index 3", .valueNotFound)])
    #if DEBUG
      assertFailedOneByOne(
        model.$values.outcome, as: ResilientDecodingOutcome.ArrayDecodingError<Int>.self)
      XCTAssertEqual(
        summaries(model.$values.results),
        [.success(1), .failure(.typeMismatch), .success(3), .failure(.valueNotFound), .success(5)])
      XCTAssertEqual(errorKinds(model.$values.errors), [.typeMismatch, .valueNotFound])
    #endif
  }

  func testArrayWhoseElementsAllFailIsEmpty() throws {
    let (model, digest) = try decode(Model.self, json: #"{"values": ["a", "b"]}"#)
    XCTAssertEqual(model.values, [])
    assertReports(
      digest, [Report("values.Index 0", .typeMismatch), Report("values.Index 1", .typeMismatch)])
    #if DEBUG
      assertFailedOneByOne(
        model.$values.outcome, as: ResilientDecodingOutcome.ArrayDecodingError<Int>.self)
      XCTAssertEqual(
        summaries(model.$values.results), [.failure(.typeMismatch), .failure(.typeMismatch)])
    #endif
  }

  func testInvalidNestedElementsAreSkippedWithoutLosingThePlace() throws {
    let (model, digest) = try decode(
      Items.self,
      json: #"""
        {
          "items": [{"name": "a"}, {"nom": "b", "more": [1, {"x": 2}]}, {"name": "c"}],
          "grid": [[1], ["x", 2], {"y": 3}, [4]]
        }
        """#)
    XCTAssertEqual(model.items.map(\.name), ["a", "c"])
    XCTAssertEqual(model.grid, [[1], [4]])
    assertReports(
      digest,
      [
        Report("items.Index 1", .keyNotFound("name")),
        Report("grid.Index 1", .typeMismatch),
        Report("grid.Index 2", .typeMismatch),
      ])
    #if DEBUG
      XCTAssertEqual(
        summaries(model.$grid.results),
        [.success([1]), .failure(.typeMismatch), .failure(.typeMismatch), .success([4])])
    #endif
  }

  func testOptionalArrayDropsInvalidElementsLikeAnArray() throws {
    let (model, digest) = try decode(
      Model.self, json: #"{"values": [], "optionalValues": [true, 2, "3"]}"#)
    XCTAssertEqual(model.optionalValues, [2])
    assertReports(
      digest,
      [
        Report("optionalValues.Index 0", .typeMismatch),
        Report("optionalValues.Index 2", .typeMismatch),
      ])
    #if DEBUG
      assertFailedOneByOne(
        model.$optionalValues.outcome, as: ResilientDecodingOutcome.ArrayDecodingError<Int>.self)
      XCTAssertEqual(
        summaries(model.$optionalValues.results),
        [.failure(.typeMismatch), .success(2), .failure(.typeMismatch)])
    #endif
  }

  func testTopLevelArrayDropsInvalidElements() throws {
    let (array, digest) = try decode(Resilient<[Int]>.self, json: #"[1, "a", 2]"#)
    XCTAssertEqual(array.wrappedValue, [1, 2])
    assertReports(digest, [Report("Index 1", .typeMismatch)])
    #if DEBUG
      XCTAssertEqual(
        summaries(array.projectedValue.results),
        [.success(1), .failure(.typeMismatch), .success(2)])
    #endif
  }
}
