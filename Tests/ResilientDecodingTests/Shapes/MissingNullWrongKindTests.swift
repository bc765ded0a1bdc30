import Foundation
import ResilientDecoding
import Testing

/// Every kind of `@Resilient` declaration, decoded with its key missing, with `null`, with a
/// value of the wrong kind and with a valid value, by every test decoder.
///
/// The tables below mirror the contract in DocC, "Choosing a Property Kind": one test
/// per table there ("Optionals", "Arrays and sets", "Dictionaries", "Raw-representable enums:
/// `ResilientRawRepresentable`"), one row per declaration, one column per situation. A cell
/// says what the property holds and what was reported at it; in DEBUG it also fixes
/// `$x.outcome`, `$x.error` and, for collections, `$x.results` and `$x.errors` (DocC "Inspecting
/// Errors in DEBUG"). Every cell holds for every ``TestDecoder`` (DocC "Using Other Decoders"):
/// none may need a nested container for a key, `count` or, but for a missing non-optional enum
/// alone in its container, a super-decoder. What elements, entries and novel raw values do is
/// tested in each shape's own file and, for every decoder, in `DecoderEquivalenceTests`.
struct MissingNullWrongKindTests {
  @Test(arguments: Declaration.optionals, Circumstance.all)
  func optionals(_ declaration: Declaration, _ circumstance: Circumstance) throws {
    try declaration.check(circumstance)
  }

  @Test(arguments: Declaration.arraysAndSets, Circumstance.all)
  func arraysAndSets(_ declaration: Declaration, _ circumstance: Circumstance) throws {
    try declaration.check(circumstance)
  }

  @Test(arguments: Declaration.dictionaries, Circumstance.all)
  func dictionaries(_ declaration: Declaration, _ circumstance: Circumstance) throws {
    try declaration.check(circumstance)
  }

  @Test(arguments: Declaration.rawRepresentables, Circumstance.all)
  func rawRepresentables(_ declaration: Declaration, _ circumstance: Circumstance) throws {
    try declaration.check(circumstance)
  }

  @Test(arguments: Declaration.resilientDecodables, Circumstance.all)
  func resilientDecodables(_ declaration: Declaration, _ circumstance: Circumstance) throws {
    try declaration.check(circumstance)
  }
}

// MARK: - The tables

extension MissingNullWrongKindTests.Declaration {
  /// DocC "Choosing a Property Kind".
  static let optionals: [Self] = [
    Self(
      "Int?", OptionalInt.self, missingKey: .absent(nil), null: .absent(nil),
      wrongKind: #""three""#, .reported(nil, .typeMismatch),
      valid: "3", .decoded(3)),
    Self(
      "Item?", OptionalItem.self, missingKey: .absent(nil), null: .absent(nil),
      wrongKind: "2", .reported(nil, .typeMismatch),
      valid: #"{"name": "a"}"#, .decoded(Item(name: "a"))),
  ]

  /// DocC "Choosing a Property Kind", and the collections of raw values in "Raw-representable
  /// enums".
  static let arraysAndSets: [Self] = [
    Self(
      "[Int]", IntArray.self, missingKey: .absent([]), null: .absent([]),
      wrongKind: #"{"a": 1}"#, .reported([], .typeMismatch, results: ["failure(typeMismatch)"]),
      valid: "[1, 2, 3]", .decoded([1, 2, 3], results: ["success(1)", "success(2)", "success(3)"])),
    Self(
      "[Int]?", OptionalIntArray.self, missingKey: .absent(nil), null: .absent(nil),
      wrongKind: #""1, 2""#, .reported([], .typeMismatch, results: ["failure(typeMismatch)"]),
      valid: "[4, 5]", .decoded([4, 5], results: ["success(4)", "success(5)"])),
    Self(
      "Set<Int>", IntSet.self, missingKey: .absent([]), null: .absent([]),
      wrongKind: #""1,2""#, .reported([], .typeMismatch, results: ["failure(typeMismatch)"]),
      valid: "[2, 1]", .decoded([1, 2], results: ["success(2)", "success(1)"])),
    Self(
      "Set<Int>?", OptionalIntSet.self, missingKey: .absent(nil), null: .absent(nil),
      wrongKind: #"{"a": 1}"#, .reported([], .typeMismatch, results: ["failure(typeMismatch)"]),
      valid: "[9, 8]", .decoded([8, 9], results: ["success(9)", "success(8)"])),
    Self(
      "Set<String>", StringSet.self, missingKey: .absent([]), null: .absent([]),
      wrongKind: #""a""#, .reported([], .typeMismatch, results: ["failure(typeMismatch)"]),
      valid: #"["a", "b"]"#, .decoded(["a", "b"], results: ["success(a)", "success(b)"])),
    Self(
      "Set<String>?", OptionalStringSet.self, missingKey: .absent(nil), null: .absent(nil),
      wrongKind: "5", .reported([], .typeMismatch, results: ["failure(typeMismatch)"]),
      valid: #"["a"]"#, .decoded(["a"], results: ["success(a)"])),
    Self(
      "[Fruit]", FruitArray.self, missingKey: .absent([]), null: .absent([]),
      wrongKind: #""apple""#, .reported([], .typeMismatch, results: ["failure(typeMismatch)"]),
      valid: #"["apple", "pear"]"#,
      .decoded([.apple, .pear], results: ["success(apple)", "success(pear)"])),
    Self(
      "[FrozenFruit]", FrozenFruitArray.self, missingKey: .absent([]), null: .absent([]),
      wrongKind: "7", .reported([], .typeMismatch, results: ["failure(typeMismatch)"]),
      valid: #"["pear"]"#, .decoded([.pear], results: ["success(pear)"])),
    Self(
      "[Mood]", MoodArray.self, missingKey: .absent([]), null: .absent([]),
      wrongKind: #""happy""#, .reported([], .typeMismatch, results: ["failure(typeMismatch)"]),
      valid: #"["sad"]"#, .decoded([.sad], results: ["success(sad)"])),
    Self(
      "[SecureLink]", SecureLinkArray.self, missingKey: .absent([]), null: .absent([]),
      wrongKind: #"{"a": 1}"#, .reported([], .typeMismatch, results: ["failure(typeMismatch)"]),
      valid: #"["https://example.com/a"]"#,
      .decoded([.example("a")], results: ["success(\(SecureLink.example("a")))"])),
    Self(
      "[Fruit]?", OptionalFruitArray.self, missingKey: .absent(nil), null: .absent(nil),
      wrongKind: #"{"apple": 1}"#, .reported([], .typeMismatch, results: ["failure(typeMismatch)"]),
      valid: #"["pear"]"#, .decoded([.pear], results: ["success(pear)"])),
    Self(
      "[Mood]?", OptionalMoodArray.self, missingKey: .absent(nil), null: .absent(nil),
      wrongKind: "5", .reported([], .typeMismatch, results: ["failure(typeMismatch)"]),
      valid: #"["happy"]"#, .decoded([.happy], results: ["success(happy)"])),
    Self(
      "[SecureLink]?", OptionalSecureLinkArray.self, missingKey: .absent(nil), null: .absent(nil),
      wrongKind: "true", .reported([], .typeMismatch, results: ["failure(typeMismatch)"]),
      valid: "[]", .decoded([], results: [])),
    Self(
      "Set<Fruit>", FruitSet.self, missingKey: .absent([]), null: .absent([]),
      wrongKind: #"{"apple": true}"#,
      .reported([], .typeMismatch, results: ["failure(typeMismatch)"]),
      valid: #"["pear", "apple"]"#,
      .decoded([.apple, .pear], results: ["success(pear)", "success(apple)"])),
    Self(
      "Set<Fruit>?", OptionalFruitSet.self, missingKey: .absent(nil), null: .absent(nil),
      wrongKind: #""apple""#, .reported([], .typeMismatch, results: ["failure(typeMismatch)"]),
      valid: #"["apple"]"#, .decoded([.apple], results: ["success(apple)"])),
  ]

  /// DocC "Choosing a Property Kind", with `String`, `Int` and enum keys, and the dictionaries of
  /// raw values in "Raw-representable enums".
  static let dictionaries: [Self] = [
    Self(
      "[String: Int]", StringKeyedInts.self, missingKey: .absent([:]), null: .absent([:]),
      wrongKind: "[1, 2]", .reported([:], .typeMismatch),
      valid: #"{"a": 1, "b": 2}"#,
      .decoded(["a": 1, "b": 2], results: ["a: success(1)", "b: success(2)"])),
    Self(
      "[String: Int]?", OptionalStringKeyedInts.self, missingKey: .absent(nil), null: .absent(nil),
      wrongKind: "12", .reported([:], .typeMismatch),
      valid: #"{"z": 26}"#, .decoded(["z": 26], results: ["z: success(26)"])),
    Self(
      "[Int: String]", IntKeyedStrings.self, missingKey: .absent([:]), null: .absent([:]),
      wrongKind: "[1]", .reported([:], .typeMismatch),
      valid: #"{"7": "g", "-2": "m"}"#,
      .decoded([7: "g", -2: "m"], results: ["-2: success(m)", "7: success(g)"])),
    Self(
      "[Int: String]?", OptionalIntKeyedStrings.self, missingKey: .absent(nil), null: .absent(nil),
      wrongKind: #""x""#, .reported([:], .typeMismatch),
      valid: #"{"3": "c"}"#, .decoded([3: "c"], results: ["3: success(c)"])),
    Self(
      "[Shade: Int]", ShadeKeyedInts.self, missingKey: .absent([:]), null: .absent([:]),
      wrongKind: #""dark""#, .reported([:], .typeMismatch),
      valid: #"{"dark": 1}"#, .decoded([.dark: 1], results: ["dark: success(1)"])),
    Self(
      "[Level: String]", LevelKeyedStrings.self, missingKey: .absent([:]), null: .absent([:]),
      wrongKind: "2", .reported([:], .typeMismatch),
      valid: #"{"2": "x"}"#, .decoded([.high: "x"], results: ["2: success(x)"])),
    Self(
      "[Shade: Int]?", OptionalShadeKeyedInts.self, missingKey: .absent(nil), null: .absent(nil),
      wrongKind: "[]", .reported([:], .typeMismatch),
      valid: #"{"light": 0}"#, .decoded([.light: 0], results: ["light: success(0)"])),
    Self(
      "[Level: String]?", OptionalLevelKeyedStrings.self, missingKey: .absent(nil),
      null: .absent(nil),
      wrongKind: "false", .reported([:], .typeMismatch),
      valid: #"{"1": "l"}"#, .decoded([.low: "l"], results: ["1: success(l)"])),
    Self(
      "[String: Fruit]", StringKeyedFruits.self, missingKey: .absent([:]), null: .absent([:]),
      wrongKind: #""apple""#, .reported([:], .typeMismatch),
      valid: #"{"a": "apple"}"#, .decoded(["a": .apple], results: ["a: success(apple)"])),
    Self(
      "[String: FrozenFruit]", StringKeyedFrozenFruits.self, missingKey: .absent([:]),
      null: .absent([:]),
      wrongKind: #"["pear"]"#, .reported([:], .typeMismatch),
      valid: #"{"b": "pear"}"#, .decoded(["b": .pear], results: ["b: success(pear)"])),
    Self(
      "[String: Mood]", StringKeyedMoods.self, missingKey: .absent([:]), null: .absent([:]),
      wrongKind: #"["happy"]"#, .reported([:], .typeMismatch),
      valid: #"{"b": "sad"}"#, .decoded(["b": .sad], results: ["b: success(sad)"])),
    Self(
      "[String: SecureLink]", StringKeyedSecureLinks.self, missingKey: .absent([:]),
      null: .absent([:]),
      wrongKind: #""x""#, .reported([:], .typeMismatch),
      valid: #"{"a": "https://example.com/a"}"#,
      .decoded(["a": .example("a")], results: ["a: success(\(SecureLink.example("a")))"])),
    Self(
      "[String: Fruit]?", OptionalStringKeyedFruits.self, missingKey: .absent(nil),
      null: .absent(nil),
      wrongKind: "1", .reported([:], .typeMismatch),
      valid: #"{"x": "pear"}"#, .decoded(["x": .pear], results: ["x: success(pear)"])),
    Self(
      "[String: Mood]?", OptionalStringKeyedMoods.self, missingKey: .absent(nil),
      null: .absent(nil),
      wrongKind: "true", .reported([:], .typeMismatch),
      valid: "{}", .decoded([:], results: [])),
    Self(
      "[String: SecureLink]?", OptionalStringKeyedSecureLinks.self, missingKey: .absent(nil),
      null: .absent(nil),
      wrongKind: #"["https://example.com/x"]"#, .reported([:], .typeMismatch),
      valid: #"{"x": "https://example.com/x"}"#,
      .decoded(["x": .example("x")], results: ["x: success(\(SecureLink.example("x")))"])),
  ]

  /// DocC "Choosing a Property Kind", the rows `E` and `E?`.
  static let rawRepresentables: [Self] = [
    Self(
      "Mood", MoodValue.self, missingKey: .reported(.unknown, .keyNotFound("value")),
      null: .reported(.unknown, .valueNotFound),
      wrongKind: "1", .reported(.unknown, .typeMismatch),
      valid: #""sad""#, .decoded(.sad)),
    Self(
      "FrozenMood", FrozenMoodValue.self, missingKey: .reported(.unknown, .keyNotFound("value")),
      null: .reported(.unknown, .valueNotFound),
      wrongKind: #"["sad"]"#, .reported(.unknown, .typeMismatch),
      valid: #""happy""#, .decoded(.happy)),
    Self(
      "FallbackLink", FallbackLinkValue.self,
      missingKey: .reported(.example("fallback"), .keyNotFound("value")),
      null: .reported(.example("fallback"), .valueNotFound),
      wrongKind: "443", .reported(.example("fallback"), .typeMismatch),
      valid: #""https://example.com/a""#, .decoded(.example("a"))),
    Self(
      "Fruit?", OptionalFruit.self, missingKey: .absent(nil), null: .absent(nil),
      wrongKind: "1", .reported(nil, .typeMismatch),
      valid: #""pear""#, .decoded(.pear)),
    Self(
      "FrozenFruit?", OptionalFrozenFruit.self, missingKey: .absent(nil), null: .absent(nil),
      wrongKind: "true", .reported(nil, .typeMismatch),
      valid: #""apple""#, .decoded(.apple)),
    Self(
      "SecureLink?", OptionalSecureLink.self, missingKey: .absent(nil), null: .absent(nil),
      wrongKind: "2", .reported(nil, .typeMismatch),
      valid: #""https://example.com/b""#, .decoded(.example("b"))),
    Self(
      "Mood?", OptionalMood.self, missingKey: .absent(nil), null: .absent(nil),
      wrongKind: "3", .reported(.unknown, .typeMismatch),
      valid: #""happy""#, .decoded(.happy)),
    Self(
      "FrozenMood?", OptionalFrozenMood.self, missingKey: .absent(nil), null: .absent(nil),
      wrongKind: "{}", .reported(.unknown, .typeMismatch),
      valid: #""sad""#, .decoded(.sad)),
    Self(
      "FallbackLink?", OptionalFallbackLink.self, missingKey: .absent(nil), null: .absent(nil),
      wrongKind: "false", .reported(.example("fallback"), .typeMismatch),
      valid: #""https://example.com/d""#, .decoded(.example("d"))),
  ]

  /// DocC "Choosing a Property Kind", the rows `T` and `T?`, and its
  /// collections, which never use the fallback; a type that is also raw-representable.
  static let resilientDecodables: [Self] = [
    Self(
      "Theme", ThemeValue.self, missingKey: .reported(.decodingFallback, .keyNotFound("value")),
      null: .reported(.decodingFallback, .valueNotFound),
      wrongKind: #""red""#, .reported(.decodingFallback, .typeMismatch),
      valid: #"{"accent": "red"}"#, .decoded(Theme(accent: "red"))),
    Self(
      "Theme?", OptionalTheme.self, missingKey: .absent(nil), null: .absent(nil),
      wrongKind: "[1]", .reported(.decodingFallback, .typeMismatch),
      valid: #"{"accent": "red"}"#, .decoded(Theme(accent: "red"))),
    Self(
      "Attachment", AttachmentValue.self,
      missingKey: .reported(.unsupported, .keyNotFound("value")),
      null: .reported(.unsupported, .valueNotFound),
      wrongKind: "3", .reported(.unsupported, .typeMismatch),
      valid: #"{"type": "note", "text": "hi"}"#, .decoded(.note(text: "hi"))),
    Self(
      "[Theme]", ThemeArray.self, missingKey: .absent([]), null: .absent([]),
      wrongKind: #"{"accent": "red"}"#,
      .reported([], .typeMismatch, results: ["failure(typeMismatch)"]),
      valid: #"[{"accent": "red"}]"#,
      .decoded([Theme(accent: "red")], results: ["success(\(Theme(accent: "red")))"])),
    Self(
      "[String: Theme]?", OptionalStringKeyedThemes.self, missingKey: .absent(nil),
      null: .absent(nil),
      wrongKind: "[]", .reported([:], .typeMismatch),
      valid: #"{"a": {"accent": "red"}}"#,
      .decoded(["a": Theme(accent: "red")], results: ["a: success(\(Theme(accent: "red")))"])),
    Self(
      "Grade", GradeValue.self, missingKey: .reported(.unknown, .keyNotFound("value")),
      null: .reported(.unknown, .valueNotFound),
      wrongKind: "1", .reported(.unknown, .typeMismatch),
      valid: #""pass""#, .decoded(.pass)),
    Self(
      "Grade?", OptionalGrade.self, missingKey: .absent(nil), null: .absent(nil),
      wrongKind: "true", .reported(.unknown, .typeMismatch),
      valid: #""fail""#, .decoded(.fail)),
  ]
}

// MARK: - Cells and rows

extension MissingNullWrongKindTests {
  /// What the property's key holds in the document.
  enum Situation: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case missingKey
    case null
    case wrongKind
    case validValue

    var testDescription: String { rawValue }
  }

  /// A situation, and the decoder that reads it.
  struct Circumstance: Sendable, CustomTestStringConvertible {
    let situation: Situation
    let decoder: TestDecoder

    /// Every situation with every decoder.
    static let all = Situation.allCases.flatMap { situation in
      TestDecoder.allCases.map { Circumstance(situation: situation, decoder: $0) }
    }

    var testDescription: String { "\(situation.rawValue), \(decoder.rawValue)" }
  }

  /// One cell of a table: what the property holds in one situation, and how it came to.
  struct Expected<Value: Equatable & Sendable>: Sendable {
    enum Handling: Equatable, Sendable {
      /// Missing or `null`, which is not an error for this declaration.
      case absent
      case decoded
      /// Recovered from an error of this kind, reported at the property.
      case reported(ErrorKind)
    }

    let value: Value
    let handling: Handling
    /// `$x.results` of a collection, each result as `ResultSummary` writes it, in document
    /// order; a dictionary's as `key: result`, sorted by key.
    let results: [String]

    /// Holds `value` (`nil`, empty or `[:]`) without any error.
    static func absent(_ value: Value) -> Self {
      Self(value: value, handling: .absent, results: [])
    }

    /// Decoded `value` without any error.
    static func decoded(_ value: Value, results: [String] = []) -> Self {
      Self(value: value, handling: .decoded, results: results)
    }

    /// Holds `value` after an error of kind `kind`, reported at the property.
    static func reported(_ value: Value, _ kind: ErrorKind, results: [String] = []) -> Self {
      Self(value: value, handling: .reported(kind), results: results)
    }

    /// The one report at the property, if any.
    var reports: [Report] {
      guard case .reported(let kind) = handling else { return [] }
      return [Report("value", kind)]
    }

    #if DEBUG
      /// `$x.outcome`: an absent value tells a missing key from `null`.
      func outcome(in situation: Situation) -> OutcomeKind {
        switch handling {
        case .absent: situation == .null ? .valueWasNil : .keyNotFound
        case .decoded: .decodedSuccessfully
        case .reported: .recovered(wasReported: true)
        }
      }
    #endif
  }

  /// One row of a table: a declaration and what it holds in each situation.
  struct Declaration: Sendable, CustomTestStringConvertible {
    let testDescription: String
    private let checkCircumstance: @Sendable (Circumstance) throws -> Void

    /// Checks the row's cell for the circumstance's situation, with its decoder.
    func check(_ circumstance: Circumstance) throws {
      try checkCircumstance(circumstance)
    }

    fileprivate init<Model: OneProperty>(
      _ declaration: String,
      _ model: Model.Type,
      missingKey: Expected<Model.Value>,
      null: Expected<Model.Value>,
      wrongKind wrongKindJSON: String,
      _ wrongKind: Expected<Model.Value>,
      valid validJSON: String,
      _ valid: Expected<Model.Value>,
      file: StaticString = #filePath,
      line: UInt = #line
    ) {
      testDescription = declaration
      checkCircumstance = { circumstance in
        let situation = circumstance.situation
        let json: String?
        let expected: Expected<Model.Value>
        switch situation {
        case .missingKey: (json, expected) = (nil, missingKey)
        case .null: (json, expected) = ("null", null)
        case .wrongKind: (json, expected) = (wrongKindJSON, wrongKind)
        case .validValue: (json, expected) = (validJSON, valid)
        }
        try checkCell(
          Model.self, json: json, expected, in: situation, decodedBy: circumstance.decoder,
          file: file, line: line)
      }
    }
  }
}

/// Decodes `{"value": json}` (or `{}` without `json`) as `Model` with `decoder` and checks
/// every column of the cell, failing at the row's line. A document the decoder's format cannot
/// hold (`null` in a property list) is skipped.
private func checkCell<Model: OneProperty>(
  _ model: Model.Type,
  json: String?,
  _ expected: MissingNullWrongKindTests.Expected<Model.Value>,
  in situation: MissingNullWrongKindTests.Situation,
  decodedBy decoder: TestDecoder,
  file: StaticString,
  line: UInt
) throws {
  let document = json.map { #"{"value": \#($0)}"# } ?? "{}"
  guard let result = try decoder.decode(Model.self, json: document) else { return }
  let (decoded, digest) = (result.value, result.digest)
  // Only a missing value that must be reported, alone in its container, needs a super-decoder
  // to find the reporter.
  let recordsCalls = decoder == .strict || decoder == .advancing
  let needsSuperDecoder = recordsCalls && situation == .missingKey && !expected.reports.isEmpty
  expectEqual(
    result.superDecoderCalls, needsSuperDecoder ? ["value"] : [], "super-decoder calls",
    file: file, line: line)
  expectEqual(decoded.value, expected.value, "value", file: file, line: line)
  assertReports(digest, expected.reports, file: file, line: line)
  #if DEBUG
    let projected = decoded.projected
    assertOutcome(projected.outcome, expected.outcome(in: situation), file: file, line: line)
    expectEqual(
      projected.error.map(ErrorKind.init), expected.reports.first?.kind, "$value.error",
      file: file, line: line)
    guard let collection = decoded.collectionDiagnostics else {
      expectEqual(
        expected.results, [], "results in the row of a non-collection", file: file, line: line)
      return
    }
    expectEqual(collection.results, expected.results, "$value.results", file: file, line: line)
    expectEqual(
      errorKinds(collection.errors), expected.reports.map(\.kind), "$value.errors",
      file: file, line: line)
    if let error = projected.error {
      // A whole value of the wrong kind is the collection's one failure, the very error
      // recovered from.
      expectEqual(
        collection.errors.map(describe), [describe(error)], "$value.errors", file: file,
        line: line)
    }
  #endif
}

// MARK: - Models

/// A model whose only property, `value`, has the declaration under test.
private protocol OneProperty: Decodable, Sendable {
  associatedtype Value: Decodable & Equatable & Sendable
  var value: Value { get }

  #if DEBUG
    /// `$value.results` and `$value.errors` of a collection; `nil` for other shapes.
    var collectionDiagnostics: CollectionDiagnostics? { get }
  #endif
}

// The shapes whose projected value has `results` and `errors`. Each names its property's type
// again so that the compiler infers `Element` (and `Key`) from the model.

private protocol ArrayProperty: OneProperty where Value == [Element] {
  associatedtype Element: Decodable & Equatable & Sendable
  var value: [Element] { get }
}

private protocol OptionalArrayProperty: OneProperty where Value == [Element]? {
  associatedtype Element: Decodable & Equatable & Sendable
  var value: [Element]? { get }
}

private protocol SetProperty: OneProperty where Value == Set<Element> {
  associatedtype Element: Decodable & Hashable & Sendable
  var value: Set<Element> { get }
}

private protocol OptionalSetProperty: OneProperty where Value == Set<Element>? {
  associatedtype Element: Decodable & Hashable & Sendable
  var value: Set<Element>? { get }
}

private protocol DictionaryProperty: OneProperty where Value == [Key: Entry] {
  associatedtype Key: Decodable & Hashable & Sendable
  associatedtype Entry: Decodable & Equatable & Sendable
  var value: [Key: Entry] { get }
}

private protocol OptionalDictionaryProperty: OneProperty where Value == [Key: Entry]? {
  associatedtype Key: Decodable & Hashable & Sendable
  associatedtype Entry: Decodable & Equatable & Sendable
  var value: [Key: Entry]? { get }
}

#if DEBUG
  /// A collection property's `results`, each written as `ResultSummary` writes it, and `errors`.
  private struct CollectionDiagnostics {
    let results: [String]
    let errors: [any Error]

    init<Element: Equatable>(_ results: [Result<Element, any Error>], errors: [any Error]) {
      self.results = summaries(results).map(\.description)
      self.errors = errors
    }

    init<Entry: Equatable>(_ results: [String: Result<Entry, any Error>], errors: [any Error]) {
      self.results = summaries(results).sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
      self.errors = errors
    }
  }

  extension OneProperty {
    /// `$value`, read by reflection: the wrapper's storage, `_value`, is private to each model.
    var projected: Resilient<Value>.ProjectedValue {
      guard let wrapper = Mirror(reflecting: self).descendant("_value") as? Resilient<Value> else {
        preconditionFailure("\(Self.self) has no @Resilient property named value")
      }
      return wrapper.projectedValue
    }

    var collectionDiagnostics: CollectionDiagnostics? { nil }
  }

  extension ArrayProperty {
    var collectionDiagnostics: CollectionDiagnostics? {
      let results: [Result<Element, any Error>] = projected.results
      return CollectionDiagnostics(results, errors: projected.errors)
    }
  }

  extension OptionalArrayProperty {
    var collectionDiagnostics: CollectionDiagnostics? {
      let results: [Result<Element, any Error>] = projected.results
      return CollectionDiagnostics(results, errors: projected.errors)
    }
  }

  extension SetProperty {
    var collectionDiagnostics: CollectionDiagnostics? {
      let results: [Result<Element, any Error>] = projected.results
      return CollectionDiagnostics(results, errors: projected.errors)
    }
  }

  extension OptionalSetProperty {
    var collectionDiagnostics: CollectionDiagnostics? {
      let results: [Result<Element, any Error>] = projected.results
      return CollectionDiagnostics(results, errors: projected.errors)
    }
  }

  extension DictionaryProperty {
    var collectionDiagnostics: CollectionDiagnostics? {
      let results: [String: Result<Entry, any Error>] = projected.results
      return CollectionDiagnostics(results, errors: projected.errors)
    }
  }

  extension OptionalDictionaryProperty {
    var collectionDiagnostics: CollectionDiagnostics? {
      let results: [String: Result<Entry, any Error>] = projected.results
      return CollectionDiagnostics(results, errors: projected.errors)
    }
  }
#endif

// Optionals
private struct OptionalInt: OneProperty { @Resilient var value: Int? }
private struct OptionalItem: OneProperty { @Resilient var value: Item? }

// Arrays and sets
private struct IntArray: ArrayProperty { @Resilient var value: [Int] }
private struct OptionalIntArray: OptionalArrayProperty { @Resilient var value: [Int]? }
private struct IntSet: SetProperty { @Resilient var value: Set<Int> }
private struct OptionalIntSet: OptionalSetProperty { @Resilient var value: Set<Int>? }
private struct StringSet: SetProperty { @Resilient var value: Set<String> }
private struct OptionalStringSet: OptionalSetProperty { @Resilient var value: Set<String>? }
private struct FruitArray: ArrayProperty { @Resilient var value: [Fruit] }
private struct FrozenFruitArray: ArrayProperty { @Resilient var value: [FrozenFruit] }
private struct MoodArray: ArrayProperty { @Resilient var value: [Mood] }
private struct SecureLinkArray: ArrayProperty { @Resilient var value: [SecureLink] }
private struct OptionalFruitArray: OptionalArrayProperty { @Resilient var value: [Fruit]? }
private struct OptionalMoodArray: OptionalArrayProperty { @Resilient var value: [Mood]? }
private struct OptionalSecureLinkArray: OptionalArrayProperty {
  @Resilient var value: [SecureLink]?
}
private struct FruitSet: SetProperty { @Resilient var value: Set<Fruit> }
private struct OptionalFruitSet: OptionalSetProperty { @Resilient var value: Set<Fruit>? }

// Dictionaries
private struct StringKeyedInts: DictionaryProperty { @Resilient var value: [String: Int] }
private struct OptionalStringKeyedInts: OptionalDictionaryProperty {
  @Resilient var value: [String: Int]?
}
private struct IntKeyedStrings: DictionaryProperty { @Resilient var value: [Int: String] }
private struct OptionalIntKeyedStrings: OptionalDictionaryProperty {
  @Resilient var value: [Int: String]?
}
private struct ShadeKeyedInts: DictionaryProperty { @Resilient var value: [Shade: Int] }
private struct LevelKeyedStrings: DictionaryProperty { @Resilient var value: [Level: String] }
private struct OptionalShadeKeyedInts: OptionalDictionaryProperty {
  @Resilient var value: [Shade: Int]?
}
private struct OptionalLevelKeyedStrings: OptionalDictionaryProperty {
  @Resilient var value: [Level: String]?
}
private struct StringKeyedFruits: DictionaryProperty { @Resilient var value: [String: Fruit] }
private struct StringKeyedFrozenFruits: DictionaryProperty {
  @Resilient var value: [String: FrozenFruit]
}
private struct StringKeyedMoods: DictionaryProperty { @Resilient var value: [String: Mood] }
private struct StringKeyedSecureLinks: DictionaryProperty {
  @Resilient var value: [String: SecureLink]
}
private struct OptionalStringKeyedFruits: OptionalDictionaryProperty {
  @Resilient var value: [String: Fruit]?
}
private struct OptionalStringKeyedMoods: OptionalDictionaryProperty {
  @Resilient var value: [String: Mood]?
}
private struct OptionalStringKeyedSecureLinks: OptionalDictionaryProperty {
  @Resilient var value: [String: SecureLink]?
}

// Raw-representable values
private struct MoodValue: OneProperty { @Resilient var value: Mood }
private struct FrozenMoodValue: OneProperty { @Resilient var value: FrozenMood }
private struct FallbackLinkValue: OneProperty { @Resilient var value: FallbackLink }
private struct OptionalFruit: OneProperty { @Resilient var value: Fruit? }
private struct OptionalFrozenFruit: OneProperty { @Resilient var value: FrozenFruit? }
private struct OptionalSecureLink: OneProperty { @Resilient var value: SecureLink? }
private struct OptionalMood: OneProperty { @Resilient var value: Mood? }
private struct OptionalFrozenMood: OneProperty { @Resilient var value: FrozenMood? }
private struct OptionalFallbackLink: OneProperty { @Resilient var value: FallbackLink? }

// Types with a fallback
private struct ThemeValue: OneProperty { @Resilient var value: Theme }
private struct OptionalTheme: OneProperty { @Resilient var value: Theme? }
private struct AttachmentValue: OneProperty { @Resilient var value: Attachment }
private struct ThemeArray: ArrayProperty { @Resilient var value: [Theme] }
private struct OptionalStringKeyedThemes: OptionalDictionaryProperty {
  @Resilient var value: [String: Theme]?
}
private struct GradeValue: OneProperty { @Resilient var value: Grade }
private struct OptionalGrade: OneProperty { @Resilient var value: Grade? }
