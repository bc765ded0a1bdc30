import Foundation
import ResilientDecoding

// The models of the workloads where everything `@Resilient` reads is dropped (`nothing.rows`,
// `drop.records*`): each against a twin document in which every value is good, decoded by
// plain `Codable`.

// MARK: - Rows where nothing decodes

/// A row of integers, as plain `Codable` decodes it.
struct PlainRow: Decodable, Sendable {
  let xs: [Int]
}

struct PlainRows: Decodable, Sendable {
  let rows: [PlainRow]
}

/// A row whose integers are `@Resilient`: a row in which no value decodes is kept, empty.
struct Row: Decodable, Sendable {
  @Resilient var xs: [Int]
}

struct ResilientRows: Decodable, Sendable {
  @Resilient var rows: [Row]
}

/// What both sides of `nothing.rows` must agree on: how many rows were kept, and how many
/// values were accounted for. On the twin, the values kept, every one of them `1`; on the
/// `@Resilient` side, which must keep no value, the failures its digest counts, or without a
/// reporter the values the document holds. A side that kept what it should not gives `-1`.
struct RowsSummary: Equatable, Sendable {
  let rows: Int
  let values: Int

  init(rows: Int, values: Int) {
    self.rows = rows
    self.values = values
  }

  /// The twin's rows.
  init(_ plain: PlainRows) {
    rows = plain.rows.count
    values =
      plain.rows.allSatisfy { $0.xs.allSatisfy { $0 == 1 } }
      ? plain.rows.reduce(0) { $0 + $1.xs.count } : -1
  }

  /// The `@Resilient` side's rows, and its digest if it had a reporter; `valuesPerRow` is what
  /// the document holds, which a side without a reporter cannot count.
  init(_ resilient: ResilientRows, digest: ErrorDigest?, valuesPerRow: Int) {
    rows = resilient.rows.count
    let keptNone = resilient.rows.allSatisfy(\.xs.isEmpty)
    if let digest {
      values = keptNone ? digest.entries.count + digest.omittedErrorCount : -1
    } else {
      values = keptNone ? rows * valuesPerRow : -1
    }
  }
}

// MARK: - Records that all drop

/// A record with a key that every record of `drop.records` lacks (`name`).
struct Rec: Decodable, Sendable {
  let id: Int
  let name: String
}

struct PlainRecs: Decodable, Sendable {
  let recs: [Rec]
}

struct ResilientRecs: Decodable, Sendable {
  @Resilient var recs: [Rec]
}

/// What the sides of `drop.records` must agree on: how many records were accounted for. The
/// twin keeps every record, each with the id of its position and its name; a `@Resilient` side
/// keeps none and its digest counts a failure for each, whose stored entries name their
/// record by its id when the reporter has identifying keys, and name none otherwise. Anything
/// else gives `-1`.
enum DropSummary {
  static func of(_ plain: PlainRecs) -> Int {
    let whole = plain.recs.enumerated().allSatisfy { index, record in
      record.id == index && record.name == "record \(index)"
    }
    return whole ? plain.recs.count : -1
  }

  static func of(_ reported: WithDigest<ResilientRecs>, identified: Bool) -> Int {
    guard reported.value.recs.isEmpty, let digest = reported.digest else { return -1 }
    // Entries are stored in the order the records failed: entry k is record k's.
    let named = digest.entries.enumerated().allSatisfy { index, entry in
      entry.recordID == (identified ? "\(index)" : nil)
    }
    return named ? digest.entries.count + digest.omittedErrorCount : -1
  }
}
