// Which record an error happened in, for a reporter with identifying keys. Identifiers are read
// only when something failed, from the record holding the failing value, the element that
// failed or, for an element of a `@Resilient` array or set, the element around the failure.
// README: "Naming the failing record".

/// The record a report belongs to: its identifier, and how many components of the report's
/// coding path lead to it.
struct ReportedRecord: Sendable, Equatable {
  let id: String
  let depth: Int

  /// The same record, for a report whose path gained `added` components in front.
  func moved(by added: Int) -> ReportedRecord {
    ReportedRecord(id: id, depth: depth + added)
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
  /// and that holds a string or a number; only keys the container's key type can name.
  func recordIdentifier(keys: [String]) -> String? {
    for name in keys {
      guard let key = Key(stringValue: name), contains(key) else { continue }
      if let text = (try? decode(RecordIdentifierValue.self, forKey: key))?.text { return text }
    }
    return nil
  }

  /// The record holding a value of this container, if the reporter names records.
  func enclosingRecord(for reporter: ResilientDecodingErrorReporter) -> ReportedRecord? {
    guard !reporter.identifyingKeys.isEmpty,
      let id = recordIdentifier(keys: reporter.identifyingKeys)
    else { return nil }
    return ReportedRecord(id: id, depth: codingPath.count)
  }
}

extension Decoder {
  /// The identifier of the record this decoder holds, under the first of `keys` it has that
  /// holds a string or a number; `nil` if the value is not a keyed one.
  func recordIdentifier(keys: [String]) -> String? {
    guard !keys.isEmpty, let container = try? self.container(keyedBy: AnyCodingKey.self) else {
      return nil
    }
    return container.recordIdentifier(keys: keys)
  }

  /// The record this decoder holds, if the reporter in its `userInfo` names records and the
  /// value has an identifier.
  func ownRecord() -> ReportedRecord? {
    guard ResilientDecodingErrorReporter.anyIdentifiesRecords,
      let keys = resilientDecodingErrorReporter?.identifyingKeys,
      let id = recordIdentifier(keys: keys)
    else { return nil }
    return ReportedRecord(id: id, depth: codingPath.count)
  }
}

// MARK: - Elements that name their record

/// An element of a `@Resilient` array or set decoded while a reporter names records: it
/// decodes as the element would, and gives what was reported inside it, without a record yet,
/// the element's own record, if it has an identifier. An element that fails throws
/// ``IdentifiedElementFailure``, so that its own report names it too.
struct IdentifiedElement<Element: Decodable>: Decodable {
  let value: Element

  init(from decoder: any Decoder) throws {
    let (result, held) = ReportScope.holdingReports {
      Result { try decoder.singleValueContainer().decode(Element.self) }
    }
    var record: ReportedRecord?? = nil
    func ownRecord() -> ReportedRecord? {
      if let record { return record }
      let found = decoder.ownRecord()
      record = .some(found)
      return found
    }
    if let held {
      ReportScope.passOn(
        held.reports.map { report in
          guard report.record == nil else { return report }
          return report.inRecord(ownRecord() ?? ReportScope.innermostEnclosingRecord())
        })
      for failure in held.caughtFailures { ReportScope.noteCaughtFailure(failure) }
    }
    switch result {
    case .success(let value):
      self.value = value
    case .failure(let error):
      throw IdentifiedElementFailure(error: error, record: ownRecord())
    }
  }
}

/// The error of an element decoded as an ``IdentifiedElement``, with the element's record.
struct IdentifiedElementFailure: Error {
  let error: any Error
  let record: ReportedRecord?
}

extension ResilientElementStrategy {
  /// Whether the elements may be records with identifiers of their own: values decoded by
  /// their own `init(from:)`, not primitives or raw values.
  static var elementsMayBeRecords: Bool {
    decodesLikePlainCodable && !decodesPrimitive
  }
}

/// Decodes each value as an ``IdentifiedElement`` of `Base`'s elements: the strategy of the
/// elements of arrays and sets while a reporter names records.
enum IdentifiedStrategy<Base: ResilientElementStrategy>: ResilientElementStrategy {
  typealias Element = Base.Element

  static func decode<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws
    -> Element
  {
    try container.decode(IdentifiedElement<Element>.self, forKey: key).value
  }

  static func decodeIfPresent<Key>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
    throws -> Element?
  {
    try container.decodeIfPresent(IdentifiedElement<Element>.self, forKey: key)?.value
  }

  static func decode(from container: inout any UnkeyedDecodingContainer) throws -> Element {
    try container.decode(IdentifiedElement<Element>.self).value
  }

  static func decode(from container: any SingleValueDecodingContainer) throws -> Element {
    try container.decode(IdentifiedElement<Element>.self).value
  }

  static var decodesLikePlainCodable: Bool { false }

  static var decodesPrimitive: Bool { false }
}

extension IdentifiedElementFailure {
  /// The error and record of an element's failure: those an ``IdentifiedElement`` brought, or
  /// the error as it is and no record.
  static func unwrap(_ error: any Error) -> (error: any Error, record: ReportedRecord?) {
    guard type(of: error) == IdentifiedElementFailure.self,
      let failure = error as? IdentifiedElementFailure
    else { return (error, nil) }
    return (failure.error, failure.record)
  }
}
