import Foundation
import ResilientDecoding
import XCTest

/// `description` and `debugDescription` print every error of a digest, novel values included,
/// as a tree of coding paths sorted by name, in DEBUG and release (DocC, "Reporting in
/// Production").
final class DigestDescriptionTests: XCTestCase {
  /// Decodes `type` from `json` and returns the description of its digest, checking that
  /// `debugDescription`, string interpolation and `String(reflecting:)` print the same.
  private func digestDescription<T: Decodable>(
    _ type: T.Type,
    json: String,
    file: StaticString = #filePath,
    line: UInt = #line
  ) throws -> String {
    let digest = try XCTUnwrap(decode(type, json: json).digest, file: file, line: line)
    XCTAssertEqual(digest.debugDescription, digest.description, file: file, line: line)
    XCTAssertEqual("\(digest)", digest.description, file: file, line: line)
    XCTAssertEqual(String(reflecting: digest), digest.description, file: file, line: line)
    return digest.description
  }

  func testFailedElementsNestUnderTheirIndexAndNovelValuesAreMarked() throws {
    struct Example: Decodable {
      @Resilient var resilientArrayProperty: [Int]
      @Resilient var resilientRawRepresentableProperty: Fruit?
    }
    let description = try digestDescription(
      Example.self,
      json: #"""
        {
          "resilientArrayProperty": [0, "one", 2, "three"],
          "resilientRawRepresentableProperty": "novel"
        }
        """#)
    XCTAssertEqual(
      description,
      """
      resilientArrayProperty
        Index 1
          - Could not decode as `Int`
        Index 3
          - Could not decode as `Int`
      resilientRawRepresentableProperty
        - Unknown novel value "novel" (this error is not reported by default)
      """)
  }

  func testNestedTypesNestInTheTree() throws {
    struct Catalog: Decodable {
      @Resilient var products: [Product]
      @Resilient var owner: Person?
    }
    struct Product: Decodable {
      let name: String
      @Resilient var price: Double?
      @Resilient var tags: [String]
      @Resilient var fruit: Fruit?
    }
    struct Person: Decodable {
      let name: String
    }
    let description = try digestDescription(
      Catalog.self,
      json: #"""
        {
          "products": [
            {"name": "a", "price": "cheap", "tags": ["x", 1]},
            {"price": 2},
            {"name": "c", "price": null, "fruit": "kiwi"}
          ],
          "owner": {"name": 5}
        }
        """#)
    XCTAssertEqual(
      description,
      """
      owner
        - Could not decode as `String`
      products
        Index 0
          price
            - Could not decode as `Double`
          tags
            Index 1
              - Could not decode as `String`
        Index 1
          - Key "name" not found
        Index 2
          fruit
            - Unknown novel value "kiwi" (this error is not reported by default)
      """)
  }

  func testArrayElementsArePrintedInNumericOrder() throws {
    struct Numbers: Decodable {
      @Resilient var values: [Int]
    }
    let description = try digestDescription(
      Numbers.self, json: #"{"values": [0, 1, "2", 3, 4, 5, 6, 7, 8, 9, null, "11", 12]}"#)
    XCTAssertEqual(
      description,
      """
      values
        Index 2
          - Could not decode as `Int`
        Index 10
          - Expected `Int` but found null instead
        Index 11
          - Could not decode as `Int`
      """)
  }

  func testNovelAndFrozenValuesAreSummarised() throws {
    struct Values: Decodable {
      @Resilient var novel: Fruit?
      @Resilient var frozen: FrozenFruit?
      @Resilient var link: SecureLink?
      @Resilient var moods: [String: Mood]
    }
    let description = try digestDescription(
      Values.self,
      json: #"""
        {
          "novel": "kiwi",
          "frozen": "kiwi",
          "link": "http://example.com/x",
          "moods": {"b": "bored", "a": "calm"}
        }
        """#)
    XCTAssertEqual(
      description,
      """
      frozen
        - Data corrupted: FrozenFruit is frozen and has no case for the raw value kiwi
      link
        - Unknown novel value "http://example.com/x" (this error is not reported by default)
      moods
        a
          - Unknown novel value "calm" (this error is not reported by default)
        b
          - Unknown novel value "bored" (this error is not reported by default)
      novel
        - Unknown novel value "kiwi" (this error is not reported by default)
      """)
  }

  func testChildrenAreSortedByNameNotByDeclaration() throws {
    struct Unsorted: Decodable {
      @Resilient var zebra: Int?
      @Resilient var mood: Mood
      @Resilient var apple: Int?
    }
    let description = try digestDescription(
      Unsorted.self, json: #"{"zebra": "z", "apple": "a"}"#)
    XCTAssertEqual(
      description,
      """
      apple
        - Could not decode as `Int`
      mood
        - Key "mood" not found
      zebra
        - Could not decode as `Int`
      """)
  }

  func testArrayElementsComeBeforeNamedKeysAtTheSameLevel() throws {
    // One reporter collects a top-level array, then a model: both start at the root.
    struct Product: Decodable {
      let name: String
      @Resilient var price: Double?
    }
    struct Shelf: Decodable {
      @Resilient var aisle: Int?
      @Resilient var rating: Double?
    }
    let decoder = JSONDecoder()
    let reporter = decoder.enableResilientDecodingErrorReporting()
    _ = try decoder.decode(
      Resilient<[Product]>.self,
      from: Data(#"[{"name": "a"}, {"name": "b", "price": "high"}]"#.utf8))
    _ = try decoder.decode(Shelf.self, from: Data(#"{"aisle": "A", "rating": "good"}"#.utf8))
    let digest = try XCTUnwrap(reporter.flushReportedErrors())
    XCTAssertEqual(
      digest.description,
      """
      Index 1
        price
          - Could not decode as `Double`
      aisle
        - Could not decode as `Int`
      rating
        - Could not decode as `Double`
      """)
  }

  /// A custom error described by its message.
  struct Note: Error, CustomStringConvertible {
    let description: String
  }

  /// A value whose decoding reports two notes at its own path, then has a child of its own.
  struct Gauge: Decodable {
    @Resilient var reading: Int?

    enum CodingKeys: CodingKey {
      case reading
    }

    init(from decoder: any Decoder) throws {
      decoder.reportError(Note(description: "zeta note"))
      decoder.reportError(Note(description: "alpha note"))
      let container = try decoder.container(keyedBy: CodingKeys.self)
      _reading = try container.decode(Resilient<Int?>.self, forKey: .reading)
    }
  }

  func testOwnErrorsComeFirstSortedThenChildren() throws {
    struct Panel: Decodable {
      let gauge: Gauge
    }
    let description = try digestDescription(Panel.self, json: #"{"gauge": {"reading": "x"}}"#)
    XCTAssertEqual(
      description,
      """
      gauge
        - alpha note
        - zeta note
        reading
          - Could not decode as `Int`
      """)
  }

  func testErrorsAtTheRootArePrintedWithoutIndentation() throws {
    let description = try digestDescription(
      Gauge.self, json: #"{"reading": null}"#)
    XCTAssertEqual(description, "- alpha note\n- zeta note")
  }

  func testValueNotFoundAndKeyNotFoundSummaries() throws {
    struct Moods: Decodable {
      @Resilient var present: Mood
      @Resilient var missing: Mood
      @Resilient var items: [Item]
    }
    let description = try digestDescription(
      Moods.self, json: #"{"present": null, "items": [{"title": "x"}]}"#)
    XCTAssertEqual(
      description,
      """
      items
        Index 0
          - Key "name" not found
      missing
        - Key "missing" not found
      present
        - Expected `String` but found null instead
      """)
  }

  func testContainersAreNamedInWordsAndCorruptedDataGivesItsMessage() throws {
    struct Shapes: Decodable {
      @Resilient var tags: [String]
      @Resilient var scores: [String: Int]
      @Resilient var owner: Owner?
      @Resilient var stamp: Stamp?
      @Resilient var blank: Blank?
    }
    struct Owner: Decodable { let name: String }
    /// Throws `dataCorrupted` with a message.
    struct Stamp: Decodable {
      init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(
          .init(codingPath: decoder.codingPath, debugDescription: "not a stamp"))
      }
    }
    /// Throws `dataCorrupted` without one.
    struct Blank: Decodable {
      init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(
          .init(codingPath: decoder.codingPath, debugDescription: ""))
      }
    }
    let description = try digestDescription(
      Shapes.self,
      json: #"{"tags": {}, "scores": [], "owner": [1], "stamp": 1, "blank": 2}"#)
    XCTAssertEqual(
      description,
      """
      blank
        - Data corrupted
      owner
        - Could not decode as a dictionary
      scores
        - Could not decode as a dictionary
      stamp
        - Data corrupted: not a stamp
      tags
        - Could not decode as an array
      """)
  }
}
