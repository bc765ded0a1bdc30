// Text the library puts in the errors it makes: never more than a short prefix of a value from
// the data, however long the value is (a number of 50 million digits, a novel raw value as
// long). Such a value must cost neither the time to spell it out nor the memory to keep it.

/// Descriptions of values, cut to a bounded length.
enum BoundedText {
  /// How many characters of a value's description the library's errors hold at most.
  static let limit = 1_000

  /// The description of `value` as `String(describing:)` writes it when it is at most `limit`
  /// characters long (`isWhole`); otherwise its first characters and an ellipsis, found
  /// without writing the long parts out (a long string is cut before it is escaped).
  static func describing(_ value: Any, limit: Int = limit) -> (text: String, isWhole: Bool) {
    var budget = limit
    var cut = ""
    if append(value, to: &cut, budget: &budget) {
      // Short enough: spelled exactly as Swift spells it.
      return (String(describing: value), true)
    }
    return (cut + "…", false)
  }

  /// `value` cut to `limit` characters, with an ellipsis if it was longer.
  static func prefix(of value: String, limit: Int = limit) -> String {
    value.utf8.count <= limit ? value : String(value.prefix(limit)) + "…"
  }

  /// A value from the data for an error to keep: a string cut to `limit` characters, any other
  /// value as it is (raw values are strings or numbers in practice).
  static func kept<Value>(_ value: Value) -> Any {
    guard let string = value as? String else { return value }
    return prefix(of: string)
  }

  /// Appends a rough spelling of `value` within `budget` characters; returns `false` if it had
  /// to stop, the budget spent.
  private static func append(_ value: Any, to text: inout String, budget: inout Int) -> Bool {
    func write(_ part: String) -> Bool {
      if part.utf8.count <= budget {
        text += part
        budget -= part.utf8.count
        return true
      }
      text += part.prefix(max(0, budget))
      budget = 0
      return false
    }
    if let string = value as? String { return write("\"") && write(string) && write("\"") }
    if let described = value as? any CustomStringConvertible {
      return write(described.description)
    }
    let mirror = Mirror(reflecting: value)
    guard !mirror.children.isEmpty else { return write(String(describing: value)) }
    let isEnum = mirror.displayStyle == .enum
    guard write(isEnum ? "\(type(of: value))." : "\(type(of: value))(") else { return false }
    for (offset, child) in mirror.children.enumerated() {
      if isEnum {
        guard write((child.label ?? "") + "("), append(child.value, to: &text, budget: &budget)
        else { return false }
        continue
      }
      if offset > 0, !write(", ") { return false }
      if let label = child.label, !write(label + ": ") { return false }
      guard append(child.value, to: &text, budget: &budget) else { return false }
    }
    return write(")")
  }
}
