import Foundation
import ResilientDecoding
import Testing

/// Whole values that fail are reported in release builds as in DEBUG, where the outcome that
/// records them does not exist (found by the generated payloads in release).
@Suite struct ReleaseBuildReportingTests {
  private struct WholeValues: Decodable {
    @Resilient var numbers: [Int]
    @Resilient var words: [String]?
    @Resilient var codes: Set<Int>
    @Resilient var scores: [String: Int]
    @Resilient var ids: [Int: String]?
  }

  @Test func collectionsOfTheWrongKindAreReportedInReleaseBuildsToo() throws {
    let (value, digest) = try decode(
      WholeValues.self,
      json: #"{"numbers": "1", "words": 2, "codes": {}, "scores": [1], "ids": true}"#)
    #expect(value.numbers == [])
    #expect(value.words == [])
    #expect(value.codes == [])
    #expect(value.scores == [:])
    #expect(value.ids == [:])
    assertReports(
      digest,
      ["numbers", "words", "codes", "scores", "ids"].map { Report($0, .typeMismatch) })
  }

  private struct Fallbacks: Decodable {
    @Resilient var missing: Mood
    @Resilient var null: Mood
    @Resilient var wrongType: FrozenMood
    @Resilient var novel: Mood
    @Resilient var frozenNovel: FrozenMood
    @Resilient var known: FrozenMood
  }

  @Test func rawValuesWithAFallbackReportTheirFailuresInReleaseBuildsToo() throws {
    let json =
      #"{"null": null, "wrongType": 3, "novel": "violet", "frozenNovel": "hexagon", "#
      + #""known": "happy"}"#
    let (value, digest) = try decode(Fallbacks.self, json: json)
    #expect([value.missing, value.null, value.novel] == [.unknown, .unknown, .unknown])
    #expect([value.wrongType, value.frozenNovel, value.known] == [.unknown, .unknown, .happy])
    let reported = [
      Report("missing", .keyNotFound("missing")), Report("null", .valueNotFound),
      Report("wrongType", .typeMismatch), Report("frozenNovel", .dataCorrupted),
    ]
    assertReports(digest, reported)
    var withNovel = reported
    withNovel.insert(Report("novel", .novel("violet")), at: 3)
    assertReports(digest, withNovel, includingNovel: true)
  }
}
