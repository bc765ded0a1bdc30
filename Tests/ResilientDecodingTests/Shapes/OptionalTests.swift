import Foundation
import ResilientDecoding
import XCTest

/// SPEC §2, row `T?`: missing and `null` give `nil` silently; a value of the wrong kind gives
/// `nil` and is reported at the property.
final class OptionalTests: XCTestCase {
  struct Model: Decodable {
    @Resilient var value: Int?
    @Resilient var item: Item?
  }

  func testValidValuesAreDecoded() throws {
    let (model, digest) = try decode(
      Model.self, json: #"{"value": 3, "item": {"name": "a"}}"#)
    XCTAssertEqual(model.value, 3)
    XCTAssertEqual(model.item, Item(name: "a"))
    XCTAssertNil(digest)
    #if DEBUG
      assertOutcome(model.$value.outcome, .decodedSuccessfully)
      XCTAssertNil(model.$value.error)
      assertOutcome(model.$item.outcome, .decodedSuccessfully)
    #endif
  }

  func testMissingKeyGivesNilWithoutReporting() throws {
    let (model, digest) = try decode(Model.self, json: "{}")
    XCTAssertNil(model.value)
    XCTAssertNil(model.item)
    XCTAssertNil(digest)
    #if DEBUG
      assertOutcome(model.$value.outcome, .keyNotFound)
      XCTAssertNil(model.$value.error)
    #endif
  }

  func testNullGivesNilWithoutReporting() throws {
    let (model, digest) = try decode(Model.self, json: #"{"value": null, "item": null}"#)
    XCTAssertNil(model.value)
    XCTAssertNil(model.item)
    XCTAssertNil(digest)
    #if DEBUG
      assertOutcome(model.$value.outcome, .valueWasNil)
      XCTAssertNil(model.$value.error)
      assertOutcome(model.$item.outcome, .valueWasNil)
    #endif
  }

  func testWrongKindGivesNilAndIsReportedAtTheProperty() throws {
    let (model, digest) = try decode(Model.self, json: #"{"value": "three"}"#)
    XCTAssertNil(model.value)
    assertReports(digest, [Report("value", .typeMismatch)])
    #if DEBUG
      assertOutcome(model.$value.outcome, .recovered(wasReported: true))
      assertError(model.$value.error, is: .typeMismatch)
    #endif
  }

  func testInvalidObjectGivesNilAndItsErrorIsReportedAtTheProperty() throws {
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

  func testEveryFailingPropertyIsReportedOnce() throws {
    let (model, digest) = try decode(Model.self, json: #"{"value": [], "item": 2}"#)
    XCTAssertNil(model.value)
    XCTAssertNil(model.item)
    assertReports(digest, [Report("value", .typeMismatch), Report("item", .typeMismatch)])
  }

  func testTopLevelOptionalRecoversThroughInitFromDecoder() throws {
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
