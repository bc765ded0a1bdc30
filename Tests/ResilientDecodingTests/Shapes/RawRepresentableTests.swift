import Foundation
import ResilientDecoding
import XCTest

/// `ResilientRawRepresentable` values (DocC "Choosing a Property Kind"): raw values with no case
/// are novel, or corrupt data for a frozen type, in every shape, for enums and `URL`-backed types
/// alike; collections never use the fallback. What each declaration holds when missing, `null` or
/// of the wrong raw type is in `MissingNullWrongKindTests`.
final class RawRepresentableTests: XCTestCase {
  // MARK: E with a fallback

  struct WithFallback: Decodable {
    @Resilient var mood: Mood
    @Resilient var frozenMood: FrozenMood
    @Resilient var link: FallbackLink
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
    assertReportsIncludingNovel(digest, [Report("mood", .novel("ecstatic"))])
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
    assertReportsIncludingNovel(
      digest, [Report("frozenMood", .dataCorrupted), Report("link", .dataCorrupted)])
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

  func testOptionalWithoutFallbackFollowsTheNovelRule() throws {
    let (model, digest) = try decode(
      OptionalWithoutFallback.self,
      json: #"{"fruit": "kiwi", "frozenFruit": "kiwi", "link": "http://example.com/c"}"#)
    XCTAssertNil(model.fruit)
    XCTAssertNil(model.frozenFruit)
    XCTAssertNil(model.link)
    assertReportsIncludingNovel(
      digest,
      [
        Report("fruit", .novel("kiwi")), Report("frozenFruit", .dataCorrupted),
        Report("link", .novel("http://example.com/c")),
      ])
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

  func testOptionalWithFallbackGivesTheFallbackForNovelValues() throws {
    let (model, digest) = try decode(
      OptionalWithFallback.self,
      json: #"{"mood": "bored", "frozenMood": "bored", "link": "http://example.com"}"#)
    XCTAssertEqual(model.mood, .unknown)
    XCTAssertEqual(model.frozenMood, .unknown)
    XCTAssertEqual(model.link, .example("fallback"))
    assertReportsIncludingNovel(
      digest,
      [
        Report("mood", .novel("bored")), Report("frozenMood", .dataCorrupted),
        Report("link", .dataCorrupted),
      ])
    #if DEBUG
      assertError(model.$mood.error, is: .novel("bored"))
    #endif
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
    assertReportsIncludingNovel(
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
      ])
    #if DEBUG
      assertFailedOneByOne(
        model.$fruits.outcome, as: ResilientDecodingOutcome.ArrayDecodingError<Fruit>.self)
      XCTAssertEqual(
        summaries(model.$fruits.results),
        [.success(.apple), .failure(.typeMismatch), .failure(.novel("kiwi")), .success(.pear)])
      XCTAssertEqual(
        errorKinds(model.$links.errors),
        [.novel("http://example.com/b"), .typeMismatch])
    #endif
  }

  struct OptionalArrays: Decodable {
    @Resilient var fruits: [Fruit]?
    @Resilient var links: [SecureLink]?
  }

  func testOptionalArraysOfRawValuesOmitNovelAndInvalidElements() throws {
    let (model, digest) = try decode(
      OptionalArrays.self,
      json: #"""
        {"fruits": ["kiwi", "apple"], "links": [null, "https://example.com/e"]}
        """#)
    XCTAssertEqual(model.fruits, [.apple])
    XCTAssertEqual(model.links, [.example("e")])
    assertReportsIncludingNovel(
      digest, [Report("fruits.Index 0", .novel("kiwi")), Report("links.Index 0", .valueNotFound)])
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
    assertReportsIncludingNovel(
      digest,
      [
        Report("fruits.b", .novel("kiwi")), Report("fruits.c", .typeMismatch),
        Report("frozenFruits.a", .dataCorrupted), Report("moods.a", .novel("bored")),
        Report("links.b", .novel("http://example.com/b")),
      ])
    #if DEBUG
      assertFailedOneByOne(
        model.$fruits.outcome, as: ResilientDecodingOutcome.DictionaryDecodingError<Fruit>.self)
      XCTAssertEqual(
        summaries(model.$fruits.results),
        ["a": .success(.apple), "b": .failure(.novel("kiwi")), "c": .failure(.typeMismatch)])
      XCTAssertEqual(errorKinds(model.$links.errors), [.novel("http://example.com/b")])
    #endif
  }

  struct OptionalDictionaries: Decodable {
    @Resilient var fruits: [String: Fruit]?
    @Resilient var links: [String: SecureLink]?
  }

  func testOptionalDictionariesOfRawValuesOmitNovelAndInvalidEntries() throws {
    let (model, digest) = try decode(
      OptionalDictionaries.self,
      json: #"""
        {
          "fruits": {"x": "pear", "y": "fig"},
          "links": {"x": "https://example.com/x", "y": 1}
        }
        """#)
    XCTAssertEqual(model.fruits, ["x": .pear])
    XCTAssertEqual(model.links, ["x": .example("x")])
    assertReportsIncludingNovel(
      digest, [Report("fruits.y", .novel("fig")), Report("links.y", .typeMismatch)])
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
    assertReportsIncludingNovel(
      digest, [Report("fruits.Index 1", .novel("kiwi")), Report("links.Index 1", .typeMismatch)])
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
