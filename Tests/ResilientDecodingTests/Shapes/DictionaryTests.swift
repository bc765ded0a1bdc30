import Foundation
import ResilientDecoding
import XCTest

/// SPEC §2, rows `[String: T]` and `[String: T]?`: the whole value falls back to `[:]` or
/// `nil`, and bad entries are dropped one by one, each reported at its key.
final class DictionaryTests: XCTestCase {
  struct Model: Decodable {
    @Resilient var scores: [String: Int]
    @Resilient var optionalScores: [String: Int]?
  }

  // MARK: [String: T]

  func testValidDictionaryIsDecoded() throws {
    let (model, digest) = try decode(Model.self, json: #"{"scores": {"a": 1, "b": 2}}"#)
    XCTAssertEqual(model.scores, ["a": 1, "b": 2])
    XCTAssertNil(digest)
    #if DEBUG
      assertOutcome(model.$scores.outcome, .decodedSuccessfully)
      XCTAssertNil(model.$scores.error)
      XCTAssertTrue(model.$scores.errors.isEmpty)
    #endif
  }

  func testMissingKeyGivesEmptyDictionaryWithoutReporting() throws {
    let (model, digest) = try decode(Model.self, json: "{}")
    XCTAssertEqual(model.scores, [:])
    XCTAssertNil(digest)
    #if DEBUG
      assertOutcome(model.$scores.outcome, .keyNotFound)
      XCTAssertTrue(model.$scores.results.isEmpty)
    #endif
  }

  func testNullGivesEmptyDictionaryWithoutReporting() throws {
    let (model, digest) = try decode(Model.self, json: #"{"scores": null}"#)
    XCTAssertEqual(model.scores, [:])
    XCTAssertNil(digest)
    #if DEBUG
      assertOutcome(model.$scores.outcome, .valueWasNil)
      XCTAssertTrue(model.$scores.errors.isEmpty)
    #endif
  }

  func testWrongKindGivesEmptyDictionaryAndIsReported() throws {
    let (model, digest) = try decode(Model.self, json: #"{"scores": [1, 2]}"#)
    XCTAssertEqual(model.scores, [:])
    assertReports(digest, [Report("scores", .typeMismatch)])
    #if DEBUG
      assertOutcome(model.$scores.outcome, .recovered(wasReported: true))
      XCTAssertEqual(model.$scores.errors.map(ErrorKind.init), [.typeMismatch])
      XCTAssertTrue(model.$scores.results.isEmpty)
    #endif
  }

  func testInvalidEntriesAreDroppedAndReportedAtTheirKey() throws {
    let (model, digest) = try decode(
      Model.self, json: #"{"scores": {"a": 1, "b": "x", "c": 3, "d": null}}"#)
    XCTAssertEqual(model.scores, ["a": 1, "c": 3])
    assertReports(digest, [Report("scores.b", .typeMismatch), Report("scores.d", .valueNotFound)])
    #if DEBUG
      assertOutcome(model.$scores.outcome, .recovered(wasReported: false))
      XCTAssertTrue(
        model.$scores.error is ResilientDecodingOutcome.DictionaryDecodingError<Int>,
        "\(String(describing: model.$scores.error))")
      XCTAssertEqual(
        summaries(model.$scores.results),
        [
          "a": .success(1), "b": .failure(.typeMismatch), "c": .success(3),
          "d": .failure(.valueNotFound),
        ])
      XCTAssertEqual(model.$scores.errors.map(ErrorKind.init), [.typeMismatch, .valueNotFound])
    #endif
  }

  func testFailedEntriesAreReportedInTheSameOrderOnEveryDecode() throws {
    // Decoders visit the entries of a JSON object in no fixed order; the digest must not
    // follow them (SPEC §5.4).
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

  // MARK: [String: T]?

  func testOptionalDictionaryIsNilWhenMissing() throws {
    let (model, digest) = try decode(Model.self, json: "{}")
    XCTAssertNil(model.optionalScores)
    XCTAssertNil(digest)
    #if DEBUG
      assertOutcome(model.$optionalScores.outcome, .keyNotFound)
    #endif
  }

  func testOptionalDictionaryIsNilWhenNull() throws {
    let (model, digest) = try decode(Model.self, json: #"{"optionalScores": null}"#)
    XCTAssertNil(model.optionalScores)
    XCTAssertNil(digest)
    #if DEBUG
      assertOutcome(model.$optionalScores.outcome, .valueWasNil)
    #endif
  }

  func testOptionalDictionaryOfWrongKindIsEmptyNotNil() throws {
    let (model, digest) = try decode(Model.self, json: #"{"optionalScores": 12}"#)
    XCTAssertEqual(model.optionalScores, [:])
    assertReports(digest, [Report("optionalScores", .typeMismatch)])
    #if DEBUG
      assertOutcome(model.$optionalScores.outcome, .recovered(wasReported: true))
      XCTAssertEqual(model.$optionalScores.errors.map(ErrorKind.init), [.typeMismatch])
    #endif
  }

  func testOptionalDictionaryDropsInvalidEntriesLikeADictionary() throws {
    let (model, digest) = try decode(
      Model.self, json: #"{"optionalScores": {"x": 1, "y": [2]}}"#)
    XCTAssertEqual(model.optionalScores, ["x": 1])
    assertReports(digest, [Report("optionalScores.y", .typeMismatch)])
    #if DEBUG
      assertOutcome(model.$optionalScores.outcome, .recovered(wasReported: false))
      XCTAssertEqual(
        summaries(model.$optionalScores.results), ["x": .success(1), "y": .failure(.typeMismatch)])
    #endif
  }

  func testValidOptionalDictionaryIsDecoded() throws {
    let (model, digest) = try decode(Model.self, json: #"{"optionalScores": {"z": 26}}"#)
    XCTAssertEqual(model.optionalScores, ["z": 26])
    XCTAssertNil(digest)
    #if DEBUG
      assertOutcome(model.$optionalScores.outcome, .decodedSuccessfully)
    #endif
  }

  // MARK: Keys that are not strings

  @available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *)
  struct IntKeyed: Decodable {
    @Resilient var names: [Int: String]
  }

  func testIntKeyedDictionaryDropsEntriesWhoseKeyIsNotAnInteger() throws {
    guard #available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *) else {
      throw XCTSkip("CodingKeyRepresentable needs a newer OS")
    }
    let (model, digest) = try decode(
      IntKeyed.self, json: #"{"names": {"1": "one", "two": "2", "3": 3}}"#)
    XCTAssertEqual(model.names, [1: "one"])
    assertReports(digest, [Report("names.3", .typeMismatch), Report("names.two", .dataCorrupted)])
  }
}
