import Foundation
import ResilientDecoding
import XCTest

/// Errors reported from inside a dictionary's values (nested `@Resilient` properties, nested
/// dictionaries) come out in key order, the same on every decode, although decoders hand the
/// entries over in hash order (DocC: "Choosing a Property Kind"). Reports are held back per thread
/// while a dictionary decodes entry by entry, then passed on in key order.
final class DictionaryReportOrderTests: XCTestCase {
  /// Decodes `price` and `tags` (which may report errors) before `id` (which may fail).
  private struct Listing: Decodable {
    @Resilient var price: Double?
    @Resilient var tags: [String]
    let id: Int
  }

  private struct Section: Decodable {
    @Resilient var listings: [String: Listing]
  }

  private struct Catalog: Decodable {
    @Resilient var listings: [String: Listing]
    @Resilient var sections: [String: Section]
  }

  /// A catalog whose every listing has errors inside it, and some listings fail outright.
  private func catalogJSON(count: Int) -> Data {
    var listings: [String] = []
    for index in 0..<count {
      let key = "k\(index * 7919 % 1000)"
      if index % 5 == 0 {
        listings.append(#""\#(key)": {"price": "cheap", "tags": ["a", 1]}"#)  // no id: fails
      } else {
        listings.append(#""\#(key)": {"id": \#(index), "price": "free", "tags": [2, "b"]}"#)
      }
    }
    let body = listings.joined(separator: ", ")
    let sections = #""b": {"listings": {\#(body)}}, "a": {"listings": {\#(body)}}"#
    let json = #"{"listings": {\#(body)}, "sections": {\#(sections)}}"#
    return Data(json.utf8)
  }

  /// The reports of one decode of the catalog, in order.
  private func reportsOfDecoding(_ data: Data) throws -> [Report] {
    let (_, digest) = try JSONDecoder().decode(
      Catalog.self, from: data, reportResilientDecodingErrors: true)
    return reports(digest)
  }

  func testNestedErrorsOfDictionaryValuesAreReportedInKeyOrder() throws {
    let reported = try reportsOfDecoding(catalogJSON(count: 40))
    // Group the reports by the dictionary entry they belong to, in the order they came.
    func entryKey(_ report: Report) -> String {
      let parts = report.path.split(separator: ".")
      return parts.prefix(parts[0] == "sections" ? 4 : 2).joined(separator: ".")
    }
    var order: [String] = []
    for report in reported where order.last != entryKey(report) {
      order.append(entryKey(report))
    }
    XCTAssertEqual(order.count, Set(order).count, "each entry's reports come together")
    let listings = order.filter { $0.hasPrefix("listings.") }
    XCTAssertEqual(listings, listings.sorted(), "entries come in key order")
    let sections = order.filter { $0.hasPrefix("sections.") }
    XCTAssertEqual(sections, sections.sorted(), "nested dictionaries too, section a first")
    XCTAssertEqual(sections.first, "sections.a.listings.k0")
    XCTAssertEqual(listings.count, 40)
    XCTAssertEqual(sections.count, 80)
    // Within an entry, reports keep the order they were made in: the price, the tag, then
    // the entry's own failure.
    XCTAssertEqual(
      reported.filter { entryKey($0) == "listings.k0" },
      [
        Report("listings.k0.price", .typeMismatch),
        Report("listings.k0.tags.Index 1", .typeMismatch),
        Report("listings.k0", .keyNotFound("id")),
      ])
  }

  func testTheDigestIsTheSameOnEveryDecode() throws {
    let data = catalogJSON(count: 25)
    let first = try reportsOfDecoding(data)
    // Per dictionary: two reports per listing, and one more for each listing without an id.
    XCTAssertEqual(first.count, 3 * (25 * 2 + 5))
    for _ in 0..<20 {
      XCTAssertEqual(try reportsOfDecoding(data), first)
    }
  }

  private struct Scores: Decodable {
    @Resilient var scores: [String: Int]
    @Resilient var byLevel: [Int: Int]
  }

  /// Keys that `String`'s `<` does not order on some toolchains (neither of `"é7"` and
  /// `"e\u{301}"` is less than the other, yet they differ) come in the order of their Unicode
  /// scalars, the same on every decode; so do keys that convert to the same `Int`, of which the
  /// canonical spelling is kept, or else the first in scalar order.
  func testKeysComeInTheOrderOfTheirUnicodeScalarsOnEveryDecode() throws {
    let keys = ["e\u{301}", "\u{e9}7", "b", "e\u{301}x", "\u{e9}a", "Z"]
    let body = keys.map { #""\#($0)": "x""# }.joined(separator: ", ")
    let json = #"""
      {"scores": {\#(body)},
       "byLevel": {"1": 1, "+1": 2, "01": 3, "0001": 4, "02": 5, "+2": 6}}
      """#
    let expected = keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    // "1" is canonical and kept; 2 has no canonical spelling, and "+2" comes first in scalar
    // order ("+" before "0"). The other spellings are reported in scalar order.
    let reportedLevels = ["+1", "0001", "01", "02"]
    XCTAssertEqual(
      reportedLevels, reportedLevels.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    for _ in 0..<30 {
      let (model, digest) = try decode(Scores.self, json: json)
      XCTAssertEqual(model.byLevel, [1: 1, 2: 6], "the canonical key, else the first, is kept")
      let paths = try XCTUnwrap(digest).entries.map(\.codingPath)
      let scoreKeys = paths.filter { $0.first?.stringValue == "scores" }.map { $0[1].stringValue }
      XCTAssertEqual(
        scoreKeys.map { Array($0.unicodeScalars) }, expected.map { Array($0.unicodeScalars) })
      let levelKeys = paths.filter { $0.first?.stringValue == "byLevel" }.map { $0[1].stringValue }
      XCTAssertEqual(levelKeys, reportedLevels)
    }
  }
}
