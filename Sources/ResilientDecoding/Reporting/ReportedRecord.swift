// The record a report belongs to, as the digest keeps it: its identifier and where it is on the
// report's path. How records are read is in `Decoding/Records.swift`. DocC: "Reporting in
// Production".

/// The record a report belongs to: its identifier, and how many components of the report's
/// coding path lead to it.
struct ReportedRecord: Sendable, Equatable {
  let id: String
  let depth: Int
  /// Whether the identifier is the first identifying key the record holds: the record was read
  /// whole, or through keys that include every identifying key tried before the one found.
  /// Otherwise a record that reads it whole may find one tried before.
  let isComplete: Bool

  init(id: String, depth: Int, isComplete: Bool = true) {
    self.id = id
    self.depth = depth
    self.isComplete = isComplete
  }

  /// The same record, for a report whose path gained `added` components in front.
  func moved(by added: Int) -> ReportedRecord {
    ReportedRecord(id: id, depth: depth + added, isComplete: isComplete)
  }

  /// The same record, now that nothing can read it better.
  var completed: ReportedRecord {
    ReportedRecord(id: id, depth: depth)
  }
}
