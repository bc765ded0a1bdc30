import Foundation

// How the keys of a resilient dictionary are made from the keys as written in the data: kept as
// strings, or converted to `Int`, an enum or any other `CodingKeyRepresentable` type, an entry
// whose key does not convert (or collides with an earlier one in key order) rejected with its
// own error. DocC: "Choosing a Property Kind".

/// How the keys of a resilient dictionary are made from the keys as written in the data.
@usableFromInline
internal protocol _DictionaryKeyConversion {
  associatedtype Key: Hashable

  /// The entries under their converted keys, and the error of each entry rejected for its key
  /// (built with the dictionary's coding path, looked up only when asked for).
  static func convert<Element>(
    _ entries: [String: Element], codingPath: () -> [any CodingKey]
  ) -> (entries: [Key: Element], rejected: [String: any Error])
}

// MARK: - Keys as written

/// Dictionary keys kept as the strings written in the data: no entry is rejected.
@usableFromInline
internal enum _StringKeys: _DictionaryKeyConversion {
  @usableFromInline
  internal static func convert<Element>(
    _ entries: [String: Element], codingPath: () -> [any CodingKey]
  ) -> (entries: [String: Element], rejected: [String: any Error]) {
    (entries, [:])
  }
}

// MARK: - Converted keys

/// Dictionary keys converted to `Key`: an entry whose key does not convert, or converts to a
/// key that another entry keeps, is rejected with its own error. Of the entries whose keys
/// convert to one `Key`, the one spelled as that key is (`"1"` for 1, not `"01"` or `"+1"`) is
/// kept, else the first in key order, whatever order the decoder hands them over in.
@usableFromInline
internal enum _ConvertedKeys<Key> {}

@available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *)
extension _ConvertedKeys: _DictionaryKeyConversion where Key: CodingKeyRepresentable & Hashable {
  @usableFromInline
  internal static func convert<Element>(
    _ entries: [String: Element], codingPath: () -> [any CodingKey]
  ) -> (entries: [Key: Element], rejected: [String: any Error]) {
    var converted: [Key: (written: String, value: Element)] = [:]
    converted.reserveCapacity(entries.count)
    var unconvertible: [String] = []
    var duplicates: [(written: String, key: Key)] = []
    for (string, value) in entries.sorted(by: { $0.key.precedesInKeyOrder($1.key) }) {
      guard let key = Key(codingKey: AnyCodingKey(string)) else {
        unconvertible.append(string)
        continue
      }
      guard let kept = converted[key] else {
        converted[key] = (string, value)
        continue
      }
      // The canonical spelling wins over one kept before it in key order.
      if string == key.codingKey.stringValue, kept.written != string {
        converted[key] = (string, value)
        duplicates.append((kept.written, key))
      } else {
        duplicates.append((string, key))
      }
    }
    // The errors are made once every key is decided: each names the key that was kept in the
    // end, not one kept for a while before its canonical spelling came.
    guard !unconvertible.isEmpty || !duplicates.isEmpty else {
      return (converted.mapValues(\.value), [:])
    }
    let base = codingPath()
    var rejected: [String: any Error] = [:]
    for string in unconvertible {
      let codingKey = AnyCodingKey(string)
      rejected[string] = unconvertibleKeyError(
        Key.self, key: codingKey, codingPath: base + [codingKey])
    }
    for (string, key) in duplicates {
      let codingKey = AnyCodingKey(string)
      rejected[string] = duplicateKeyError(
        Key.self, key: codingKey, kept: converted[key]?.written ?? "",
        codingPath: base + [codingKey])
    }
    return (converted.mapValues(\.value), rejected)
  }
}

// MARK: - Errors of keys

/// The error for a dictionary key that does not convert to the key type: an
/// ``UnknownNovelValueError`` carrying the raw value if that type is a non-frozen
/// ``ResilientRawRepresentable`` and the key spells one of its raw values, a
/// `DecodingError.dataCorrupted` otherwise.
func unconvertibleKeyError<K>(
  _: K.Type, key: AnyCodingKey, codingPath: [any CodingKey]
) -> any Error {
  if let raw = K.self as? any ResilientRawRepresentable.Type,
    let novel = novelKeyError(raw, key: key)
  {
    return novel
  }
  return DecodingError.dataCorrupted(
    DecodingError.Context(
      codingPath: codingPath,
      debugDescription:
        "The dictionary key \"\(BoundedText.prefix(of: key.stringValue))\" is not a valid \(K.self)"
    ))
}

/// The novel-value error for a key of a non-frozen raw-representable type, or `nil` when the
/// type is frozen or the key is no raw value of it (a key that is not an integer, for a type
/// with integer raw values).
///
/// `CodingKeyRepresentable` reads a `String` raw value from a key's `stringValue` and an `Int`
/// one from its `intValue`; for other raw value types the key as written is the novel value.
private func novelKeyError<T: ResilientRawRepresentable>(
  _: T.Type, key: AnyCodingKey
) -> (any Error)? {
  guard !T.isFrozen else { return nil }
  let rawValue: T.RawValue?
  if T.RawValue.self == String.self {
    rawValue = key.stringValue as? T.RawValue
  } else if T.RawValue.self == Int.self {
    rawValue = key.intValue.flatMap { $0 as? T.RawValue }
  } else {
    return UnknownNovelValueError(novelValue: BoundedText.prefix(of: key.stringValue))
  }
  guard let rawValue, T(rawValue: rawValue) == nil else { return nil }
  return UnknownNovelValueError(novelValue: BoundedText.kept(rawValue))
}

/// The error for a dictionary key that converts to the same key as `kept`, the key of the entry
/// that was kept.
func duplicateKeyError<K>(
  _: K.Type, key: AnyCodingKey, kept: String, codingPath: [any CodingKey]
) -> any Error {
  DecodingError.dataCorrupted(
    DecodingError.Context(
      codingPath: codingPath,
      debugDescription:
        "The dictionary key \"\(BoundedText.prefix(of: key.stringValue))\" is the same \(K.self) "
        + "as the key \"\(BoundedText.prefix(of: kept))\", whose entry was kept; this one was "
        + "dropped"))
}
