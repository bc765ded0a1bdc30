import Foundation
import ResilientDecoding

// How one generated case is checked against plain `Codable`: whenever a plain twin decodes the
// payload with a decoder, the resilient type must decode to the same value with that decoder,
// report nothing and, in DEBUG, say of every property that it decoded, or of an optional one
// that its key was missing or its value `null`.

/// A generated payload in the form each ``TestDecoder`` reads, each form made once.
final class GeneratedDocument {
  let generated: GeneratedCase

  init(_ generated: GeneratedCase) {
    self.generated = generated
  }

  /// The payload as JSON text.
  private(set) lazy var json = generated.payload.data
  private lazy var tree = generated.payload.tree
  /// `nil` when the payload holds `null`, which property lists cannot.
  private lazy var propertyList =
    generated.payload.holdsNull ? nil : EncodedTree.binaryPropertyList(of: tree)

  /// Whether `decoder`'s format can hold the payload.
  func isHeld(by decoder: TestDecoder) -> Bool {
    decoder != .propertyList || propertyList != nil
  }

  /// Decodes `type` with a reporter for this call only; `nil` if `decoder`'s format cannot
  /// hold the payload.
  func decode<T: Decodable>(_ type: T.Type, with decoder: TestDecoder) throws -> (
    value: T, digest: ErrorDigest?
  )? {
    switch decoder {
    case .json:
      return try jsonDecoder().decode(type, from: json, reportResilientDecodingErrors: true)
    case .propertyList:
      guard let propertyList else { return nil }
      return try PropertyListDecoder().decode(
        type, from: propertyList, reportResilientDecodingErrors: true)
    case .strict, .advancing:
      let decoded = try TreeDecoder.decode(type, from: tree, quirks: decoder.quirks)
      return (decoded.value, decoded.digest)
    }
  }

  /// Decodes `type` as plain `Codable` does, without a reporter; `nil` if `decoder`'s format
  /// cannot hold the payload.
  func decodePlain<T: Decodable>(_ type: T.Type, with decoder: TestDecoder) throws -> T? {
    switch decoder {
    case .json:
      return try jsonDecoder().decode(type, from: json)
    case .propertyList:
      guard let propertyList else { return nil }
      return try PropertyListDecoder().decode(type, from: propertyList)
    case .strict, .advancing:
      return try T(from: TreeDecoder(tree, quirks: decoder.quirks))
    }
  }

  /// A `JSONDecoder` that reads the payload's keys as they are written.
  private func jsonDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    if generated.snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
    return decoder
  }
}

/// A ``Tree`` written as a binary property list by `PropertyListEncoder`: the same property list
/// as ``Tree/binaryPropertyList()`` writes through `PropertyListSerialization`, a URL string
/// included, in a fraction of the time.
private struct EncodedTree: Encodable {
  let tree: Tree

  /// The property list of `tree`, which holds no `null`; one that `PropertyListEncoder` refuses
  /// (a single value at the top level) is written by ``Tree/binaryPropertyList()``.
  static func binaryPropertyList(of tree: Tree) -> Data? {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    if let data = try? encoder.encode(EncodedTree(tree: tree)) { return data }
    return (try? tree.binaryPropertyList()) ?? nil
  }

  func encode(to encoder: any Encoder) throws {
    switch tree {
    case .null:
      throw EncodingError.invalidValue(
        tree, .init(codingPath: encoder.codingPath, debugDescription: "null in a property list"))
    case .bool(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .int(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .double(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .string(let value) where value.hasPrefix("https://") || value.hasPrefix("http://"):
      var container = encoder.container(keyedBy: NamedKey.self)
      try container.encode(value, forKey: NamedKey("relative"))
    case .string(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .array(let elements):
      var container = encoder.unkeyedContainer()
      for element in elements { try container.encode(EncodedTree(tree: element)) }
    case .object(let members):
      var container = encoder.container(keyedBy: NamedKey.self)
      for (key, value) in members {
        try container.encode(EncodedTree(tree: value), forKey: NamedKey(key))
      }
    }
  }
}

/// How many generated cases a decoder checked the rule on.
struct PlainTwinCounts: CustomStringConvertible {
  var cases = 0
  /// Cases the decoder's format could hold.
  var held = 0
  /// Cases plain `Codable` decoded, on which the rule was checked.
  var checked = 0
  /// Cases plain `Codable` decoded where the library differs by design (see
  /// ``GeneratedCase/spellsAKeyTwice``).
  var exempt = 0
  /// Properties found missing or `null` in checked cases (DEBUG only).
  var absentProperties = 0

  var description: String {
    #if DEBUG
      let absent = ", \(absentProperties) absent properties"
    #else
      let absent = ""
    #endif
    return "\(checked) checked (\(exempt) exempt) of \(held) held of \(cases)\(absent)"
  }
}

/// Checks the rule "never worse than plain `Codable`" on one generated case and one decoder.
///
/// - Parameters:
///   - plain: Decodes the plain twin: `nil` if the decoder's format cannot hold the payload;
///     throws when plain `Codable` refuses the payload, which leaves nothing to check.
///   - resilient: Decodes the resilient type with a reporter for this call only.
func checkAgainstPlainTwin(
  _ generated: GeneratedCase,
  with decoder: TestDecoder,
  run: GeneratedRun,
  counts: inout PlainTwinCounts,
  file: StaticString = #filePath,
  line: UInt = #line,
  plain: () throws -> CanonicalValue?,
  resilient: () throws -> (CanonicalValue, ErrorDigest?)
) {
  counts.cases += 1
  let expected: CanonicalValue
  do {
    guard let decoded = try plain() else { return }
    counts.held += 1
    expected = decoded
  } catch {
    counts.held += 1
    return
  }
  if generated.spellsAKeyTwice {
    counts.exempt += 1
    return
  }
  counts.checked += 1
  let fail = { (message: String) in
    recordGeneratedFailure(
      "\(decoder): plain Codable decoded it, but \(message)", generated, run: run, file: file,
      line: line)
  }
  let decoded: CanonicalValue
  let digest: ErrorDigest?
  do {
    (decoded, digest) = try resilient()
  } catch {
    fail("@Resilient threw \(error)")
    return
  }
  if let difference = expected.firstDifference(from: decoded.plainValue) {
    fail("@Resilient decoded another value, at \(difference)")
  }
  if let digest { fail("@Resilient reported:\n\(digest)") }
  #if DEBUG
    if let problem = firstUnplainProperty(
      decoded, json: generated.payload, at: "", absences: &counts.absentProperties)
    {
      fail("a projected value says more than a plain decode: \(problem)")
    }
  #endif
}

extension GeneratedCase {
  /// Whether a dictionary of the model whose keys are not strings writes one key twice, where
  /// the library differs from plain `Codable` by design (DocC: "Choosing a Property Kind" and
  /// "Decoders"): two spellings of one integer (`"13"` and `"+13"`), of which plain `Codable`
  /// keeps either entry and says nothing, where `@Resilient` keeps the first in key order and
  /// reports the other; or, with a key strategy, one key written twice, whose second value
  /// plain `Codable` never reads, where `@Resilient` reads it and reports it if it fails.
  var spellsAKeyTwice: Bool {
    for field in generatedModelFields {
      guard case .dictionary(_, let keys) = field.shape, keys != .string,
        case .object(let entries)? = payload.member(field.name)
      else { continue }
      let spelled = entries.map { Int($0.key).map(String.init) ?? $0.key }
      if Set(spelled).count < spelled.count { return true }
    }
    return false
  }
}

extension CanonicalValue {
  /// The value without what the projected values of its properties say: the form of a plain
  /// twin.
  var plainValue: CanonicalValue {
    switch self {
    case .list(let values): .list(values.map(\.plainValue))
    case .bag(let values): .bagOf(values.map(\.plainValue))
    case .map(let entries): .map(entries.mapValues(\.plainValue))
    #if DEBUG
      case .property(let value, _): value.plainValue
    #endif
    default: self
    }
  }
}

#if DEBUG
  /// The first property of `decoded` whose projected value says more than a plain decode, read
  /// alongside `json`, the value it was decoded from (`nil` for a missing key): an outcome
  /// other than `decodedSuccessfully` (`keyNotFound` for a missing key, `valueWasNil` for
  /// `null`), an error, or a failed element or entry.
  ///
  /// - Parameter absences: Counts the properties found missing or `null`.
  private func firstUnplainProperty(
    _ decoded: CanonicalValue, json: OrderedJSON?, at path: String, absences: inout Int
  ) -> String? {
    switch decoded {
    case .property(let value, let diagnostics):
      let expected: OutcomeKind
      switch json {
      case nil: expected = .keyNotFound
      case .null?: expected = .valueWasNil
      default: expected = .decodedSuccessfully
      }
      if expected != .decodedSuccessfully { absences += 1 }
      if diagnostics.outcome != expected || diagnostics.error != nil {
        return "\(path): \(diagnostics), expected \(expected)"
      }
      if diagnostics.results.hasFailures { return "\(path): \(diagnostics)" }
      return firstUnplainProperty(value, json: json, at: path, absences: &absences)
    case .map(let entries):
      for key in entries.keys.sorted(by: { $0.isBeforeInKeyOrder($1) }) {
        if let problem = firstUnplainProperty(
          entries[key]!, json: json?.member(key), at: "\(path).\(key)", absences: &absences)
        {
          return problem
        }
      }
    case .list(let values):
      guard case .array(let elements)? = json else { return nil }
      for (index, value) in values.enumerated() where index < elements.count {
        if let problem = firstUnplainProperty(
          value, json: elements[index], at: "\(path)[\(index)]", absences: &absences)
        {
          return problem
        }
      }
    default:
      break
    }
    return nil
  }

  extension PropertyResults {
    /// Whether an element or an entry failed.
    fileprivate var hasFailures: Bool {
      switch self {
      case .none: false
      case .elements(let results): results.contains { $0.isFailure }
      case .entries(let results, let errors):
        !errors.isEmpty || results.values.contains { $0.isFailure }
      }
    }
  }

  extension ResultSummary {
    fileprivate var isFailure: Bool {
      if case .failure = self { return true }
      return false
    }
  }
#endif

extension OrderedJSON {
  /// The member of an object under `key`, or under `key` in snake case (as a payload with
  /// snake-case keys writes a model's properties); `nil` for another value.
  fileprivate func member(_ key: String) -> OrderedJSON? {
    guard case .object(let entries) = self else { return nil }
    if let found = entries.first(where: { $0.key == key }) { return found.value }
    let snakeCaseKey = snakeCased(key)
    return entries.first { $0.key == snakeCaseKey }?.value
  }

  /// Whether `null` is anywhere in this value.
  fileprivate var holdsNull: Bool {
    switch self {
    case .null: true
    case .bool, .number, .string: false
    case .array(let elements): elements.contains { $0.holdsNull }
    case .object(let entries): entries.contains { $0.value.holdsNull }
    }
  }
}

/// Thrown when a value that was to be decoded before was not.
struct NotDecoded: Error {}

extension Optional {
  /// The value, or ``NotDecoded`` thrown.
  func orThrow() throws -> Wrapped {
    guard let self else { throw NotDecoded() }
    return self
  }
}
