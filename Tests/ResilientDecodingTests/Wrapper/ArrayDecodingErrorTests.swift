import Foundation
import ResilientDecoding
import Testing

/// `ArrayDecodingError` keeps the elements that decoded and the failures apart and builds
/// `results` when they are read (DocC, "Inspecting Errors in DEBUG"): whichever way it was
/// made, it reads, prints and reflects as one result per element, in order. Release builds
/// have no such error; there, the same documents keep the same elements.
@Suite struct ArrayDecodingErrorTests {
  /// Results as the test writes them: a number decoded, or `nil` for a failure.
  static let patterns: [[Int?]] = [
    [], [1], [nil], [1, 2, 3], [nil, nil], [nil, 1, 2], [1, nil, 2], [1, 2, nil],
    [nil, 1, nil, nil, 2, nil], [1, nil, nil, nil, 2, 3],
  ]

  /// The error of the failure at `index`, which says where it was.
  static func failure(at index: Int) -> any Error {
    DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "element \(index)"))
  }

  /// The results of a pattern.
  static func results(_ pattern: [Int?]) -> [Result<Int, any Error>] {
    pattern.enumerated().map { index, value in
      value.map { .success($0) } ?? .failure(failure(at: index))
    }
  }

  #if DEBUG
    typealias ArrayError = ResilientDecodingOutcome.ArrayDecodingError<Int>

    @Test(arguments: patterns)
    func resultsReadAsTheyWereGiven(_ pattern: [Int?]) {
      let error = ArrayError(results: Self.results(pattern))
      #expect(describe(error.results) == describe(Self.results(pattern)))
      let failed = pattern.indices.filter { pattern[$0] == nil }
      #expect(error.errors.map(describe) == failed.map { describe(Self.failure(at: $0)) })
    }

    /// A decoder that jumps or loses its place records failures at positions past the next
    /// element, or past the end: each still reads where it was recorded, or after the last.
    @Test func failuresAtGapsAndPastTheEndKeepTheirPlaces() {
      let error = ArrayError(
        elements: [10, 20, 30],
        failures: [(0, Self.failure(at: 0)), (2, Self.failure(at: 2)), (9, Self.failure(at: 9))])
      #expect(
        describe(error.results)
          == describe(
            [
              .failure(Self.failure(at: 0)), .success(10), .failure(Self.failure(at: 2)),
              .success(20), .success(30), .failure(Self.failure(at: 9)),
            ] as [Result<Int, any Error>]))
      #expect(error.errors.map(describe) == [0, 2, 9].map { describe(Self.failure(at: $0)) })
    }

    @Test func printingAndReflectionShowTheResults() {
      let error = ArrayError(results: Self.results([1, nil, 2]))
      let mirror = Mirror(reflecting: error)
      #expect(mirror.displayStyle == .struct)
      #expect(mirror.children.map(\.label) == ["results"])
      let reflected = mirror.children.first?.value as? [Result<Int, any Error>]
      #expect(reflected.map(describe) == describe(Self.results([1, nil, 2])))
      let printed = String(describing: error)
      #expect(printed.contains("(results: ["))
      #expect(printed.contains("element 1"))
    }
  #endif

  @Test(arguments: patterns)
  func decodedResultsAreOnePerElementInOrder(_ pattern: [Int?]) throws {
    struct Model: Decodable { @Resilient var values: [Int] }
    let json = pattern.map { $0.map(String.init) ?? #""x""# }.joined(separator: ", ")
    let (model, _) = try decode(Model.self, json: #"{"values": [\#(json)]}"#)
    #expect(model.values == pattern.compactMap { $0 })
    #if DEBUG
      #expect(
        summaries(model.$values.results)
          == pattern.map { $0.map(ResultSummary.success) ?? .failure(.typeMismatch) })
      #expect(
        errorKinds(model.$values.errors) == pattern.compactMap { $0 == nil ? .typeMismatch : nil })
    #endif
  }
}
