import Foundation
import ResilientDecoding
import XCTest

/// `ErrorDigest.entries` tell where each error happened, in report order, and the digest's
/// `description` and `debugDescription` print the tree in every build.
final class DigestEntriesTests: XCTestCase {
  /// A zone the server may add cases to.
  enum Zone: String, ResilientRawRepresentable {
    case north, south
  }

  /// A grade that will never get another case.
  enum Grade: String, ResilientRawRepresentable {
    case pass, fail
    static var isFrozen: Bool { true }
  }

  struct Shop: Decodable {
    // Declared out of alphabetical order: entries follow the report order, the tree sorts.
    @Resilient var zone: Zone?
    @Resilient var items: [Item]
    @Resilient var owner: Owner?
    @Resilient var labels: [String: Int]
  }

  struct Item: Decodable {
    @Resilient var price: Double?
    @Resilient var sizes: [Int]
  }

  struct Owner: Decodable {
    @Resilient var address: Address?
  }

  struct Address: Decodable {
    @Resilient var city: String?
  }

  struct Summaries: Decodable {
    @Resilient var counts: [Int]
    @Resilient var parts: [Part]
    @Resilient var grade: Grade?
    let note: Note
  }

  struct Part: Decodable {
    let name: String
  }

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

  /// A shop with errors at every depth; items 1, 2 and 10 are bad, to show numeric order.
  private let shopJSON: String = {
    var items = Array(repeating: #"{"price": 1.5, "sizes": [1]}"#, count: 11)
    items[1] = #"{"price": "cheap", "sizes": [1]}"#
    items[2] = #"{"price": 2, "sizes": ["L", 3]}"#
    items[10] = #"{"price": true}"#
    return """
      {"zone": "nowhere", "items": [\(items.joined(separator: ", "))],
       "owner": {"address": {"city": 7}}, "labels": {"a": 1, "b": "x"}}
      """
  }()

  // MARK: Entries

  func testEntriesComeInReportOrderWithReadablePaths() throws {
    let (_, digest) = try beyondDecode(Shop.self, shopJSON)
    let digestValue = try XCTUnwrap(digest)
    XCTAssertEqual(
      digestValue.entries.map(\.path),
      ["items[1].price", "items[2].sizes[0]", "items[10].price", "owner.address.city", "labels.b"])
    XCTAssertEqual(
      digestValue.entries(includeUnknownNovelValueErrors: true).map(\.path),
      [
        "zone", "items[1].price", "items[2].sizes[0]", "items[10].price", "owner.address.city",
        "labels.b",
      ])
    XCTAssertEqual(
      digestValue.entries(includeUnknownNovelValueErrors: false).map(\.path),
      digestValue.entries.map(\.path))
  }

  func testEntriesCarryTheCodingPathAndTheErrorThatWasReported() throws {
    let (_, digest) = try beyondDecode(Shop.self, shopJSON)
    let entries = try XCTUnwrap(digest).entries(includeUnknownNovelValueErrors: true)
    XCTAssertEqual(
      entries.map { beyondPath($0.codingPath) },
      [
        "zone", "items/Index 1/price", "items/Index 2/sizes/Index 0", "items/Index 10/price",
        "owner/address/city", "labels/b",
      ])
    XCTAssertEqual(
      entries.map { beyondDescribe($0.error) },
      [
        "novel(\"nowhere\")", "typeMismatch(Double) at items/Index 1/price",
        "typeMismatch(Int) at items/Index 2/sizes/Index 0",
        "typeMismatch(Double) at items/Index 10/price",
        "typeMismatch(String) at owner/address/city", "typeMismatch(Int) at labels/b",
      ])
    XCTAssertEqual(entries[2].codingPath.map(\.intValue), [nil, 2, nil, 0])
  }

  func testErrorsAreTheErrorsOfTheEntries() throws {
    let (_, digest) = try beyondDecode(Shop.self, shopJSON)
    let digestValue = try XCTUnwrap(digest)
    XCTAssertEqual(
      digestValue.errors.map(beyondDescribe), digestValue.entries.map { beyondDescribe($0.error) })
    XCTAssertEqual(
      digestValue.errors(includeUnknownNovelValueErrors: true).map(beyondDescribe),
      digestValue.entries(includeUnknownNovelValueErrors: true).map { beyondDescribe($0.error) })
    XCTAssertEqual(digestValue.errors.count, 5)
    XCTAssertEqual(digestValue.errors(includeUnknownNovelValueErrors: true).count, 6)
  }

  func testRootErrorsHaveAnEmptyPath() throws {
    let (value, digest) = try beyondDecode(Resilient<Int?>.self, #""x""#)
    XCTAssertNil(value.wrappedValue)
    let entry = try XCTUnwrap(digest?.entries.first)
    XCTAssertEqual(entry.path, "")
    XCTAssertTrue(entry.codingPath.isEmpty)
    XCTAssertEqual(beyondKind(entry.error), "typeMismatch")
    XCTAssertEqual(digest?.description, "- Could not decode as `Int`")

    let (_, noteDigest) = try beyondDecode(Note.self, "{}")
    XCTAssertEqual(noteDigest?.entries.map(\.path), ["", ""])
  }

  func testIntegerKeysAreBracketedAndOtherKeysJoinedWithDots() throws {
    let (_, digest) = try beyondDecode(
      Shop.self, #"{"labels": {"7": "x", "seven": "y"}, "items": [{"sizes": [0, {}]}]}"#)
    XCTAssertEqual(
      digest?.entries.map(\.path), ["items[0].sizes[1]", "labels[7]", "labels.seven"],
      "a dictionary key that is an integer is written like an index")
  }

  // MARK: The tree

  func testDescriptionPrintsTheTreeSortedWithIndicesInNumericOrder() throws {
    let (_, digest) = try beyondDecode(Shop.self, shopJSON)
    let expected = """
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
    let json = #"{"counts": [null], "parts": [{}], "grade": "merit", "note": 0}"#
    let (_, digest) = try beyondDecode(Summaries.self, json)
    XCTAssertEqual(
      digest?.entries.map { "\($0.path) \(beyondKind($0.error))" },
      [
        "counts[0] valueNotFound", "parts[0] keyNotFound", "grade dataCorrupted",
        "note zulu problem", "note alpha problem",
      ],
      "entries keep the order the errors were reported in")
    XCTAssertEqual(
      digest?.debugDescription,
      """
      counts
        Index 0
          - Expected `Int` but found null instead
      grade
        - Data corrupted
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
    XCTAssertEqual(digest?.entries.map(\.path), ["items[0].price", "items"])
    XCTAssertEqual(
      digest?.description.components(separatedBy: "\n"),
      [
        "items", "  - Could not decode as `Array<Any>`", "  Index 0", "    price",
        "      - Could not decode as `Double`",
      ])
    XCTAssertNil(reporter.flushReportedErrors(), "flushing starts over")
  }
}
