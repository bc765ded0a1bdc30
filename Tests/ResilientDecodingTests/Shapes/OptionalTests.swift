import Foundation
import ResilientDecoding
import XCTest

/// `@Resilient` optionals (DocC "Choosing a Property Kind") besides the missing / `null` /
/// wrong-kind table in `MissingNullWrongKindTests`: an object that fails inside, several failing
/// properties, and a top-level optional.
final class OptionalTests: XCTestCase {
  struct Model: Decodable {
    @Resilient var value: Int?
    @Resilient var item: Item?
  }

  func testObjectThatFailsInsideGivesNilAndItsErrorIsReportedAtTheProperty() throws {
    let (model, digest) = try decode(Model.self, json: #"{"value": 1, "item": {"nom": "a"}}"#)
    XCTAssertEqual(model.value, 1)
    XCTAssertNil(model.item)
    assertReports(digest, [Report("item", .keyNotFound("name"))])
    #if DEBUG
      assertOutcome(model.$value.outcome, .decodedSuccessfully)
      assertOutcome(model.$item.outcome, .recovered(wasReported: true))
      assertError(model.$item.error, is: .keyNotFound("name"))
    #endif
  }

  func testEveryFailingPropertyIsReportedOnceInDeclarationOrder() throws {
    let (model, digest) = try decode(Model.self, json: #"{"value": [], "item": 2}"#)
    XCTAssertNil(model.value)
    XCTAssertNil(model.item)
    assertReports(digest, [Report("value", .typeMismatch), Report("item", .typeMismatch)])
  }

  func testTopLevelOptionalIsNilForNullAndForAValueThatDoesNotDecode() throws {
    let (valid, validDigest) = try decode(Resilient<Int?>.self, json: "7")
    XCTAssertEqual(valid.wrappedValue, 7)
    XCTAssertNil(validDigest)

    let (null, nullDigest) = try decode(Resilient<Int?>.self, json: "null")
    XCTAssertNil(null.wrappedValue)
    XCTAssertNil(nullDigest)

    let (invalid, invalidDigest) = try decode(Resilient<Int?>.self, json: #""seven""#)
    XCTAssertNil(invalid.wrappedValue)
    assertReports(invalidDigest, [Report("", .typeMismatch)])
    #if DEBUG
      assertOutcome(valid.projectedValue.outcome, .decodedSuccessfully)
      assertOutcome(null.projectedValue.outcome, .valueWasNil)
      assertOutcome(invalid.projectedValue.outcome, .recovered(wasReported: true))
    #endif
  }
}
