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

/// Ten optional properties, as plain `Codable` decodes them (`decodeIfPresent`).
struct PlainRecord: Decodable, Equatable, Sendable {
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

/// What the resilient side of `ints.hostile` returns: the values kept and the digest that
/// reports the others.
struct ReportedIntegers: Sendable {
  let values: [Int]
  let digest: ErrorDigest
}

/// What both sides of `ints.hostile` must agree on: the values kept, and the paths of the
/// elements that were dropped.
struct HostileSummary: Equatable, Sendable {
  let kept: [Int]
  let droppedPaths: [String]
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
