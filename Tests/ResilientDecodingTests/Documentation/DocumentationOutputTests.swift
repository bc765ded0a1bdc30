import Foundation
import ResilientDecoding
import Testing

/// The output that README.md and the DocC articles show: each test decodes a document, prints
/// what the sample prints and compares it with the block the documentation shows, read from the
/// file (`documentedOutput(_:in:)`).
struct DocumentationOutputTests {
  private static let catalog = "Sources/ResilientDecoding/Documentation.docc"

  private enum Kind: String, ResilientRawRepresentable {
    case apartment, house, other
    static var decodingFallback: Kind { .other }
  }

  private enum SortOrder: String, ResilientRawRepresentable {
    case newest, cheapest
  }

  /// DocC, "Reporting in Production": a listing with a novel kind and a price that is not a
  /// number, and one without its title.
  @Test func readmeDigest() throws {
    struct Feed: Decodable {
      @Resilient var listings: [Listing]
    }
    struct Listing: Decodable {
      let title: String
      @Resilient var price: Double?
      @Resilient var kind: Kind
    }
    let (feed, digest) = try decode(
      Feed.self,
      json: #"""
        {"listings": [
          {"title": "Loft", "price": 120, "kind": "apartment"},
          {"title": "Tent", "price": "on request", "kind": "yurt"},
          {"price": 80, "kind": "house"}
        ]}
        """#)
    #expect(feed.listings.map(\.title) == ["Loft", "Tent"])
    #expect(feed.listings[1].kind == .other)
    let printed = Self.readmeLogMessage(try #require(digest))
    #expect(
      printed == (try documentedOutput("DocumentationOutputTests.readmeDigest", in: "README.md")))

    // A novel kind alone: the digest has no `errors`, and the message still counts it.
    let (_, novelOnly) = try decode(
      Feed.self, json: #"{"listings": [{"title": "Tent", "price": 80, "kind": "yurt"}]}"#)
    let digestOfNovelValue = try #require(novelOnly)
    #expect(digestOfNovelValue.errors.isEmpty)
    #expect(
      Self.readmeLogMessage(digestOfNovelValue).hasPrefix(
        "Feed decoded; problems recovered from: 1\n"))
  }

  /// What the README's production sample logs for `digest`, written as the sample writes it.
  private static func readmeLogMessage(_ digest: ErrorDigest) -> String {
    let count = digest.groups.reduce(0) { $0 + $1.count }
    return "Feed decoded; problems recovered from: \(count)\n\(digest)"
  }

  /// ReportingInProduction.md, "Reading a digest": a price that is not a number, a listing
  /// without its title and a sort order this code does not know.
  @Test func reportingDigest() throws {
    struct Feed: Decodable {
      @Resilient var listings: [Listing]
      @Resilient var sortOrder: SortOrder?
    }
    struct Listing: Decodable {
      let title: String
      @Resilient var price: Double?
    }
    let (feed, digest) = try decode(
      Feed.self,
      json: #"""
        {"listings": [{"title": "Loft", "price": 120}, {"title": "Tent", "price": "n/a"},
          {"price": 80}], "sortOrder": "distance"}
        """#)
    #expect(feed.listings.count == 2)
    #expect(feed.sortOrder == nil)
    let printed = try #require(digest).description
    let shown = try documentedOutput(
      "DocumentationOutputTests.reportingDigest", in: "\(Self.catalog)/ReportingInProduction.md")
    #expect(printed == shown)
  }

  /// ReportingInProduction.md, "Counting errors by signature": one group for a bad price in
  /// each of 10,000 listings, encoded with sorted keys.
  @Test func encodedGroup() throws {
    struct Feed: Decodable {
      @Resilient var listings: [Listing]
    }
    struct Listing: Decodable {
      let id: Int
      @Resilient var price: Double?
    }
    let listings = (1001...11000).map { #"{"id": \#($0), "price": "on request"}"# }
    let document = #"{"listings": ["# + listings.joined(separator: ",") + "]}"
    let decoder = JSONDecoder()
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
    decoder.userInfo[.resilientDecodingErrorReporter] = reporter
    let feed = try decoder.decode(Feed.self, from: Data(document.utf8))
    #expect(feed.listings.count == 10_000)
    let digest = try #require(reporter.flushReportedErrors())
    #expect(digest.groups.count == 1)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let encoded = String(
      decoding: try encoder.encode(try #require(digest.groups.first)), as: UTF8.self)
    let shown = try documentedOutput(
      "DocumentationOutputTests.encodedGroup", in: "\(Self.catalog)/ReportingInProduction.md")
    #expect(encoded == shown)
  }

  /// ReportingInProduction.md, "Bounded memory": 500 strings for an array of `Int`, a reporter
  /// that stores 100 errors; the block shows the beginning of the description, and another its
  /// end.
  @Test func largeDigest() throws {
    struct Values: Decodable {
      @Resilient var values: [Int]
    }
    let strings = (0..<500).map { #""\#($0)""# }.joined(separator: ",")
    let decoder = JSONDecoder()
    let reporter = ResilientDecodingErrorReporter(maximumStoredErrors: 100)
    decoder.userInfo[.resilientDecodingErrorReporter] = reporter
    let decoded = try decoder.decode(Values.self, from: Data(#"{"values": [\#(strings)]}"#.utf8))
    #expect(decoded.values.isEmpty)
    let digest = try #require(reporter.flushReportedErrors())
    #expect(digest.entries.count == 100)
    #expect(digest.omittedErrorCount == 400)
    let printed = digest.description
    let article = "\(Self.catalog)/ReportingInProduction.md"
    let beginning = try documentedOutput("DocumentationOutputTests.largeDigest", in: article)
    let end = try documentedOutput("DocumentationOutputTests.largeDigestEnd", in: article)
    #expect(printed.hasPrefix(beginning + "\n"))
    #expect(printed.hasSuffix("\n" + end))
    // Between them, the rest of the first 50 errors: an index and its error each.
    #expect(printed.components(separatedBy: "\n").count == 3 + 1 + 50 * 2 + 2)
    #expect(printed.contains("  Index 49\n    - Could not decode as `Int`\n… and 50 more"))
  }

  /// InspectingErrorsInDebug.md, "Elements of arrays and sets": `{"numbers": [1, "2", 3]}`.
  @Test func arrayResults() throws {
    struct Model: Decodable {
      @Resilient var numbers: [Int]
    }
    let (model, digest) = try decode(Model.self, json: #"{"numbers": [1, "2", 3]}"#)
    #expect(model.numbers == [1, 3])
    #expect(reports(digest) == [Report("numbers.Index 1", .typeMismatch)])
    #if DEBUG
      let results = model.$numbers.results
      #expect(results.count == 3)
      #expect(try results[0].get() == 1)
      #expect(errorKinds([try #require(results[1].failure)]) == [.typeMismatch])
      #expect(try results[2].get() == 3)
      #expect(errorKinds(model.$numbers.errors) == [.typeMismatch])
    #endif
  }
}

extension Result {
  /// The error of a failure, `nil` for a success.
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { error } else { nil }
  }
}
