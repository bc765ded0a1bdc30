import Foundation
import ResilientDecoding
import XCTest

/// `PropertyListDecoder.decode(_:from:reportResilientDecodingErrors:)` keeps the contract of
/// the JSON one: a digest of this call only, and `userInfo` left exactly as it was found.
final class PropertyListConvenienceTests: XCTestCase {
  struct Inventory: Decodable {
    @Resilient var numbers: [Int]
    @Resilient var tags: Set<String>
    @Resilient var byID: [Int: String]
    @Resilient var note: String?
  }

  struct Strict: Decodable {
    let required: Int
    @Resilient var numbers: [Int]
  }

  /// A key that has nothing to do with the library, to check `userInfo` is left alone.
  private let markerKey = CodingUserInfoKey(rawValue: "beyond.marker")!

  /// A document with one error in each property.
  private let dirtyDocument: [String: Any] = [
    "numbers": [1, "two", 3], "tags": ["a", 3, "a"], "byID": ["1": "a", "x": "b"], "note": 5,
  ]

  private func plist(
    _ document: [String: Any], format: PropertyListSerialization.PropertyListFormat = .binary
  ) throws -> Data {
    try PropertyListSerialization.data(fromPropertyList: document, format: format, options: 0)
  }

  func testReportingReturnsTheDigestOfThisDecodeInBothFormats() throws {
    for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
      let (value, digest) = try PropertyListDecoder().decode(
        Inventory.self, from: plist(dirtyDocument, format: format),
        reportResilientDecodingErrors: true)
      XCTAssertEqual(value.numbers, [1, 3])
      XCTAssertEqual(value.tags, ["a"])
      XCTAssertEqual(value.byID, [1: "a"])
      XCTAssertNil(value.note)
      beyondAssertEntries(
        digest,
        [
          "numbers[1] typeMismatch", "tags[1] typeMismatch", "byID.x dataCorrupted",
          "note typeMismatch",
        ],
        "\(format)")
      #if DEBUG
        XCTAssertEqual(value.$numbers.errors.count, 1)
        XCTAssertEqual(value.$byID.errors.count, 1)
      #endif
    }
  }

  func testSameDocumentGivesTheSamePathsAsJSON() throws {
    let json = try JSONSerialization.data(withJSONObject: dirtyDocument)
    let (_, jsonDigest) = try JSONDecoder().decode(
      Inventory.self, from: json, reportResilientDecodingErrors: true)
    let (_, plistDigest) = try PropertyListDecoder().decode(
      Inventory.self, from: plist(dirtyDocument), reportResilientDecodingErrors: true)
    XCTAssertEqual(beyondEntries(plistDigest), beyondEntries(jsonDigest))
    XCTAssertEqual(plistDigest?.description, jsonDigest?.description)
  }

  func testCleanDecodeGivesNoDigest() throws {
    let clean: [String: Any] = ["numbers": [1], "tags": ["a"], "byID": ["2": "b"], "note": "n"]
    let (value, digest) = try PropertyListDecoder().decode(
      Inventory.self, from: plist(clean), reportResilientDecodingErrors: true)
    XCTAssertEqual(value.byID, [2: "b"])
    XCTAssertEqual(value.note, "n")
    XCTAssertNil(digest)
  }

  func testNotReportingDecodesPlainlyWithTheDecodersOwnReporter() throws {
    let decoder = PropertyListDecoder()
    let (value, digest) = try decoder.decode(
      Inventory.self, from: plist(dirtyDocument), reportResilientDecodingErrors: false)
    XCTAssertEqual(value.numbers, [1, 3], "properties are still resilient")
    XCTAssertNil(digest)

    let registered = decoder.enableResilientDecodingErrorReporting()
    let (_, stillNoDigest) = try decoder.decode(
      Inventory.self, from: plist(dirtyDocument), reportResilientDecodingErrors: false)
    XCTAssertNil(stillNoDigest)
    beyondAssertEntries(
      registered.flushReportedErrors(),
      [
        "numbers[1] typeMismatch", "tags[1] typeMismatch", "byID.x dataCorrupted",
        "note typeMismatch",
      ],
      "a plain decode reports to the reporter already registered")
  }

  func testUserInfoIsRestoredExactlyAfterReporting() throws {
    let decoder = PropertyListDecoder()
    let previous = ResilientDecodingErrorReporter()
    decoder.userInfo[.resilientDecodingErrorReporter] = previous
    decoder.userInfo[markerKey] = "kept"

    let (_, digest) = try decoder.decode(
      Inventory.self, from: plist(dirtyDocument), reportResilientDecodingErrors: true)
    XCTAssertEqual(digest?.entries.count, 4)
    XCTAssertEqual(decoder.userInfo.count, 2)
    XCTAssertTrue(
      decoder.userInfo[.resilientDecodingErrorReporter] as? ResilientDecodingErrorReporter
        === previous)
    XCTAssertEqual(decoder.userInfo[markerKey] as? String, "kept")
    XCTAssertNil(previous.flushReportedErrors(), "the call's errors went to its own reporter")

    let empty = PropertyListDecoder()
    _ = try empty.decode(
      Inventory.self, from: plist(dirtyDocument), reportResilientDecodingErrors: true)
    XCTAssertTrue(empty.userInfo.isEmpty, "no reporter is left behind")
  }

  func testUserInfoIsRestoredWhenDecodingThrows() throws {
    let missingRequired = try plist(["numbers": [1, "x"]])

    let decoder = PropertyListDecoder()
    XCTAssertThrowsError(
      try decoder.decode(Strict.self, from: missingRequired, reportResilientDecodingErrors: true)
    ) { error in
      XCTAssertEqual(beyondKind(error), "keyNotFound")
    }
    XCTAssertTrue(decoder.userInfo.isEmpty)

    let previous = ResilientDecodingErrorReporter()
    decoder.userInfo[.resilientDecodingErrorReporter] = previous
    decoder.userInfo[markerKey] = 1
    XCTAssertThrowsError(
      try decoder.decode(Strict.self, from: missingRequired, reportResilientDecodingErrors: true))
    XCTAssertTrue(
      decoder.userInfo[.resilientDecodingErrorReporter] as? ResilientDecodingErrorReporter
        === previous)
    XCTAssertEqual(decoder.userInfo[markerKey] as? Int, 1)
    XCTAssertEqual(decoder.userInfo.count, 2)
  }

  func testCallingAgainOnTheSameDecoderJustWorks() throws {
    let decoder = PropertyListDecoder()
    let (digests, messages) = try beyondRecordingAssertions { () -> [ErrorDigest?] in
      var digests: [ErrorDigest?] = []
      for numbers in [[1, "x"], [2], ["y", "z"]] as [[Any]] {
        let (_, digest) = try decoder.decode(
          Inventory.self, from: plist(["numbers": numbers]), reportResilientDecodingErrors: true)
        digests.append(digest)
      }
      return digests
    }
    XCTAssertEqual(messages, [], "no second-reporter assertion")
    XCTAssertEqual(
      digests.map { beyondEntries($0) },
      [
        ["numbers[1] typeMismatch"], [], ["numbers[0] typeMismatch", "numbers[1] typeMismatch"],
      ])
    XCTAssertNil(digests[1], "a clean call in between has no digest")
  }
}
