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

// MARK: - Keys from the data

/// A coding key cut to a bounded length: a dictionary key of the data, as long as the data
/// makes it, in the paths the library keeps.
struct BoundedCodingKey: CodingKey, Sendable {
  let stringValue: String
  let intValue: Int?

  /// `key`, its text cut to ``BoundedText/limit`` characters and an ellipsis.
  init(cutting key: any CodingKey) {
    stringValue = BoundedText.prefix(of: key.stringValue)
    intValue = key.intValue
  }

  init?(stringValue: String) {
    self.stringValue = stringValue
    self.intValue = nil
  }

  init?(intValue: Int) {
    self.stringValue = String(intValue)
    self.intValue = intValue
  }
}

extension BoundedText {
  /// Whether `key`'s text is longer than ``limit``: the library's own element keys never are,
  /// and are not asked (their text is made when asked for).
  static func isLong(_ key: any CodingKey) -> Bool {
    type(of: key) != ElementCodingKey.self && key.stringValue.utf8.count > limit
  }

  /// Whether a key of `keys` is longer than ``limit``.
  ///
  /// A loop over indices rather than `contains(where:)`: unoptimised, as in an app's DEBUG
  /// build, the sequence's iterator costs several times what the keys' checks cost, on every
  /// failed value while a reporter exists.
  static func anyIsLong(_ keys: ArraySlice<any CodingKey>) -> Bool {
    var index = keys.startIndex
    while index < keys.endIndex {
      if isLong(keys[index]) { return true }
      index += 1
    }
    return false
  }

  /// Whether a key of `path` is longer than ``limit``.
  static func anyIsLong(_ path: [any CodingKey]) -> Bool {
    anyIsLong(path[...])
  }

  /// `path` with every key longer than ``limit`` cut (see ``BoundedCodingKey``); `path` itself
  /// when none is.
  static func bounded(_ path: [any CodingKey]) -> [any CodingKey] {
    guard anyIsLong(path) else { return path }
    return path.map { isLong($0) ? BoundedCodingKey(cutting: $0) : $0 }
  }

  /// `error` with the keys of its coding path, and its description, cut: a `DecodingError`
  /// made at a key of megabytes keeps none of it. Other errors are kept as they are.
  static func bounded(_ error: any Error) -> any Error {
    guard let decodingError = error as? DecodingError,
      let path = error.decodingContextPath, anyIsLong(path)
    else { return error }
    func cut(_ context: DecodingError.Context) -> DecodingError.Context {
      let underlying = context.underlyingError.map(bounded)
      return DecodingError.Context(
        codingPath: bounded(context.codingPath),
        debugDescription: prefix(of: context.debugDescription), underlyingError: underlying)
    }
    switch decodingError {
    case .typeMismatch(let type, let context): return DecodingError.typeMismatch(type, cut(context))
    case .valueNotFound(let type, let context):
      return DecodingError.valueNotFound(type, cut(context))
    case .keyNotFound(let key, let context):
      return DecodingError.keyNotFound(
        isLong(key) ? BoundedCodingKey(cutting: key) : key, cut(context))
    case .dataCorrupted(let context): return DecodingError.dataCorrupted(cut(context))
    @unknown default: return error
    }
  }
}

/// What the code that made a report's coding path knows of it, so that keeping the report need
/// not find it out again.
struct CodingPathFacts: Sendable {
  /// Whether the path is the array its error's context holds (a decoder's own error reported
  /// at the path it gives).
  var isErrorsPath = false
  /// How many of its first keys are known to be no longer than ``BoundedText/limit`` (an
  /// array's own path, looked at once for all its elements).
  var boundedPrefix = 0
}
