import Foundation
import ResilientDecoding
import XCTest

/// `@Resilient` arrays (DocC "Choosing a Property Kind"): elements that fail are dropped one by
/// one, each reported at its own index, and the others keep their order. What the whole array holds
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

  /// What one element of a document becomes: kept, or dropped with an error of that kind.
  private enum Element {
    case kept(Int)
    case failed(ErrorKind)
  }

  func testFailingElementsAreDroppedAndEachReportedAtItsIndex() throws {
    let documents: [(json: String, elements: [Element])] = [
      (
        #"[1, "2", 3, null, 5]"#,
        [.kept(1), .failed(.typeMismatch), .kept(3), .failed(.valueNotFound), .kept(5)]
      ),
      // Every element failing leaves an empty array, not a failed property.
      (#"["a", "b"]"#, [.failed(.typeMismatch), .failed(.typeMismatch)]),
    ]
    for (json, elements) in documents {
      let (model, digest) = try decode(Model.self, json: #"{"values": \#(json)}"#)
      let kept = elements.compactMap { if case .kept(let value) = $0 { value } else { nil } }
      let failures = elements.enumerated().compactMap { index, element in
        if case .failed(let kind) = element { Report("values.Index \(index)", kind) } else { nil }
      }
      XCTAssertEqual(model.values, kept, json)
      assertReports(digest, failures)
      #if DEBUG
        assertFailedOneByOne(
          model.$values.outcome, as: ResilientDecodingOutcome.ArrayDecodingError<Int>.self)
        XCTAssertEqual(
          summaries(model.$values.results),
          elements.map { element -> ResultSummary<Int> in
            switch element {
            case .kept(let value): .success(value)
            case .failed(let kind): .failure(kind)
            }
          }, json)
        XCTAssertEqual(errorKinds(model.$values.errors), failures.map(\.kind), json)
      #endif
    }
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
