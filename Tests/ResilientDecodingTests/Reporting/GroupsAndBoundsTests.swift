import Foundation
import ResilientDecoding
import Testing

/// A digest counts every error reported in groups, one per pattern of path and kind, and a
/// reporter stores a bounded number of errors in full, counting the rest (README, "Reporting
/// in production").
@Suite struct GroupsAndBoundsTests {
  struct Item: Decodable {
    @Resilient var price: Double?
    @Resilient var size: Size?
  }

  enum Size: String, ResilientRawRepresentable {
    case small, large
  }

  struct Catalog: Decodable {
    @Resilient var items: [Item]
    @Resilient var counts: [String: Int]
    @Resilient var tags: [String: Int]
  }

  /// Four bad prices, a bad element, a novel size, a numeric and a named dictionary key.
  static let catalog = """
    {"items": [{"price": "a"}, {"price": 1, "size": "huge"}, {"price": "b"}, 7,
               {"price": "c"}, {"price": "d"}],
     "counts": {"9": "x", "10": 1}, "tags": {"new": "y"}}
    """

  @Test(arguments: TestDecoder.allCases)
  func groupsCountEveryErrorByPatternAndKindInTheOrderOfTheirFirstReport(
    decoder: TestDecoder
  ) throws {
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
    _ = try decoder.decode(Catalog.self, json: Self.catalog, reportingTo: reporter)
    let digest = try #require(reporter.flushReportedErrors())
    #expect(
      digest.groups == [
        .init(
          pattern: "items[*].price", kind: .typeMismatch, count: 4, firstPath: "items[0].price",
          firstRecordID: nil),
        .init(
          pattern: "items[*].size", kind: .novelValue, count: 1, firstPath: "items[1].size",
          firstRecordID: nil),
        .init(
          pattern: "items[*]", kind: .typeMismatch, count: 1, firstPath: "items[3]",
          firstRecordID: nil),
        .init(
          pattern: "counts.*", kind: .typeMismatch, count: 1, firstPath: "counts.9",
          firstRecordID: nil),
        .init(
          pattern: "tags.new", kind: .typeMismatch, count: 1, firstPath: "tags.new",
          firstRecordID: nil),
      ])
    #expect(digest.omittedErrorCount == 0)
    // With nothing omitted, every group counts the entries of its pattern and kind.
    let stored = digest.entries(includeUnknownNovelValueErrors: true)
    #expect(digest.groups.map(\.count).reduce(0, +) == stored.count)
  }

  @Test func kindsNameEveryDecodingErrorNovelValuesAndOthers() throws {
    struct Custom: Decodable {
      init(from decoder: any Decoder) throws {
        struct Refused: Error {}
        throw Refused()
      }
    }
    struct Kinds: Decodable {
      @Resilient var mismatch: Int?
      @Resilient var missing: [String: Int]?
      @Resilient var novel: GroupsAndBoundsTests.Size?
      @Resilient var custom: Custom?
      @Resilient var nested: [Inner]
    }
    struct Inner: Decodable {
      var required: Int
    }
    let json = """
      {"mismatch": "a", "novel": "huge", "custom": 1, "nested": [{}, {"required": null}]}
      """
    let reporter = ResilientDecodingErrorReporter()
    _ = try TestDecoder.json.decode(Kinds.self, json: json, reportingTo: reporter)
    let digest = try #require(reporter.flushReportedErrors())
    #expect(
      digest.groups.map { "\($0.pattern) \($0.kind.rawValue)" } == [
        "mismatch typeMismatch", "novel novelValue", "custom other", "nested[*] keyNotFound",
        "nested[*] valueNotFound",
      ])
  }

  @Test func groupsEncodeAsJSONForAnalytics() throws {
    let group = ErrorDigest.Group(
      pattern: "listings[*].price", kind: .typeMismatch, count: 3, firstPath: "listings[0].price",
      firstRecordID: "1001")
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try encoder.encode(group), as: UTF8.self)
        == #"{"count":3,"firstPath":"listings[0].price","firstRecordID":"1001","#
        + #""kind":"typeMismatch","pattern":"listings[*].price"}"#)
  }

  // MARK: Bounds

  @Test(arguments: TestDecoder.allCases)
  func aReporterStoresTheFirstErrorsAndCountsTheRest(decoder: TestDecoder) throws {
    let reporter = ResilientDecodingErrorReporter(maximumStoredErrors: 3)
    _ = try decoder.decode(Catalog.self, json: Self.catalog, reportingTo: reporter)
    let digest = try #require(reporter.flushReportedErrors())
    #expect(
      digest.entries(includeUnknownNovelValueErrors: true).map(\.path) == [
        "items[0].price", "items[1].size", "items[2].price",
      ])
    #expect(digest.errors.count == 2)
    #expect(digest.omittedErrorCount == 5)
    #expect(digest.groups.map(\.count) == [4, 1, 1, 1, 1])
    #expect(
      digest.description.hasSuffix(
        "… and 5 more errors, counted in the groups but not stored: the reporter stores at most 3"
      ))
  }

  @Test func aFlushStartsOverCountsIncluded() throws {
    let reporter = ResilientDecodingErrorReporter(maximumStoredErrors: 1)
    for expected in 0..<2 {
      _ = try TestDecoder.json.decode(Catalog.self, json: Self.catalog, reportingTo: reporter)
      let digest = try #require(reporter.flushReportedErrors(), "flush \(expected)")
      #expect(digest.entries(includeUnknownNovelValueErrors: true).count == 1)
      #expect(digest.omittedErrorCount == 7)
      #expect(digest.groups.map(\.count) == [4, 1, 1, 1, 1])
    }
    #expect(reporter.flushReportedErrors() == nil)
  }

  @Test func zeroStoresNothingButCountsEverything() throws {
    let reporter = ResilientDecodingErrorReporter(maximumStoredErrors: 0)
    _ = try TestDecoder.json.decode(Catalog.self, json: Self.catalog, reportingTo: reporter)
    let digest = try #require(reporter.flushReportedErrors())
    #expect(digest.entries(includeUnknownNovelValueErrors: true).isEmpty)
    #expect(digest.omittedErrorCount == 8)
  }

  /// A negative maximum is a programmer error: an assertion in DEBUG that says what to pass
  /// instead; the reporter then stores nothing, as with 0.
  @Test func aNegativeMaximumAssertsAndStoresNothing() throws {
    let (reporter, messages) = recordingAssertions {
      ResilientDecodingErrorReporter(maximumStoredErrors: -1)
    }
    assertSingleAssertion(messages, mentioning: ["maximumStoredErrors is -1", "pass 0"])
    #expect(reporter.maximumStoredErrors == 0)
    _ = try TestDecoder.json.decode(Catalog.self, json: Self.catalog, reportingTo: reporter)
    let digest = try #require(reporter.flushReportedErrors())
    #expect(digest.entries(includeUnknownNovelValueErrors: true).isEmpty)
    #expect(digest.omittedErrorCount == 8)
  }

  @Test func theDefaultMaximumIsAThousand() {
    #expect(ResilientDecodingErrorReporter.defaultMaximumStoredErrors == 1_000)
    #expect(ResilientDecodingErrorReporter().maximumStoredErrors == 1_000)
    #expect(ResilientDecodingErrorReporter().identifyingKeys.isEmpty)
    #expect(ResilientDecodingErrorReporter(identifyingKeys: ["id"]).maximumStoredErrors == 1_000)
  }

  /// Over 50 errors, the printed digest starts with one line per group and prints the first 50
  /// entries as a tree.
  @Test func aLargeDigestPrintsASummaryOfGroups() throws {
    struct Values: Decodable {
      @Resilient var values: [Int]
    }
    let json = #"{"values": [\#((0..<60).map { _ in #""x""# }.joined(separator: ", ")), 1]}"#
    let reporter = ResilientDecodingErrorReporter(maximumStoredErrors: 55)
    let values = try #require(
      try TestDecoder.json.decode(Values.self, json: json, reportingTo: reporter))
    #expect(values.values == [1])
    let lines = try #require(reporter.flushReportedErrors()).description.split(separator: "\n")
    #expect(
      Array(lines.prefix(3)) == [
        "60 errors in 1 groups:",
        "  values[*]: typeMismatch ×60, first at values[0]",
        "The first 50 errors:",
      ])
    #expect(lines.contains("  Index 49"))
    #expect(!lines.contains("  Index 50"))
    #expect(
      Array(lines.suffix(2)) == [
        "… and 5 more stored errors (see `entries`)",
        "… and 5 more errors, counted in the groups but not stored: the reporter stores at most 55",
      ])
  }
}
