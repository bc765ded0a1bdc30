import Foundation
import ResilientDecoding
import XCTest

/// `Resilient` is `Equatable` and `Hashable` when its value is, and looks at the wrapped value
/// only, whatever happened while decoding (README, FAQ: "Is `Resilient` `Equatable` and
/// `Hashable`?").
final class EquatableHashableTests: XCTestCase {
  struct Holder: Decodable, Hashable {
    @Resilient var value: Int?
    @Resilient var tags: [String]

    /// The wrappers themselves, which synthesised `==` and `hash(into:)` compare.
    var wrappers: (value: Resilient<Int?>, tags: Resilient<[String]>) { (_value, _tags) }
  }

  func testWrappersWithEqualValuesAreEqualWhateverTheirOutcome() throws {
    let recovered = try decode(Holder.self, json: #"{"value": "x", "tags": ["a", 1]}"#).value
    let missing = try decode(Holder.self, json: #"{"tags": ["a"]}"#).value
    let built = Holder(value: nil, tags: ["a"])
    #if DEBUG
      assertOutcome(recovered.$value.outcome, .recovered(wasReported: true))
      assertOutcome(missing.$value.outcome, .keyNotFound)
      assertOutcome(built.$value.outcome, .decodedSuccessfully)
    #endif
    XCTAssertEqual(recovered, missing)
    XCTAssertEqual(missing, built)
    XCTAssertEqual(recovered.hashValue, built.hashValue)
    XCTAssertEqual(Set([recovered, missing, built]).count, 1)
  }

  func testWrappersWithDifferentValuesDiffer() throws {
    let first = try decode(Holder.self, json: #"{"value": 1}"#).value
    let second = try decode(Holder.self, json: #"{"value": 2}"#).value
    XCTAssertNotEqual(first, second)
    XCTAssertNotEqual(first.wrappers.value, second.wrappers.value)
    XCTAssertEqual(Set([first, second]).count, 2)
  }

  func testHashIsTheHashOfTheWrappedValue() throws {
    let decoded = try decode(Holder.self, json: #"{"value": 5, "tags": "x"}"#).value
    XCTAssertEqual(decoded.wrappers.value.hashValue, Optional(5).hashValue)
    XCTAssertEqual(decoded.wrappers.tags.hashValue, [String]().hashValue)
    XCTAssertEqual(Resilient("text").hashValue, "text".hashValue)
    XCTAssertEqual(Resilient("text"), Resilient(wrappedValue: "text"))
    XCTAssertNotEqual(Resilient("text"), Resilient("other"))
  }
}
