import Foundation
import ResilientDecoding

// The generator and its oracle. Every generated value comes with what decoding it must give,
// computed from the generated data alone (never by decoding it): the value kept, the DEBUG
// outcome and results, and the errors the reporter must receive, by kind and coding path.
// Only the decoder's own errors are read from the decoder: for a number a type cannot hold, and
// for `null` where a keyed type is expected.

// MARK: - Samples and element generators

/// One generated JSON value and what decoding it as an element of some type must give.
struct GeneratedSample {
  var json: OrderedJSON
  /// Its canonical value, or the kind of error decoding it fails with.
  var decoded: Prediction
  /// Errors reported while decoding it (by nested `@Resilient` properties), relative to it.
  var inner: [GeneratedReport] = []

  static func valid(
    _ json: OrderedJSON, _ value: CanonicalValue, inner: [GeneratedReport] = []
  ) -> GeneratedSample {
    GeneratedSample(json: json, decoded: .success(value), inner: inner)
  }

  static func invalid(
    _ json: OrderedJSON, _ kind: ErrorKind, inner: [GeneratedReport] = []
  ) -> GeneratedSample {
    GeneratedSample(json: json, decoded: .failure(ExpectedFailure(kind: kind)), inner: inner)
  }
}

/// How to generate valid and invalid JSON for one element type, and what a string means to it
/// (for truncated strings).
struct ElementGenerator: Sendable {
  /// A valid value; `dirt` is how likely nested values are to be corrupted.
  var valid: @Sendable (inout SeededRandom, Double) -> GeneratedSample
  /// A value that fails to decode: a wrong JSON type, a novel raw value, a broken object.
  var invalid: @Sendable (inout SeededRandom, Double) -> GeneratedSample
  /// What a JSON string decodes to, for types whose valid values are strings.
  var fromString: (@Sendable (String) -> GeneratedSample)?
  /// `null` as an element (always invalid): `valueNotFound` for a single value, as the
  /// protocols require; for a keyed type such as ``GenItem``, the decoder's own error.
  var null: @Sendable () -> GeneratedSample = { .invalid(.null, .valueNotFound) }
  /// The name of the type in ``RecordSchema/types`` whose records this generator writes, or
  /// `nil` for values that are no records (primitives and raw values).
  var record: String? = nil
}

extension ElementGenerator {
  /// A value that is not a number: decoding a number from it is a type mismatch.
  static func notNumber(_ random: inout SeededRandom) -> GeneratedSample {
    let json = random.pick(
      [
        .string(String(random.int(in: 0...99))), .bool(random.chance(0.5)), .array([]),
        .object([("n", .int(1))]),
      ] as [OrderedJSON])
    return .invalid(json, .typeMismatch)
  }

  /// A value that is not a string: decoding a string from it is a type mismatch.
  static func notString(_ random: inout SeededRandom) -> GeneratedSample {
    let json = random.pick(
      [
        .int(random.int(in: -9...9)), .number("2.5"), .bool(random.chance(0.5)),
        .array([.string("a")]), .object([]),
      ] as [OrderedJSON])
    return .invalid(json, .typeMismatch)
  }

  /// Numbers no `Int` holds, each with what the decoder of the case makes of it.
  static var numbersNoIntHolds: [GeneratedSample] { GeneratedTarget.current.numbers.noIntHolds }

  /// Numbers no `Double` holds, each with what the decoder of the case makes of it.
  static var numbersNoDoubleHolds: [GeneratedSample] {
    GeneratedTarget.current.numbers.noDoubleHolds
  }

  /// A fraction where an integer raw value is expected, with the error the decoder gives.
  static var fractionForAnIntRawValue: GeneratedSample {
    GeneratedTarget.current.numbers.fractionForAnIntRawValue
  }

  static let int = ElementGenerator(
    valid: { random, _ in
      let value =
        random.chance(0.05)
        ? random.pick([Int.max, Int.min, 0]) : random.int(in: -1000...1000)
      return .valid(.int(value), .int(value))
    },
    invalid: { random, _ in
      random.chance(0.3) ? random.pick(numbersNoIntHolds) : notNumber(&random)
    },
    fromString: nil)

  /// An `Int?`, as the values of a dictionary of optionals: `null` is a valid value, `nil`.
  static let optionalInt = ElementGenerator(
    valid: { random, dirt in
      GeneratedTarget.writesNullValues && random.chance(0.25)
        ? optionalNull() : int.valid(&random, dirt)
    },
    invalid: { random, dirt in int.invalid(&random, dirt) },
    fromString: nil,
    null: optionalNull)

  /// `null` as an optional value: `nil`, no error.
  @Sendable static func optionalNull() -> GeneratedSample {
    .valid(.null, .null)
  }

  static let string = ElementGenerator(
    valid: { random, _ in
      let value = randomString(&random)
      return .valid(.string(value), .string(value))
    },
    invalid: { random, _ in notString(&random) },
    fromString: { .valid(.string($0), .string($0)) })

  static let double = ElementGenerator(
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
      random.chance(0.3) ? random.pick(numbersNoDoubleHolds) : notNumber(&random)
    },
    fromString: nil)

  static let bool = ElementGenerator(
    valid: { random, _ in
      let value = random.chance(0.5)
      return .valid(.bool(value), .bool(value))
    },
    invalid: { random, _ in
      let json = random.pick(
        [
          .int(random.below(2)), .string("true"), .array([]), .object([]),
        ] as [OrderedJSON])
      return .invalid(json, .typeMismatch)
    },
    fromString: nil)

  /// A raw-value enum whose raw values are strings, of which `cases` are generated: a raw
  /// value with no case is novel, or corrupt data if the enum is frozen.
  static func rawString<Enum: RawRepresentable & Sendable>(
    _ cases: [Enum], frozen: Bool
  ) -> ElementGenerator where Enum.RawValue == String {
    let raws = cases.map(\.rawValue)
    let classify: @Sendable (String) -> GeneratedSample = { string in
      Enum(rawValue: string) == nil
        ? .invalid(.string(string), frozen ? .dataCorrupted : .novel(.string(string)))
        : .valid(.string(string), .string(string))
    }
    return ElementGenerator(
      valid: { random, _ in
        let raw = random.pick(raws)
        return .valid(.string(raw), .string(raw))
      },
      invalid: { random, _ in
        if random.chance(0.4) { return notString(&random) }
        var novel = randomString(&random)
        while Enum(rawValue: novel) != nil { novel += "+" }
        return classify(novel)
      },
      fromString: classify)
  }

  /// A raw-value enum whose raw values are integers: a raw value with no case is novel, or
  /// corrupt data if the enum is frozen.
  static func rawInt<Enum: RawRepresentable & CaseIterable & Sendable>(
    _: Enum.Type, frozen: Bool
  ) -> ElementGenerator where Enum.RawValue == Int {
    let raws = Enum.allCases.map(\.rawValue)
    return ElementGenerator(
      valid: { random, _ in
        let raw = random.pick(raws)
        return .valid(.int(raw), .int(raw))
      },
      invalid: { random, _ in
        if random.chance(0.4) {
          return random.chance(0.3) ? fractionForAnIntRawValue : notNumber(&random)
        }
        var novel = random.pick([0, 4, 99, -3, Int.max, random.int(in: -50...50)])
        while Enum(rawValue: novel) != nil { novel += 100 }
        return .invalid(.int(novel), frozen ? .dataCorrupted : .novel(.int(novel)))
      },
      fromString: nil)
  }

  static let mood = rawString([Mood.happy, .sad, .unknown], frozen: false)
  static let frozenMood = rawString([FrozenMood.happy, .sad, .unknown], frozen: true)
  static let flavor = rawString(GenFlavor.allCases, frozen: false)
  static let size = rawInt(GenSize.self, frozen: true)

  /// The resilient properties of ``GenItem`` that sit between its two required ones.
  static let itemFields: [GeneratedField] = [
    GeneratedField("price", .optional(fallback: nil), .double),
    GeneratedField("tags", .array(optional: false), .string),
    GeneratedField("flavor", .optional(fallback: nil), .flavor),
  ]

  /// A ``GenItem``: `id`, the resilient fields, then `name`.
  static let item = ElementGenerator(
    valid: { random, dirt in
      let id = random.int(in: 0...10_000)
      let name = randomString(&random)
      var entries: [(key: String, value: OrderedJSON)] = [("id", .int(id))]
      var expected: [String: CanonicalValue] = ["id": .int(id), "name": .string(name)]
      var inner: [GeneratedReport] = []
      for field in itemFields {
        let planned = field.plan(at: [field.name], &random, dirt: dirt)
        if let json = planned.json { entries.append((field.name, json)) }
        expected[field.name] = planned.expected
        inner += planned.reports
      }
      entries.append(("name", .string(name)))
      return .valid(.object(entries), .map(expected), inner: inner)
    },
    invalid: { random, dirt in
      switch random.below(3) {
      case 0:
        let broken: [OrderedJSON] = [
          .int(7), .number("7.5"), .bool(true), .string("not an item"),
          .array([.object([("id", .int(1))])]),
        ]
        return .invalid(random.pick(broken), .typeMismatch)
      case 1:
        // `id` comes first: nothing else is decoded when it fails.
        var entries: [(key: String, value: OrderedJSON)] = []
        let (id, kind) = requiredValue(&random, key: "id", wrongType: .string("1"))
        if let id { entries.append(("id", id)) }
        entries.append(("tags", .array([.string("x"), .int(1)])))
        entries.append(("name", .string("n")))
        return .invalid(.object(entries), kind)
      default:
        // `name` comes last: the resilient fields report their errors, then the item fails.
        var entries: [(key: String, value: OrderedJSON)] = [("id", .int(random.int(in: 0...99)))]
        var inner: [GeneratedReport] = []
        for field in itemFields {
          let planned = field.plan(at: [field.name], &random, dirt: max(dirt, 0.3))
          if let json = planned.json { entries.append((field.name, json)) }
          inner += planned.reports
        }
        let (name, kind) = requiredValue(&random, key: "name", wrongType: .int(3))
        if let name { entries.append(("name", name)) }
        return .invalid(.object(entries), kind, inner: inner)
      }
    },
    fromString: nil, null: { GeneratedTarget.current.keyedNulls.item }, record: "GenItem")

  /// A value that breaks the required property `key`: missing (`nil`), `null` or of the wrong
  /// type, and the kind of error each gives.
  private static func requiredValue(
    _ random: inout SeededRandom, key: String, wrongType: OrderedJSON
  ) -> (OrderedJSON?, ErrorKind) {
    switch random.below(3) {
    case 0: return (nil, .keyNotFound(key))
    case 1: return (.null, .valueNotFound)
    default: return (wrongType, .typeMismatch)
    }
  }

  /// The resilient property of ``GenEnvelope`` with `[Int]?` as its generic argument.
  static let envelopePayload = GeneratedField("payload", .array(optional: true), .int)

  /// A `GenEnvelope<[Int]?>`.
  static let envelope = ElementGenerator(
    valid: { random, dirt in
      let planned = envelopePayload.plan(at: ["payload"], &random, dirt: dirt)
      let entries: [(key: String, value: OrderedJSON)] =
        planned.json.map { [("payload", $0)] } ?? []
      return .valid(.object(entries), .map(["payload": planned.expected]), inner: planned.reports)
    },
    invalid: { random, _ in
      .invalid(
        random.pick([.int(1), .string("envelope"), .array([]), .bool(false)]), .typeMismatch)
    },
    fromString: nil, record: "GenEnvelope")

  /// The resilient property of ``GenBox`` with ``Attachment`` as its generic argument.
  static let boxContent = GeneratedField(
    "content", .required(fallback: Attachment.unsupported.canonical), .attachment)

  /// A `GenBox<Attachment>`.
  static let box = ElementGenerator(
    valid: { random, dirt in
      let planned = boxContent.plan(at: ["content"], &random, dirt: dirt)
      let entries: [(key: String, value: OrderedJSON)] =
        planned.json.map { [("content", $0)] } ?? []
      return .valid(.object(entries), .map(["content": planned.expected]), inner: planned.reports)
    },
    invalid: { random, _ in
      .invalid(random.pick([.int(4), .string("box"), .array([]), .bool(true)]), .typeMismatch)
    },
    fromString: nil, record: "GenBox")

  /// A ``Theme``: an object whose one required member, `accent`, is a string; other members
  /// are ignored.
  static let theme = ElementGenerator(
    valid: { random, _ in
      let accent = randomString(&random)
      var members: [(key: String, value: OrderedJSON)] = [("accent", .string(accent))]
      if random.chance(0.2) {
        members.insert(("isDark", .bool(random.chance(0.5))), at: random.below(2))
      }
      return .valid(.object(members), Theme(accent: accent).canonical)
    },
    invalid: { random, _ in
      if random.chance(0.3) {
        let broken: [OrderedJSON] = [
          .string("blue"), .int(3), .bool(false), .array([.object([("accent", .string("red"))])]),
        ]
        return .invalid(random.pick(broken), .typeMismatch)
      }
      // `accent` missing, `null` or not a string.
      let wrongType = random.pick([.int(7), .bool(true), .array([]), .object([])] as [OrderedJSON])
      let (accent, kind) = requiredValue(&random, key: "accent", wrongType: wrongType)
      var members: [(key: String, value: OrderedJSON)] = accent.map { [("accent", $0)] } ?? []
      if accent == nil && random.chance(0.5) {
        members.append((random.pick(["Accent", "accent ", "colour"]), .string("red")))
      }
      return .invalid(.object(members), kind)
    },
    fromString: nil, null: { GeneratedTarget.current.keyedNulls.theme }, record: "Theme")

  /// An ``Attachment``: an object told apart by its `"type"` tag, `image` with a string `url`
  /// or `note` with a string `text`. Any other tag is novel (its `init(from:)` throws
  /// `UnknownNovelValueError`) before any other member is read.
  static let attachment = ElementGenerator(
    valid: { random, _ in
      let value = randomString(&random)
      let isImage = random.chance(0.5)
      let expected: Attachment = isImage ? .image(url: value) : .note(text: value)
      let object = attachmentObject(
        tag: .string(isImage ? "image" : "note"), member: isImage ? "url" : "text",
        .string(value), &random)
      return .valid(object, expected.canonical)
    },
    invalid: { random, _ in
      switch random.below(10) {
      case 0..<4:
        var tag = random.pick(["video", "poll", "Image", "NOTE", "", "image ", "unsupported"])
        if random.chance(0.3) { tag = randomString(&random) }
        while tag == "image" || tag == "note" { tag += "+" }
        let member = random.chance(0.5) ? "url" : "text"
        let object = attachmentObject(tag: .string(tag), member: member, .string("x"), &random)
        return .invalid(object, .novel(.string(tag)))
      case 4..<6:
        // The tag missing, `null` or not a string.
        let wrongType = random.pick(
          [.int(1), .bool(true), .array([.string("image")]), .object([])] as [OrderedJSON])
        let (tag, kind) = requiredValue(&random, key: "type", wrongType: wrongType)
        let object = attachmentObject(tag: tag, member: "url", .string("u"), &random)
        return .invalid(object, kind)
      case 6..<9:
        // A known tag whose member is missing, `null` or not a string.
        let isImage = random.chance(0.5)
        let member = isImage ? "url" : "text"
        let wrongType = random.pick(
          [.int(2), .number("0.5"), .bool(false), .array([])] as [OrderedJSON])
        // Missing more often than the others, so that both members are often seen missing.
        let (value, kind) =
          random.chance(0.25)
          ? (nil, .keyNotFound(member))
          : requiredValue(&random, key: member, wrongType: wrongType)
        let object = attachmentObject(
          tag: .string(isImage ? "image" : "note"), member: member, value, &random)
        return .invalid(object, kind)
      default:
        let broken: [OrderedJSON] = [
          .string("image"), .int(0), .bool(true), .array([.string("type"), .string("note")]),
        ]
        return .invalid(random.pick(broken), .typeMismatch)
      }
    },
    fromString: nil, null: { GeneratedTarget.current.keyedNulls.attachment },
    record: "Attachment")

  /// An attachment's object: the tag (`nil` for none) before or after its member (`nil` for
  /// none), and sometimes a member the tag does not read, which is ignored.
  private static func attachmentObject(
    tag: OrderedJSON?, member: String, _ value: OrderedJSON?, _ random: inout SeededRandom
  ) -> OrderedJSON {
    var members: [(key: String, value: OrderedJSON)] = value.map { [(member, $0)] } ?? []
    if let tag { members.insert(("type", tag), at: random.chance(0.7) ? 0 : members.count) }
    if random.chance(0.2) {
      let ignored = random.pick(
        [
          ("size", .int(3)), (member == "url" ? "text" : "url", .int(5)),
          ("extra", .array([.bool(true)])),
        ] as [(String, OrderedJSON)])
      members.insert(ignored, at: random.below(members.count + 1))
    }
    return .object(members)
  }

  /// A short string mixing ASCII, escapes, non-ASCII letters, emoji and combining marks.
  static func randomString(_ random: inout SeededRandom) -> String {
    let pieces = [
      "a", "b", "k", "z", "Q", "0", "7", " ", "_", "-", "é", "ß", "日", "本", "🙂", "👩‍👩‍👧",
      "e\u{301}", "\"", "\\", "\n", "\t", "\u{1}", "/", "ا", "ש",
    ]
    var string = ""
    for _ in 0..<random.int(in: 0...8) { string += random.pick(pieces) }
    return string
  }
}

// MARK: - What each decoder reads its own way

/// The decoders a case can be generated for, as far as the oracle must tell them apart.
///
/// Three things differ: whether keys may be written in snake case, and two predictions read
/// from the decoder rather than computed. A number that a type may not hold: `JSONDecoder`
/// throws its own error (on Linux a parser error that is no `DecodingError`, which the library
/// passes on unchanged), while a ``Tree`` holds the number as Swift reads it (see
/// ``OrderedJSON/tree``) and ``TreeDecoder`` converts it exactly or not at all. And `null`
/// where a keyed type is expected, which the protocols leave to the decoder.
enum GeneratedTarget: Sendable {
  /// `JSONDecoder`, reading the payload's text, with `convertFromSnakeCase` when keys are
  /// written in snake case.
  case jsonDecoder
  /// A decoder of the payload as a ``Tree``: ``TreeDecoder``, or `PropertyListDecoder` reading
  /// a property list written from the tree. Keys are written as declared.
  case tree

  /// The target of the case being generated; ``GeneratedCase`` sets it for each case.
  @TaskLocal static var current = GeneratedTarget.jsonDecoder

  /// Whether the decoder of the case being generated reads every value of a key that an object
  /// writes twice, as `JSONDecoder` does for a dictionary when it has a key strategy; without
  /// one, it and the tree decoders read the first value only. Either way the dictionary keeps
  /// the first.
  @TaskLocal static var readsEveryRepeatedKey = false

  /// Whether valid values may be `null` (the values of a dictionary of optionals): not in a
  /// clean case for a format that cannot hold `null` (property lists).
  @TaskLocal static var writesNullValues = true

  /// Whether the decoder can convert keys from snake case.
  var convertsSnakeCase: Bool { self == .jsonDecoder }

  /// The numbers that some types cannot hold, as this target's decoder reads them.
  var numbers: NumberSamples {
    switch self {
    case .jsonDecoder: Self.jsonNumbers
    case .tree: Self.treeNumbers
    }
  }

  private static let jsonNumbers = NumberSamples(GeneratedTarget.jsonDecoder)
  private static let treeNumbers = NumberSamples(GeneratedTarget.tree)

  /// `null` where a keyed type is expected, with the error this target's decoder gives, read
  /// once (`JSONDecoder` and ``TreeDecoder`` both say today that the value is missing).
  var keyedNulls: KeyedNullSamples {
    switch self {
    case .jsonDecoder: Self.jsonNulls
    case .tree: Self.treeNulls
    }
  }

  private static let jsonNulls = KeyedNullSamples(GeneratedTarget.jsonDecoder)
  private static let treeNulls = KeyedNullSamples(GeneratedTarget.tree)

  /// What decoding `json` as a `T` inside an object gives with this target's decoder, read
  /// from the decoder once.
  fileprivate func read<T: Decodable & CanonicalRepresentable>(
    _ json: OrderedJSON, as _: T.Type
  ) -> GeneratedSample {
    let document = OrderedJSON.object([("value", json)])
    let probe: NestedProbe<T>?
    switch self {
    case .jsonDecoder: probe = try? JSONDecoder().decode(NestedProbe<T>.self, from: document.data)
    case .tree: probe = try? TreeDecoder.decode(NestedProbe<T>.self, from: document.tree).value
    }
    switch probe?.decoded {
    case .success(let value): return .valid(json, value)
    case .failure(let failure): return .invalid(json, failure.kind)
    case nil: return .invalid(json, .other("\(json.text) decoded as \(T.self)"))
    }
  }
}

/// `null` as each keyed type of the generated model, with what one decoder makes of it.
struct KeyedNullSamples: Sendable {
  let item: GeneratedSample
  let theme: GeneratedSample
  let attachment: GeneratedSample
  /// A node of the recursive models (``GenNode``), whatever keys it declares.
  let node: GeneratedSample

  fileprivate init(_ target: GeneratedTarget) {
    item = target.read(.null, as: GenItem.self)
    theme = target.read(.null, as: Theme.self)
    attachment = target.read(.null, as: Attachment.self)
    node = target.read(.null, as: GenNode<GenDeclaresNothing>.self)
  }
}

/// Numbers that some types cannot hold, each with what one decoder makes of it.
struct NumberSamples: Sendable {
  /// Numbers no `Int` holds.
  let noIntHolds: [GeneratedSample]
  /// Numbers no `Double` holds.
  let noDoubleHolds: [GeneratedSample]
  /// A fraction, read as the integer raw value of an enum.
  let fractionForAnIntRawValue: GeneratedSample

  fileprivate init(_ target: GeneratedTarget) {
    noIntHolds = ["1.5", "9223372036854775808", "-9223372036854775809", "1e400"].map {
      target.read(.number($0), as: Int.self)
    }
    noDoubleHolds = ["1e400", "-1e400"].map { target.read(.number($0), as: Double.self) }
    fractionForAnIntRawValue = target.read(.number("2.5"), as: Int.self)
  }
}

/// Decodes a `T` inside an object and keeps its value or the kind of error that `@Resilient`
/// reports for it: the decoder's own, or `dataCorrupted` for an error of the decoder's own type
/// (`JSONDecoder` throws one for a number that does not fit), which the library reports as plain
/// `Codable` shows it (DocC "Using Other Decoders").
private struct NestedProbe<T: Decodable & CanonicalRepresentable>: Decodable {
  let decoded: Prediction

  private enum CodingKeys: CodingKey {
    case value
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    do {
      decoded = .success(try container.decode(T.self, forKey: .value).canonical)
    } catch {
      decoded = .failure(
        ExpectedFailure(kind: error is DecodingError ? ErrorKind(error) : .dataCorrupted))
    }
  }
}

// MARK: - Fields

/// How a `@Resilient` property treats its value.
enum FieldShape: Sendable {
  /// `T?`, recovering to `fallback` (the fallback of a raw-value enum or of a
  /// `ResilientDecodable` type) or `nil`.
  case optional(fallback: CanonicalValue?)
  /// A non-optional type with a fallback: a raw-value enum or a `ResilientDecodable` type.
  case required(fallback: CanonicalValue)
  /// A `@ResilientDefault` property: its default when missing or `null` (not an error) and when
  /// its value cannot be decoded (reported).
  case defaulted(CanonicalValue)
  case array(optional: Bool)
  case set(optional: Bool)
  case dictionary(optional: Bool, keys: KeyType)
}

/// The key type of a dictionary property.
enum KeyType: Sendable {
  case string
  case int
  /// `GenFlavor`, a non-frozen raw-value enum.
  case flavor
}

/// A planned property: its JSON (`nil` for a missing key), its expected canonical form, and
/// the errors it must report, by path from the container the property is in.
struct PlannedField {
  var json: OrderedJSON?
  var expected: CanonicalValue
  var reports: [GeneratedReport]
}

/// A `@Resilient` property of a generated type.
struct GeneratedField: Sendable {
  let name: String
  let shape: FieldShape
  let element: ElementGenerator

  init(_ name: String, _ shape: FieldShape, _ element: ElementGenerator) {
    self.name = name
    self.shape = shape
    self.element = element
  }

  /// Whether plain `Codable` takes the property missing or `null` as `nil`.
  var isOptional: Bool {
    switch shape {
    case .optional: true
    case .required, .defaulted: false
    case .array(let optional), .set(let optional), .dictionary(let optional, _): optional
    }
  }

  /// The optional property missing (`missing`) or `null`: `nil`, and nothing reported.
  func absent(missing: Bool) -> PlannedField {
    let results: ResultsShape
    switch shape {
    case .optional, .required, .defaulted: results = .none
    case .array, .set: results = .elements
    case .dictionary: results = .entries
    }
    return PlannedField(
      json: missing ? nil : .null, expected: .absentProperty(.null, missing: missing, results),
      reports: [])
  }

  /// Generates the property's JSON at `path` and what decoding it must give; with
  /// probability about `dirt`, each part of it is corrupted.
  func plan(
    at path: [String], _ random: inout SeededRandom, dirt: Double, canBeMissing: Bool = true
  ) -> PlannedField {
    switch shape {
    case .optional(let fallback):
      return planOptional(at: path, fallback: fallback, &random, dirt: dirt, canBeMissing)
    case .required(let fallback):
      return planRequired(at: path, fallback: fallback, &random, dirt: dirt)
    case .defaulted(let defaultValue):
      return planDefaulted(at: path, defaultValue: defaultValue, &random, dirt: dirt)
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
  private func sample(
    _ random: inout SeededRandom, dirt: Double, nullIsInvalid: Bool
  ) -> GeneratedSample {
    let sample = element.valid(&random, dirt)
    guard random.chance(dirt) else { return sample }
    if let fromString = element.fromString, case .string(let string) = sample.json,
      !string.isEmpty, random.chance(0.35)
    {
      return fromString(String(string.prefix(random.below(string.count))))
    }
    if nullIsInvalid && random.chance(0.2) { return element.null() }
    return element.invalid(&random, dirt)
  }

  private enum WholeValue {
    case missing, null, wrongType, present
  }

  private func wholeValue(_ random: inout SeededRandom, dirt: Double, canBeMissing: Bool)
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
    at path: [String], fallback: CanonicalValue?, _ random: inout SeededRandom, dirt: Double,
    _ canBeMissing: Bool
  ) -> PlannedField {
    switch wholeValue(&random, dirt: dirt, canBeMissing: canBeMissing) {
    case .missing:
      return PlannedField(
        json: nil, expected: .absentProperty(.null, missing: true, .none), reports: [])
    case .null:
      return PlannedField(
        json: .null, expected: .absentProperty(.null, missing: false, .none), reports: [])
    case .wrongType, .present:
      let sample = sample(&random, dirt: dirt, nullIsInvalid: false)
      let inner = sample.inner.map { $0.under(path) }
      switch sample.decoded {
      case .success(let value):
        return PlannedField(json: sample.json, expected: .decodedProperty(value), reports: inner)
      case .failure(let failure):
        return PlannedField(
          json: sample.json,
          expected: .recoveredProperty(fallback ?? .null, from: failure.kind, .none),
          reports: inner + [GeneratedReport(path, failure.kind)])
      }
    }
  }

  private func planDefaulted(
    at path: [String], defaultValue: CanonicalValue, _ random: inout SeededRandom, dirt: Double
  ) -> PlannedField {
    switch wholeValue(&random, dirt: dirt, canBeMissing: true) {
    case .missing:
      return PlannedField(
        json: nil, expected: .absentProperty(defaultValue, missing: true, .none), reports: [])
    case .null:
      return PlannedField(
        json: .null, expected: .absentProperty(defaultValue, missing: false, .none), reports: [])
    case .wrongType, .present:
      let sample = sample(&random, dirt: dirt, nullIsInvalid: false)
      switch sample.decoded {
      case .success(let value):
        return PlannedField(json: sample.json, expected: .decodedProperty(value), reports: [])
      case .failure(let failure):
        return PlannedField(
          json: sample.json,
          expected: .recoveredProperty(defaultValue, from: failure.kind, .none),
          reports: [GeneratedReport(path, failure.kind)])
      }
    }
  }

  private func planRequired(
    at path: [String], fallback: CanonicalValue, _ random: inout SeededRandom, dirt: Double
  ) -> PlannedField {
    let value: GeneratedSample
    switch wholeValue(&random, dirt: dirt, canBeMissing: true) {
    case .missing, .null:
      // A missing key or `null` is an error for a non-optional property with a fallback: the
      // error of `null` is the element's own (the decoder's, for a keyed type).
      guard random.chance(0.5) else {
        value = element.null()
        break
      }
      let kind = ErrorKind.keyNotFound(name)
      return PlannedField(
        json: nil, expected: .recoveredProperty(fallback, from: kind, .none),
        reports: [GeneratedReport(path, kind)])
    case .wrongType, .present:
      value = sample(&random, dirt: dirt, nullIsInvalid: true)
    }
    let inner = value.inner.map { $0.under(path) }
    switch value.decoded {
    case .success(let decoded):
      return PlannedField(json: value.json, expected: .decodedProperty(decoded), reports: inner)
    case .failure(let failure):
      return PlannedField(
        json: value.json, expected: .recoveredProperty(fallback, from: failure.kind, .none),
        reports: inner + [GeneratedReport(path, failure.kind)])
    }
  }

  private func planElements(
    at path: [String], optional: Bool, set: Bool, _ random: inout SeededRandom, _ dirt: Double,
    _ canBeMissing: Bool
  ) -> PlannedField {
    let empty: CanonicalValue = set ? .bag([]) : .list([])
    let absent: CanonicalValue = optional ? .null : empty
    switch wholeValue(&random, dirt: dirt, canBeMissing: canBeMissing) {
    case .missing:
      return PlannedField(
        json: nil, expected: .absentProperty(absent, missing: true, .elements), reports: [])
    case .null:
      return PlannedField(
        json: .null, expected: .absentProperty(absent, missing: false, .elements), reports: [])
    case .wrongType:
      let json: OrderedJSON = random.pick([
        .string("[1, 2]"), .int(3), .bool(true), .object([("0", .int(1))]),
      ])
      return PlannedField(
        json: json, expected: .recoveredProperty(empty, from: .typeMismatch, .elements),
        reports: [GeneratedReport(path, .typeMismatch)])
    case .present:
      break
    }
    var samples = (0..<random.int(in: 0...5)).map { _ in
      sample(&random, dirt: dirt, nullIsInvalid: true)
    }
    if !samples.isEmpty && random.chance(dirt) {
      samples.remove(at: random.below(samples.count))
    }
    if !samples.isEmpty && random.chance(dirt) {
      let copy = samples[random.below(samples.count)]
      samples.insert(copy, at: random.below(samples.count + 1))
    }
    var values: [CanonicalValue] = []
    var reports: [GeneratedReport] = []
    for (index, sample) in samples.enumerated() {
      let elementPath = path + ["Index \(index)"]
      reports += sample.inner.map { $0.under(elementPath) }
      switch sample.decoded {
      case .success(let value): values.append(value)
      case .failure(let failure): reports.append(GeneratedReport(elementPath, failure.kind))
      }
    }
    return PlannedField(
      json: .array(samples.map(\.json)),
      expected: .elementsProperty(set ? .bagOf(values) : .list(values), samples.map(\.decoded)),
      reports: reports)
  }

  private func planDictionary(
    at path: [String], optional: Bool, keys: KeyType, _ random: inout SeededRandom, dirt: Double
  ) -> PlannedField {
    let absent: CanonicalValue = optional ? .null : .map([:])
    switch wholeValue(&random, dirt: dirt, canBeMissing: true) {
    case .missing:
      return PlannedField(
        json: nil, expected: .absentProperty(absent, missing: true, .entries), reports: [])
    case .null:
      return PlannedField(
        json: .null, expected: .absentProperty(absent, missing: false, .entries), reports: [])
    case .wrongType:
      let json: OrderedJSON = random.pick([.array([.int(1)]), .string("{}"), .int(0), .bool(false)])
      return PlannedField(
        json: json, expected: .recoveredProperty(.map([:]), from: .typeMismatch, .entries),
        reports: [GeneratedReport(path, .typeMismatch)])
    case .present:
      break
    }
    var entries: [(key: String, sample: GeneratedSample)] = []
    var used = Set<String>()
    func add(_ key: String, _ sample: GeneratedSample) {
      guard used.insert(key).inserted else { return }
      entries.append((key, sample))
    }
    for _ in 0..<random.int(in: 0...5) {
      add(Self.key(keys, &random, dirt: dirt), sample(&random, dirt: dirt, nullIsInvalid: true))
    }
    if keys == .int, let original = entries.first?.key, let number = Int(original), number >= 0,
      random.chance(dirt)
    {
      // The same integer spelled differently: the second entry in key order is dropped.
      add(random.chance(0.5) ? "0\(number)" : "+\(number)", element.valid(&random, dirt))
    }
    if !entries.isEmpty && random.chance(dirt) {
      entries.remove(at: random.below(entries.count))
    }
    if !entries.isEmpty && random.chance(dirt) {
      // A key written again, later in the object.
      let first = random.below(entries.count)
      let repeated = (entries[first].key, sample(&random, dirt: dirt, nullIsInvalid: true))
      entries.insert(repeated, at: first + 1 + random.below(entries.count - first))
    }

    // Errors inside entry values come as the decoder visits entries (in no fixed order); the
    // errors of entries come after them, in key order: the kept value's, then those of values
    // the decoder read again for the same key and dropped, then the key's own.
    var innerReports: [GeneratedReport] = []
    var entryReports: [(report: GeneratedReport, rank: Int)] = []
    var predictions: [String: Prediction] = [:]
    var dropped: [(key: String, kind: ErrorKind)] = []
    var candidates: [(key: String, value: CanonicalValue)] = []
    for (key, sample) in entries {
      guard predictions[key] == nil else {
        guard GeneratedTarget.readsEveryRepeatedKey else { continue }
        innerReports += sample.inner.map { $0.under(path + [key]) }
        if case .failure(let failure) = sample.decoded {
          dropped.append((key, failure.kind))
          entryReports.append((GeneratedReport(path + [key], failure.kind), dropped.count))
        }
        continue
      }
      innerReports += sample.inner.map { $0.under(path + [key]) }
      predictions[key] = sample.decoded
      switch sample.decoded {
      case .success(let value): candidates.append((key, value))
      case .failure(let failure):
        entryReports.append((GeneratedReport(path + [key], failure.kind), 0))
      }
    }
    func converted(_ key: String) -> String? {
      switch keys {
      case .string: key
      case .int: Int(key).map { String($0) }
      case .flavor: GenFlavor(rawValue: key)?.rawValue
      }
    }
    // Of the keys that convert to one value, the one spelled as the value prints is kept,
    // else the first in key order.
    let ordered = candidates.sorted { lhs, rhs in
      let (left, right) = (converted(lhs.key) == lhs.key, converted(rhs.key) == rhs.key)
      return left != right ? left : lhs.key.isBeforeInKeyOrder(rhs.key)
    }
    var kept: [String: CanonicalValue] = [:]
    for (key, value) in ordered {
      let converted = converted(key)
      guard let converted, kept[converted] == nil else {
        // A key that does not convert is novel for a non-frozen enum key type only; one that
        // converts to a key already kept is corrupt data.
        let kind: ErrorKind =
          keys == .flavor && converted == nil ? .novel(.string(key)) : .dataCorrupted
        entryReports.append((GeneratedReport(path + [key], kind), Int.max))
        predictions[key] = .failure(ExpectedFailure(kind: kind))
        continue
      }
      kept[converted] = value
    }
    let orderedEntryReports = entryReports.sorted { lhs, rhs in
      let (left, right) = (lhs.report.keys.last!, rhs.report.keys.last!)
      if left.isBeforeInKeyOrder(right) { return true }
      if right.isBeforeInKeyOrder(left) { return false }
      return lhs.rank < rhs.rank
    }
    return PlannedField(
      json: .object(entries.map { ($0.key, $0.sample.json) }),
      expected: .entriesProperty(.map(kept), predictions, dropped: dropped),
      reports: innerReports + orderedEntryReports.map(\.report))
  }

  /// A dictionary key: usually a valid one, with probability `dirt` a corrupted one.
  private static func key(_ keys: KeyType, _ random: inout SeededRandom, dirt: Double) -> String {
    switch keys {
    case .string:
      return random.chance(0.3)
        ? random.pick(["snake_case_key", "Index 1", "a.b", ""])
        : ElementGenerator.randomString(&random)
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
      let raw = GenFlavor.allCases.map(\.rawValue)
      guard random.chance(dirt) else { return random.pick(raw) }
      let chosen = random.pick(raw)
      return random.chance(0.5)
        ? String(chosen.prefix(random.below(chosen.count)))
        : ElementGenerator.randomString(&random)
    }
  }
}

// MARK: - Cases

/// One generated case: the payload and everything the oracle predicts about decoding it.
struct GeneratedCase: Sendable {
  let seed: UInt64
  let payload: OrderedJSON
  let expected: CanonicalValue
  /// The reports the reporter must receive, novel values included, in document order except
  /// inside the values of dictionary entries (see ``hasFixedOrder(_:)``).
  let reports: [GeneratedReport]
  /// Whether the payload's top-level keys are written in snake case.
  let snakeCase: Bool
  /// The dictionary properties, at any depth, inside whose entry values errors come in no fixed
  /// order: decoders visit entries in their own order, and only the errors of the entries
  /// themselves are sorted.
  let unorderedDictionaries: Set<String>
  /// How the payload's types hold their records, to predict the record each report names.
  let schema: RecordSchema

  /// A ``GeneratedModel`` payload for `target`, corrupted at random unless `quality` says it
  /// is clean.
  static func model(
    seed: UInt64, for target: GeneratedTarget = .jsonDecoder,
    quality: PayloadQuality = .corruptedAtRandom
  ) -> GeneratedCase {
    GeneratedTarget.$current.withValue(target) {
      var random = SeededRandom(seed: seed)
      let randomDirt = random.pick([0, 0.05, 0.15, 0.3, 0.6])
      let dirt = quality == .corruptedAtRandom ? randomDirt : 0
      let snakeCase = random.chance(0.25) && target.convertsSnakeCase
      return GeneratedTarget.$readsEveryRepeatedKey.withValue(snakeCase) {
        GeneratedTarget.$writesNullValues.withValue(quality != .clean(nulls: false)) {
          model(seed: seed, random: &random, dirt: dirt, snakeCase: snakeCase, quality: quality)
        }
      }
    }
  }

  /// The rest of ``model(seed:for:quality:)``, once the case's dirt and key style are drawn.
  private static func model(
    seed: UInt64, random: inout SeededRandom, dirt: Double, snakeCase: Bool,
    quality: PayloadQuality
  ) -> GeneratedCase {
    var entries: [(key: String, value: OrderedJSON)] = []
    var expected: [String: CanonicalValue] = [:]
    var reports: [GeneratedReport] = []
    var unordered = Set<String>()
    for field in generatedModelFields {
      if random.chance(dirt / 4) {
        entries.append(("zz_unknown_\(entries.count)", .array([.int(1), .null])))
      }
      let planned: PlannedField
      if case .clean(let nulls) = quality, field.isOptional, random.chance(0.2) {
        planned = field.absent(missing: !nulls || random.chance(0.5))
      } else {
        planned = field.plan(at: [field.name], &random, dirt: dirt)
      }
      if let json = planned.json {
        entries.append((snakeCase ? snakeCased(field.name) : field.name, json))
      }
      expected[field.name] = planned.expected
      reports += planned.reports
      if case .dictionary = field.shape { unordered.insert(field.name) }
    }
    return GeneratedCase(
      seed: seed, payload: .object(entries), expected: .map(expected), reports: reports,
      snakeCase: snakeCase, unorderedDictionaries: unordered, schema: .generatedModel)
  }

  /// A top-level `Resilient<[GenItem]>` payload for `target`, corrupted at random unless
  /// `quality` says it is clean.
  static func topLevelItems(
    seed: UInt64, for target: GeneratedTarget = .jsonDecoder,
    quality: PayloadQuality = .corruptedAtRandom
  ) -> GeneratedCase {
    GeneratedTarget.$current.withValue(target) {
      var random = SeededRandom(seed: seed)
      let randomDirt = random.pick([0, 0.1, 0.3, 0.6])
      let dirt = quality == .corruptedAtRandom ? randomDirt : 0
      let field = GeneratedField("", .array(optional: false), .item)
      let planned = field.plan(at: [], &random, dirt: dirt, canBeMissing: false)
      return GeneratedCase(
        seed: seed, payload: planned.json ?? .null, expected: planned.expected,
        reports: planned.reports, snakeCase: false, unorderedDictionaries: [],
        schema: .topLevelItems)
    }
  }

  /// Whether `report` comes in a fixed place among the reports of this case: every report
  /// but those inside the value of a dictionary entry, at any depth.
  func hasFixedOrder(_ report: GeneratedReport) -> Bool {
    let keys = report.keys
    guard keys.count > 2 else { return true }
    return !(0..<keys.count - 2).contains { unorderedDictionaries.contains(keys[$0]) }
  }
}

/// How much of a generated payload is corrupted.
enum PayloadQuality: Equatable, Sendable {
  /// Corrupted at a rate drawn for each case (none for some).
  case corruptedAtRandom
  /// Nothing that plain `Codable` refuses: every value valid, and the optional properties of
  /// a model sometimes missing or, if `nulls`, `null` (property lists cannot hold `null`).
  case clean(nulls: Bool)
}

/// `camelCase` written as `camel_case`.
func snakeCased(_ name: String) -> String {
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
