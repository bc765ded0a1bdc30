import Foundation
import ResilientDecoding
import XCTest

/// `@Resilient` dictionaries keyed by `Int` or an enum: an entry whose key does not convert
/// costs that entry only, values are resilient as in `[String: V]`, and `[String: V]` keeps
/// every key as written.
final class KeyedDictionaryTests: XCTestCase {
  /// A plain enum key with string raw values.
  enum Shade: String, CodingKeyRepresentable, Decodable {
    case light, dark
  }

  /// A plain enum key with integer raw values.
  enum Level: Int, CodingKeyRepresentable, Decodable {
    case low = 1
    case high = 2
  }

  /// An enum key whose raw value a snake-case key strategy would rewrite if it applied.
  enum Setting: String, CodingKeyRepresentable, Decodable {
    case darkMode = "dark_mode"
  }

  /// A key type that the server may add cases to: an unknown key is a novel value.
  enum Region: String, ResilientRawRepresentable, CodingKeyRepresentable {
    case north, south
  }

  /// The same, with integer raw values.
  enum Floor: Int, ResilientRawRepresentable, CodingKeyRepresentable {
    case ground = 0
    case first = 1
  }

  /// A key type that will never get another case: an unknown key is corrupt data.
  enum Grade: String, ResilientRawRepresentable, CodingKeyRepresentable {
    case pass, fail
    static var isFrozen: Bool { true }
  }

  /// A value type with a fallback, which a dictionary must never use.
  enum Mood: String, ResilientRawRepresentable {
    case happy, sad, unknown
    static var decodingFallback: Mood { .unknown }
  }

  struct IntKeyed: Decodable {
    @Resilient var byID: [Int: String]
    @Resilient var maybeByID: [Int: String]?
  }

  struct EnumKeyed: Decodable {
    @Resilient var byShade: [Shade: Int]
    @Resilient var byLevel: [Level: String]
    @Resilient var maybeByShade: [Shade: Int]?
    @Resilient var maybeByLevel: [Level: String]?
  }

  struct RawKeyed: Decodable {
    @Resilient var byRegion: [Region: Int]
    @Resilient var byFloor: [Floor: String]
    @Resilient var byGrade: [Grade: Int]?
  }

  struct RawValued: Decodable {
    @Resilient var regions: [Int: Region]
    @Resilient var maybeRegions: [Int: Region]?
    @Resilient var moods: [Shade: Mood]
  }

  struct StringKeyed: Decodable {
    @Resilient var byName: [String: String]
  }

  struct Settings: Decodable {
    @Resilient var bySetting: [Setting: Bool]
  }

  // MARK: The dictionary as a whole

  func testMissingKeysGiveEmptyAndNilDictionaries() throws {
    let (ints, intDigest) = try beyondDecode(IntKeyed.self, "{}")
    XCTAssertEqual(ints.byID, [:])
    XCTAssertNil(ints.maybeByID)
    XCTAssertNil(intDigest)
    let (enums, enumDigest) = try beyondDecode(EnumKeyed.self, "{}")
    XCTAssertEqual(enums.byShade, [:])
    XCTAssertEqual(enums.byLevel, [:])
    XCTAssertNil(enums.maybeByShade)
    XCTAssertNil(enums.maybeByLevel)
    XCTAssertNil(enumDigest)
    #if DEBUG
      XCTAssertEqual(beyondOutcome(ints.$byID.outcome), "keyNotFound")
      XCTAssertEqual(beyondOutcome(ints.$maybeByID.outcome), "keyNotFound")
      XCTAssertEqual(beyondOutcome(enums.$maybeByLevel.outcome), "keyNotFound")
      XCTAssertTrue(ints.$byID.results.isEmpty)
    #endif
  }

  func testNullGivesEmptyAndNilDictionaries() throws {
    let (ints, intDigest) = try beyondDecode(
      IntKeyed.self, #"{"byID": null, "maybeByID": null}"#)
    XCTAssertEqual(ints.byID, [:])
    XCTAssertNil(ints.maybeByID)
    XCTAssertNil(intDigest)
    let (enums, enumDigest) = try beyondDecode(
      EnumKeyed.self, #"{"byShade": null, "maybeByShade": null}"#)
    XCTAssertEqual(enums.byShade, [:])
    XCTAssertNil(enums.maybeByShade)
    XCTAssertNil(enumDigest)
    #if DEBUG
      XCTAssertEqual(beyondOutcome(ints.$byID.outcome), "valueWasNil")
      XCTAssertEqual(beyondOutcome(ints.$maybeByID.outcome), "valueWasNil")
      XCTAssertEqual(beyondOutcome(enums.$maybeByShade.outcome), "valueWasNil")
    #endif
  }

  func testValueThatIsNotAnObjectGivesEmptyDictionariesAndIsReported() throws {
    let (ints, digest) = try beyondDecode(IntKeyed.self, #"{"byID": [1], "maybeByID": "x"}"#)
    XCTAssertEqual(ints.byID, [:])
    XCTAssertEqual(ints.maybeByID, [:], "an optional dictionary that is not one is [:], not nil")
    beyondAssertEntries(digest, ["byID typeMismatch", "maybeByID typeMismatch"])
    #if DEBUG
      guard case .recoveredFrom(_, let wasReported) = ints.$byID.outcome else {
        return XCTFail("expected a recovered outcome, got \(ints.$byID.outcome)")
      }
      XCTAssertTrue(wasReported)
      XCTAssertEqual(ints.$byID.errors.map(beyondKind), ["typeMismatch"])
      XCTAssertTrue(ints.$byID.results.isEmpty)
      XCTAssertEqual(ints.$maybeByID.errors.map(beyondKind), ["typeMismatch"])
    #endif
  }

  // MARK: Keys

  func testEntriesWhoseKeyIsNotAnIntegerAreOmittedAndReportedAtTheirKey() throws {
    let (value, digest) = try beyondDecode(
      IntKeyed.self, #"{"byID": {"1": "a", "x": "b", "2": "c", "1.5": "d"}}"#)
    XCTAssertEqual(value.byID, [1: "a", 2: "c"])
    XCTAssertEqual(
      beyondDetailedEntries(digest),
      ["byID.1.5: dataCorrupted at byID/1.5", "byID.x: dataCorrupted at byID/x"],
      "reported in key order, each error carrying its full coding path")
    #if DEBUG
      guard case .recoveredFrom(let error, let wasReported) = value.$byID.outcome else {
        return XCTFail("expected a recovered outcome, got \(value.$byID.outcome)")
      }
      XCTAssertTrue(error is ResilientDecodingOutcome.DictionaryDecodingError<String>)
      XCTAssertFalse(wasReported, "each entry's error is reported, not the whole dictionary's")
      XCTAssertEqual(
        beyondResults(value.$byID.results),
        [
          "1: success(a)", "1.5: failure(dataCorrupted at byID/1.5)", "2: success(c)",
          "x: failure(dataCorrupted at byID/x)",
        ])
      XCTAssertEqual(value.$byID.errors.count, 2)
    #endif
  }

  func testEnumKeysThatHaveNoCaseAreOmittedAndReported() throws {
    let json = """
      {"byShade": {"light": 1, "sepia": 2, "dark": "x"},
       "byLevel": {"1": "a", "3": "b", "two": "c", "2": "d"},
       "maybeByShade": {"dark": 2, "dusk": 1},
       "maybeByLevel": {"2": "h", "0": "z"}}
      """
    let (value, digest) = try beyondDecode(EnumKeyed.self, json)
    XCTAssertEqual(value.byShade, [.light: 1])
    XCTAssertEqual(value.byLevel, [.low: "a", .high: "d"])
    XCTAssertEqual(value.maybeByShade, [.dark: 2])
    XCTAssertEqual(value.maybeByLevel, [.high: "h"])
    beyondAssertEntries(
      digest,
      [
        "byShade.dark typeMismatch", "byShade.sepia dataCorrupted", "byLevel[3] dataCorrupted",
        "byLevel.two dataCorrupted", "maybeByShade.dusk dataCorrupted",
        "maybeByLevel[0] dataCorrupted",
      ],
      "key and value errors of one dictionary are reported together, in key order")
    #if DEBUG
      XCTAssertEqual(
        beyondResults(value.$byShade.results),
        [
          "dark: failure(typeMismatch(Int) at byShade/dark)", "light: success(1)",
          "sepia: failure(dataCorrupted at byShade/sepia)",
        ])
      XCTAssertEqual(
        beyondErrors(value.$byLevel.errors),
        ["dataCorrupted at byLevel/3", "dataCorrupted at byLevel/two"])
      XCTAssertEqual(
        beyondErrors(value.$maybeByLevel.errors), ["dataCorrupted at maybeByLevel/0"])
    #endif
  }

  func testUnknownKeyOfANonFrozenRawTypeIsANovelValue() throws {
    let json = """
      {"byRegion": {"north": 1, "east": 2},
       "byFloor": {"0": "g", "7": "x", "top": "t"},
       "byGrade": {"pass": 1, "merit": 2}}
      """
    let (value, digest) = try beyondDecode(RawKeyed.self, json)
    XCTAssertEqual(value.byRegion, [.north: 1])
    XCTAssertEqual(value.byFloor, [.ground: "g"])
    XCTAssertEqual(value.byGrade, [.pass: 1])
    beyondAssertEntries(
      digest,
      [
        "byRegion.east novel(\"east\")", "byFloor[7] novel(7)", "byFloor.top dataCorrupted",
        "byGrade.merit dataCorrupted",
      ],
      includeNovel: true,
      "a novel key carries its raw value; a key that is no raw value at all is corrupt")
    beyondAssertEntries(
      digest, ["byFloor.top dataCorrupted", "byGrade.merit dataCorrupted"],
      "novel keys are hidden by default")
    #if DEBUG
      XCTAssertEqual(beyondErrors(value.$byRegion.errors), ["novel(\"east\")"])
      XCTAssertEqual(
        beyondErrors(value.$byFloor.errors), ["novel(7)", "dataCorrupted at byFloor/top"])
      XCTAssertEqual(beyondErrors(value.$byGrade.errors), ["dataCorrupted at byGrade/merit"])
    #endif
  }

  func testKeysThatConvertToTheSameIntegerKeepOneEntryWhateverTheDocumentOrder() throws {
    for json in [
      #"{"byID": {"1": "plain", "01": "padded"}}"#,
      #"{"byID": {"01": "padded", "1": "plain"}}"#,
    ] {
      let (value, digest) = try beyondDecode(IntKeyed.self, json)
      XCTAssertEqual(value.byID, [1: "padded"], "the first key in key order wins: \(json)")
      XCTAssertEqual(digest?.entries.map { $0.codingPath.map(\.stringValue) }, [["byID", "1"]])
      beyondAssertEntries(digest, ["byID[1] dataCorrupted"])
      #if DEBUG
        XCTAssertEqual(
          beyondResults(value.$byID.results),
          ["01: success(padded)", "1: failure(dataCorrupted at byID/1)"],
          "results are keyed as written, the kept entry and the dropped one")
      #endif
    }
  }

  func testKeyStrategyDoesNotRewriteTheKeysOfAKeyedDictionary() throws {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let (value, digest) = try beyondDecode(
      Settings.self, #"{"by_setting": {"dark_mode": true}}"#, decoder: decoder)
    XCTAssertEqual(value.bySetting, [.darkMode: true])
    XCTAssertNil(digest)
  }

  // MARK: Values

  func testValuesAreResilientAsInAStringKeyedDictionary() throws {
    let json = """
      {"regions": {"1": "north", "2": "east", "3": 4, "4": null},
       "maybeRegions": {"5": "south", "6": "west"},
       "moods": {"light": "happy", "dark": "meh"}}
      """
    let (value, digest) = try beyondDecode(RawValued.self, json)
    XCTAssertEqual(value.regions, [1: .north])
    XCTAssertEqual(value.maybeRegions, [5: .south])
    XCTAssertEqual(value.moods, [.light: .happy], "a dictionary never uses the fallback")
    beyondAssertEntries(
      digest,
      [
        "regions[2] novel(\"east\")", "regions[3] typeMismatch", "regions[4] valueNotFound",
        "maybeRegions[6] novel(\"west\")", "moods.dark novel(\"meh\")",
      ],
      includeNovel: true)
    beyondAssertEntries(digest, ["regions[3] typeMismatch", "regions[4] valueNotFound"])
    #if DEBUG
      XCTAssertEqual(
        beyondResults(value.$regions.results),
        [
          "1: success(north)", "2: failure(novel(\"east\"))",
          "3: failure(typeMismatch(String) at regions/3)",
          "4: failure(valueNotFound(String) at regions/4)",
        ])
    #endif
  }

  func testManyInvalidValuesAreReportedInKeyOrderEveryTime() throws {
    // Decoders hand dictionary entries over in hash order, which changes from run to run;
    // the digest must not.
    let keys = (10...29).map(String.init)
    let body = keys.map { #""\#($0)": \#($0)"# }.joined(separator: ", ")
    let (value, digest) = try beyondDecode(IntKeyed.self, #"{"byID": {"5": 5, \#(body)}}"#)
    XCTAssertEqual(value.byID, [:])
    XCTAssertEqual(
      digest?.entries.map { $0.codingPath.last?.stringValue ?? "" }, (["5"] + keys).sorted())
  }

  func testCleanDecodesReportNothingAndListEveryEntry() throws {
    let (ints, intDigest) = try beyondDecode(
      IntKeyed.self, #"{"byID": {"7": "g", "-2": "m"}, "maybeByID": {"3": "c"}}"#)
    XCTAssertEqual(ints.byID, [7: "g", -2: "m"])
    XCTAssertEqual(ints.maybeByID, [3: "c"])
    XCTAssertNil(intDigest)
    let (enums, enumDigest) = try beyondDecode(
      EnumKeyed.self, #"{"byShade": {"dark": 1}, "byLevel": {"2": "x"}}"#)
    XCTAssertEqual(enums.byShade, [.dark: 1])
    XCTAssertEqual(enums.byLevel, [.high: "x"])
    XCTAssertNil(enumDigest)
    #if DEBUG
      XCTAssertEqual(beyondOutcome(ints.$byID.outcome), "decodedSuccessfully")
      XCTAssertEqual(beyondResults(ints.$byID.results), ["-2: success(m)", "7: success(g)"])
      XCTAssertTrue(ints.$maybeByID.errors.isEmpty)
      XCTAssertEqual(beyondResults(enums.$byShade.results), ["dark: success(1)"])
      XCTAssertEqual(beyondResults(enums.$byLevel.results), ["2: success(x)"])
    #endif
  }

  // MARK: String keys

  func testStringKeyedDictionaryKeepsEveryKeyAsWritten() throws {
    let (value, digest) = try beyondDecode(
      StringKeyed.self, #"{"byName": {"1": "a", "01": "b", "x": "c", "y": 2}}"#)
    XCTAssertEqual(value.byName, ["1": "a", "01": "b", "x": "c"])
    beyondAssertEntries(digest, ["byName.y typeMismatch"])
  }

  func testWrapperAroundAKeyedDictionaryCostsNothingInRelease() {
    #if DEBUG
      XCTAssertGreaterThan(
        MemoryLayout<Resilient<[Int: String]>>.size, MemoryLayout<[Int: String]>.size)
    #else
      XCTAssertEqual(
        MemoryLayout<Resilient<[Int: String]>>.size, MemoryLayout<[Int: String]>.size)
      XCTAssertEqual(
        MemoryLayout<Resilient<[Shade: Int]?>>.size, MemoryLayout<[Shade: Int]?>.size)
    #endif
  }
}
