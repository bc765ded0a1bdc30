import Foundation
import ResilientDecoding
import Testing

/// DEBUG `results` are built on the first read and kept (DocC "Inspecting Errors in DEBUG"):
/// reading `$x.results[i]` in a loop stays linear. Each test reads the results twice and
/// expects the same storage back, which a rebuild on every read would not give.
@Suite struct ResultsReadTests {
  struct Model: Decodable {
    @Resilient var numbers: [Int]
    @Resilient var tags: Set<String>
    @Resilient var counts: [String: Int]
    @Resilient var ranks: [Int: Int]?
  }

  /// A document, clean or with failures in every collection, and the numbers it holds.
  struct Document: Sendable, CustomTestStringConvertible {
    let json: String
    let numbers: [Int]
    let testDescription: String
  }

  static let documents = [
    Document(
      json: #"{"numbers": [1, 2, 3], "tags": ["a", "b"], "counts": {"a": 1}, "ranks": {"1": 1}}"#,
      numbers: [1, 2, 3], testDescription: "clean"),
    Document(
      json: #"""
        {"numbers": [1, "x", 3], "tags": ["a", 1], "counts": {"a": "x", "b": 2},
         "ranks": {"y": 1}}
        """#,
      numbers: [1, 3], testDescription: "with failures"),
  ]

  #if DEBUG
    /// The address of an array's elements, which a copy of the array shares.
    private func storage<Element>(_ array: [Element]) -> UnsafeRawPointer? {
      array.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }

    /// The reference to a dictionary's storage, which a copy of the dictionary shares.
    private func storage<Key, Value>(_ dictionary: [Key: Value]) -> Int {
      unsafeBitCast(dictionary, to: Int.self)
    }
  #endif

  @Test(arguments: documents)
  func repeatedReadsOfResultsReuseTheFirstOnes(_ document: Document) throws {
    let (model, _) = try decode(Model.self, json: document.json)
    #expect(model.numbers == document.numbers)
    #expect(model.counts.count == 1)
    #if DEBUG
      let numbers = model.$numbers.results
      #expect(numbers.count == 3)
      #expect(storage(model.$numbers.results) == storage(numbers))
      #expect(storage(model.$tags.results) == storage(model.$tags.results))
      #expect(storage(model.$counts.results) == storage(model.$counts.results))
      #expect(storage(model.$ranks.results) == storage(model.$ranks.results))
    #endif
  }
}
