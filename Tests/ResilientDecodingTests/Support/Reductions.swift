import Foundation
import ResilientDecoding

// The one vocabulary the tests compare in: errors, outcomes, element results and digest entries
// reduced to small `Equatable` values, and coding paths written one way. Reductions never use
// the library's own formatting (`ErrorDigest.Entry.path`, the tree), so that tests of that
// formatting compare it against something independent.

// MARK: - Coding paths

/// A coding path as the `stringValue`s of its keys joined by dots: `values.Index 1`, `rates.GBP`.
///
/// Array elements keep the decoder's own name (`Index 1`), so an element and a dictionary entry
/// whose key is `"1"` never read alike.
func pathDescription(_ codingPath: [any CodingKey]) -> String {
  codingPath.map(\.stringValue).joined(separator: ".")
}

// MARK: - Key order

extension String {
  /// Whether this key comes before `other` in the order the library sorts dictionary keys in:
  /// that of their Unicode scalars, a total order (`<` is not one for every pair of keys).
  func isBeforeInKeyOrder(_ other: String) -> Bool {
    utf8.lexicographicallyPrecedes(other.utf8)
  }
}

// MARK: - Errors

/// A novel value, told apart by type: `.novel("7")` is the string, `.novel(7)` the integer.
enum NovelValue: Hashable, CustomStringConvertible, ExpressibleByStringLiteral,
  ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral
{
  case string(String)
  case int(Int)

  /// The novel value an `UnknownNovelValueError` carries; values of other types (a `URL`, say)
  /// are compared as their description.
  init(_ value: Any) {
    switch value {
    case let int as Int: self = .int(int)
    case let string as String: self = .string(string)
    default: self = .string("\(value)")
    }
  }

  init(stringLiteral value: String) { self = .string(value) }
  init(integerLiteral value: Int) { self = .int(value) }

  var description: String {
    switch self {
    case .string(let string): String(reflecting: string)
    case .int(let int): "\(int)"
    }
  }
}

/// The kind of an error, without its details, so that it can be compared.
enum ErrorKind: Hashable, CustomStringConvertible {
  case typeMismatch
  case valueNotFound
  case keyNotFound(String)
  case dataCorrupted
  /// An `UnknownNovelValueError` and the value it carries.
  case novel(NovelValue)
  /// The DEBUG error of a collection whose elements failed one by one (`ArrayDecodingError` or
  /// `DictionaryDecodingError`), with how many failed.
  case elementFailures(Int)
  /// Any other error, by its description.
  case other(String)

  init(_ error: any Error) {
    switch error {
    case let novel as UnknownNovelValueError:
      self = .novel(NovelValue(novel.novelValue))
    case DecodingError.typeMismatch:
      self = .typeMismatch
    case DecodingError.valueNotFound:
      self = .valueNotFound
    case DecodingError.keyNotFound(let key, _):
      self = .keyNotFound(key.stringValue)
    case DecodingError.dataCorrupted:
      self = .dataCorrupted
    default:
      #if DEBUG
        if let failures = CollectionFailures(error) {
          self = .elementFailures(failures.count)
          return
        }
      #endif
      self = .other("\(error)")
    }
  }

  /// Whether this is an `UnknownNovelValueError`, which digests list only on request.
  var isNovel: Bool {
    if case .novel = self { return true }
    return false
  }

  var description: String {
    switch self {
    case .typeMismatch: "typeMismatch"
    case .valueNotFound: "valueNotFound"
    case .keyNotFound(let key): "keyNotFound(\(key))"
    case .dataCorrupted: "dataCorrupted"
    case .novel(let value): "novel(\(value))"
    case .elementFailures(let count): "elementFailures(\(count))"
    case .other(let description): "other(\(description))"
    }
  }
}

/// The path of a `DecodingError`'s context, written as ``Report`` writes paths; `nil` for any
/// other error.
func contextPathDescription(_ error: any Error) -> String? {
  switch error {
  case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
    DecodingError.keyNotFound(_, let context), DecodingError.dataCorrupted(let context):
    return pathDescription(context.codingPath)
  default:
    return nil
  }
}

/// The kinds of a list of errors, in order.
func errorKinds(_ errors: [any Error]) -> [ErrorKind] {
  errors.map(ErrorKind.init)
}

/// An error written in full: its kind, the type or key it names and the coding path of its
/// context; for the DEBUG error of a collection, every element result.
///
/// Two errors with the same description are the same error for every purpose of these tests,
/// which is what comparing two ways of decoding (a generic property and its specialised twin,
/// two decoders) needs.
func describe(_ error: any Error) -> String {
  switch error {
  case let novel as UnknownNovelValueError:
    return "novel(\(NovelValue(novel.novelValue)))"
  case DecodingError.typeMismatch(let type, let context):
    return "typeMismatch(\(type)) at \(pathDescription(context.codingPath))"
  case DecodingError.valueNotFound(let type, let context):
    return "valueNotFound(\(type)) at \(pathDescription(context.codingPath))"
  case DecodingError.keyNotFound(let key, let context):
    return "keyNotFound(\(key.stringValue)) at \(pathDescription(context.codingPath))"
  case DecodingError.dataCorrupted(let context):
    return "dataCorrupted at \(pathDescription(context.codingPath))"
  default:
    #if DEBUG
      if let failures = CollectionFailures(error) { return failures.description }
    #endif
    return "\(error)"
  }
}

// MARK: - Digests

/// One reported error: where (see ``pathDescription(_:)``), and what kind.
struct Report: Hashable, CustomStringConvertible {
  let path: String
  let kind: ErrorKind

  init(_ path: String, _ kind: ErrorKind) {
    self.path = path
    self.kind = kind
  }

  /// The report of a digest entry.
  init(_ entry: ErrorDigest.Entry) {
    self.init(pathDescription(entry.codingPath), ErrorKind(entry.error))
  }

  /// Whether this is the report of a novel value, which a digest lists only on request.
  var isNovel: Bool { kind.isNovel }

  var description: String { "\(path): \(kind)" }
}

/// The reports of a digest in report order; none for no digest.
func reports(_ digest: ErrorDigest?, includingNovel: Bool = false) -> [Report] {
  digest?.entries(includeUnknownNovelValueErrors: includingNovel).map(Report.init) ?? []
}

/// Every entry of a digest, novel values included, written in full as `path: error` (see
/// ``describe(_:)``), in report order; none for no digest.
func detailedReports(_ digest: ErrorDigest?) -> [String] {
  guard let digest else { return [] }
  return digest.entries(includeUnknownNovelValueErrors: true).map { entry in
    "\(pathDescription(entry.codingPath)): \(describe(entry.error))"
  }
}

// MARK: - Property diagnostics (DEBUG)

#if DEBUG
  /// An outcome, reduced to something that can be compared; the error is checked on its own
  /// (`$x.error`), or in full with ``describe(_:)-(ResilientDecodingOutcome)``.
  enum OutcomeKind: Hashable {
    case decodedSuccessfully
    case keyNotFound
    case valueWasNil
    case recovered(wasReported: Bool)

    init(_ outcome: ResilientDecodingOutcome) {
      switch outcome {
      case .decodedSuccessfully: self = .decodedSuccessfully
      case .keyNotFound: self = .keyNotFound
      case .valueWasNil: self = .valueWasNil
      case .recoveredFrom(_, let wasReported): self = .recovered(wasReported: wasReported)
      }
    }
  }

  /// A wrapper whose projected value tells how it was decoded, read without knowing its
  /// value's type.
  protocol OutcomeReporting {
    var outcomeKind: OutcomeKind { get }
    var projectedError: (any Error)? { get }
  }

  extension Resilient: OutcomeReporting {
    var outcomeKind: OutcomeKind { OutcomeKind(projectedValue.outcome) }
    var projectedError: (any Error)? { projectedValue.error }
  }

  extension ResilientDefault: OutcomeReporting {
    var outcomeKind: OutcomeKind { OutcomeKind(projectedValue.outcome) }
    var projectedError: (any Error)? { projectedValue.error }
  }

  /// Every wrapped property of `model` (`@Resilient` or with a default), with its name, in the
  /// order they are declared.
  func wrappedProperties(of model: Any) -> [(name: String, wrapper: any OutcomeReporting)] {
    Mirror(reflecting: model).children.compactMap { child in
      (child.value as? any OutcomeReporting).map { (child.label ?? "?", $0) }
    }
  }

  /// The outcome of every wrapped property of `model`, in the order they are declared.
  func outcomes(of model: Any) -> [OutcomeKind] {
    wrappedProperties(of: model).map(\.wrapper.outcomeKind)
  }

  /// An outcome written in full, its error included (see ``describe(_:)``).
  func describe(_ outcome: ResilientDecodingOutcome) -> String {
    switch outcome {
    case .decodedSuccessfully: "decodedSuccessfully"
    case .keyNotFound: "keyNotFound"
    case .valueWasNil: "valueWasNil"
    case .recoveredFrom(let error, let wasReported):
      "recoveredFrom(\(describe(error)), wasReported: \(wasReported))"
    }
  }

  /// One element or entry result, reduced to something that can be compared.
  enum ResultSummary<Value: Equatable>: Equatable, CustomStringConvertible {
    case success(Value)
    case failure(ErrorKind)

    init(_ result: Result<Value, any Error>) {
      switch result {
      case .success(let value): self = .success(value)
      case .failure(let error): self = .failure(ErrorKind(error))
      }
    }

    var description: String {
      switch self {
      case .success(let value): "success(\(value))"
      case .failure(let kind): "failure(\(kind))"
      }
    }
  }

  extension ResultSummary: Sendable where Value: Sendable {}

  /// Element results of an array or a set, reduced, in order.
  func summaries<Value: Equatable>(_ results: [Result<Value, any Error>]) -> [ResultSummary<Value>]
  {
    results.map { ResultSummary($0) }
  }

  /// Entry results of a dictionary, reduced, by key.
  func summaries<Value: Equatable>(
    _ results: [String: Result<Value, any Error>]
  ) -> [String: ResultSummary<Value>] {
    results.mapValues { ResultSummary($0) }
  }

  /// Element results written in full (`success(3)`, `failure(<error>)`), in order; for values
  /// that are not `Equatable`, or to compare two decodes in every detail.
  func describe<Value>(_ results: [Result<Value, any Error>]) -> [String] {
    results.map(describeResult)
  }

  /// Entry results written in full as `key: success(…)` or `key: failure(…)`, sorted by key.
  func describe<Value>(_ results: [String: Result<Value, any Error>]) -> [String] {
    results.sorted { $0.key.isBeforeInKeyOrder($1.key) }.map {
      "\($0.key): \(describeResult($0.value))"
    }
  }

  private func describeResult<Value>(_ result: Result<Value, any Error>) -> String {
    switch result {
    case .success(let value): "success(\(value))"
    case .failure(let error): "failure(\(describe(error)))"
    }
  }

  /// The element results inside a DEBUG collection error of any element type
  /// (`ArrayDecodingError<T>` or `DictionaryDecodingError<T>`), read by reflection so that
  /// errors of generic and specialised properties can be compared.
  private struct CollectionFailures: CustomStringConvertible {
    /// How many elements or entries failed (or 1 for a dictionary that was not one at all).
    let count: Int
    let description: String

    init?(_ error: any Error) {
      let typeName = String(describing: type(of: error))
      let mirror = Mirror(reflecting: error)
      guard let results = mirror.descendant("results") else { return nil }
      if typeName.hasPrefix("ArrayDecodingError") {
        let elements = Mirror(reflecting: results).children.map { describeReflected($0.value) }
        count = elements.filter { $0.hasPrefix("failure") }.count
        description = "ArrayDecodingError[\(elements.joined(separator: ", "))]"
      } else if typeName.hasPrefix("DictionaryDecodingError") {
        let entries = Mirror(reflecting: results).children.map { child -> (String, String) in
          let pair = Array(Mirror(reflecting: child.value).children)
          return ("\(pair[0].value)", describeReflected(pair[1].value))
        }.sorted { $0.0.isBeforeInKeyOrder($1.0) }
        var whole = ""
        var failed = entries.filter { $0.1.hasPrefix("failure") }.count
        if let wholeValueError = mirror.descendant("wholeValueError", "some") as? any Error {
          whole = "whole: \(describe(wholeValueError)); "
          failed += 1
        }
        // Values of a key written twice that the decoder read and dropped.
        let dropped =
          mirror.descendant("droppedEntryErrors").map {
            Mirror(reflecting: $0).children.map { child -> String in
              let pair = Array(Mirror(reflecting: child.value).children)
              return "\(pair[0].value) again: \((pair[1].value as? any Error).map(describe) ?? "?")"
            }
          } ?? []
        count = failed + dropped.count
        let written = (entries.map { "\($0.0): \($0.1)" } + dropped).joined(separator: ", ")
        description = "DictionaryDecodingError[\(whole)\(written)]"
      } else {
        return nil
      }
    }
  }

  /// Describes a `Result` known only as `Any`.
  private func describeReflected(_ result: Any) -> String {
    guard let child = Mirror(reflecting: result).children.first else { return "\(result)" }
    if child.label == "failure", let error = child.value as? any Error {
      return "failure(\(describe(error)))"
    }
    return "\(child.label ?? "?")(\(child.value))"
  }
#endif
