// The same document for `PropertyListDecoder`: an input that `JSONDecoder` reads is written
// again as a binary property list, so that both decoders can be asked for the same model.

import Foundation

/// A JSON value as `JSONDecoder` reads it: numbers that are integers apart from the others.
indirect enum FuzzDocument: Decodable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([FuzzDocument])
  case object([String: FuzzDocument])

  /// How deep a document may nest: deeper than `FuzzModel` reads anything, yet shallow enough
  /// to read fast (`JSONDecoder` builds the coding path of every failed attempt below, which
  /// costs the square of its depth).
  static let maximumDepth = 16

  /// Reads any value; throws for a number that is not a `Double` and for a value nested deeper
  /// than ``maximumDepth``.
  init(from decoder: any Decoder) throws {
    guard decoder.codingPath.count <= Self.maximumDepth else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: [], debugDescription: "Nested too deep."))
    }
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let int = try? container.decode(Int.self) {
      // `JSONDecoder` reads a number too small for a `Double` (`1e-400`) as the integer 0 but
      // refuses it as a `Double`: no number of a property list reads alike, so such a
      // document has no property list.
      _ = try container.decode(Double.self)
      self = .int(int)
    } else if let double = try? container.decode(Double.self) {
      // Nor for `-9223372036854775808.5`, which `JSONDecoder` refuses as an `Int`, while
      // `PropertyListDecoder` reads the `Double` it rounds to as `Int.min`.
      guard Int(exactly: double) == nil else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(codingPath: [], debugDescription: "No number reads alike."))
      }
      self = .double(double)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let array = try? container.decode([FuzzDocument].self) {
      self = .array(array)
    } else {
      self = .object(try container.decode([String: FuzzDocument].self))
    }
  }

  /// The document of a JSON input, or `nil` if `JSONDecoder` cannot read it as one (or it
  /// nests too deep).
  init?(json data: Data) {
    guard let document = try? JSONDecoder().decode(FuzzDocument.self, from: data) else {
      return nil
    }
    self = document
  }

  /// The document as a binary property list, or `nil` if it holds a `null`, which property
  /// lists cannot.
  ///
  /// `JSONDecoder` reads a `URL` from a string, `PropertyListDecoder` from the keyed form
  /// `PropertyListEncoder` writes, `{"relative": string}`. When the document is read as
  /// `FuzzModel`, the values where the model has a `URL` (`link`, the elements of `links`) are
  /// written in that form, whatever they are, so that what one decoder reads as a URL the other
  /// does too, and what one rejects the other rejects. Strings elsewhere stay strings, URLs or
  /// not: the `String` properties read them.
  func binaryPropertyList(readAsFuzzModel: Bool) -> Data? {
    var root = self
    if readAsFuzzModel, case .object(var members) = root {
      if let link = members["link"] { members["link"] = .object(["relative": link]) }
      if case .array(let links)? = members["links"] {
        members["links"] = .array(links.map { .object(["relative": $0]) })
      }
      root = .object(members)
    }
    guard let object = root.propertyListObject else { return nil }
    return try? PropertyListSerialization.data(
      fromPropertyList: object, format: .binary, options: 0)
  }

  /// The Foundation objects a property list is written from; `nil` for a `null` anywhere.
  private var propertyListObject: Any? {
    switch self {
    case .null: return nil
    case .bool(let bool): return bool
    case .int(let int): return int
    case .double(let double): return double
    case .string(let string): return string
    case .array(let elements):
      var objects: [Any] = []
      for element in elements {
        guard let object = element.propertyListObject else { return nil }
        objects.append(object)
      }
      return objects
    case .object(let members):
      var objects: [String: Any] = [:]
      for (key, value) in members {
        guard let object = value.propertyListObject else { return nil }
        objects[key] = object
      }
      return objects
    }
  }
}
