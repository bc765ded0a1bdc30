import Foundation

/// A JSON value whose objects keep their keys in the order given, written by ``text``.
///
/// The generator writes payloads with it rather than with `JSONSerialization`, so that the
/// order of keys (which decides the order of reports) and the spelling of numbers are exactly
/// what was generated.
indirect enum OrderedJSON: Sendable {
  case null
  case bool(Bool)
  /// A number, written exactly as this text.
  case number(String)
  case string(String)
  case array([OrderedJSON])
  case object([(key: String, value: OrderedJSON)])

  /// An integer number.
  static func int(_ value: Int) -> OrderedJSON { .number(String(value)) }

  /// A floating-point number, written so that it reads back as the same `Double`.
  static func double(_ value: Double) -> OrderedJSON { .number("\(value)") }

  /// The JSON text.
  var text: String {
    var output = ""
    write(into: &output)
    return output
  }

  /// The UTF-8 bytes of the JSON text.
  var data: Data { Data(text.utf8) }

  private func write(into output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let text): output += text
    case .string(let value): Self.writeString(value, into: &output)
    case .array(let elements):
      output += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { output += "," }
        element.write(into: &output)
      }
      output += "]"
    case .object(let entries):
      output += "{"
      for (index, entry) in entries.enumerated() {
        if index > 0 { output += "," }
        Self.writeString(entry.key, into: &output)
        output += ":"
        entry.value.write(into: &output)
      }
      output += "}"
    }
  }

  private static func writeString(_ value: String, into output: inout String) {
    output += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\t": output += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}

extension OrderedJSON {
  /// The same document as a ``Tree``, for decoders other than `JSONDecoder`; members stay in
  /// the order written.
  ///
  /// A number becomes an `Int` if it spells one, else the `Double` Swift reads from it: the
  /// nearest one, or infinity for `1e400`, since a tree cannot hold a number no `Double` holds.
  var tree: Tree {
    switch self {
    case .null: .null
    case .bool(let value): .bool(value)
    case .number(let text): Int(text).map(Tree.int) ?? .double(Double(text) ?? .nan)
    case .string(let value): .string(value)
    case .array(let elements): .array(elements.map(\.tree))
    case .object(let entries): .object(entries.map { (key: $0.key, value: $0.value.tree) })
    }
  }
}
