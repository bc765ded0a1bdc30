import Foundation
import ResilientDecoding
import Testing

/// What ComingFromBetterCodable.md says of this library's side: the booleans it does not
/// accept, the type that accepts them, and the collections and optionals that recover where
/// BetterCodable's wrappers behave otherwise.
struct ComingFromBetterCodableTests {
  /// The article's `LenientBool`, as it shows it.
  private struct LenientBool: Decodable, Equatable {
    var value: Bool

    init(_ value: Bool) { self.value = value }

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let number = try? container.decode(Int.self), number == 0 || number == 1 {
        value = number == 1
      } else if let text = try? container.decode(String.self), let bool = Bool(text) {
        value = bool
      } else {
        value = try container.decode(Bool.self)
      }
    }
  }

  private enum EnabledByDefault: ResilientDefaultProvider {
    static var defaultValue: LenientBool { LenientBool(true) }
  }

  private struct Settings: Decodable {
    @ResilientDefault<EnabledByDefault> var enabled: LenientBool
  }

  private struct PlainSettings: Decodable {
    @ResilientTrue var enabled: Bool
  }

  @Test(arguments: [
    ("0", false), ("1", true), (#""false""#, false), (#""true""#, true), ("false", false),
    ("true", true),
  ])
  func lenientBoolAcceptsNumbersAndStrings(json: String, expected: Bool) throws {
    let (settings, digest) = try decode(Settings.self, json: #"{"enabled": \#(json)}"#)
    #expect(settings.enabled.value == expected)
    #expect(digest == nil)
  }

  @Test func lenientBoolTakesTheDefaultForAnythingElse() throws {
    let (missing, nothing) = try decode(Settings.self, json: "{}")
    #expect(missing.enabled.value == true)
    #expect(nothing == nil)
    for json in ["2", #""yes""#, "[]"] {
      let (settings, digest) = try decode(Settings.self, json: #"{"enabled": \#(json)}"#)
      #expect(settings.enabled.value == true)
      #expect(reports(digest) == [Report("enabled", .typeMismatch)])
    }
  }

  /// The bold note: `@ResilientTrue var enabled: Bool` decodes `"enabled": 0` as `true`.
  @Test(arguments: ["0", "1", #""false""#, #""true""#])
  func resilientTrueReportsNumbersAndStrings(json: String) throws {
    let (settings, digest) = try decode(PlainSettings.self, json: #"{"enabled": \#(json)}"#)
    #expect(settings.enabled == true)
    #expect(reports(digest) == [Report("enabled", .typeMismatch)])
  }

  /// `@Resilient var x: [T]?` keeps the valid elements, where `@LossyOptional` gives `nil`.
  @Test func optionalArrayKeepsTheValidElements() throws {
    struct Model: Decodable {
      @Resilient var x: [Int]?
    }
    let (mixed, mixedDigest) = try decode(Model.self, json: #"{"x": [1, "two", 3]}"#)
    #expect(mixed.x == [1, 3])
    #expect(reports(mixedDigest) == [Report("x.Index 1", .typeMismatch)])
    let (string, stringDigest) = try decode(Model.self, json: #"{"x": "str"}"#)
    #expect(string.x == [])
    #expect(reports(stringDigest) == [Report("x", .typeMismatch)])
    let (missing, missingDigest) = try decode(Model.self, json: "{}")
    #expect(missing.x == nil)
    #expect(missingDigest == nil)
  }

  /// `@Resilient` arrays and dictionaries give empty for a missing key, `null` or a value of
  /// another kind (only that one reported), where `@LossyArray` and `@LossyDictionary` throw.
  @Test func lossyCollectionsGiveEmpty() throws {
    struct Model: Decodable {
      @Resilient var a: [Int]
      @Resilient var d: [String: Int]
    }
    let (missing, missingDigest) = try decode(Model.self, json: "{}")
    #expect(missing.a == [] && missing.d == [:])
    #expect(missingDigest == nil)
    let (null, nullDigest) = try decode(Model.self, json: #"{"a": null, "d": null}"#)
    #expect(null.a == [] && null.d == [:])
    #expect(nullDigest == nil)
    let (other, otherDigest) = try decode(Model.self, json: #"{"a": "str", "d": 3}"#)
    #expect(other.a == [] && other.d == [:])
    #expect(reports(otherDigest) == [Report("a", .typeMismatch), Report("d", .typeMismatch)])
  }

  /// `@ResilientDefault` defaults a collection whole, as `@DefaultEmptyArray` does.
  @Test func defaultedArrayIsDefaultedWhole() throws {
    enum NoTags: ResilientDefaultProvider {
      static var defaultValue: [String] { [] }
    }
    struct Model: Decodable {
      @ResilientDefault<NoTags> var tags: [String]
    }
    let (model, digest) = try decode(Model.self, json: #"{"tags": ["a", 1, "b"]}"#)
    #expect(model.tags == [])
    #expect(reports(digest).map(\.kind) == [.typeMismatch])
  }

  /// In place of `@DataValue`: the decoder's Base64 strategy, and `@Resilient var data: Data?`
  /// for data it cannot read.
  @Test func dataThatCannotBeReadBecomesNil() throws {
    struct Model: Decodable {
      @Resilient var payload: Data?
    }
    let (good, goodDigest) = try decode(Model.self, json: #"{"payload": "aGVsbG8="}"#)
    #expect(good.payload == Data("hello".utf8))
    #expect(goodDigest == nil)
    let (bad, badDigest) = try decode(Model.self, json: #"{"payload": "***"}"#)
    #expect(bad.payload == nil)
    #expect(reports(badDigest) == [Report("payload", .dataCorrupted)])
  }
}
