import Foundation
import ResilientDecoding
import XCTest

/// SPEC §2, the `ResilientRawRepresentable` table and the novel rule, for enums and for
/// `URL`-backed types in every shape.
final class RawRepresentableTests: XCTestCase {
  // MARK: E with a fallback

  /// Checks that the three fallback-carrying properties (`mood`, `frozenMood`, `link`) all
  /// hold their fallback and that each reported, in order, the error `kind` gives for its key.
  private func assertEachFellBack(
    mood: Mood?, frozenMood: FrozenMood?, link: FallbackLink?, digest: ErrorDigest?,
    reporting kind: (String) -> ErrorKind,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(mood, .unknown, file: file, line: line)
    XCTAssertEqual(frozenMood, .unknown, file: file, line: line)
    XCTAssertEqual(link, .example("fallback"), file: file, line: line)
    let keys = ["mood", "frozenMood", "link"]
    assertReports(digest, keys.map { Report($0, kind($0)) }, file: file, line: line)
  }

  struct WithFallback: Decodable {
    @Resilient var mood: Mood
    @Resilient var frozenMood: FrozenMood
    @Resilient var link: FallbackLink
  }

  func testKnownRawValuesAreDecoded() throws {
    let (model, digest) = try decode(
      WithFallback.self,
      json: #"{"mood": "sad", "frozenMood": "happy", "link": "https://example.com/a"}"#)
    XCTAssertEqual(model.mood, .sad)
    XCTAssertEqual(model.frozenMood, .happy)
    XCTAssertEqual(model.link, .example("a"))
    XCTAssertNil(digest)
    #if DEBUG
      assertOutcome(model.$mood.outcome, .decodedSuccessfully)
      assertOutcome(model.$link.outcome, .decodedSuccessfully)
      XCTAssertNil(model.$link.error)
    #endif
  }

  func testMissingKeyGivesTheFallbackAndIsReported() throws {
    let (model, digest) = try decode(WithFallback.self, json: "{}")
    assertEachFellBack(
      mood: model.mood, frozenMood: model.frozenMood, link: model.link, digest: digest,
      reporting: { .keyNotFound($0) })
    #if DEBUG
      assertOutcome(model.$mood.outcome, .recovered(wasReported: true))
      assertError(model.$mood.error, is: .keyNotFound("mood"))
      assertError(model.$link.error, is: .keyNotFound("link"))
    #endif
  }

  func testNullGivesTheFallbackAndIsReported() throws {
    let (model, digest) = try decode(
      WithFallback.self, json: #"{"mood": null, "frozenMood": null, "link": null}"#)
    assertEachFellBack(
      mood: model.mood, frozenMood: model.frozenMood, link: model.link, digest: digest,
      reporting: { _ in .valueNotFound })
    #if DEBUG
      assertOutcome(model.$mood.outcome, .recovered(wasReported: true))
      assertError(model.$link.error, is: .valueNotFound)
    #endif
  }

  func testWrongRawTypeGivesTheFallbackAndIsReported() throws {
    let (model, digest) = try decode(
      WithFallback.self, json: #"{"mood": 1, "frozenMood": ["sad"], "link": 443}"#)
    assertEachFellBack(
      mood: model.mood, frozenMood: model.frozenMood, link: model.link, digest: digest,
      reporting: { _ in .typeMismatch })
    #if DEBUG
      assertOutcome(model.$frozenMood.outcome, .recovered(wasReported: true))
      assertError(model.$link.error, is: .typeMismatch)
    #endif
  }

  func testUnreadableURLGivesTheFallbackAndIsReported() throws {
    let (model, digest) = try decode(
      WithFallback.self, json: #"{"mood": "sad", "frozenMood": "sad", "link": ""}"#)
    XCTAssertEqual(model.link, .example("fallback"))
    assertReports(digest, [Report("link", .dataCorrupted)])
  }

  func testNovelValueOfNonFrozenTypeGivesTheFallbackAndIsHiddenFromErrors() throws {
    let (model, digest) = try decode(
      WithFallback.self, json: #"{"mood": "ecstatic", "frozenMood": "sad", "link": "https://a.b"}"#)
    XCTAssertEqual(model.mood, .unknown)
    assertReports(digest, [])
    assertReports(digest, [Report("mood", .novel("ecstatic"))], includingNovel: true)
    #if DEBUG
      assertOutcome(model.$mood.outcome, .recovered(wasReported: true))
      assertError(model.$mood.error, is: .novel("ecstatic"))
    #endif
  }

  func testNovelValueOfFrozenTypeGivesTheFallbackAndIsReportedAsCorruptData() throws {
    let (model, digest) = try decode(
      WithFallback.self,
      json: #"{"mood": "sad", "frozenMood": "ecstatic", "link": "http://example.com/a"}"#)
    XCTAssertEqual(model.frozenMood, .unknown)
    XCTAssertEqual(model.link, .example("fallback"))
    assertReports(digest, [Report("frozenMood", .dataCorrupted), Report("link", .dataCorrupted)])
    assertReports(
      digest, [Report("frozenMood", .dataCorrupted), Report("link", .dataCorrupted)],
      includingNovel: true)
    #if DEBUG
      assertError(model.$frozenMood.error, is: .dataCorrupted)
      assertError(model.$link.error, is: .dataCorrupted)
    #endif
  }

  // MARK: E? without a fallback

  struct OptionalWithoutFallback: Decodable {
    @Resilient var fruit: Fruit?
    @Resilient var frozenFruit: FrozenFruit?
    @Resilient var link: SecureLink?
  }

  func testOptionalWithoutFallbackDecodesKnownValues() throws {
    let (model, digest) = try decode(
      OptionalWithoutFallback.self,
      json: #"{"fruit": "pear", "frozenFruit": "apple", "link": "https://example.com/b"}"#)
    XCTAssertEqual(model.fruit, .pear)
    XCTAssertEqual(model.frozenFruit, .apple)
    XCTAssertEqual(model.link, .example("b"))
    XCTAssertNil(digest)
  }

  func testOptionalWithoutFallbackIsNilWithoutErrorWhenMissing() throws {
    let (model, digest) = try decode(OptionalWithoutFallback.self, json: "{}")
    XCTAssertNil(model.fruit)
    XCTAssertNil(model.frozenFruit)
    XCTAssertNil(model.link)
    XCTAssertNil(digest)
    #if DEBUG
      assertOutcome(model.$fruit.outcome, .keyNotFound)
      XCTAssertNil(model.$fruit.error)
      assertOutcome(model.$link.outcome, .keyNotFound)
    #endif
  }

  func testOptionalWithoutFallbackIsNilWithoutErrorWhenNull() throws {
    let (model, digest) = try decode(
      OptionalWithoutFallback.self, json: #"{"fruit": null, "frozenFruit": null, "link": null}"#)
    XCTAssertNil(model.fruit)
    XCTAssertNil(model.frozenFruit)
    XCTAssertNil(model.link)
    XCTAssertNil(digest)
    #if DEBUG
      assertOutcome(model.$fruit.outcome, .valueWasNil)
      assertOutcome(model.$link.outcome, .valueWasNil)
    #endif
  }

  func testOptionalWithoutFallbackOfWrongRawTypeIsNilAndReported() throws {
    let (model, digest) = try decode(
      OptionalWithoutFallback.self, json: #"{"fruit": 1, "frozenFruit": true, "link": 2}"#)
    XCTAssertNil(model.fruit)
    XCTAssertNil(model.frozenFruit)
    XCTAssertNil(model.link)
    assertReports(
      digest,
      [
        Report("fruit", .typeMismatch), Report("frozenFruit", .typeMismatch),
        Report("link", .typeMismatch),
      ])
    #if DEBUG
      assertOutcome(model.$fruit.outcome, .recovered(wasReported: true))
      assertError(model.$fruit.error, is: .typeMismatch)
    #endif
  }

  func testOptionalWithoutFallbackFollowsTheNovelRule() throws {
    let (model, digest) = try decode(
      OptionalWithoutFallback.self,
      json: #"{"fruit": "kiwi", "frozenFruit": "kiwi", "link": "http://example.com/c"}"#)
    XCTAssertNil(model.fruit)
    XCTAssertNil(model.frozenFruit)
    XCTAssertNil(model.link)
    assertReports(digest, [Report("frozenFruit", .dataCorrupted)])
    assertReports(
      digest,
      [
        Report("fruit", .novel("kiwi")), Report("frozenFruit", .dataCorrupted),
        Report("link", .novel("http://example.com/c")),
      ],
      includingNovel: true)
    #if DEBUG
      assertOutcome(model.$fruit.outcome, .recovered(wasReported: true))
      assertError(model.$fruit.error, is: .novel("kiwi"))
      assertError(model.$frozenFruit.error, is: .dataCorrupted)
      assertError(model.$link.error, is: .novel("http://example.com/c"))
    #endif
  }

  func testNovelURLKeepsTheDecodedURLAsItsNovelValue() throws {
    let (_, digest) = try decode(
      OptionalWithoutFallback.self, json: #"{"link": "ftp://example.com/file"}"#)
    let novel = digest?.errors(includeUnknownNovelValueErrors: true).first
    let value = (novel as? UnknownNovelValueError)?.novelValue
    XCTAssertEqual(value as? URL, URL(string: "ftp://example.com/file"))
  }

  // MARK: E? with a fallback

  struct OptionalWithFallback: Decodable {
    @Resilient var mood: Mood?
    @Resilient var frozenMood: FrozenMood?
    @Resilient var link: FallbackLink?
  }

  func testOptionalWithFallbackIsNilWithoutErrorWhenMissingOrNull() throws {
    let (model, digest) = try decode(
      OptionalWithFallback.self, json: #"{"mood": null, "frozenMood": null}"#)
    XCTAssertNil(model.mood)
    XCTAssertNil(model.frozenMood)
    XCTAssertNil(model.link)
    XCTAssertNil(digest)
    #if DEBUG
      assertOutcome(model.$mood.outcome, .valueWasNil)
      assertOutcome(model.$link.outcome, .keyNotFound)
    #endif
  }

  func testOptionalWithFallbackOfWrongRawTypeGivesTheFallbackNotNil() throws {
    let (model, digest) = try decode(
      OptionalWithFallback.self, json: #"{"mood": 3, "frozenMood": {}, "link": false}"#)
    assertEachFellBack(
      mood: model.mood, frozenMood: model.frozenMood, link: model.link, digest: digest,
      reporting: { _ in .typeMismatch })
    #if DEBUG
      assertOutcome(model.$mood.outcome, .recovered(wasReported: true))
      assertError(model.$link.error, is: .typeMismatch)
    #endif
  }

  func testOptionalWithFallbackGivesTheFallbackForNovelValues() throws {
    let (model, digest) = try decode(
      OptionalWithFallback.self,
      json: #"{"mood": "bored", "frozenMood": "bored", "link": "http://example.com"}"#)
    XCTAssertEqual(model.mood, .unknown)
    XCTAssertEqual(model.frozenMood, .unknown)
    XCTAssertEqual(model.link, .example("fallback"))
    assertReports(digest, [Report("frozenMood", .dataCorrupted), Report("link", .dataCorrupted)])
    assertReports(
      digest,
      [
        Report("mood", .novel("bored")), Report("frozenMood", .dataCorrupted),
        Report("link", .dataCorrupted),
      ],
      includingNovel: true)
    #if DEBUG
      assertError(model.$mood.error, is: .novel("bored"))
    #endif
  }

  func testOptionalWithFallbackDecodesKnownValues() throws {
    let (model, digest) = try decode(
      OptionalWithFallback.self,
      json: #"{"mood": "happy", "frozenMood": "sad", "link": "https://example.com/d"}"#)
    XCTAssertEqual(model.mood, .happy)
    XCTAssertEqual(model.frozenMood, .sad)
    XCTAssertEqual(model.link, .example("d"))
    XCTAssertNil(digest)
  }

  // MARK: Arrays

  struct Arrays: Decodable {
    @Resilient var fruits: [Fruit]
    @Resilient var frozenFruits: [FrozenFruit]
    @Resilient var moods: [Mood]
    @Resilient var links: [SecureLink]
    @Resilient var fallbackLinks: [FallbackLink]
  }

  func testArraysOmitNovelAndInvalidElementsAndNeverUseTheFallback() throws {
    let (model, digest) = try decode(
      Arrays.self,
      json: #"""
        {
          "fruits": ["apple", 1, "kiwi", "pear"],
          "frozenFruits": ["kiwi", "pear"],
          "moods": ["happy", "bored", null, "sad"],
          "links": ["https://example.com/a", "http://example.com/b", 3],
          "fallbackLinks": ["ftp://example.com", "https://example.com/c"]
        }
        """#)
    XCTAssertEqual(model.fruits, [.apple, .pear])
    XCTAssertEqual(model.frozenFruits, [.pear])
    XCTAssertEqual(model.moods, [.happy, .sad])
    XCTAssertEqual(model.links, [.example("a")])
    XCTAssertEqual(model.fallbackLinks, [.example("c")])
    assertReports(
      digest,
      [
        Report("fruits.Index 1", .typeMismatch),
        Report("frozenFruits.Index 0", .dataCorrupted),
        Report("moods.Index 2", .valueNotFound),
        Report("links.Index 2", .typeMismatch),
        Report("fallbackLinks.Index 0", .dataCorrupted),
      ])
    assertReports(
      digest,
      [
        Report("fruits.Index 1", .typeMismatch),
        Report("fruits.Index 2", .novel("kiwi")),
        Report("frozenFruits.Index 0", .dataCorrupted),
        Report("moods.Index 1", .novel("bored")),
        Report("moods.Index 2", .valueNotFound),
        Report("links.Index 1", .novel("http://example.com/b")),
        Report("links.Index 2", .typeMismatch),
        Report("fallbackLinks.Index 0", .dataCorrupted),
      ],
      includingNovel: true)
    #if DEBUG
      assertOutcome(model.$fruits.outcome, .recovered(wasReported: false))
      XCTAssertEqual(
        summaries(model.$fruits.results),
        [.success(.apple), .failure(.typeMismatch), .failure(.novel("kiwi")), .success(.pear)])
      XCTAssertEqual(
        model.$links.errors.map(ErrorKind.init),
        [.novel("http://example.com/b"), .typeMismatch])
    #endif
  }

  func testArraysOfRawValuesHandleMissingNullAndWrongKindLikeArrays() throws {
    let (model, digest) = try decode(
      Arrays.self, json: #"{"fruits": null, "moods": "happy", "links": {"a": 1}}"#)
    XCTAssertEqual(model.fruits, [])
    XCTAssertEqual(model.frozenFruits, [])
    XCTAssertEqual(model.moods, [])
    XCTAssertEqual(model.links, [])
    assertReports(digest, [Report("moods", .typeMismatch), Report("links", .typeMismatch)])
    #if DEBUG
      assertOutcome(model.$fruits.outcome, .valueWasNil)
      assertOutcome(model.$frozenFruits.outcome, .keyNotFound)
      assertOutcome(model.$moods.outcome, .recovered(wasReported: true))
      XCTAssertEqual(summaries(model.$links.results), [.failure(.typeMismatch)])
    #endif
  }

  struct OptionalArrays: Decodable {
    @Resilient var fruits: [Fruit]?
    @Resilient var moods: [Mood]?
    @Resilient var links: [SecureLink]?
  }

  func testOptionalArraysOfRawValuesAreNilWhenMissingOrNull() throws {
    let (model, digest) = try decode(OptionalArrays.self, json: #"{"moods": null}"#)
    XCTAssertNil(model.fruits)
    XCTAssertNil(model.moods)
    XCTAssertNil(model.links)
    XCTAssertNil(digest)
  }

  func testOptionalArraysOfRawValuesOmitNovelAndInvalidElements() throws {
    let (model, digest) = try decode(
      OptionalArrays.self,
      json: #"""
        {"fruits": ["kiwi", "apple"], "moods": 5, "links": [null, "https://example.com/e"]}
        """#)
    XCTAssertEqual(model.fruits, [.apple])
    XCTAssertEqual(model.moods, [])
    XCTAssertEqual(model.links, [.example("e")])
    assertReports(
      digest, [Report("moods", .typeMismatch), Report("links.Index 0", .valueNotFound)])
    assertReports(
      digest,
      [
        Report("fruits.Index 0", .novel("kiwi")), Report("moods", .typeMismatch),
        Report("links.Index 0", .valueNotFound),
      ],
      includingNovel: true)
  }

  // MARK: Dictionaries

  struct Dictionaries: Decodable {
    @Resilient var fruits: [String: Fruit]
    @Resilient var frozenFruits: [String: FrozenFruit]
    @Resilient var moods: [String: Mood]
    @Resilient var links: [String: SecureLink]
  }

  func testDictionariesOmitNovelAndInvalidEntriesAndNeverUseTheFallback() throws {
    let (model, digest) = try decode(
      Dictionaries.self,
      json: #"""
        {
          "fruits": {"a": "apple", "b": "kiwi", "c": 3},
          "frozenFruits": {"a": "kiwi", "b": "pear"},
          "moods": {"a": "bored", "b": "sad"},
          "links": {"a": "https://example.com/a", "b": "http://example.com/b"}
        }
        """#)
    XCTAssertEqual(model.fruits, ["a": .apple])
    XCTAssertEqual(model.frozenFruits, ["b": .pear])
    XCTAssertEqual(model.moods, ["b": .sad])
    XCTAssertEqual(model.links, ["a": .example("a")])
    assertReports(
      digest, [Report("fruits.c", .typeMismatch), Report("frozenFruits.a", .dataCorrupted)])
    assertReports(
      digest,
      [
        Report("fruits.b", .novel("kiwi")), Report("fruits.c", .typeMismatch),
        Report("frozenFruits.a", .dataCorrupted), Report("moods.a", .novel("bored")),
        Report("links.b", .novel("http://example.com/b")),
      ],
      includingNovel: true)
    #if DEBUG
      assertOutcome(model.$fruits.outcome, .recovered(wasReported: false))
      XCTAssertEqual(
        summaries(model.$fruits.results),
        ["a": .success(.apple), "b": .failure(.novel("kiwi")), "c": .failure(.typeMismatch)])
      XCTAssertEqual(model.$links.errors.map(ErrorKind.init), [.novel("http://example.com/b")])
    #endif
  }

  func testDictionariesOfRawValuesHandleMissingNullAndWrongKindLikeDictionaries() throws {
    let (model, digest) = try decode(
      Dictionaries.self, json: #"{"fruits": null, "moods": ["happy"], "links": "x"}"#)
    XCTAssertEqual(model.fruits, [:])
    XCTAssertEqual(model.frozenFruits, [:])
    XCTAssertEqual(model.moods, [:])
    XCTAssertEqual(model.links, [:])
    assertReports(digest, [Report("moods", .typeMismatch), Report("links", .typeMismatch)])
    #if DEBUG
      assertOutcome(model.$fruits.outcome, .valueWasNil)
      assertOutcome(model.$frozenFruits.outcome, .keyNotFound)
      assertOutcome(model.$links.outcome, .recovered(wasReported: true))
    #endif
  }

  struct OptionalDictionaries: Decodable {
    @Resilient var fruits: [String: Fruit]?
    @Resilient var moods: [String: Mood]?
    @Resilient var links: [String: SecureLink]?
  }

  func testOptionalDictionariesOfRawValuesAreNilWhenMissingOrNull() throws {
    let (model, digest) = try decode(OptionalDictionaries.self, json: #"{"links": null}"#)
    XCTAssertNil(model.fruits)
    XCTAssertNil(model.moods)
    XCTAssertNil(model.links)
    XCTAssertNil(digest)
  }

  func testOptionalDictionariesOfRawValuesOmitNovelAndInvalidEntries() throws {
    let (model, digest) = try decode(
      OptionalDictionaries.self,
      json: #"""
        {
          "fruits": {"x": "pear", "y": "fig"},
          "moods": true,
          "links": {"x": "https://example.com/x", "y": 1}
        }
        """#)
    XCTAssertEqual(model.fruits, ["x": .pear])
    XCTAssertEqual(model.moods, [:])
    XCTAssertEqual(model.links, ["x": .example("x")])
    assertReports(digest, [Report("moods", .typeMismatch), Report("links.y", .typeMismatch)])
    assertReports(
      digest,
      [
        Report("fruits.y", .novel("fig")), Report("moods", .typeMismatch),
        Report("links.y", .typeMismatch),
      ],
      includingNovel: true)
  }

  // MARK: Sets

  struct Sets: Decodable {
    @Resilient var fruits: Set<Fruit>
    @Resilient var links: Set<SecureLink>?
  }

  func testSetsOfRawValuesOmitNovelAndInvalidElements() throws {
    let (model, digest) = try decode(
      Sets.self,
      json: #"{"fruits": ["pear", "kiwi", "pear"], "links": ["https://example.com/s", 0]}"#)
    XCTAssertEqual(model.fruits, [.pear])
    XCTAssertEqual(model.links, [.example("s")])
    assertReports(digest, [Report("links.Index 1", .typeMismatch)])
    assertReports(
      digest,
      [Report("fruits.Index 1", .novel("kiwi")), Report("links.Index 1", .typeMismatch)],
      includingNovel: true)
  }

  // MARK: Defaults and outside @Resilient

  func testDefaultsAreNotFrozenAndNoFallback() {
    XCTAssertFalse(Fruit.isFrozen)
    XCTAssertFalse(Mood.isFrozen)
    XCTAssertTrue(FrozenFruit.isFrozen)
    XCTAssertTrue(type(of: Fruit.decodingFallback) == Void.self)
    XCTAssertTrue(type(of: SecureLink.decodingFallback) == Void.self)
    XCTAssertEqual(Mood.decodingFallback, .unknown)
  }

  func testConformingChangesNothingOutsideResilientProperties() throws {
    struct Plain: Decodable {
      var fruit: Fruit
    }
    XCTAssertEqual(try decode(Plain.self, json: #"{"fruit": "pear"}"#).value.fruit, .pear)
    let error = thrownError { try decode(Plain.self, json: #"{"fruit": "kiwi"}"#) }
    assertError(error, is: .dataCorrupted)
  }
}
