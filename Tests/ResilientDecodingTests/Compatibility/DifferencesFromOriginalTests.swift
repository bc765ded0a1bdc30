import Foundation
import ResilientDecoding
import Testing

/// Every intentional difference from the original library's behaviour, one test each, as
/// DocC "Coming from the Original Library" lists them. Code written for the original compiles
/// unchanged; these are the places where it may observe something else.
@Suite struct DifferencesFromOriginalTests {
  private struct Listing: Decodable {
    @Resilient var mood: Mood
  }

  private struct Many: Decodable {
    @Resilient var values: [Int]
  }

  /// `count` invalid elements then one valid, as JSON.
  private static func many(_ count: Int) -> String {
    #"{"values": [\#(Array(repeating: #""x""#, count: count).joined(separator: ",")), 1]}"#
  }

  /// The difference starts past 10,000 errors between two flushes; up to there, every error
  /// is stored, as in the original.
  @Test func aReporterStoresTheFirstTenThousandErrorsAndCountsTheRest() throws {
    let (all, stored) = try decode(Many.self, json: Self.many(10_000))
    #expect(all.values == [1])
    #expect(stored?.errors.count == 10_000)
    #expect(stored?.omittedErrorCount == 0)
    let (many, digest) = try decode(Many.self, json: Self.many(10_003))
    #expect(many.values == [1])
    #expect(digest?.errors.count == 10_000)
    #expect(digest?.entries.last?.path == "values[9999]")
    #expect(digest?.omittedErrorCount == 3)
    #expect(digest?.groups.map(\.count) == [10_003])
  }

  @Test func aDigestOfMoreThanFiftyErrorsPrintsASummaryOfGroupsFirst() throws {
    let (_, fifty) = try decode(Many.self, json: Self.many(50))
    #expect(fifty?.description.hasPrefix("values\n  Index 0\n") == true)
    let (_, fiftyOne) = try decode(Many.self, json: Self.many(51))
    #expect(fiftyOne?.description.hasPrefix("51 errors in 1 groups:\n") == true)
  }

  private struct Optionals: Decodable {
    @Resilient var values: [Int?]
  }

  /// A mistake in both libraries, asserted in DEBUG; where the original then drops failing
  /// elements and `null`s, this library decodes as plain `Codable` does: never worse than it.
  @Test func anArrayOfOptionalsDecodesAsPlainCodableDoes() throws {
    let ((nulls, digest), messages) = try recordingAssertions {
      try decode(Optionals.self, json: #"{"values": [1, null, 3]}"#)
    }
    #expect(nulls.values == [1, nil, 3])
    #expect(digest == nil)
    #expect(messages.count == expectedAssertionCount(1))
    let (error, _) = recordingAssertions {
      thrownError { try decode(Optionals.self, json: #"{"values": [1, "x", 3]}"#) }
    }
    assertSameDecodingError(
      error,
      thrownError {
        struct Plain: Decodable { var values: [Int?] }
        _ = try JSONDecoder().decode(Plain.self, from: Data(#"{"values": [1, "x", 3]}"#.utf8))
      })
  }

  private struct MaybeOptionals: Decodable {
    @Resilient var values: [Int?]?
  }

  /// The original asserts in DEBUG and decodes `[T]` in release (`[]` when absent); this
  /// library decodes an optional resilient array whose elements are optionals, and asserts not.
  @Test func anOptionalArrayOfOptionalsDecodesAsAResilientArrayOfOptionals() throws {
    let ((mixed, digest), messages) = try recordingAssertions {
      try decode(MaybeOptionals.self, json: #"{"values": [1, null, "x", 3]}"#)
    }
    #expect(messages == [])
    #expect(mixed.values == [1, nil, 3])
    #expect(reports(digest) == [Report("values.Index 2", .typeMismatch)])
    let (absent, absentDigest) = try decode(MaybeOptionals.self, json: "{}")
    #expect(absent.values == nil)
    #expect(absentDigest == nil)
  }

  @Test func aMissingEnumWithAFallbackIsReportedAsAMissingKey() throws {
    let (listing, digest) = try decode(Listing.self, json: "{}")
    #expect(listing.mood == .unknown)
    #expect(reports(digest) == [Report("mood", .keyNotFound("mood"))])
  }

  private struct Rates: Decodable {
    @Resilient var rates: [String: Double]
  }

  @Test func dictionaryErrorsComeInKeyOrder() throws {
    let keys = (0..<30).map { "k\($0 * 7 % 30)" }
    let body = keys.map { #""\#($0)": "x""# }.joined(separator: ", ")
    for _ in 0..<5 {
      let (rates, digest) = try decode(Rates.self, json: #"{"rates": {\#(body)}}"#)
      #expect(rates.rates.isEmpty)
      #expect(reports(digest).map(\.path) == keys.sorted().map { "rates.\($0)" })
      #if DEBUG
        #expect(rates.$rates.errors.count == keys.count)
        #expect(
          rates.$rates.errors.map { pathDescription(codingPath(of: $0)) }
            == keys.sorted().map { "rates.\($0)" })
      #endif
    }
  }

  private struct Numbers: Decodable {
    @Resilient var numbers: [Int]
    @Resilient var byName: [String: Int]
  }

  @Test func resultsOfACleanDecodeListEveryElement() throws {
    let (numbers, digest) = try decode(
      Numbers.self, json: #"{"numbers": [1, 2], "byName": {"a": 1}}"#)
    #expect(digest == nil)
    #expect(numbers.numbers == [1, 2])
    #if DEBUG
      #expect(summaries(numbers.$numbers.results) == [.success(1), .success(2)])
      #expect(summaries(numbers.$byName.results) == ["a": .success(1)])
    #endif
  }

  @Test func arrayElementsArePrintedInNumericOrder() throws {
    let elements = (0..<12).map { $0 == 2 || $0 == 10 ? #""x""# : "\($0)" }
    let json = #"{"numbers": [\#(elements.joined(separator: ", "))], "byName": {}}"#
    let (_, digest) = try decode(Numbers.self, json: json)
    let tree = try #require(digest).description
    let second = try #require(tree.range(of: "Index 2\n"))
    let tenth = try #require(tree.range(of: "Index 10\n"))
    #expect(second.lowerBound < tenth.lowerBound)
  }

  private struct Reading: Decodable {
    struct Unreadable: Error, CustomStringConvertible {
      var description: String { "the sensor was unplugged" }
    }

    init(from decoder: any Decoder) throws {
      throw Unreadable()
    }
  }

  private struct Station: Decodable {
    @Resilient var reading: Reading?
  }

  @Test func anErrorThatIsNotADecodingErrorIsSummarisedByItsDescription() throws {
    let (_, digest) = try decode(Station.self, json: #"{"reading": 1}"#)
    #expect(try #require(digest).description == "reading\n  - the sensor was unplugged")
  }

  @Test func decodingWithAReporterForOneCallCanBeRepeatedOnOneDecoder() throws {
    let decoder = JSONDecoder()
    for _ in 0..<3 {
      let (listing, digest) = try decode(Listing.self, json: #"{"mood": 1}"#, using: decoder)
      #expect(listing.mood == .unknown)
      #expect(reports(digest) == [Report("mood", .typeMismatch)])
    }
    #expect(decoder.userInfo.isEmpty)
  }

  private struct Box<Payload: Decodable>: Decodable {
    @Resilient var payload: Payload
  }

  /// A generic property whose type has a resilient behaviour gets it, in DEBUG and release:
  /// the original asserts in DEBUG and, in release, decodes the type as plain `Codable` does
  /// (throwing on both documents here).
  @Test func aGenericPropertyGetsItsTypesResilientBehaviour() throws {
    let (bad, badDigest) = try decode(Box<[Int]>.self, json: #"{"payload": [1, "x", 3]}"#)
    #expect(bad.payload == [1, 3])
    #expect(reports(badDigest) == [Report("payload.Index 1", .typeMismatch)])
    let (missing, missingDigest) = try decode(Box<[Int]>.self, json: "{}")
    #expect(missing.payload == [])
    #expect(missingDigest == nil, "a missing array is not an error")
    let (clean, cleanDigest) = try decode(Box<[Int]>.self, json: #"{"payload": [1, 3]}"#)
    #expect(clean.payload == [1, 3] && cleanDigest == nil, "the same as plain Codable")
  }

  private struct Counts: Decodable {
    @Resilient var counts: [String: Int]
    @Resilient var list: [Int]
  }

  @Test func dictionaryKeysThatSpellIntegersAreNamesNotIndices() throws {
    let json =
      #"{"counts": {"9": "x", "-1": "x", "01": "x", "b": "x", "10": "x"}, "list": [0, "x"]}"#
    let (_, digest) = try decode(Counts.self, json: json)
    let entries = try #require(digest).entries
    #expect(
      entries.map(\.path) == [
        "counts.-1", "counts.01", "counts.10", "counts.9", "counts.b", "list[1]",
      ])
    #expect(
      try #require(digest).description
        == """
        counts
          -1
            - Could not decode as `Int`
          01
            - Could not decode as `Int`
          10
            - Could not decode as `Int`
          9
            - Could not decode as `Int`
          b
            - Could not decode as `Int`
        list
          Index 1
            - Could not decode as `Int`
        """)
  }

  private struct Entry: Decodable {
    // Declared in another order than the data writes them.
    let id: Int
    @Resilient var note: Double?
    @Resilient var kind: Double?
  }

  @Test func errorsOutsideDictionariesComeInTheOrderValuesWereDecoded() throws {
    let json = #"[{"id": 1, "kind": "a", "note": "b"}, {"id": 2, "kind": "c"}]"#
    for _ in 0..<5 {
      let (entries, digest) = try decode(Resilient<[Entry]>.self, json: json)
      #expect(entries.wrappedValue.map(\.id) == [1, 2])
      // Elements in order; within one, the properties in the order the synthesised
      // `init(from:)` decodes them, which is their declaration order.
      #expect(try #require(digest).entries.map(\.path) == ["[0].note", "[0].kind", "[1].kind"])
    }
  }

  private enum Currency: String, ResilientRawRepresentable {
    case eur = "EUR"
    case usd = "USD"
    static var isFrozen: Bool { true }
  }

  private struct Price: Decodable {
    @Resilient var currency: Currency?
  }

  @Test func aFrozenTypesRawValueWithNoCaseSaysTheTypeIsFrozen() throws {
    let (price, digest) = try decode(Price.self, json: #"{"currency": "GBP"}"#)
    #expect(price.currency == nil)
    let error = try #require(digest?.errors.first as? DecodingError)
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(error)")
      return
    }
    #expect(context.debugDescription == "Currency is frozen and has no case for the raw value GBP")
    #expect(pathDescription(context.codingPath) == "currency")
  }

  @Test func anUnknownNovelValueErrorDescribesItselfByItsValue() {
    let error = UnknownNovelValueError(novelValue: "yurt")
    #expect(String(describing: error) == #"Unknown novel value "yurt""#)
    #expect("\(error)" == #"Unknown novel value "yurt""#)
    #expect(
      String(describing: UnknownNovelValueError(novelValue: 7)) == #"Unknown novel value "7""#)
  }

  private struct Counter: Decodable, Equatable {
    @Resilient var count: Int?
    @Resilient var counts: [Int]
  }

  @Test func aDecodersOwnErrorForAPrimitiveIsReportedAsDataCorrupted() throws {
    let decoded = try TreeDecoder.decode(
      Counter.self, from: ["count": "many", "counts": [1, "two"]],
      quirks: .throwsOwnErrorsForPrimitives)
    #expect(decoded.value == Counter(count: nil, counts: [1]))
    let entries = try #require(decoded.digest).entries
    #expect(entries.map(\.path) == ["count", "counts[1]"])
    for entry in entries {
      guard case .dataCorrupted(let context) = entry.error as? DecodingError else {
        Issue.record("expected dataCorrupted, got \(entry.error)")
        continue
      }
      #expect(context.underlyingError is TreeDecoder.PrimitiveError)
      #expect(isSamePath(context.codingPath, entry.codingPath))
      #expect(context.debugDescription == "\(context.underlyingError!)")
    }
  }

  private enum Shade: String, ResilientRawRepresentable {
    case light
  }

  private struct Shaded: Decodable {
    @Resilient var shade: Shade?
  }

  /// A value from the data of more than 1,000 characters is kept as its first 1,000 and an
  /// ellipsis in the errors the library makes: here a novel raw value. The original kept it
  /// whole, however long.
  @Test func aNovelValueOfMoreThanAThousandCharactersIsKeptAsAPrefix() throws {
    for length in [1_000, 1_001] {
      let raw = String(repeating: "n", count: length)
      let (shaded, digest) = try decode(Shaded.self, json: #"{"shade": "\#(raw)"}"#)
      #expect(shaded.shade == nil)
      let error = try #require(
        digest?.errors(includeUnknownNovelValueErrors: true).first as? UnknownNovelValueError)
      let expected = length > 1_000 ? String(repeating: "n", count: 1_000) + "…" : raw
      #expect(error.novelValue as? String == expected)
    }
  }

  private struct Scores: Decodable {
    @Resilient var scores: [String: Int]
  }

  /// So is a dictionary key of the data in the paths of the digest: the entry's, its error's
  /// and the printed tree's. The original kept it whole there too.
  @Test func aKeyOfMoreThanAThousandCharactersIsKeptAsAPrefixInThePaths() throws {
    for length in [1_000, 1_001] {
      let key = String(repeating: "k", count: length)
      let (scores, digest) = try decode(Scores.self, json: #"{"scores": {"\#(key)": "x"}}"#)
      #expect(scores.scores.isEmpty)
      let entry = try #require(digest?.entries.first)
      let expected = length > 1_000 ? String(repeating: "k", count: 1_000) + "…" : key
      #expect(entry.codingPath.map(\.stringValue) == ["scores", expected])
      #expect(codingPath(of: entry.error).map(\.stringValue) == ["scores", expected])
      #expect(
        try #require(digest).description == "scores\n  \(expected)\n    - Could not decode as `Int`"
      )
    }
  }
}

/// Whether two coding paths name the same keys.
private func isSamePath(_ lhs: [any CodingKey], _ rhs: [any CodingKey]) -> Bool {
  lhs.map(\.stringValue) == rhs.map(\.stringValue)
}

/// The coding path in the context of a decoding error.
private func codingPath(of error: any Error) -> [any CodingKey] {
  switch error as? DecodingError {
  case .typeMismatch(_, let context), .valueNotFound(_, let context),
    .keyNotFound(_, let context), .dataCorrupted(let context):
    return context.codingPath
  default:
    return []
  }
}
