/// A document in a small in-memory format, written as a literal, for test decoders such as
/// ``AdvancingDecoder``; ``json`` writes the same document for `JSONDecoder`.
///
/// Numbers are integers. Objects keep their members in the order they were written.
indirect enum Tree: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
  case null
  case int(Int)
  case string(String)
  case array([Tree])
  case object([(key: String, value: Tree)])

  init(integerLiteral value: Int) { self = .int(value) }
  init(stringLiteral value: String) { self = .string(value) }
  init(arrayLiteral elements: Tree...) { self = .array(elements) }
  init(dictionaryLiteral elements: (String, Tree)...) {
    self = .object(elements.map { (key: $0.0, value: $0.1) })
  }
  init(nilLiteral: ()) { self = .null }

  /// The same document written as JSON.
  var json: String {
    switch self {
    case .null: "null"
    case .int(let int): "\(int)"
    case .string(let string): "\"\(string)\""
    case .array(let elements): "[" + elements.map(\.json).joined(separator: ",") + "]"
    case .object(let members):
      "{" + members.map { "\"\($0.key)\":\($0.value.json)" }.joined(separator: ",") + "}"
    }
  }

  /// The member under `key` of an object; `nil` for a missing key or a value that is not an
  /// object.
  func member(_ key: String) -> Tree? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }
}
