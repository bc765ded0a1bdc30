// Values of collections decoded so that each names its record, while a reporter names records:
// the elements of an array or a set, the entries of a dictionary. DocC: "Reporting in Production".

extension _ResilientElementStrategy {
  /// Whether the elements may be records with identifiers of their own: values decoded by
  /// their own `init(from:)`, not primitives or raw values.
  static var elementsMayBeRecords: Bool {
    decodesLikePlainCodable && !decodesPrimitive
  }
}

/// An element of a `@Resilient` array or set, or the value of an entry of a `@Resilient`
/// dictionary, that names its record: it decodes as the value would, and what was reported
/// inside it is named by the value read whole (see `Failures.NamingRecord`). A value that fails
/// throws ``IdentifiedElementFailure``, so that its own report names it too.
struct IdentifiedElement<Element: Decodable>: Decodable {
  let value: Element

  init(from decoder: any Decoder) throws {
    let naming = Failures.NamingRecord()
    let result = Result { try decoder.singleValueContainer().decode(Element.self) }
    value = try naming.end(result, of: decoder)
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
