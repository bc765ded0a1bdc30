// The generator and its oracle. Every generated value comes with what decoding it must give,
// computed from the generated data alone (never by decoding it): the value kept, the DEBUG
// outcome and results, and the errors the reporter must receive, at their paths.

import Foundation
import ResilientDecoding

// MARK: - Samples and kinds

/// One generated JSON value and what decoding it as an element of some kind must give.
struct PropSample {
  var json: PropJSON
  /// The canonical value it decodes to, or `nil` if decoding it fails.
  var value: PropValue?
  /// When decoding fails: whether the error is an `UnknownNovelValueError`.
  var novel = false
  /// Errors reported while decoding it (by nested `@Resilient` properties), relative to it.
  var inner: [PropError] = []

  static func valid(_ json: PropJSON, _ value: PropValue, inner: [PropError] = []) -> PropSample {
    PropSample(json: json, value: value, inner: inner)
  }

  static func invalid(_ json: PropJSON, novel: Bool = false, inner: [PropError] = []) -> PropSample
  {
    PropSample(json: json, value: nil, novel: novel, inner: inner)
  }
}

/// A kind of element: how to generate valid and invalid JSON for it, and what a string means
/// to it (for truncated strings).
struct PropKind: Sendable {
  /// A valid value; `dirt` is how likely nested values are to be corrupted.
  var valid: @Sendable (inout PropRandom, Double) -> PropSample
  /// A value that fails to decode: a wrong JSON type, a novel raw value, a broken object.
  var invalid: @Sendable (inout PropRandom, Double) -> PropSample
  /// What a JSON string decodes to, for kinds whose valid values are strings.
  var fromString: (@Sendable (String) -> PropSample)?
}

extension PropKind {
  /// Values that are not numbers.
  static func notNumber(_ random: inout PropRandom) -> PropJSON {
    random.pick([
      .string(String(random.int(in: 0...99))), .bool(random.chance(0.5)), .array([]),
      .object([("n", .int(1))]),
    ])
  }

  /// Values that are not strings.
  static func notString(_ random: inout PropRandom) -> PropJSON {
    random.pick([
      .int(random.int(in: -9...9)), .number("2.5"), .bool(random.chance(0.5)),
      .array([.string("a")]), .object([]),
    ])
  }

  static let int = PropKind(
    valid: { random, _ in
      let value =
        random.chance(0.05)
        ? random.pick([Int.max, Int.min, 0]) : random.int(in: -1000...1000)
      return .valid(.int(value), .int(value))
    },
    invalid: { random, _ in
      let numbers: [PropJSON] = [
        .number("1.5"), .number("9223372036854775808"), .number("-9223372036854775809"),
        .number("1e400"),
      ]
      return .invalid(random.chance(0.3) ? random.pick(numbers) : notNumber(&random))
    },
    fromString: nil)

  static let string = PropKind(
    valid: { random, _ in
      let value = randomString(&random)
      return .valid(.string(value), .string(value))
    },
    invalid: { random, _ in .invalid(notString(&random)) },
    fromString: { .valid(.string($0), .string($0)) })

  static let double = PropKind(
    valid: { random, _ in
      switch random.below(5) {
      case 0:
        let value = random.int(in: -100_000...100_000)
        return .valid(.int(value), .double(Double(value)))
      case 1:
        let value = random.pick([
          0.0, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1e-300, 0.1,
        ])
        return .valid(.double(value), .double(value))
      case 2:
        let value = Double(random.int(in: -1_000_000...1_000_000)) * 1e-3
        return .valid(.double(value), .double(value))
      default:
        let value = Double(random.int(in: -10_000...10_000)) / 8
        return .valid(.double(value), .double(value))
      }
    },
    invalid: { random, _ in
      .invalid(
        random.chance(0.3)
          ? random.pick([.number("1e400"), .number("-1e400")]) : notNumber(&random)
      )
    },
    fromString: nil)

  static let bool = PropKind(
    valid: { random, _ in
      let value = random.chance(0.5)
      return .valid(.bool(value), .bool(value))
    },
    invalid: { random, _ in
      .invalid(random.pick([.int(random.below(2)), .string("true"), .array([]), .object([])]))
    },
    fromString: nil)

  /// A raw-value enum whose raw values are strings.
  static func rawString<Enum: RawRepresentable & CaseIterable & Sendable>(
    _: Enum.Type, frozen: Bool
  ) -> PropKind where Enum.RawValue == String {
    let cases = Enum.allCases.map(\.rawValue)
    let classify: @Sendable (String) -> PropSample = { string in
      Enum(rawValue: string) == nil
        ? .invalid(.string(string), novel: !frozen) : .valid(.string(string), .string(string))
    }
    return PropKind(
      valid: { random, _ in
        let raw = random.pick(cases)
        return .valid(.string(raw), .string(raw))
      },
      invalid: { random, _ in
        if random.chance(0.4) { return .invalid(notString(&random)) }
        var novel = randomString(&random)
        while Enum(rawValue: novel) != nil { novel += "+" }
        return .invalid(.string(novel), novel: !frozen)
      },
      fromString: classify)
  }

  /// A raw-value enum whose raw values are integers.
  static func rawInt<Enum: RawRepresentable & CaseIterable & Sendable>(
    _: Enum.Type, frozen: Bool
  ) -> PropKind where Enum.RawValue == Int {
    let cases = Enum.allCases.map(\.rawValue)
    return PropKind(
      valid: { random, _ in
        let raw = random.pick(cases)
        return .valid(.int(raw), .int(raw))
      },
      invalid: { random, _ in
        if random.chance(0.4) {
          return .invalid(random.chance(0.3) ? .number("2.5") : notNumber(&random))
        }
        var novel = random.pick([0, 4, 99, -3, Int.max, random.int(in: -50...50)])
        while Enum(rawValue: novel) != nil { novel += 100 }
        return .invalid(.int(novel), novel: !frozen)
      },
      fromString: nil)
  }

  static let color = rawString(PropColor.self, frozen: false)
  static let shape = rawString(PropShape.self, frozen: true)
  static let flavor = rawString(PropFlavor.self, frozen: false)
  static let size = rawInt(PropSize.self, frozen: true)

  /// The resilient properties of ``PropItem`` that sit between its two required ones.
  static let itemFields: [PropField] = [
    PropField("price", .optional(fallback: nil), .double),
    PropField("tags", .array(optional: false), .string),
    PropField("flavor", .optional(fallback: nil), .flavor),
  ]

  /// A ``PropItem``: `id`, the resilient fields, then `name`.
  static let item = PropKind(
    valid: { random, dirt in
      let id = random.int(in: 0...10_000)
      let name = randomString(&random)
      var entries: [(key: String, value: PropJSON)] = [("id", .int(id))]
      var expected: [String: PropValue] = ["id": .int(id), "name": .string(name)]
      var inner: [PropError] = []
      for field in itemFields {
        let planned = field.plan(at: [field.name], &random, dirt: dirt)
        if let json = planned.json { entries.append((field.name, json)) }
        expected[field.name] = planned.expected
        inner += planned.errors
      }
      entries.append(("name", .string(name)))
      return .valid(.object(entries), .map(expected), inner: inner)
    },
    invalid: { random, dirt in
      let broken: [PropJSON] = [.int(7), .number("7.5"), .bool(true), .string("not an item")]
      switch random.below(3) {
      case 0:
        return .invalid(random.pick(broken + [.array([.object([("id", .int(1))])])]))
      case 1:
        // `id` comes first: nothing else is decoded when it fails.
        var entries: [(key: String, value: PropJSON)] = []
        if random.chance(0.66) {
          entries.append(("id", random.chance(0.5) ? .null : .string("1")))
        }
        entries.append(("tags", .array([.string("x"), .int(1)])))
        entries.append(("name", .string("n")))
        return .invalid(.object(entries))
      default:
        // `name` comes last: the resilient fields report their errors, then the item fails.
        var entries: [(key: String, value: PropJSON)] = [("id", .int(random.int(in: 0...99)))]
        var inner: [PropError] = []
        for field in itemFields {
          let planned = field.plan(at: [field.name], &random, dirt: max(dirt, 0.3))
          if let json = planned.json { entries.append((field.name, json)) }
          inner += planned.errors
        }
        if random.chance(0.66) {
          entries.append(("name", random.chance(0.5) ? .null : .int(3)))
        }
        return .invalid(.object(entries), inner: inner)
      }
    },
    fromString: nil)

  /// The resilient property of ``PropEnvelope`` with `[Int]?` as its generic argument.
  static let envelopePayload = PropField("payload", .array(optional: true), .int)

  /// A `PropEnvelope<[Int]?>`.
  static let envelope = PropKind(
    valid: { random, dirt in
      let planned = envelopePayload.plan(at: ["payload"], &random, dirt: dirt)
      let entries: [(key: String, value: PropJSON)] = planned.json.map { [("payload", $0)] } ?? []
      return .valid(.object(entries), .map(["payload": planned.expected]), inner: planned.errors)
    },
    invalid: { random, _ in
      .invalid(random.pick([.int(1), .string("envelope"), .array([]), .bool(false)]))
    },
    fromString: nil)

  /// A short string mixing ASCII, escapes, non-ASCII letters, emoji and combining marks.
  static func randomString(_ random: inout PropRandom) -> String {
    let pieces = [
      "a", "b", "k", "z", "Q", "0", "7", " ", "_", "-", "é", "ß", "日", "本", "🙂", "👩‍👩‍👧",
      "e\u{301}", "\"", "\\", "\n", "\t", "\u{1}", "/", "ا", "ש",
    ]
    var string = ""
    for _ in 0..<random.int(in: 0...8) { string += random.pick(pieces) }
    return string
  }
}

// MARK: - Fields

/// How a `@Resilient` property treats its value.
enum PropFieldShape: Sendable {
  /// `T?`, recovering to `fallback` (a raw-value enum's fallback) or `nil`.
  case optional(fallback: PropValue?)
  /// A non-optional raw-value enum with a fallback.
  case required(fallback: PropValue)
  case array(optional: Bool)
  case set(optional: Bool)
  case dictionary(optional: Bool, keys: PropKeys)
}

/// The key type of a dictionary property.
enum PropKeys: Sendable {
  case string
  case int
  /// `PropFlavor`, a non-frozen raw-value enum.
  case flavor
}

/// A planned property: its JSON (`nil` for a missing key), its expected canonical form, and
/// the errors it must report, by path from the container the property is in.
struct PropPlanned {
  var json: PropJSON?
  var expected: PropValue
  var errors: [PropError]
}

/// A `@Resilient` property of a generated type.
struct PropField: Sendable {
  let name: String
  let shape: PropFieldShape
  let kind: PropKind

  init(_ name: String, _ shape: PropFieldShape, _ kind: PropKind) {
    self.name = name
    self.shape = shape
    self.kind = kind
  }

  /// Generates the property's JSON at `path` and what decoding it must give; with
  /// probability about `dirt`, each part of it is corrupted.
  func plan(
    at path: [String], _ random: inout PropRandom, dirt: Double, canBeMissing: Bool = true
  ) -> PropPlanned {
    switch shape {
    case .optional(let fallback):
      return planOptional(at: path, fallback: fallback, &random, dirt: dirt, canBeMissing)
    case .required(let fallback):
      return planRequired(at: path, fallback: fallback, &random, dirt: dirt)
    case .array(let optional):
      return planElements(at: path, optional: optional, set: false, &random, dirt, canBeMissing)
    case .set(let optional):
      return planElements(at: path, optional: optional, set: true, &random, dirt, canBeMissing)
    case .dictionary(let optional, let keys):
      return planDictionary(at: path, optional: optional, keys: keys, &random, dirt: dirt)
    }
  }

  /// A valid sample, or with probability `dirt` a corrupted one: invalid, truncated or (in a
  /// collection, where `null` is an invalid element) `null`.
  private func element(
    _ random: inout PropRandom, dirt: Double, nullIsInvalid: Bool
  ) -> PropSample {
    let sample = kind.valid(&random, dirt)
    guard random.chance(dirt) else { return sample }
    if let fromString = kind.fromString, case .string(let string) = sample.json, !string.isEmpty,
      random.chance(0.35)
    {
      return fromString(String(string.prefix(random.below(string.count))))
    }
    if nullIsInvalid && random.chance(0.2) { return .invalid(.null) }
    return kind.invalid(&random, dirt)
  }

  private enum WholeValue {
    case missing, null, wrongType, present
  }

  private func wholeValue(_ random: inout PropRandom, dirt: Double, canBeMissing: Bool)
    -> WholeValue
  {
    guard random.chance(dirt) else { return .present }
    switch random.below(canBeMissing ? 4 : 3) {
    case 0: return .null
    case 1: return .wrongType
    case 2: return .present
    default: return .missing
    }
  }

  private func planOptional(
    at path: [String], fallback: PropValue?, _ random: inout PropRandom, dirt: Double,
    _ canBeMissing: Bool
  ) -> PropPlanned {
    switch wholeValue(&random, dirt: dirt, canBeMissing: canBeMissing) {
    case .missing:
      return PropPlanned(json: nil, expected: propExpectedProperty(.null, .keyNotFound), errors: [])
    case .null:
      return PropPlanned(
        json: .null, expected: propExpectedProperty(.null, .valueWasNil), errors: [])
    case .wrongType, .present:
      let sample = element(&random, dirt: dirt, nullIsInvalid: false)
      let inner = sample.inner.map { $0.under(path) }
      guard let value = sample.value else {
        return PropPlanned(
          json: sample.json,
          expected: propExpectedProperty(fallback ?? .null, .reported(novel: sample.novel)),
          errors: inner + [PropError(path: path, novel: sample.novel)])
      }
      return PropPlanned(
        json: sample.json, expected: propExpectedProperty(value, .decoded), errors: inner)
    }
  }

  private func planRequired(
    at path: [String], fallback: PropValue, _ random: inout PropRandom, dirt: Double
  ) -> PropPlanned {
    switch wholeValue(&random, dirt: dirt, canBeMissing: true) {
    case .missing, .null:
      // A missing key or `null` is an error for a non-optional property with a fallback.
      let json: PropJSON? = random.chance(0.5) ? nil : .null
      return PropPlanned(
        json: json, expected: propExpectedProperty(fallback, .reported(novel: false)),
        errors: [PropError(path: path, novel: false)])
    case .wrongType, .present:
      let sample = element(&random, dirt: dirt, nullIsInvalid: true)
      guard let value = sample.value else {
        return PropPlanned(
          json: sample.json,
          expected: propExpectedProperty(fallback, .reported(novel: sample.novel)),
          errors: [PropError(path: path, novel: sample.novel)])
      }
      return PropPlanned(
        json: sample.json, expected: propExpectedProperty(value, .decoded), errors: [])
    }
  }

  private func planElements(
    at path: [String], optional: Bool, set: Bool, _ random: inout PropRandom, _ dirt: Double,
    _ canBeMissing: Bool
  ) -> PropPlanned {
    let empty: PropValue = set ? .bag([]) : .list([])
    let absent: PropValue = optional ? .null : empty
    switch wholeValue(&random, dirt: dirt, canBeMissing: canBeMissing) {
    case .missing:
      return PropPlanned(
        json: nil, expected: propExpectedProperty(absent, .keyNotFound, .list([])), errors: [])
    case .null:
      return PropPlanned(
        json: .null, expected: propExpectedProperty(absent, .valueWasNil, .list([])), errors: [])
    case .wrongType:
      let json: PropJSON = random.pick([
        .string("[1, 2]"), .int(3), .bool(true), .object([("0", .int(1))]),
      ])
      return PropPlanned(
        json: json,
        expected: propExpectedProperty(
          empty, .reported(novel: false), .list([.failure(novel: false)])),
        errors: [PropError(path: path, novel: false)])
    case .present:
      break
    }
    var samples = (0..<random.int(in: 0...5)).map { _ in
      element(&random, dirt: dirt, nullIsInvalid: true)
    }
    if !samples.isEmpty && random.chance(dirt) {
      samples.remove(at: random.below(samples.count))
    }
    if !samples.isEmpty && random.chance(dirt) {
      let copy = samples[random.below(samples.count)]
      samples.insert(copy, at: random.below(samples.count + 1))
    }
    var values: [PropValue] = []
    var results: [PropResult] = []
    var errors: [PropError] = []
    for (index, sample) in samples.enumerated() {
      let elementPath = path + ["Index \(index)"]
      errors += sample.inner.map { $0.under(elementPath) }
      if let value = sample.value {
        values.append(value)
        results.append(.success(value))
      } else {
        errors.append(PropError(path: elementPath, novel: sample.novel))
        results.append(.failure(novel: sample.novel))
      }
    }
    let outcome: PropOutcome = results.count == values.count ? .decoded : .partial
    return PropPlanned(
      json: .array(samples.map(\.json)),
      expected: propExpectedProperty(set ? .bagOf(values) : .list(values), outcome, .list(results)),
      errors: errors)
  }

  private func planDictionary(
    at path: [String], optional: Bool, keys: PropKeys, _ random: inout PropRandom, dirt: Double
  ) -> PropPlanned {
    let absent: PropValue = optional ? .null : .map([:])
    switch wholeValue(&random, dirt: dirt, canBeMissing: true) {
    case .missing:
      return PropPlanned(
        json: nil, expected: propExpectedProperty(absent, .keyNotFound, .keyed([:], errorCount: 0)),
        errors: [])
    case .null:
      return PropPlanned(
        json: .null,
        expected: propExpectedProperty(absent, .valueWasNil, .keyed([:], errorCount: 0)),
        errors: [])
    case .wrongType:
      let json: PropJSON = random.pick([.array([.int(1)]), .string("{}"), .int(0), .bool(false)])
      return PropPlanned(
        json: json,
        expected: propExpectedProperty(
          .map([:]), .reported(novel: false), .keyed([:], errorCount: 1)),
        errors: [PropError(path: path, novel: false)])
    case .present:
      break
    }
    var entries: [(key: String, sample: PropSample)] = []
    var used = Set<String>()
    func add(_ key: String, _ sample: PropSample) {
      guard used.insert(key).inserted else { return }
      entries.append((key, sample))
    }
    for _ in 0..<random.int(in: 0...5) {
      add(Self.key(keys, &random, dirt: dirt), element(&random, dirt: dirt, nullIsInvalid: true))
    }
    if keys == .int, let original = entries.first?.key, let number = Int(original), number >= 0,
      random.chance(dirt)
    {
      // The same integer spelled differently: the second entry in key order is dropped.
      add(random.chance(0.5) ? "0\(number)" : "+\(number)", kind.valid(&random, dirt))
    }
    if !entries.isEmpty && random.chance(dirt) {
      entries.remove(at: random.below(entries.count))
    }

    // Errors inside entry values come as the decoder visits entries (in no fixed order); the
    // errors of entries come after them, in key order.
    var innerErrors: [PropError] = []
    var entryErrors: [PropError] = []
    var results: [String: PropResult] = [:]
    var candidates: [(key: String, value: PropValue)] = []
    for (key, sample) in entries {
      innerErrors += sample.inner.map { $0.under(path + [key]) }
      if let value = sample.value {
        candidates.append((key, value))
        results[key] = .success(value)
      } else {
        entryErrors.append(PropError(path: path + [key], novel: sample.novel))
        results[key] = .failure(novel: sample.novel)
      }
    }
    var kept: [String: PropValue] = [:]
    for (key, value) in candidates.sorted(by: { $0.key < $1.key }) {
      let converted: String?
      switch keys {
      case .string: converted = key
      case .int: converted = Int(key).map { String($0) }
      case .flavor: converted = PropFlavor(rawValue: key)?.rawValue
      }
      guard let converted, kept[converted] == nil else {
        // A key that does not convert is novel for a non-frozen enum key type only.
        let novel = keys == .flavor && PropFlavor(rawValue: key) == nil
        entryErrors.append(PropError(path: path + [key], novel: novel))
        results[key] = .failure(novel: novel)
        continue
      }
      kept[converted] = value
    }
    let failures = results.values.filter(\.isFailure).count
    return PropPlanned(
      json: .object(entries.map { ($0.key, $0.sample.json) }),
      expected: propExpectedProperty(
        .map(kept), failures == 0 ? .decoded : .partial,
        .keyed(results, errorCount: failures)),
      errors: innerErrors + entryErrors.sorted { $0.path.last! < $1.path.last! })
  }

  /// A dictionary key: usually a valid one, with probability `dirt` a corrupted one.
  private static func key(_ keys: PropKeys, _ random: inout PropRandom, dirt: Double) -> String {
    switch keys {
    case .string:
      return random.chance(0.3)
        ? random.pick(["snake_case_key", "Index 1", "a.b", ""]) : PropKind.randomString(&random)
    case .int:
      let number = random.chance(0.1) ? Int.min : random.int(in: -20...60)
      guard random.chance(dirt) else { return String(number) }
      switch random.below(3) {
      case 0:
        return random.pick(["x", "", " 1", "1.0", "1e2", "١٢", "99999999999999999999", "0x1"])
      case 1:
        let canonical = String(number)
        return String(canonical.prefix(random.below(canonical.count)))
      default:
        return number >= 0 ? random.pick(["0\(number)", "+\(number)"]) : "-0"
      }
    case .flavor:
      let raw = PropFlavor.allCases.map(\.rawValue)
      guard random.chance(dirt) else { return random.pick(raw) }
      let chosen = random.pick(raw)
      return random.chance(0.5)
        ? String(chosen.prefix(random.below(chosen.count))) : PropKind.randomString(&random)
    }
  }
}

extension PropResult {
  /// Whether the element failed.
  var isFailure: Bool {
    if case .failure = self { return true }
    return false
  }
}

// MARK: - The model

/// The fields of ``PropModel``, in declaration order.
let propModelFields: [PropField] = [
  PropField("count", .optional(fallback: nil), .int),
  PropField("title", .optional(fallback: nil), .string),
  PropField("ratio", .optional(fallback: nil), .double),
  PropField("flag", .optional(fallback: nil), .bool),
  PropField("color", .required(fallback: .string(PropColor.unknown.rawValue)), .color),
  PropField("shape", .required(fallback: .string(PropShape.other.rawValue)), .shape),
  PropField("accent", .optional(fallback: .string(PropColor.unknown.rawValue)), .color),
  PropField("flavor", .optional(fallback: nil), .flavor),
  PropField("size", .optional(fallback: nil), .size),
  PropField("numbers", .array(optional: false), .int),
  PropField("words", .array(optional: true), .string),
  PropField("flavors", .array(optional: false), .flavor),
  PropField("sizes", .array(optional: true), .size),
  PropField("scores", .dictionary(optional: false, keys: .string), .int),
  PropField("notes", .dictionary(optional: true, keys: .string), .string),
  PropField("colorsByName", .dictionary(optional: false, keys: .string), .color),
  PropField("shapesByName", .dictionary(optional: true, keys: .string), .shape),
  PropField("tags", .set(optional: false), .string),
  PropField("codes", .set(optional: true), .int),
  PropField("flavorSet", .set(optional: false), .flavor),
  PropField("sizeSet", .set(optional: true), .size),
  PropField("namesById", .dictionary(optional: false, keys: .int), .string),
  PropField("sizesById", .dictionary(optional: true, keys: .int), .size),
  PropField("countsByFlavor", .dictionary(optional: true, keys: .flavor), .int),
  PropField("items", .array(optional: false), .item),
  PropField("child", .optional(fallback: nil), .item),
  PropField("itemsByKey", .dictionary(optional: true, keys: .string), .item),
  PropField("envelope", .optional(fallback: nil), .envelope),
]

/// One generated case: the payload and everything the oracle predicts about decoding it.
struct PropCase: Sendable {
  let seed: UInt64
  let payload: PropJSON
  let expected: PropValue
  let errors: [PropError]
  /// Whether the payload's top-level keys are written in snake case.
  let snakeCase: Bool
  /// The dictionaries inside whose entry values errors come in no fixed order: decoders visit
  /// entries in their own order, and only the errors of the entries themselves are sorted.
  let unorderedRoots: Set<String>

  /// A ``PropModel`` payload.
  static func model(seed: UInt64) -> PropCase {
    var random = PropRandom(seed: seed)
    let dirt = random.pick([0, 0.05, 0.15, 0.3, 0.6])
    let snakeCase = random.chance(0.25)
    var entries: [(key: String, value: PropJSON)] = []
    var expected: [String: PropValue] = [:]
    var errors: [PropError] = []
    var unordered = Set<String>()
    for field in propModelFields {
      if random.chance(dirt / 4) {
        entries.append(("zz_unknown_\(entries.count)", .array([.int(1), .null])))
      }
      let planned = field.plan(at: [field.name], &random, dirt: dirt)
      if let json = planned.json {
        entries.append((snakeCase ? propSnakeCase(field.name) : field.name, json))
      }
      expected[field.name] = planned.expected
      errors += planned.errors
      if case .dictionary = field.shape { unordered.insert(field.name) }
    }
    return PropCase(
      seed: seed, payload: .object(entries), expected: .map(expected), errors: errors,
      snakeCase: snakeCase, unorderedRoots: unordered)
  }

  /// A top-level `Resilient<[PropItem]>` payload.
  static func topLevelItems(seed: UInt64) -> PropCase {
    var random = PropRandom(seed: seed)
    let dirt = random.pick([0, 0.1, 0.3, 0.6])
    let field = PropField("", .array(optional: false), .item)
    let planned = field.plan(at: [], &random, dirt: dirt, canBeMissing: false)
    return PropCase(
      seed: seed, payload: planned.json ?? .null, expected: planned.expected,
      errors: planned.errors, snakeCase: false, unorderedRoots: [])
  }
}

/// `camelCase` written as `camel_case`.
func propSnakeCase(_ name: String) -> String {
  var result = ""
  for character in name {
    if character.isUppercase {
      result += "_" + character.lowercased()
    } else {
      result.append(character)
    }
  }
  return result
}
