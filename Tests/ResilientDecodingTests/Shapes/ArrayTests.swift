import Foundation
import ResilientDecoding
import XCTest

/// SPEC §2, rows `[T]` and `[T]?`: the whole value falls back to `[]` or `nil`, and bad
/// elements are dropped one by one, each reported at its own index.
final class ArrayTests: XCTestCase {
  struct Model: Decodable {
    @Resilient var values: [Int]
    @Resilient var optionalValues: [Int]?
  }

  struct Items: Decodable {
    @Resilient var items: [Item]
    @Resilient var grid: [[Int]]
  }

  // MARK: [T]

  func testValidArrayIsDecoded() throws {
    let (model, digest) = try decode(Model.self, json: #"{"values": [1, 2, 3]}"#)
    XCTAssertEqual(model.values, [1, 2, 3])
    XCTAssertNil(digest)
    #if DEBUG
      assertOutcome(model.$values.outcome, .decodedSuccessfully)
      XCTAssertNil(model.$values.error)
      XCTAssertTrue(model.$values.errors.isEmpty)
    #endif
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

  func testMissingKeyGivesEmptyArrayWithoutReporting() throws {
    let (model, digest) = try decode(Model.self, json: "{}")
    XCTAssertEqual(model.values, [])
    XCTAssertNil(digest)
    #if DEBUG
      assertOutcome(model.$values.outcome, .keyNotFound)
      XCTAssertTrue(model.$values.results.isEmpty)
    #endif
  }

  func testNullGivesEmptyArrayWithoutReporting() throws {
    let (model, digest) = try decode(Model.self, json: #"{"values": null}"#)
    XCTAssertEqual(model.values, [])
    XCTAssertNil(digest)
    #if DEBUG
      assertOutcome(model.$values.outcome, .valueWasNil)
      XCTAssertTrue(model.$values.errors.isEmpty)
    #endif
  }

  func testWrongKindGivesEmptyArrayWithOneFailureResult() throws {
    let (model, digest) = try decode(Model.self, json: #"{"values": {"a": 1}}"#)
    XCTAssertEqual(model.values, [])
    assertReports(digest, [Report("values", .typeMismatch)])
    #if DEBUG
      assertOutcome(model.$values.outcome, .recovered(wasReported: true))
      assertError(model.$values.error, is: .typeMismatch)
      XCTAssertEqual(summaries(model.$values.results), [.failure(.typeMismatch)])
      XCTAssertEqual(model.$values.errors.map(ErrorKind.init), [.typeMismatch])
    #endif
  }

  func testInvalidElementsAreDroppedAndReportedAtTheirIndex() throws {
    let (model, digest) = try decode(
      Model.self, json: #"{"values": [1, "2", 3, null, 5]}"#)
    XCTAssertEqual(model.values, [1, 3, 5])
    assertReports(
      digest, [Report("values.Index 1", .typeMismatch), Report("values.Index 3", .valueNotFound)])
    #if DEBUG
      assertOutcome(model.$values.outcome, .recovered(wasReported: false))
      XCTAssertTrue(
        model.$values.error is ResilientDecodingOutcome.ArrayDecodingError<Int>,
        "\(String(describing: model.$values.error))")
      XCTAssertEqual(
        summaries(model.$values.results),
        [.success(1), .failure(.typeMismatch), .success(3), .failure(.valueNotFound), .success(5)])
      XCTAssertEqual(model.$values.errors.map(ErrorKind.init), [.typeMismatch, .valueNotFound])
    #endif
  }

  func testArrayWhoseElementsAllFailIsEmpty() throws {
    let (model, digest) = try decode(Model.self, json: #"{"values": ["a", "b"]}"#)
    XCTAssertEqual(model.values, [])
    assertReports(
      digest, [Report("values.Index 0", .typeMismatch), Report("values.Index 1", .typeMismatch)])
    #if DEBUG
      assertOutcome(model.$values.outcome, .recovered(wasReported: false))
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

  // MARK: [T]?

  func testOptionalArrayIsNilWhenMissing() throws {
    let (model, digest) = try decode(Model.self, json: "{}")
    XCTAssertNil(model.optionalValues)
    XCTAssertNil(digest)
    #if DEBUG
      assertOutcome(model.$optionalValues.outcome, .keyNotFound)
    #endif
  }

  func testOptionalArrayIsNilWhenNull() throws {
    let (model, digest) = try decode(Model.self, json: #"{"optionalValues": null}"#)
    XCTAssertNil(model.optionalValues)
    XCTAssertNil(digest)
    #if DEBUG
      assertOutcome(model.$optionalValues.outcome, .valueWasNil)
    #endif
  }

  func testOptionalArrayOfWrongKindIsEmptyNotNil() throws {
    let (model, digest) = try decode(Model.self, json: #"{"optionalValues": "1, 2"}"#)
    XCTAssertEqual(model.optionalValues, [])
    assertReports(digest, [Report("optionalValues", .typeMismatch)])
    #if DEBUG
      assertOutcome(model.$optionalValues.outcome, .recovered(wasReported: true))
      XCTAssertEqual(summaries(model.$optionalValues.results), [.failure(.typeMismatch)])
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
      assertOutcome(model.$optionalValues.outcome, .recovered(wasReported: false))
      XCTAssertEqual(
        summaries(model.$optionalValues.results),
        [.failure(.typeMismatch), .success(2), .failure(.typeMismatch)])
    #endif
  }

  func testValidOptionalArrayIsDecoded() throws {
    let (model, digest) = try decode(Model.self, json: #"{"optionalValues": [4, 5]}"#)
    XCTAssertEqual(model.optionalValues, [4, 5])
    XCTAssertNil(digest)
    #if DEBUG
      assertOutcome(model.$optionalValues.outcome, .decodedSuccessfully)
    #endif
  }

  // MARK: Top level and sets

  func testTopLevelArrayRecoversThroughInitFromDecoder() throws {
    let (array, digest) = try decode(Resilient<[Int]>.self, json: #"[1, "a", 2]"#)
    XCTAssertEqual(array.wrappedValue, [1, 2])
    assertReports(digest, [Report("Index 1", .typeMismatch)])
    #if DEBUG
      XCTAssertEqual(
        summaries(array.projectedValue.results),
        [.success(1), .failure(.typeMismatch), .success(2)])
    #endif
  }

  struct Tags: Decodable {
    @Resilient var tags: Set<String>
    @Resilient var optionalTags: Set<String>?
  }

  func testSetDropsInvalidElementsLikeAnArray() throws {
    let (model, digest) = try decode(
      Tags.self, json: #"{"tags": ["a", 1, "b", "a"], "optionalTags": 5}"#)
    XCTAssertEqual(model.tags, ["a", "b"])
    XCTAssertEqual(model.optionalTags, [])
    assertReports(
      digest, [Report("tags.Index 1", .typeMismatch), Report("optionalTags", .typeMismatch)])
    #if DEBUG
      XCTAssertEqual(
        summaries(model.$tags.results),
        [.success("a"), .failure(.typeMismatch), .success("b"), .success("a")])
    #endif
  }

  func testOptionalSetIsNilWhenMissing() throws {
    let (model, digest) = try decode(Tags.self, json: "{}")
    XCTAssertEqual(model.tags, [])
    XCTAssertNil(model.optionalTags)
    XCTAssertNil(digest)
  }
}
