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
