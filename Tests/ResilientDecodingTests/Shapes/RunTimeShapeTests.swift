import Foundation
import ResilientDecoding
import Testing

/// Values whose shape the library resolves at run time: top-level values, elements of an
/// unkeyed container and properties whose type is a generic argument. Each behaves like the
/// property with its type written out (DocC, "Choosing a Property Kind"; FAQ, "Does `@Resilient`
/// work when the property's type is a generic argument?").
@Suite struct RunTimeShapeTests {
  // MARK: Top-level values

  @Test func topLevelArrayDropsBadItemsAndReportsThemAtTheirIndex() throws {
    let json = """
      [{"name": "a", "price": 1}, {"name": "b", "price": "x"}, {"price": 3},
       {"name": "d", "price": 4}]
      """
    let (items, digest) = try decode(Resilient<[PricedItem]>.self, json: json)
    #expect(items.wrappedValue.map(\.name) == ["a", "d"])
    #expect(
      detailedReports(digest) == [
        "Index 1: typeMismatch(Double) at Index 1.price",
        "Index 2: keyNotFound(name) at Index 2",
      ])
    #expect(digest?.entries.map(\.path) == ["[1]", "[2]"])
    #expect(
      digest?.description == """
        Index 1
          - Could not decode as `Double`
        Index 2
          - Key "name" not found
        """)
    #if DEBUG
      #expect(
        summaries(items.projectedValue.results) == [
          .success(PricedItem(name: "a", price: 1)), .failure(.typeMismatch),
          .failure(.keyNotFound("name")), .success(PricedItem(name: "d", price: 4)),
        ])
      #expect(items.projectedValue.errors.count == 2)
    #endif
  }

  @Test func topLevelValueThatIsNotAnArrayIsEmptyAndReportedAtTheRoot() throws {
    let (items, digest) = try decode(Resilient<[Int]>.self, json: #"{"a": 1}"#)
    #expect(items.wrappedValue == [])
    assertReports(digest, [Report("", .typeMismatch)])
    #expect(digest?.entries.map(\.path) == [""])
    #expect(digest?.entries.map(\.codingPath.isEmpty) == [true])
    #expect(digest?.description == "- Could not decode as an array")
    #if DEBUG
      assertOutcome(items.projectedValue.outcome, .recovered(wasReported: true))
    #endif
  }

  @Test func topLevelNullIsTheAbsentValueAndNotReported() throws {
    let (items, itemsDigest) = try decode(Resilient<[Int]>.self, json: "null")
    #expect(items.wrappedValue == [])
    #expect(itemsDigest == nil)
    let (optional, optionalDigest) = try decode(Resilient<[Int]?>.self, json: "null")
    #expect(optional.wrappedValue == nil)
    #expect(optionalDigest == nil)
    #if DEBUG
      assertOutcome(items.projectedValue.outcome, .valueWasNil)
      assertOutcome(optional.projectedValue.outcome, .valueWasNil)
    #endif
  }

  @Test func topLevelSetsDictionariesOptionalsAndFallbacksAreResilient() throws {
    let (set, setDigest) = try decode(Resilient<Set<Int>>.self, json: #"[2, 2, "x", 1]"#)
    #expect(set.wrappedValue == [1, 2])
    assertReports(setDigest, [Report("Index 2", .typeMismatch)])

    let (dictionary, dictionaryDigest) = try decode(
      Resilient<[String: Int]>.self, json: #"{"a": 1, "b": "x"}"#)
    #expect(dictionary.wrappedValue == ["a": 1])
    assertReports(dictionaryDigest, [Report("b", .typeMismatch)])

    let (keyed, keyedDigest) = try decode(
      Resilient<[Int: String]>.self, json: #"{"4": "d", "four": "x"}"#)
    #expect(keyed.wrappedValue == [4: "d"])
    assertReports(keyedDigest, [Report("four", .dataCorrupted)])

    let (optional, optionalDigest) = try decode(Resilient<Int?>.self, json: #""x""#)
    #expect(optional.wrappedValue == nil)
    assertReports(optionalDigest, [Report("", .typeMismatch)])

    let (mood, moodDigest) = try decode(Resilient<Mood>.self, json: #""meh""#)
    #expect(mood.wrappedValue == .unknown)
    assertReports(moodDigest, [Report("", .novel("meh"))], includingNovel: true)
    #if DEBUG
      #expect(
        describe(set.projectedValue.results) == [
          "success(2)", "success(2)", "failure(typeMismatch(Int) at Index 2)", "success(1)",
        ])
      #expect(
        describe(keyed.projectedValue.results) == [
          "4: success(d)", "four: failure(dataCorrupted at four)",
        ])
      #expect(
        describe(mood.projectedValue.outcome) == #"recoveredFrom(novel("meh"), wasReported: true)"#)
    #endif
  }

  @Test func topLevelArrayRecoversWithoutReportingWhenNotAsked() throws {
    let (items, digest) = try JSONDecoder().decode(
      Resilient<[Int]>.self, from: Data(#"[1, "x", 2]"#.utf8), reportResilientDecodingErrors: false)
    #expect(items.wrappedValue == [1, 2])
    #expect(digest == nil)
  }

  // MARK: Elements

  @Test func elementsThatAreResilientOptionalsTurnBadValuesIntoNil() throws {
    let (cells, digest) = try decode([Resilient<Int?>].self, json: #"[1, "x", null, 3, true]"#)
    #expect(cells.map(\.wrappedValue) == [1, nil, nil, 3, nil])
    #expect(
      detailedReports(digest) == [
        "Index 1: typeMismatch(Int) at Index 1", "Index 4: typeMismatch(Int) at Index 4",
      ])

    let (row, rowDigest) = try decode(Row.self, json: #"{"cells": [null, {}, 7]}"#)
    #expect(row.cells.map(\.wrappedValue) == [nil, nil, 7])
    assertReports(rowDigest, [Report("cells.Index 1", .typeMismatch)])
    #if DEBUG
      #expect(
        cells.map { describe($0.projectedValue.outcome) } == [
          "decodedSuccessfully", "recoveredFrom(typeMismatch(Int) at Index 1, wasReported: true)",
          "valueWasNil", "decodedSuccessfully",
          "recoveredFrom(typeMismatch(Int) at Index 4, wasReported: true)",
        ])
    #endif
  }

  // MARK: Generic properties against their twins

  /// Decodes every document (the common ones and the comparison's own) as `Envelope<Payload>`
  /// and as the twin, and expects the same payload, reports, printed digest and (DEBUG)
  /// outcome, with no assertion.
  @Test(arguments: Self.twins)
  func genericPropertyBehavesLikeItsTwin(_ comparison: Comparison) throws {
    try compare(comparison.twin, documents: Self.commonDocuments + comparison.documents)
  }

  /// Decodes every document as `Envelope<Payload>` and as the twin, whose type is a
  /// declaration `@Resilient` cannot help (DocC, "Choosing a Property Kind"),
  /// and expects both to assert once in DEBUG and to decode as if unwrapped: the same value, or
  /// the same error.
  @Test(arguments: Self.misusedTwins)
  func genericPropertyWithoutResilientBehaviourAssertsLikeItsTwin(_ comparison: Comparison) {
    compareMisuse(comparison.twin, documents: comparison.documents)
  }

  #if DEBUG
    @Test func genericSetsListTheirResultsLikeTheirTwinInDocumentOrder() throws {
      for json in Self.setDocuments {
        let generic = try decode(Envelope<Set<Int>>.self, json: json).value
        let optional = try decode(Envelope<Set<Int>?>.self, json: json).value
        let twin = try decode(IntSetTwin.self, json: json).value
        #expect(describe(generic.$payload.results) == describe(twin.$payload.results), "\(json)")
        #expect(
          describe(optional.$payload.results) == describe(twin.$payload.results), "\(json)")
        #expect(
          describe(generic.$payload.results).prefix(3) == [
            "success(3)", "success(1)", "success(3)",
          ],
          "document order, duplicates included")
      }
    }

    /// A set of raw-representable values decoded cleanly through the run-time dispatch keeps
    /// the document's order and duplicates in its results, as its twin does.
    @Test func genericRawSetsListTheirCleanResultsInDocumentOrder() throws {
      let json = #"{"payload": ["pear", "apple", "pear"]}"#
      let generic = try decode(Envelope<Set<Fruit>>.self, json: json).value
      let optional = try decode(Envelope<Set<Fruit>?>.self, json: json).value
      let twin = try decode(FruitSetTwin.self, json: json).value
      let expected = ["success(pear)", "success(apple)", "success(pear)"]
      #expect(generic.payload == [.apple, .pear])
      #expect(describe(twin.$payload.results) == expected)
      #expect(describe(generic.$payload.results) == expected)
      #expect(describe(optional.$payload.results) == expected)
    }
  #endif

  // MARK: Generic properties: values

  @Test func genericArrayDropsBadElements() throws {
    let (envelope, digest) = try decode(Envelope<[Int]>.self, json: #"{"payload": [1, "x", 2]}"#)
    #expect(envelope.payload == [1, 2])
    assertReports(digest, [Report("payload.Index 1", .typeMismatch)])
  }

  @Test func genericOptionalArrayIsNilWhenMissingAndEmptyWhenOfTheWrongKind() throws {
    let (missing, _) = try decode(Envelope<[Int]?>.self, json: "{}")
    #expect(missing.payload == nil)
    let (wrong, digest) = try decode(Envelope<[Int]?>.self, json: #"{"payload": "x"}"#)
    #expect(wrong.payload == [])
    assertReports(digest, [Report("payload", .typeMismatch)])
  }

  @Test func genericDictionaryDropsBadEntries() throws {
    let (envelope, digest) = try decode(
      Envelope<[String: Int]>.self, json: #"{"payload": {"a": 1, "b": "x"}}"#)
    #expect(envelope.payload == ["a": 1])
    assertReports(digest, [Report("payload.b", .typeMismatch)])
    #if DEBUG
      #expect(
        describe(envelope.$payload.results) == [
          "a: success(1)", "b: failure(typeMismatch(Int) at payload.b)",
        ])
    #endif
  }

  @Test func genericOptionalsAreNilWhenBadAndDecodeURLs() throws {
    let (envelope, digest) = try decode(Envelope<Int?>.self, json: #"{"payload": "x"}"#)
    #expect(envelope.payload == nil)
    assertReports(digest, [Report("payload", .typeMismatch)])
    let (url, _) = try decode(Envelope<URL?>.self, json: #"{"payload": "https://example.com/a"}"#)
    #expect(url.payload == URL(string: "https://example.com/a"))
  }

  @Test func genericRawRepresentableWithAFallbackFallsBack() throws {
    let (missing, missingDigest) = try decode(Envelope<Mood>.self, json: "{}")
    #expect(missing.payload == .unknown, "a missing key gives the fallback")
    assertReports(missingDigest, [Report("payload", .keyNotFound("payload"))])
    let (wrong, _) = try decode(Envelope<Mood?>.self, json: #"{"payload": 1}"#)
    #expect(wrong.payload == .unknown, "a wrong raw type gives the fallback, not nil")
  }

  @Test func genericArrayOfRawRepresentablesDropsNovelAndBadValues() throws {
    let (envelope, digest) = try decode(Envelope<[Fruit]>.self, json: Self.rawCollections[0])
    #expect(envelope.payload == [.apple, .pear, .apple])
    assertReportsIncludingNovel(
      digest, [Report("payload.Index 1", .novel("kiwi")), Report("payload.Index 2", .typeMismatch)])
  }

  @Test func genericCollectionsOfOptionalsKeepNullsAndDropBadElements() throws {
    let (envelope, digest) = try decode(Envelope<[Int?]?>.self, json: Self.optionalsDocuments[0])
    #expect(envelope.payload == [1, nil, 1])
    assertReports(digest, [Report("payload.Index 2", .typeMismatch)])
    // A dictionary whose key `Codable` cannot use as a key has only the plain optional.
    let (structKeyed, _) = try decode(
      Envelope<[PlainStructKey: Int]?>.self, json: #"{"payload": [{"id": 1}, 2]}"#)
    #expect(structKeyed.payload == [PlainStructKey(id: 1): 2])
  }

  // MARK: Types with no resilient behaviour

  @Test func genericPlainIntDecodesAsIfUnwrappedAndAssertsInDebug() throws {
    let (good, goodMessages) = try recordingAssertions {
      try decode(Envelope<Int>.self, json: #"{"payload": 4}"#)
    }
    #expect(good.value.payload == 4)
    #expect(good.digest == nil)
    assertSingleAssertion(goodMessages, mentioning: ["Int", "payload", "`Int?`"])

    for (json, kind) in [
      (#"{"payload": "4"}"#, ErrorKind.typeMismatch), ("{}", .keyNotFound("payload")),
    ] {
      let (error, messages) = recordingAssertions {
        thrownError { try decode(Envelope<Int>.self, json: json) }
      }
      assertError(error, is: kind)
      #expect(messages.count == expectedAssertionCount(1), "\(json)")
    }
  }

  @Test func otherTypesWithoutResilientBehaviourAssertInDebug() throws {
    let (fruit, fruitMessages) = try recordingAssertions {
      try decode(Envelope<Fruit>.self, json: #"{"payload": "apple"}"#).value
    }
    #expect(fruit.payload == .apple)
    #expect(fruitMessages.count == expectedAssertionCount(1), "a raw type without fallback")

    let (optionals, optionalMessages) = try recordingAssertions {
      try decode(Envelope<[Int?]>.self, json: #"{"payload": [1, null]}"#).value
    }
    #expect(optionals.payload == [1, nil])
    #expect(optionalMessages.count == expectedAssertionCount(1), "an array of optionals")

    let (topLevel, topLevelMessages) = try recordingAssertions {
      try decode(Resilient<Int>.self, json: "5").value
    }
    #expect(topLevel.wrappedValue == 5)
    #expect(topLevelMessages.count == expectedAssertionCount(1), "a top-level Int")
  }
}

// MARK: - Comparing a generic property with its twin

extension RunTimeShapeTests {
  /// A twin and the documents it is decoded from.
  struct Comparison: Sendable, CustomTestStringConvertible {
    let twin: any PayloadModel.Type
    let documents: [String]

    var testDescription: String { "\(twin)" }

    /// One comparison for each twin, every one decoded from `documents`.
    static func each(_ twins: [any PayloadModel.Type], _ documents: [String]) -> [Comparison] {
      twins.map { Comparison(twin: $0, documents: documents) }
    }
  }

  /// Documents every twin is decoded from: missing, `null`, and a value of every JSON kind.
  static let commonDocuments = [
    "{}", #"{"payload": null}"#, #"{"payload": "text"}"#, #"{"payload": 3}"#,
    #"{"payload": true}"#, #"{"payload": [1, 2]}"#, #"{"payload": {"a": 1}}"#,
  ]

  static let setDocuments = [#"{"payload": [3, 1, 3, "x"]}"#, #"{"payload": [3, 1, 3]}"#]

  static let rawCollections = [
    #"{"payload": ["apple", "kiwi", 1, "pear", "apple"]}"#,
    #"{"payload": {"1": "apple", "2": "kiwi", "3": 4, "x": "pear"}}"#,
  ]

  static let optionalsDocuments = [
    #"{"payload": [1, null, "x", 1]}"#, #"{"payload": {"1": null, "2": "x"}}"#,
  ]

  /// The twins of shapes with resilient behaviour, by the overload their type selects.
  static let twins: [Comparison] =
    Comparison.each([IntArrayTwin.self], [#"{"payload": [1, "x", 2, null]}"#, #"{"payload": []}"#])
    + Comparison.each([OptionalIntArrayTwin.self], [#"{"payload": [1, "x", 2, null]}"#])
    + Comparison.each([IntSetTwin.self, OptionalIntSetTwin.self], setDocuments)
    + Comparison.each(
      [StringDictionaryTwin.self, OptionalStringDictionaryTwin.self],
      [#"{"payload": {"a": 1, "b": "x", "c": null}}"#, #"{"payload": {}}"#])
    + Comparison.each(
      [IntKeyedTwin.self], [#"{"payload": {"1": "a", "x": "b", "2": 3, "01": "c"}}"#])
    + Comparison.each(
      [OptionalShadeKeyedTwin.self], [#"{"payload": {"light": 1, "dusk": 2, "dark": "x"}}"#])
    + Comparison.each([OptionalIntTwin.self], [])
    + Comparison.each(
      [OptionalURLTwin.self], [#"{"payload": "https://example.com/a"}"#, #"{"payload": ""}"#])
    + Comparison.each(
      [MoodTwin.self, OptionalMoodTwin.self, OptionalFruitTwin.self],
      [#"{"payload": "happy"}"#, #"{"payload": "meh"}"#, #"{"payload": "apple"}"#])
    + Comparison.each(
      [
        FruitArrayTwin.self, OptionalFruitSetTwin.self, FruitDictionaryTwin.self,
        OptionalFruitByIDTwin.self,
      ],
      rawCollections)
    + Comparison.each(
      [
        OptionalArrayOfOptionalsTwin.self, SetOfOptionalsTwin.self,
        OptionalSetOfOptionalsTwin.self, IntKeyedOptionalsTwin.self,
        StringKeyedOptionalsTwin.self, OptionalStringKeyedOptionalsTwin.self,
      ],
      optionalsDocuments)
    + Comparison.each(
      [OptionalStructKeyedTwin.self],
      [#"{"payload": [{"id": 1}, 2]}"#, #"{"payload": [{"id": 1}, "x"]}"#])

  /// The twins whose declaration `@Resilient` cannot help.
  static let misusedTwins = Comparison.each(
    [ArrayOfOptionalsTwin.self], [#"{"payload": [1, null]}"#, #"{"payload": [1, "x"]}"#])

  private func compare<Twin: PayloadModel>(_: Twin.Type, documents: [String]) throws {
    let (_, messages) = try recordingAssertions {
      for json in documents {
        let generic = try decode(Envelope<Twin.Payload>.self, json: json)
        let twin = try decode(Twin.self, json: json)
        #expect(generic.value.payload == twin.value.payload, "\(json)")
        #expect(detailedReports(generic.digest) == detailedReports(twin.digest), "\(json)")
        #expect(generic.digest?.description == twin.digest?.description, "\(json)")
        #if DEBUG
          let genericOutcome = try #require(generic.value.payloadOutcome)
          let twinOutcome = try #require(twin.value.payloadOutcome)
          #expect(describe(genericOutcome) == describe(twinOutcome), "\(json)")
        #endif
      }
    }
    #expect(messages == [], "a shape with resilient behaviour never asserts")
  }

  private func compareMisuse<Twin: PayloadModel>(_: Twin.Type, documents: [String]) {
    for json in documents {
      let (generic, genericMessages) = recordingAssertions {
        Result { try decode(Envelope<Twin.Payload>.self, json: json).value.payload }
      }
      let (twin, twinMessages) = recordingAssertions {
        Result { try decode(Twin.self, json: json).value.payload }
      }
      #expect(genericMessages.count == expectedAssertionCount(1), "\(json)")
      #expect(twinMessages.count == expectedAssertionCount(1), "\(json)")
      switch (generic, twin) {
      case (.success(let genericValue), .success(let twinValue)):
        #expect(genericValue == twinValue, "\(json)")
      case (.failure(let genericError), .failure(let twinError)):
        #expect(describe(genericError) == describe(twinError), "\(json)")
      default:
        Issue.record("\(json): generic \(generic), twin \(twin)")
      }
    }
  }
}

// MARK: - Models

extension RunTimeShapeTests {
  /// A model whose `@Resilient var payload` is decoded by the overload its type selects
  /// (`Sendable`, so that its type can be a test argument).
  protocol PayloadModel: Decodable, Sendable {
    associatedtype Payload: Decodable & Equatable & Sendable
    var payload: Payload { get }
  }

  /// A model whose payload's type is a generic argument: its shape is resolved at run time.
  struct Envelope<Payload: Decodable & Sendable>: Decodable, Sendable {
    @Resilient var payload: Payload
  }

  /// An item of a top-level array; any bad field makes the whole item fail.
  struct PricedItem: Decodable, Equatable {
    let name: String
    let price: Double
  }

  /// A property that is an array of resilient optionals.
  struct Row: Decodable {
    let cells: [Resilient<Int?>]
  }

  /// A key that is `CodingKeyRepresentable` and not a `String`.
  enum ShadeKey: String, CodingKeyRepresentable, Decodable {
    case light, dark
  }

  /// A dictionary key that is neither a `String` nor `CodingKeyRepresentable`.
  struct PlainStructKey: Decodable, Hashable {
    let id: Int
  }

  // Twins: the same property with its type written out, decoded by the overload for that type.

  struct IntArrayTwin: PayloadModel { @Resilient var payload: [Int] }
  struct OptionalIntArrayTwin: PayloadModel { @Resilient var payload: [Int]? }
  struct IntSetTwin: PayloadModel { @Resilient var payload: Set<Int> }
  struct OptionalIntSetTwin: PayloadModel { @Resilient var payload: Set<Int>? }
  struct FruitSetTwin: PayloadModel { @Resilient var payload: Set<Fruit> }
  struct StringDictionaryTwin: PayloadModel { @Resilient var payload: [String: Int] }
  struct OptionalStringDictionaryTwin: PayloadModel { @Resilient var payload: [String: Int]? }
  struct IntKeyedTwin: PayloadModel { @Resilient var payload: [Int: String] }
  struct OptionalShadeKeyedTwin: PayloadModel { @Resilient var payload: [ShadeKey: Int]? }
  struct OptionalIntTwin: PayloadModel { @Resilient var payload: Int? }
  struct OptionalURLTwin: PayloadModel { @Resilient var payload: URL? }
  struct MoodTwin: PayloadModel { @Resilient var payload: Mood }
  struct OptionalMoodTwin: PayloadModel { @Resilient var payload: Mood? }
  struct OptionalFruitTwin: PayloadModel { @Resilient var payload: Fruit? }
  struct FruitArrayTwin: PayloadModel { @Resilient var payload: [Fruit] }
  struct OptionalFruitSetTwin: PayloadModel { @Resilient var payload: Set<Fruit>? }
  struct FruitDictionaryTwin: PayloadModel { @Resilient var payload: [String: Fruit] }
  struct OptionalFruitByIDTwin: PayloadModel { @Resilient var payload: [Int: Fruit]? }
  struct OptionalArrayOfOptionalsTwin: PayloadModel { @Resilient var payload: [Int?]? }
  struct SetOfOptionalsTwin: PayloadModel { @Resilient var payload: Set<Int?> }
  struct OptionalSetOfOptionalsTwin: PayloadModel { @Resilient var payload: Set<Int?>? }
  struct IntKeyedOptionalsTwin: PayloadModel { @Resilient var payload: [Int: Int?] }
  struct StringKeyedOptionalsTwin: PayloadModel { @Resilient var payload: [String: Int?] }
  struct OptionalStringKeyedOptionalsTwin: PayloadModel { @Resilient var payload: [String: Int?]? }
  struct OptionalStructKeyedTwin: PayloadModel { @Resilient var payload: [PlainStructKey: Int]? }
  // A declaration `@Resilient` cannot help.
  struct ArrayOfOptionalsTwin: PayloadModel { @Resilient var payload: [Int?] }
}

extension RunTimeShapeTests.Envelope: RunTimeShapeTests.PayloadModel where Payload: Equatable {}

#if DEBUG
  extension RunTimeShapeTests.PayloadModel {
    /// The outcome of `payload`, read from its wrapper `_payload` by reflection.
    var payloadOutcome: ResilientDecodingOutcome? {
      (Mirror(reflecting: self).descendant("_payload") as? Resilient<Payload>)?
        .projectedValue.outcome
    }
  }
#endif
