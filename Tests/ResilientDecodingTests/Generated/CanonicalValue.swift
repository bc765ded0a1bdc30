import Foundation
import ResilientDecoding

// The form decoded values and the oracle's expectations are both turned into, so that one
// comparison checks values and, in DEBUG, what `$property` says (outcome and results, reduced
// with the shared reductions: `OutcomeKind`, `ErrorKind`, `ResultSummary`).

/// A decoded value, or the oracle's expectation of it, in a form that compares structurally.
indirect enum CanonicalValue: Equatable, Sendable, CustomStringConvertible {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case list([CanonicalValue])
  /// A set: its elements sorted by description.
  case bag([CanonicalValue])
  /// A dictionary or an object, keyed by the key as a string.
  case map([String: CanonicalValue])
  #if DEBUG
    /// A `@Resilient` property: its value and what its projected value says.
    case property(CanonicalValue, PropertyDiagnostics)
  #endif

  /// A set of values: duplicates collapsed (as `Set` does, so `"é"` and `"e\u{301}"` are one),
  /// in the canonical order.
  static func bagOf(_ values: [CanonicalValue]) -> CanonicalValue {
    var unique: [CanonicalValue] = []
    for value in values where !unique.contains(value) { unique.append(value) }
    // Each key is written once, not at every comparison.
    let keyed = unique.map { (key: $0.sortKey, value: $0) }
    return .bag(keyed.sorted { $0.key.isBeforeInKeyOrder($1.key) }.map(\.value))
  }

  /// The description, with strings in their composed form so that equal strings sort alike.
  private var sortKey: String {
    if case .string(let string) = self {
      return Self.quote(string.precomposedStringWithCanonicalMapping)
    }
    return description
  }

  /// A string quoted with every non-ASCII scalar escaped, so that failures show it exactly.
  static func quote(_ string: String) -> String {
    "\"" + string.unicodeScalars.map { $0.escaped(asASCII: true) }.joined() + "\""
  }

  var description: String {
    switch self {
    case .null: return "nil"
    case .bool(let value): return "\(value)"
    case .int(let value): return "\(value)"
    case .double(let value): return "\(value)d"
    case .string(let value): return Self.quote(value)
    case .list(let values): return "[" + values.map(\.description).joined(separator: ", ") + "]"
    case .bag(let values): return "{" + values.map(\.description).joined(separator: ", ") + "}"
    case .map(let entries):
      let parts = entries.keys.sorted { $0.isBeforeInKeyOrder($1) }.map {
        "\(Self.quote($0)): \(entries[$0]!)"
      }
      return "[" + parts.joined(separator: ", ") + "]"
    #if DEBUG
      case .property(let value, let diagnostics):
        return "@(\(value) | \(diagnostics))"
    #endif
    }
  }

  /// Where `self` (expected) and `actual` first differ, or `nil` if they are equal.
  func firstDifference(from actual: CanonicalValue, at path: String = "") -> String? {
    if self == actual { return nil }
    switch (self, actual) {
    case (.map(let expected), .map(let found)):
      for key in Set(expected.keys).union(found.keys).sorted(by: { $0.isBeforeInKeyOrder($1) }) {
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
    #if DEBUG
      case (.property(let value, let diagnostics), .property(let found, let foundDiagnostics)):
        if let difference = diagnostics.firstDifference(from: foundDiagnostics, at: path) {
          return difference
        }
        if let difference = value.firstDifference(from: found, at: path) { return difference }
    #endif
    default:
      break
    }
    return "\(path): expected \(self), found \(actual)"
  }
}

// MARK: - Canonical forms of decoded values

/// A type whose decoded values the generated tests compare through ``CanonicalValue``.
protocol CanonicalRepresentable: SendableMetatype {
  var canonical: CanonicalValue { get }
}

extension Int: CanonicalRepresentable {
  var canonical: CanonicalValue { .int(self) }
}

extension String: CanonicalRepresentable {
  var canonical: CanonicalValue { .string(self) }
}

extension Double: CanonicalRepresentable {
  var canonical: CanonicalValue { .double(self) }
}

extension Bool: CanonicalRepresentable {
  var canonical: CanonicalValue { .bool(self) }
}

extension Optional: CanonicalRepresentable where Wrapped: CanonicalRepresentable {
  var canonical: CanonicalValue { self?.canonical ?? .null }
}

extension Array: CanonicalRepresentable where Element: CanonicalRepresentable {
  var canonical: CanonicalValue { .list(map { $0.canonical }) }
}

extension Set: CanonicalRepresentable where Element: CanonicalRepresentable {
  var canonical: CanonicalValue { .bagOf(map { $0.canonical }) }
}

/// A dictionary key type, turned into the string the canonical map is keyed by.
protocol CanonicalKey {
  var canonicalKey: String { get }
}

extension String: CanonicalKey {
  var canonicalKey: String { self }
}

extension Int: CanonicalKey {
  var canonicalKey: String { String(self) }
}

extension Dictionary: CanonicalRepresentable
where Key: CanonicalKey, Value: CanonicalRepresentable {
  var canonical: CanonicalValue {
    var entries: [String: CanonicalValue] = [:]
    for (key, value) in self { entries[key.canonicalKey] = value.canonical }
    return .map(entries)
  }
}

// MARK: - Properties as the oracle expects them

/// The error the oracle predicts for a value that fails to decode.
struct ExpectedFailure: Error, Equatable {
  let kind: ErrorKind
}

/// What the oracle predicts decoding one value gives: its canonical value or its failure.
typealias Prediction = Result<CanonicalValue, ExpectedFailure>

extension Prediction {
  /// The kind of the predicted failure, or `nil` for a value.
  var failure: ErrorKind? {
    if case .failure(let failure) = self { return failure.kind }
    return nil
  }
}

/// Which results a property has in DEBUG: none (a single value), element results (an array
/// or a set) or entry results (a dictionary).
enum ResultsShape: Sendable {
  case none
  case elements
  case entries
}

// Each expectation is a property's canonical value; in DEBUG it also carries the outcome, the
// outcome's error and the results the property must report.
extension CanonicalValue {
  /// A property whose key was missing (`missing`) or held `null`: `value`, and no error.
  static func absentProperty(
    _ value: CanonicalValue, missing: Bool, _ shape: ResultsShape
  ) -> CanonicalValue {
    #if DEBUG
      return .property(
        value,
        PropertyDiagnostics(
          outcome: missing ? .keyNotFound : .valueWasNil, error: nil, results: shape.none))
    #else
      return value
    #endif
  }

  /// A single value that decoded as `value`.
  static func decodedProperty(_ value: CanonicalValue) -> CanonicalValue {
    #if DEBUG
      return .property(
        value, PropertyDiagnostics(outcome: .decodedSuccessfully, error: nil, results: .none))
    #else
      return value
    #endif
  }

  /// A property that failed as a whole with an error of kind `kind`, reported, and holds
  /// `value` instead.
  static func recoveredProperty(
    _ value: CanonicalValue, from kind: ErrorKind, _ shape: ResultsShape
  ) -> CanonicalValue {
    #if DEBUG
      return .property(
        value,
        PropertyDiagnostics(
          outcome: .recovered(wasReported: true), error: kind, results: shape.failure(kind)))
    #else
      return value
    #endif
  }

  /// An array or a set decoded element by element: `value`, and one prediction per element of
  /// the input, in order.
  static func elementsProperty(
    _ value: CanonicalValue, _ predictions: [Prediction]
  ) -> CanonicalValue {
    #if DEBUG
      let failures = predictions.compactMap(\.failure).count
      return .property(
        value,
        PropertyDiagnostics(
          failures: failures, results: .elements(predictions.map(ResultSummary.init(predicted:)))))
    #else
      return value
    #endif
  }

  /// A dictionary decoded entry by entry: `value`, one prediction per key of the input, and the
  /// errors of values the decoder read again for a key written twice and dropped, in order.
  static func entriesProperty(
    _ value: CanonicalValue, _ predictions: [String: Prediction],
    dropped: [(key: String, kind: ErrorKind)] = []
  ) -> CanonicalValue {
    #if DEBUG
      var failures: [(key: String, rank: Int, kind: ErrorKind)] = predictions.compactMap {
        entry in entry.value.failure.map { (entry.key, 0, $0) }
      }
      failures += dropped.enumerated().map { ($0.element.key, $0.offset + 1, $0.element.kind) }
      let errors = failures.sorted { lhs, rhs in
        if lhs.key.isBeforeInKeyOrder(rhs.key) { return true }
        if rhs.key.isBeforeInKeyOrder(lhs.key) { return false }
        return lhs.rank < rhs.rank
      }.map(\.kind)
      return .property(
        value,
        PropertyDiagnostics(
          failures: errors.count,
          results: .entries(predictions.mapValues(ResultSummary.init(predicted:)), errors: errors)
        ))
    #else
      return value
    #endif
  }
}

// MARK: - Properties as decoded (DEBUG)

#if DEBUG
  /// What the projected value of a `@Resilient` property says, reduced.
  struct PropertyDiagnostics: Equatable, Sendable, CustomStringConvertible {
    let outcome: OutcomeKind
    /// The kind of the error the outcome recovered from, if any.
    let error: ErrorKind?
    let results: PropertyResults

    init(outcome: OutcomeKind, error: ErrorKind?, results: PropertyResults) {
      self.outcome = outcome
      self.error = error
      self.results = results
    }

    /// The diagnostics of a collection decoded piece by piece, of which `failures` failed.
    init(failures: Int, results: PropertyResults) {
      if failures == 0 {
        self.init(outcome: .decodedSuccessfully, error: nil, results: results)
      } else {
        self.init(
          outcome: .recovered(wasReported: false), error: .elementFailures(failures),
          results: results)
      }
    }

    /// The diagnostics of a decoded property.
    init(_ outcome: ResilientDecodingOutcome, results: PropertyResults) {
      self.init(
        outcome: OutcomeKind(outcome), error: outcome.recoveredError.map(ErrorKind.init),
        results: results)
    }

    var description: String {
      "\(outcome)" + (error.map { " from \($0)" } ?? "") + " | \(results)"
    }

    /// Where `self` (expected) and `actual` differ, or `nil` if they are equal.
    func firstDifference(from actual: PropertyDiagnostics, at path: String) -> String? {
      if outcome != actual.outcome || error != actual.error {
        return "\(path): expected outcome \(self), found \(actual)"
      }
      if results != actual.results {
        return "\(path).results: expected \(results), found \(actual.results)"
      }
      return nil
    }
  }

  /// The results of a property's projected value, reduced.
  enum PropertyResults: Equatable, Sendable, CustomStringConvertible {
    /// A single value, which has no results.
    case none
    /// `results` of an array or a set.
    case elements([ResultSummary<CanonicalValue>])
    /// `results` of a dictionary, by key as written, and the kinds of its `errors`, in order.
    case entries([String: ResultSummary<CanonicalValue>], errors: [ErrorKind])

    var description: String {
      switch self {
      case .none: return "-"
      case .elements(let results): return "\(results)"
      case .entries(let results, let errors):
        let written = results.keys.sorted { $0.isBeforeInKeyOrder($1) }.map {
          "\(CanonicalValue.quote($0)): \(results[$0]!)"
        }
        return "[" + written.joined(separator: ", ") + "] errors: \(errors)"
      }
    }
  }

  extension ResultsShape {
    /// The results of an absent property: none.
    fileprivate var none: PropertyResults {
      switch self {
      case .none: .none
      case .elements: .elements([])
      case .entries: .entries([:], errors: [])
      }
    }

    /// The results of a property that failed as a whole: that one failure.
    fileprivate func failure(_ kind: ErrorKind) -> PropertyResults {
      switch self {
      case .none: .none
      case .elements: .elements([.failure(kind)])
      case .entries: .entries([:], errors: [kind])
      }
    }
  }

  extension ResultSummary<CanonicalValue> {
    /// The reduced form of an oracle's prediction.
    fileprivate init(predicted: Prediction) {
      switch predicted {
      case .success(let value): self = .success(value)
      case .failure(let failure): self = .failure(failure.kind)
      }
    }

    /// The reduced form of a decoded element or entry.
    fileprivate init<Element: CanonicalRepresentable>(decoded: Result<Element, any Error>) {
      self.init(decoded.map { $0.canonical })
    }
  }

  extension ResilientDecodingOutcome {
    /// The error the outcome recovered from, if any.
    fileprivate var recoveredError: (any Error)? {
      if case .recoveredFrom(let error, _) = self { return error }
      return nil
    }
  }

  extension PropertyResults {
    /// Element results of an array or a set as decoded, reduced.
    fileprivate static func decoded<Element: CanonicalRepresentable>(
      _ results: [Result<Element, any Error>]
    ) -> PropertyResults {
      .elements(results.map(ResultSummary.init(decoded:)))
    }

    /// Entry results and errors of a dictionary as decoded, reduced.
    fileprivate static func decoded<Value: CanonicalRepresentable>(
      _ results: [String: Result<Value, any Error>], errors: [any Error]
    ) -> PropertyResults {
      .entries(results.mapValues(ResultSummary.init(decoded:)), errors: errorKinds(errors))
    }
  }

  /// A property as decoded: its value, outcome and results.
  private func observed(
    _ value: some CanonicalRepresentable, _ outcome: ResilientDecodingOutcome,
    _ results: PropertyResults
  ) -> CanonicalValue {
    .property(value.canonical, PropertyDiagnostics(outcome, results: results))
  }

  /// A single-value property as decoded: value and outcome.
  func observedProperty<Value: CanonicalRepresentable>(
    _ value: Value, _ projected: Resilient<Value>.ProjectedValue
  ) -> CanonicalValue {
    observed(value, projected.outcome, .none)
  }

  /// A `@ResilientDefault` property as decoded: value and outcome.
  func observedProperty<Provider: ResilientDefaultProvider>(
    _ value: Provider.Value, _ projected: ResilientDefault<Provider>.ProjectedValue
  ) -> CanonicalValue where Provider.Value: CanonicalRepresentable {
    observed(value, projected.outcome, .none)
  }

  /// An array property as decoded: value, outcome and `results`.
  func observedProperty<Element: CanonicalRepresentable>(
    _ value: [Element], _ projected: Resilient<[Element]>.ProjectedValue
  ) -> CanonicalValue {
    observed(value, projected.outcome, .decoded(projected.results))
  }

  /// An optional array property as decoded: value, outcome and `results`.
  func observedProperty<Element: CanonicalRepresentable>(
    _ value: [Element]?, _ projected: Resilient<[Element]?>.ProjectedValue
  ) -> CanonicalValue {
    observed(value, projected.outcome, .decoded(projected.results))
  }

  /// A set property as decoded: value, outcome and `results` (in document order).
  func observedProperty<Element: CanonicalRepresentable>(
    _ value: Set<Element>, _ projected: Resilient<Set<Element>>.ProjectedValue
  ) -> CanonicalValue {
    observed(value, projected.outcome, .decoded(projected.results))
  }

  /// An optional set property as decoded: value, outcome and `results` (in document order).
  func observedProperty<Element: CanonicalRepresentable>(
    _ value: Set<Element>?, _ projected: Resilient<Set<Element>?>.ProjectedValue
  ) -> CanonicalValue {
    observed(value, projected.outcome, .decoded(projected.results))
  }

  /// A dictionary property as decoded: value, outcome, `results` and `errors`.
  func observedProperty<Key: CanonicalKey, Value: CanonicalRepresentable>(
    _ value: [Key: Value], _ projected: Resilient<[Key: Value]>.ProjectedValue
  ) -> CanonicalValue {
    observed(value, projected.outcome, .decoded(projected.results, errors: projected.errors))
  }

  /// An optional dictionary property as decoded: value, outcome, `results` and `errors`.
  func observedProperty<Key: CanonicalKey, Value: CanonicalRepresentable>(
    _ value: [Key: Value]?, _ projected: Resilient<[Key: Value]?>.ProjectedValue
  ) -> CanonicalValue {
    observed(value, projected.outcome, .decoded(projected.results, errors: projected.errors))
  }
#endif
