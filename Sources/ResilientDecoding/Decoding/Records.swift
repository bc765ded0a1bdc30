import Foundation

// Which record an error happened in, for a reporter with identifying keys (a `ReportedRecord`,
// `Reporting/ReportedRecord.swift`). Identifiers are read
// only when something failed: from the record holding the failing value, through the keys its
// type declares; and, for an element of a `@Resilient` array or set or an entry of a
// `@Resilient` dictionary, from that element or entry, whole, once it decoded or failed
// (`IdentifiedElement`). DocC: "Reporting in Production".

extension KeyedDecodingContainer {
  /// A record's identifier as the data spells it under `key`: a string, or a number written
  /// back out; `nil` for anything else (a bool, an array, `null`). Read through the concrete
  /// overloads, which decoders serve fastest.
  ///
  /// A string is tried first, then the numbers, unless `numbersFirst` says the identifiers read
  /// before were numbers: an attempt that fails costs a decoder the making of its error. Either
  /// way, a value that decodes one way only gives the same text; a decoder that reads a scalar
  /// both ways (a text format) reads every identifier as a string first, and never turns to
  /// numbers first.
  fileprivate func identifier(forKey key: Key, numbersFirst: Bool) -> (
    text: String, isNumber: Bool
  )? {
    if numbersFirst, let number = number(forKey: key) { return (number, true) }
    if (try? decodeNil(forKey: key)) != false { return nil }
    if let string = try? decode(String.self, forKey: key) {
      // A record's identifier is short; a value of megabytes is kept as its prefix.
      return (BoundedText.prefix(of: string), false)
    }
    if !numbersFirst, let number = number(forKey: key) { return (number, true) }
    return nil
  }

  /// The value under `key` as a number written back out, if it is one.
  private func number(forKey key: Key) -> String? {
    if let integer = try? decode(Int64.self, forKey: key) { return String(integer) }
    if let integer = try? decode(UInt64.self, forKey: key) { return String(integer) }
    guard let number = try? decode(Double.self, forKey: key), number.isFinite else { return nil }
    return integerSpelling(of: number, forKey: key) ?? String(number)
  }

  /// An integer that no 64-bit integer holds, spelled with every digit the data writes, as
  /// `Decimal` reads it (`JSONDecoder` reads it from the text); `nil` for any other number, one
  /// of more than the 38 digits a `Decimal` holds, or a decoder that reads no `Decimal` from a
  /// number.
  private func integerSpelling(of number: Double, forKey key: Key) -> String? {
    guard number.rounded(.towardZero) == number, number.magnitude >= 0x1p63,
      let decimal = try? decode(Decimal.self, forKey: key), decimal.isFinite,
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
  func recordIdentifier(keys: [String], numbersFirst: Bool = false) -> (
    id: String?, isComplete: Bool, isNumber: Bool
  ) {
    var isComplete = true
    for name in keys {
      guard let key = Key(stringValue: name) else {
        isComplete = false
        continue
      }
      guard contains(key) else { continue }
      if let (text, isNumber) = identifier(forKey: key, numbersFirst: numbersFirst) {
        return (text, isComplete, isNumber)
      }
    }
    return (nil, isComplete, false)
  }

  /// The record holding a value of this container, if the reporter names records.
  func enclosingRecord(for reporter: ResilientDecodingErrorReporter) -> ReportedRecord? {
    guard reporter.namesRecords else { return nil }
    let (id, isComplete, _) = recordIdentifier(keys: reporter.identifyingKeys)
    return id.map { ReportedRecord(id: $0, depth: codingPath.count, isComplete: isComplete) }
  }
}

extension Decoder {
  /// The record this decoder holds, read whole, identified by the first of `keys` it has; in
  /// `scope`, the collection whose values name their records, the kind of identifier it read
  /// last is tried first.
  func ownRecord(in scope: NamingScope) -> ReportedRecord? {
    let keys = scope.reporter.identifyingKeys
    guard !keys.isEmpty, let container = try? self.container(keyedBy: AnyCodingKey.self) else {
      return nil
    }
    let (id, _, isNumber) = container.recordIdentifier(
      keys: keys, numbersFirst: scope.identifiersAreNumbers)
    guard let id else { return nil }
    scope.identifiersAreNumbers = isNumber
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
  /// The value's own record; `nil` if it has none, and the record around names the report.
  let record: ReportedRecord?
  /// Whether the report needs no record at all, and none was read (see
  /// `Failures.needsNoRecord(_:at:for:)`).
  var needsNoRecord = false

  /// The error and record of a failure: those a ``RecordedFailure`` brought (`.some(nil)` for
  /// one that needs no record), or the error as it is and `nil`.
  static func unwrap(_ error: any Error) -> (error: any Error, record: ReportedRecord??) {
    // Comparing types costs a pointer comparison, where a cast costs a dynamic cast.
    guard type(of: error) == RecordedFailure.self, let failure = error as? RecordedFailure
    else { return (error, nil) }
    if failure.needsNoRecord { return (failure.error, .some(nil)) }
    return (failure.error, failure.record.map { .some($0) })
  }
}
