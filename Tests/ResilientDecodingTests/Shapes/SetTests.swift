import Foundation
import ResilientDecoding
import XCTest

/// `@Resilient` sets (DocC "Choosing a Property Kind") drop failing elements like arrays, collapse
/// duplicates, and list their results in document order in DEBUG. What the whole set holds when
/// missing, `null` or not an array is in `MissingNullWrongKindTests`.
final class SetTests: XCTestCase {
  struct Numbers: Decodable {
    @Resilient var numbers: Set<Int>
    @Resilient var maybeNumbers: Set<Int>?
  }

  struct Tags: Decodable {
    @Resilient var tags: Set<String>
  }

  struct Fruits: Decodable {
    @Resilient var fruits: Set<Fruit>
    @Resilient var maybeFruits: Set<Fruit>?
    @Resilient var frozenFruits: Set<FrozenFruit>
    @Resilient var moods: Set<Mood>
  }

  // MARK: Plain elements

  func testInvalidElementsAreOmittedAndReportedAtTheirIndex() throws {
    let (value, digest) = try decode(
      Numbers.self, json: #"{"numbers": [3, "x", 1, null, 3], "maybeNumbers": [true, 5]}"#)
    XCTAssertEqual(value.numbers, [1, 3])
    XCTAssertEqual(value.maybeNumbers, [5])
    XCTAssertEqual(
      detailedReports(digest),
      [
        "numbers.Index 1: typeMismatch(Int) at numbers.Index 1",
        "numbers.Index 3: valueNotFound(Int) at numbers.Index 3",
        "maybeNumbers.Index 0: typeMismatch(Int) at maybeNumbers.Index 0",
      ])
    #if DEBUG
      XCTAssertEqual(
        describe(value.$numbers.results),
        [
          "success(3)", "failure(typeMismatch(Int) at numbers.Index 1)", "success(1)",
          "failure(valueNotFound(Int) at numbers.Index 3)", "success(3)",
        ],
        "results list every element in document order, duplicates included")
      XCTAssertEqual(
        value.$numbers.errors.map { describe($0) },
        ["typeMismatch(Int) at numbers.Index 1", "valueNotFound(Int) at numbers.Index 3"])
      assertFailedOneByOne(
        value.$maybeNumbers.outcome, as: ResilientDecodingOutcome.ArrayDecodingError<Int>.self)
      XCTAssertEqual(
        describe(value.$maybeNumbers.results),
        ["failure(typeMismatch(Int) at maybeNumbers.Index 0)", "success(5)"])
    #endif
  }

  func testStringSetDropsInvalidElementsLikeAnArray() throws {
    let (model, digest) = try decode(Tags.self, json: #"{"tags": ["a", 1, "b", "a"]}"#)
    XCTAssertEqual(model.tags, ["a", "b"])
    assertReports(digest, [Report("tags.Index 1", .typeMismatch)])
    #if DEBUG
      XCTAssertEqual(
        summaries(model.$tags.results),
        [.success("a"), .failure(.typeMismatch), .success("b"), .success("a")])
    #endif
  }

  func testDuplicatesCollapseAndCleanResultsKeepDocumentOrder() throws {
    let (value, digest) = try decode(
      Numbers.self, json: #"{"numbers": [2, 2, 1, 2], "maybeNumbers": [9, 8, 9]}"#)
    XCTAssertEqual(value.numbers, [1, 2])
    XCTAssertEqual(value.maybeNumbers, [8, 9])
    XCTAssertNil(digest)
    #if DEBUG
      assertOutcome(value.$numbers.outcome, .decodedSuccessfully)
      XCTAssertEqual(
        summaries(value.$numbers.results), [.success(2), .success(2), .success(1), .success(2)])
      XCTAssertEqual(
        summaries(value.$maybeNumbers.results), [.success(9), .success(8), .success(9)])
      XCTAssertTrue(value.$numbers.errors.isEmpty)
    #endif
  }

  func testCleanResultsFollowTheDocumentWhateverTheSetOrder() throws {
    // Many orders of the same elements: the results must follow each document, which the
    // iteration order of one set cannot do for all of them.
    let orders = [[5, 1, 4], [1, 4, 5], [4, 5, 1], [5, 4, 1, 5]]
    for order in orders {
      let json = #"{"numbers": \#(order), "maybeNumbers": \#(order)}"#
      let (value, _) = try decode(Numbers.self, json: json)
      XCTAssertEqual(value.numbers, [1, 4, 5])
      #if DEBUG
        XCTAssertEqual(summaries(value.$numbers.results), order.map { .success($0) })
        XCTAssertEqual(summaries(value.$maybeNumbers.results), order.map { .success($0) })
      #endif
    }
  }

  // MARK: Raw-representable elements

  func testNovelAndInvalidElementsOfARawSetAreOmitted() throws {
    let json = """
      {"fruits": ["apple", "kiwi", 7, "pear", "apple"], "maybeFruits": ["pear", "fig"],
       "frozenFruits": ["apple", "plum", "pear"], "moods": ["happy", "meh"]}
      """
    let (value, digest) = try decode(Fruits.self, json: json)
    XCTAssertEqual(value.fruits, [.apple, .pear])
    XCTAssertEqual(value.maybeFruits, [.pear])
    XCTAssertEqual(value.frozenFruits, [.apple, .pear])
    XCTAssertEqual(value.moods, [.happy], "a set never uses the fallback")
    // Novel values are left out of the reports unless asked for.
    assertReportsIncludingNovel(
      digest,
      [
        Report("fruits.Index 1", .novel("kiwi")), Report("fruits.Index 2", .typeMismatch),
        Report("maybeFruits.Index 1", .novel("fig")),
        Report("frozenFruits.Index 1", .dataCorrupted), Report("moods.Index 1", .novel("meh")),
      ])
    #if DEBUG
      XCTAssertEqual(
        describe(value.$fruits.results),
        [
          "success(apple)", #"failure(novel("kiwi"))"#,
          "failure(typeMismatch(String) at fruits.Index 2)", "success(pear)", "success(apple)",
        ])
      XCTAssertEqual(value.$maybeFruits.errors.map { describe($0) }, [#"novel("fig")"#])
      XCTAssertEqual(
        value.$frozenFruits.errors.map { describe($0) }, ["dataCorrupted at frozenFruits.Index 1"],
        "a frozen type turns an unknown raw value into corrupt data")
    #endif
  }

  func testCleanRawSetResultsKeepDocumentOrderWithDuplicates() throws {
    let (value, digest) = try decode(
      Fruits.self,
      json: #"{"fruits": ["pear", "apple", "pear"], "frozenFruits": ["pear", "apple"]}"#)
    XCTAssertEqual(value.fruits, [.apple, .pear])
    XCTAssertEqual(value.frozenFruits, [.apple, .pear])
    XCTAssertNil(digest)
    #if DEBUG
      assertOutcome(value.$fruits.outcome, .decodedSuccessfully)
      XCTAssertEqual(
        summaries(value.$fruits.results), [.success(.pear), .success(.apple), .success(.pear)])
      XCTAssertEqual(summaries(value.$frozenFruits.results), [.success(.pear), .success(.apple)])
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
      XCTAssertEqual(MemoryLayout<Resilient<Set<Fruit>?>>.size, MemoryLayout<Set<Fruit>?>.size)
    #endif
  }
}
