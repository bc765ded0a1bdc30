import Foundation
import ResilientDecoding
import XCTest

/// Resilience does not depend on JSON: a `PropertyListDecoder` with a reporter in its
/// `userInfo` behaves the same.
final class PropertyListDecoderTests: XCTestCase {
  struct Settings: Decodable {
    @Resilient var values: [Int]
    @Resilient var count: Int?
    @Resilient var fruit: Fruit?
    @Resilient var mood: Mood
    @Resilient var scores: [String: Int]
    @Resilient var missing: [Int]?
  }

  /// A property list with something wrong in every property.
  private func messyPropertyList() throws -> Data {
    let plist: [String: Any] = [
      "values": [1, "two", 3],
      "count": "many",
      "fruit": "kiwi",
      "mood": 7,
      "scores": ["a": 1, "b": "x"],
    ]
    return try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
  }

  private let expectedReports = [
    Report("values.Index 1", .typeMismatch),
    Report("count", .typeMismatch),
    Report("mood", .typeMismatch),
    Report("scores.b", .typeMismatch),
  ]

  private func checkValues(
    _ settings: Settings,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertEqual(settings.values, [1, 3], file: file, line: line)
    XCTAssertNil(settings.count, file: file, line: line)
    XCTAssertNil(settings.fruit, file: file, line: line)
    XCTAssertEqual(settings.mood, .unknown, file: file, line: line)
    XCTAssertEqual(settings.scores, ["a": 1], file: file, line: line)
    XCTAssertNil(settings.missing, file: file, line: line)
  }

  func testReporterSetThroughUserInfoCollectsErrors() throws {
    let decoder = PropertyListDecoder()
    let reporter = ResilientDecodingErrorReporter()
    decoder.userInfo[.resilientDecodingErrorReporter] = reporter
    let settings = try decoder.decode(Settings.self, from: messyPropertyList())
    checkValues(settings)
    let digest = reporter.flushReportedErrors()
    assertReports(digest, expectedReports)
    assertReports(
      digest,
      [
        Report("values.Index 1", .typeMismatch),
        Report("count", .typeMismatch),
        Report("fruit", .novel("kiwi")),
        Report("mood", .typeMismatch),
        Report("scores.b", .typeMismatch),
      ],
      includingNovel: true)
    XCTAssertNil(reporter.flushReportedErrors())
    #if DEBUG
      assertOutcome(settings.$missing.outcome, .keyNotFound)
      XCTAssertEqual(
        summaries(settings.$values.results), [.success(1), .failure(.typeMismatch), .success(3)])
    #endif
  }

  func testEnableRegistersAReporter() throws {
    let decoder = PropertyListDecoder()
    let reporter = decoder.enableResilientDecodingErrorReporting()
    XCTAssertTrue(
      decoder.userInfo[.resilientDecodingErrorReporter] as? ResilientDecodingErrorReporter
        === reporter)
    checkValues(try decoder.decode(Settings.self, from: messyPropertyList()))
    assertReports(reporter.flushReportedErrors(), expectedReports)
  }

  func testConvenienceDecodeReportsAndRestoresUserInfo() throws {
    let decoder = PropertyListDecoder()
    let (settings, digest) = try decoder.decode(
      Settings.self, from: messyPropertyList(), reportResilientDecodingErrors: true)
    checkValues(settings)
    assertReports(digest, expectedReports)
    XCTAssertNil(decoder.userInfo[.resilientDecodingErrorReporter])

    let (_, secondDigest) = try decoder.decode(
      Settings.self, from: messyPropertyList(), reportResilientDecodingErrors: true)
    assertReports(secondDigest, expectedReports)

    let (_, unreported) = try decoder.decode(
      Settings.self, from: messyPropertyList(), reportResilientDecodingErrors: false)
    XCTAssertNil(unreported)
  }
}
