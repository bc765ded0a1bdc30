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
  var text: String { String(decoding: utf8, as: UTF8.self) }

  /// The UTF-8 bytes of the JSON text.
  var data: Data { Data(utf8) }

  private var utf8: [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(512)
    write(into: &output)
    return output
  }

  private func write(into output: inout [UInt8]) {
    switch self {
    case .null: output += "null".utf8
    case .bool(let value): output += (value ? "true" : "false").utf8
    case .number(let text): output += text.utf8
    case .string(let value): Self.writeString(value, into: &output)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        element.write(into: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let entries):
      output.append(UInt8(ascii: "{"))
      for (index, entry) in entries.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        Self.writeString(entry.key, into: &output)
        output.append(UInt8(ascii: ":"))
        entry.value.write(into: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// A string, escaped byte by byte: every byte of a multi-byte UTF-8 sequence is 0x80 or
  /// more, so only ASCII characters are ever escaped.
  private static func writeString(_ value: String, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): output += #"\""#.utf8
      case UInt8(ascii: "\\"): output += #"\\"#.utf8
      case UInt8(ascii: "\n"): output += #"\n"#.utf8
      case UInt8(ascii: "\t"): output += #"\t"#.utf8
      case ..<0x20:
        output += #"\u00"#.utf8
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0xF)])
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
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
