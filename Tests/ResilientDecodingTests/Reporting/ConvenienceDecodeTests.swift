import Foundation
import ResilientDecoding
import XCTest

/// SPEC §1 (`decode(_:from:reportResilientDecodingErrors:)`) and §5.1: a reporter for one call
/// only, and `userInfo` left exactly as it was found.
final class ConvenienceDecodeTests: XCTestCase {
  struct Model: Decodable {
    let id: Int
    @Resilient var values: [Int]
    @Resilient var name: String?
  }

  private let messy = Data(#"{"id": 1, "values": [1, "x"], "name": 2}"#.utf8)
  private let messyReports = [
    Report("values.Index 1", .typeMismatch), Report("name", .typeMismatch),
  ]
  private let clean = Data(#"{"id": 2, "values": [3], "name": "n"}"#.utf8)
  private let broken = Data(#"{"values": [1, "x"]}"#.utf8)

  private static let tenant = CodingUserInfoKey(rawValue: "tenant")!

  func testWithoutReportingDecodesAndReturnsNoDigest() throws {
    let decoder = JSONDecoder()
    let (model, digest) = try decoder.decode(
      Model.self, from: messy, reportResilientDecodingErrors: false)
    XCTAssertEqual(model.values, [1])
    XCTAssertNil(model.name)
    XCTAssertNil(digest)
    XCTAssertTrue(decoder.userInfo.isEmpty)
  }

  func testCleanDecodeReturnsNoDigest() throws {
    let (model, digest) = try JSONDecoder().decode(
      Model.self, from: clean, reportResilientDecodingErrors: true)
    XCTAssertEqual(model.id, 2)
    XCTAssertNil(digest)
  }

  func testRepeatedCallsOnOneDecoderEachReportTheirOwnErrors() throws {
    let decoder = JSONDecoder()
    let captured = try capturingAssertions {
      var digests: [ErrorDigest?] = []
      for data in [messy, clean, messy, Data(#"{"id": 3, "name": []}"#.utf8)] {
        let (_, digest) = try decoder.decode(
          Model.self, from: data, reportResilientDecodingErrors: true)
        digests.append(digest)
      }
      return digests
    }
    XCTAssertEqual(captured.value.count, 4)
    assertReports(captured.value[0], messyReports)
    XCTAssertNil(captured.value[1])
    assertReports(captured.value[2], messyReports)
    assertReports(captured.value[3], [Report("name", .typeMismatch)])
    XCTAssertTrue(decoder.userInfo.isEmpty)
    #if DEBUG
      XCTAssertEqual(captured.assertions, [])
    #endif
  }

  func testDecodeAfterAThrowingDecodeWorks() throws {
    let decoder = JSONDecoder()
    let captured = capturingAssertions {
      let error = thrownError {
        try decoder.decode(Model.self, from: broken, reportResilientDecodingErrors: true)
      }
      let userInfoAfterThrow = decoder.userInfo
      let retry = Result {
        try decoder.decode(Model.self, from: messy, reportResilientDecodingErrors: true)
      }
      return (error, userInfoAfterThrow, retry)
    }
    let (error, userInfoAfterThrow, retry) = captured.value
    assertError(error, is: .keyNotFound("id"))
    XCTAssertTrue(userInfoAfterThrow.isEmpty)
    let (model, digest) = try retry.get()
    XCTAssertEqual(model.id, 1)
    assertReports(digest, messyReports)
    #if DEBUG
      XCTAssertEqual(captured.assertions, [])
    #endif
  }

  func testUserInfoIsLeftExactlyAsFound() throws {
    let decoder = JSONDecoder()
    decoder.userInfo[Self.tenant] = "acme"
    _ = try decoder.decode(Model.self, from: messy, reportResilientDecodingErrors: true)
    _ = thrownError {
      try decoder.decode(Model.self, from: broken, reportResilientDecodingErrors: true)
    }
    XCTAssertEqual(decoder.userInfo.count, 1)
    XCTAssertEqual(decoder.userInfo[Self.tenant] as? String, "acme")
  }

  func testPreviousReporterIsRestoredAndGetsNothingFromTheCall() throws {
    let decoder = JSONDecoder()
    let previous = decoder.enableResilientDecodingErrorReporting()
    let captured = try capturingAssertions {
      try decoder.decode(Model.self, from: messy, reportResilientDecodingErrors: true)
    }
    assertReports(captured.value.1, messyReports)
    XCTAssertTrue(
      decoder.userInfo[.resilientDecodingErrorReporter] as? ResilientDecodingErrorReporter
        === previous)
    XCTAssertNil(previous.flushReportedErrors())
    #if DEBUG
      XCTAssertEqual(captured.assertions, [])
    #endif

    _ = try decoder.decode(Model.self, from: messy)
    assertReports(previous.flushReportedErrors(), messyReports)
  }

  func testPreviousReporterIsRestoredWhenTheCallThrows() throws {
    let decoder = JSONDecoder()
    let previous = ResilientDecodingErrorReporter()
    decoder.userInfo[.resilientDecodingErrorReporter] = previous
    let error = thrownError {
      try decoder.decode(Model.self, from: broken, reportResilientDecodingErrors: true)
    }
    assertError(error, is: .keyNotFound("id"))
    XCTAssertEqual(decoder.userInfo.count, 1)
    XCTAssertTrue(
      decoder.userInfo[.resilientDecodingErrorReporter] as? ResilientDecodingErrorReporter
        === previous)
    XCTAssertNil(previous.flushReportedErrors())
  }

  func testTopLevelResilientValueIsReportedAtItsElements() throws {
    let (values, digest) = try JSONDecoder().decode(
      Resilient<[Int]>.self, from: Data(#"[1, "a", 2, "b"]"#.utf8),
      reportResilientDecodingErrors: true)
    XCTAssertEqual(values.wrappedValue, [1, 2])
    assertReports(digest, [Report("Index 1", .typeMismatch), Report("Index 3", .typeMismatch)])
  }
}
