import Foundation
import ResilientDecoding
import Testing

/// Dictionaries of optionals (`[String: T?]`, `[Int: T?]`, keyed by an enum, and their optionals)
/// decode as the original library decodes `[String: T?]`: an entry holding `null` is the entry
/// `nil`, an entry whose value fails is left out and reported at its key, a clean dictionary
/// reports nothing, and an absent optional one is `nil`. No assertion: the declaration is no
/// mistake (DocC "Coming from the Original Library").
@Suite struct DictionaryOfOptionalsTests {
  enum Side: String, CodingKeyRepresentable, Hashable, Decodable {
    case left, right, top
  }

  struct ByName: Decodable { @Resilient var m: [String: Int?] }
  struct MaybeByName: Decodable { @Resilient var m: [String: Int?]? }
  struct ByNumber: Decodable { @Resilient var m: [Int: Int?] }
  struct MaybeByNumber: Decodable { @Resilient var m: [Int: Int?]? }
  struct BySide: Decodable { @Resilient var m: [Side: Int?] }
  struct MaybeBySide: Decodable { @Resilient var m: [Side: Int?]? }
  struct ItemsByName: Decodable { @Resilient var m: [String: Item?] }

  struct Item: Decodable, Equatable {
    let id: Int
  }

  /// One key conversion: the keys its documents use, and its models.
  struct Conversion: CustomTestStringConvertible, Sendable {
    let name: String
    /// The three keys of the mixed document, in key order.
    let keys: (String, String, String)
    /// Decodes a document with the non-optional declaration: the entries by their keys as
    /// written, and the digest.
    let decode: @Sendable (TestDecoder, String) throws -> ([String: Int?], ErrorDigest?)?
    /// Decodes a document with the optional declaration: `nil` when the dictionary is absent.
    let decodeOptional: @Sendable (TestDecoder, String) throws -> ([String: Int?]?, ErrorDigest?)?

    var testDescription: String { name }
  }

  static let conversions = [
    Conversion(
      name: "[String: Int?]", keys: ("a", "b", "c"),
      decode: { try written($1, ByName.self, $0) { $0.m } },
      decodeOptional: { try written($1, MaybeByName.self, $0) { $0.m } }),
    Conversion(
      name: "[Int: Int?]", keys: ("1", "2", "3"),
      decode: { try written($1, ByNumber.self, $0) { $0.m.byDescription } },
      decodeOptional: { try written($1, MaybeByNumber.self, $0) { $0.m?.byDescription } }),
    Conversion(
      name: "[Side: Int?]", keys: ("left", "right", "top"),
      decode: { try written($1, BySide.self, $0) { $0.m.byRawValue } },
      decodeOptional: { try written($1, MaybeBySide.self, $0) { $0.m?.byRawValue } }),
  ]

  /// Decodes `json` as `Model` with `decoder`, and returns what `read` makes of it.
  private static func written<Model: Decodable, Entries>(
    _ json: String, _: Model.Type, _ decoder: TestDecoder, _ read: (Model) -> Entries
  ) throws -> (Entries, ErrorDigest?)? {
    guard let decoded = try decoder.decode(Model.self, json: json) else { return nil }
    return (read(decoded.value), decoded.digest)
  }

  @Test(arguments: conversions, TestDecoder.allCases)
  func nullIsAnEntryAndAFailingValueIsLeftOutAndReported(
    conversion: Conversion, decoder: TestDecoder
  ) throws {
    let (a, b, c) = conversion.keys
    let json = #"{"m": {"\#(a)": 1, "\#(b)": null, "\#(c)": "x"}}"#
    let (decoded, messages) = recordingAssertions {
      (try? conversion.decode(decoder, json), try? conversion.decodeOptional(decoder, json))
    }
    #expect(messages == [])
    // Property lists cannot hold `null`.
    guard decoder != .propertyList else { return }
    let (entries, digest) = try #require(decoded.0 ?? nil)
    let (optional, optionalDigest) = try #require(decoded.1 ?? nil)
    #expect(entries == [a: 1, b: Int?.none])
    #expect(optional == [a: 1, b: Int?.none])
    for digest in [digest, optionalDigest] {
      #expect(reports(digest) == [Report("m.\(c)", .typeMismatch)])
    }
  }

  @Test(arguments: conversions, TestDecoder.allCases)
  func aCleanDictionaryReportsNothingAndAnAbsentOptionalOneIsNil(
    conversion: Conversion, decoder: TestDecoder
  ) throws {
    let (a, b, _) = conversion.keys
    let clean = #"{"m": {"\#(a)": 1, "\#(b)": 2}}"#
    let (entries, digest) = try #require(try conversion.decode(decoder, clean))
    #expect(entries == [a: 1, b: 2])
    #expect(digest == nil)
    let (absent, absentDigest) = try #require(try conversion.decodeOptional(decoder, "{}"))
    #expect(absent == nil)
    #expect(absentDigest == nil)
    let (empty, emptyDigest) = try #require(try conversion.decode(decoder, "{}"))
    #expect(empty == [:])
    #expect(emptyDigest == nil)
  }

  /// The values may be records: `null` is the entry `nil`, a record that fails is left out.
  @Test(arguments: TestDecoder.allCases)
  func recordsThatFailAreLeftOutAndNullsKept(decoder: TestDecoder) throws {
    let json = #"{"m": {"a": {"id": 1}, "b": null, "c": {"id": "x"}}}"#
    guard let decoded = try decoder.decode(ItemsByName.self, json: json) else {
      #expect(decoder == .propertyList)
      return
    }
    #expect(decoded.value.m == ["a": Item(id: 1), "b": Item?.none])
    #expect(reports(decoded.digest) == [Report("m.c", .typeMismatch)])
  }

  #if DEBUG
    /// `$m.results` has every entry: `nil` is a success, the failing value a failure.
    @Test func resultsHoldNilAsASuccess() throws {
      let (model, _) = try decode(ByName.self, json: #"{"m": {"a": 1, "b": null, "c": "x"}}"#)
      #expect(
        summaries(model.$m.results) == [
          "a": .success(1), "b": .success(nil), "c": .failure(.typeMismatch),
        ])
    }
  #endif
}

extension Dictionary {
  /// The entries by their keys as the data writes them.
  fileprivate var byDescription: [String: Value] {
    [String: Value](uniqueKeysWithValues: map { ("\($0.key)", $0.value) })
  }
}

extension Dictionary where Key: RawRepresentable<String> {
  /// The entries by their keys' raw values.
  fileprivate var byRawValue: [String: Value] {
    [String: Value](uniqueKeysWithValues: map { ($0.key.rawValue, $0.value) })
  }
}
