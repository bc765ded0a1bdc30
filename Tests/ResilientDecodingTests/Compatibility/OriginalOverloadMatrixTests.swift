import Foundation
import ResilientDecoding
import Testing

/// Every `@Resilient` declaration that compiles with the original library (Airbnb's
/// ResilientDecoding 1.2.0), with the overload its overload resolution picks for it and what it
/// then gives: a value and a report count, or an error, on clean, `null`, missing and wrong-kind
/// data, and for collections on good and bad values together and on raw values with no case.
/// The expected outcomes are the original's, as its release build decodes these documents. This
/// library gives the same outcome wherever the original handles the declaration; the rows where
/// it does not are the differences DocC "Coming from the Original Library" lists, and name it.
///
/// Each declaration has a model of its own: overload resolution happens where the property's
/// type is written, in the model's synthesised `init(from:)`. The same file runs in the Swift 5
/// language mode too (`ResilientDecodingSwift5Tests` links it).
@Suite struct OriginalOverloadMatrixTests {
  enum Kind: String, ResilientRawRepresentable {
    case a, b
  }

  enum KindF: String, ResilientRawRepresentable {
    case a, b, unknown
    static var decodingFallback: KindF { .unknown }
  }

  struct Rec: Decodable {
    let id: Int
  }

  /// A model of one declaration, whose property `v` is written out in its type.
  protocol Model: Decodable, SendableMetatype {
    associatedtype Value: MatrixWritable & SendableMetatype
    var v: Value { get }
  }

  struct OptionalInt: Model { @Resilient var v: Int? }
  struct ArrayInt: Model { @Resilient var v: [Int] }
  struct OptionalArrayInt: Model { @Resilient var v: [Int]? }
  struct ArrayOfOptionalsInt: Model { @Resilient var v: [Int?] }
  struct OptionalArrayOfOptionalsInt: Model { @Resilient var v: [Int?]? }
  struct DictionaryInt: Model { @Resilient var v: [String: Int] }
  struct OptionalDictionaryInt: Model { @Resilient var v: [String: Int]? }
  struct DictionaryOfOptionalsInt: Model { @Resilient var v: [String: Int?] }
  struct OptionalDictionaryOfOptionalsInt: Model { @Resilient var v: [String: Int?]? }
  struct OptionalKind: Model { @Resilient var v: Kind? }
  struct ArrayKind: Model { @Resilient var v: [Kind] }
  struct OptionalArrayKind: Model { @Resilient var v: [Kind]? }
  struct ArrayOfOptionalsKind: Model { @Resilient var v: [Kind?] }
  struct OptionalArrayOfOptionalsKind: Model { @Resilient var v: [Kind?]? }
  struct DictionaryKind: Model { @Resilient var v: [String: Kind] }
  struct OptionalDictionaryKind: Model { @Resilient var v: [String: Kind]? }
  struct DictionaryOfOptionalsKind: Model { @Resilient var v: [String: Kind?] }
  struct OptionalDictionaryOfOptionalsKind: Model { @Resilient var v: [String: Kind?]? }
  struct ValueKind: Model { @Resilient var v: Kind }
  struct OptionalKindF: Model { @Resilient var v: KindF? }
  struct ArrayKindF: Model { @Resilient var v: [KindF] }
  struct OptionalArrayKindF: Model { @Resilient var v: [KindF]? }
  struct ArrayOfOptionalsKindF: Model { @Resilient var v: [KindF?] }
  struct OptionalArrayOfOptionalsKindF: Model { @Resilient var v: [KindF?]? }
  struct DictionaryKindF: Model { @Resilient var v: [String: KindF] }
  struct OptionalDictionaryKindF: Model { @Resilient var v: [String: KindF]? }
  struct DictionaryOfOptionalsKindF: Model { @Resilient var v: [String: KindF?] }
  struct OptionalDictionaryOfOptionalsKindF: Model { @Resilient var v: [String: KindF?]? }
  struct ValueKindF: Model { @Resilient var v: KindF }
  struct OptionalRec: Model { @Resilient var v: Rec? }
  struct ArrayRec: Model { @Resilient var v: [Rec] }
  struct OptionalArrayRec: Model { @Resilient var v: [Rec]? }
  struct ArrayOfOptionalsRec: Model { @Resilient var v: [Rec?] }
  struct OptionalArrayOfOptionalsRec: Model { @Resilient var v: [Rec?]? }
  struct DictionaryRec: Model { @Resilient var v: [String: Rec] }
  struct OptionalDictionaryRec: Model { @Resilient var v: [String: Rec]? }
  struct DictionaryOfOptionalsRec: Model { @Resilient var v: [String: Rec?] }
  struct OptionalDictionaryOfOptionalsRec: Model { @Resilient var v: [String: Rec?]? }

  /// What the original does here that this library does not, on purpose.
  enum Difference {
    /// `[T?]`: a mistake in both libraries, which assert in DEBUG; in release the original
    /// decodes it as `[T]`, this library as plain `Codable` does (DocC "Coming from the Original
    /// Library", "Properties and decoders").
    case arrayOfOptionals
    /// `[T?]?`: the original asserts in DEBUG and in release decodes it as `[T]`, `[]` when
    /// absent; this library decodes it as a resilient optional array whose elements are
    /// optionals, `nil` when absent (the same section).
    case optionalArrayOfOptionals
  }

  /// What decoding a document gives.
  enum Outcome: Equatable, CustomStringConvertible {
    /// The value, written canonically, and how many errors were reported, novel values
    /// included.
    case decodes(String, reports: Int)
    /// The decode throws a `DecodingError` of this kind.
    case `throws`(DecodingErrorKind)

    var description: String {
      switch self {
      case .decodes(let value, let reports): "\(value), \(reports) reported"
      case .throws(let kind): "throws \(kind)"
      }
    }
  }

  /// What each document gives a declaration.
  enum Situation: String {
    case clean, null, missing, wrongKind, mixed, novel
  }

  /// One document and what it gives: the original's outcome, and this library's where a
  /// difference makes it another.
  struct Case: Sendable {
    let situation: Situation
    let json: String
    let original: Outcome
    let here: Outcome

    init(_ situation: Situation, _ json: String, original: Outcome, here: Outcome? = nil) {
      (self.situation, self.json, self.original) = (situation, json, original)
      self.here = here ?? original
    }
  }

  struct Declaration: CustomTestStringConvertible, Sendable {
    let written: String
    let originalPicks: String
    let originalAsserts: Bool
    let difference: Difference?
    let situations: [Case]
    let decode: @Sendable (String) throws -> Outcome

    init<M: Model>(
      _ written: String, _ model: M.Type, originalPicks: String, originalAsserts: Bool = false,
      difference: Difference? = nil,
      situations: [Case]
    ) {
      self.written = written
      self.originalPicks = originalPicks
      self.originalAsserts = originalAsserts
      self.difference = difference
      self.situations = situations
      self.decode = { json in
        do {
          let (model, digest) = try JSONDecoder().decode(
            M.self, from: Data(json.utf8), reportResilientDecodingErrors: true)
          let reports = digest?.errors(includeUnknownNovelValueErrors: true).count ?? 0
          return .decodes(model.v.written, reports: reports)
        } catch {
          return .throws(DecodingErrorKind(error))
        }
      }
    }

    /// Whether this library asserts in DEBUG: where the original does, but for `[T?]?`.
    var assertsHere: Bool {
      originalAsserts && difference != .optionalArrayOfOptionals
    }

    var testDescription: String { "@Resilient var v: \(written)" }
  }

  @Test(arguments: Self.declarations)
  func decodesAsTheOriginalWhereverTheOriginalHandlesIt(declaration: Declaration) throws {
    for (situation, json, original, here) in declaration.situations.map({
      ($0.situation, $0.json, $0.original, $0.here)
    }) {
      let (outcome, assertions) = recordingAssertions { try? declaration.decode(json) }
      #expect(outcome == here, "\(situation): \(json)")
      // Every outcome that differs from the original's is a difference this row names.
      #expect(
        here == original || declaration.difference != nil,
        "\(situation): the original gives \(original)")
      // One assertion per decode where the declaration is a mistake; none in release.
      #expect(
        assertions.count == expectedAssertionCount(declaration.assertsHere ? 1 : 0),
        "\(situation): \(assertions)")
    }
  }

  static let declarations: [Declaration] = [
    Declaration(
      "Int?", OptionalInt.self,
      originalPicks: "decode<T: Decodable>(_: Resilient<T?>.Type, forKey:)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("nil", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("nil", reports: 0)),
        Case(.clean, #"{"v": 1}"#, original: .decodes("1", reports: 0)),
        Case(.wrongKind, #"{"v": "x"}"#, original: .decodes("nil", reports: 1)),
      ]),
    Declaration(
      "[Int]", ArrayInt.self,
      originalPicks: "decode<Element: Decodable>(_: Resilient<[Element]>.Type, forKey:)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("[]", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("[]", reports: 0)),
        Case(.clean, #"{"v": [1]}"#, original: .decodes("[1]", reports: 0)),
        Case(.wrongKind, #"{"v": 7}"#, original: .decodes("[]", reports: 1)),
        Case(.mixed, #"{"v": [1, null, "x"]}"#, original: .decodes("[1]", reports: 2)),
      ]),
    Declaration(
      "[Int]?", OptionalArrayInt.self,
      originalPicks: "decode<Element: Decodable>(_: Resilient<[Element]?>.Type, forKey:)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("nil", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("nil", reports: 0)),
        Case(.clean, #"{"v": [1]}"#, original: .decodes("[1]", reports: 0)),
        Case(.wrongKind, #"{"v": 7}"#, original: .decodes("[]", reports: 1)),
        Case(.mixed, #"{"v": [1, null, "x"]}"#, original: .decodes("[1]", reports: 2)),
      ]),
    Declaration(
      "[Int?]", ArrayOfOptionalsInt.self,
      originalPicks: "decode<T: Decodable>(_: Resilient<[T?]>.Type, forKey:), which asserts",
      originalAsserts: true,
      difference: .arrayOfOptionals,
      situations: [
        Case(
          .missing, #"{}"#, original: .decodes("[]", reports: 0), here: .throws(.keyNotFound)),
        Case(
          .null, #"{"v": null}"#, original: .decodes("[]", reports: 0),
          here: .throws(.valueNotFound)
        ),
        Case(.clean, #"{"v": [1]}"#, original: .decodes("[1]", reports: 0)),
        Case(
          .wrongKind, #"{"v": 7}"#, original: .decodes("[]", reports: 1),
          here: .throws(.typeMismatch)
        ),
        Case(
          .mixed, #"{"v": [1, null, "x"]}"#, original: .decodes("[1]", reports: 2),
          here: .throws(.typeMismatch)
        ),
      ]),
    Declaration(
      "[Int?]?", OptionalArrayOfOptionalsInt.self,
      originalPicks: "decode<T: Decodable>(_: Resilient<[T?]?>.Type, forKey:), which asserts",
      originalAsserts: true,
      difference: .optionalArrayOfOptionals,
      situations: [
        Case(
          .missing, #"{}"#, original: .decodes("[]", reports: 0), here: .decodes("nil", reports: 0)),
        Case(
          .null, #"{"v": null}"#, original: .decodes("[]", reports: 0),
          here: .decodes("nil", reports: 0)
        ),
        Case(.clean, #"{"v": [1]}"#, original: .decodes("[1]", reports: 0)),
        Case(.wrongKind, #"{"v": 7}"#, original: .decodes("[]", reports: 1)),
        Case(
          .mixed, #"{"v": [1, null, "x"]}"#, original: .decodes("[1]", reports: 2),
          here: .decodes("[1, nil]", reports: 1)
        ),
      ]),
    Declaration(
      "[String: Int]", DictionaryInt.self,
      originalPicks: "decode<Value>(_: Resilient<[String: Value]>.Type, forKey:)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("[:]", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("[:]", reports: 0)),
        Case(.clean, #"{"v": {"a": 1}}"#, original: .decodes("[a: 1]", reports: 0)),
        Case(.wrongKind, #"{"v": 7}"#, original: .decodes("[:]", reports: 1)),
        Case(
          .mixed, #"{"v": {"a": 1, "b": null, "c": "x"}}"#, original: .decodes("[a: 1]", reports: 2)
        ),
      ]),
    Declaration(
      "[String: Int]?", OptionalDictionaryInt.self,
      originalPicks: "decode<Value: Decodable>(_: Resilient<[String: Value]?>.Type, forKey:)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("nil", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("nil", reports: 0)),
        Case(.clean, #"{"v": {"a": 1}}"#, original: .decodes("[a: 1]", reports: 0)),
        Case(.wrongKind, #"{"v": 7}"#, original: .decodes("[:]", reports: 1)),
        Case(
          .mixed, #"{"v": {"a": 1, "b": null, "c": "x"}}"#, original: .decodes("[a: 1]", reports: 2)
        ),
      ]),
    Declaration(
      "[String: Int?]", DictionaryOfOptionalsInt.self,
      originalPicks:
        "decode<Value>(_: Resilient<[String: Value]>.Type, forKey:) with Value == Int? (its overload for [String: T?] returns Resilient<[T?]>, which a synthesised init(from:) cannot use)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("[:]", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("[:]", reports: 0)),
        Case(.clean, #"{"v": {"a": 1}}"#, original: .decodes("[a: 1]", reports: 0)),
        Case(.wrongKind, #"{"v": 7}"#, original: .decodes("[:]", reports: 1)),
        Case(
          .mixed, #"{"v": {"a": 1, "b": null, "c": "x"}}"#,
          original: .decodes("[a: 1, b: nil]", reports: 1)
        ),
      ]),
    Declaration(
      "[String: Int?]?", OptionalDictionaryOfOptionalsInt.self,
      originalPicks:
        "decode<Value: Decodable>(_: Resilient<[String: Value]?>.Type, forKey:) with Value == Int? (likewise)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("nil", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("nil", reports: 0)),
        Case(.clean, #"{"v": {"a": 1}}"#, original: .decodes("[a: 1]", reports: 0)),
        Case(.wrongKind, #"{"v": 7}"#, original: .decodes("[:]", reports: 1)),
        Case(
          .mixed, #"{"v": {"a": 1, "b": null, "c": "x"}}"#,
          original: .decodes("[a: 1, b: nil]", reports: 1)
        ),
      ]),
    Declaration(
      "Kind?", OptionalKind.self,
      originalPicks:
        "decode<T: ResilientRawRepresentable>(_: Resilient<T?>.Type, forKey:) where T.DecodingFallback == Void",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("nil", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("nil", reports: 0)),
        Case(.clean, #"{"v": "a"}"#, original: .decodes("a", reports: 0)),
        Case(.wrongKind, #"{"v": 5}"#, original: .decodes("nil", reports: 1)),
        Case(.novel, #"{"v": "zzz"}"#, original: .decodes("nil", reports: 1)),
      ]),
    Declaration(
      "[Kind]", ArrayKind.self,
      originalPicks: "decode<T: ResilientRawRepresentable>(_: Resilient<[T]>.Type, forKey:)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("[]", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("[]", reports: 0)),
        Case(.clean, #"{"v": ["a"]}"#, original: .decodes("[a]", reports: 0)),
        Case(.wrongKind, #"{"v": "x"}"#, original: .decodes("[]", reports: 1)),
        Case(.mixed, #"{"v": ["a", null, 5]}"#, original: .decodes("[a]", reports: 2)),
        Case(.novel, #"{"v": ["a", "zzz"]}"#, original: .decodes("[a]", reports: 1)),
      ]),
    Declaration(
      "[Kind]?", OptionalArrayKind.self,
      originalPicks: "decode<T: ResilientRawRepresentable>(_: Resilient<[T]?>.Type, forKey:)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("nil", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("nil", reports: 0)),
        Case(.clean, #"{"v": ["a"]}"#, original: .decodes("[a]", reports: 0)),
        Case(.wrongKind, #"{"v": "x"}"#, original: .decodes("[]", reports: 1)),
        Case(.mixed, #"{"v": ["a", null, 5]}"#, original: .decodes("[a]", reports: 2)),
        Case(.novel, #"{"v": ["a", "zzz"]}"#, original: .decodes("[a]", reports: 1)),
      ]),
    Declaration(
      "[Kind?]", ArrayOfOptionalsKind.self,
      originalPicks: "decode<T: Decodable>(_: Resilient<[T?]>.Type, forKey:), which asserts",
      originalAsserts: true,
      difference: .arrayOfOptionals,
      situations: [
        Case(
          .missing, #"{}"#, original: .decodes("[]", reports: 0), here: .throws(.keyNotFound)),
        Case(
          .null, #"{"v": null}"#, original: .decodes("[]", reports: 0),
          here: .throws(.valueNotFound)
        ),
        Case(.clean, #"{"v": ["a"]}"#, original: .decodes("[a]", reports: 0)),
        Case(
          .wrongKind, #"{"v": "x"}"#, original: .decodes("[]", reports: 1),
          here: .throws(.typeMismatch)
        ),
        Case(
          .mixed, #"{"v": ["a", null, 5]}"#, original: .decodes("[a]", reports: 2),
          here: .throws(.typeMismatch)
        ),
        Case(
          .novel, #"{"v": ["a", "zzz"]}"#, original: .decodes("[a]", reports: 1),
          here: .throws(.dataCorrupted)
        ),
      ]),
    Declaration(
      "[Kind?]?", OptionalArrayOfOptionalsKind.self,
      originalPicks: "decode<T: Decodable>(_: Resilient<[T?]?>.Type, forKey:), which asserts",
      originalAsserts: true,
      difference: .optionalArrayOfOptionals,
      situations: [
        Case(
          .missing, #"{}"#, original: .decodes("[]", reports: 0), here: .decodes("nil", reports: 0)),
        Case(
          .null, #"{"v": null}"#, original: .decodes("[]", reports: 0),
          here: .decodes("nil", reports: 0)
        ),
        Case(.clean, #"{"v": ["a"]}"#, original: .decodes("[a]", reports: 0)),
        Case(.wrongKind, #"{"v": "x"}"#, original: .decodes("[]", reports: 1)),
        Case(
          .mixed, #"{"v": ["a", null, 5]}"#, original: .decodes("[a]", reports: 2),
          here: .decodes("[a, nil]", reports: 1)
        ),
        Case(.novel, #"{"v": ["a", "zzz"]}"#, original: .decodes("[a]", reports: 1)),
      ]),
    Declaration(
      "[String: Kind]", DictionaryKind.self,
      originalPicks:
        "decode<T: ResilientRawRepresentable>(_: Resilient<[String: T]>.Type, forKey:)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("[:]", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("[:]", reports: 0)),
        Case(.clean, #"{"v": {"a": "a"}}"#, original: .decodes("[a: a]", reports: 0)),
        Case(.wrongKind, #"{"v": "x"}"#, original: .decodes("[:]", reports: 1)),
        Case(
          .mixed, #"{"v": {"a": "a", "b": null, "c": 5}}"#, original: .decodes("[a: a]", reports: 2)
        ),
        Case(.novel, #"{"v": {"a": "a", "n": "zzz"}}"#, original: .decodes("[a: a]", reports: 1)),
      ]),
    Declaration(
      "[String: Kind]?", OptionalDictionaryKind.self,
      originalPicks:
        "decode<T: ResilientRawRepresentable>(_: Resilient<[String: T]?>.Type, forKey:)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("nil", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("nil", reports: 0)),
        Case(.clean, #"{"v": {"a": "a"}}"#, original: .decodes("[a: a]", reports: 0)),
        Case(.wrongKind, #"{"v": "x"}"#, original: .decodes("[:]", reports: 1)),
        Case(
          .mixed, #"{"v": {"a": "a", "b": null, "c": 5}}"#, original: .decodes("[a: a]", reports: 2)
        ),
        Case(.novel, #"{"v": {"a": "a", "n": "zzz"}}"#, original: .decodes("[a: a]", reports: 1)),
      ]),
    Declaration(
      "[String: Kind?]", DictionaryOfOptionalsKind.self,
      originalPicks:
        "decode<Value>(_: Resilient<[String: Value]>.Type, forKey:) with Value == Kind? (its overload for [String: T?] returns Resilient<[T?]>, which a synthesised init(from:) cannot use)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("[:]", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("[:]", reports: 0)),
        Case(.clean, #"{"v": {"a": "a"}}"#, original: .decodes("[a: a]", reports: 0)),
        Case(.wrongKind, #"{"v": "x"}"#, original: .decodes("[:]", reports: 1)),
        Case(
          .mixed, #"{"v": {"a": "a", "b": null, "c": 5}}"#,
          original: .decodes("[a: a, b: nil]", reports: 1)
        ),
        Case(.novel, #"{"v": {"a": "a", "n": "zzz"}}"#, original: .decodes("[a: a]", reports: 1)),
      ]),
    Declaration(
      "[String: Kind?]?", OptionalDictionaryOfOptionalsKind.self,
      originalPicks:
        "decode<Value: Decodable>(_: Resilient<[String: Value]?>.Type, forKey:) with Value == Kind? (likewise)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("nil", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("nil", reports: 0)),
        Case(.clean, #"{"v": {"a": "a"}}"#, original: .decodes("[a: a]", reports: 0)),
        Case(.wrongKind, #"{"v": "x"}"#, original: .decodes("[:]", reports: 1)),
        Case(
          .mixed, #"{"v": {"a": "a", "b": null, "c": 5}}"#,
          original: .decodes("[a: a, b: nil]", reports: 1)
        ),
        Case(.novel, #"{"v": {"a": "a", "n": "zzz"}}"#, original: .decodes("[a: a]", reports: 1)),
      ]),
    Declaration(
      "Kind", ValueKind.self,
      originalPicks:
        "decode<T: ResilientRawRepresentable>(_: Resilient<T>.Type, forKey:) where T.DecodingFallback == Void, which asserts",
      originalAsserts: true,
      situations: [
        Case(.missing, #"{}"#, original: .throws(.keyNotFound)),
        Case(.null, #"{"v": null}"#, original: .throws(.valueNotFound)),
        Case(.clean, #"{"v": "a"}"#, original: .decodes("a", reports: 0)),
        Case(.wrongKind, #"{"v": 5}"#, original: .throws(.typeMismatch)),
        Case(.novel, #"{"v": "zzz"}"#, original: .throws(.dataCorrupted)),
      ]),
    Declaration(
      "KindF?", OptionalKindF.self,
      originalPicks:
        "decode<T: ResilientRawRepresentable>(_: Resilient<T?>.Type, forKey:) where T.DecodingFallback == T",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("nil", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("nil", reports: 0)),
        Case(.clean, #"{"v": "a"}"#, original: .decodes("a", reports: 0)),
        Case(.wrongKind, #"{"v": 5}"#, original: .decodes("unknown", reports: 1)),
        Case(.novel, #"{"v": "zzz"}"#, original: .decodes("unknown", reports: 1)),
      ]),
    Declaration(
      "[KindF]", ArrayKindF.self,
      originalPicks: "decode<T: ResilientRawRepresentable>(_: Resilient<[T]>.Type, forKey:)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("[]", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("[]", reports: 0)),
        Case(.clean, #"{"v": ["a"]}"#, original: .decodes("[a]", reports: 0)),
        Case(.wrongKind, #"{"v": "x"}"#, original: .decodes("[]", reports: 1)),
        Case(.mixed, #"{"v": ["a", null, 5]}"#, original: .decodes("[a]", reports: 2)),
        Case(.novel, #"{"v": ["a", "zzz"]}"#, original: .decodes("[a]", reports: 1)),
      ]),
    Declaration(
      "[KindF]?", OptionalArrayKindF.self,
      originalPicks: "decode<T: ResilientRawRepresentable>(_: Resilient<[T]?>.Type, forKey:)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("nil", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("nil", reports: 0)),
        Case(.clean, #"{"v": ["a"]}"#, original: .decodes("[a]", reports: 0)),
        Case(.wrongKind, #"{"v": "x"}"#, original: .decodes("[]", reports: 1)),
        Case(.mixed, #"{"v": ["a", null, 5]}"#, original: .decodes("[a]", reports: 2)),
        Case(.novel, #"{"v": ["a", "zzz"]}"#, original: .decodes("[a]", reports: 1)),
      ]),
    Declaration(
      "[KindF?]", ArrayOfOptionalsKindF.self,
      originalPicks: "decode<T: Decodable>(_: Resilient<[T?]>.Type, forKey:), which asserts",
      originalAsserts: true,
      difference: .arrayOfOptionals,
      situations: [
        Case(
          .missing, #"{}"#, original: .decodes("[]", reports: 0), here: .throws(.keyNotFound)),
        Case(
          .null, #"{"v": null}"#, original: .decodes("[]", reports: 0),
          here: .throws(.valueNotFound)
        ),
        Case(.clean, #"{"v": ["a"]}"#, original: .decodes("[a]", reports: 0)),
        Case(
          .wrongKind, #"{"v": "x"}"#, original: .decodes("[]", reports: 1),
          here: .throws(.typeMismatch)
        ),
        Case(
          .mixed, #"{"v": ["a", null, 5]}"#, original: .decodes("[a]", reports: 2),
          here: .throws(.typeMismatch)
        ),
        Case(
          .novel, #"{"v": ["a", "zzz"]}"#, original: .decodes("[a]", reports: 1),
          here: .throws(.dataCorrupted)
        ),
      ]),
    Declaration(
      "[KindF?]?", OptionalArrayOfOptionalsKindF.self,
      originalPicks: "decode<T: Decodable>(_: Resilient<[T?]?>.Type, forKey:), which asserts",
      originalAsserts: true,
      difference: .optionalArrayOfOptionals,
      situations: [
        Case(
          .missing, #"{}"#, original: .decodes("[]", reports: 0), here: .decodes("nil", reports: 0)),
        Case(
          .null, #"{"v": null}"#, original: .decodes("[]", reports: 0),
          here: .decodes("nil", reports: 0)
        ),
        Case(.clean, #"{"v": ["a"]}"#, original: .decodes("[a]", reports: 0)),
        Case(.wrongKind, #"{"v": "x"}"#, original: .decodes("[]", reports: 1)),
        Case(
          .mixed, #"{"v": ["a", null, 5]}"#, original: .decodes("[a]", reports: 2),
          here: .decodes("[a, nil]", reports: 1)
        ),
        Case(.novel, #"{"v": ["a", "zzz"]}"#, original: .decodes("[a]", reports: 1)),
      ]),
    Declaration(
      "[String: KindF]", DictionaryKindF.self,
      originalPicks:
        "decode<T: ResilientRawRepresentable>(_: Resilient<[String: T]>.Type, forKey:)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("[:]", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("[:]", reports: 0)),
        Case(.clean, #"{"v": {"a": "a"}}"#, original: .decodes("[a: a]", reports: 0)),
        Case(.wrongKind, #"{"v": "x"}"#, original: .decodes("[:]", reports: 1)),
        Case(
          .mixed, #"{"v": {"a": "a", "b": null, "c": 5}}"#, original: .decodes("[a: a]", reports: 2)
        ),
        Case(.novel, #"{"v": {"a": "a", "n": "zzz"}}"#, original: .decodes("[a: a]", reports: 1)),
      ]),
    Declaration(
      "[String: KindF]?", OptionalDictionaryKindF.self,
      originalPicks:
        "decode<T: ResilientRawRepresentable>(_: Resilient<[String: T]?>.Type, forKey:)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("nil", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("nil", reports: 0)),
        Case(.clean, #"{"v": {"a": "a"}}"#, original: .decodes("[a: a]", reports: 0)),
        Case(.wrongKind, #"{"v": "x"}"#, original: .decodes("[:]", reports: 1)),
        Case(
          .mixed, #"{"v": {"a": "a", "b": null, "c": 5}}"#, original: .decodes("[a: a]", reports: 2)
        ),
        Case(.novel, #"{"v": {"a": "a", "n": "zzz"}}"#, original: .decodes("[a: a]", reports: 1)),
      ]),
    Declaration(
      "[String: KindF?]", DictionaryOfOptionalsKindF.self,
      originalPicks:
        "decode<Value>(_: Resilient<[String: Value]>.Type, forKey:) with Value == KindF? (its overload for [String: T?] returns Resilient<[T?]>, which a synthesised init(from:) cannot use)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("[:]", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("[:]", reports: 0)),
        Case(.clean, #"{"v": {"a": "a"}}"#, original: .decodes("[a: a]", reports: 0)),
        Case(.wrongKind, #"{"v": "x"}"#, original: .decodes("[:]", reports: 1)),
        Case(
          .mixed, #"{"v": {"a": "a", "b": null, "c": 5}}"#,
          original: .decodes("[a: a, b: nil]", reports: 1)
        ),
        Case(.novel, #"{"v": {"a": "a", "n": "zzz"}}"#, original: .decodes("[a: a]", reports: 1)),
      ]),
    Declaration(
      "[String: KindF?]?", OptionalDictionaryOfOptionalsKindF.self,
      originalPicks:
        "decode<Value: Decodable>(_: Resilient<[String: Value]?>.Type, forKey:) with Value == KindF? (likewise)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("nil", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("nil", reports: 0)),
        Case(.clean, #"{"v": {"a": "a"}}"#, original: .decodes("[a: a]", reports: 0)),
        Case(.wrongKind, #"{"v": "x"}"#, original: .decodes("[:]", reports: 1)),
        Case(
          .mixed, #"{"v": {"a": "a", "b": null, "c": 5}}"#,
          original: .decodes("[a: a, b: nil]", reports: 1)
        ),
        Case(.novel, #"{"v": {"a": "a", "n": "zzz"}}"#, original: .decodes("[a: a]", reports: 1)),
      ]),
    Declaration(
      "KindF", ValueKindF.self,
      originalPicks:
        "decode<T: ResilientRawRepresentable>(_: Resilient<T>.Type, forKey:) where T.DecodingFallback == T",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("unknown", reports: 1)),
        Case(.null, #"{"v": null}"#, original: .decodes("unknown", reports: 1)),
        Case(.clean, #"{"v": "a"}"#, original: .decodes("a", reports: 0)),
        Case(.wrongKind, #"{"v": 5}"#, original: .decodes("unknown", reports: 1)),
        Case(.novel, #"{"v": "zzz"}"#, original: .decodes("unknown", reports: 1)),
      ]),
    Declaration(
      "Rec?", OptionalRec.self,
      originalPicks: "decode<T: Decodable>(_: Resilient<T?>.Type, forKey:)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("nil", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("nil", reports: 0)),
        Case(.clean, #"{"v": {"id": 1}}"#, original: .decodes("Rec(1)", reports: 0)),
        Case(.wrongKind, #"{"v": "x"}"#, original: .decodes("nil", reports: 1)),
      ]),
    Declaration(
      "[Rec]", ArrayRec.self,
      originalPicks: "decode<Element: Decodable>(_: Resilient<[Element]>.Type, forKey:)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("[]", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("[]", reports: 0)),
        Case(.clean, #"{"v": [{"id": 1}]}"#, original: .decodes("[Rec(1)]", reports: 0)),
        Case(.wrongKind, #"{"v": "x"}"#, original: .decodes("[]", reports: 1)),
        Case(.mixed, #"{"v": [{"id": 1}, null, "x"]}"#, original: .decodes("[Rec(1)]", reports: 2)),
      ]),
    Declaration(
      "[Rec]?", OptionalArrayRec.self,
      originalPicks: "decode<Element: Decodable>(_: Resilient<[Element]?>.Type, forKey:)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("nil", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("nil", reports: 0)),
        Case(.clean, #"{"v": [{"id": 1}]}"#, original: .decodes("[Rec(1)]", reports: 0)),
        Case(.wrongKind, #"{"v": "x"}"#, original: .decodes("[]", reports: 1)),
        Case(.mixed, #"{"v": [{"id": 1}, null, "x"]}"#, original: .decodes("[Rec(1)]", reports: 2)),
      ]),
    Declaration(
      "[Rec?]", ArrayOfOptionalsRec.self,
      originalPicks: "decode<T: Decodable>(_: Resilient<[T?]>.Type, forKey:), which asserts",
      originalAsserts: true,
      difference: .arrayOfOptionals,
      situations: [
        Case(
          .missing, #"{}"#, original: .decodes("[]", reports: 0), here: .throws(.keyNotFound)),
        Case(
          .null, #"{"v": null}"#, original: .decodes("[]", reports: 0),
          here: .throws(.valueNotFound)
        ),
        Case(.clean, #"{"v": [{"id": 1}]}"#, original: .decodes("[Rec(1)]", reports: 0)),
        Case(
          .wrongKind, #"{"v": "x"}"#, original: .decodes("[]", reports: 1),
          here: .throws(.typeMismatch)
        ),
        Case(
          .mixed, #"{"v": [{"id": 1}, null, "x"]}"#, original: .decodes("[Rec(1)]", reports: 2),
          here: .throws(.typeMismatch)
        ),
      ]),
    Declaration(
      "[Rec?]?", OptionalArrayOfOptionalsRec.self,
      originalPicks: "decode<T: Decodable>(_: Resilient<[T?]?>.Type, forKey:), which asserts",
      originalAsserts: true,
      difference: .optionalArrayOfOptionals,
      situations: [
        Case(
          .missing, #"{}"#, original: .decodes("[]", reports: 0), here: .decodes("nil", reports: 0)),
        Case(
          .null, #"{"v": null}"#, original: .decodes("[]", reports: 0),
          here: .decodes("nil", reports: 0)
        ),
        Case(.clean, #"{"v": [{"id": 1}]}"#, original: .decodes("[Rec(1)]", reports: 0)),
        Case(.wrongKind, #"{"v": "x"}"#, original: .decodes("[]", reports: 1)),
        Case(
          .mixed, #"{"v": [{"id": 1}, null, "x"]}"#, original: .decodes("[Rec(1)]", reports: 2),
          here: .decodes("[Rec(1), nil]", reports: 1)
        ),
      ]),
    Declaration(
      "[String: Rec]", DictionaryRec.self,
      originalPicks: "decode<Value>(_: Resilient<[String: Value]>.Type, forKey:)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("[:]", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("[:]", reports: 0)),
        Case(.clean, #"{"v": {"a": {"id": 1}}}"#, original: .decodes("[a: Rec(1)]", reports: 0)),
        Case(.wrongKind, #"{"v": "x"}"#, original: .decodes("[:]", reports: 1)),
        Case(
          .mixed, #"{"v": {"a": {"id": 1}, "b": null, "c": "x"}}"#,
          original: .decodes("[a: Rec(1)]", reports: 2)
        ),
      ]),
    Declaration(
      "[String: Rec]?", OptionalDictionaryRec.self,
      originalPicks: "decode<Value: Decodable>(_: Resilient<[String: Value]?>.Type, forKey:)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("nil", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("nil", reports: 0)),
        Case(.clean, #"{"v": {"a": {"id": 1}}}"#, original: .decodes("[a: Rec(1)]", reports: 0)),
        Case(.wrongKind, #"{"v": "x"}"#, original: .decodes("[:]", reports: 1)),
        Case(
          .mixed, #"{"v": {"a": {"id": 1}, "b": null, "c": "x"}}"#,
          original: .decodes("[a: Rec(1)]", reports: 2)
        ),
      ]),
    Declaration(
      "[String: Rec?]", DictionaryOfOptionalsRec.self,
      originalPicks:
        "decode<Value>(_: Resilient<[String: Value]>.Type, forKey:) with Value == Rec? (its overload for [String: T?] returns Resilient<[T?]>, which a synthesised init(from:) cannot use)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("[:]", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("[:]", reports: 0)),
        Case(.clean, #"{"v": {"a": {"id": 1}}}"#, original: .decodes("[a: Rec(1)]", reports: 0)),
        Case(.wrongKind, #"{"v": "x"}"#, original: .decodes("[:]", reports: 1)),
        Case(
          .mixed, #"{"v": {"a": {"id": 1}, "b": null, "c": "x"}}"#,
          original: .decodes("[a: Rec(1), b: nil]", reports: 1)
        ),
      ]),
    Declaration(
      "[String: Rec?]?", OptionalDictionaryOfOptionalsRec.self,
      originalPicks:
        "decode<Value: Decodable>(_: Resilient<[String: Value]?>.Type, forKey:) with Value == Rec? (likewise)",
      situations: [
        Case(.missing, #"{}"#, original: .decodes("nil", reports: 0)),
        Case(.null, #"{"v": null}"#, original: .decodes("nil", reports: 0)),
        Case(.clean, #"{"v": {"a": {"id": 1}}}"#, original: .decodes("[a: Rec(1)]", reports: 0)),
        Case(.wrongKind, #"{"v": "x"}"#, original: .decodes("[:]", reports: 1)),
        Case(
          .mixed, #"{"v": {"a": {"id": 1}, "b": null, "c": "x"}}"#,
          original: .decodes("[a: Rec(1), b: nil]", reports: 1)
        ),
      ]),
  ]
}

/// The kind of a `DecodingError`, or `other`.
enum DecodingErrorKind: Equatable {
  case typeMismatch, valueNotFound, keyNotFound, dataCorrupted, other

  init(_ error: any Error) {
    switch error {
    case DecodingError.typeMismatch: self = .typeMismatch
    case DecodingError.valueNotFound: self = .valueNotFound
    case DecodingError.keyNotFound: self = .keyNotFound
    case DecodingError.dataCorrupted: self = .dataCorrupted
    default: self = .other
    }
  }
}

/// A value written the same way whatever module declares its types: optionals as their value
/// or `nil`, collections in brackets, dictionaries by key, cases by raw value.
protocol MatrixWritable {
  var written: String { get }
}

extension Int: MatrixWritable {
  var written: String { "\(self)" }
}

extension OriginalOverloadMatrixTests.Kind: MatrixWritable {
  var written: String { rawValue }
}

extension OriginalOverloadMatrixTests.KindF: MatrixWritable {
  var written: String { rawValue }
}

extension OriginalOverloadMatrixTests.Rec: MatrixWritable {
  var written: String { "Rec(\(id))" }
}

extension Optional: MatrixWritable where Wrapped: MatrixWritable {
  var written: String { map(\.written) ?? "nil" }
}

extension Array: MatrixWritable where Element: MatrixWritable {
  var written: String { "[" + map(\.written).joined(separator: ", ") + "]" }
}

extension Dictionary: MatrixWritable where Key == String, Value: MatrixWritable {
  var written: String {
    isEmpty
      ? "[:]"
      : "[" + keys.sorted().map { "\($0): \(self[$0]!.written)" }.joined(separator: ", ") + "]"
  }
}
