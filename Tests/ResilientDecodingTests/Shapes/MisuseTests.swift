import Foundation
import ResilientDecoding
import XCTest

/// SPEC §2 (misuse) and §5.5: declarations `@Resilient` cannot help with assert in DEBUG with a
/// message saying what to write instead, and decode as if the wrapper were not there.
final class MisuseTests: XCTestCase {
  struct ResilientInt: Decodable {
    @Resilient var count: Int
  }

  struct PlainInt: Decodable {
    var count: Int
  }

  struct ResilientFruit: Decodable {
    @Resilient var fruit: Fruit
  }

  struct PlainFruit: Decodable {
    var fruit: Fruit
  }

  struct ResilientLink: Decodable {
    @Resilient var link: SecureLink
  }

  struct PlainLink: Decodable {
    var link: SecureLink
  }

  struct ResilientArrayOfOptionals: Decodable {
    @Resilient var values: [Int?]
  }

  struct PlainArrayOfOptionals: Decodable {
    var values: [Int?]
  }

  struct ResilientDictionaryOfOptionals: Decodable {
    @Resilient var values: [String: Int?]
  }

  struct PlainDictionaryOfOptionals: Decodable {
    var values: [String: Int?]
  }

  // MARK: @Resilient var count: Int

  func testNonOptionalValueDecodesAsIfUnwrapped() throws {
    let captured = try capturingAssertions {
      try decode(ResilientInt.self, json: #"{"count": 4}"#)
    }
    XCTAssertEqual(captured.value.value.count, 4)
    XCTAssertNil(captured.value.digest)
    #if DEBUG
      assertSingleAssertion(captured.assertions, mentioning: ["count", "Int", "`Int?`"])
    #endif
  }

  func testNonOptionalValueThrowsLikeAnUnwrappedProperty() {
    for json in [#"{"count": "4"}"#, #"{"count": null}"#, "{}"] {
      let captured = capturingAssertions {
        thrownError { try decode(ResilientInt.self, json: json) }
      }
      let expected = thrownError { try decode(PlainInt.self, json: json) }
      assertSameDecodingError(captured.value, expected)
      #if DEBUG
        assertSingleAssertion(captured.assertions, mentioning: ["`Int?`"])
      #endif
    }
  }

  // MARK: @Resilient var fruit: Fruit (no fallback)

  func testRawValueWithoutFallbackDecodesAsIfUnwrapped() throws {
    let captured = try capturingAssertions {
      try decode(ResilientFruit.self, json: #"{"fruit": "apple"}"#)
    }
    XCTAssertEqual(captured.value.value.fruit, .apple)
    XCTAssertNil(captured.value.digest)
    #if DEBUG
      assertSingleAssertion(
        captured.assertions, mentioning: ["fruit", "decodingFallback", "`Fruit?`"])
    #endif
  }

  func testRawValueWithoutFallbackThrowsLikeAnUnwrappedProperty() {
    for json in [#"{"fruit": "kiwi"}"#, #"{"fruit": 1}"#, #"{"fruit": null}"#, "{}"] {
      let captured = capturingAssertions {
        thrownError { try decode(ResilientFruit.self, json: json) }
      }
      let expected = thrownError { try decode(PlainFruit.self, json: json) }
      assertSameDecodingError(captured.value, expected)
      #if DEBUG
        assertSingleAssertion(captured.assertions, mentioning: ["decodingFallback", "`Fruit?`"])
      #endif
    }
  }

  func testURLBackedValueWithoutFallbackDecodesAsIfUnwrapped() throws {
    let captured = try capturingAssertions {
      try decode(ResilientLink.self, json: #"{"link": "https://example.com/m"}"#)
    }
    XCTAssertEqual(captured.value.value.link, .example("m"))
    #if DEBUG
      assertSingleAssertion(
        captured.assertions, mentioning: ["link", "decodingFallback", "`SecureLink?`"])
    #endif

    let json = #"{"link": "http://example.com/m"}"#
    let failure = capturingAssertions { thrownError { try decode(ResilientLink.self, json: json) } }
    assertSameDecodingError(failure.value, thrownError { try decode(PlainLink.self, json: json) })
  }

  // MARK: @Resilient var values: [Int?]

  func testArrayOfOptionalsDecodesAsIfUnwrapped() throws {
    let captured = try capturingAssertions {
      try decode(ResilientArrayOfOptionals.self, json: #"{"values": [1, null, 3]}"#)
    }
    XCTAssertEqual(captured.value.value.values, [1, nil, 3])
    XCTAssertNil(captured.value.digest)
    #if DEBUG
      assertSingleAssertion(
        captured.assertions,
        mentioning: ["values", "[Int?]", "@Resilient var values: [Int]", "[Resilient<Int?>]"])
    #endif
  }

  func testArrayOfOptionalsThrowsLikeAnUnwrappedProperty() {
    for json in [#"{"values": [1, "2"]}"#, #"{"values": 1}"#, #"{"values": null}"#, "{}"] {
      let captured = capturingAssertions {
        thrownError { try decode(ResilientArrayOfOptionals.self, json: json) }
      }
      let expected = thrownError { try decode(PlainArrayOfOptionals.self, json: json) }
      assertSameDecodingError(captured.value, expected)
      #if DEBUG
        assertSingleAssertion(captured.assertions, mentioning: ["[Resilient<Int?>]"])
      #endif
    }
  }

  // MARK: @Resilient var values: [String: Int?]

  func testDictionaryOfOptionalsDecodesAsIfUnwrapped() throws {
    let captured = try capturingAssertions {
      try decode(ResilientDictionaryOfOptionals.self, json: #"{"values": {"a": 1, "b": null}}"#)
    }
    XCTAssertEqual(captured.value.value.values, ["a": 1, "b": Int?.none])
    XCTAssertNil(captured.value.digest)
    #if DEBUG
      assertSingleAssertion(
        captured.assertions,
        mentioning: [
          "values", "[String: Int?]", "@Resilient var values: [String: Int]",
          "[String: Resilient<Int?>]",
        ])
    #endif
  }

  func testDictionaryOfOptionalsThrowsLikeAnUnwrappedProperty() {
    for json in [#"{"values": {"a": "1"}}"#, #"{"values": [1]}"#, #"{"values": null}"#, "{}"] {
      let captured = capturingAssertions {
        thrownError { try decode(ResilientDictionaryOfOptionals.self, json: json) }
      }
      let expected = thrownError { try decode(PlainDictionaryOfOptionals.self, json: json) }
      assertSameDecodingError(captured.value, expected)
      #if DEBUG
        assertSingleAssertion(captured.assertions, mentioning: ["[String: Resilient<Int?>]"])
      #endif
    }
  }

  // MARK: Supported declarations

  func testSupportedDeclarationsRaiseNoAssertion() throws {
    struct Supported: Decodable {
      @Resilient var count: Int?
      @Resilient var values: [Int]
      @Resilient var optionalValues: [Int]?
      @Resilient var scores: [String: Int]
      @Resilient var mood: Mood
      @Resilient var fruit: Fruit?
      @Resilient var fruits: [Fruit]
    }
    let captured = try capturingAssertions {
      try decode(Supported.self, json: #"{"count": "x", "values": [null], "mood": "x"}"#)
    }
    XCTAssertNil(captured.value.value.count)
    XCTAssertEqual(captured.value.value.mood, .unknown)
    #if DEBUG
      XCTAssertEqual(captured.assertions, [])
    #endif
  }
}
