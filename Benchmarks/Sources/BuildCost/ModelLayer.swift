// The model layer whose build the measurement times: a file of public models, each with every
// shape the README shows and element types of its own, written with the wrappers and as plain
// `Decodable` with the same types.

/// One property of a generated model: its wrapper and its type, for model `index`.
struct GeneratedProperty: Sendable {
  let name: String
  /// The wrapper of the resilient variant.
  var wrapper = "@Resilient"
  /// Its type in both variants.
  let type: @Sendable (Int) -> String
}

/// Which variant of the model layer to write.
enum Variant: String, CaseIterable {
  case plain
  case resilient
}

/// Writes model layers.
enum ModelLayer {
  /// The standard primitives other than `Int`, `String`, `Double` and `Bool`, one per model in
  /// turn, so that a layer of ten models or more has an optional of every one.
  static let otherPrimitives = [
    "Float", "Int64", "UInt", "Int32", "UInt8", "Int16", "UInt64", "Int8", "UInt16", "UInt32",
  ]

  /// The properties of every model, in order.
  static let properties: [GeneratedProperty] = [
    GeneratedProperty(name: "count", type: { _ in "Int?" }),
    GeneratedProperty(name: "title", type: { _ in "String?" }),
    GeneratedProperty(name: "ratio", type: { _ in "Double?" }),
    GeneratedProperty(name: "isActive", type: { _ in "Bool?" }),
    GeneratedProperty(name: "extra", type: { otherPrimitives[$0 % otherPrimitives.count] + "?" }),
    GeneratedProperty(name: "items", type: { "[Item\($0)]" }),
    GeneratedProperty(name: "itemsByName", type: { "[String: Item\($0)]" }),
    GeneratedProperty(name: "tags", type: { _ in "Set<String>" }),
    GeneratedProperty(name: "kinds", type: { "[Kind\($0)]" }),
    GeneratedProperty(name: "kind", type: { "Kind\($0)" }),
    GeneratedProperty(name: "maybeKind", type: { "Kind\($0)?" }),
    GeneratedProperty(name: "numbers", type: { _ in "[Int]" }),
    GeneratedProperty(name: "address", type: { "Address\($0)?" }),
    GeneratedProperty(name: "stock", wrapper: "@ResilientZero", type: { _ in "Int" }),
    GeneratedProperty(name: "isNew", wrapper: "@ResilientFalse", type: { _ in "Bool" }),
  ]

  /// The source of a layer of `count` models.
  static func source(models count: Int, variant: Variant) -> String {
    var lines: [String] = []
    if variant == .resilient { lines.append("import ResilientDecoding") }
    lines.append("")
    for index in 0..<count {
      lines += model(index, resilient: variant == .resilient)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Model `index` with its own enum, item and nested record.
  private static func model(_ index: Int, resilient: Bool) -> [String] {
    func wrapped(_ wrapper: String) -> String { resilient ? wrapper + " " : "" }
    var lines = [
      "public enum Kind\(index): String, \(resilient ? "ResilientRawRepresentable" : "Decodable") {",
      "  case small, medium, large, unknown",
    ]
    if resilient {
      lines.append("  public static var decodingFallback: Kind\(index) { .unknown }")
    }
    lines += [
      "}",
      "",
      "public struct Item\(index): Decodable {",
      "  public let id: Int",
      "  public let name: String",
      "}",
      "",
      "public struct Address\(index): Decodable {",
      "  public let street: String",
      "  \(wrapped("@Resilient"))public var city: String?",
      "}",
      "",
      "public struct Model\(index): Decodable {",
    ]
    for property in properties {
      lines.append(
        "  \(wrapped(property.wrapper))public var \(property.name): \(property.type(index))")
    }
    lines += ["}", ""]
    return lines
  }
}
