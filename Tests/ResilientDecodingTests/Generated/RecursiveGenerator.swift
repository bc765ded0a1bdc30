import Foundation
import ResilientDecoding

// The generator of recursive payloads and its oracle: trees of ``GenNode``s, a few levels
// deep or 30 to 60, each level holding the next in its `children` array or its `kids`
// dictionary, with failures at random depths and identifying keys, declared or not, in the
// records. As for the other payloads, every expectation is computed from the generated data
// alone; the records that reports name come from `RecordOracle.swift`.

/// A generated recursive case: the payload of a tree of nodes, what decoding it must give, and
/// the reporter and root type it is decoded with.
struct RecursiveCase: Sendable {
  let generated: GeneratedCase
  /// The identifying keys the root node's type declares.
  let declaration: GenNodeDeclaration
  /// The identifying keys of the reporter, in order; none for some cases.
  let identifyingKeys: [String]
  /// How many levels of nodes lead to the deepest one.
  let depth: Int
}

/// The identifying keys the reporters of recursive cases are given, in order.
private let recursiveReporterKeys: [[String]] = [
  [], ["uuid", "id"], ["id", "uuid"], ["sku", "uuid", "id"], ["id"], ["uuid", "sku"],
]

extension GeneratedCase {
  /// A payload of a tree of ``GenNode``s for `target`, with failures at random depths
  /// unless `quality` says it is clean. Trees through tree decoders stay within
  /// `maximumDepth` levels, since those decoders' own work grows with the square of the depth.
  static func recursive(
    seed: UInt64, for target: GeneratedTarget = .jsonDecoder,
    quality: PayloadQuality = .corruptedAtRandom, maximumDepth: Int = 60
  ) -> RecursiveCase {
    GeneratedTarget.$current.withValue(target) {
      var random = SeededRandom(seed: seed)
      let declaration = random.pick(GenNodeDeclaration.allCases)
      let keys = random.pick(recursiveReporterKeys)
      var depth: Int
      switch random.below(10) {
      case 0..<6: depth = random.int(in: 0...6)
      case 6..<9: depth = random.int(in: 7...20)
      default: depth = random.int(in: 30...60)
      }
      depth = min(depth, maximumDepth)
      let dirt: Double
      if quality == .corruptedAtRandom {
        // Deep trees fail rarely, so that one failure deep down is often alone.
        dirt = depth > 20 ? random.pick([0, 0.01, 0.03]) : random.pick([0, 0.05, 0.15, 0.3])
      } else {
        dirt = 0
      }
      let planted =
        quality == .corruptedAtRandom && random.chance(0.6) ? random.int(in: 0...depth) : nil
      let generator = NodeGenerator(dirt: dirt, plantedAtDepth: planted, depth: depth)
      let root = generator.node(remaining: depth, onSpine: true, isRoot: true, &random)
      let generated = GeneratedCase(
        seed: seed, payload: root.json, expected: root.decoded.value ?? .null,
        reports: root.inner, snakeCase: false, unorderedDictionaries: ["kids"],
        schema: declaration.schema)
      return RecursiveCase(
        generated: generated, declaration: declaration, identifyingKeys: keys, depth: depth)
    }
  }
}

extension Prediction {
  /// The predicted value, or `nil` for a failure.
  fileprivate var value: CanonicalValue? {
    if case .success(let value) = self { return value }
    return nil
  }
}

/// A failure planted in the node at one level of the spine, whatever the dirt.
private enum PlantedFailure: CaseIterable {
  case score, label, leaf, children, kids, name

  /// The failures that leave the node itself decoded, the only ones the root may have.
  static let keepingTheNode: [PlantedFailure] = [.score, .label, .children, .kids]
}

/// Generates nodes: each node on the spine (the path to the deepest node) holds the next one,
/// in its `children` or its `kids`, among siblings a level or two deep at most.
private struct NodeGenerator {
  /// How likely each part of a node is to be corrupted.
  let dirt: Double
  /// The level of the spine (counted from the root) whose node has a planted failure.
  let plantedAtDepth: Int?
  /// How many levels the spine has.
  let depth: Int

  static let scoreField = GeneratedField("score", .optional(fallback: nil), .int)
  static let labelField = GeneratedField("label", .optional(fallback: nil), .int)
  static let noteField = GeneratedField("note", .optional(fallback: nil), .int)

  /// Keys of `kids` entries: identifying names and names of properties among them (a
  /// dictionary is no record, whatever its keys), an integer, an empty key, non-ASCII ones.
  static let kidKeys = [
    "a", "b", "c", "k1", "é", "日本", "", "a.b", "Index 0", "id", "uuid", "sku", "name", "0",
  ]

  /// A node whose spine, if `onSpine`, goes `remaining` levels further down. The root never
  /// fails, and neither is a spine node anything but an object, so that the spine stays.
  func node(
    remaining: Int, onSpine: Bool, isRoot: Bool, _ random: inout SeededRandom
  ) -> GeneratedSample {
    if !onSpine && random.chance(dirt * 0.4) {
      // A value that is no node at all.
      if random.chance(0.3) { return GeneratedTarget.current.keyedNulls.node }
      let json = random.pick([.int(7), .string("node"), .bool(false), .array([])] as [OrderedJSON])
      return .invalid(json, .typeMismatch)
    }
    let planted: PlantedFailure? =
      onSpine && plantedAtDepth == depth - remaining
      ? random.pick(isRoot ? PlantedFailure.keepingTheNode : PlantedFailure.allCases) : nil
    var members: [(key: String, value: OrderedJSON)] = []
    var expected: [String: CanonicalValue] = [:]
    var inner: [GeneratedReport] = []

    let score =
      planted == .score
      ? Self.failedInt(at: ["score"]) : Self.scoreField.plan(at: ["score"], &random, dirt: dirt)
    if let json = score.json { members.append(("score", json)) }
    expected["score"] = score.expected
    inner += score.reports

    let host: PlannedField
    if planted == .label {
      let sample = Self.failingHost.valid(&random, dirt)
      host = PlannedField(
        json: sample.json, expected: .decodedProperty(sample.decoded.value ?? .null),
        reports: sample.inner.map { $0.under(["host"]) })
    } else {
      host = Self.hostField.plan(at: ["host"], &random, dirt: dirt)
    }
    if let json = host.json { members.append(("host", json)) }
    expected["host"] = host.expected
    inner += host.reports

    let leaves = self.leaves(failing: planted == .leaf, canFail: !isRoot, &random)
    if let json = leaves.json { members.append(("leaves", json)) }
    expected["leaves"] = leaves.expected
    inner += leaves.reports

    // The spine goes on in `children` or in `kids`.
    let spineInChildren = random.chance(0.5)
    let next = Branch(remaining: remaining, onSpine: onSpine)
    let children = elements(
      next.continuing(spineInChildren), failing: planted == .children, &random)
    let kids = entries(next.continuing(!spineInChildren), failing: planted == .kids, &random)
    if let json = children.json { members.append(("children", json)) }
    if let json = kids.json { members.append(("kids", json)) }

    let name = randomName(failing: planted == .name, canFail: !isRoot, &random)
    if let json = name.json { members.append(("name", json)) }

    for member in GeneratedIdentifiers.members(&random) {
      members.insert(member, at: random.below(members.count + 1))
    }
    if let failure = leaves.failure {
      // Nothing after the leaves is decoded.
      return .invalid(.object(members), failure, inner: inner)
    }
    inner += children.reports.map { $0.under(["children"]) }
    inner += kids.reports.map { $0.under(["kids"]) }
    expected["children"] = children.expected
    expected["kids"] = kids.expected
    switch name.decoded {
    case .success(let value):
      expected["name"] = value
      return .valid(.object(members), .map(expected), inner: inner)
    case .failure(let failure):
      return .invalid(.object(members), failure.kind, inner: inner)
    }
  }

  /// A property of type `Int?` holding a string, reported as a type mismatch.
  private static func failedInt(at path: [String]) -> PlannedField {
    PlannedField(
      json: .string("bad"), expected: .recoveredProperty(.null, from: .typeMismatch, .none),
      reports: [GeneratedReport(path, .typeMismatch)])
  }

  /// The `host` property, a ``GenHost``.
  private static let hostField = GeneratedField(
    "host", .optional(fallback: nil), hostGenerator(failingLabel: false))

  /// A ``GenHost`` whose valid values have a `label` that fails.
  private static let failingHost = hostGenerator(failingLabel: true)

  /// A ``GenHost``: identifying members (`id` is the one it declares) around its `label`.
  private static func hostGenerator(failingLabel: Bool) -> ElementGenerator {
    ElementGenerator(
      valid: { random, dirt in
        let label =
          failingLabel
          ? failedInt(at: ["label"]) : labelField.plan(at: ["label"], &random, dirt: dirt)
        var members = GeneratedIdentifiers.members(&random)
        if let json = label.json {
          members.insert(("label", json), at: random.below(members.count + 1))
        }
        return .valid(.object(members), .map(["label": label.expected]), inner: label.reports)
      },
      invalid: { random, _ in
        let json = random.pick(
          [.int(3), .string("host"), .array([]), .bool(true)] as [OrderedJSON])
        return .invalid(json, .typeMismatch)
      },
      fromString: nil, record: "GenHost")
  }

  /// The plain `leaves` array, and the error that fails the node if one leaf fails (`failing`
  /// makes one fail; only if `canFail` may one).
  private func leaves(
    failing: Bool, canFail: Bool, _ random: inout SeededRandom
  ) -> (
    json: OrderedJSON?, expected: CanonicalValue, reports: [GeneratedReport], failure: ErrorKind?
  ) {
    if !failing {
      switch random.below(10) {
      case 0..<3: return (nil, .null, [], nil)
      case 3: return (.null, .null, [], nil)
      default: break
      }
      if canFail && random.chance(dirt * 0.3) {
        let json = random.pick([.string("leaves"), .int(1), .object([])] as [OrderedJSON])
        return (json, .null, [], .typeMismatch)
      }
    }
    let count = random.int(in: failing ? 1...3 : 0...2)
    let failingIndex = failing ? random.below(count) : nil
    var elements: [OrderedJSON] = []
    var values: [CanonicalValue] = []
    var reports: [GeneratedReport] = []
    var failure: ErrorKind?
    for index in 0..<count {
      let path = ["leaves", "Index \(index)"]
      let fails = index == failingIndex || (canFail && random.chance(dirt * 0.3))
      if fails && random.chance(0.2) {
        // A leaf that is no object.
        elements.append(random.pick([.int(2), .string("leaf"), .array([])]))
        failure = failure ?? .typeMismatch
        continue
      }
      let note = Self.noteField.plan(at: path + ["note"], &random, dirt: dirt)
      var members = GeneratedIdentifiers.members(&random)
      if let json = note.json {
        members.insert(("note", json), at: random.below(members.count + 1))
      }
      // Reports of leaves after the one that failed are never made.
      if failure == nil { reports += note.reports }
      let weight: OrderedJSON?
      if fails {
        let kind: ErrorKind
        let broken: [(OrderedJSON?, ErrorKind)] = [
          (nil, .keyNotFound("weight")), (.null, .valueNotFound), (.string("9"), .typeMismatch),
        ]
        (weight, kind) = random.pick(broken)
        failure = failure ?? kind
      } else {
        let value = random.int(in: -5...500)
        weight = .int(value)
        values.append(.map(["note": note.expected, "weight": .int(value)]))
      }
      if let weight { members.insert(("weight", weight), at: random.below(members.count + 1)) }
      elements.append(.object(members))
    }
    return (.array(elements), .list(values), reports, failure)
  }

  /// Where a node's branch goes on below it: how many more levels it has, whether it is the
  /// spine, and whether it goes on in the collection at hand.
  struct Branch {
    var remaining: Int
    var onSpine: Bool
    var goesOnHere = false

    /// The branch as the collection that holds the next node (`here`) or another one sees it.
    func continuing(_ here: Bool) -> Branch {
      Branch(remaining: remaining, onSpine: onSpine, goesOnHere: here && remaining > 0)
    }
  }

  /// The `children` array: the branch's next node, if it goes on here, among siblings; wrong as
  /// a whole if `failing`.
  private func elements(
    _ branch: Branch, failing: Bool, _ random: inout SeededRandom
  ) -> PlannedField {
    if let whole = wholeCollection(
      failing: failing, holdsSpine: branch.goesOnHere && branch.onSpine, empty: .list([]),
      results: .elements, &random)
    {
      return whole
    }
    let samples = children(branch, &random)
    var values: [CanonicalValue] = []
    var reports: [GeneratedReport] = []
    for (index, sample) in samples.enumerated() {
      let path = ["Index \(index)"]
      reports += sample.inner.map { $0.under(path) }
      switch sample.decoded {
      case .success(let value): values.append(value)
      case .failure(let failure): reports.append(GeneratedReport(path, failure.kind))
      }
    }
    return PlannedField(
      json: .array(samples.map(\.json)),
      expected: .elementsProperty(
        .list(values), samples.map { $0.decoded.map(\.nodeResultSummary) }),
      reports: reports)
  }

  /// The `kids` dictionary, as ``elements(_:failing:_:)``: errors inside entry values first,
  /// then those of the entries in key order.
  private func entries(
    _ branch: Branch, failing: Bool, _ random: inout SeededRandom
  ) -> PlannedField {
    if let whole = wholeCollection(
      failing: failing, holdsSpine: branch.goesOnHere && branch.onSpine, empty: .map([:]),
      results: .entries, &random)
    {
      return whole
    }
    let samples = children(branch, &random)
    var keys = Self.kidKeys
    var entries: [(key: String, sample: GeneratedSample)] = []
    for sample in samples {
      entries.append((keys.remove(at: random.below(keys.count)), sample))
    }
    var inner: [GeneratedReport] = []
    var failures: [GeneratedReport] = []
    var kept: [String: CanonicalValue] = [:]
    var predictions: [String: Prediction] = [:]
    for (key, sample) in entries {
      inner += sample.inner.map { $0.under([key]) }
      predictions[key] = sample.decoded.map(\.nodeResultSummary)
      switch sample.decoded {
      case .success(let value): kept[key] = value
      case .failure(let failure): failures.append(GeneratedReport([key], failure.kind))
      }
    }
    failures.sort { $0.keys[0].isBeforeInKeyOrder($1.keys[0]) }
    return PlannedField(
      json: .object(entries.map { ($0.key, $0.sample.json) }),
      expected: .entriesProperty(.map(kept), predictions), reports: inner + failures)
  }

  /// A collection that is not there or not one (missing, `null` or of the wrong type), with
  /// probability `dirt` (never one that holds the spine) or if `failing`; `nil` for one that
  /// is.
  private func wholeCollection(
    failing: Bool, holdsSpine: Bool, empty: CanonicalValue, results: ResultsShape,
    _ random: inout SeededRandom
  ) -> PlannedField? {
    guard failing || (!holdsSpine && random.chance(dirt)) else { return nil }
    switch failing ? 2 : random.below(3) {
    case 0:
      return PlannedField(
        json: nil, expected: .absentProperty(empty, missing: true, results), reports: [])
    case 1:
      return PlannedField(
        json: .null, expected: .absentProperty(empty, missing: false, results), reports: [])
    default:
      let json = random.pick([.string("[]"), .int(0), .bool(true)] as [OrderedJSON])
      return PlannedField(
        json: json, expected: .recoveredProperty(empty, from: .typeMismatch, results),
        reports: [GeneratedReport([], .typeMismatch)])
    }
  }

  /// The values of a collection of a node whose branch goes on: the branch's next node, if it
  /// goes on here, at a random place among a few siblings, of which some hold nodes of their
  /// own. A node whose branch ends holds none.
  private func children(_ branch: Branch, _ random: inout SeededRandom) -> [GeneratedSample] {
    guard branch.remaining > 0 else { return [] }
    let siblingCount = random.int(in: 0...(depth > 8 ? 1 : 2))
    var samples = (0..<siblingCount).map { _ in
      let remaining = random.chance(0.2) ? random.int(in: 0...min(2, branch.remaining - 1)) : 0
      return node(remaining: remaining, onSpine: false, isRoot: false, &random)
    }
    if branch.goesOnHere {
      let next = node(
        remaining: branch.remaining - 1, onSpine: branch.onSpine, isRoot: false, &random)
      samples.insert(next, at: random.below(samples.count + 1))
    }
    return samples
  }

  /// The required `name`: a string, or if `failing` (or by chance, if `canFail`) missing,
  /// `null` or not a string; `json` is `nil` for a missing one.
  private func randomName(
    failing: Bool, canFail: Bool, _ random: inout SeededRandom
  ) -> (json: OrderedJSON?, decoded: Prediction) {
    guard failing || (canFail && random.chance(dirt * 0.5)) else {
      let name = ElementGenerator.randomString(&random)
      return (.string(name), .success(.string(name)))
    }
    switch random.below(3) {
    case 0: return (nil, .failure(ExpectedFailure(kind: .keyNotFound("name"))))
    case 1: return (.null, .failure(ExpectedFailure(kind: .valueNotFound)))
    default: return (.int(3), .failure(ExpectedFailure(kind: .typeMismatch)))
    }
  }
}

/// Members named after identifying keys, with values that identify and values that do not.
enum GeneratedIdentifiers {
  /// Identifying members for a record, in a random order, with values that identify (strings,
  /// integers, fractions) and values that do not (a bool, `null`, an array, an object holding
  /// an `id`); none for some records.
  static func members(_ random: inout SeededRandom) -> [(key: String, value: OrderedJSON)] {
    guard random.chance(0.7) else { return [] }
    var members: [(key: String, value: OrderedJSON)] = []
    for name in generatedIdentifyingNames where random.chance(0.5) {
      members.insert((name, value(&random)), at: random.below(members.count + 1))
    }
    return members
  }

  /// A value of an identifying key.
  static func value(_ random: inout SeededRandom) -> OrderedJSON {
    switch random.below(12) {
    case 0..<4:
      return .string(
        random.chance(0.8)
          ? "r-\(random.int(in: 0...9999))" : ElementGenerator.randomString(&random))
    case 4..<7:
      return .int(
        random.chance(0.1) ? random.pick([Int.max, Int.min, 0]) : random.int(in: -50...100_000))
    case 7: return .number(random.pick(["2.5", "-0.75", "1234.5", "0.1"]))
    case 8: return .bool(random.chance(0.5))
    case 9: return .null
    case 10: return .array([.string("a-1")])
    default: return .object([("id", .string("inner"))])
    }
  }
}

// MARK: - Decoding

extension RecursiveCase {
  /// Decodes the payload with `decoder` (`JSONDecoder` or a tree decoder), with a reporter
  /// with this case's identifying keys and a count of the records' `init(from:)` calls: the
  /// canonical value, the digest and how many `init(from:)` ran.
  func decode(
    _ document: GeneratedDocument, with decoder: TestDecoder
  ) throws -> (value: CanonicalValue, digest: ErrorDigest?, runs: Int) {
    let runs = GenRecordRuns()
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: identifyingKeys)
    let userInfo: [CodingUserInfoKey: any Sendable] = [
      GenRecordRuns.key: runs, .resilientDecodingErrorReporter: reporter,
    ]
    func decodeRoot<Root: Decodable & CanonicalRepresentable>(_: Root.Type) throws
      -> CanonicalValue
    {
      switch decoder {
      case .json:
        let json = JSONDecoder()
        json.userInfo = userInfo
        return try json.decode(Root.self, from: document.json).canonical
      case .strict, .advancing:
        return try Root(
          from: TreeDecoder(generated.payload.tree, userInfo: userInfo, quirks: decoder.quirks)
        ).canonical
      case .propertyList:
        throw NotHeld()
      }
    }
    let value = try declaration.withNodeType { try decodeRoot($0) }
    return (value, reporter.flushReportedErrors(), runs.value)
  }

  /// How many records (JSON objects) the payload holds: the bound of the work of a decode.
  var objectCount: Int { generated.payload.objectCount }

  /// Thrown for a decoder these cases do not use.
  private struct NotHeld: Error {}
}

extension OrderedJSON {
  /// How many objects this value holds, itself included.
  var objectCount: Int {
    switch self {
    case .null, .bool, .number, .string: 0
    case .array(let elements): elements.reduce(0) { $0 + $1.objectCount }
    case .object(let members): members.reduce(1) { $0 + $1.value.objectCount }
    }
  }
}
