// The second layer whose build the measurement times: models of ten `@Resilient` properties
// each, internal as an app declares them, every model with an `Item` and a `Kind` of its own.
// Its plain twin has the same declarations without the wrappers and without importing the
// library, as an app without the library is written.

/// Writes the ten-property layer.
enum TenPropertyLayer {
  /// The properties of every model, in order: name and type, given the model's index.
  static let properties: [(name: String, type: @Sendable (Int) -> String)] = [
    ("count", { _ in "Int?" }),
    ("title", { _ in "String?" }),
    ("ratio", { _ in "Double?" }),
    ("items", { "[Item\($0)]" }),
    ("itemsByName", { "[String: Item\($0)]" }),
    ("kind", { "Kind\($0)" }),
    ("tags", { _ in "Set<String>" }),
    ("kinds", { "[Kind\($0)]" }),
    ("numbers", { _ in "[Int]" }),
    ("maybeKind", { "Kind\($0)?" }),
  ]

  /// The source of a layer of `count` models; `resilient` with the wrappers, or its plain
  /// twin.
  static func source(models count: Int, resilient: Bool) -> String {
    var lines: [String] = []
    if resilient { lines += ["import ResilientDecoding", ""] }
    for index in 0..<count {
      lines += model(index, resilient: resilient)
    }
    return lines.joined(separator: "\n")
  }

  /// Model `index` with its own `Kind` and `Item`.
  private static func model(_ index: Int, resilient: Bool) -> [String] {
    var lines = [
      "enum Kind\(index): String, \(resilient ? "ResilientRawRepresentable" : "Decodable") {",
      "  case small, medium, large, unknown",
    ]
    if resilient {
      lines.append("  static var decodingFallback: Kind\(index) { .unknown }")
    }
    lines += [
      "}",
      "",
      "struct Item\(index): Decodable {",
      "  let id: Int",
      "  let name: String",
      "}",
      "",
      "struct Model\(index): Decodable {",
    ]
    for (name, type) in properties {
      lines.append("  \(resilient ? "@Resilient " : "")var \(name): \(type(index))")
    }
    lines += ["}", ""]
    return lines
  }
}
