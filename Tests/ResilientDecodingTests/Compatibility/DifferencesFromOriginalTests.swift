import Foundation
import ResilientDecoding
import Testing

/// Every intentional difference from the original library's behaviour, one test each, as
/// README "Coming from the original library" lists them. Code written for the original compiles
/// unchanged; these are the places where it may observe something else.
@Suite struct DifferencesFromOriginalTests {
  private struct Listing: Decodable {
    @Resilient var mood: Mood
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

  private struct Tags: Decodable, Hashable {
    @Resilient var tags: Set<String>
  }

  @Test func resilientIsEquatableAndHashableWhenItsValueIs() throws {
    let (clean, _) = try decode(Tags.self, json: #"{"tags": ["a"]}"#)
    let (dirty, _) = try decode(Tags.self, json: #"{"tags": ["a", 1]}"#)
    #expect(clean == dirty, "the same value, whatever happened while decoding it")
    #expect(Set([clean, dirty]).count == 1)
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
