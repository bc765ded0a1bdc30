import Foundation
import ResilientDecoding
import Testing

/// Bad elements, bad entries, novel values and errors inside nested values decode the same
/// with every test decoder as with `JSONDecoder`: the same value, the same reports at the same
/// paths, the same DEBUG outcomes, and no super-decoder (DocC "Using Other Decoders").
@Suite struct DecoderEquivalenceTests {
  struct Product: Decodable, Equatable, Sendable {
    let name: String
    @Resilient var price: Double?
    @Resilient var fruits: [Fruit]
  }

  struct Shop: Decodable, Equatable, Sendable {
    @Resilient var products: [Product]
    @Resilient var byCode: [String: Product]?
    @Resilient var mood: Mood
    @Resilient var frozenMood: FrozenMood?
    @Resilient var tags: Set<String>
    @Resilient var levels: [Level: Int]
  }

  static let shopJSON = #"""
    {"products": [{"name": "a", "price": 1, "fruits": ["apple", "kiwi", 3]},
                  {"price": 2, "fruits": []}, "not a product",
                  {"name": "c", "price": "free", "fruits": {}}],
     "byCode": {"x": {"name": "x", "fruits": ["pear", "fig"]}, "y": 7, "z": {"name": "z", "fruits": []}},
     "mood": "bored", "frozenMood": "bored", "tags": ["a", 1, "a"],
     "levels": {"1": 10, "2": "high", "3": 30}}
    """#

  /// Every decoder but `JSONDecoder` itself, with every model and document.
  static let cases: [(decoder: TestDecoder, document: Document)] = TestDecoder.allCases
    .filter { $0 != .json }
    .flatMap { decoder in Document.all.map { (decoder, $0) } }

  /// A model and a JSON document for it.
  struct Document: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let check: @Sendable (TestDecoder) throws -> Void

    static let all = [
      Document(Shop.self, "a shop", shopJSON),
      Document(SendableListing.self, "a listing", SendableListing.messyJSON),
      Document(
        Resilient<[Product]>.self, "top-level products", #"[{"name": "a"}, 1, {"name": 2}]"#),
    ]

    init<Model: Decodable & Equatable & Sendable>(
      _: Model.Type, _ description: String, _ json: String
    ) {
      testDescription = description
      check = { decoder in
        let expected = try #require(try TestDecoder.json.decode(Model.self, json: json))
        let decoded = try #require(try decoder.decode(Model.self, json: json))
        decoded.expectSame(as: (expected.value, expected.digest))
        #if DEBUG
          #expect(outcomeSummaries(of: decoded.value) == outcomeSummaries(of: expected.value))
        #endif
      }
    }
  }

  @Test(arguments: cases)
  func decodesAsJSONDecoderDoes(_ decoder: TestDecoder, _ document: Document) throws {
    try document.check(decoder)
  }
}

#if DEBUG
  /// The outcome of every wrapped property of a value (or of the value itself), with the kind
  /// of its error, by property name.
  private func outcomeSummaries(of value: Any) -> [String] {
    if let wrapper = value as? any OutcomeReporting { return [summary(of: wrapper)] }
    return wrappedProperties(of: value).map { "\($0.name): \(summary(of: $0.wrapper))" }
  }

  private func summary(of wrapper: any OutcomeReporting) -> String {
    let error = wrapper.projectedError.map { " \(ErrorKind($0))" } ?? ""
    return "\(wrapper.outcomeKind)\(error)"
  }
#endif
