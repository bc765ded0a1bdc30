// The model layer whose build the measurement times: a file of public models, each with twelve
// properties of the shapes apps decode most, ten `@Resilient` and two with a default of their
// own, every model with an item and an enum of its own, written with the wrappers, as plain
// `Decodable`, and with the least a property wrapper can be (`PropertyWrapperFloor`).

/// One property of a generated model: its name and its type in each variant, for model `index`.
struct GeneratedProperty: Sendable {
  let name: String
  /// The wrapper of the resilient variant.
  var wrapper = "@Resilient"
  /// Its type in the resilient variant, where it is `@Resilient`.
  let resilient: @Sendable (Int) -> String
  /// The type of its plain twin.
  let plain: @Sendable (Int) -> String
}

/// Which variant of the model layer to write.
enum Variant: String, CaseIterable {
  case plain
  case resilient
  /// Every property `@WrapperFloor`, the plain type inside.
  case wrapperFloor
}

/// Writes model layers.
enum ModelLayer {
  /// The properties of every model, in order.
  static let properties: [GeneratedProperty] = [
    GeneratedProperty(name: "count", resilient: { _ in "Int?" }, plain: { _ in "Int?" }),
    GeneratedProperty(name: "title", resilient: { _ in "String?" }, plain: { _ in "String?" }),
    GeneratedProperty(name: "ratio", resilient: { _ in "Double?" }, plain: { _ in "Double?" }),
    GeneratedProperty(name: "items", resilient: { "[Item\($0)]" }, plain: { "[Item\($0)]" }),
    GeneratedProperty(
      name: "itemsByName", resilient: { "[String: Item\($0)]" }, plain: { "[String: Item\($0)]" }),
    GeneratedProperty(name: "kind", resilient: { "Kind\($0)" }, plain: { "Kind\($0)" }),
    GeneratedProperty(
      name: "tags", resilient: { _ in "Set<String>" }, plain: { _ in "Set<String>" }),
    GeneratedProperty(name: "kinds", resilient: { "[Kind\($0)]" }, plain: { "[Kind\($0)]" }),
    GeneratedProperty(name: "numbers", resilient: { _ in "[Int]" }, plain: { _ in "[Int]" }),
    GeneratedProperty(name: "maybeKind", resilient: { "Kind\($0)?" }, plain: { "Kind\($0)?" }),
    GeneratedProperty(
      name: "stock", wrapper: "@ResilientZero", resilient: { _ in "Int" }, plain: { _ in "Int" }),
    GeneratedProperty(
      name: "isNew", wrapper: "@ResilientFalse", resilient: { _ in "Bool" },
      plain: { _ in "Bool" }),
  ]

  /// The source of a layer of `count` models.
  static func source(models count: Int, variant: Variant) -> String {
    var lines: [String] = []
    if variant == .resilient { lines.append("import ResilientDecoding") }
    if variant == .wrapperFloor { lines.append("import PropertyWrapperFloor") }
    lines.append("")
    for index in 0..<count {
      lines += model(index, variant: variant)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func model(_ index: Int, variant: Variant) -> [String] {
    let resilient = variant == .resilient
    var lines: [String] = []
    let kindConformance = resilient ? "ResilientRawRepresentable" : "Decodable"
    lines.append("public enum Kind\(index): String, \(kindConformance) {")
    lines.append("  case small, medium, large, unknown")
    if resilient {
      lines.append("  public static var decodingFallback: Kind\(index) { .unknown }")
    }
    lines.append("}")
    lines.append("")
    lines.append("public struct Item\(index): Decodable {")
    lines.append("  public let id: Int")
    lines.append("  public let name: String")
    lines.append("}")
    lines.append("")
    lines.append("public struct Model\(index): Decodable {")
    for property in properties {
      if resilient {
        lines.append(
          "  \(property.wrapper) public var \(property.name): \(property.resilient(index))")
      } else if variant == .wrapperFloor {
        lines.append("  @WrapperFloor public var \(property.name): \(property.plain(index))")
      } else {
        lines.append("  public var \(property.name): \(property.plain(index))")
      }
    }
    lines.append("}")
    lines.append("")
    return lines
  }
}
