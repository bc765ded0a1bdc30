import Foundation

// Which record an error happened in, for a reporter with identifying keys (a `ReportedRecord`,
// `Reporting/ReportedRecord.swift`). Identifiers are read
// only when something failed: from the record holding the failing value, through the keys its
// type declares; and, for an element of a `@Resilient` array or set or an entry of a
// `@Resilient` dictionary, from that element or entry, whole, once it decoded or failed
// (`IdentifiedElement`). DocC: "Reporting in Production".

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
      // A record's identifier is short; a value of megabytes is kept as its prefix.
      text = BoundedText.prefix(of: string)
    } else if let integer = try? container.decode(Int64.self) {
      text = String(integer)
    } else if let integer = try? container.decode(UInt64.self) {
      text = String(integer)
    } else if let number = try? container.decode(Double.self), number.isFinite {
      text = Self.integerSpelling(of: number, in: container) ?? String(number)
    } else {
      text = nil
    }
  }
}

extension RecordIdentifierValue {
  /// An integer that no 64-bit integer holds, spelled with every digit the data writes, as
  /// `Decimal` reads it (`JSONDecoder` reads it from the text); `nil` for any other number, one
  /// of more than the 38 digits a `Decimal` holds, or a decoder that reads no `Decimal` from a
  /// number.
  fileprivate static func integerSpelling(
    of number: Double, in container: any SingleValueDecodingContainer
  ) -> String? {
    guard number.rounded(.towardZero) == number, number.magnitude >= 0x1p63,
      let decimal = try? container.decode(Decimal.self), decimal.isFinite,
      decimal.exponent >= 0
    else { return nil }
    let text = "\(decimal)"
    let digits = text.utf8.count - (text.hasPrefix("-") ? 1 : 0)
    // A number of more digits lost those past the 38th: the double spells it no worse.
    guard digits <= 38,
      text.utf8.dropFirst(text.hasPrefix("-") ? 1 : 0).allSatisfy({
        (0x30...0x39).contains($0)
      })
    else { return nil }
    return text
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
  /// The record this decoder holds, read whole, identified by the first of `keys` it has.
  func ownRecord(identifiedBy keys: [String]) -> ReportedRecord? {
    guard !keys.isEmpty, let container = try? self.container(keyedBy: AnyCodingKey.self),
      let id = container.recordIdentifier(keys: keys).id
    else { return nil }
    return ReportedRecord(id: id, depth: codingPath.count, isComplete: true)
  }
}

// MARK: - Naming what was reported inside a value

extension ReportedRecord {
  /// The record of a report made at some depth inside a value at `depth` that names its
  /// record (an element of a `@Resilient` collection), once that value decoded: `current`, the
  /// record the report names so far, if nothing can name it better; otherwise the value's own
  /// record, read whole (`ownRecord`), or else `around`, the record holding the value's
  /// collection. A record read through the keys its type declares is named better by the
  /// value read whole if the value is that record; a record further in stays, completed:
  /// nothing reads it better. Returns `nil` to keep `current`.
  static func naming(
    _ current: ReportedRecord?, inValueAt depth: @autoclosure () -> Int,
    ownRecord: () -> ReportedRecord?, around: () -> ReportedRecord?
  ) -> ReportedRecord?? {
    guard let current else {
      guard let named = ownRecord() ?? around() else { return nil }
      return .some(named)
    }
    guard !current.isComplete else { return nil }
    guard current.depth == depth(), let whole = ownRecord() else { return .some(current.completed) }
    return .some(whole)
  }
}

/// An error with the record of the value that threw it, read where it was thrown (see
/// `IdentifiedElement`): the funnel reports the error in that record.
struct RecordedFailure: Error {
  let error: any Error
  let record: ReportedRecord?

  /// The error and record of a failure: those a ``RecordedFailure`` brought, or the error as it
  /// is and no record.
  static func unwrap(_ error: any Error) -> (error: any Error, record: ReportedRecord?) {
    // Comparing types costs a pointer comparison, where a cast costs a dynamic cast.
    guard type(of: error) == RecordedFailure.self, let failure = error as? RecordedFailure
    else { return (error, nil) }
    return (failure.error, failure.record)
  }
}
