import Foundation
import ResilientDecoding
import XCTest

/// `@Resilient` dictionaries with `String` keys (DocC "Choosing a Property Kind"): entries whose
/// value fails are dropped one by one, each reported at its key, in key order. What the whole
/// dictionary holds when missing, `null` or not an object is in `MissingNullWrongKindTests`; keys
/// converted to other types are in `ConvertedKeyDictionaryTests`.
final class DictionaryTests: XCTestCase {
  struct Model: Decodable {
    @Resilient var scores: [String: Int]
    @Resilient var optionalScores: [String: Int]?
  }

  func testInvalidEntriesAreDroppedAndReportedAtTheirKey() throws {
    let (model, digest) = try decode(
      Model.self, json: #"{"scores": {"a": 1, "b": "x", "c": 3, "d": null}}"#)
    XCTAssertEqual(model.scores, ["a": 1, "c": 3])
    assertReports(digest, [Report("scores.b", .typeMismatch), Report("scores.d", .valueNotFound)])
    #if DEBUG
      assertFailedOneByOne(
        model.$scores.outcome, as: ResilientDecodingOutcome.DictionaryDecodingError<Int>.self)
      XCTAssertEqual(
        summaries(model.$scores.results),
        [
          "a": .success(1), "b": .failure(.typeMismatch), "c": .success(3),
          "d": .failure(.valueNotFound),
        ])
      XCTAssertEqual(errorKinds(model.$scores.errors), [.typeMismatch, .valueNotFound])
    #endif
  }

  func testFailedEntriesAreReportedInTheSameOrderOnEveryDecode() throws {
    // Decoders visit the entries of a JSON object in no fixed order; the digest must not
    // follow them: it sorts them by key.
    let keys = (0..<20).map { "key\($0)" }
    let json = #"{"scores": {"# + keys.map { #""\#($0)": "x""# }.joined(separator: ", ") + "}}"
    let expected = keys.sorted().map { Report("scores.\($0)", .typeMismatch) }
    for _ in 0..<20 {
      let (model, digest) = try decode(Model.self, json: json)
      XCTAssertEqual(model.scores, [:])
      assertReports(digest, expected)
    }
  }

  func testInvalidObjectEntryIsReportedAtItsKey() throws {
    struct Catalog: Decodable {
      @Resilient var items: [String: Item]
    }
    let (model, digest) = try decode(
      Catalog.self, json: #"{"items": {"first": {"name": "a"}, "second": {"title": "b"}}}"#)
    XCTAssertEqual(model.items, ["first": Item(name: "a")])
    assertReports(digest, [Report("items.second", .keyNotFound("name"))])
  }

  func testOptionalDictionaryDropsInvalidEntriesLikeADictionary() throws {
    let (model, digest) = try decode(
      Model.self, json: #"{"optionalScores": {"x": 1, "y": [2]}}"#)
    XCTAssertEqual(model.optionalScores, ["x": 1])
    assertReports(digest, [Report("optionalScores.y", .typeMismatch)])
    #if DEBUG
      assertFailedOneByOne(
        model.$optionalScores.outcome,
        as: ResilientDecodingOutcome.DictionaryDecodingError<Int>.self)
      XCTAssertEqual(
        summaries(model.$optionalScores.results), ["x": .success(1), "y": .failure(.typeMismatch)])
    #endif
  }

  func testADroppedValueKeepsItsKeyWithoutAReporter() throws {
    // No reporter: the library then keeps a failed entry's path only where something reads it,
    // here DEBUG `errors`, which sorts a value the decoder read and then dropped (a key written
    // twice) by its key. XCTest runs one test at a time, so no other test's reporter exists.
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase  // reads every value of a repeated key
    let model = try decoder.decode(
      Model.self, from: Data(#"{"scores": {"b": 1, "b": "x", "a": "y"}}"#.utf8))
    XCTAssertEqual(model.scores, ["b": 1])
    #if DEBUG
      XCTAssertEqual(
        model.$scores.errors.map(describe),
        ["typeMismatch(Int) at scores.a", "typeMismatch(Int) at scores.b"])
    #endif
  }
}
