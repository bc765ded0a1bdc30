import Foundation
import ResilientDecoding
import XCTest

/// A model with a `@Resilient` payload, so that a generic envelope and its non-generic twin
/// can be decoded and compared the same way.
private protocol BeyondPayloadHolder: Decodable {
  associatedtype Payload: Decodable
  var payload: Payload { get }
  #if DEBUG
    var payloadProjection: Resilient<Payload>.ProjectedValue { get }
  #endif
}

/// The generic model of issue 3: which overload applies is only known at run time.
private struct Envelope<T: Decodable>: BeyondPayloadHolder {
  @Resilient var payload: T
  #if DEBUG
    var payloadProjection: Resilient<T>.ProjectedValue { $payload }
  #endif
}

/// A colour without a fallback that the server may add cases to.
private enum BeyondColour: String, ResilientRawRepresentable {
  case red, green
}

/// A mood with a fallback.
private enum BeyondMood: String, ResilientRawRepresentable {
  case happy, unknown
  static var decodingFallback: BeyondMood { .unknown }
}

/// A plain enum key.
private enum BeyondShade: String, CodingKeyRepresentable, Decodable {
  case light, dark
}

// Non-generic twins: each `payload` is decoded by the specialised overload for its type.

private struct IntArrayTwin: BeyondPayloadHolder {
  @Resilient var payload: [Int]
  #if DEBUG
    var payloadProjection: Resilient<[Int]>.ProjectedValue { $payload }
  #endif
}

private struct OptionalIntArrayTwin: BeyondPayloadHolder {
  @Resilient var payload: [Int]?
  #if DEBUG
    var payloadProjection: Resilient<[Int]?>.ProjectedValue { $payload }
  #endif
}

private struct IntSetTwin: BeyondPayloadHolder {
  @Resilient var payload: Set<Int>
  #if DEBUG
    var payloadProjection: Resilient<Set<Int>>.ProjectedValue { $payload }
  #endif
}

private struct OptionalIntSetTwin: BeyondPayloadHolder {
  @Resilient var payload: Set<Int>?
  #if DEBUG
    var payloadProjection: Resilient<Set<Int>?>.ProjectedValue { $payload }
  #endif
}

private struct StringDictionaryTwin: BeyondPayloadHolder {
  @Resilient var payload: [String: Int]
  #if DEBUG
    var payloadProjection: Resilient<[String: Int]>.ProjectedValue { $payload }
  #endif
}

private struct OptionalStringDictionaryTwin: BeyondPayloadHolder {
  @Resilient var payload: [String: Int]?
  #if DEBUG
    var payloadProjection: Resilient<[String: Int]?>.ProjectedValue { $payload }
  #endif
}

private struct IntKeyedTwin: BeyondPayloadHolder {
  @Resilient var payload: [Int: String]
  #if DEBUG
    var payloadProjection: Resilient<[Int: String]>.ProjectedValue { $payload }
  #endif
}

private struct OptionalShadeKeyedTwin: BeyondPayloadHolder {
  @Resilient var payload: [BeyondShade: Int]?
  #if DEBUG
    var payloadProjection: Resilient<[BeyondShade: Int]?>.ProjectedValue { $payload }
  #endif
}

private struct OptionalIntTwin: BeyondPayloadHolder {
  @Resilient var payload: Int?
  #if DEBUG
    var payloadProjection: Resilient<Int?>.ProjectedValue { $payload }
  #endif
}

private struct OptionalURLTwin: BeyondPayloadHolder {
  @Resilient var payload: URL?
  #if DEBUG
    var payloadProjection: Resilient<URL?>.ProjectedValue { $payload }
  #endif
}

private struct MoodTwin: BeyondPayloadHolder {
  @Resilient var payload: BeyondMood
  #if DEBUG
    var payloadProjection: Resilient<BeyondMood>.ProjectedValue { $payload }
  #endif
}

private struct OptionalMoodTwin: BeyondPayloadHolder {
  @Resilient var payload: BeyondMood?
  #if DEBUG
    var payloadProjection: Resilient<BeyondMood?>.ProjectedValue { $payload }
  #endif
}

private struct OptionalColourTwin: BeyondPayloadHolder {
  @Resilient var payload: BeyondColour?
  #if DEBUG
    var payloadProjection: Resilient<BeyondColour?>.ProjectedValue { $payload }
  #endif
}

private struct ColourArrayTwin: BeyondPayloadHolder {
  @Resilient var payload: [BeyondColour]
  #if DEBUG
    var payloadProjection: Resilient<[BeyondColour]>.ProjectedValue { $payload }
  #endif
}

private struct ColourSetTwin: BeyondPayloadHolder {
  @Resilient var payload: Set<BeyondColour>?
  #if DEBUG
    var payloadProjection: Resilient<Set<BeyondColour>?>.ProjectedValue { $payload }
  #endif
}

private struct ColourDictionaryTwin: BeyondPayloadHolder {
  @Resilient var payload: [String: BeyondColour]
  #if DEBUG
    var payloadProjection: Resilient<[String: BeyondColour]>.ProjectedValue { $payload }
  #endif
}

private struct ColourByIDTwin: BeyondPayloadHolder {
  @Resilient var payload: [Int: BeyondColour]?
  #if DEBUG
    var payloadProjection: Resilient<[Int: BeyondColour]?>.ProjectedValue { $payload }
  #endif
}

private struct OptionalArrayOfOptionalsTwin: BeyondPayloadHolder {
  @Resilient var payload: [Int?]?
  #if DEBUG
    var payloadProjection: Resilient<[Int?]?>.ProjectedValue { $payload }
  #endif
}

private struct SetOfOptionalsTwin: BeyondPayloadHolder {
  @Resilient var payload: Set<Int?>
  #if DEBUG
    var payloadProjection: Resilient<Set<Int?>>.ProjectedValue { $payload }
  #endif
}

private struct OptionalSetOfOptionalsTwin: BeyondPayloadHolder {
  @Resilient var payload: Set<Int?>?
  #if DEBUG
    var payloadProjection: Resilient<Set<Int?>?>.ProjectedValue { $payload }
  #endif
}

private struct IntKeyedOptionalsTwin: BeyondPayloadHolder {
  @Resilient var payload: [Int: Int?]
  #if DEBUG
    var payloadProjection: Resilient<[Int: Int?]>.ProjectedValue { $payload }
  #endif
}

private struct OptionalStringKeyedOptionalsTwin: BeyondPayloadHolder {
  @Resilient var payload: [String: Int?]?
  #if DEBUG
    var payloadProjection: Resilient<[String: Int?]?>.ProjectedValue { $payload }
  #endif
}

private struct ArrayOfOptionalsTwin: BeyondPayloadHolder {
  @Resilient var payload: [Int?]
  #if DEBUG
    var payloadProjection: Resilient<[Int?]>.ProjectedValue { $payload }
  #endif
}

private struct StringKeyedOptionalsTwin: BeyondPayloadHolder {
  @Resilient var payload: [String: Int?]
  #if DEBUG
    var payloadProjection: Resilient<[String: Int?]>.ProjectedValue { $payload }
  #endif
}

/// A dictionary key that is neither a `String` nor `CodingKeyRepresentable`.
private struct BeyondStructKey: Decodable, Hashable {
  let id: Int
}

private struct OptionalStructKeyedTwin: BeyondPayloadHolder {
  @Resilient var payload: [BeyondStructKey: Int]?
  #if DEBUG
    var payloadProjection: Resilient<[BeyondStructKey: Int]?>.ProjectedValue { $payload }
  #endif
}

/// An item of a top-level array; any bad field makes the whole item fail.
private struct PricedItem: Decodable, Equatable {
  let name: String
  let price: Double
}

/// A property that is an array of resilient optionals.
private struct Row: Decodable {
  let cells: [Resilient<Int?>]
}

/// Top-level values and generic properties resolve their resilient behaviour at run time and
/// then behave exactly as the specialised overloads.
final class TopLevelAndGenericTests: XCTestCase {
  /// Documents every shape must survive: missing, `null`, and values of every JSON kind.
  private let commonDocuments = [
    "{}", #"{"payload": null}"#, #"{"payload": "text"}"#, #"{"payload": 3}"#,
    #"{"payload": true}"#, #"{"payload": [1, 2]}"#, #"{"payload": {"a": 1}}"#,
  ]

  // MARK: Top-level values

  func testTopLevelArrayDropsBadItemsAndReportsThemAtTheirIndex() throws {
    let json = """
      [{"name": "a", "price": 1}, {"name": "b", "price": "x"}, {"price": 3},
       {"name": "d", "price": 4}]
      """
    let (items, digest) = try JSONDecoder().decode(
      Resilient<[PricedItem]>.self, from: Data(json.utf8), reportResilientDecodingErrors: true)
    XCTAssertEqual(items.wrappedValue.map(\.name), ["a", "d"])
    XCTAssertEqual(
      beyondDetailedEntries(digest),
      [
        "[1]: typeMismatch(Double) at Index 1/price",
        "[2]: keyNotFound(name) at Index 2",
      ])
    XCTAssertEqual(
      digest?.description,
      """
      Index 1
        - Could not decode as `Double`
      Index 2
        - Key "name" not found
      """)
    #if DEBUG
      XCTAssertEqual(
        beyondResults(items.projectedValue.results).map { $0.prefix(8) },
        ["success(", "failure(", "failure(", "success("])
      XCTAssertEqual(items.projectedValue.errors.count, 2)
    #endif
  }

  func testTopLevelValueThatIsNotAnArrayIsEmptyAndReportedAtTheRoot() throws {
    let (items, digest) = try beyondDecode(Resilient<[Int]>.self, #"{"a": 1}"#)
    XCTAssertEqual(items.wrappedValue, [])
    XCTAssertEqual(digest?.entries.map(\.path), [""])
    XCTAssertEqual(digest?.entries.map(\.codingPath.isEmpty), [true])
    XCTAssertEqual(beyondEntries(digest), [" typeMismatch"])
    XCTAssertEqual(digest?.description.hasPrefix("- Could not decode as `"), true)
    #if DEBUG
      guard case .recoveredFrom(_, let wasReported) = items.projectedValue.outcome else {
        return XCTFail("expected a recovered outcome, got \(items.projectedValue.outcome)")
      }
      XCTAssertTrue(wasReported)
    #endif
  }

  func testTopLevelNullIsTheAbsentValueAndNotReported() throws {
    let (items, itemsDigest) = try beyondDecode(Resilient<[Int]>.self, "null")
    XCTAssertEqual(items.wrappedValue, [])
    XCTAssertNil(itemsDigest)
    let (optional, optionalDigest) = try beyondDecode(Resilient<[Int]?>.self, "null")
    XCTAssertNil(optional.wrappedValue)
    XCTAssertNil(optionalDigest)
    #if DEBUG
      XCTAssertEqual(beyondOutcome(items.projectedValue.outcome), "valueWasNil")
      XCTAssertEqual(beyondOutcome(optional.projectedValue.outcome), "valueWasNil")
    #endif
  }

  func testTopLevelSetsDictionariesOptionalsAndFallbacksAreResilient() throws {
    let (set, setDigest) = try beyondDecode(Resilient<Set<Int>>.self, #"[2, 2, "x", 1]"#)
    XCTAssertEqual(set.wrappedValue, [1, 2])
    beyondAssertEntries(setDigest, ["[2] typeMismatch"])

    let (dictionary, dictionaryDigest) = try beyondDecode(
      Resilient<[String: Int]>.self, #"{"a": 1, "b": "x"}"#)
    XCTAssertEqual(dictionary.wrappedValue, ["a": 1])
    beyondAssertEntries(dictionaryDigest, ["b typeMismatch"])

    let (keyed, keyedDigest) = try beyondDecode(
      Resilient<[Int: String]>.self, #"{"4": "d", "four": "x"}"#)
    XCTAssertEqual(keyed.wrappedValue, [4: "d"])
    beyondAssertEntries(keyedDigest, ["four dataCorrupted"])

    let (optional, optionalDigest) = try beyondDecode(Resilient<Int?>.self, #""x""#)
    XCTAssertNil(optional.wrappedValue)
    beyondAssertEntries(optionalDigest, [" typeMismatch"])

    let (mood, moodDigest) = try beyondDecode(Resilient<BeyondMood>.self, #""meh""#)
    XCTAssertEqual(mood.wrappedValue, .unknown)
    beyondAssertEntries(moodDigest, [" novel(\"meh\")"], includeNovel: true)
    #if DEBUG
      XCTAssertEqual(
        beyondResults(set.projectedValue.results),
        ["success(2)", "success(2)", "failure(typeMismatch(Int) at Index 2)", "success(1)"])
      XCTAssertEqual(
        beyondResults(keyed.projectedValue.results),
        ["4: success(d)", "four: failure(dataCorrupted at four)"])
      XCTAssertEqual(
        beyondOutcome(mood.projectedValue.outcome),
        "recoveredFrom(novel(\"meh\"), wasReported: true)")
    #endif
  }

  func testTopLevelArrayRecoversWithoutReportingWhenNotAsked() throws {
    let (items, digest) = try JSONDecoder().decode(
      Resilient<[Int]>.self, from: Data(#"[1, "x", 2]"#.utf8), reportResilientDecodingErrors: false)
    XCTAssertEqual(items.wrappedValue, [1, 2])
    XCTAssertNil(digest)
  }

  func testArrayOfResilientOptionalsTurnsBadElementsIntoNil() throws {
    let (cells, digest) = try beyondDecode([Resilient<Int?>].self, #"[1, "x", null, 3, true]"#)
    XCTAssertEqual(cells.map(\.wrappedValue), [1, nil, nil, 3, nil])
    XCTAssertEqual(
      beyondDetailedEntries(digest),
      ["[1]: typeMismatch(Int) at Index 1", "[4]: typeMismatch(Int) at Index 4"])

    let (row, rowDigest) = try beyondDecode(Row.self, #"{"cells": [null, {}, 7]}"#)
    XCTAssertEqual(row.cells.map(\.wrappedValue), [nil, nil, 7])
    beyondAssertEntries(rowDigest, ["cells[1] typeMismatch"])
    #if DEBUG
      XCTAssertEqual(
        cells.map { beyondOutcome($0.projectedValue.outcome) },
        [
          "decodedSuccessfully", "recoveredFrom(typeMismatch(Int) at Index 1, wasReported: true)",
          "valueWasNil", "decodedSuccessfully",
          "recoveredFrom(typeMismatch(Int) at Index 4, wasReported: true)",
        ])
    #endif
  }

  // MARK: Generic properties

  func testGenericArrayBehavesLikeTheArrayOverload() throws {
    assertEnvelope(
      behavesLike: IntArrayTwin.self,
      documents: [#"{"payload": [1, "x", 2, null]}"#, #"{"payload": []}"#])
    let (envelope, digest) = try beyondDecode(Envelope<[Int]>.self, #"{"payload": [1, "x", 2]}"#)
    XCTAssertEqual(envelope.payload, [1, 2])
    beyondAssertEntries(digest, ["payload[1] typeMismatch"])
  }

  func testGenericOptionalArrayBehavesLikeTheOptionalArrayOverload() throws {
    assertEnvelope(
      behavesLike: OptionalIntArrayTwin.self, documents: [#"{"payload": [1, "x", 2, null]}"#])
    let (missing, _) = try beyondDecode(Envelope<[Int]?>.self, "{}")
    XCTAssertNil(missing.payload)
    let (wrong, digest) = try beyondDecode(Envelope<[Int]?>.self, #"{"payload": "x"}"#)
    XCTAssertEqual(wrong.payload, [])
    beyondAssertEntries(digest, ["payload typeMismatch"])
  }

  func testGenericSetsBehaveLikeTheSetOverloads() throws {
    let documents = [#"{"payload": [3, 1, 3, "x"]}"#, #"{"payload": [3, 1, 3]}"#]
    assertEnvelope(behavesLike: IntSetTwin.self, documents: documents)
    assertEnvelope(behavesLike: OptionalIntSetTwin.self, documents: documents)
    #if DEBUG
      for json in documents {
        let (generic, _) = try beyondDecode(Envelope<Set<Int>>.self, json)
        let (twin, _) = try beyondDecode(IntSetTwin.self, json)
        XCTAssertEqual(
          beyondResults(generic.$payload.results), beyondResults(twin.$payload.results), json)
        XCTAssertEqual(
          Array(beyondResults(generic.$payload.results).prefix(3)),
          ["success(3)", "success(1)", "success(3)"], "document order, duplicates included")
        let (optional, _) = try beyondDecode(Envelope<Set<Int>?>.self, json)
        XCTAssertEqual(
          beyondResults(optional.$payload.results), beyondResults(twin.$payload.results), json)
      }
    #endif
  }

  func testGenericDictionariesBehaveLikeTheDictionaryOverloads() throws {
    let stringKeyed = [#"{"payload": {"a": 1, "b": "x", "c": null}}"#, #"{"payload": {}}"#]
    assertEnvelope(behavesLike: StringDictionaryTwin.self, documents: stringKeyed)
    assertEnvelope(behavesLike: OptionalStringDictionaryTwin.self, documents: stringKeyed)
    assertEnvelope(
      behavesLike: IntKeyedTwin.self,
      documents: [#"{"payload": {"1": "a", "x": "b", "2": 3, "01": "c"}}"#])
    assertEnvelope(
      behavesLike: OptionalShadeKeyedTwin.self,
      documents: [#"{"payload": {"light": 1, "dusk": 2, "dark": "x"}}"#])
    let (envelope, digest) = try beyondDecode(
      Envelope<[String: Int]>.self, #"{"payload": {"a": 1, "b": "x"}}"#)
    XCTAssertEqual(envelope.payload, ["a": 1])
    beyondAssertEntries(digest, ["payload.b typeMismatch"])
    #if DEBUG
      XCTAssertEqual(
        beyondResults(envelope.$payload.results),
        ["a: success(1)", "b: failure(typeMismatch(Int) at payload/b)"])
    #endif
  }

  func testGenericOptionalsBehaveLikeTheOptionalOverload() throws {
    assertEnvelope(behavesLike: OptionalIntTwin.self, documents: [])
    assertEnvelope(
      behavesLike: OptionalURLTwin.self,
      documents: [#"{"payload": "https://example.com/a"}"#, #"{"payload": ""}"#])
    let (envelope, digest) = try beyondDecode(Envelope<Int?>.self, #"{"payload": "x"}"#)
    XCTAssertNil(envelope.payload)
    beyondAssertEntries(digest, ["payload typeMismatch"])
    let (url, _) = try beyondDecode(Envelope<URL?>.self, #"{"payload": "https://example.com/a"}"#)
    XCTAssertEqual(url.payload, URL(string: "https://example.com/a"))
  }

  func testGenericRawRepresentablesBehaveLikeTheirOverloads() throws {
    let raw = [#"{"payload": "happy"}"#, #"{"payload": "meh"}"#, #"{"payload": "red"}"#]
    assertEnvelope(behavesLike: MoodTwin.self, documents: raw)
    assertEnvelope(behavesLike: OptionalMoodTwin.self, documents: raw)
    assertEnvelope(behavesLike: OptionalColourTwin.self, documents: raw)
    let (missing, missingDigest) = try beyondDecode(Envelope<BeyondMood>.self, "{}")
    XCTAssertEqual(missing.payload, .unknown, "a missing key gives the fallback")
    beyondAssertEntries(missingDigest, ["payload keyNotFound"])
    let (wrong, _) = try beyondDecode(Envelope<BeyondMood?>.self, #"{"payload": 1}"#)
    XCTAssertEqual(wrong.payload, .unknown, "a wrong raw type gives the fallback, not nil")
  }

  func testGenericCollectionsOfRawRepresentablesBehaveLikeTheirOverloads() throws {
    let collections = [
      #"{"payload": ["red", "blue", 1, "green", "red"]}"#,
      #"{"payload": {"1": "red", "2": "blue", "3": 4, "x": "green"}}"#,
    ]
    assertEnvelope(behavesLike: ColourArrayTwin.self, documents: collections)
    assertEnvelope(behavesLike: ColourSetTwin.self, documents: collections)
    assertEnvelope(behavesLike: ColourDictionaryTwin.self, documents: collections)
    assertEnvelope(behavesLike: ColourByIDTwin.self, documents: collections)
    let (envelope, digest) = try beyondDecode(Envelope<[BeyondColour]>.self, collections[0])
    XCTAssertEqual(envelope.payload, [.red, .green, .red])
    beyondAssertEntries(digest, ["payload[2] typeMismatch"])
    beyondAssertEntries(
      digest, ["payload[1] novel(\"blue\")", "payload[2] typeMismatch"], includeNovel: true)
  }

  func testGenericCollectionsOfOptionalsFollowTheOverloadsTheirTypeSelects() throws {
    // Optional collections of optionals and sets or keyed dictionaries of optionals have
    // resilient overloads (optional elements decode `null` as nil, bad ones are dropped).
    let documents = [#"{"payload": [1, null, "x", 1]}"#, #"{"payload": {"1": null, "2": "x"}}"#]
    assertEnvelope(behavesLike: OptionalArrayOfOptionalsTwin.self, documents: documents)
    assertEnvelope(behavesLike: SetOfOptionalsTwin.self, documents: documents)
    assertEnvelope(behavesLike: OptionalSetOfOptionalsTwin.self, documents: documents)
    assertEnvelope(behavesLike: IntKeyedOptionalsTwin.self, documents: documents)
    assertEnvelope(behavesLike: OptionalStringKeyedOptionalsTwin.self, documents: documents)
    let (envelope, digest) = try beyondDecode(Envelope<[Int?]?>.self, documents[0])
    XCTAssertEqual(envelope.payload, [1, nil, 1])
    beyondAssertEntries(digest, ["payload[2] typeMismatch"])

    // A dictionary with a key type Codable cannot use as a key has only the plain optional.
    assertEnvelope(
      behavesLike: OptionalStructKeyedTwin.self,
      documents: [#"{"payload": [{"id": 1}, 2]}"#, #"{"payload": [{"id": 1}, "x"]}"#])
    let (structKeyed, _) = try beyondDecode(
      Envelope<[BeyondStructKey: Int]?>.self, #"{"payload": [{"id": 1}, 2]}"#)
    XCTAssertEqual(structKeyed.payload, [BeyondStructKey(id: 1): 2])
  }

  func testGenericArraysAndStringDictionariesOfOptionalsAssertLikeTheirMisuseOverloads() {
    let documents = [#"{"payload": [1, null]}"#, #"{"payload": {"a": null, "b": 2}}"#]
    assertMisuse(ArrayOfOptionalsTwin.self, documents: documents)
    assertMisuse(StringKeyedOptionalsTwin.self, documents: documents)
  }

  // MARK: Types with no resilient behaviour

  func testGenericPlainIntDecodesAsIfUnwrappedAndAssertsInDebug() throws {
    let (good, goodMessages) = try beyondRecordingAssertions {
      try beyondDecode(Envelope<Int>.self, #"{"payload": 4}"#)
    }
    XCTAssertEqual(good.0.payload, 4)
    XCTAssertNil(good.1)
    XCTAssertEqual(goodMessages.count, beyondIsDebug ? 1 : 0)
    for message in goodMessages {
      XCTAssertTrue(message.contains("Int"), message)
      XCTAssertTrue(message.contains("payload"), message)
      XCTAssertTrue(message.contains("`Int?`"), "says what to write instead: \(message)")
    }

    for (json, kind) in [(#"{"payload": "4"}"#, "typeMismatch"), ("{}", "keyNotFound")] {
      let (result, messages) = beyondRecordingAssertions {
        Result { try beyondDecode(Envelope<Int>.self, json) }
      }
      XCTAssertThrowsError(try result.get(), json) { error in
        XCTAssertEqual(beyondKind(error), kind, json)
      }
      XCTAssertEqual(messages.count, beyondIsDebug ? 1 : 0, json)
    }
  }

  func testOtherTypesWithoutResilientBehaviourAssertInDebug() throws {
    let (colour, colourMessages) = try beyondRecordingAssertions {
      try beyondDecode(Envelope<BeyondColour>.self, #"{"payload": "red"}"#).0
    }
    XCTAssertEqual(colour.payload, .red)
    XCTAssertEqual(colourMessages.count, beyondIsDebug ? 1 : 0, "a raw type without fallback")

    let (optionals, optionalMessages) = try beyondRecordingAssertions {
      try beyondDecode(Envelope<[Int?]>.self, #"{"payload": [1, null]}"#).0
    }
    XCTAssertEqual(optionals.payload, [1, nil])
    XCTAssertEqual(optionalMessages.count, beyondIsDebug ? 1 : 0, "an array of optionals")

    let (topLevel, topLevelMessages) = try beyondRecordingAssertions {
      try beyondDecode(Resilient<Int>.self, "5").0
    }
    XCTAssertEqual(topLevel.wrappedValue, 5)
    XCTAssertEqual(topLevelMessages.count, beyondIsDebug ? 1 : 0, "a top-level Int")
  }

  // MARK: Helpers

  /// Decodes every document as `Envelope<Payload>` and as `twin`, whose overload is a misuse
  /// one, and asserts that both assert once in DEBUG and decode as if unwrapped: the same
  /// value, or an error of the same kind.
  private func assertMisuse<Twin: BeyondPayloadHolder>(
    _ twin: Twin.Type,
    documents: [String],
    file: StaticString = #filePath,
    line: UInt = #line
  ) where Twin.Payload: Equatable {
    for json in documents {
      let (generic, genericMessages) = beyondRecordingAssertions {
        Result { try beyondDecode(Envelope<Twin.Payload>.self, json).0.payload }
      }
      let (special, specialMessages) = beyondRecordingAssertions {
        Result { try beyondDecode(Twin.self, json).0.payload }
      }
      XCTAssertEqual(genericMessages.count, beyondIsDebug ? 1 : 0, json, file: file, line: line)
      XCTAssertEqual(specialMessages.count, beyondIsDebug ? 1 : 0, json, file: file, line: line)
      switch (generic, special) {
      case (.success(let genericValue), .success(let specialValue)):
        XCTAssertEqual(genericValue, specialValue, json, file: file, line: line)
      case (.failure(let genericError), .failure(let specialError)):
        XCTAssertEqual(
          beyondDescribe(genericError), beyondDescribe(specialError), json, file: file,
          line: line)
      default:
        XCTFail("\(json): generic \(generic), specialised \(special)", file: file, line: line)
      }
    }
  }

  /// Decodes every document (the common ones and `documents`) as `Envelope<Payload>` and as
  /// `twin`, and asserts the same payload, digest and (DEBUG) outcome, with no assertion.
  private func assertEnvelope<Twin: BeyondPayloadHolder>(
    behavesLike twin: Twin.Type,
    documents: [String],
    file: StaticString = #filePath,
    line: UInt = #line
  ) where Twin.Payload: Equatable {
    let (_, messages) = beyondRecordingAssertions {
      for json in commonDocuments + documents {
        let generic: (Envelope<Twin.Payload>, ErrorDigest?)
        let special: (Twin, ErrorDigest?)
        do {
          generic = try beyondDecode(Envelope<Twin.Payload>.self, json)
          special = try beyondDecode(Twin.self, json)
        } catch {
          XCTFail("\(Twin.self) \(json): \(error)", file: file, line: line)
          continue
        }
        XCTAssertEqual(generic.0.payload, special.0.payload, json, file: file, line: line)
        XCTAssertEqual(
          beyondDetailedEntries(generic.1), beyondDetailedEntries(special.1), json, file: file,
          line: line)
        XCTAssertEqual(generic.1?.description, special.1?.description, json, file: file, line: line)
        #if DEBUG
          XCTAssertEqual(
            beyondOutcome(generic.0.payloadProjection.outcome),
            beyondOutcome(special.0.payloadProjection.outcome), "\(Twin.self) \(json)",
            file: file, line: line)
        #endif
      }
    }
    XCTAssertEqual(
      messages, [], "a shape with resilient behaviour never asserts", file: file, line: line)
  }
}
