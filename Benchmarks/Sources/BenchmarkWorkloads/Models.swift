import Foundation
import ResilientDecoding

// The models every workload decodes, each in three flavours: plain `Codable`, plain `Codable`
// with the hand-written recovery an app writes without this library (`Lossy`), and
// `@Resilient`.

/// A small struct: the element of the array and dictionary workloads.
struct Item: Decodable, Sendable, Equatable {
  let id: Int
  let name: String
  let price: Double
  let available: Bool
}

/// The minimal recovery an app writes without ResilientDecoding: a value that becomes `nil`
/// instead of throwing when it does not decode.
///
/// Used per element (then `compactMap`) and per property as the plain baseline of every dirty
/// workload, since plain `Codable` would throw there.
struct Lossy<Value: Decodable>: Decodable {
  /// The decoded value, or `nil` if it did not decode.
  let value: Value?

  init(from decoder: any Decoder) {
    value = try? decoder.singleValueContainer().decode(Value.self)
  }
}

extension Lossy: Sendable where Value: Sendable {}

/// A raw-value enum with the shape of a server-side "kind" field.
enum Kind: String, ResilientRawRepresentable, Sendable, CaseIterable {
  case alpha, beta, gamma, delta, epsilon, zeta, eta, theta
}

// MARK: - Arrays of structs

struct PlainItems: Decodable, Sendable {
  let items: [Item]
}

struct LossyItems: Decodable, Sendable {
  let items: [Lossy<Item>]
}

struct ResilientItems: Decodable, Sendable {
  @Resilient var items: [Item]
}

// MARK: - Records of optionals

/// The keys of every record of ten properties, whichever side decodes it: plain, lossy, floor
/// or `@Resilient`. One type for all, because the runtime's metadata cache, which these
/// workloads consult for every optional a decoder returns, finds an entry in a number of probes
/// that depends on the address of the container's key type; with a key type per side, one side
/// could cost up to 10% more than another for nothing but where its key type lies in the
/// binary (see README.md, "How it measures").
enum RecordKey: String, CodingKey {
  case id, title, score, flag, count, note, ratio, active, rank, tag
}

/// Ten optional properties, as plain `Codable` decodes them (`decodeIfPresent`).
struct PlainRecord: Decodable, Equatable, Sendable {
  typealias CodingKeys = RecordKey

  let id: Int?
  let title: String?
  let score: Double?
  let flag: Bool?
  let count: Int?
  let note: String?
  let ratio: Double?
  let active: Bool?
  let rank: Int?
  let tag: String?
}

/// The same ten properties, each recovering by hand from a value of the wrong type.
struct LossyRecord: Decodable, Sendable {
  typealias CodingKeys = RecordKey

  let id: Lossy<Int>?
  let title: Lossy<String>?
  let score: Lossy<Double>?
  let flag: Lossy<Bool>?
  let count: Lossy<Int>?
  let note: Lossy<String>?
  let ratio: Lossy<Double>?
  let active: Lossy<Bool>?
  let rank: Lossy<Int>?
  let tag: Lossy<String>?

  /// The record as an app would use it, to check that both decodings agree.
  var unwrapped: PlainRecord {
    PlainRecord(
      id: id?.value, title: title?.value, score: score?.value, flag: flag?.value,
      count: count?.value, note: note?.value, ratio: ratio?.value, active: active?.value,
      rank: rank?.value, tag: tag?.value)
  }
}

/// The same ten properties, `@Resilient`.
struct ResilientRecord: Decodable, Sendable {
  typealias CodingKeys = RecordKey

  @Resilient var id: Int?
  @Resilient var title: String?
  @Resilient var score: Double?
  @Resilient var flag: Bool?
  @Resilient var count: Int?
  @Resilient var note: String?
  @Resilient var ratio: Double?
  @Resilient var active: Bool?
  @Resilient var rank: Int?
  @Resilient var tag: String?

  /// The record as an app would use it, to check that both decodings agree.
  var unwrapped: PlainRecord {
    PlainRecord(
      id: id, title: title, score: score, flag: flag, count: count, note: note, ratio: ratio,
      active: active, rank: rank, tag: tag)
  }
}

// MARK: - Records of defaults

/// Ten non-optional properties, as plain `Codable` decodes them (clean data only).
struct PlainValues: Decodable, Equatable, Sendable {
  typealias CodingKeys = RecordKey

  let id: Int
  let title: String
  let score: Double
  let flag: Bool
  let count: Int
  let note: String
  let ratio: Double
  let active: Bool
  let rank: Int
  let tag: String
}

/// The same ten properties, each with a default: zero, the empty string or `false`.
struct DefaultedRecord: Decodable, Sendable {
  typealias CodingKeys = RecordKey

  @ResilientZero var id: Int
  @ResilientEmptyString var title: String
  @ResilientZero var score: Double
  @ResilientFalse var flag: Bool
  @ResilientZero var count: Int
  @ResilientEmptyString var note: String
  @ResilientZero var ratio: Double
  @ResilientFalse var active: Bool
  @ResilientZero var rank: Int
  @ResilientEmptyString var tag: String

  /// The record as an app would use it, to check that every decoding agrees.
  var values: PlainValues {
    PlainValues(
      id: id, title: title, score: score, flag: flag, count: count, note: note, ratio: ratio,
      active: active, rank: rank, tag: tag)
  }
}

extension PlainRecord {
  /// The record with each absent or failed value replaced by its default, as
  /// ``DefaultedRecord`` holds it.
  var defaulted: PlainValues {
    PlainValues(
      id: id ?? 0, title: title ?? "", score: score ?? 0, flag: flag ?? false, count: count ?? 0,
      note: note ?? "", ratio: ratio ?? 0, active: active ?? false, rank: rank ?? 0,
      tag: tag ?? "")
  }
}

struct PlainValueRecords: Decodable, Sendable {
  let records: [PlainValues]
}

struct DefaultedRecords: Decodable, Sendable {
  let records: [DefaultedRecord]
}

struct PlainRecords: Decodable, Sendable {
  let records: [PlainRecord]
}

struct LossyRecords: Decodable, Sendable {
  let records: [LossyRecord]
}

struct ResilientRecords: Decodable, Sendable {
  let records: [ResilientRecord]
}

// MARK: - Dictionaries

struct PlainDictionary: Decodable, Sendable {
  let items: [String: Item]
}

struct LossyDictionary: Decodable, Sendable {
  let items: [String: Lossy<Item>]
}

struct ResilientDictionary: Decodable, Sendable {
  @Resilient var items: [String: Item]
}

// MARK: - Integers

struct PlainIntegers: Decodable, Sendable {
  let values: [Int]
}

struct ResilientIntegers: Decodable, Sendable {
  @Resilient var values: [Int]
}

struct ResilientIntDictionary: Decodable, Sendable {
  @Resilient var values: [String: Int]
}

/// A document with one big number, read as an optional.
struct PlainBigNumber: Decodable, Sendable {
  let value: Int?
}

struct ResilientBigNumber: Decodable, Sendable {
  @Resilient var value: Int?
}

/// What each side of a `nothing.*` workload must agree on: how many elements failed, counted
/// by the digest (0 without a reporter), provided the side kept exactly the elements it should
/// (the one good value of the baseline document, none of the other).
struct NothingSummary: Equatable, Sendable {
  let failures: Int

  init(kept: Int, expectedKept: Int, digest: ErrorDigest?) {
    failures =
      kept == expectedKept
      ? (digest?.entries.count ?? 0) + (digest?.omittedErrorCount ?? 0) : -1
  }

  init(expectingFailures failures: Int) {
    self.failures = failures
  }
}

/// What a resilient side with a reporter returns: the value and the digest of what was
/// reported.
struct WithDigest<Value: Sendable>: Sendable {
  let value: Value
  let digest: ErrorDigest?
}

/// What a floor with a log returns: the value and the log.
struct WithLog<Value: Sendable>: Sendable {
  let value: Value
  let log: FloorLog
}

/// What a floor and the resilient side with a reporter must agree on: the values kept, how
/// many failures were recorded and the paths of those a default reporter stores in full (the
/// first `ResilientDecodingErrorReporter.defaultMaximumStoredErrors`, 10,000).
struct Reported<Value: Equatable & Sendable>: Equatable, Sendable {
  let value: Value
  let count: Int
  let paths: [String]

  /// What a floor logged: every path.
  init(value: Value, paths: [String]) {
    self.value = value
    self.count = paths.count
    self.paths = Array(paths.prefix(ResilientDecodingErrorReporter.defaultMaximumStoredErrors))
  }

  /// What a reporter's digest holds.
  init(value: Value, digest: ErrorDigest?) {
    self.value = value
    self.count = (digest?.entries.count ?? 0) + (digest?.omittedErrorCount ?? 0)
    self.paths = digest?.entries.map(\.path) ?? []
  }
}

/// What both sides of `ints.hostile` must agree on: the values kept, how many elements were
/// dropped, and the paths of those a default reporter stores in full (the first
/// `ResilientDecodingErrorReporter.defaultMaximumStoredErrors`, 10,000).
struct HostileSummary: Equatable, Sendable {
  let kept: [Int]
  let droppedCount: Int
  let storedPaths: [String]
}

/// What each side of `ints.lastgood` must hold: the one number, how many errors the digest
/// counts, how many it stores in full, and whether those are the first failed elements, in
/// order.
struct LastGoodSummary: Equatable, Sendable {
  let values: [Int]
  let errorCount: Int
  let storedCount: Int
  let storesTheFirstFailures: Bool

  /// Summarises a decode of `failures` strings and one number at `goodIndex`.
  init(_ reported: WithDigest<ResilientIntegers>, failures: Int, goodIndex: Int) {
    let entries = reported.digest?.entries ?? []
    values = reported.value.values
    errorCount = entries.count + (reported.digest?.omittedErrorCount ?? 0)
    storedCount = entries.count
    let failedIndices = (0...failures).lazy.filter { $0 != goodIndex }
    storesTheFirstFailures = entries.map(\.path).elementsEqual(
      failedIndices.prefix(entries.count).map { "values[\($0)]" })
  }

  /// What a decode of `failures` strings and the number `good` must give with a default
  /// reporter.
  init(expectingFailures failures: Int, good: Int) {
    values = [good]
    errorCount = failures
    storedCount = min(failures, ResilientDecodingErrorReporter.defaultMaximumStoredErrors)
    storesTheFirstFailures = true
  }
}

// MARK: - Recursive chains

// Models that contain themselves, decoded from chains 200 levels deep with one failure at the
// bottom (or at every level). The resilient side is the model as an app declares it; the plain
// side is the least a plain `Codable` model needs to decode the same document: a `Lossy`
// where a value fails, nothing else.

/// A node of a tree whose children are an array, as an app declares it.
struct ResilientNode: Decodable, Sendable {
  let name: String
  @Resilient var children: [ResilientNode]
  @Resilient var score: Int?
}

/// `ResilientNode` in plain `Codable`: only the score, which fails at the bottom, recovers.
struct PlainNode: Decodable, Sendable {
  let name: String
  let children: [PlainNode]
  let score: Lossy<Int>?
}

/// A node of a tree whose children are a dictionary, as an app declares it.
struct ResilientBranch: Decodable, Sendable {
  @Resilient var kids: [String: ResilientBranch]
  @Resilient var score: Int?
}

/// `ResilientBranch` in plain `Codable`: only the score, which fails at the bottom, recovers.
struct PlainBranch: Decodable, Sendable {
  let kids: [String: PlainBranch]
  let score: Lossy<Int>?
}

/// A link of a chain whose every link fails: `req` is missing everywhere.
struct ResilientLink: Decodable, Sendable {
  @Resilient var c: [ResilientLink]
  let req: Int
}

/// The document around the chain of links, so that its top level decodes.
struct ResilientChain: Decodable, Sendable {
  @Resilient var links: [ResilientLink]
}

/// `ResilientLink` in plain `Codable`: as `@Resilient` does, each array keeps the elements
/// that decode, here none.
struct PlainLink: Decodable, Sendable {
  let c: [Lossy<PlainLink>]
  let req: Int
}

/// `ResilientChain` in plain `Codable`.
struct PlainChain: Decodable, Sendable {
  let links: [Lossy<PlainLink>]
}

/// What both sides of a chain must agree on: each level's name and score, down the first
/// branch, and the paths of the errors reported (with the record each names, if any).
struct ChainSummary: Equatable, Sendable {
  var names: [String] = []
  var scores: [Int?] = []
  var reports: [String] = []
}

extension ChainSummary {
  /// The chain of `ResilientNode`s and what the reporter reported.
  init(_ reported: WithDigest<ResilientNode>) {
    var node = reported.value
    while true {
      names.append(node.name)
      scores.append(node.score)
      guard let child = node.children.first else { break }
      node = child
    }
    reports = (reported.digest?.entries ?? []).map { "\($0.path) in \($0.recordID ?? "none")" }
  }

  /// The chain of `PlainNode`s, with a report where a score failed.
  init(_ root: PlainNode) {
    var node = root
    var path = ""
    while true {
      names.append(node.name)
      scores.append(node.score?.value)
      if let score = node.score, score.value == nil { reports.append(path + "score in none") }
      guard let child = node.children.first else { break }
      node = child
      path += "children[0]."
    }
  }

  /// The chain of `ResilientBranch`es down the `"a"` kids, with the `"b"` kids' scores, and
  /// what the reporter reported.
  init(_ reported: WithDigest<ResilientBranch>) {
    var branch = reported.value
    while true {
      scores.append(branch.score)
      names.append(branch.kids.keys.sorted().joined(separator: ","))
      if let b = branch.kids["b"] { scores.append(b.score) }
      guard let a = branch.kids["a"] else { break }
      branch = a
    }
    reports = (reported.digest?.entries ?? []).map(\.path)
  }

  /// The chain of `PlainBranch`es, as the other initialiser walks it, with a report where a
  /// score failed.
  init(_ root: PlainBranch) {
    var branch = root
    var path = ""
    while true {
      scores.append(branch.score?.value)
      names.append(branch.kids.keys.sorted().joined(separator: ","))
      if let score = branch.score, score.value == nil { reports.append(path + "score") }
      if let b = branch.kids["b"] { scores.append(b.score?.value) }
      guard let a = branch.kids["a"] else { break }
      branch = a
      path += "kids.a."
    }
  }
}

// MARK: - Raw-value enums

struct PlainKinds: Decodable, Sendable {
  let kinds: [Kind]
}

struct LossyKinds: Decodable, Sendable {
  let kinds: [Lossy<Kind>]
}

struct ResilientKinds: Decodable, Sendable {
  @Resilient var kinds: [Kind]
}

// MARK: - Floors

// The least work a hand-written decoder can do to recover from the same failures, written
// for this data and this decoder: the baseline of every dirty workload's limit. Each decodes
// values straight from the decoder's containers, as `@Resilient` does, and nothing more.

/// What a floor stores for each failure when the decoder's `userInfo` holds one, in the
/// `.reporter` workloads: the error and its coding path, the least a reporter must keep.
final class FloorLog: @unchecked Sendable {
  // `@unchecked`: a log is made for one decode, on one thread, and read after it returns.
  private(set) var entries: [(error: any Error, codingPath: [any CodingKey])] = []

  /// The key under which a decoder's `userInfo` holds the log.
  static let key = CodingUserInfoKey(rawValue: "benchmarks.floorLog")!

  func append(_ error: any Error, at codingPath: [any CodingKey]) {
    entries.append((error, codingPath))
  }

  /// The entries' paths, written as `ErrorDigest.Entry.path` writes them.
  var paths: [String] {
    entries.map { entry in
      entry.codingPath.reduce(into: "") { path, key in
        if let index = key.intValue, key.stringValue == "Index \(index)" {
          path += "[\(index)]"
        } else {
          path += (path.isEmpty ? "" : ".") + key.stringValue
        }
      }
    }
  }
}

/// The position of an element in an unkeyed container, for a floor's log.
struct FloorIndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(intValue!)" }

  init(_ index: Int) { intValue = index }
  init?(intValue: Int) { self.intValue = intValue }
  init?(stringValue: String) { nil }
}

/// A value that decodes from anything, reading nothing: moves an unkeyed container past an
/// element that failed.
struct FloorSkip: Decodable {
  init(from decoder: any Decoder) {}
}

enum Floor {
  /// Every element of `container` that decodes as `Element`; a failed one is skipped, and
  /// logged when `decoder`'s `userInfo` holds a log (looked up at the first failure).
  @inline(__always)
  static func elements<Element: Decodable>(
    _: Element.Type, of container: inout any UnkeyedDecodingContainer, decoder: any Decoder
  ) -> [Element] {
    var elements: [Element] = []
    if let count = container.count { elements.reserveCapacity(count) }
    var log: FloorLog??
    while !container.isAtEnd {
      let index = container.currentIndex
      do {
        elements.append(try container.decode(Element.self))
      } catch {
        if log == nil { log = .some(decoder.userInfo[FloorLog.key] as? FloorLog) }
        log??.append(error, at: container.codingPath + [FloorIndexKey(index)])
        if container.currentIndex == index { _ = try? container.decode(FloorSkip.self) }
        if container.currentIndex == index { break }
      }
    }
    return elements
  }

}

/// A dictionary's value that becomes `nil` instead of throwing.
///
/// The floor of a dictionary: `[String: FloorCaught<Item>]`, then `compactMapValues`. Like
/// every floor, it decodes values through the decoder's containers, as plain `Codable` does,
/// so that a decoder keeps its own handling of the types it treats specially; calling
/// `Item(from: decoder)` directly would skip that. Reading the entries one by one from a keyed
/// container instead would convert the dictionary's keys under a `keyDecodingStrategy`, which
/// plain `Codable` (and `@Resilient`) keep as written. README.md gives both figures.
struct FloorCaught<Value: Decodable>: Decodable {
  let value: Value?

  init(from decoder: any Decoder) {
    value = try? decoder.singleValueContainer().decode(Value.self)
  }
}

/// `FloorCaught` that also logs a failure, when the decoder's `userInfo` holds a log.
struct LoggingFloorCaught<Value: Decodable>: Decodable {
  let value: Value?

  init(from decoder: any Decoder) {
    do {
      value = try decoder.singleValueContainer().decode(Value.self)
    } catch {
      (decoder.userInfo[FloorLog.key] as? FloorLog)?.append(error, at: decoder.codingPath)
      value = nil
    }
  }
}

extension FloorCaught: Sendable where Value: Sendable {}
extension LoggingFloorCaught: Sendable where Value: Sendable {}

/// The key of a one-property document (`{"items": …}`, `{"kinds": …}`).
enum FloorDocumentKey: String, CodingKey {
  case items, kinds
}

/// `{"items": [Item]}` recovered by hand: `Floor.elements`.
struct FloorItems: Decodable, Sendable {
  let items: [Item]

  init(from decoder: any Decoder) throws {
    let document = try decoder.container(keyedBy: FloorDocumentKey.self)
    var container = try document.nestedUnkeyedContainer(forKey: .items)
    items = Floor.elements(Item.self, of: &container, decoder: decoder)
  }
}

/// `{"items": [String: Item]}` recovered by hand: `FloorCaught` values.
struct FloorDictionary: Decodable, Sendable {
  let items: [String: Item]

  init(from decoder: any Decoder) throws {
    let document = try decoder.container(keyedBy: FloorDocumentKey.self)
    items = try document.decode([String: FloorCaught<Item>].self, forKey: .items)
      .compactMapValues { $0.value }
  }
}

/// `FloorDictionary` that logs each failure, when the decoder's `userInfo` holds a log.
struct LoggingFloorDictionary: Decodable, Sendable {
  let items: [String: Item]

  init(from decoder: any Decoder) throws {
    let document = try decoder.container(keyedBy: FloorDocumentKey.self)
    items = try document.decode([String: LoggingFloorCaught<Item>].self, forKey: .items)
      .compactMapValues { $0.value }
  }
}

/// `{"kinds": [Kind]}` recovered by hand: each element read as a `String`; one of the wrong
/// type skipped, one with no case left out.
struct FloorKinds: Decodable, Sendable {
  let kinds: [Kind]

  init(from decoder: any Decoder) throws {
    let document = try decoder.container(keyedBy: FloorDocumentKey.self)
    var container = try document.nestedUnkeyedContainer(forKey: .kinds)
    var kinds: [Kind] = []
    if let count = container.count { kinds.reserveCapacity(count) }
    while !container.isAtEnd {
      let index = container.currentIndex
      if let raw = try? container.decode(String.self) {
        if let kind = Kind(rawValue: raw) { kinds.append(kind) }
      } else {
        if container.currentIndex == index { _ = try? container.decode(FloorSkip.self) }
        if container.currentIndex == index { break }
      }
    }
    self.kinds = kinds
  }
}

/// A record of ten optionals recovered by hand, exactly as
/// `(try? c.decodeIfPresent(T.self, forKey: k)) ?? nil` per property.
struct FloorRecord: Decodable, Sendable {
  let record: PlainRecord

  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: RecordKey.self)
    record = PlainRecord(
      id: (try? c.decodeIfPresent(Int.self, forKey: .id)) ?? nil,
      title: (try? c.decodeIfPresent(String.self, forKey: .title)) ?? nil,
      score: (try? c.decodeIfPresent(Double.self, forKey: .score)) ?? nil,
      flag: (try? c.decodeIfPresent(Bool.self, forKey: .flag)) ?? nil,
      count: (try? c.decodeIfPresent(Int.self, forKey: .count)) ?? nil,
      note: (try? c.decodeIfPresent(String.self, forKey: .note)) ?? nil,
      ratio: (try? c.decodeIfPresent(Double.self, forKey: .ratio)) ?? nil,
      active: (try? c.decodeIfPresent(Bool.self, forKey: .active)) ?? nil,
      rank: (try? c.decodeIfPresent(Int.self, forKey: .rank)) ?? nil,
      tag: (try? c.decodeIfPresent(String.self, forKey: .tag)) ?? nil)
  }
}

/// `FloorRecord` that also logs each failure when the decoder's `userInfo` holds a log
/// (looked up at the record's first failure).
struct LoggingFloorRecord: Decodable, Sendable {
  let record: PlainRecord

  init(from decoder: any Decoder) throws {
    var c = LoggingFields(container: try decoder.container(keyedBy: RecordKey.self))
    record = PlainRecord(
      id: c.decode(Int.self, .id, decoder), title: c.decode(String.self, .title, decoder),
      score: c.decode(Double.self, .score, decoder), flag: c.decode(Bool.self, .flag, decoder),
      count: c.decode(Int.self, .count, decoder), note: c.decode(String.self, .note, decoder),
      ratio: c.decode(Double.self, .ratio, decoder),
      active: c.decode(Bool.self, .active, decoder), rank: c.decode(Int.self, .rank, decoder),
      tag: c.decode(String.self, .tag, decoder))
  }

  /// The container and the log, looked up at the first failure. One method per property type,
  /// each calling the decoder's own `decodeIfPresent` for that type, as code written by hand
  /// does: a generic helper would call the decoder's generic `decodeIfPresent<T>`, another
  /// path through `JSONDecoder` with other metadata lookups, and the floor would measure that
  /// path instead of the one an app (and `@Resilient`) takes.
  private struct LoggingFields {
    let container: KeyedDecodingContainer<RecordKey>
    var log: FloorLog??

    mutating func decode(_: Int.Type, _ key: RecordKey, _ decoder: any Decoder) -> Int? {
      logging(key, decoder) { try $0.decodeIfPresent(Int.self, forKey: key) }
    }

    mutating func decode(_: String.Type, _ key: RecordKey, _ decoder: any Decoder) -> String? {
      logging(key, decoder) { try $0.decodeIfPresent(String.self, forKey: key) }
    }

    mutating func decode(_: Double.Type, _ key: RecordKey, _ decoder: any Decoder) -> Double? {
      logging(key, decoder) { try $0.decodeIfPresent(Double.self, forKey: key) }
    }

    mutating func decode(_: Bool.Type, _ key: RecordKey, _ decoder: any Decoder) -> Bool? {
      logging(key, decoder) { try $0.decodeIfPresent(Bool.self, forKey: key) }
    }

    @inline(__always)
    private mutating func logging<T>(
      _ key: RecordKey, _ decoder: any Decoder,
      _ decode: (KeyedDecodingContainer<RecordKey>) throws -> T?
    ) -> T? {
      do {
        return try decode(container)
      } catch {
        if log == nil { log = .some(decoder.userInfo[FloorLog.key] as? FloorLog) }
        log??.append(error, at: container.codingPath + [key])
        return nil
      }
    }
  }
}

/// A record of ten defaults recovered by hand, exactly as
/// `(try? c.decodeIfPresent(T.self, forKey: k)) ?? default` per property.
struct FloorDefaultedRecord: Decodable, Sendable {
  let values: PlainValues

  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: RecordKey.self)
    values = PlainValues(
      id: (try? c.decodeIfPresent(Int.self, forKey: .id)) ?? 0,
      title: (try? c.decodeIfPresent(String.self, forKey: .title)) ?? "",
      score: (try? c.decodeIfPresent(Double.self, forKey: .score)) ?? 0,
      flag: (try? c.decodeIfPresent(Bool.self, forKey: .flag)) ?? false,
      count: (try? c.decodeIfPresent(Int.self, forKey: .count)) ?? 0,
      note: (try? c.decodeIfPresent(String.self, forKey: .note)) ?? "",
      ratio: (try? c.decodeIfPresent(Double.self, forKey: .ratio)) ?? 0,
      active: (try? c.decodeIfPresent(Bool.self, forKey: .active)) ?? false,
      rank: (try? c.decodeIfPresent(Int.self, forKey: .rank)) ?? 0,
      tag: (try? c.decodeIfPresent(String.self, forKey: .tag)) ?? "")
  }
}

struct FloorDefaultedRecords: Decodable, Sendable {
  let records: [FloorDefaultedRecord]
}

struct FloorRecords: Decodable, Sendable {
  let records: [FloorRecord]
}

struct LoggingFloorRecords: Decodable, Sendable {
  let records: [LoggingFloorRecord]
}
