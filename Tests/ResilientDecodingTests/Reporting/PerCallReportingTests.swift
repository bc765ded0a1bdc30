import Foundation
import ResilientDecoding
import Testing

/// `decode(_:from:reportResilientDecodingErrors:)` gives the digest of that call only and leaves
/// the decoder's `userInfo` exactly as it found it, even when decoding throws (DocC, "Reporting in
/// Production"); `JSONDecoder` and `PropertyListDecoder` alike.
@Suite struct PerCallReportingTests {
  /// A `userInfo` key that has nothing to do with the library.
  private static let tenant = CodingUserInfoKey(rawValue: "tenant")!

  @Test(arguments: DocumentFormat.allCases)
  func cleanDecodeGivesNoDigest(format: DocumentFormat) throws {
    let (inventory, digest) = try format.makeDecoder().decode(
      Inventory.self, from: format.data(Inventory.cleanDocument),
      reportResilientDecodingErrors: true)
    #expect(inventory.id == 2)
    #expect(inventory.byID == [2: "b"])
    #expect(inventory.note == "n")
    #expect(digest == nil)
  }

  @Test(arguments: DocumentFormat.allCases)
  func messyDecodeGivesTheDigestOfItsErrors(format: DocumentFormat) throws {
    let (inventory, digest) = try format.makeDecoder().decode(
      Inventory.self, from: format.data(Inventory.messyDocument),
      reportResilientDecodingErrors: true)
    inventory.checkDecodedFromMessyDocument()
    assertReports(digest, Inventory.messyReports)
    assertReports(digest, Inventory.messyReportsWithNovel, includingNovel: true)
    #if DEBUG
      #expect(inventory.$numbers.errors.count == 1)
      #expect(inventory.$byID.errors.count == 1)
    #endif
  }

  @Test(arguments: DocumentFormat.allCases)
  func withoutReportingPropertiesStayResilientAndTheRegisteredReporterGetsTheErrors(
    format: DocumentFormat
  ) throws {
    let decoder = format.makeDecoder()
    let messy = try format.data(Inventory.messyDocument)
    let (inventory, digest) = try decoder.decode(
      Inventory.self, from: messy, reportResilientDecodingErrors: false)
    inventory.checkDecodedFromMessyDocument()
    #expect(digest == nil)
    #expect(decoder.userInfo.isEmpty)

    let registered = decoder.enableResilientDecodingErrorReporting()
    let (_, stillNoDigest) = try decoder.decode(
      Inventory.self, from: messy, reportResilientDecodingErrors: false)
    #expect(stillNoDigest == nil)
    assertReports(registered.flushReportedErrors(), Inventory.messyReports)
  }

  @Test(arguments: DocumentFormat.allCases)
  func repeatedCallsOnOneDecoderEachReportTheirOwnErrors(format: DocumentFormat) throws {
    let decoder = format.makeDecoder()
    let documents: [[String: Any]] = [
      Inventory.messyDocument, Inventory.cleanDocument, Inventory.messyDocument,
      ["id": 3, "note": [], "mood": "sad"],
    ]
    let (digests, messages) = try recordingAssertions {
      try documents.map { document in
        try decoder.decode(
          Inventory.self, from: format.data(document), reportResilientDecodingErrors: true
        ).1
      }
    }
    #expect(messages == [], "no second-reporter assertion")
    #expect(digests.count == 4)
    assertReports(digests[0], Inventory.messyReports)
    #expect(digests[1] == nil, "a clean call in between has no digest")
    assertReports(digests[2], Inventory.messyReports)
    assertReports(digests[3], [Report("note", .typeMismatch)])
    #expect(decoder.userInfo.isEmpty, "no reporter is left behind")
  }

  @Test(arguments: DocumentFormat.allCases)
  func aCallAfterAThrowingCallWorks(format: DocumentFormat) throws {
    let decoder = format.makeDecoder()
    let withoutID = try format.data(["numbers": [1, "x"]])
    let messy = try format.data(Inventory.messyDocument)
    let ((error, userInfoAfterThrow, retry), messages) = recordingAssertions {
      let error = thrownError {
        try decoder.decode(Inventory.self, from: withoutID, reportResilientDecodingErrors: true)
      }
      let userInfoAfterThrow = decoder.userInfo
      let retry = Result {
        try decoder.decode(Inventory.self, from: messy, reportResilientDecodingErrors: true)
      }
      return (error, userInfoAfterThrow, retry)
    }
    assertError(error, is: .keyNotFound("id"))
    #expect(userInfoAfterThrow.isEmpty)
    let (inventory, digest) = try retry.get()
    inventory.checkDecodedFromMessyDocument()
    assertReports(digest, Inventory.messyReports)
    #expect(messages == [])
  }

  /// Checks `userInfo` after calls that report, one that decodes and one that throws, on a
  /// decoder holding an unrelated key and, with `previousReporter`, a reporter of its own.
  @Test(arguments: DocumentFormat.allCases, [false, true])
  func userInfoIsLeftExactlyAsFound(format: DocumentFormat, previousReporter: Bool) throws {
    let decoder = format.makeDecoder()
    decoder.userInfo[Self.tenant] = "acme"
    let previous = previousReporter ? decoder.enableResilientDecodingErrorReporting() : nil
    let messy = try format.data(Inventory.messyDocument)
    let withoutID = try format.data(["numbers": [1, "x"]])

    let ((digest, error), messages) = recordingAssertions {
      let digest = Result {
        try decoder.decode(Inventory.self, from: messy, reportResilientDecodingErrors: true).1
      }
      let error = thrownError {
        try decoder.decode(Inventory.self, from: withoutID, reportResilientDecodingErrors: true)
      }
      return (digest, error)
    }
    assertReports(try digest.get(), Inventory.messyReports)
    assertError(error, is: .keyNotFound("id"))
    #expect(messages == [], "the call's own reporter is no second reporter")

    #expect(decoder.userInfo.count == (previousReporter ? 2 : 1))
    #expect(decoder.userInfo[Self.tenant] as? String == "acme")
    #expect(decoder.registeredReporter === previous)
    if let previous {
      #expect(previous.flushReportedErrors() == nil, "the calls' errors went to their own reporter")
      _ = try decoder.decode(Inventory.self, from: messy)
      assertReports(previous.flushReportedErrors(), Inventory.messyReports)
    }
  }

  @Test(arguments: DocumentFormat.allCases)
  func topLevelResilientValueIsReportedAtItsElements(format: DocumentFormat) throws {
    let (values, digest) = try format.makeDecoder().decode(
      Resilient<[Int]>.self, from: format.data([1, "a", 2, "b"]),
      reportResilientDecodingErrors: true)
    #expect(values.wrappedValue == [1, 2])
    assertReports(digest, [Report("Index 1", .typeMismatch), Report("Index 3", .typeMismatch)])
  }
}
