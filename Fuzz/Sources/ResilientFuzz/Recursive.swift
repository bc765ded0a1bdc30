// Recursive models in the fuzz target: a node that holds itself in a `@Resilient` array and a
// `@Resilient` dictionary, decoded with a reporter whose identifying keys the node declares in
// part. Besides the invariants of every model, each input checks that decoding costs linear
// work (each record's `init(from:)` runs a bounded number of times), that a clean tree decodes
// as plain `Codable` decodes it, and that every report names the record the rule of the README
// ("Naming the failing record") names, wherever the input says it unambiguously.

import Foundation
import ResilientDecoding

// MARK: - The model

/// The identifying keys of the reporter that names the records of ``FuzzNode``s, in order:
/// `uuid` no type declares, `id` the node declares, `ref` its host declares.
let fuzzIdentifyingKeys = ["uuid", "id", "ref"]

/// The keys of a ``FuzzNode``: its properties, and `id`, an identifying key it declares but
/// does not decode.
enum FuzzNodeKey: String, CodingKey {
  case name, score, host, children, kids, id
}

/// A node of a tree. `name` is its only required property and comes first, so that a node
/// that fails reports exactly one error, at its own path, as its DEBUG outcome says.
struct FuzzNode: Decodable, Equatable {
  let name: String
  @Resilient var score: Int?
  @Resilient var host: FuzzHost?
  @Resilient var children: [FuzzNode]
  @Resilient var kids: [String: FuzzNode]

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FuzzNodeKey.self)
    FuzzRecordRuns.count(in: decoder)
    name = try container.decode(String.self, forKey: .name)
    _score = try container.decode(Resilient<Int?>.self, forKey: .score)
    _host = try container.decode(Resilient<FuzzHost?>.self, forKey: .host)
    _children = try container.decode(Resilient<[FuzzNode]>.self, forKey: .children)
    _kids = try container.decode(Resilient<[String: FuzzNode]>.self, forKey: .kids)
  }
}

/// A record held by a node's property, read through the keys it declares: `ref` (not
/// decoded) and a resilient `label`.
struct FuzzHost: Decodable, Equatable {
  @Resilient var label: Int?

  enum CodingKeys: String, CodingKey {
    case ref, label
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    FuzzRecordRuns.count(in: decoder)
    _label = try container.decode(Resilient<Int?>.self, forKey: .label)
  }
}

/// The plain twin of ``FuzzNode``: the same properties without `@Resilient`.
struct FuzzPlainNode: Decodable, Equatable {
  struct Host: Decodable, Equatable {
    let label: Int?
  }

  let name: String
  let score: Int?
  let host: Host?
  let children: [FuzzPlainNode]
  let kids: [String: FuzzPlainNode]
}

extension FuzzNode {
  /// The node as its plain twin holds it.
  var plain: FuzzPlainNode {
    FuzzPlainNode(
      name: name, score: score, host: host.map { FuzzPlainNode.Host(label: $0.label) },
      children: children.map(\.plain), kids: kids.mapValues(\.plain))
  }
}

#if DEBUG
  extension FuzzNode {
    func expectErrors(at path: [String], into errors: inout [FuzzError]) {
      let node = { (node: FuzzNode, path: [String], errors: inout [FuzzError]) in
        node.expectErrors(at: path, into: &errors)
      }
      fuzzExpectValue($score.outcome, at: path + ["score"], into: &errors)
      fuzzExpectValue($host.outcome, at: path + ["host"], into: &errors)
      if let host {
        fuzzExpectValue(host.$label.outcome, at: path + ["host", "label"], into: &errors)
      }
      fuzzExpectElements(
        $children.outcome, $children.results, at: path + ["children"], into: &errors,
        nested: node)
      fuzzExpectEntries(
        $kids.outcome, $kids.results, at: path + ["kids"], into: &errors, nested: node)
    }
  }
#else
  extension FuzzNode {
    /// Release builds have no outcomes to compare the digest with.
    func expectErrors(at path: [String], into errors: inout [FuzzError]) {}
  }
#endif

/// Counts the `init(from:)` of the records of the recursive model, through the decoder's
/// `userInfo`.
final class FuzzRecordRuns: @unchecked Sendable {
  // `@unchecked`: `count` is only touched holding `lock`.
  private let lock = NSLock()
  private var count = 0

  static let key = CodingUserInfoKey(rawValue: "ResilientFuzz.recordRuns")!

  static func count(in decoder: any Decoder) {
    guard let runs = decoder.userInfo[key] as? FuzzRecordRuns else { return }
    runs.lock.withLock { runs.count += 1 }
  }

  var value: Int { lock.withLock { count } }
}

/// How many times at most a record's `init(from:)` may run in one decode, per JSON object of
/// the input: twice, thrice for dictionaries and arrays in turn (the design article, "Second
/// decodes").
let fuzzRunsPerRecord = 3

// MARK: - The checks

/// Decodes `data` as a ``FuzzNode`` with every decoder and checks every invariant.
func fuzzCheckRecursive(_ data: Data, propertyList: Data?) {
  let name = "recursive model"
  fuzzCheck(FuzzNode.self, data, name: name, propertyList: propertyList) { node, errors in
    node.expectErrors(at: [], into: &errors)
  }
  let document = FuzzJSON(data)
  let records = document.map { $0.objectCount } ?? 0

  // Every input decodes on the same thread, which keeps what it decoded before (the
  // dictionaries whose trials it skips): records must not depend on it.
  let decodes = fuzzOnDecodingThread {
    [
      fuzzDecodeNode(data, identifyingKeys: fuzzIdentifyingKeys, strictly: false),
      fuzzDecodeNode(data, identifyingKeys: fuzzIdentifyingKeys, strictly: true),
      fuzzDecodeNode(data, identifyingKeys: [], strictly: false),
    ]
  }
  let reference = decodes[2]
  for decoded in decodes {
    let decoder =
      "\(decoded.strictly ? "strict decoder" : "JSONDecoder"), keys "
      + "\(decoded.identifyingKeys)"
    // Work is bounded by the objects of the input, when this reader could count them.
    if document != nil && decoded.runs > fuzzRunsPerRecord * records {
      fuzzViolation(
        "\(decoder): \(decoded.runs) runs of init(from:) for \(records) records", name, data)
    }
    if !decoded.superDecoderCalls.isEmpty {
      fuzzViolation(
        "\(decoder): super-decoders asked for at \(decoded.superDecoderCalls)", name, data)
    }
    switch (decoded.result, reference.result) {
    case (.success(let value), .success(let plain)):
      if value.node != plain.node {
        fuzzViolation("\(decoder): the value differs from JSONDecoder's", name, data)
      }
      if fuzzSortedErrors(value.digest) != fuzzSortedErrors(plain.digest) {
        fuzzViolation("\(decoder): the digest differs from JSONDecoder's", name, data)
      }
      if let digest = value.digest, let document {
        let problems = fuzzRecordProblems(
          digest, document, identifyingKeys: decoded.identifyingKeys)
        if !problems.isEmpty {
          fuzzViolation("\(decoder): " + problems.joined(separator: "\n"), name, data)
        }
      }
    case (.failure, .failure):
      break
    default:
      fuzzViolation("\(decoder): one decode threw and the other did not", name, data)
    }
  }

  // Wherever plain `Codable` decodes the input, it sets the bar.
  if let plain = try? JSONDecoder().decode(FuzzPlainNode.self, from: data) {
    switch reference.result {
    case .success(let decoded):
      if decoded.node.plain != plain {
        fuzzViolation("plain Codable decoded another value", name, data)
      }
      if let digest = decoded.digest {
        fuzzViolation("plain Codable decoded it, but it reported:\n\(digest)", name, data)
      }
    case .failure(let error):
      fuzzViolation("plain Codable decoded it, but it threw \(error)", name, data)
    }
  }
}

/// One decode of a ``FuzzNode``: how it went, and the work it took.
struct FuzzNodeDecode {
  let identifyingKeys: [String]
  let strictly: Bool
  let result: Result<(node: FuzzNode, digest: ErrorDigest?), any Error>
  let runs: Int
  let superDecoderCalls: [String]
}

/// Decodes `data` as a ``FuzzNode`` with `JSONDecoder` or through the strict decoder, with a
/// reporter with `identifyingKeys` and a count of the records' `init(from:)`.
func fuzzDecodeNode(_ data: Data, identifyingKeys: [String], strictly: Bool) -> FuzzNodeDecode {
  let decoder = JSONDecoder()
  let runs = FuzzRecordRuns()
  let calls = SuperDecoderCalls()
  let reporter = ResilientDecodingErrorReporter(identifyingKeys: identifyingKeys)
  decoder.userInfo = [
    .resilientDecodingErrorReporter: reporter, FuzzRecordRuns.key: runs,
    .fuzzSuperDecoderCalls: calls,
  ]
  let result = Result { () throws -> (node: FuzzNode, digest: ErrorDigest?) in
    let node =
      strictly
      ? try decoder.decodeStrictly(FuzzNode.self, from: data)
      : try decoder.decode(FuzzNode.self, from: data)
    return (node, reporter.flushReportedErrors())
  }
  if case .failure = result, let digest = reporter.flushReportedErrors() {
    fuzzViolation("a decode that threw reported errors:\n\(digest)", "recursive model", data)
  }
  return FuzzNodeDecode(
    identifyingKeys: identifyingKeys, strictly: strictly, result: result, runs: runs.value,
    superDecoderCalls: calls.flush())
}

/// Runs `body` on the one thread that decodes every recursive input, with room for inputs
/// nested as deep as `JSONDecoder` reads, and waits for it. The thread keeps what it decoded
/// before, as an app's threads do, so that no input can change what the next one reports.
func fuzzOnDecodingThread<T>(_ body: @escaping () -> T) -> T {
  let box = FuzzThreadBox(body)
  FuzzDecodingThread.shared.run { box.result = box.body() }
  return box.result!
}

/// The work of ``fuzzOnDecodingThread(_:)`` and its result, handed from one thread to the other.
private final class FuzzThreadBox<T>: @unchecked Sendable {
  // `@unchecked`: each is touched by one thread at a time, in turn.
  let body: () -> T
  var result: T?

  init(_ body: @escaping () -> T) {
    self.body = body
  }
}

/// A thread with a large stack that runs one piece of work at a time, for as long as the
/// process lives.
private final class FuzzDecodingThread: @unchecked Sendable {
  // `@unchecked`: `work` is set before `start` is signalled and read only after.
  static let shared = FuzzDecodingThread()
  private let start = DispatchSemaphore(value: 0)
  private let done = DispatchSemaphore(value: 0)
  private var work: (@Sendable () -> Void)?

  private init() {
    let thread = Thread { [self] in
      while true {
        start.wait()
        work?()
        done.signal()
      }
    }
    thread.stackSize = 64 << 20
    thread.start()
  }

  func run(_ body: @escaping @Sendable () -> Void) {
    work = body
    start.signal()
    done.wait()
    // Nothing of one input may outlive it: the leak checker, run when an input allocated more
    // than it freed, cannot see the pointers that Swift stores with tag bits (as `Data` does).
    work = nil
  }
}

// MARK: - The records reports name

/// What is wrong with the records a digest names, by the rule of DocC "Reporting in Production"
/// ("Naming the failing record"), for the entries whose record the input says unambiguously.
///
/// A record's identifier is the first of `identifyingKeys` it holds with a string or a number.
/// Elements of `children`, values of `kids` and the failing element or entry itself are read
/// whole; the root node and a host through the keys their types declare (`id`, `ref`), and
/// only when they hold the failing value or the collection the report is in. The innermost
/// record with an identifier names the report. An entry is not checked when an object on its
/// path writes a key twice (or two keys equal as Swift strings), or when the identifier found
/// is a number Swift writes otherwise (`1.0`, `-0`, `1e2`).
func fuzzRecordProblems(
  _ digest: ErrorDigest, _ document: FuzzJSON, identifyingKeys: [String]
) -> [String] {
  var problems: [String] = []
  for entry in digest.entries(includeUnknownNovelValueErrors: true) {
    let found = entry.recordID.map { "\($0) at \(entry.recordPath ?? "nil")" } ?? "none"
    guard !identifyingKeys.isEmpty else {
      if entry.recordID != nil || entry.recordPath != nil {
        problems.append("\(entry.path): record \(found) without identifying keys")
      }
      continue
    }
    guard
      case .known(let record) = fuzzExpectedRecord(
        entry.codingPath, document, identifyingKeys: identifyingKeys)
    else { continue }
    let expected = record.map {
      "\($0.id) at \(fuzzPath(Array(entry.codingPath.prefix($0.depth))))"
    }
    if found != expected ?? "none" {
      problems.append("\(entry.path): record \(found), expected \(expected ?? "none")")
    }
  }
  return problems
}

/// A prediction that the input may not allow.
enum FuzzPrediction<Value> {
  case known(Value)
  case ambiguous
}

/// The record a report at `codingPath` names, `nil` for none.
func fuzzExpectedRecord(
  _ codingPath: [any CodingKey], _ document: FuzzJSON, identifyingKeys: [String]
) -> FuzzPrediction<(id: String, depth: Int)?> {
  /// What the value at each depth of the path is.
  enum Place {
    case node(whole: Bool)
    case host
    case elements
    case entries
    case other
  }
  var places: [Place] = [.node(whole: false)]
  var values: [FuzzJSON?] = [document]
  for key in codingPath {
    let value = values.last!
    let next: Place
    var child: FuzzJSON?
    switch places.last! {
    case .node:
      switch key.stringValue {
      case "children": next = .elements
      case "kids": next = .entries
      case "host": next = .host
      default: next = .other
      }
    case .elements, .entries:
      next = .node(whole: true)
    case .host, .other:
      next = .other
    }
    switch value {
    case .object(let members)?:
      let matching = members.filter { $0.key == key.stringValue }
      guard matching.count < 2 else { return .ambiguous }
      child = matching.first?.value
    case .array(let elements)?:
      if let index = key.intValue, Int(key.stringValue) == nil, elements.indices.contains(index) {
        child = elements[index]
      }
    default:
      child = nil
    }
    places.append(next)
    values.append(child)
  }
  let failing = codingPath.count
  for depth in stride(from: failing, through: 0, by: -1) {
    guard case .object(let members)? = values[depth] else { continue }
    let declared: Set<String>?
    switch places[depth] {
    case _ where depth == failing:
      // The failing value: read whole if it is an element or an entry, not read otherwise.
      guard depth > 0 else { continue }
      switch places[depth - 1] {
      case .elements, .entries: declared = nil
      default: continue
      }
    case .node(whole: true):
      declared = nil
    case .node(whole: false):
      let holdsCollection: Bool
      switch places[depth + 1] {
      case .elements, .entries: holdsCollection = depth + 1 < failing
      default: holdsCollection = false
      }
      guard depth == failing - 1 || holdsCollection else { continue }
      declared = ["id"]
    case .host:
      guard depth == failing - 1 else { continue }
      declared = ["ref"]
    default:
      continue
    }
    if Set(members.map(\.key)).count < members.count { return .ambiguous }
    for key in identifyingKeys where declared?.contains(key) ?? true {
      guard let value = members.first(where: { $0.key == key })?.value else { continue }
      switch value {
      case .string(let text):
        return .known((text, depth))
      case .number(let text):
        guard let spelled = fuzzSpelledNumber(text) else { continue }
        guard spelled == text else { return .ambiguous }
        return .known((spelled, depth))
      default:
        continue
      }
    }
  }
  return .known(nil)
}

/// A number as the library writes an identifier: an integer as Swift writes it, another number
/// as Swift writes the `Double` it reads as; `nil` for one no `Double` holds.
func fuzzSpelledNumber(_ text: String) -> String? {
  guard let number = Double(text), number.isFinite else { return nil }
  if let integer = Int64(text) { return String(integer) }
  if let integer = UInt64(text) { return String(integer) }
  // `JSONDecoder` reads `1.0` and `1e2` as integers, as the library tries them first.
  if let integer = Int64(exactly: number) { return String(integer) }
  if let integer = UInt64(exactly: number) { return String(integer) }
  return String(number)
}

// MARK: - The input as written

/// A JSON value as the input writes it: members of objects in order, keys written twice kept,
/// numbers as their text. Read by ``init(_:)`` only from valid UTF-8 that RFC 8259 allows.
indirect enum FuzzJSON {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([FuzzJSON])
  case object([(key: String, value: FuzzJSON)])

  /// How many objects the value holds, itself included.
  var objectCount: Int {
    switch self {
    case .null, .bool, .number, .string: 0
    case .array(let elements): elements.reduce(0) { $0 + $1.objectCount }
    case .object(let members): members.reduce(1) { $0 + $1.value.objectCount }
    }
  }

  /// The value `data` writes, or `nil` if it is no JSON this reader accepts (or nests deeper
  /// than `JSONDecoder` reads).
  init?(_ data: Data) {
    var reader = FuzzJSONReader(bytes: Array(data))
    guard let value = reader.value(depth: 0) else { return nil }
    reader.skipWhitespace()
    guard reader.position == reader.bytes.count else { return nil }
    self = value
  }
}

/// Reads ``FuzzJSON`` from bytes.
private struct FuzzJSONReader {
  let bytes: [UInt8]
  var position = 0

  static let maximumDepth = 512

  mutating func skipWhitespace() {
    while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) {
      position += 1
    }
  }

  mutating func value(depth: Int) -> FuzzJSON? {
    guard depth <= Self.maximumDepth else { return nil }
    skipWhitespace()
    guard position < bytes.count else { return nil }
    switch bytes[position] {
    case UInt8(ascii: "{"):
      position += 1
      var members: [(key: String, value: FuzzJSON)] = []
      skipWhitespace()
      if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
        position += 1
        return .object(members)
      }
      while true {
        skipWhitespace()
        guard let key = string(), consume(":"), let value = value(depth: depth + 1) else {
          return nil
        }
        members.append((key, value))
        skipWhitespace()
        if consume(",") { continue }
        guard consume("}") else { return nil }
        return .object(members)
      }
    case UInt8(ascii: "["):
      position += 1
      var elements: [FuzzJSON] = []
      skipWhitespace()
      if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
        position += 1
        return .array(elements)
      }
      while true {
        guard let element = value(depth: depth + 1) else { return nil }
        elements.append(element)
        skipWhitespace()
        if consume(",") { continue }
        guard consume("]") else { return nil }
        return .array(elements)
      }
    case UInt8(ascii: "\""):
      return string().map(FuzzJSON.string)
    case UInt8(ascii: "t"):
      return literal("true") ? .bool(true) : nil
    case UInt8(ascii: "f"):
      return literal("false") ? .bool(false) : nil
    case UInt8(ascii: "n"):
      return literal("null") ? .null : nil
    default:
      return number()
    }
  }

  private mutating func consume(_ character: Unicode.Scalar) -> Bool {
    skipWhitespace()
    guard position < bytes.count, bytes[position] == UInt8(ascii: character) else {
      return false
    }
    position += 1
    return true
  }

  private mutating func literal(_ word: String) -> Bool {
    let expected = Array(word.utf8)
    guard bytes.count - position >= expected.count,
      Array(bytes[position..<position + expected.count]) == expected
    else { return false }
    position += expected.count
    return true
  }

  /// A number as RFC 8259 writes it, kept as its text.
  private mutating func number() -> FuzzJSON? {
    let start = position
    func digits() -> Int {
      let first = position
      while position < bytes.count, (0x30...0x39).contains(bytes[position]) { position += 1 }
      return position - first
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
    let integerStart = position
    let integerDigits = digits()
    guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != 0x30 else { return nil }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard digits() > 0 else { return nil }
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < bytes.count, [UInt8(ascii: "+"), UInt8(ascii: "-")].contains(bytes[position]) {
        position += 1
      }
      guard digits() > 0 else { return nil }
    }
    return .number(String(decoding: bytes[start..<position], as: UTF8.self))
  }

  /// A string, its escapes read; `nil` for invalid UTF-8, a control character, an unknown
  /// escape or a lone surrogate.
  private mutating func string() -> String? {
    guard consume("\"") else { return nil }
    var scalars = String.UnicodeScalarView()
    var run: [UInt8] = []
    func flush() -> Bool {
      guard !run.isEmpty else { return true }
      guard let text = String(validating: run, as: UTF8.self) else { return false }
      scalars.append(contentsOf: text.unicodeScalars)
      run = []
      return true
    }
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        return flush() ? String(scalars) : nil
      case UInt8(ascii: "\\"):
        guard flush(), position < bytes.count else { return nil }
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{8}")
        case UInt8(ascii: "f"): scalars.append("\u{C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          guard let unit = hex4() else { return nil }
          if (0xD800..<0xDC00).contains(unit) {
            guard literal("\\u"), let low = hex4(), (0xDC00..<0xE000).contains(low),
              let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            else { return nil }
            scalars.append(scalar)
          } else {
            guard let scalar = Unicode.Scalar(unit) else { return nil }
            scalars.append(scalar)
          }
        default:
          return nil
        }
      case 0..<0x20:
        return nil
      default:
        run.append(byte)
      }
    }
    return nil
  }

  private mutating func hex4() -> UInt32? {
    guard bytes.count - position >= 4,
      let value = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
    else { return nil }
    position += 4
    return value
  }
}
