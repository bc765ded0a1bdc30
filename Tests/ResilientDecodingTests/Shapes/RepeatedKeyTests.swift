import Foundation
import ResilientDecoding
import Testing

/// A dictionary whose object writes one key twice (DocC "Choosing a Property Kind"). `JSONDecoder`
/// without a key strategy reads the first value only; with one, it reads every value and keeps the
/// first. A value it read and then dropped because it failed is reported at its key, once, like any
/// failed entry, after the kept value's error; the dictionary keeps what it kept before.
@Suite struct RepeatedKeyTests {
  /// The key strategies, and whether `JSONDecoder` reads every value of a repeated key under
  /// each.
  enum Strategy: String, CaseIterable, CustomTestStringConvertible {
    case defaultKeys, snakeCase, custom

    var decoder: JSONDecoder {
      let decoder = JSONDecoder()
      switch self {
      case .defaultKeys: break
      case .snakeCase: decoder.keyDecodingStrategy = .convertFromSnakeCase
      case .custom: decoder.keyDecodingStrategy = .custom { $0.last! }
      }
      return decoder
    }

    var readsEveryValue: Bool { self != .defaultKeys }
    var testDescription: String { rawValue }
  }

  struct Counts: Decodable {
    @Resilient var counts: [String: Int]
  }

  @Test(arguments: Strategy.allCases)
  func aFailedValueAfterTheKeptOneIsReported(strategy: Strategy) throws {
    let (model, digest) = try decode(
      Counts.self, json: #"{"counts": {"a": 1, "a": "x", "b": 2}}"#, using: strategy.decoder)
    #expect(model.counts == ["a": 1, "b": 2])
    let expected = strategy.readsEveryValue ? [Report("counts.a", .typeMismatch)] : []
    #expect(reports(digest) == expected)
    #if DEBUG
      #expect(summaries(model.$counts.results) == ["a": .success(1), "b": .success(2)])
      #expect(errorKinds(model.$counts.errors) == expected.map(\.kind))
      assertOutcome(
        model.$counts.outcome,
        strategy.readsEveryValue ? .recovered(wasReported: false) : .decodedSuccessfully)
    #endif
  }

  @Test(arguments: Strategy.allCases)
  func aFailedKeptValueIsReportedAsBefore(strategy: Strategy) throws {
    let (model, digest) = try decode(
      Counts.self, json: #"{"counts": {"a": "x", "a": 1}}"#, using: strategy.decoder)
    #expect(model.counts == [:])
    #expect(reports(digest) == [Report("counts.a", .typeMismatch)])
    #if DEBUG
      #expect(summaries(model.$counts.results) == ["a": .failure(.typeMismatch)])
    #endif
  }

  @Test(arguments: Strategy.allCases)
  func everyFailedValueIsReportedOnceInKeyOrder(strategy: Strategy) throws {
    let json = #"{"counts": {"b": [], "a": "x", "b": 3, "a": null, "c": 1}}"#
    let (model, digest) = try decode(Counts.self, json: json, using: strategy.decoder)
    #expect(model.counts == ["c": 1])
    let expected =
      strategy.readsEveryValue
      ? [
        Report("counts.a", .typeMismatch), Report("counts.a", .valueNotFound),
        Report("counts.b", .typeMismatch),
      ]
      : [Report("counts.a", .typeMismatch), Report("counts.b", .typeMismatch)]
    #expect(reports(digest) == expected)
    #if DEBUG
      #expect(errorKinds(model.$counts.errors) == expected.map(\.kind))
    #endif
  }

  struct Colors: Decodable {
    @Resilient var colors: [String: Fruit]
  }

  @Test(arguments: Strategy.allCases)
  func aNovelRawValueAfterTheKeptOneIsReported(strategy: Strategy) throws {
    let (model, digest) = try decode(
      Colors.self, json: #"{"colors": {"key": "apple", "key": "kiwi"}}"#,
      using: strategy.decoder)
    #expect(model.colors == ["key": .apple])
    let expected = strategy.readsEveryValue ? [Report("colors.key", .novel("kiwi"))] : []
    #expect(reports(digest, includingNovel: true) == expected)
    #expect(reports(digest) == [], "a novel value is left out unless asked for")
  }

  @Test(arguments: Strategy.allCases)
  func aRawValueOfTheWrongTypeThenANovelOneAreBothReported(strategy: Strategy) throws {
    let (model, digest) = try decode(
      Colors.self, json: #"{"colors": {"key": 0, "key": "kiwi"}}"#, using: strategy.decoder)
    #expect(model.colors == [:])
    let first = Report("colors.key", .typeMismatch)
    let expected =
      strategy.readsEveryValue ? [first, Report("colors.key", .novel("kiwi"))] : [first]
    #expect(reports(digest, includingNovel: true) == expected)
  }

  struct Ranks: Decodable {
    @Resilient var ranks: [Int: Int]
  }

  @Test(arguments: Strategy.allCases)
  func aConvertedKeyWrittenTwiceIsReportedLikeAStringKey(strategy: Strategy) throws {
    let (model, digest) = try decode(
      Ranks.self, json: #"{"ranks": {"1": 10, "1": "x"}}"#, using: strategy.decoder)
    #expect(model.ranks == [1: 10])
    let expected = strategy.readsEveryValue ? [Report("ranks.1", .typeMismatch)] : []
    #expect(reports(digest) == expected)
  }

  struct Shelf: Decodable {
    struct Box: Decodable, Equatable {
      let size: Int
      @Resilient var label: String?
    }

    @Resilient var boxes: [String: Box]
  }

  @Test(arguments: Strategy.allCases)
  func aNestedModelThatFailsAfterTheKeptOneIsReportedAtItsKey(strategy: Strategy) throws {
    let json = #"{"boxes": {"k": {"size": 1, "label": "a"}, "k": {"size": "big"}}}"#
    let (model, digest) = try decode(Shelf.self, json: json, using: strategy.decoder)
    #expect(model.boxes.mapValues(\.size) == ["k": 1])
    #expect(model.boxes["k"]?.label == "a")
    let expected = strategy.readsEveryValue ? [Report("boxes.k", .typeMismatch)] : []
    #expect(reports(digest) == expected)
  }

  @Test(arguments: Strategy.allCases)
  func whatADroppedNestedModelRecoveredFromIsReportedOnce(strategy: Strategy) throws {
    let json = #"{"boxes": {"k": {"size": 1}, "k": {"size": 2, "label": 3}}}"#
    let (model, digest) = try decode(Shelf.self, json: json, using: strategy.decoder)
    #expect(model.boxes.mapValues(\.size) == ["k": 1])
    let expected = strategy.readsEveryValue ? [Report("boxes.k.label", .typeMismatch)] : []
    #expect(reports(digest) == expected)
  }
}
