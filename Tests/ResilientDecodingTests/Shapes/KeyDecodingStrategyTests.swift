import Foundation
import ResilientDecoding
import XCTest

/// A decoder's `keyDecodingStrategy` converts a `@Resilient` property's own key, never the keys
/// inside a dictionary (DocC "Choosing a Property Kind").
final class KeyDecodingStrategyTests: XCTestCase {
  /// An enum key whose raw value a snake-case strategy would rewrite if it applied.
  private enum Setting: String, CodingKeyRepresentable, Decodable {
    case darkMode = "dark_mode"
  }

  struct Profile: Decodable {
    @Resilient var userScores: [String: Int]
    @Resilient var favouriteFruits: [String: Fruit]?
    @Resilient var recentIds: [Int]
    @Resilient var displayName: String?
  }

  private struct Settings: Decodable {
    @Resilient var bySetting: [Setting: Bool]
  }

  private var snakeCaseDecoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
  }

  func testSnakeCasePropertyKeysAreConvertedButDictionaryKeysAreKept() throws {
    let (profile, digest) = try decode(
      Profile.self,
      json: #"""
        {
          "user_scores": {"first_name": 1, "last_name": "x", "camelCase": 3},
          "favourite_fruits": {"morning_snack": "apple", "late_snack": "fig"},
          "recent_ids": [1, "2"],
          "display_name": "Ann"
        }
        """#,
      using: snakeCaseDecoder)
    XCTAssertEqual(profile.userScores, ["first_name": 1, "camelCase": 3])
    XCTAssertEqual(profile.favouriteFruits, ["morning_snack": .apple])
    XCTAssertEqual(profile.recentIds, [1])
    XCTAssertEqual(profile.displayName, "Ann")
    assertReportsIncludingNovel(
      digest,
      [
        Report("userScores.last_name", .typeMismatch),
        Report("favouriteFruits.late_snack", .novel("fig")),
        Report("recentIds.Index 1", .typeMismatch),
      ])
    #if DEBUG
      XCTAssertEqual(
        summaries(profile.$userScores.results),
        ["first_name": .success(1), "last_name": .failure(.typeMismatch), "camelCase": .success(3)])
    #endif
  }

  func testCleanSnakeCaseDictionaryKeepsItsKeys() throws {
    let (profile, digest) = try decode(
      Profile.self, json: #"{"user_scores": {"snake_key": 1}}"#, using: snakeCaseDecoder)
    XCTAssertEqual(profile.userScores, ["snake_key": 1])
    XCTAssertNil(digest)
    #if DEBUG
      XCTAssertEqual(summaries(profile.$userScores.results), ["snake_key": .success(1)])
    #endif
  }

  func testSnakeCaseStrategyDoesNotRewriteConvertedDictionaryKeys() throws {
    let (value, digest) = try decode(
      Settings.self, json: #"{"by_setting": {"dark_mode": true}}"#, using: snakeCaseDecoder)
    XCTAssertEqual(value.bySetting, [.darkMode: true])
    XCTAssertNil(digest)
  }
}
