import Foundation
import ResilientDecoding
import Testing

/// Decoders that refuse what the protocols let them refuse, as GRDB and TOMLKit do, tested
/// without them (DocC "Using Other Decoders"; `Integration/` tests the real ones).
@Suite struct WholeValueDecodingTests {
  struct Product: Decodable, Equatable {
    let name: String
    @Resilient var price: Double?
  }

  struct Catalog: Decodable, Equatable {
    @Resilient var tags: [String]
    @Resilient var products: [Product]
    @Resilient var byName: [String: Product]
    @Resilient var sizes: Set<Int>?
  }

  /// No nested container for a key, and values for a key decoded by a decoder whose paths
  /// start afresh: what GRDB does with a record's JSON columns.
  static let likeGRDB: TreeDecoder.Quirks = [
    .refusesNestedContainersForKeys, .restartsPathsOfValuesForKeys, .hidesCount,
  ]

  static let documents = [
    #"{"tags": ["a", "b"], "products": [{"name": "p", "price": 1.5}], "byName": {}, "sizes": [2]}"#,
    #"""
    {"tags": ["a", 2, "c"],
     "products": [{"name": "p", "price": "x"}, {"price": 1}, {"name": "r", "price": 2}],
     "byName": {"q": 1, "p": {"name": "p", "price": "free"}}, "sizes": [1, "two", 1]}
    """#,
  ]

  @Test(arguments: documents)
  func collectionsRefusedANestedContainerDecodeWholeAndReportAtTheirRealPaths(json: String)
    throws
  {
    let expected = try decode(Catalog.self, json: json)
    let decoded = try TreeDecoder.decode(
      Catalog.self, from: try Tree(json: json), quirks: Self.likeGRDB)
    decoded.expectSame(as: expected)
    #if DEBUG
      #expect(summaries(decoded.value.$tags.results) == summaries(expected.value.$tags.results))
      #expect(describe(decoded.value.$byName.outcome).count > 0)
      #expect(
        OutcomeKind(decoded.value.$products.outcome)
          == OutcomeKind(expected.value.$products.outcome))
      #expect(decoded.value.$sizes.results.count == expected.value.$sizes.results.count)
    #endif
  }

  @Test func theDirtyCatalogReportsEveryFailureOnceInDocumentOrder() throws {
    let decoded = try TreeDecoder.decode(
      Catalog.self, from: try Tree(json: Self.documents[1]), quirks: Self.likeGRDB)
    #expect(decoded.value.tags == ["a", "c"])
    #expect(decoded.value.products.map(\.name) == ["p", "r"])
    #expect(decoded.value.byName == ["p": Product(name: "p", price: nil)])
    #expect(decoded.value.sizes == [1])
    #expect(
      reports(decoded.digest) == [
        Report("tags.Index 1", .typeMismatch),
        Report("products.Index 0.price", .typeMismatch),
        Report("products.Index 1", .keyNotFound("name")),
        Report("byName.p.price", .typeMismatch),
        Report("byName.q", .typeMismatch),
        Report("sizes.Index 1", .typeMismatch),
      ])
  }

  /// An entry whose key spells the dictionary's own path, decoded by a decoder whose paths
  /// start afresh, is reported under the dictionary and in key order, as with a decoder that
  /// keeps paths whole: its fresh path (`d`) is not the dictionary's own.
  @Test(arguments: [likeGRDB, []] as [TreeDecoder.Quirks])
  func anEntryKeyedLikeItsDictionaryIsReportedUnderTheDictionary(quirks: TreeDecoder.Quirks)
    throws
  {
    struct Counts: Decodable {
      @Resilient var d: [String: Int]
    }
    let counts = try TreeDecoder.decode(
      Counts.self, from: try Tree(json: #"{"d": {"d": "x", "b": "y", "a": 1}}"#),
      quirks: quirks)
    #expect(counts.value.d == ["a": 1])
    #expect(
      reports(counts.digest) == [Report("d.b", .typeMismatch), Report("d.d", .typeMismatch)])
  }

  struct Shelf: Decodable, Equatable {
    @Resilient var products: [Product]
  }

  struct PlainShelf: Decodable, Equatable {
    let products: [Product]
  }

  /// A nested container that misreads an array of one element (XMLCoder's) makes every
  /// element fail; decoded whole, the array keeps what plain `Codable` keeps, and nothing the
  /// misreading failed on is reported.
  @Test func anArrayWhoseElementsAllFailIsDecodedWholeWhenThatKeepsMore() throws {
    let lone: Tree = ["products": ["name": "p", "price": 2]]
    let quirks: TreeDecoder.Quirks = [.misreadsLoneElements]
    let plain = try TreeDecoder.decode(PlainShelf.self, from: lone, quirks: quirks).value
    let shelf = try TreeDecoder.decode(Shelf.self, from: lone, quirks: quirks)
    #expect(shelf.value.products == plain.products)
    #expect(shelf.value.products.map(\.name) == ["p"])
    #expect(shelf.digest == nil)
    #if DEBUG
      #expect(OutcomeKind(shelf.value.$products.outcome) == .decodedSuccessfully)
    #endif

    // Elements that all fail with a decoder that reads them right fail again decoded whole:
    // the first decode stands, each failure reported once.
    let bad: Tree = ["products": [["price": 1], 2]]
    let failed = try TreeDecoder.decode(Shelf.self, from: bad, quirks: quirks)
    #expect(failed.value.products == [])
    #expect(
      reports(failed.digest) == [
        Report("products.Index 0", .keyNotFound("name")), Report("products.Index 1", .typeMismatch),
      ])
  }

  struct Owner: Decodable, Equatable {
    @Resilient var age: Int?
  }

  struct Account: Decodable, Equatable {
    @Resilient var owner: Owner?
  }

  /// An optional struct is decoded in one `decodeIfPresent`, as plain `Codable` does, so what
  /// its own properties report carries the decoder's paths: relative to the value when the
  /// decoder starts them afresh (a documented limit, DocC "Using Other Decoders").
  @Test func anOptionalStructReportsThePathsItsDecoderGives() throws {
    let decoded = try TreeDecoder.decode(
      Account.self, from: try Tree(json: #"{"owner": {"age": "old"}}"#), quirks: Self.likeGRDB)
    #expect(decoded.value == Account(owner: Owner(age: nil)))
    #expect(reports(decoded.digest) == [Report("age", .typeMismatch)])
  }

  struct Listing: Decodable, Equatable {
    let id: Int
    @Resilient var mood: Mood
  }

  struct MoodOnly: Decodable, Equatable {
    @Resilient var mood: Mood
  }

  /// A decoder that refuses super-decoders (TOMLKit traps instead): a missing enum with a
  /// fallback finds the reporter through another key; alone in its container, it still falls
  /// back, but its report is lost, since nothing else leads to the reporter.
  @Test func aMissingEnumFindsTheReporterThroughAnotherKey() throws {
    let quirks: TreeDecoder.Quirks = [.refusesSuperDecoder]
    let listing = try TreeDecoder.decode(Listing.self, from: ["id": 1], quirks: quirks)
    #expect(listing.value == Listing(id: 1, mood: .unknown))
    #expect(reports(listing.digest) == [Report("mood", .keyNotFound("mood"))])
    #expect(listing.superDecoderCalls == [])

    let alone = try TreeDecoder.decode(MoodOnly.self, from: [:], quirks: quirks)
    #expect(alone.value == MoodOnly(mood: .unknown))
    #expect(alone.digest == nil)
    #expect(alone.superDecoderCalls == ["mood"])
  }

  /// A value that is present never needs a super-decoder, even when it fails.
  @Test func failingValuesNeverAskForASuperDecoder() throws {
    let quirks: TreeDecoder.Quirks = [.refusesSuperDecoder, .refusesNestedContainersForKeys]
    let decoded = try TreeDecoder.decode(
      Catalog.self, from: try Tree(json: Self.documents[1]), quirks: quirks)
    #expect(decoded.superDecoderCalls == [])
    #expect(reports(decoded.digest).count == 6)
  }
}
