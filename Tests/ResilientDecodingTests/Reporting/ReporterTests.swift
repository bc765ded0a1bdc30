import Foundation
import ResilientDecoding
import XCTest

/// SPEC §1 (reporter rows), §3 (where errors are reported) and §5.4 (report order).
final class ReporterTests: XCTestCase {
  struct Feed: Decodable {
    @Resilient var title: String?
    @Resilient var scores: [Int]
    @Resilient var fruits: [Fruit]
    @Resilient var owner: Owner?
    @Resilient var mood: Mood
  }

  struct Owner: Decodable {
    @Resilient var name: String?
    @Resilient var age: Int?
  }

  static let messyFeed = #"""
    {
      "title": 1,
      "scores": [1, "2", 3, "4"],
      "fruits": ["apple", "kiwi", 7],
      "owner": {"name": "Ann", "age": "old"},
      "mood": "bored"
    }
    """#

  // MARK: Order and novel values

  func testErrorsComeInReportOrderEveryTime() throws {
    for _ in 0..<10 {
      let (_, digest) = try decode(Feed.self, json: Self.messyFeed)
      assertReports(
        digest,
        [
          Report("title", .typeMismatch),
          Report("scores.Index 1", .typeMismatch),
          Report("scores.Index 3", .typeMismatch),
          Report("fruits.Index 2", .typeMismatch),
          Report("owner.age", .typeMismatch),
        ])
    }
  }

  func testNovelErrorsAreHiddenUnlessIncluded() throws {
    let (_, digest) = try decode(Feed.self, json: Self.messyFeed)
    let digestWithNovel = try XCTUnwrap(digest)
    XCTAssertEqual(digestWithNovel.errors.count, 5)
    XCTAssertEqual(digestWithNovel.errors(includeUnknownNovelValueErrors: false).count, 5)
    assertReports(
      digest,
      [
        Report("title", .typeMismatch),
        Report("scores.Index 1", .typeMismatch),
        Report("scores.Index 3", .typeMismatch),
        Report("fruits.Index 1", .novel("kiwi")),
        Report("fruits.Index 2", .typeMismatch),
        Report("owner.age", .typeMismatch),
        Report("mood", .novel("bored")),
      ],
      includingNovel: true)
  }

  func testDigestWithOnlyNovelValuesExistsButHasNoErrors() throws {
    let (_, digest) = try decode(Feed.self, json: #"{"fruits": ["fig"], "mood": "sad"}"#)
    let onlyNovel = try XCTUnwrap(digest)
    XCTAssertTrue(onlyNovel.errors.isEmpty)
    XCTAssertTrue(onlyNovel.entries.isEmpty)
    assertReports(digest, [Report("fruits.Index 0", .novel("fig"))], includingNovel: true)
  }

  func testEntryPathWritesIndicesInBrackets() throws {
    let (_, digest) = try decode(Feed.self, json: Self.messyFeed)
    XCTAssertEqual(
      digest?.entries.map(\.path),
      ["title", "scores[1]", "scores[3]", "fruits[2]", "owner.age"])
    XCTAssertEqual(
      digest?.entries(includeUnknownNovelValueErrors: true).map(\.path),
      ["title", "scores[1]", "scores[3]", "fruits[1]", "fruits[2]", "owner.age", "mood"])
  }

  // MARK: Flushing

  func testFlushReturnsNilWhenNothingWasReported() throws {
    let reporter = ResilientDecodingErrorReporter()
    XCTAssertNil(reporter.flushReportedErrors())

    let decoder = JSONDecoder()
    decoder.userInfo[.resilientDecodingErrorReporter] = reporter
    _ = try decoder.decode(Feed.self, from: Data(#"{"scores": [1], "mood": "sad"}"#.utf8))
    XCTAssertNil(reporter.flushReportedErrors())
  }

  func testFlushReturnsWhatWasReportedAndStartsOver() throws {
    let decoder = JSONDecoder()
    let reporter = ResilientDecodingErrorReporter()
    decoder.userInfo[.resilientDecodingErrorReporter] = reporter

    _ = try decoder.decode(Feed.self, from: Data(#"{"title": 1, "mood": "sad"}"#.utf8))
    assertReports(reporter.flushReportedErrors(), [Report("title", .typeMismatch)])
    XCTAssertNil(reporter.flushReportedErrors())

    _ = try decoder.decode(Feed.self, from: Data(#"{"scores": [true], "mood": "sad"}"#.utf8))
    _ = try decoder.decode(Feed.self, from: Data(#"{"mood": 0}"#.utf8))
    assertReports(
      reporter.flushReportedErrors(),
      [Report("scores.Index 0", .typeMismatch), Report("mood", .typeMismatch)])
    XCTAssertNil(reporter.flushReportedErrors())
  }

  // MARK: Registering

  func testJSONDecoderEnableRegistersAReporterInUserInfo() throws {
    let decoder = JSONDecoder()
    let reporter = decoder.enableResilientDecodingErrorReporting()
    XCTAssertTrue(
      decoder.userInfo[.resilientDecodingErrorReporter] as? ResilientDecodingErrorReporter
        === reporter)
    _ = try decoder.decode(Feed.self, from: Data(#"{"owner": {"age": []}, "mood": "sad"}"#.utf8))
    assertReports(reporter.flushReportedErrors(), [Report("owner.age", .typeMismatch)])
  }

  func testEnableOnAnyUserInfoRegistersAReporterWithoutAsserting() {
    var userInfo: [CodingUserInfoKey: Any] = [:]
    let captured = capturingAssertions { userInfo.enableResilientDecodingErrorReporting() }
    XCTAssertTrue(
      userInfo[.resilientDecodingErrorReporter] as? ResilientDecodingErrorReporter
        === captured.value)
    XCTAssertNil(captured.value.flushReportedErrors())
    #if DEBUG
      XCTAssertEqual(captured.assertions, [])
    #endif
  }

  func testSecondEnableOnAnyUserInfoAssertsAndWarnsTheFirstReporter() throws {
    var userInfo: [CodingUserInfoKey: Any] = [:]
    let first = userInfo.enableResilientDecodingErrorReporting()
    let captured = capturingAssertions { userInfo.enableResilientDecodingErrorReporting() }
    try checkReplacement(of: first, by: captured, registeredIn: userInfo)
  }

  func testSecondEnableOnSendableUserInfoAssertsAndWarnsTheFirstReporter() throws {
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    let first = userInfo.enableResilientDecodingErrorReporting()
    let captured = capturingAssertions { userInfo.enableResilientDecodingErrorReporting() }
    try checkReplacement(of: first, by: captured, registeredIn: userInfo)
  }

  func testSecondEnableOnJSONDecoderAssertsAndWarnsTheFirstReporter() throws {
    let decoder = JSONDecoder()
    let first = decoder.enableResilientDecodingErrorReporting()
    let captured = capturingAssertions { decoder.enableResilientDecodingErrorReporting() }
    try checkReplacement(of: first, by: captured, registeredIn: decoder.userInfo)

    _ = try decoder.decode(Feed.self, from: Data(#"{"title": [], "mood": "sad"}"#.utf8))
    XCTAssertNil(first.flushReportedErrors())
    assertReports(captured.value.flushReportedErrors(), [Report("title", .typeMismatch)])
  }

  /// Checks what registering `captured.value` after `first` did: an assertion in DEBUG, the
  /// new reporter in `userInfo`, and one extra error in the first reporter's next digest.
  private func checkReplacement(
    of first: ResilientDecodingErrorReporter,
    by captured: Captured<ResilientDecodingErrorReporter>,
    registeredIn userInfo: [CodingUserInfoKey: Any],
    file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let second = captured.value
    XCTAssertFalse(first === second, file: file, line: line)
    XCTAssertTrue(
      userInfo[.resilientDecodingErrorReporter] as? ResilientDecodingErrorReporter === second,
      file: file, line: line)
    #if DEBUG
      assertSingleAssertion(
        captured.assertions, mentioning: ["enableResilientDecodingErrorReporting"],
        file: file, line: line)
    #endif
    let digest = try XCTUnwrap(first.flushReportedErrors(), file: file, line: line)
    XCTAssertEqual(digest.errors.count, 1, file: file, line: line)
    let message = "\(digest.errors.first.map { "\($0)" } ?? "")"
    XCTAssertTrue(message.contains("missing"), message, file: file, line: line)
    XCTAssertNil(first.flushReportedErrors(), file: file, line: line)
    XCTAssertNil(second.flushReportedErrors(), file: file, line: line)
  }

  private func checkReplacement(
    of first: ResilientDecodingErrorReporter,
    by captured: Captured<ResilientDecodingErrorReporter>,
    registeredIn userInfo: [CodingUserInfoKey: any Sendable],
    file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    try checkReplacement(
      of: first, by: captured, registeredIn: userInfo.mapValues { $0 as Any }, file: file,
      line: line)
  }
}
