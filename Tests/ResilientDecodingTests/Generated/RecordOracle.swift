import Foundation
import ResilientDecoding

// The oracle of the records a digest names (DocC: "Reporting in Production"), computed
// from the payload and from how the generated types hold their values, never by decoding.
//
// A report's record is the innermost record on its path that the library looks at and that
// has an identifier. A record's identifier is the value of the first identifying key, in the
// reporter's order, that the record holds with a string or a number (a number written back out
// as Swift writes it, which for the numbers generated is as the payload spells it). The library
// reads a record one of two ways:
//
// - whole, by all its members, declared by its type or not: an element of a `@Resilient` array
//   or set, the value of an entry of a `@Resilient` dictionary, and an element or entry that
//   failed (of any such collection, records or not);
// - through the keys its type declares: only identifying keys its `CodingKeys` can name are
//   tried, in the reporter's order. So is read the record holding the failing value and the
//   record holding a `@Resilient` collection the report is in (the root, a nested struct such
//   as a host, a struct inside a plain array).
//
// Other records on the path are not looked at: a struct property that holds neither the
// failing value nor a `@Resilient` collection around it (the README lists the records looked
// at; a root with an identifier does not name a failure inside a nested struct without one).

/// How a generated type holds the values under one of its keys, as far as records go.
enum RecordHolding: Sendable, Equatable {
  /// One value (a plain or `@Resilient` property): a record of the named type, or (`nil`) a
  /// value that is no record.
  case value(String?)
  /// The elements of a `@Resilient` array or set.
  case resilientElements(String?)
  /// The values of the entries of a `@Resilient` dictionary.
  case resilientEntries(String?)
  /// The elements of a plain array.
  case plainElements(String?)

  /// Whether the values are the elements or entries of a `@Resilient` collection, which the
  /// library reads whole.
  var isResilientCollection: Bool {
    switch self {
    case .resilientElements, .resilientEntries: true
    case .value, .plainElements: false
    }
  }
}

/// A generated type whose values are records (JSON objects).
struct RecordType: Sendable {
  /// Every name its `CodingKeys` can name: the keys read through its declared keys.
  let codingKeys: Set<String>
  /// How it holds the values under each key it decodes; other keys hold no records.
  let properties: [String: RecordHolding]
}

/// How the types of a generated payload hold their records.
struct RecordSchema: Sendable {
  let types: [String: RecordType]
  /// How the payload itself is held: a record (`.value`) or a top-level collection.
  let root: RecordHolding
}

/// A predicted record: its identifier, and how many keys of the report's path lead to it.
struct PredictedRecord: Hashable, Sendable, CustomStringConvertible {
  let id: String
  let depth: Int

  var description: String { "\(id) at depth \(depth)" }
}

extension RecordSchema {
  /// The types of ``GeneratedModel`` and everything inside it.
  static let generatedModelTypes: [String: RecordType] = [
    "GeneratedModel": RecordType(
      codingKeys: Set(generatedModelFields.map(\.name)),
      properties: Dictionary(
        uniqueKeysWithValues: generatedModelFields.map { ($0.name, $0.holding) })
    ),
    "GenItem": RecordType(
      codingKeys: ["id", "price", "tags", "flavor", "name"],
      properties: Dictionary(
        uniqueKeysWithValues: ElementGenerator.itemFields.map { ($0.name, $0.holding) })),
    "GenEnvelope": RecordType(
      codingKeys: ["payload"],
      properties: ["payload": ElementGenerator.envelopePayload.holding]),
    "GenBox": RecordType(
      codingKeys: ["content"], properties: ["content": ElementGenerator.boxContent.holding]),
    "Theme": RecordType(codingKeys: ["accent"], properties: [:]),
    "Attachment": RecordType(codingKeys: ["type", "url", "text"], properties: [:]),
  ]

  /// A ``GeneratedModel`` payload.
  static let generatedModel = RecordSchema(
    types: generatedModelTypes, root: .value("GeneratedModel"))

  /// A top-level `Resilient<[GenItem]>` payload: its elements are read whole, and no record
  /// holds the array.
  static let topLevelItems = RecordSchema(
    types: generatedModelTypes, root: .resilientElements("GenItem"))
}

extension GeneratedField {
  /// How the property holds its values.
  var holding: RecordHolding {
    switch shape {
    case .optional, .required, .defaulted: .value(element.record)
    case .array, .set: .resilientElements(element.record)
    case .dictionary: .resilientEntries(element.record)
    }
  }
}

/// Where a walk along a report's path stands.
private enum Place {
  /// A record of a type of the schema: read whole (an element or entry of a `@Resilient`
  /// collection) or through the keys its type declares.
  case record(String, whole: Bool)
  /// A collection holding values as `holding` says.
  case collection(RecordHolding)
  /// A value that is no record, or anything the schema does not describe.
  case other
}

extension RecordSchema {
  /// The records that a report at `codingPath` may name, `nil` for none, with a reporter whose
  /// identifying keys are `identifyingKeys`: one, unless an object on the path writes a key
  /// twice (then one per value the decoder may have read).
  ///
  /// `snakeCase` says that the payload's keys are written in snake case.
  func predictedRecords(
    at codingPath: [any CodingKey], in payload: OrderedJSON, identifyingKeys: [String],
    snakeCase: Bool = false
  ) -> Set<PredictedRecord?> {
    guard !identifyingKeys.isEmpty else { return [nil] }
    var predictions = Set<PredictedRecord?>()
    let start: Place =
      if case .value(let type?) = root { .record(type, whole: false) } else { .collection(root) }
    var places = [start]
    var values: [OrderedJSON?] = [payload]
    walk(
      codingPath, places: &places, values: &values, keys: identifyingKeys, snakeCase: snakeCase,
      into: &predictions)
    return predictions
  }

  /// Follows `codingPath` from the last of `places` and `values`, one branch per value of a
  /// key written twice, and adds the record each complete branch names.
  private func walk(
    _ codingPath: [any CodingKey], places: inout [Place], values: inout [OrderedJSON?],
    keys: [String], snakeCase: Bool, into predictions: inout Set<PredictedRecord?>
  ) {
    let depth = places.count - 1
    guard depth < codingPath.count else {
      predictions.insert(record(places: places, values: values, keys: keys))
      return
    }
    let key = codingPath[depth]
    let (next, candidates) = step(
      from: places[depth], value: values[depth], key: key, snakeCase: snakeCase)
    for candidate in candidates.isEmpty ? [nil] : candidates.map(Optional.some) {
      places.append(next)
      values.append(candidate)
      walk(
        codingPath, places: &places, values: &values, keys: keys, snakeCase: snakeCase,
        into: &predictions)
      places.removeLast()
      values.removeLast()
    }
  }

  /// Where `key` leads from `place`, and the values under it in `value` (several for a key
  /// written twice, none for a missing one).
  private func step(
    from place: Place, value: OrderedJSON?, key: any CodingKey, snakeCase: Bool
  ) -> (Place, [OrderedJSON]) {
    let name = key.stringValue
    func members(named names: Set<String>) -> [OrderedJSON] {
      guard case .object(let members)? = value else { return [] }
      return members.filter { names.contains($0.key) }.map(\.value)
    }
    switch place {
    case .record(let type, _):
      let found = members(named: snakeCase ? [name, snakeCased(name)] : [name])
      switch types[type]?.properties[name] {
      case .value(let record?)?: return (.record(record, whole: false), found)
      case let holding? where holding != .value(nil): return (.collection(holding), found)
      default: return (.other, found)
      }
    case .collection(let holding):
      let element: String?
      let found: [OrderedJSON]
      switch holding {
      case .resilientEntries(let type):
        element = type
        found = members(named: [name])
      case .resilientElements(let type), .plainElements(let type):
        element = type
        guard case .array(let elements)? = value, let index = key.intValue,
          elements.indices.contains(index)
        else {
          return (type.map { .record($0, whole: holding.isResilientCollection) } ?? .other, [])
        }
        found = [elements[index]]
      case .value(let type):
        element = type
        found = []
      }
      return (element.map { .record($0, whole: holding.isResilientCollection) } ?? .other, found)
    case .other:
      return (.other, [])
    }
  }

  /// The record a report whose path led through `places` and `values` names: the innermost one
  /// looked at that has an identifier.
  private func record(places: [Place], values: [OrderedJSON?], keys: [String])
    -> PredictedRecord?
  {
    let failing = places.count - 1
    for depth in stride(from: failing, through: 0, by: -1) {
      guard case .object(let members)? = values[depth] else { continue }
      let declared: Set<String>?
      if depth == failing {
        // The failing value: read whole if it is an element or entry of a `@Resilient`
        // collection, not looked at otherwise.
        guard depth > 0, case .collection(let holding) = places[depth - 1],
          holding.isResilientCollection
        else { continue }
        declared = nil
      } else {
        guard case .record(let type, let whole) = places[depth] else { continue }
        if whole {
          declared = nil
        } else if depth == failing - 1 || holdsResilientCollection(places, at: depth) {
          declared = types[type]?.codingKeys ?? []
        } else {
          continue
        }
      }
      if let id = identifier(members, keys: keys, declared: declared) {
        return PredictedRecord(id: id, depth: depth)
      }
    }
    return nil
  }

  /// Whether the record at `depth` holds, under the next key of the path, a `@Resilient`
  /// collection that the report is inside.
  private func holdsResilientCollection(_ places: [Place], at depth: Int) -> Bool {
    guard depth + 2 < places.count, case .collection(let holding) = places[depth + 1] else {
      return false
    }
    return holding.isResilientCollection
  }
}

extension RecordSchema {
  /// The names the type of the record `depth` keys along `codingPath` declares; `nil` where
  /// there is no record of a type of the schema.
  func declaredKeys(along codingPath: [any CodingKey], at depth: Int) -> Set<String>? {
    var place: Place =
      if case .value(let type?) = root { .record(type, whole: false) } else { .collection(root) }
    for key in codingPath.prefix(depth) {
      place = step(from: place, value: nil, key: key, snakeCase: false).0
    }
    guard case .record(let type, _) = place else { return nil }
    return types[type]?.codingKeys
  }
}

/// The identifier of a record with these `members`: the first of `keys` (among `declared`,
/// unless it is read whole) that it holds with a string or a number.
func identifier(
  _ members: [(key: String, value: OrderedJSON)], keys: [String], declared: Set<String>?
) -> String? {
  for key in keys where declared?.contains(key) ?? true {
    // A decoder reads the first of two members with one key.
    guard let value = members.first(where: { $0.key == key })?.value else { continue }
    switch value {
    case .string(let text): return text
    case .number(let text):
      if let spelled = spelledNumber(text) { return spelled }
    default: continue
    }
  }
  return nil
}

/// A number as an identifier spells it: an integer as written, another number as Swift writes
/// the `Double` it reads as; `nil` for one no `Double` holds.
func spelledNumber(_ text: String) -> String? {
  if let integer = Int64(text) { return String(integer) }
  if let integer = UInt64(text) { return String(integer) }
  guard let number = Double(text), number.isFinite else { return nil }
  return String(number)
}

/// What is wrong with the records a digest names, for a reporter whose identifying keys are
/// `identifyingKeys`: each entry must name the record the oracle predicts for its path, and
/// each group's first record must be its first entry's.
func recordProblems(
  _ digest: ErrorDigest, _ generated: GeneratedCase, identifyingKeys: [String]
) -> [String] {
  var problems: [String] = []
  var firstRecords: [String: String?] = [:]
  for entry in digest.entries(includeUnknownNovelValueErrors: true) {
    let group = "\(expectedPattern(entry.codingPath)) \(expectedKind(entry.error))"
    if firstRecords[group] == nil { firstRecords[group] = .some(entry.recordID) }
    let predictions = generated.schema.predictedRecords(
      at: entry.codingPath, in: generated.payload, identifyingKeys: identifyingKeys,
      snakeCase: generated.snakeCase)
    let matches = predictions.contains { prediction in
      guard let prediction else { return entry.recordID == nil && entry.recordPath == nil }
      return entry.recordID == prediction.id
        && entry.recordPath == pathText(entry.codingPath.prefix(prediction.depth))
    }
    if !matches {
      let expected = predictions.map { prediction in
        prediction.map {
          "\(CanonicalValue.quote($0.id)) at \(pathText(entry.codingPath.prefix($0.depth)))"
        } ?? "none"
      }
      let found =
        entry.recordID.map { "\(CanonicalValue.quote($0)) at \(entry.recordPath ?? "nil")" }
        ?? "none" + (entry.recordPath.map { " (record path \($0))" } ?? "")
      problems.append(
        "\(entry.path) (keys \(identifyingKeys)): record \(found), expected "
          + expected.sorted().joined(separator: " or "))
    }
  }
  for group in digest.groups {
    guard let first = firstRecords["\(group.pattern) \(group.kind.rawValue)"] else { continue }
    if group.firstRecordID != first {
      problems.append(
        "group \(group.pattern) \(group.kind.rawValue): first record \(group.firstRecordID ?? "nil"), "
          + "its first entry's \(first ?? "nil")")
    }
  }
  return problems
}

// MARK: - Undeclared identifying keys

extension RecordSchema {
  /// `payload` with members named after identifying keys added to about `share` of its
  /// records, each only under names its type does not declare and it does not hold yet, so
  /// that decoding it gives exactly what decoding `payload` gives (the values are ignored),
  /// while the records it names may change. Dictionaries and values that are no records are
  /// left as they are.
  func addingUndeclaredIdentifiers(
    to payload: OrderedJSON, names: [String], share: Double, _ random: inout SeededRandom
  ) -> OrderedJSON {
    let start: Place =
      if case .value(let type?) = root { .record(type, whole: false) } else { .collection(root) }
    return adding(to: payload, at: start, names: names, share: share, &random)
  }

  private func adding(
    to value: OrderedJSON, at place: Place, names: [String], share: Double,
    _ random: inout SeededRandom
  ) -> OrderedJSON {
    switch (place, value) {
    case (.record(let name, _), .object(var members)):
      guard let type = types[name] else { return value }
      for index in members.indices {
        // A payload in snake case writes the properties of a model in snake case.
        let key = members[index].key
        let property = type.properties.first { $0.key == key || snakeCased($0.key) == key }
        let next: Place
        switch property?.value {
        case .value(let record?)?: next = .record(record, whole: false)
        case let holding? where holding != .value(nil): next = .collection(holding)
        default: continue
        }
        members[index].value = adding(
          to: members[index].value, at: next, names: names, share: share, &random)
      }
      guard random.chance(share) else { return .object(members) }
      for key in names where !type.codingKeys.contains(key) && random.chance(0.6) {
        guard !members.contains(where: { $0.key == key }) else { continue }
        let member = (key: key, value: GeneratedIdentifiers.value(&random))
        members.insert(member, at: random.below(members.count + 1))
      }
      return .object(members)
    case (.collection(let holding), .array(let elements)):
      guard let element = holding.element else { return value }
      let place = Place.record(element, whole: holding.isResilientCollection)
      return .array(
        elements.map { adding(to: $0, at: place, names: names, share: share, &random) })
    case (.collection(let holding), .object(let members)):
      guard case .resilientEntries(let element?) = holding else { return value }
      let place = Place.record(element, whole: true)
      return .object(
        members.map {
          ($0.key, adding(to: $0.value, at: place, names: names, share: share, &random))
        })
    default:
      return value
    }
  }
}

extension RecordHolding {
  /// The type of the records held, if they are records.
  fileprivate var element: String? {
    switch self {
    case .value(let type), .resilientElements(let type), .resilientEntries(let type),
      .plainElements(let type):
      type
    }
  }
}
