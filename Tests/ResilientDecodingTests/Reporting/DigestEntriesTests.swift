import Foundation
import ResilientDecoding
import XCTest

/// `ErrorDigest.errors` and `entries` list what was reported in report order, each entry at its
/// coding path with a `path` written for logs; novel values only when asked for (DocC, "Reporting
/// in Production"). The tree that `description` prints sorts the same errors.
final class DigestEntriesTests: XCTestCase {
  struct Shop: Decodable {
    // Declared out of alphabetical order: entries follow the report order, the tree sorts.
    @Resilient var zone: Fruit?
    @Resilient var items: [Product]
    @Resilient var owner: Owner?
    @Resilient var labels: [String: Int]
    @Resilient var fruits: [Fruit]
    @Resilient var mood: Mood?
  }

  struct Product: Decodable {
    @Resilient var price: Double?
    @Resilient var sizes: [Int]
  }

  struct Owner: Decodable {
    @Resilient var address: Address?
  }

  struct Address: Decodable {
    @Resilient var city: String?
  }

  /// A shop with errors at every depth, novel values among them; items 1, 2 and 10 are bad, to
  /// show numeric order.
  private let shopJSON: String = {
    var items = Array(repeating: #"{"price": 1.5, "sizes": [1]}"#, count: 11)
    items[1] = #"{"price": "cheap", "sizes": [1]}"#
    items[2] = #"{"price": 2, "sizes": ["L", 3]}"#
    items[10] = #"{"price": true}"#
    return """
      {"zone": "nowhere", "items": [\(items.joined(separator: ", "))],
       "owner": {"address": {"city": 7}}, "labels": {"a": 1, "b": "x"},
       "fruits": ["apple", "kiwi", 7], "mood": "bored"}
      """
  }()

  /// What decoding `shopJSON` reports, novel values included, in report order.
  private let shopReportsWithNovel = [
    Report("zone", .novel("nowhere")),
    Report("items.Index 1.price", .typeMismatch),
    Report("items.Index 2.sizes.Index 0", .typeMismatch),
    Report("items.Index 10.price", .typeMismatch),
    Report("owner.address.city", .typeMismatch),
    Report("labels.b", .typeMismatch),
    Report("fruits.Index 1", .novel("kiwi")),
    Report("fruits.Index 2", .typeMismatch),
    Report("mood", .novel("bored")),
  ]

  /// What decoding `shopJSON` reports, novel values left out.
  private var shopReports: [Report] { shopReportsWithNovel.filter { !$0.isNovel } }

  // MARK: Entries

  func testEntriesComeInReportOrderEveryTime() throws {
    for _ in 0..<10 {
      let (_, digest) = try decode(Shop.self, json: shopJSON)
      assertReports(digest, shopReports)
      assertReports(digest, shopReportsWithNovel, includingNovel: true)
    }
  }

  func testEntryPathsWriteIndicesInBracketsAndKeysAfterDots() throws {
    let digest = try XCTUnwrap(decode(Shop.self, json: shopJSON).digest)
    XCTAssertEqual(
      digest.entries.map(\.path),
      [
        "items[1].price", "items[2].sizes[0]", "items[10].price", "owner.address.city",
        "labels.b", "fruits[2]",
      ])
    XCTAssertEqual(
      digest.entries(includeUnknownNovelValueErrors: true).map(\.path),
      [
        "zone", "items[1].price", "items[2].sizes[0]", "items[10].price", "owner.address.city",
        "labels.b", "fruits[1]", "fruits[2]", "mood",
      ])
    XCTAssertEqual(
      digest.entries(includeUnknownNovelValueErrors: false).map(\.path),
      digest.entries.map(\.path))
  }

  func testEntriesCarryTheCodingPathAndTheErrorThatWasReported() throws {
    let digest = try XCTUnwrap(decode(Shop.self, json: shopJSON).digest)
    XCTAssertEqual(
      detailedReports(digest),
      [
        #"zone: novel("nowhere")"#,
        "items.Index 1.price: typeMismatch(Double) at items.Index 1.price",
        "items.Index 2.sizes.Index 0: typeMismatch(Int) at items.Index 2.sizes.Index 0",
        "items.Index 10.price: typeMismatch(Double) at items.Index 10.price",
        "owner.address.city: typeMismatch(String) at owner.address.city",
        "labels.b: typeMismatch(Int) at labels.b",
        #"fruits.Index 1: novel("kiwi")"#,
        "fruits.Index 2: typeMismatch(String) at fruits.Index 2",
        #"mood: novel("bored")"#,
      ])
    let entries = digest.entries(includeUnknownNovelValueErrors: true)
    XCTAssertEqual(entries[2].codingPath.map(\.intValue), [nil, 2, nil, 0])
  }

  func testErrorsAreTheErrorsOfTheEntries() throws {
    let digest = try XCTUnwrap(decode(Shop.self, json: shopJSON).digest)
    XCTAssertEqual(digest.errors.map(describe), digest.entries.map { describe($0.error) })
    XCTAssertEqual(
      digest.errors(includeUnknownNovelValueErrors: true).map(describe),
      digest.entries(includeUnknownNovelValueErrors: true).map { describe($0.error) })
    XCTAssertEqual(digest.errors.count, 6)
    XCTAssertEqual(digest.errors(includeUnknownNovelValueErrors: false).count, 6)
    XCTAssertEqual(digest.errors(includeUnknownNovelValueErrors: true).count, 9)
  }

  func testDigestOfNovelValuesOnlyExistsButHasNoErrors() throws {
    let (_, digest) = try decode(Shop.self, json: #"{"fruits": ["fig"], "mood": "sad"}"#)
    let onlyNovel = try XCTUnwrap(digest)
    XCTAssertTrue(onlyNovel.errors.isEmpty)
    XCTAssertTrue(onlyNovel.entries.isEmpty)
    assertReports(digest, [Report("fruits.Index 0", .novel("fig"))], includingNovel: true)
  }

  func testLoggedEntriesQuoteANovelValue() throws {
    // The README's logging pattern, `"\(entry.path): \(entry.error)"`, on novel values.
    let digest = try XCTUnwrap(
      decode(Shop.self, json: #"{"zone": "far away", "mood": "yurt"}"#).digest)
    XCTAssertEqual(
      digest.entries(includeUnknownNovelValueErrors: true).map { "\($0.path): \($0.error)" },
      [#"zone: Unknown novel value "far away""#, #"mood: Unknown novel value "yurt""#])
  }

  func testRootErrorsHaveAnEmptyPath() throws {
    let (value, digest) = try decode(Resilient<Int?>.self, json: #""x""#)
    XCTAssertNil(value.wrappedValue)
    let entry = try XCTUnwrap(digest?.entries.first)
    XCTAssertEqual(entry.path, "")
    XCTAssertTrue(entry.codingPath.isEmpty)
    assertReports(digest, [Report("", .typeMismatch)])
    XCTAssertEqual(digest?.description, "- Could not decode as `Int`")

    let (_, noteDigest) = try decode(Note.self, json: "{}")
    XCTAssertEqual(noteDigest?.entries.map(\.path), ["", ""])
  }

  func testElementsAreBracketedAndDictionaryKeysThatSpellIntegersAreNames() throws {
    let (_, digest) = try decode(
      Shop.self, json: #"{"labels": {"7": "x", "seven": "y"}, "items": [{"sizes": [0, {}]}]}"#)
    XCTAssertEqual(
      digest?.entries.map(\.path), ["items[0].sizes[1]", "labels.7", "labels.seven"],
      "a dictionary key that spells an integer is written as the data spells it")
  }

  // MARK: Entries and the tree

  /// A value whose own `init(from:)` recovers from two problems and reports both.
  struct Note: Decodable {
    init(from decoder: any Decoder) {
      decoder.reportError(NoteProblem(description: "zulu problem"))
      decoder.reportError(NoteProblem(description: "alpha problem"))
    }
  }

  struct NoteProblem: Error, CustomStringConvertible {
    let description: String
  }

  func testTreeSortsWhatEntriesListInReportOrder() throws {
    let (_, digest) = try decode(Shop.self, json: shopJSON)
    let expected = """
      fruits
        Index 1
          - Unknown novel value "kiwi" (this error is not reported by default)
        Index 2
          - Could not decode as `String`
      items
        Index 1
          price
            - Could not decode as `Double`
        Index 2
          sizes
            Index 0
              - Could not decode as `Int`
        Index 10
          price
            - Could not decode as `Double`
      labels
        b
          - Could not decode as `Int`
      mood
        - Unknown novel value "bored" (this error is not reported by default)
      owner
        address
          city
            - Could not decode as `String`
      zone
        - Unknown novel value "nowhere" (this error is not reported by default)
      """
    XCTAssertEqual(digest?.description, expected)
    XCTAssertEqual(digest?.debugDescription, expected)
    XCTAssertEqual(digest.map { "\($0)" }, expected)
    XCTAssertEqual(digest.map { String(reflecting: $0) }, expected)
  }

  func testEverySummaryKindAndOwnErrorsSortedBeforeChildren() throws {
    struct Summaries: Decodable {
      @Resilient var counts: [Int]
      @Resilient var parts: [Item]
      @Resilient var grade: FrozenFruit?
      let note: Note
    }
    let json = #"{"counts": [null], "parts": [{}], "grade": "merit", "note": 0}"#
    let (_, digest) = try decode(Summaries.self, json: json)
    assertReports(
      digest,
      [
        Report("counts.Index 0", .valueNotFound), Report("parts.Index 0", .keyNotFound("name")),
        Report("grade", .dataCorrupted), Report("note", .other("zulu problem")),
        Report("note", .other("alpha problem")),
      ])
    XCTAssertEqual(
      digest?.debugDescription,
      """
      counts
        Index 0
          - Expected `Int` but found null instead
      grade
        - Data corrupted: FrozenFruit is frozen and has no case for the raw value merit
      note
        - alpha problem
        - zulu problem
      parts
        Index 0
          - Key "name" not found
      """)
  }

  func testNodeErrorsComeBeforeItsChildren() throws {
    // `items` itself fails in one decode and an element of it in another: one digest.
    let reporter = ResilientDecodingErrorReporter()
    let decoder = JSONDecoder()
    decoder.userInfo[.resilientDecodingErrorReporter] = reporter
    _ = try decoder.decode(Shop.self, from: Data(#"{"items": [{"price": "x"}]}"#.utf8))
    _ = try decoder.decode(Shop.self, from: Data(#"{"items": 1}"#.utf8))
    let digest = reporter.flushReportedErrors()
    assertReports(
      digest, [Report("items.Index 0.price", .typeMismatch), Report("items", .typeMismatch)])
    XCTAssertEqual(digest?.entries.map(\.path), ["items[0].price", "items"])
    XCTAssertEqual(
      digest?.description.components(separatedBy: "\n"),
      [
        "items", "  - Could not decode as an array", "  Index 0", "    price",
        "      - Could not decode as `Double`",
      ])
    XCTAssertNil(reporter.flushReportedErrors(), "flushing starts over")
  }
}
