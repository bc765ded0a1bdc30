import Foundation
import ResilientDecoding

// Raw-representable types shared by the tests, one per combination of the two knobs of
// `ResilientRawRepresentable` (fallback or not, frozen or not), plus `URL`-backed types whose
// raw value needs the decoder's own handling of `URL`.

/// No fallback, not frozen: raw values with no case are novel.
enum Fruit: String, ResilientRawRepresentable {
  case apple
  case pear
}

/// No fallback, frozen: raw values with no case are corrupt data.
enum FrozenFruit: String, ResilientRawRepresentable {
  case apple
  case pear

  static var isFrozen: Bool { true }
}

/// A fallback, not frozen.
enum Mood: String, ResilientRawRepresentable {
  case happy
  case sad
  case unknown

  static var decodingFallback: Self { .unknown }
}

/// A fallback, frozen.
enum FrozenMood: String, ResilientRawRepresentable {
  case happy
  case sad
  case unknown

  static var decodingFallback: Self { .unknown }
  static var isFrozen: Bool { true }
}

/// A `URL`-backed type without a fallback, not frozen: only `https` URLs have a value.
struct SecureLink: ResilientRawRepresentable, Hashable {
  let rawValue: URL

  init?(rawValue: URL) {
    guard rawValue.scheme == "https" else { return nil }
    self.rawValue = rawValue
  }

  /// Decodes a link from a URL string, as an unwrapped property would.
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    guard let link = SecureLink(rawValue: try container.decode(URL.self)) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not https")
    }
    self = link
  }

  /// A link to `https://example.com/<path>`.
  static func example(_ path: String) -> SecureLink {
    SecureLink(rawValue: URL(string: "https://example.com/\(path)")!)!
  }
}

/// A `URL`-backed type with a fallback, frozen: only `https` URLs have a value.
struct FallbackLink: ResilientRawRepresentable, Hashable {
  let rawValue: URL

  init?(rawValue: URL) {
    guard rawValue.scheme == "https" else { return nil }
    self.rawValue = rawValue
  }

  static var decodingFallback: FallbackLink { example("fallback") }
  static var isFrozen: Bool { true }

  /// A link to `https://example.com/<path>`.
  static func example(_ path: String) -> FallbackLink {
    FallbackLink(rawValue: URL(string: "https://example.com/\(path)")!)!
  }
}

/// A plain decodable object, for collections of objects.
struct Item: Decodable, Hashable {
  let name: String
}

// MARK: - Reporting

/// A model with a resilient property of every kind and one plain property, for the tests that
/// run against every decoder and document format (see ``DocumentFormat``).
struct Inventory: Decodable {
  /// Not resilient: a document without it does not decode.
  let id: Int
  @Resilient var numbers: [Int]
  @Resilient var tags: Set<String>
  @Resilient var byID: [Int: String]
  @Resilient var scores: [String: Int]
  @Resilient var note: String?
  @Resilient var fruit: Fruit?
  @Resilient var mood: Mood
  @Resilient var owner: Owner?
  @Resilient var missing: [Int]?

  struct Owner: Decodable {
    @Resilient var age: Int?
  }

  /// Something wrong in every property but `id` and `missing`, which is left out.
  static var messyDocument: [String: Any] {
    [
      "id": 1, "numbers": [1, "two", 3], "tags": ["a", 3, "a"], "byID": ["1": "a", "x": "b"],
      "scores": ["a": 1, "b": "x"], "note": 5, "fruit": "kiwi", "mood": 7, "owner": ["age": []],
    ]
  }

  /// What decoding ``messyDocument`` reports, novel values included.
  static let messyReportsWithNovel = [
    Report("numbers.Index 1", .typeMismatch),
    Report("tags.Index 1", .typeMismatch),
    Report("byID.x", .dataCorrupted),
    Report("scores.b", .typeMismatch),
    Report("note", .typeMismatch),
    Report("fruit", .novel("kiwi")),
    Report("mood", .typeMismatch),
    Report("owner.age", .typeMismatch),
  ]

  /// What decoding ``messyDocument`` reports, novel values left out.
  static let messyReports = messyReportsWithNovel.filter { !$0.isNovel }

  /// Every property decodes; `missing` is left out, which is no error for an optional.
  static var cleanDocument: [String: Any] {
    [
      "id": 2, "numbers": [3], "tags": ["a"], "byID": ["2": "b"], "scores": ["c": 4],
      "note": "n", "fruit": "pear", "mood": "happy", "owner": ["age": 40],
    ]
  }

  /// Checks the values decoded from ``messyDocument``.
  func checkDecodedFromMessyDocument(file: StaticString = #filePath, line: UInt = #line) {
    expectEqual(id, 1, "id", file: file, line: line)
    expectEqual(numbers, [1, 3], "numbers", file: file, line: line)
    expectEqual(tags, ["a"], "tags", file: file, line: line)
    expectEqual(byID, [1: "a"], "byID", file: file, line: line)
    expectEqual(scores, ["a": 1], "scores", file: file, line: line)
    expectEqual(note, nil, "note", file: file, line: line)
    expectEqual(fruit, nil, "fruit", file: file, line: line)
    expectEqual(mood, .unknown, "mood", file: file, line: line)
    expectEqual(owner?.age, .some(nil), "owner.age", file: file, line: line)
    expectEqual(missing, nil, "missing", file: file, line: line)
  }
}

// MARK: - Concurrency

/// A `Sendable` model with a `@Resilient` property of every kind: the files that use it
/// compiling in the Swift 6 language mode is half of their test.
struct SendableListing: Decodable, Sendable, Equatable {
  /// A dictionary key that is not a `String`.
  enum Dock: String, CodingKeyRepresentable, Decodable, Sendable {
    case east, west
  }

  @Resilient var tags: [String]
  @Resilient var price: Double?
  @Resilient var mood: Mood
  @Resilient var fruits: [String: Fruit]?
  @Resilient var links: Set<SecureLink>
  @Resilient var favourites: Set<Fruit>
  @Resilient var stock: [Int: Int]
  @Resilient var docks: [Dock: String]?
  @Resilient var weights: Set<Double>?

  /// Something wrong in every property but `links`, two novel values among them.
  static let messyJSON = #"""
    {
      "tags": ["a", 1, "b"],
      "price": "free",
      "mood": "bored",
      "fruits": {"x": "apple", "y": 2},
      "links": ["https://example.com/l"],
      "favourites": ["apple", "kiwi", 4, "pear"],
      "stock": {"1": 10, "x": 2, "3": "many"},
      "docks": {"east": "E1", "north": "N1"},
      "weights": [1.5, "heavy", 1.5]
    }
    """#

  /// What decoding ``messyJSON`` gives.
  static let messy = SendableListing(
    tags: ["a", "b"], price: nil, mood: .unknown, fruits: ["x": .apple], links: [.example("l")],
    favourites: [.apple, .pear], stock: [1: 10], docks: [.east: "E1"], weights: [1.5])

  /// What decoding ``messyJSON`` reports, novel values included.
  static let messyReportsWithNovel = [
    Report("tags.Index 1", .typeMismatch),
    Report("price", .typeMismatch),
    Report("mood", .novel("bored")),
    Report("fruits.y", .typeMismatch),
    Report("favourites.Index 1", .novel("kiwi")),
    Report("favourites.Index 2", .typeMismatch),
    Report("stock.3", .typeMismatch),
    Report("stock.x", .dataCorrupted),
    Report("docks.north", .dataCorrupted),
    Report("weights.Index 1", .typeMismatch),
  ]

  /// What decoding ``messyJSON`` reports, novel values left out.
  static let messyReports = messyReportsWithNovel.filter { !$0.isNovel }
}

// MARK: - Shapes

/// A plain enum used as a dictionary key, with string raw values: not resilient, so a key with
/// no case is corrupt data.
enum Shade: String, CodingKeyRepresentable, Decodable {
  case light
  case dark
}

/// A plain enum used as a dictionary key, with integer raw values.
enum Level: Int, CodingKeyRepresentable, Decodable {
  case low = 1
  case high = 2
}

// As dictionary keys, an unknown `Fruit` is a novel value and an unknown `FrozenFruit` corrupt
// data, as they are as values.
extension Fruit: CodingKeyRepresentable {}
extension FrozenFruit: CodingKeyRepresentable {}

// MARK: - Fallbacks

/// A struct with a fallback: a theme that cannot be decoded is the default theme.
struct Theme: ResilientDecodable, Equatable, Hashable, Sendable {
  let accent: String

  static var decodingFallback: Theme { Theme(accent: "blue") }
}

/// A polymorphic payload told apart by its `"type"` tag; a tag this code does not know yet is
/// a novel value, and such an attachment falls back to `.unsupported`.
enum Attachment: ResilientDecodable, Equatable, Sendable {
  case image(url: String)
  case note(text: String)
  case unsupported

  static var decodingFallback: Attachment { .unsupported }

  private enum CodingKeys: String, CodingKey {
    case type, url, text
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let type = try container.decode(String.self, forKey: .type)
    switch type {
    case "image": self = .image(url: try container.decode(String.self, forKey: .url))
    case "note": self = .note(text: try container.decode(String.self, forKey: .text))
    default: throw UnknownNovelValueError(novelValue: type)
    }
  }
}

/// A raw-value enum with a fallback that is also `ResilientDecodable`: it decodes as a
/// raw-representable type (an unknown raw value is a novel value).
enum Grade: String, ResilientRawRepresentable, ResilientDecodable, Sendable {
  case pass, fail, unknown

  static var decodingFallback: Grade { .unknown }
}
