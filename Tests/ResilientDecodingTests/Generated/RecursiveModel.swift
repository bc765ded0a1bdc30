import Foundation
import ResilientDecoding

// The recursive models the generated tests decode: a node that holds itself through a
// `@Resilient` array and a `@Resilient` dictionary, with records that declare some identifying
// keys and not others, their plain twins, their canonical forms and their schema.

/// The identifying keys the records of the recursive models may hold, declared or not.
let generatedIdentifyingNames = ["uuid", "id", "sku"]

/// Which identifying keys a ``GenNode`` declares: the names its keys can name besides its
/// properties.
protocol GenDeclaredKeys: Sendable {
  static var names: [String] { get }
}

/// A node that declares no identifying key: read through its keys, it never has one.
enum GenDeclaresNothing: GenDeclaredKeys {
  static var names: [String] { [] }
}

/// A node that declares `id`.
enum GenDeclaresID: GenDeclaredKeys {
  static var names: [String] { ["id"] }
}

/// A node that declares `uuid`.
enum GenDeclaresUUID: GenDeclaredKeys {
  static var names: [String] { ["uuid"] }
}

/// A node that declares every identifying key.
enum GenDeclaresEvery: GenDeclaredKeys {
  static var names: [String] { generatedIdentifyingNames }
}

/// The keys of a ``GenNode``: its properties and the identifying keys `Declared` names; no
/// other name makes a key, as with a type's own `CodingKeys`.
struct GenNodeKey<Declared: GenDeclaredKeys>: CodingKey {
  static var properties: [String] { ["score", "host", "leaves", "children", "kids", "name"] }

  let stringValue: String
  var intValue: Int? { nil }

  init?(stringValue: String) {
    guard Self.properties.contains(stringValue) || Declared.names.contains(stringValue) else {
      return nil
    }
    self.stringValue = stringValue
  }

  init?(intValue: Int) { nil }

  fileprivate init(_ property: String) {
    stringValue = property
  }
}

/// Counts the `init(from:)` of the records of the recursive models, through the decoder's
/// `userInfo`, so that cases decoded at once count apart.
final class GenRecordRuns: @unchecked Sendable {
  // `@unchecked`: `count` is only touched holding `lock`.
  private let lock = NSLock()
  private var count = 0

  static let key = CodingUserInfoKey(rawValue: "GeneratedPayloadTests.recordRuns")!

  static func count(in decoder: any Decoder) {
    guard let runs = decoder.userInfo[key] as? GenRecordRuns else { return }
    runs.lock.withLock { runs.count += 1 }
  }

  var value: Int { lock.withLock { count } }
}

/// A node of a tree: a score, a host and leaves (records read through the keys their types
/// declare), children in an array and in a dictionary, and a required name, decoded last, so
/// that a node whose name fails has reported what failed inside it first. Leaves are a plain
/// array: one that fails fails the node.
struct GenNode<Declared: GenDeclaredKeys>: Decodable {
  @Resilient var score: Int?
  @Resilient var host: GenHost?
  let leaves: [GenLeaf]?
  @Resilient var children: [GenNode]
  @Resilient var kids: [String: GenNode]
  let name: String

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: GenNodeKey<Declared>.self)
    GenRecordRuns.count(in: decoder)
    _score = try container.decode(Resilient<Int?>.self, forKey: GenNodeKey("score"))
    _host = try container.decode(Resilient<GenHost?>.self, forKey: GenNodeKey("host"))
    leaves = try container.decodeIfPresent([GenLeaf].self, forKey: GenNodeKey("leaves"))
    _children = try container.decode(Resilient<[GenNode]>.self, forKey: GenNodeKey("children"))
    _kids = try container.decode(Resilient<[String: GenNode]>.self, forKey: GenNodeKey("kids"))
    name = try container.decode(String.self, forKey: GenNodeKey("name"))
  }
}

/// A record held by a node's property, which declares `id` (never decoded) and a resilient
/// `label`.
struct GenHost: Decodable {
  @Resilient var label: Int?

  private enum CodingKeys: String, CodingKey {
    case id, label
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    GenRecordRuns.count(in: decoder)
    _label = try container.decode(Resilient<Int?>.self, forKey: .label)
  }
}

/// A record in a plain array, which declares `sku` (never decoded), a resilient `note` and a
/// required `weight`, decoded last.
struct GenLeaf: Decodable {
  @Resilient var note: Int?
  let weight: Int

  private enum CodingKeys: String, CodingKey {
    case sku, note, weight
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    GenRecordRuns.count(in: decoder)
    _note = try container.decode(Resilient<Int?>.self, forKey: .note)
    weight = try container.decode(Int.self, forKey: .weight)
  }
}

/// The identifying keys the root node of a recursive case declares, chosen at run time.
enum GenNodeDeclaration: CaseIterable, Sendable {
  case nothing, id, uuid, every

  var names: [String] {
    switch self {
    case .nothing: GenDeclaresNothing.names
    case .id: GenDeclaresID.names
    case .uuid: GenDeclaresUUID.names
    case .every: GenDeclaresEvery.names
    }
  }

  /// Calls `body` with the node type that declares these keys.
  func withNodeType<Result>(
    _ body: (any (Decodable & CanonicalRepresentable).Type) throws -> Result
  ) rethrows -> Result {
    switch self {
    case .nothing: try body(GenNode<GenDeclaresNothing>.self)
    case .id: try body(GenNode<GenDeclaresID>.self)
    case .uuid: try body(GenNode<GenDeclaresUUID>.self)
    case .every: try body(GenNode<GenDeclaresEvery>.self)
    }
  }

  /// The schema of a payload whose root is a node that declares these keys.
  var schema: RecordSchema {
    RecordSchema(
      types: [
        "GenNode": RecordType(
          codingKeys: Set(GenNodeKey<GenDeclaresNothing>.properties + names),
          properties: [
            "host": .value("GenHost"), "leaves": .plainElements("GenLeaf"),
            "children": .resilientElements("GenNode"), "kids": .resilientEntries("GenNode"),
          ]),
        "GenHost": RecordType(codingKeys: ["id", "label"], properties: [:]),
        "GenLeaf": RecordType(codingKeys: ["sku", "note", "weight"], properties: [:]),
      ], root: .value("GenNode"))
  }
}

// MARK: - Canonical forms

#if DEBUG
  extension GenNode: CanonicalRepresentable {
    /// The node's value and diagnostics. The results of `children` and `kids` hold each node
    /// as its ``resultSummary`` only: in full, they would hold every node below twice, and
    /// making and comparing the canonical forms would take twice the work at every level.
    var canonical: CanonicalValue {
      let score: CanonicalValue = observedProperty(self.score, $score)
      let host: CanonicalValue = observedProperty(self.host, $host)
      let children: CanonicalValue = observedNodes(self.children, $children)
      let kids: CanonicalValue = observedNodes(self.kids, $kids)
      return .map([
        "score": score, "host": host, "leaves": leaves.canonical, "children": children,
        "kids": kids, "name": .string(name),
      ])
    }

    /// `children` as decoded, as ``observedProperty(_:_:)`` writes it, with each node that
    /// decoded in the results as its summary.
    private func observedNodes(
      _ value: [GenNode], _ projected: Resilient<[GenNode]>.ProjectedValue
    ) -> CanonicalValue {
      let results: [ResultSummary<CanonicalValue>] = projected.results.map { result in
        switch result {
        case .success(let node): .success(node.resultSummary)
        case .failure(let error): .failure(ErrorKind(error))
        }
      }
      let failures = results.filter { if case .failure = $0 { true } else { false } }.count
      let diagnostics = nodeDiagnostics(projected.outcome, .elements(results), failures: failures)
      return .property(.list(value.map { $0.canonical }), diagnostics)
    }

    /// `kids` as decoded, as the other ``observedNodes(_:_:)`` writes `children`.
    private func observedNodes(
      _ value: [String: GenNode], _ projected: Resilient<[String: GenNode]>.ProjectedValue
    ) -> CanonicalValue {
      let results: [String: ResultSummary<CanonicalValue>] = projected.results.mapValues {
        result in
        switch result {
        case .success(let node): .success(node.resultSummary)
        case .failure(let error): .failure(ErrorKind(error))
        }
      }
      let errors: [ErrorKind] = errorKinds(projected.errors)
      let diagnostics = nodeDiagnostics(
        projected.outcome, .entries(results, errors: errors), failures: errors.count)
      return .property(.map(value.mapValues { $0.canonical }), diagnostics)
    }

    /// The diagnostics of a collection of nodes. An outcome that recovered from failed
    /// elements or entries is reduced to their number, as `ErrorKind` reduces it, without
    /// reading its error: `ErrorKind` describes the values of such an error by reflection,
    /// which for nodes writes every node below, with their diagnostics, at every level.
    private func nodeDiagnostics(
      _ outcome: ResilientDecodingOutcome, _ results: PropertyResults, failures: Int
    ) -> PropertyDiagnostics {
      let error: ErrorKind?
      switch outcome {
      case .recoveredFrom(_, wasReported: false): error = .elementFailures(failures)
      case .recoveredFrom(let whole, wasReported: true): error = ErrorKind(whole)
      default: error = nil
      }
      return PropertyDiagnostics(outcome: OutcomeKind(outcome), error: error, results: results)
    }

    /// What the results of a collection say of a node that decoded: its name (see
    /// ``CanonicalValue/nodeResultSummary``).
    private var resultSummary: CanonicalValue { .map(["name": .string(name)]) }
  }

  extension GenHost: CanonicalRepresentable {
    var canonical: CanonicalValue { .map(["label": observedProperty(label, $label)]) }
  }

  extension GenLeaf: CanonicalRepresentable {
    var canonical: CanonicalValue {
      .map(["note": observedProperty(note, $note), "weight": .int(weight)])
    }
  }
#else
  extension GenNode: CanonicalRepresentable {
    var canonical: CanonicalValue {
      .map([
        "score": score.canonical, "host": host.canonical, "leaves": leaves.canonical,
        "children": children.canonical, "kids": kids.canonical, "name": .string(name),
      ])
    }
  }

  extension GenHost: CanonicalRepresentable {
    var canonical: CanonicalValue { .map(["label": label.canonical]) }
  }

  extension GenLeaf: CanonicalRepresentable {
    var canonical: CanonicalValue { .map(["note": note.canonical, "weight": .int(weight)]) }
  }
#endif

// MARK: - Plain twins

/// The plain twin of ``GenNode``: missing `children` or `kids` fail it, as plain `Codable`
/// wants every non-optional property.
struct PlainNode: Decodable, CanonicalRepresentable {
  let score: Int?
  let host: PlainHost?
  let leaves: [PlainLeaf]?
  let children: [PlainNode]
  let kids: [String: PlainNode]
  let name: String

  var canonical: CanonicalValue {
    .map([
      "score": score.canonical, "host": host.canonical, "leaves": leaves.canonical,
      "children": children.canonical, "kids": kids.canonical, "name": .string(name),
    ])
  }
}

/// The plain twin of ``GenHost``.
struct PlainHost: Decodable, CanonicalRepresentable {
  let label: Int?

  var canonical: CanonicalValue { .map(["label": label.canonical]) }
}

/// The plain twin of ``GenLeaf``.
struct PlainLeaf: Decodable, CanonicalRepresentable {
  let note: Int?
  let weight: Int

  var canonical: CanonicalValue { .map(["note": note.canonical, "weight": .int(weight)]) }
}

extension CanonicalValue {
  /// What the results of a collection of nodes say of a node whose canonical form is this
  /// one: its name alone (the value of the collection holds the node in full).
  var nodeResultSummary: CanonicalValue {
    guard case .map(let members) = self else { return self }
    return .map(["name": members["name"] ?? .null])
  }
}
