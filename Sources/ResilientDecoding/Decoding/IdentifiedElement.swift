import Foundation

// Values of collections decoded so that each names its record, while a reporter that names
// records may exist: the elements of an array or a set, the entries of a dictionary. One pass:
// each value holds what is reported inside it and names it once it has decoded, when its
// decoder is back at the value's level (`JSONDecoder` reuses one decoder object for every
// level, so a value cannot be read while something inside it decodes). DocC: "Reporting in
// Production".

extension _ResilientElementStrategy {
  /// Whether the elements may be records with identifiers of their own: values decoded by
  /// their own `init(from:)`, not primitives, raw values or the values Foundation's decoders
  /// read as single values (dates, data, URLs, decimals).
  static var elementsMayBeRecords: Bool {
    decodesLikePlainCodable && !decodesPrimitive && Element.self != Date.self
      && Element.self != Data.self && Element.self != URL.self && Element.self != Decimal.self
  }

  /// Whether the elements of a collection decode as ``IdentifiedElement``s: they may be
  /// records, and a reporter with identifying keys exists in the process.
  static var namesElementRecords: Bool {
    elementsMayBeRecords && ResilientDecodingErrorReporter.anyIdentifiesRecords
  }
}

/// An element of a `@Resilient` array or set, or the value of an entry of a `@Resilient`
/// dictionary, that names its record: it decodes as the value would, holding what is reported
/// inside it, then names each report that names no record yet, or one read through the keys of
/// the value itself, with the value read whole, or else with the record holding its
/// collection. A value that fails throws ``IdentifiedElementFailure``, so that its own report
/// names it too.
struct IdentifiedElement<Element: Decodable>: Decodable {
  let value: Element

  init(from decoder: any Decoder) throws {
    let result: Result<Element, any Error>
    let held: Held?
    (result, held) = Holds.holding {
      Result {
        // Through the decoder's single-value container, as plain `Codable` decodes an element,
        // unless that container loses the decoder's `userInfo` (TOMLKit's does), and with it
        // the reporter: then by the element's own `init(from:)`.
        guard Passes.singleValuesKeepUserInfo(of: decoder) else {
          return try Element(from: decoder)
        }
        return try decoder.singleValueContainer().decode(Element.self)
      }
    }
    // Each read once, when first needed.
    var ownRecord: ReportedRecord?? = nil
    func readOwnRecord() -> ReportedRecord? {
      if let ownRecord { return ownRecord }
      let found = decoder.ownRecord()
      ownRecord = .some(found)
      return found
    }
    var depth: Int?
    func readDepth() -> Int {
      if let depth { return depth }
      let found = decoder.codingPath.count
      depth = found
      return found
    }
    if var held, held.count > 0 {
      held.transform { reporter, path, record in
        guard reporter.namesRecords else { return nil }
        return ReportedRecord.naming(
          record, inValueAt: readDepth(), ownRecord: readOwnRecord,
          around: { Passes.innermostEnclosingRecord(for: reporter) }
        ).map { (path, $0) }
      }
      Holds.passOn(held)
    }
    switch result {
    case .success(let value): self.value = value
    case .failure(let error): throw IdentifiedElementFailure(error: error, record: readOwnRecord())
    }
  }
}

/// Decodes each value as an ``IdentifiedElement`` of `Base`'s elements: the strategy of the
/// elements of arrays and sets, and of the entries of dictionaries, that name their records.
enum IdentifiedStrategy<Base: _ResilientElementStrategy>: _ResilientElementStrategy {
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

/// The error of a value that names its record (see ``IdentifiedElement``), with the value's
/// record, read whole.
struct IdentifiedElementFailure: Error {
  let error: any Error
  let record: ReportedRecord?

  /// The error and record of a value's failure: those a value that names its record brought,
  /// or the error as it is and no record.
  static func unwrap(_ error: any Error) -> (error: any Error, record: ReportedRecord?) {
    guard type(of: error) == IdentifiedElementFailure.self,
      let failure = error as? IdentifiedElementFailure
    else { return (error, nil) }
    return (failure.error, failure.record)
  }
}
