import Foundation
import ResilientDecoding
import XCTest

/// Values wrapped in code, by `init(wrappedValue:)`, `init(_:)` or a memberwise initialiser,
/// are recorded as decoded successfully.
final class InitializerTests: XCTestCase {
  struct Model: Decodable {
    @Resilient var values: [Int]
    @Resilient var name: String?
  }

  func testMemberwiseInitializerWrapsValues() {
    let model = Model(values: [1, 2], name: "n")
    XCTAssertEqual(model.values, [1, 2])
    XCTAssertEqual(model.name, "n")
    #if DEBUG
      assertOutcome(model.$values.outcome, .decodedSuccessfully)
      assertOutcome(model.$name.outcome, .decodedSuccessfully)
      XCTAssertNil(model.$name.error)
      XCTAssertEqual(summaries(model.$values.results), [.success(1), .success(2)])
    #endif
  }

  func testInitializersRecordASuccessfulOutcome() {
    let unlabelled = Resilient<Int?>(nil)
    let labelled = Resilient(wrappedValue: Mood.sad)
    XCTAssertNil(unlabelled.wrappedValue)
    XCTAssertEqual(labelled.wrappedValue, .sad)
    #if DEBUG
      assertOutcome(unlabelled.projectedValue.outcome, .decodedSuccessfully)
      assertOutcome(labelled.projectedValue.outcome, .decodedSuccessfully)
      XCTAssertNil(labelled.projectedValue.error)
    #endif
  }

  private enum Weekday: String, CodingKeyRepresentable, Decodable, Hashable {
    case monday = "mon"
    case tuesday = "tue"
  }

  func testResultsOfADictionaryMadeInCodeAreKeyedAsTheDataWouldWriteTheKeys() {
    let byDay = Resilient<[Weekday: Int]>(wrappedValue: [.monday: 1, .tuesday: 2])
    let byNumber = Resilient<[Int: String]?>([7: "seven"])
    XCTAssertEqual(byDay.wrappedValue, [.monday: 1, .tuesday: 2])
    #if DEBUG
      XCTAssertEqual(
        summaries(byDay.projectedValue.results), ["mon": .success(1), "tue": .success(2)])
      XCTAssertEqual(summaries(byNumber.projectedValue.results), ["7": .success("seven")])
    #endif
  }
}
