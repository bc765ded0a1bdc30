import Foundation

/// A document in a small in-memory format, written as a literal, for test decoders such as
/// ``TreeDecoder``; ``json`` writes the same document for `JSONDecoder`, and `init(json:)`
/// reads one.
///
/// Objects keep their members in the order they were written (sorted by key when read from
/// JSON).
indirect enum Tree: Sendable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([Tree])
  case object([(key: String, value: Tree)])

  init(integerLiteral value: Int) { self = .int(value) }
  init(floatLiteral value: Double) { self = .double(value) }
  init(booleanLiteral value: Bool) { self = .bool(value) }
  init(stringLiteral value: String) { self = .string(value) }
  init(arrayLiteral elements: Tree...) { self = .array(elements) }
  init(dictionaryLiteral elements: (String, Tree)...) {
    self = .object(elements.map { (key: $0.0, value: $0.1) })
  }
  init(nilLiteral: ()) { self = .null }

  /// The document a JSON text holds, read by `JSONDecoder`.
  init(json: String) throws {
    self = try JSONDecoder().decode(Tree.self, from: Data(json.utf8))
  }

  /// The same document written as JSON.
  var json: String {
    switch self {
    case .null: "null"
    case .bool(let bool): "\(bool)"
    case .int(let int): "\(int)"
    case .double(let double): "\(double)"
    case .string(let string): String(data: try! JSONEncoder().encode(string), encoding: .utf8)!
    case .array(let elements): "[" + elements.map(\.json).joined(separator: ",") + "]"
    case .object(let members):
      "{" + members.map { "\(Tree.string($0.key).json):\($0.value.json)" }.joined(separator: ",")
        + "}"
    }
  }

  /// The member under `key` of an object; `nil` for a missing key or a value that is not an
  /// object.
  func member(_ key: String) -> Tree? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }
}

extension Tree: Decodable {
  /// Reads any JSON value; `JSONDecoder` tells booleans, integers and other numbers apart.
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let int = try? container.decode(Int.self) {
      self = .int(int)
    } else if let double = try? container.decode(Double.self) {
      self = .double(double)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let elements = try? container.decode([Tree].self) {
      self = .array(elements)
    } else {
      let members = try container.decode([String: Tree].self)
      self = .object(members.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
    }
  }
}
