import Foundation
import ResilientDecoding
import Testing

/// `@ResilientDefault` and its built-in aliases: the value when it decodes, the default without
/// a report when the value is missing or `null`, the default with a report when it cannot be
/// decoded, with every test decoder (DocC, "Choosing a Property Kind").
@Suite struct ResilientDefaultTests {
  enum Unlimited: ResilientDefaultProvider {
    static var defaultValue: Int { .max }
  }

  struct Size: Decodable, Equatable, Sendable {
    var width: Int
    var height: Int
  }

  enum UnitSize: ResilientDefaultProvider {
    static var defaultValue: Size { Size(width: 1, height: 1) }
  }

  enum NoTags: ResilientDefaultProvider {
    static var defaultValue: [String] { [] }
  }

  struct Defaults: Decodable, Equatable, Sendable {
    @ResilientFalse var isNew: Bool
    @ResilientTrue var isVisible: Bool
    @ResilientZero var stock: Int
    @ResilientZero var ratio: Double
    @ResilientEmptyString var name: String
    @ResilientDefault<Unlimited> var limit: Int
    @ResilientDefault<UnitSize> var size: Size
    @ResilientDefault<NoTags> var tags: [String]
  }

  static let defaults = Defaults(
    isNew: false, isVisible: true, stock: 0, ratio: 0, name: "", limit: .max,
    size: Size(width: 1, height: 1), tags: [])

  static let valid = """
    {"isNew": true, "isVisible": false, "stock": 3, "ratio": 0.5, "name": "n", "limit": 7,
     "size": {"width": 2, "height": 3}, "tags": ["a"]}
    """

  @Test(arguments: TestDecoder.allCases)
  func valuesThatDecodeAreKeptAndNothingIsReported(decoder: TestDecoder) throws {
    let decoded = try #require(try decoder.decode(Defaults.self, json: Self.valid))
    #expect(
      decoded.value
        == Defaults(
          isNew: true, isVisible: false, stock: 3, ratio: 0.5, name: "n", limit: 7,
          size: Size(width: 2, height: 3), tags: ["a"]))
    #expect(decoded.digest == nil)
    #if DEBUG
      #expect(OutcomeKind(decoded.value.$stock.outcome) == .decodedSuccessfully)
      #expect(decoded.value.$size.error == nil)
    #endif
  }

  @Test(arguments: TestDecoder.allCases)
  func missingKeysGiveTheDefaultsWithoutAReport(decoder: TestDecoder) throws {
    let decoded = try #require(try decoder.decode(Defaults.self, json: "{}"))
    #expect(decoded.value == Self.defaults)
    #expect(decoded.digest == nil)
    #if DEBUG
      #expect(OutcomeKind(decoded.value.$isNew.outcome) == .keyNotFound)
      #expect(OutcomeKind(decoded.value.$size.outcome) == .keyNotFound)
      #expect(decoded.value.$limit.error == nil)
    #endif
  }

  /// Property lists cannot hold `null`: the property-list decoder has no case here.
  @Test(arguments: TestDecoder.allCases)
  func nullsGiveTheDefaultsWithoutAReport(decoder: TestDecoder) throws {
    let json = """
      {"isNew": null, "isVisible": null, "stock": null, "ratio": null, "name": null,
       "limit": null, "size": null, "tags": null}
      """
    guard let decoded = try decoder.decode(Defaults.self, json: json) else { return }
    #expect(decoded.value == Self.defaults)
    #expect(decoded.digest == nil)
    #if DEBUG
      #expect(OutcomeKind(decoded.value.$isVisible.outcome) == .valueWasNil)
      #expect(OutcomeKind(decoded.value.$tags.outcome) == .valueWasNil)
    #endif
  }

  /// A collection is defaulted whole: one bad element makes `tags` its default.
  @Test(arguments: TestDecoder.allCases)
  func valuesThatCannotBeDecodedGiveTheDefaultsAndAreReported(decoder: TestDecoder) throws {
    let json = """
      {"isNew": "yes", "isVisible": 0, "stock": "many", "ratio": [1], "name": 5,
       "limit": "none", "size": {"width": 2}, "tags": ["a", 1]}
      """
    let decoded = try #require(try decoder.decode(Defaults.self, json: json))
    #expect(decoded.value == Self.defaults)
    #expect(
      reports(decoded.digest) == [
        Report("isNew", .typeMismatch), Report("isVisible", .typeMismatch),
        Report("stock", .typeMismatch), Report("ratio", .typeMismatch),
        Report("name", .typeMismatch), Report("limit", .typeMismatch),
        Report("size", .keyNotFound("height")), Report("tags", .typeMismatch),
      ])
    #if DEBUG
      #expect(OutcomeKind(decoded.value.$stock.outcome) == .recovered(wasReported: true))
      #expect(decoded.value.$size.error.map(ErrorKind.init) == .keyNotFound("height"))
    #endif
  }

  struct Item: Decodable, Equatable {
    var id: Int
    @ResilientZero var stock: Int
  }

  struct Shop: Decodable {
    @Resilient var items: [Item]
  }

  /// Inside an element of a `@Resilient` array, a defaulted property keeps the element, where
  /// a plain one would have dropped it.
  @Test(arguments: TestDecoder.allCases)
  func aDefaultedPropertyKeepsItsElement(decoder: TestDecoder) throws {
    let json = #"{"items": [{"id": 1, "stock": 4}, {"id": 2, "stock": "many"}, {"stock": 1}]}"#
    let decoded = try #require(try decoder.decode(Shop.self, json: json))
    #expect(decoded.value.items == [Item(id: 1, stock: 4), Item(id: 2, stock: 0)])
    #expect(
      reports(decoded.digest) == [
        Report("items.Index 1.stock", .typeMismatch), Report("items.Index 2", .keyNotFound("id")),
      ])
  }

  /// A decoder's own error for a primitive, not a `DecodingError`, is reported as
  /// `dataCorrupted` at the property, as `@Resilient` reports it.
  @Test func aDecodersOwnErrorForAPrimitiveIsReportedAsDataCorrupted() throws {
    let decoded = try TreeDecoder.decode(
      Item.self, from: ["id": 1, "stock": "many"], quirks: .throwsOwnErrorsForPrimitives)
    #expect(decoded.value == Item(id: 1, stock: 0))
    let entry = try #require(decoded.digest?.entries.first)
    guard case .dataCorrupted(let context) = entry.error as? DecodingError else {
      Issue.record("expected dataCorrupted, got \(entry.error)")
      return
    }
    #expect(context.underlyingError is TreeDecoder.PrimitiveError)
    #expect(entry.path == "stock")
  }

  /// A `ResilientDefault` decoded alone, at the top level, behaves as a property does.
  @Test func aTopLevelValueBehavesAsAPropertyDoes() throws {
    let decoder = JSONDecoder()
    let (five, none) = try decoder.decode(
      ResilientZero<Int>.self, from: Data("5".utf8), reportResilientDecodingErrors: true)
    #expect(five.wrappedValue == 5 && none == nil)
    let (null, nothing) = try decoder.decode(
      ResilientZero<Int>.self, from: Data("null".utf8), reportResilientDecodingErrors: true)
    #expect(null.wrappedValue == 0 && nothing == nil)
    let (bad, digest) = try decoder.decode(
      ResilientZero<Int>.self, from: Data(#""x""#.utf8), reportResilientDecodingErrors: true)
    #expect(bad.wrappedValue == 0)
    #expect(reports(digest) == [Report("", .typeMismatch)])
    #if DEBUG
      #expect(OutcomeKind(null.projectedValue.outcome) == .valueWasNil)
      #expect(OutcomeKind(bad.projectedValue.outcome) == .recovered(wasReported: true))
    #endif
  }

  struct Page<Number: AdditiveArithmetic & Decodable & Equatable>: Decodable, Equatable {
    @ResilientZero var total: Number
  }

  /// A default whose type is a generic argument behaves as one written out.
  @Test func aGenericDefaultBehavesAsOneWrittenOut() throws {
    let (page, digest) = try decode(Page<Double>.self, json: #"{"total": "lots"}"#)
    #expect(page == Page(total: 0.0))
    #expect(reports(digest) == [Report("total", .typeMismatch)])
    let (whole, none) = try decode(Page<Int>.self, json: #"{"total": 12}"#)
    #expect(whole == Page(total: 12) && none == nil)
  }

  @Test func theMemberwiseInitializerTakesPlainValues() {
    let item = Item(id: 3, stock: 9)
    #expect(item.stock == 9)
    #if DEBUG
      #expect(OutcomeKind(item.$stock.outcome) == .decodedSuccessfully)
    #endif
  }

  @Test func equalityAndHashingLookAtTheValueOnly() throws {
    let decoded = try #require(try TestDecoder.json.decode(Item.self, json: #"{"id": 1}"#))
    #expect(decoded.value == Item(id: 1, stock: 0))
    let wrapped = ResilientZero<Int>(wrappedValue: 0)
    #expect(Set([wrapped, ResilientZero<Int>(wrappedValue: 0)]).count == 1)
    #expect(wrapped != ResilientZero<Int>(wrappedValue: 1))
  }

  /// In release builds a `ResilientDefault` is its value and nothing else.
  @Test func aReleaseBuildStoresOnlyTheValue() {
    #if DEBUG
      #expect(MemoryLayout<ResilientZero<Int>>.size > MemoryLayout<Int>.size)
    #else
      #expect(MemoryLayout<ResilientZero<Int>>.size == MemoryLayout<Int>.size)
      #expect(MemoryLayout<ResilientDefault<UnitSize>>.size == MemoryLayout<Size>.size)
      #expect(MemoryLayout<ResilientFalse>.size == MemoryLayout<Bool>.size)
    #endif
  }

  /// `Sendable` whenever the value is: a model of defaults crosses a task boundary.
  @Test func aModelOfDefaultsIsSendable() async throws {
    let decoded = try #require(try TestDecoder.json.decode(Defaults.self, json: "{}"))
    let sent = await Task { decoded.value }.value
    #expect(sent == Self.defaults)
  }
}
