import Foundation
import ResilientDecoding
import XCTest

/// In release a `Resilient<T>` stores nothing but its value, so it has the layout of `T`; in
/// DEBUG, every element of a clean decode is listed as a success (DocC, "Inspecting Errors in
/// DEBUG").
final class LayoutTests: XCTestCase {
  #if !DEBUG
    /// Checks that wrapping `T` changes neither its size, stride nor alignment.
    private func assertSameLayout<T: Decodable>(
      _: T.Type,
      file: StaticString = #filePath,
      line: UInt = #line
    ) {
      XCTAssertEqual(
        MemoryLayout<Resilient<T>>.size, MemoryLayout<T>.size, "size of \(T.self)",
        file: file, line: line)
      XCTAssertEqual(
        MemoryLayout<Resilient<T>>.stride, MemoryLayout<T>.stride, "stride of \(T.self)",
        file: file, line: line)
      XCTAssertEqual(
        MemoryLayout<Resilient<T>>.alignment, MemoryLayout<T>.alignment,
        "alignment of \(T.self)", file: file, line: line)
    }

    func testResilientHasTheLayoutOfItsValueInRelease() {
      assertSameLayout(Int?.self)
      assertSameLayout(Bool?.self)
      assertSameLayout(String?.self)
      assertSameLayout([Int].self)
      assertSameLayout([Int]?.self)
      assertSameLayout([String: Int].self)
      assertSameLayout([String: Int]?.self)
      assertSameLayout(Set<String>.self)
      assertSameLayout(Mood.self)
      assertSameLayout(Fruit?.self)
      assertSameLayout([Fruit].self)
      assertSameLayout(FallbackLink.self)
      assertSameLayout(SecureLink?.self)
      assertSameLayout(Item?.self)
    }

    struct Wrapped: Decodable {
      @Resilient var flag: Bool?
      @Resilient var mood: Mood
      @Resilient var count: Int?
      @Resilient var names: [String]
    }

    struct Unwrapped: Decodable {
      var flag: Bool?
      var mood: Mood
      var count: Int?
      var names: [String]
    }

    func testModelWithResilientPropertiesHasTheLayoutOfOneWithout() {
      XCTAssertEqual(MemoryLayout<Wrapped>.size, MemoryLayout<Unwrapped>.size)
      XCTAssertEqual(MemoryLayout<Wrapped>.stride, MemoryLayout<Unwrapped>.stride)
    }
  #endif

  #if DEBUG
    struct Clean: Decodable {
      @Resilient var values: [Int]
      @Resilient var optionalValues: [Int]?
      @Resilient var scores: [String: Int]
      @Resilient var optionalScores: [String: Int]?
      @Resilient var fruits: [Fruit]
      @Resilient var tags: Set<String>
    }

    func testCleanDecodeListsEveryElementAsSuccess() throws {
      let (model, digest) = try decode(
        Clean.self,
        json: #"""
          {
            "values": [3, 1, 2],
            "optionalValues": [5],
            "scores": {"a": 1, "b": 2},
            "optionalScores": {"c": 3},
            "fruits": ["pear", "apple"],
            "tags": ["y", "x", "y"]
          }
          """#)
      XCTAssertNil(digest)
      XCTAssertEqual(summaries(model.$values.results), [.success(3), .success(1), .success(2)])
      XCTAssertEqual(summaries(model.$optionalValues.results), [.success(5)])
      XCTAssertEqual(summaries(model.$scores.results), ["a": .success(1), "b": .success(2)])
      XCTAssertEqual(summaries(model.$optionalScores.results), ["c": .success(3)])
      XCTAssertEqual(summaries(model.$fruits.results), [.success(.pear), .success(.apple)])
      XCTAssertEqual(
        summaries(model.$tags.results), [.success("y"), .success("x"), .success("y")])
      XCTAssertTrue(model.$values.errors.isEmpty)
      XCTAssertTrue(model.$scores.errors.isEmpty)
    }

    func testWrappedValuesListTheirElementsAsSuccess() {
      let values = Resilient<[Int]>([7, 8])
      XCTAssertEqual(summaries(values.projectedValue.results), [.success(7), .success(8)])
      let scores = Resilient<[String: Int]?>(["k": 1])
      XCTAssertEqual(summaries(scores.projectedValue.results), ["k": .success(1)])
    }
  #endif
}
