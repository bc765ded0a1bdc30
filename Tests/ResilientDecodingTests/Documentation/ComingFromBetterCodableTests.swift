import Foundation
import ResilientDecoding
import Testing

/// What ComingFromBetterCodable.md says of this library's side: the booleans it does not
/// accept, the collections and optionals that recover where BetterCodable's wrappers behave
/// otherwise, and each recipe that replaces a wrapper (in `BetterCodableRecipes.swift`, as the
/// article shows them).
struct ComingFromBetterCodableTests {
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

  // MARK: - Recipes

  @Test func losslessValuesConvertOtherScalars() throws {
    let (product, digest) = try decode(
      Product.self, json: #"{"sku": 12345, "stock": ["3", 4, "x", true, 5.0]}"#)
    #expect(product.sku?.value == "12345")
    #expect(product.stock.map(\.value) == [3, 4, 5])
    #expect(
      reports(digest) == [
        Report("stock.Index 2", .typeMismatch), Report("stock.Index 3", .typeMismatch),
      ])
    let (unconvertible, unconvertibleDigest) = try decode(
      Product.self, json: #"{"sku": [1], "stock": []}"#)
    #expect(unconvertible.sku == nil)
    #expect(reports(unconvertibleDigest) == [Report("sku", .typeMismatch)])
    struct Flags: Decodable {
      let on: Lossless<Bool>
      let ratio: Lossless<Double>
    }
    let flags = try JSONDecoder().decode(
      Flags.self, from: Data(#"{"on": "true", "ratio": "1.5"}"#.utf8))
    #expect(flags.on.value == true && flags.ratio.value == 1.5)
    // A whole number past Int64.max keeps its digits, as with BetterCodable.
    let (wide, wideDigest) = try decode(
      Product.self, json: #"{"sku": 18446744073709551615, "stock": []}"#)
    #expect(wide.sku?.value == "18446744073709551615")
    #expect(wideDigest == nil)
  }

  @Test func everyDateFormatDecodesItsOwnProperty() throws {
    let json = #"""
      {"iso": "1996-12-19T16:39:57-08:00", "fractional": "2019-10-19T16:14:32.250-05:00",
       "rfc3339": "1996-12-20T00:39:57Z", "rfc2822": "Fri, 20 Dec 1996 00:39:57 +0000",
       "timestamp": 851042397, "day": "1996-12-20"}
      """#
    let (dates, digest) = try decode(MixedDates.self, json: json)
    #expect(digest == nil)
    let moment = Date(timeIntervalSince1970: 851_042_397)
    #expect(dates.iso?.date == moment)
    #expect(dates.fractional?.date == Date(timeIntervalSince1970: 1_571_519_672.25))
    #expect(dates.rfc3339?.date == moment)
    #expect(dates.rfc2822?.date == moment)
    #expect(dates.timestamp?.date == moment)
    #expect(dates.day?.date == Date(timeIntervalSince1970: 851_040_000))
    let (bad, badDigest) = try decode(
      MixedDates.self, json: #"{"iso": "1996-12-19", "day": "19/12/1996", "timestamp": "x"}"#)
    #expect(bad.iso == nil && bad.day == nil && bad.timestamp == nil)
    #expect(
      reports(badDigest) == [
        Report("iso", .dataCorrupted), Report("timestamp", .typeMismatch),
        Report("day", .dataCorrupted),
      ])
  }

  @Test func aPlainFormattedDateThrowsAsDateValueDoes() throws {
    let event = try JSONDecoder().decode(
      Event.self, from: Data(#"{"createdAt": 0, "birthday": "1984-01-22"}"#.utf8))
    #expect(event.createdAt.date == Date(timeIntervalSince1970: 0))
    #expect(event.birthday?.date == Date(timeIntervalSince1970: 443_577_600))
    #expect(event.updatedAt == nil)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Event.self, from: Data(#"{"createdAt": "now"}"#.utf8))
    }
  }

  @Test func base64BytesFillAnyMutableDataType() throws {
    let (attachment, digest) = try decode(Attachment.self, json: #"{"thumbnail": "aGk="}"#)
    #expect(attachment.thumbnail?.bytes == [104, 105])
    #expect(digest == nil)
    let (bad, badDigest) = try decode(Attachment.self, json: #"{"thumbnail": "***"}"#)
    #expect(bad.thumbnail == nil)
    #expect(reports(badDigest) == [Report("thumbnail", .dataCorrupted)])
    let data = try JSONDecoder().decode(Base64Bytes<Data>.self, from: Data(#""aGk=""#.utf8))
    #expect(data.bytes == Data("hi".utf8))
  }

  /// An enum with a fallback takes it for a new server case without an error in `errors`,
  /// where `@ResilientDefault` with the enum reports `dataCorrupted`.
  @Test func anEnumWithAFallbackTreatsNewCasesAsNovelValues() throws {
    let (account, digest) = try decode(Account.self, json: #"{"status": "archived"}"#)
    #expect(account.status == .unknown)
    #expect(digest?.errors.isEmpty == true)
    #expect(reports(digest, includingNovel: true) == [Report("status", .novel("archived"))])
    enum UnknownStatus: ResilientDefaultProvider {
      static var defaultValue: Status { .unknown }
    }
    struct Defaulted: Decodable {
      @ResilientDefault<UnknownStatus> var status: Status
    }
    let (defaulted, defaultedDigest) = try decode(Defaulted.self, json: #"{"status": "archived"}"#)
    #expect(defaulted.status == .unknown)
    #expect(reports(defaultedDigest) == [Report("status", .dataCorrupted)])
  }

  /// `@Resilient var x: E?` of an enum with a fallback gives the fallback, where
  /// `@LossyOptional` gives `nil`; a missing key is still `nil`.
  @Test func anOptionalEnumWithAFallbackTakesIt() throws {
    struct Model: Decodable {
      @Resilient var status: Status?
    }
    let (novel, _) = try decode(Model.self, json: #"{"status": "archived"}"#)
    #expect(novel.status == .unknown)
    let (missing, digest) = try decode(Model.self, json: "{}")
    #expect(missing.status == nil && digest == nil)
  }

  /// A key that is not an integer costs its entry, where `@LossyDictionary` throws.
  @available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *)
  @Test func anIntKeyedDictionaryDropsAKeyThatIsNotAnInteger() throws {
    struct Model: Decodable {
      @Resilient var names: [Int: String]
    }
    let (model, digest) = try decode(Model.self, json: #"{"names": {"1": "one", "x": "ex"}}"#)
    #expect(model.names == [1: "one"])
    #expect(reports(digest) == [Report("names.x", .dataCorrupted)])
  }
}
