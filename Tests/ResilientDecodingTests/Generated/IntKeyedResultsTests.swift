import Foundation
import ResilientDecoding
import Testing

/// The entry results of a dictionary with `Int` keys are keyed by each key as written in the
/// data, whichever entries were kept (found by the generated payloads).
@Suite struct IntKeyedResultsTests {
  private struct IntKeyed: Decodable {
    @Resilient var ids: [Int: String]
  }

  @Test func resultsAreKeyedAsWrittenWhenEveryEntryDecodes() throws {
    // A lookup by the document's key ("+41"), not by the converted one ("41"), finds the entry.
    let (value, digest) = try decode(
      IntKeyed.self, json: #"{"ids": {"+41": "a", "07": "b", "3": "c"}}"#)
    #expect(value.ids == [41: "a", 7: "b", 3: "c"])
    assertReports(digest, [])
    #if DEBUG
      assertOutcome(value.$ids.outcome, .decodedSuccessfully)
      #expect(
        summaries(value.$ids.results) == [
          "+41": .success("a"), "07": .success("b"), "3": .success("c"),
        ])
      #expect(errorKinds(value.$ids.errors) == [])
    #endif
  }

  @Test func aKeptEntryKeepsItsResultWhenADroppedKeyConvertsToTheSameInt() throws {
    // "1" is kept, being canonical; "01", the same `Int` before it in key order, is dropped,
    // and its failure must not replace the result of "1". Without a canonical spelling, the
    // first in key order is kept: "002" (before "02"), whatever the document's order.
    let (value, digest) = try decode(
      IntKeyed.self,
      json: #"{"ids": {"01": "zero-one", "1": "one", "x": "ex", "02": "zero-two", "002": "z"}}"#)
    #expect(value.ids == [1: "one", 2: "z"])
    assertReports(
      digest,
      [
        Report("ids.01", .dataCorrupted), Report("ids.02", .dataCorrupted),
        Report("ids.x", .dataCorrupted),
      ])
    #if DEBUG
      #expect(
        summaries(value.$ids.results) == [
          "01": .failure(.dataCorrupted), "1": .success("one"), "x": .failure(.dataCorrupted),
          "002": .success("z"), "02": .failure(.dataCorrupted),
        ])
      #expect(errorKinds(value.$ids.errors) == [.dataCorrupted, .dataCorrupted, .dataCorrupted])
    #endif
  }
}
