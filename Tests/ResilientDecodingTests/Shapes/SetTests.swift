import Foundation
import ResilientDecoding
import XCTest

/// `@Resilient` sets behave like arrays (missing, `null`, wrong kind, bad elements), collapse
/// duplicates, and list their results in document order in DEBUG.
final class SetTests: XCTestCase {
  /// A colour the server may add cases to: unknown raw values are novel, not errors.
  enum Colour: String, ResilientRawRepresentable {
    case red, green, blue
  }

  /// A position that will never get another case: unknown raw values are corrupt data.
  enum Position: String, ResilientRawRepresentable {
    case on, off
    static var isFrozen: Bool { true }
  }

  /// A mood with a fallback, which a set must never use.
  enum Mood: String, ResilientRawRepresentable {
    case happy, sad, unknown
    static var decodingFallback: Mood { .unknown }
  }

  struct Numbers: Decodable {
    @Resilient var numbers: Set<Int>
    @Resilient var maybeNumbers: Set<Int>?
  }

  struct Palette: Decodable {
    @Resilient var colours: Set<Colour>
    @Resilient var maybeColours: Set<Colour>?
    @Resilient var positions: Set<Position>
    @Resilient var moods: Set<Mood>
  }

  // MARK: Plain elements

  func testMissingKeysGiveAnEmptySetAndANilOptionalSet() throws {
    let (value, digest) = try beyondDecode(Numbers.self, "{}")
    XCTAssertEqual(value.numbers, [])
    XCTAssertNil(value.maybeNumbers)
    XCTAssertNil(digest)
    #if DEBUG
      XCTAssertEqual(beyondOutcome(value.$numbers.outcome), "keyNotFound")
      XCTAssertEqual(beyondOutcome(value.$maybeNumbers.outcome), "keyNotFound")
      XCTAssertTrue(value.$numbers.results.isEmpty)
      XCTAssertTrue(value.$maybeNumbers.errors.isEmpty)
    #endif
  }

  func testNullGivesAnEmptySetAndANilOptionalSet() throws {
    let (value, digest) = try beyondDecode(
      Numbers.self, #"{"numbers": null, "maybeNumbers": null}"#)
    XCTAssertEqual(value.numbers, [])
    XCTAssertNil(value.maybeNumbers)
    XCTAssertNil(digest)
    #if DEBUG
      XCTAssertEqual(beyondOutcome(value.$numbers.outcome), "valueWasNil")
      XCTAssertEqual(beyondOutcome(value.$maybeNumbers.outcome), "valueWasNil")
      XCTAssertNil(value.$numbers.error)
    #endif
  }

  func testValueThatIsNotAnArrayGivesEmptySetsAndIsReported() throws {
    let (value, digest) = try beyondDecode(
      Numbers.self, #"{"numbers": "1,2", "maybeNumbers": {"a": 1}}"#)
    XCTAssertEqual(value.numbers, [])
    XCTAssertEqual(value.maybeNumbers, [], "an optional set that is not an array is [], not nil")
    beyondAssertEntries(digest, ["numbers typeMismatch", "maybeNumbers typeMismatch"])
    #if DEBUG
      guard case .recoveredFrom(let error, let wasReported) = value.$numbers.outcome else {
        return XCTFail("expected a recovered outcome, got \(value.$numbers.outcome)")
      }
      XCTAssertTrue(wasReported)
      XCTAssertEqual(beyondKind(error), "typeMismatch")
      XCTAssertEqual(
        beyondResults(value.$numbers.results), ["failure(\(beyondDescribe(error)))"])
      XCTAssertEqual(value.$maybeNumbers.errors.count, 1)
    #endif
  }

  func testInvalidElementsAreOmittedAndReportedAtTheirIndex() throws {
    let (value, digest) = try beyondDecode(
      Numbers.self, #"{"numbers": [3, "x", 1, null, 3], "maybeNumbers": [true, 5]}"#)
    XCTAssertEqual(value.numbers, [1, 3])
    XCTAssertEqual(value.maybeNumbers, [5])
    XCTAssertEqual(
      beyondDetailedEntries(digest),
      [
        "numbers[1]: typeMismatch(Int) at numbers/Index 1",
        "numbers[3]: valueNotFound(Int) at numbers/Index 3",
        "maybeNumbers[0]: typeMismatch(Int) at maybeNumbers/Index 0",
      ])
    #if DEBUG
      XCTAssertEqual(
        beyondResults(value.$numbers.results),
        [
          "success(3)", "failure(typeMismatch(Int) at numbers/Index 1)", "success(1)",
          "failure(valueNotFound(Int) at numbers/Index 3)", "success(3)",
        ],
        "results list every element in document order, duplicates included")
      XCTAssertEqual(
        beyondErrors(value.$numbers.errors),
        ["typeMismatch(Int) at numbers/Index 1", "valueNotFound(Int) at numbers/Index 3"])
      guard case .recoveredFrom(let error, let wasReported) = value.$maybeNumbers.outcome else {
        return XCTFail("expected a recovered outcome, got \(value.$maybeNumbers.outcome)")
      }
      XCTAssertTrue(error is ResilientDecodingOutcome.ArrayDecodingError<Int>)
      XCTAssertFalse(wasReported, "each element's error is reported, not the whole set's")
      XCTAssertEqual(
        beyondResults(value.$maybeNumbers.results),
        ["failure(typeMismatch(Int) at maybeNumbers/Index 0)", "success(5)"])
    #endif
  }

  func testDuplicatesCollapseAndCleanResultsKeepDocumentOrder() throws {
    let (value, digest) = try beyondDecode(
      Numbers.self, #"{"numbers": [2, 2, 1, 2], "maybeNumbers": [9, 8, 9]}"#)
    XCTAssertEqual(value.numbers, [1, 2])
    XCTAssertEqual(value.maybeNumbers, [8, 9])
    XCTAssertNil(digest)
    #if DEBUG
      XCTAssertEqual(beyondOutcome(value.$numbers.outcome), "decodedSuccessfully")
      XCTAssertEqual(
        beyondResults(value.$numbers.results),
        ["success(2)", "success(2)", "success(1)", "success(2)"])
      XCTAssertEqual(
        beyondResults(value.$maybeNumbers.results), ["success(9)", "success(8)", "success(9)"])
      XCTAssertTrue(value.$numbers.errors.isEmpty)
    #endif
  }

  func testCleanResultsFollowTheDocumentWhateverTheSetOrder() throws {
    // Many orders of the same elements: the results must follow each document, which the
    // iteration order of one set cannot do for all of them.
    let orders = [[5, 1, 4], [1, 4, 5], [4, 5, 1], [5, 4, 1, 5]]
    for order in orders {
      let json = #"{"numbers": \#(order), "maybeNumbers": \#(order)}"#
      let (value, _) = try beyondDecode(Numbers.self, json)
      XCTAssertEqual(value.numbers, [1, 4, 5])
      #if DEBUG
        XCTAssertEqual(beyondResults(value.$numbers.results), order.map { "success(\($0))" })
        XCTAssertEqual(
          beyondResults(value.$maybeNumbers.results), order.map { "success(\($0))" })
      #endif
    }
  }

  // MARK: Raw-representable elements

  func testNovelAndInvalidElementsOfARawSetAreOmitted() throws {
    let json = """
      {"colours": ["red", "purple", 7, "blue", "red"], "maybeColours": ["green", "mauve"],
       "positions": ["on", "dimmed", "off"], "moods": ["happy", "meh"]}
      """
    let (value, digest) = try beyondDecode(Palette.self, json)
    XCTAssertEqual(value.colours, [.red, .blue])
    XCTAssertEqual(value.maybeColours, [.green])
    XCTAssertEqual(value.positions, [.on, .off])
    XCTAssertEqual(value.moods, [.happy], "a set never uses the fallback")
    beyondAssertEntries(
      digest,
      ["colours[2] typeMismatch", "positions[1] dataCorrupted"],
      "novel values are hidden by default")
    beyondAssertEntries(
      digest,
      [
        "colours[1] novel(\"purple\")", "colours[2] typeMismatch",
        "maybeColours[1] novel(\"mauve\")", "positions[1] dataCorrupted",
        "moods[1] novel(\"meh\")",
      ],
      includeNovel: true)
    XCTAssertEqual(digest?.errors.count, 2)
    #if DEBUG
      XCTAssertEqual(
        beyondResults(value.$colours.results),
        [
          "success(red)", "failure(novel(\"purple\"))",
          "failure(typeMismatch(String) at colours/Index 2)", "success(blue)", "success(red)",
        ])
      XCTAssertEqual(beyondErrors(value.$maybeColours.errors), ["novel(\"mauve\")"])
      XCTAssertEqual(
        beyondErrors(value.$positions.errors), ["dataCorrupted at positions/Index 1"],
        "a frozen type turns an unknown raw value into corrupt data")
    #endif
  }

  func testOptionalRawSetIsNilWhenMissingOrNullAndEmptyWhenNotAnArray() throws {
    let (missing, missingDigest) = try beyondDecode(Palette.self, "{}")
    XCTAssertNil(missing.maybeColours)
    XCTAssertEqual(missing.colours, [])
    XCTAssertNil(missingDigest)

    let (null, nullDigest) = try beyondDecode(
      Palette.self, #"{"maybeColours": null, "colours": null}"#)
    XCTAssertNil(null.maybeColours)
    XCTAssertEqual(null.colours, [])
    XCTAssertNil(nullDigest)

    let (wrong, wrongDigest) = try beyondDecode(
      Palette.self, #"{"maybeColours": "red", "colours": {"red": true}}"#)
    XCTAssertEqual(wrong.maybeColours, [])
    XCTAssertEqual(wrong.colours, [])
    beyondAssertEntries(wrongDigest, ["colours typeMismatch", "maybeColours typeMismatch"])
    #if DEBUG
      XCTAssertEqual(beyondOutcome(missing.$maybeColours.outcome), "keyNotFound")
      XCTAssertEqual(beyondOutcome(null.$maybeColours.outcome), "valueWasNil")
      XCTAssertEqual(
        beyondResults(wrong.$maybeColours.results).map { $0.hasPrefix("failure(") }, [true])
    #endif
  }

  func testCleanRawSetResultsKeepDocumentOrderWithDuplicates() throws {
    let (value, digest) = try beyondDecode(
      Palette.self, #"{"colours": ["blue", "red", "blue"], "positions": ["off", "on"]}"#)
    XCTAssertEqual(value.colours, [.red, .blue])
    XCTAssertEqual(value.positions, [.on, .off])
    XCTAssertNil(digest)
    #if DEBUG
      XCTAssertEqual(beyondOutcome(value.$colours.outcome), "decodedSuccessfully")
      XCTAssertEqual(
        beyondResults(value.$colours.results), ["success(blue)", "success(red)", "success(blue)"])
      XCTAssertEqual(beyondResults(value.$positions.results), ["success(off)", "success(on)"])
    #endif
  }

  // MARK: Layout

  func testWrapperAroundASetCostsNothingInRelease() {
    #if DEBUG
      XCTAssertGreaterThan(
        MemoryLayout<Resilient<Set<Int>>>.size, MemoryLayout<Set<Int>>.size,
        "DEBUG stores the outcome beside the set")
    #else
      XCTAssertEqual(MemoryLayout<Resilient<Set<Int>>>.size, MemoryLayout<Set<Int>>.size)
      XCTAssertEqual(MemoryLayout<Resilient<Set<Colour>?>>.size, MemoryLayout<Set<Colour>?>.size)
    #endif
  }
}
