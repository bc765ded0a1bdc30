import Foundation
import ResilientDecoding
import XCTest

/// A hand-written `init(from:)` takes part in reporting: `decoder.reportError(_:)` reports an
/// error it recovered from, and a thrown `UnknownNovelValueError` is a novel value (DocC,
/// "Reporting in Production").
final class CustomDecodingTests: XCTestCase {
  /// A reading that falls back to zero, reporting why, when the value is not a number.
  struct Temperature: Decodable, Equatable {
    let celsius: Double

    struct Unreadable: Error, Equatable, CustomStringConvertible {
      let text: String
      var description: String { "Unreadable temperature \(text)" }
    }

    init(celsius: Double) {
      self.celsius = celsius
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let celsius = try? container.decode(Double.self) {
        self.celsius = celsius
      } else {
        decoder.reportError(Unreadable(text: (try? container.decode(String.self)) ?? "?"))
        self.celsius = 0
      }
    }
  }

  struct Station: Decodable {
    let current: Temperature
    let history: [Temperature]
  }

  func testCustomTypeReportsAtItsOwnCodingPath() throws {
    let (station, digest) = try decode(
      Station.self, json: #"{"current": "hot", "history": [1.5, "cold", 3]}"#)
    XCTAssertEqual(station.current, Temperature(celsius: 0))
    XCTAssertEqual(station.history.map(\.celsius), [1.5, 0, 3])
    assertReports(
      digest,
      [
        Report("current", .other("Unreadable temperature hot")),
        Report("history.Index 1", .other("Unreadable temperature cold")),
      ])
    XCTAssertEqual(digest?.errors.first as? Temperature.Unreadable, .init(text: "hot"))
  }

  func testReportErrorDoesNothingWithoutAReporter() throws {
    let unrelated = ResilientDecodingErrorReporter()
    let station = try JSONDecoder().decode(
      Station.self, from: Data(#"{"current": "hot", "history": []}"#.utf8))
    XCTAssertEqual(station.current, Temperature(celsius: 0))
    XCTAssertNil(unrelated.flushReportedErrors())
  }

  /// An API version: known ones decode, newer ones throw `UnknownNovelValueError`.
  struct APIVersion: Decodable, Equatable {
    let number: Int

    init(number: Int) {
      self.number = number
    }

    init(from decoder: any Decoder) throws {
      let text = try decoder.singleValueContainer().decode(String.self)
      guard let number = ["v1": 1, "v2": 2][text] else {
        throw UnknownNovelValueError(novelValue: text)
      }
      self.number = number
    }
  }

  struct Client: Decodable {
    @Resilient var version: APIVersion?
    @Resilient var supported: [APIVersion]
  }

  func testThrownNovelValueIsHiddenFromErrorsLikeARawValue() throws {
    let (client, digest) = try decode(
      Client.self, json: #"{"version": "v9", "supported": ["v1", "v8", 2, "v2"]}"#)
    XCTAssertNil(client.version)
    XCTAssertEqual(client.supported, [APIVersion(number: 1), APIVersion(number: 2)])
    assertReportsIncludingNovel(
      digest,
      [
        Report("version", .novel("v9")),
        Report("supported.Index 1", .novel("v8")),
        Report("supported.Index 2", .typeMismatch),
      ])
    #if DEBUG
      assertOutcome(client.$version.outcome, .recovered(wasReported: true))
      assertError(client.$version.error, is: .novel("v9"))
      XCTAssertEqual(errorKinds(client.$supported.errors), [.novel("v8"), .typeMismatch])
    #endif
  }

  func testNovelValueErrorKeepsItsValue() {
    let error = UnknownNovelValueError(novelValue: 42)
    XCTAssertEqual(error.novelValue as? Int, 42)
  }
}
