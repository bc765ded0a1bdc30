import Foundation
import ResilientDecoding
import XCTest

/// `@Resilient` dictionaries whose keys are converted from the data's strings to `Int`, an enum
/// or another `CodingKeyRepresentable` type (DocC "Choosing a Property Kind"): a key that does not
/// convert costs only its own entry, values are resilient as with `String` keys, and `String` keys
/// stay as written. What the whole dictionary holds when missing, `null` or not an object is in
/// `MissingNullWrongKindTests`.
final class ConvertedKeyDictionaryTests: XCTestCase {
  /// A key type with integer raw values that the server may add cases to: an unknown key is a
  /// novel value.
  private enum Floor: Int, ResilientRawRepresentable, CodingKeyRepresentable {
    case ground = 0
    case first = 1
  }

  struct IntKeyed: Decodable {
    @Resilient var byID: [Int: String]
  }

  struct EnumKeyed: Decodable {
    @Resilient var byShade: [Shade: Int]
    @Resilient var byLevel: [Level: String]
    @Resilient var maybeByShade: [Shade: Int]?
    @Resilient var maybeByLevel: [Level: String]?
  }

  private struct RawKeyed: Decodable {
    @Resilient var byFruit: [Fruit: Int]
    @Resilient var byFloor: [Floor: String]
    @Resilient var byFrozenFruit: [FrozenFruit: Int]?
  }

  struct RawValued: Decodable {
    @Resilient var fruits: [Int: Fruit]
    @Resilient var maybeFruits: [Int: Fruit]?
    @Resilient var moods: [Shade: Mood]
  }

  struct StringKeyed: Decodable {
    @Resilient var byName: [String: String]
  }

  // MARK: Keys

  func testEntriesWhoseKeyIsNotAnIntegerAreOmittedAndReportedAtTheirKey() throws {
    let (value, digest) = try decode(
      IntKeyed.self, json: #"{"byID": {"1": "a", "x": "b", "2": "c", "1.5": "d"}}"#)
    XCTAssertEqual(value.byID, [1: "a", 2: "c"])
    XCTAssertEqual(
      detailedReports(digest),
      ["byID.1.5: dataCorrupted at byID.1.5", "byID.x: dataCorrupted at byID.x"],
      "reported in key order, each error carrying its full coding path")
    #if DEBUG
      assertFailedOneByOne(
        value.$byID.outcome, as: ResilientDecodingOutcome.DictionaryDecodingError<String>.self)
      XCTAssertEqual(
        describe(value.$byID.results),
        [
          "1: success(a)", "1.5: failure(dataCorrupted at byID.1.5)", "2: success(c)",
          "x: failure(dataCorrupted at byID.x)",
        ])
      XCTAssertEqual(value.$byID.errors.count, 2)
    #endif
  }

  func testKeyAndValueErrorsOfOneDictionaryAreReportedTogetherInKeyOrder() throws {
    let (model, digest) = try decode(
      IntKeyed.self, json: #"{"byID": {"1": "one", "two": "2", "3": 3}}"#)
    XCTAssertEqual(model.byID, [1: "one"])
    assertReports(digest, [Report("byID.3", .typeMismatch), Report("byID.two", .dataCorrupted)])
  }

  func testEnumKeysThatHaveNoCaseAreOmittedAndReported() throws {
    let json = """
      {"byShade": {"light": 1, "sepia": 2, "dark": "x"},
       "byLevel": {"1": "a", "3": "b", "two": "c", "2": "d"},
       "maybeByShade": {"dark": 2, "dusk": 1},
       "maybeByLevel": {"2": "h", "0": "z"}}
      """
    let (value, digest) = try decode(EnumKeyed.self, json: json)
    XCTAssertEqual(value.byShade, [.light: 1])
    XCTAssertEqual(value.byLevel, [.low: "a", .high: "d"])
    XCTAssertEqual(value.maybeByShade, [.dark: 2])
    XCTAssertEqual(value.maybeByLevel, [.high: "h"])
    // Key and value errors of one dictionary are reported together, in key order.
    assertReports(
      digest,
      [
        Report("byShade.dark", .typeMismatch), Report("byShade.sepia", .dataCorrupted),
        Report("byLevel.3", .dataCorrupted), Report("byLevel.two", .dataCorrupted),
        Report("maybeByShade.dusk", .dataCorrupted), Report("maybeByLevel.0", .dataCorrupted),
      ])
    #if DEBUG
      XCTAssertEqual(
        describe(value.$byShade.results),
        [
          "dark: failure(typeMismatch(Int) at byShade.dark)", "light: success(1)",
          "sepia: failure(dataCorrupted at byShade.sepia)",
        ])
      XCTAssertEqual(
        value.$byLevel.errors.map { describe($0) },
        ["dataCorrupted at byLevel.3", "dataCorrupted at byLevel.two"])
      XCTAssertEqual(
        value.$maybeByLevel.errors.map { describe($0) }, ["dataCorrupted at maybeByLevel.0"])
    #endif
  }

  func testUnknownKeyOfANonFrozenRawTypeIsANovelValue() throws {
    let json = """
      {"byFruit": {"apple": 1, "kiwi": 2},
       "byFloor": {"0": "g", "7": "x", "top": "t"},
       "byFrozenFruit": {"apple": 1, "plum": 2}}
      """
    let (value, digest) = try decode(RawKeyed.self, json: json)
    XCTAssertEqual(value.byFruit, [.apple: 1])
    XCTAssertEqual(value.byFloor, [.ground: "g"])
    XCTAssertEqual(value.byFrozenFruit, [.apple: 1])
    // A novel key carries its raw value; a key that is no raw value at all is corrupt. Novel
    // keys are left out of the reports unless asked for.
    assertReportsIncludingNovel(
      digest,
      [
        Report("byFruit.kiwi", .novel("kiwi")), Report("byFloor.7", .novel(7)),
        Report("byFloor.top", .dataCorrupted), Report("byFrozenFruit.plum", .dataCorrupted),
      ])
    #if DEBUG
      XCTAssertEqual(value.$byFruit.errors.map { describe($0) }, [#"novel("kiwi")"#])
      XCTAssertEqual(
        value.$byFloor.errors.map { describe($0) }, ["novel(7)", "dataCorrupted at byFloor.top"])
      XCTAssertEqual(
        value.$byFrozenFruit.errors.map { describe($0) }, ["dataCorrupted at byFrozenFruit.plum"])
    #endif
  }

  /// A key type that the server may add cases to, whose raw values are neither `String` nor
  /// `Int`, with a `CodingKeyRepresentable` conformance of its own.
  private enum Channel: Int64, ResilientRawRepresentable, CodingKeyRepresentable {
    case news = 1
    case sport = 2

    var codingKey: any CodingKey { NamedKey(String(rawValue)) }

    init?<Key: CodingKey>(codingKey: Key) {
      guard let rawValue = Int64(codingKey.stringValue) else { return nil }
      self.init(rawValue: rawValue)
    }
  }

  private struct ChannelKeyed: Decodable {
    @Resilient var byChannel: [Channel: String]
  }

  func testUnknownKeyOfARawTypeWithOtherRawValuesIsANovelValueAsWritten() throws {
    let (value, digest) = try decode(
      ChannelKeyed.self, json: #"{"byChannel": {"1": "n", "9": "x", "02": "s"}}"#)
    XCTAssertEqual(value.byChannel, [.news: "n", .sport: "s"])
    // Such a type's raw value is not read from the key here: the key as written is the value.
    assertReportsIncludingNovel(digest, [Report("byChannel.9", .novel("9"))])
  }

  /// Of the keys that convert to one integer, the one spelled as the integer prints wins,
  /// whatever the document order; without one, the first in key order. The others are left
  /// out and reported as collisions.
  func testKeysThatConvertToTheSameIntegerKeepTheCanonicalOneWhateverTheDocumentOrder() throws {
    for json in [
      #"{"byID": {"1": "plain", "01": "padded", "+1": "signed"}}"#,
      #"{"byID": {"+1": "signed", "01": "padded", "1": "plain"}}"#,
      #"{"byID": {"01": "padded", "1": "plain", "+1": "signed"}}"#,
    ] {
      let (value, digest) = try decode(IntKeyed.self, json: json)
      XCTAssertEqual(value.byID, [1: "plain"], "the key spelled as 1 prints wins: \(json)")
      assertReports(digest, [Report("byID.+1", .dataCorrupted), Report("byID.01", .dataCorrupted)])
      // Each rejected key's message names the key that was kept in the end.
      XCTAssertEqual(
        digest?.errors.map { "\($0)".contains(#"as the key "1", whose entry was kept"#) },
        [true, true], "\(digest?.errors ?? [])")
      #if DEBUG
        XCTAssertEqual(
          describe(value.$byID.results),
          [
            "+1: failure(dataCorrupted at byID.+1)", "01: failure(dataCorrupted at byID.01)",
            "1: success(plain)",
          ],
          "results are keyed as written, the kept entry and the dropped ones")
      #endif
    }
    for json in [
      #"{"byID": {"01": "padded", "+1": "signed"}}"#,
      #"{"byID": {"+1": "signed", "01": "padded"}}"#,
    ] {
      let (value, digest) = try decode(IntKeyed.self, json: json)
      XCTAssertEqual(value.byID, [1: "signed"], "no canonical key: the first in key order")
      assertReports(digest, [Report("byID.01", .dataCorrupted)])
      XCTAssertEqual(
        digest?.errors.map { "\($0)".contains(#"as the key "+1", whose entry was kept"#) },
        [true])
    }
  }

  // MARK: Values

  func testValuesAreResilientAsInAStringKeyedDictionary() throws {
    let json = """
      {"fruits": {"1": "apple", "2": "kiwi", "3": 4, "4": null},
       "maybeFruits": {"5": "pear", "6": "fig"},
       "moods": {"light": "happy", "dark": "meh"}}
      """
    let (value, digest) = try decode(RawValued.self, json: json)
    XCTAssertEqual(value.fruits, [1: .apple])
    XCTAssertEqual(value.maybeFruits, [5: .pear])
    XCTAssertEqual(value.moods, [.light: .happy], "a dictionary never uses the fallback")
    assertReportsIncludingNovel(
      digest,
      [
        Report("fruits.2", .novel("kiwi")), Report("fruits.3", .typeMismatch),
        Report("fruits.4", .valueNotFound), Report("maybeFruits.6", .novel("fig")),
        Report("moods.dark", .novel("meh")),
      ])
    #if DEBUG
      XCTAssertEqual(
        describe(value.$fruits.results),
        [
          "1: success(apple)", #"2: failure(novel("kiwi"))"#,
          "3: failure(typeMismatch(String) at fruits.3)",
          "4: failure(valueNotFound(String) at fruits.4)",
        ])
    #endif
  }

  func testManyInvalidValuesAreReportedInKeyOrderEveryTime() throws {
    // Decoders hand dictionary entries over in hash order, which changes from run to run;
    // the digest must not.
    let keys = (10...29).map(String.init)
    let body = keys.map { #""\#($0)": \#($0)"# }.joined(separator: ", ")
    let (value, digest) = try decode(IntKeyed.self, json: #"{"byID": {"5": 5, \#(body)}}"#)
    XCTAssertEqual(value.byID, [:])
    XCTAssertEqual(reports(digest).map(\.path), (["5"] + keys).sorted().map { "byID.\($0)" })
  }

  // MARK: String keys

  func testStringKeyedDictionaryKeepsEveryKeyAsWritten() throws {
    let (value, digest) = try decode(
      StringKeyed.self, json: #"{"byName": {"1": "a", "01": "b", "x": "c", "y": 2}}"#)
    XCTAssertEqual(value.byName, ["1": "a", "01": "b", "x": "c"])
    assertReports(digest, [Report("byName.y", .typeMismatch)])
  }

  // MARK: Layout

  func testWrapperAroundAConvertedKeyDictionaryCostsNothingInRelease() {
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
