import Foundation
import ResilientDecoding
import XCTest

/// Bugs the property tests and the fuzzer found, each pinned by a small example.
final class PropertyRegressionTests: XCTestCase {
  private struct IntKeyed: Decodable {
    @Resilient var ids: [Int: String]
  }

  func testIntKeyedDictionaryResultsAreKeyedAsWrittenWhenAllEntriesDecode() throws {
    // Found by the property tests: `$ids.results` used the converted key ("41"), not the key
    // as written ("+41"), so a lookup by the document's key failed.
    let data = Data(#"{"ids": {"+41": "a", "07": "b", "3": "c"}}"#.utf8)
    let (value, digest) = try JSONDecoder().decode(
      IntKeyed.self, from: data, reportResilientDecodingErrors: true)
    XCTAssertEqual(value.ids, [41: "a", 7: "b", 3: "c"])
    XCTAssertNil(digest)
    #if DEBUG
      XCTAssertEqual(Set(value.$ids.results.keys), ["+41", "07", "3"])
      XCTAssertEqual(try value.$ids.results["+41"]?.get(), "a")
      XCTAssertEqual(try value.$ids.results["07"]?.get(), "b")
      XCTAssertTrue(value.$ids.errors.isEmpty)
    #endif
  }

  func testIntKeyedDictionaryResultsKeepAKeptEntryWhoseKeyCollidesWithADroppedOne() throws {
    // With only key errors, the kept "01" entry must not be listed under "1", where the
    // failure of the dropped "1" entry would replace it.
    let data = Data(#"{"ids": {"1": "one", "01": "zero-one", "x": "ex"}}"#.utf8)
    let (value, digest) = try JSONDecoder().decode(
      IntKeyed.self, from: data, reportResilientDecodingErrors: true)
    XCTAssertEqual(value.ids, [1: "zero-one"])
    XCTAssertEqual(digest?.errors.count, 2)
    XCTAssertEqual(
      digest?.entries.map { $0.codingPath.map(\.stringValue) }, [["ids", "1"], ["ids", "x"]])
    #if DEBUG
      XCTAssertEqual(value.$ids.results.count, 3)
      XCTAssertEqual(try value.$ids.results["01"]?.get(), "zero-one")
      XCTAssertThrowsError(try value.$ids.results["1"]?.get())
      XCTAssertThrowsError(try value.$ids.results["x"]?.get())
      XCTAssertEqual(value.$ids.errors.count, 2)
    #endif
  }

  private struct WholeValues: Decodable {
    @Resilient var numbers: [Int]
    @Resilient var words: [String]?
    @Resilient var codes: Set<Int>
    @Resilient var scores: [String: Int]
    @Resilient var ids: [Int: String]?
  }

  func testCollectionsOfTheWrongKindAreReportedInReleaseBuildsToo() throws {
    // Found by the property tests in release: the error was reported from inside the
    // autoclosure that records the DEBUG outcome, which release builds never evaluate, so
    // the reporter never heard of these errors.
    let data = Data(
      #"{"numbers": "1", "words": 2, "codes": {}, "scores": [1], "ids": true}"#.utf8)
    let (value, digest) = try JSONDecoder().decode(
      WholeValues.self, from: data, reportResilientDecodingErrors: true)
    XCTAssertEqual(value.numbers, [])
    XCTAssertEqual(value.words, [])
    XCTAssertEqual(value.codes, [])
    XCTAssertEqual(value.scores, [:])
    XCTAssertEqual(value.ids, [:])
    XCTAssertEqual(digest?.entries.map(\.path), ["numbers", "words", "codes", "scores", "ids"])
  }

  private struct Fallbacks: Decodable {
    @Resilient var missing: PropColor
    @Resilient var null: PropColor
    @Resilient var wrongType: PropShape
    @Resilient var novel: PropColor
    @Resilient var frozenNovel: PropShape
    @Resilient var known: PropShape
  }

  func testRawValuesWithAFallbackReportTheirFailuresInReleaseBuildsToo() throws {
    // Found by the property tests in release, like the test above: a non-optional raw value
    // with a fallback fell back silently.
    let json =
      #"{"null": null, "wrongType": 3, "novel": "violet", "frozenNovel": "hexagon", "#
      + #""known": "circle"}"#
    let data = Data(json.utf8)
    let (value, digest) = try JSONDecoder().decode(
      Fallbacks.self, from: data, reportResilientDecodingErrors: true)
    XCTAssertEqual(
      [value.missing, value.null, value.novel], [PropColor.unknown, .unknown, .unknown])
    XCTAssertEqual([value.wrongType, value.frozenNovel, value.known], [.other, .other, .circle])
    let digestValue = try XCTUnwrap(digest)
    XCTAssertEqual(
      digestValue.entries.map(\.path), ["missing", "null", "wrongType", "frozenNovel"])
    XCTAssertEqual(
      digestValue.entries(includeUnknownNovelValueErrors: true).map(\.path),
      ["missing", "null", "wrongType", "novel", "frozenNovel"])
  }
}
