/// The coding key of an array element, named like `JSONDecoder` names it (`Index 3`).
@usableFromInline
struct ElementCodingKey: CodingKey, Sendable {
  @usableFromInline let intValue: Int?
  @usableFromInline var stringValue: String { "Index \(intValue ?? 0)" }

  @usableFromInline
  init(index: Int) {
    self.intValue = index
  }

  @usableFromInline
  init?(intValue: Int) {
    self.intValue = intValue
  }

  @usableFromInline
  init?(stringValue: String) {
    return nil
  }
}

/// The string form of a dictionary key, as it was written in the data.
enum DictionaryKeyDescription {
  static func string<Key>(for key: Key) -> String {
    if let string = key as? String { return string }
    if #available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *),
      let representable = key as? any CodingKeyRepresentable
    {
      return representable.codingKey.stringValue
    }
    return "\(key)"
  }
}
