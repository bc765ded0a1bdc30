import Foundation

// Values of collections decoded so that each names its record, while a reporter that names
// records may exist: the elements of an array or a set, the entries of a dictionary. One pass:
// each value holds what is reported inside it and names it once it has decoded, when its
// decoder is back at the value's level (`JSONDecoder` reuses one decoder object for every
// level, so a value cannot be read while something inside it decodes). DocC: "Reporting in
// Production".

extension _ResilientElementStrategy {
  /// Whether the elements may be records with identifiers of their own: values decoded by
  /// their own `init(from:)`, which a decoder does not treat as a type of its own. Not
  /// primitives or raw values, nor the types Foundation's decoders decode their own way:
  /// dates, data, URLs, decimals, and dictionaries keyed by strings (whose keys they keep as
  /// written).
  static var elementsMayBeRecords: Bool {
    decodesLikePlainCodable && !decodesPrimitive && Element.self != Date.self
      && Element.self != Data.self && Element.self != URL.self && Element.self != Decimal.self
      && !(Element.self is any StringKeyedDictionaryMarker.Type)
  }

  /// Whether the elements of a collection may decode as ``IdentifiedElement``s: they may be
  /// records, and a reporter with identifying keys exists in the process (the collection then
  /// asks whether its own document's reporter has some, `ValueSite.namingReporter()`).
  static var namesElementRecords: Bool {
    // The reporters first: telling whether the elements may be records costs a lookup of a
    // conformance, which the first time walks every conformance record of the process.
    ReporterCensus.naming.isPositive && elementsMayBeRecords
  }
}

extension ValueSite {
  /// The reporter that the values of a collection here name their records for: its document's
  /// reporter, if it has identifying keys, outside a trial (whose reports are dropped). A
  /// missing collection has no values: no reporter is looked for.
  func namingReporter() -> ResilientDecodingErrorReporter? {
    guard !Passes.isInTrial, !isMissing, let reporter = findReporter(), reporter.namesRecords
    else {
      return nil
    }
    return reporter
  }

  /// Runs `body`, the decode of a collection whose values name their records for `reporter`,
  /// with the record holding the collection read when a value first needs it.
  ///
  /// The values of an array or a set (`elementsBelow`) report one key below the collection's
  /// path, which a failed value reads to learn whether its report needs a record.
  func namingValues<Value>(
    for reporter: ResilientDecodingErrorReporter, elementsBelow: Bool = false,
    _ body: () throws -> Value
  ) rethrows -> Value {
    let scope = NamingScope(
      reporter: reporter, elementsBelow: elementsBelow ? { codingPath } : nil
    ) { enclosingRecord(for: reporter) }
    return try Passes.namingValues(in: scope, body)
  }
}

/// An element of a `@Resilient` array or set, or the value of an entry of a `@Resilient`
/// dictionary, that names its record: it decodes as the value would, holding what is reported
/// inside it, then names each report that names no record yet, or one read through the keys of
/// the value itself, with the value read whole, or else with the record holding its
/// collection. A value that fails throws its error as a ``RecordedFailure``, with its own record,
/// so that its own report names it too.
struct IdentifiedElement<Element: Decodable>: Decodable {
  let value: Element

  // Written with no generic type but `Element` and this one, whose metadata the caller passes:
  // in the library's unspecialised code every other (`Element?` among them) would be looked up
  // for every element.
  init(from decoder: any Decoder) throws {
    // The collection decoding this value names records for its document's reporter: the
    // value holds that document's reports.
    guard let state = FailureState.existing, let scope = state.namingScopes.last else {
      value = try Element(from: decoder)
      return
    }
    var failure: (any Error)?
    value = try withUnsafeTemporaryAllocation(of: Element.self, capacity: 1) { slot in
      // By the element's own `init(from:)`, on this decoder: a decoder would call it too (the
      // types it decodes its own way are no records), and some decoders' single-value
      // containers lose the `userInfo`, and with it the reporter (TOMLKit's do).
      let held = Holds.holding(of: .reporter(scope.reporter), in: state) {
        do {
          slot.initializeElement(at: 0, to: try Element(from: decoder))
        } catch {
          failure = error
        }
      }
      if let held, held.count > 0 { Self.name(held, in: decoder, scope: scope) }
      if let failure {
        // Past a reporter's maximum, most failures are only counted: their records are not
        // read.
        if scope.reportsElementsBelow,
          Failures.needsNoRecord(failure, at: scope.elementPath, for: scope.reporter)
        {
          throw RecordedFailure(error: failure, record: nil, needsNoRecord: true)
        }
        throw RecordedFailure(error: failure, record: decoder.ownRecord(in: scope))
      }
      return slot.moveElement(from: 0)
    }
  }

  /// Names what was reported inside the value that `decoder` decoded, and passes it on: each
  /// report that names no record yet, or one read through the keys of the value itself, by the
  /// value read whole, or else by the record holding its collection.
  private static func name(_ held: Held, in decoder: any Decoder, scope: NamingScope) {
    var held = held
    // Each read once, when first needed, with the identifying keys of the scope's reporter:
    // the hold kept the reports of that document only.
    var ownRecord: ReportedRecord?? = nil
    func readOwnRecord() -> ReportedRecord? {
      if let ownRecord { return ownRecord }
      let found = decoder.ownRecord(in: scope)
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
    held.hold.transform { path, record in
      ReportedRecord.naming(
        record, inValueAt: readDepth(), ownRecord: readOwnRecord, around: { scope.record }
      ).map { (path, $0) }
    }
    Holds.passOn(held)
  }
}

/// Marks `Dictionary` with `String` keys, which Foundation's decoders decode their own way.
protocol StringKeyedDictionaryMarker {}
extension Dictionary: StringKeyedDictionaryMarker where Key == String {}

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
