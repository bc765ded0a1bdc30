// Which record an error happened in, for a reporter with identifying keys. Identifiers are read
// only when something failed: from the record holding the failing value, through the keys its
// type declares; from the element that failed, whole; and, for an element of a `@Resilient`
// array or set or an entry of a `@Resilient` dictionary, from the element or entry around the
// failure, whole (`Failures.NamingRecord`). DocC: "Reporting in Production".

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

/// A record's identifier as the data spells it: a string, or a number written back out.
/// Decoding it never throws; anything else (a bool, an array, `null`) gives `nil`.
struct RecordIdentifierValue: Decodable {
  let text: String?

  init(from decoder: any Decoder) {
    guard let container = try? decoder.singleValueContainer(), !container.decodeNil() else {
      text = nil
      return
    }
    if let string = try? container.decode(String.self) {
      text = string
    } else if let integer = try? container.decode(Int64.self) {
      text = String(integer)
    } else if let integer = try? container.decode(UInt64.self) {
      text = String(integer)
    } else if let number = try? container.decode(Double.self), number.isFinite {
      text = String(number)
    } else {
      text = nil
    }
  }
}

extension KeyedDecodingContainer {
  /// The identifier of the record this container reads, under the first of `keys` that it has
  /// and that holds a string or a number, and whether it is complete: whether every key tried
  /// before could be asked for. Only keys the container's key type can name can be.
  func recordIdentifier(keys: [String]) -> (id: String?, isComplete: Bool) {
    var isComplete = true
    for name in keys {
      guard let key = Key(stringValue: name) else {
        isComplete = false
        continue
      }
      guard contains(key) else { continue }
      if let text = (try? decode(RecordIdentifierValue.self, forKey: key))?.text {
        return (text, isComplete)
      }
    }
    return (nil, isComplete)
  }

  /// The record holding a value of this container, if the reporter names records.
  func enclosingRecord(for reporter: ResilientDecodingErrorReporter) -> ReportedRecord? {
    guard reporter.namesRecords else { return nil }
    let (id, isComplete) = recordIdentifier(keys: reporter.identifyingKeys)
    return id.map { ReportedRecord(id: $0, depth: codingPath.count, isComplete: isComplete) }
  }
}

extension Decoder {
  /// The record this decoder holds, read whole, if the reporter in its `userInfo` names
  /// records and the value has an identifier.
  func ownRecord() -> ReportedRecord? {
    guard ResilientDecodingErrorReporter.anyIdentifiesRecords,
      let keys = resilientDecodingErrorReporter?.identifyingKeys
    else { return nil }
    return ownRecord(identifiedBy: keys)
  }

  /// The record this decoder holds, read whole, identified by the first of `keys` it has.
  func ownRecord(identifiedBy keys: [String]) -> ReportedRecord? {
    guard !keys.isEmpty, let container = try? self.container(keyedBy: AnyCodingKey.self),
      let id = container.recordIdentifier(keys: keys).id
    else { return nil }
    return ReportedRecord(id: id, depth: codingPath.count)
  }
}

// MARK: - Naming the reports made inside a value

extension HeldReport {
  /// The report made inside a value at `depth` that names its record, once that value decoded:
  /// a report that names no record yet is named by the value's own record, read whole, or
  /// else by the record holding its collection; one whose record is the value, read through
  /// the keys its type declares, by the value read whole. A record further in stays: nothing
  /// reads it better.
  func namingRecord(
    atDepth depth: @autoclosure () -> Int, ownRecord: () -> ReportedRecord?
  ) -> HeldReport {
    guard let record else {
      return inRecord(ownRecord() ?? ReportScope.innermostEnclosingRecord())
    }
    guard !record.isComplete else { return self }
    guard record.depth == depth(), let whole = ownRecord() else {
      return inRecord(record.completed)
    }
    return inRecord(whole)
  }
}

/// The error of a value that names its record (see `Failures.NamingRecord`), with the value's
/// record.
struct IdentifiedElementFailure: Error {
  let error: any Error
  let record: ReportedRecord?
}

extension IdentifiedElementFailure {
  /// The error and record of a value's failure: those a value that names its record brought,
  /// or the error as it is and no record.
  static func unwrap(_ error: any Error) -> (error: any Error, record: ReportedRecord?) {
    guard type(of: error) == IdentifiedElementFailure.self,
      let failure = error as? IdentifiedElementFailure
    else { return (error, nil) }
    return (failure.error, failure.record)
  }
}
