// Building blocks of the property-based tests: a seeded generator, a JSON writer that keeps
// key order, and a canonical form that decoded values and oracle expectations are both turned
// into, so that one comparison checks values, DEBUG outcomes and DEBUG results together.

import Foundation
import ResilientDecoding
import XCTest

// MARK: - Seeded generator

/// A SplitMix64 generator: tiny, fast, and the same sequence for a seed on every platform.
struct PropRandom: RandomNumberGenerator {
  private var state: UInt64

  /// Creates a generator whose whole sequence is determined by `seed`.
  init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `0..<bound`, without modulo bias worth caring about at these sizes.
  mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0, "below(_:) needs a positive bound")
    return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  /// A number in `range`.
  mutating func int(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.upperBound - range.lowerBound + 1)
  }

  /// `true` with probability `probability`.
  mutating func chance(_ probability: Double) -> Bool {
    Double(next() >> 11) / Double(1 << 53) < probability
  }

  /// One element of a non-empty array.
  mutating func pick<Element>(_ elements: [Element]) -> Element {
    elements[below(elements.count)]
  }

  /// The seed of case `index` of a run whose base seed is `base`: every case can be replayed
  /// alone from its own seed.
  static func caseSeed(base: UInt64, index: Int) -> UInt64 {
    var generator = PropRandom(seed: base ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
    return generator.next()
  }
}

/// How many cases a property test runs and from which seeds, read from the environment.
///
/// `RESILIENT_SEED=<seed>` replays exactly one case (decimal or `0x` hexadecimal, as printed
/// in failure messages). `RESILIENT_BASE_SEED` explores another series of cases and
/// `RESILIENT_CASES` changes how many run.
struct PropRun {
  let seeds: [UInt64]

  /// The seeds for a test that runs `defaultCount` cases from `defaultBase` unless the
  /// environment says otherwise.
  init(defaultBase: UInt64, defaultCount: Int) {
    let environment = ProcessInfo.processInfo.environment
    if let replay = environment["RESILIENT_SEED"].flatMap(PropRun.parseSeed) {
      seeds = [replay]
      return
    }
    let base = environment["RESILIENT_BASE_SEED"].flatMap(PropRun.parseSeed) ?? defaultBase
    let count = environment["RESILIENT_CASES"].flatMap { Int($0) } ?? defaultCount
    seeds = (0..<count).map { PropRandom.caseSeed(base: base, index: $0) }
  }

  /// Parses a seed written in decimal or as `0x` hexadecimal.
  static func parseSeed(_ text: String) -> UInt64? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.hasPrefix("0x") { return UInt64(trimmed.dropFirst(2), radix: 16) }
    return UInt64(trimmed)
  }

  /// A seed as it is printed in failure messages.
  static func describe(_ seed: UInt64) -> String {
    let hex = String(seed, radix: 16)
    return "0x" + String(repeating: "0", count: 16 - hex.count) + hex
  }
}

// MARK: - JSON

/// A JSON value whose objects keep their keys in the order given, written by ``text``.
indirect enum PropJSON: Sendable {
  case null
  case bool(Bool)
  /// A number, written exactly as this text.
  case number(String)
  case string(String)
  case array([PropJSON])
  case object([(key: String, value: PropJSON)])

  /// An integer number.
  static func int(_ value: Int) -> PropJSON { .number(String(value)) }

  /// A floating-point number, written so that it reads back as the same `Double`.
  static func double(_ value: Double) -> PropJSON { .number("\(value)") }

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
    case .string(let value): PropJSON.writeString(value, into: &output)
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
        PropJSON.writeString(entry.key, into: &output)
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

// MARK: - Canonical values

/// What a `@Resilient` property did, in DEBUG builds, reduced to what the oracle predicts.
enum PropOutcome: Equatable, Sendable, CustomStringConvertible {
  case decoded
  case keyNotFound
  case valueWasNil
  /// `recoveredFrom(_, wasReported: true)`; `novel` tells whether the error is an
  /// `UnknownNovelValueError`.
  case reported(novel: Bool)
  /// `recoveredFrom(_, wasReported: false)`: some elements of a collection failed.
  case partial

  var description: String {
    switch self {
    case .decoded: return "decodedSuccessfully"
    case .keyNotFound: return "keyNotFound"
    case .valueWasNil: return "valueWasNil"
    case .reported(let novel): return "recoveredFrom(wasReported: true, novel: \(novel))"
    case .partial: return "recoveredFrom(wasReported: false)"
    }
  }
}

/// One element result of `$property.results`.
enum PropResult: Equatable, Sendable, CustomStringConvertible {
  case success(PropValue)
  case failure(novel: Bool)

  var description: String {
    switch self {
    case .success(let value): return "success(\(value))"
    case .failure(let novel): return novel ? "failure(novel)" : "failure"
    }
  }
}

/// The `results` of a collection property (DEBUG).
enum PropResults: Equatable, Sendable, CustomStringConvertible {
  case none
  case list([PropResult])
  case keyed([String: PropResult], errorCount: Int)

  var description: String {
    switch self {
    case .none: return "-"
    case .list(let results): return "[" + results.map(\.description).joined(separator: ", ") + "]"
    case .keyed(let results, let errorCount):
      let entries = results.keys.sorted().map { "\(PropValue.quote($0)): \(results[$0]!)" }
      return "[" + entries.joined(separator: ", ") + "] errors: \(errorCount)"
    }
  }
}

/// A decoded value, or the oracle's expectation of it, in a form that compares structurally.
indirect enum PropValue: Equatable, Sendable, CustomStringConvertible {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case list([PropValue])
  /// A set: its elements sorted by description.
  case bag([PropValue])
  /// A dictionary or an object, keyed by the key as a string.
  case map([String: PropValue])
  /// A `@Resilient` property in DEBUG: its value, outcome and results.
  case property(PropValue, PropOutcome, PropResults)

  /// A set of values: duplicates collapsed (as `Set` does, so `"é"` and `"e\u{301}"` are one),
  /// in the canonical order.
  static func bagOf(_ values: [PropValue]) -> PropValue {
    var unique: [PropValue] = []
    for value in values where !unique.contains(value) { unique.append(value) }
    return .bag(unique.sorted { $0.sortKey < $1.sortKey })
  }

  /// The description, with strings in their composed form so that equal strings sort alike.
  private var sortKey: String {
    if case .string(let string) = self {
      return PropValue.quote(string.precomposedStringWithCanonicalMapping)
    }
    return description
  }

  static func quote(_ string: String) -> String {
    "\"" + string.unicodeScalars.map { $0.escaped(asASCII: true) }.joined() + "\""
  }

  var description: String {
    switch self {
    case .null: return "nil"
    case .bool(let value): return "\(value)"
    case .int(let value): return "\(value)"
    case .double(let value): return "\(value)d"
    case .string(let value): return PropValue.quote(value)
    case .list(let values): return "[" + values.map(\.description).joined(separator: ", ") + "]"
    case .bag(let values): return "{" + values.map(\.description).joined(separator: ", ") + "}"
    case .map(let entries):
      let parts = entries.keys.sorted().map { "\(PropValue.quote($0)): \(entries[$0]!)" }
      return "[" + parts.joined(separator: ", ") + "]"
    case .property(let value, let outcome, let results):
      return "@(\(value) | \(outcome) | \(results))"
    }
  }

  /// Where `self` (expected) and `actual` first differ, or `nil` if they are equal.
  func firstDifference(from actual: PropValue, at path: String = "") -> String? {
    if self == actual { return nil }
    switch (self, actual) {
    case (.map(let expected), .map(let found)):
      for key in Set(expected.keys).union(found.keys).sorted() {
        guard let left = expected[key], let right = found[key] else {
          return "\(path).\(key): expected \(expected[key]?.description ?? "nothing"), "
            + "found \(found[key]?.description ?? "nothing")"
        }
        if let difference = left.firstDifference(from: right, at: "\(path).\(key)") {
          return difference
        }
      }
    case (.list(let expected), .list(let found)) where expected.count == found.count:
      for (index, pair) in zip(expected, found).enumerated() {
        if let difference = pair.0.firstDifference(from: pair.1, at: "\(path)[\(index)]") {
          return difference
        }
      }
    case (
      .property(let value, let outcome, let results),
      .property(let found, let foundOutcome, let foundResults)
    ):
      if outcome != foundOutcome {
        return "\(path): expected outcome \(outcome), found \(foundOutcome)"
      }
      if let difference = value.firstDifference(from: found, at: path) { return difference }
      if results != foundResults {
        return "\(path).results: expected \(results), found \(foundResults)"
      }
    default:
      break
    }
    return "\(path): expected \(self), found \(actual)"
  }
}

/// A type whose decoded values the property tests compare through ``PropValue``.
protocol PropCanonical: SendableMetatype {
  var propCanonical: PropValue { get }
}

extension Int: PropCanonical {
  var propCanonical: PropValue { .int(self) }
}

extension String: PropCanonical {
  var propCanonical: PropValue { .string(self) }
}

extension Double: PropCanonical {
  var propCanonical: PropValue { .double(self) }
}

extension Bool: PropCanonical {
  var propCanonical: PropValue { .bool(self) }
}

extension Optional: PropCanonical where Wrapped: PropCanonical {
  var propCanonical: PropValue { self?.propCanonical ?? .null }
}

extension Array: PropCanonical where Element: PropCanonical {
  var propCanonical: PropValue { .list(map(\.propCanonical)) }
}

extension Set: PropCanonical where Element: PropCanonical {
  var propCanonical: PropValue { .bagOf(map(\.propCanonical)) }
}

/// A dictionary key type, turned into the string the canonical map is keyed by.
protocol PropCanonicalKey {
  var propKey: String { get }
}

extension String: PropCanonicalKey {
  var propKey: String { self }
}

extension Int: PropCanonicalKey {
  var propKey: String { String(self) }
}

extension Dictionary: PropCanonical where Key: PropCanonicalKey, Value: PropCanonical {
  var propCanonical: PropValue {
    var entries: [String: PropValue] = [:]
    for (key, value) in self { entries[key.propKey] = value.propCanonical }
    return .map(entries)
  }
}

// MARK: - Properties as observed and as expected

/// The canonical form of an expected property: in DEBUG with its outcome and results, in
/// release only its value (there is nothing else to observe there).
func propExpectedProperty(
  _ value: PropValue, _ outcome: PropOutcome, _ results: PropResults = .none
) -> PropValue {
  #if DEBUG
    return .property(value, outcome, results)
  #else
    return value
  #endif
}

#if DEBUG
  extension PropOutcome {
    /// The reduced form of a library outcome.
    init(_ outcome: ResilientDecodingOutcome) {
      switch outcome {
      case .decodedSuccessfully: self = .decoded
      case .keyNotFound: self = .keyNotFound
      case .valueWasNil: self = .valueWasNil
      case .recoveredFrom(let error, let wasReported):
        self = wasReported ? .reported(novel: error is UnknownNovelValueError) : .partial
      }
    }
  }

  extension PropResult {
    init<Value: PropCanonical>(_ result: Result<Value, any Error>) {
      switch result {
      case .success(let value): self = .success(value.propCanonical)
      case .failure(let error): self = .failure(novel: error is UnknownNovelValueError)
      }
    }
  }

  /// A scalar property: value and outcome.
  func propProperty<Value: PropCanonical>(
    _ value: Value, _ projected: Resilient<Value>.ProjectedValue
  ) -> PropValue {
    .property(value.propCanonical, PropOutcome(projected.outcome), .none)
  }

  /// An array property: value, outcome and `results`.
  func propProperty<Element: PropCanonical>(
    _ value: [Element], _ projected: Resilient<[Element]>.ProjectedValue
  ) -> PropValue {
    .property(
      value.propCanonical, PropOutcome(projected.outcome),
      .list(projected.results.map(PropResult.init)))
  }

  /// An optional array property: value, outcome and `results`.
  func propProperty<Element: PropCanonical>(
    _ value: [Element]?, _ projected: Resilient<[Element]?>.ProjectedValue
  ) -> PropValue {
    .property(
      value.propCanonical, PropOutcome(projected.outcome),
      .list(projected.results.map(PropResult.init)))
  }

  /// A set property: value, outcome and `results` (in document order).
  func propProperty<Element: PropCanonical>(
    _ value: Set<Element>, _ projected: Resilient<Set<Element>>.ProjectedValue
  ) -> PropValue {
    .property(
      value.propCanonical, PropOutcome(projected.outcome),
      .list(projected.results.map(PropResult.init)))
  }

  /// An optional set property: value, outcome and `results` (in document order).
  func propProperty<Element: PropCanonical>(
    _ value: Set<Element>?, _ projected: Resilient<Set<Element>?>.ProjectedValue
  ) -> PropValue {
    .property(
      value.propCanonical, PropOutcome(projected.outcome),
      .list(projected.results.map(PropResult.init)))
  }

  /// A dictionary property: value, outcome, `results` and the number of `errors`.
  func propProperty<Key: PropCanonicalKey, Value: PropCanonical>(
    _ value: [Key: Value], _ projected: Resilient<[Key: Value]>.ProjectedValue
  ) -> PropValue {
    .property(
      value.propCanonical, PropOutcome(projected.outcome),
      .keyed(projected.results.mapValues(PropResult.init), errorCount: projected.errors.count))
  }

  /// An optional dictionary property: value, outcome, `results` and the number of `errors`.
  func propProperty<Key: PropCanonicalKey, Value: PropCanonical>(
    _ value: [Key: Value]?, _ projected: Resilient<[Key: Value]?>.ProjectedValue
  ) -> PropValue {
    .property(
      value.propCanonical, PropOutcome(projected.outcome),
      .keyed(projected.results.mapValues(PropResult.init), errorCount: projected.errors.count))
  }
#endif

// MARK: - Errors

/// An error the oracle expects the reporter to receive.
struct PropError: Equatable, Sendable, CustomStringConvertible {
  /// The coding path, as the `stringValue`s of its keys (`Index 2` for array elements).
  var path: [String]
  /// Whether it is an `UnknownNovelValueError`, which `digest.errors` leaves out.
  var novel: Bool

  /// The same error, under `prefix`.
  func under(_ prefix: [String]) -> PropError {
    PropError(path: prefix + path, novel: novel)
  }

  /// The error as reported in a digest entry.
  init(_ entry: ErrorDigest.Entry) {
    path = entry.codingPath.map(\.stringValue)
    novel = entry.error is UnknownNovelValueError
  }

  init(path: [String], novel: Bool) {
    self.path = path
    self.novel = novel
  }

  var description: String {
    "/" + path.map { PropValue.quote($0) }.joined(separator: "/") + (novel ? " (novel)" : "")
  }
}

/// Fails with `message` and everything needed to replay the case.
func propFail(
  _ message: String,
  seed: UInt64,
  test: String,
  payload: PropJSON,
  file: StaticString = #filePath,
  line: UInt = #line
) {
  var text = payload.text
  if text.count > 3000 { text = String(text.prefix(3000)) + "…" }
  XCTFail(
    "\(message)\n  seed \(PropRun.describe(seed)); replay with "
      + "RESILIENT_SEED=\(PropRun.describe(seed)) swift test --filter \(test)\n  payload: \(text)",
    file: file, line: line)
}
