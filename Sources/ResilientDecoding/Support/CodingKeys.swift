import Foundation

// The coding keys the library makes itself, for paths it reports: an element's index and a
// dictionary key as written.

/// The coding key of an array element, named like `JSONDecoder` names it (`Index 3`).
struct ElementCodingKey: CodingKey, Sendable {
  let intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }

  init(index: Int) {
    self.intValue = index
  }

  init?(intValue: Int) {
    self.intValue = intValue
  }

  init?(stringValue: String) {
    return nil
  }
}

/// A coding key made from a dictionary key as written in the data.
///
/// Like the keys decoders give dictionary entries, it carries the integer its string spells,
/// if any: `Int` and integer-backed keys convert from `intValue`, and an entry's key error is
/// reported at the same path as an error in its value (`scores[3]`).
struct AnyCodingKey: CodingKey, Sendable {
  let stringValue: String
  let intValue: Int?

  init(_ string: String) {
    self.stringValue = string
    self.intValue = Int(string)
  }

  init?(stringValue: String) {
    self.init(stringValue)
  }

  init?(intValue: Int) {
    self.stringValue = String(intValue)
    self.intValue = intValue
  }
}

extension CodingKey {
  /// The index of the array element this key names, or `nil` for a named key.
  ///
  /// Decoders give array elements a key with an integer and a text that is not one (`Index 3`),
  /// but they also give a dictionary key that spells an integer (`"9"`, `"-1"`, `"01"`) an
  /// `intValue`. Such a key is still a name, written and sorted as the data spells it.
  var elementIndex: Int? {
    guard let index = intValue, Int(stringValue) == nil else { return nil }
    return index
  }
}

/// A coding path reported from inside a value, made to start at `base`, the value's own path,
/// when the decoder of the value started it afresh (its root unknown, taken to be empty). A
/// report from inside is longer than `base` unless it was started afresh, even one that spells
/// `base`.
func rerooted(_ path: [any CodingKey], onto base: [any CodingKey]) -> [any CodingKey] {
  path.count > base.count && path.starts(withKeysOf: base) ? path : base + path
}

extension String {
  /// Whether this key comes before `other` in key order, the order of their Unicode scalars:
  /// a total order on the keys of a dictionary, so that a sort by key is the same on every run.
  ///
  /// `<` is not: on some toolchains it holds neither way between a key and a different one that
  /// starts with a canonically equivalent character (`"é7"` and `"e\u{301}"`), and a sort with it
  /// then follows the order the decoder handed the entries over in.
  func precedesInKeyOrder(_ other: String) -> Bool {
    comparedInKeyOrder(with: other) < 0
  }

  /// Compares this key with `other` in key order: negative if it comes first, zero if they are
  /// the same key, positive if it comes after. A sort that must also order equal keys asks
  /// once per pair, where two calls of ``precedesInKeyOrder(_:)`` would compare twice.
  func comparedInKeyOrder(with other: String) -> Int {
    // UTF-8 code units compare as their Unicode scalars do; a native string lends its bytes
    // without a copy or a retain.
    let order = utf8.withContiguousStorageIfAvailable { left in
      other.utf8.withContiguousStorageIfAvailable { right in
        let common = Swift.min(left.count, right.count)
        if common > 0, let a = left.baseAddress, let b = right.baseAddress {
          let order = memcmp(a, b, common)
          if order != 0 { return Int(order) }
        }
        return left.count - right.count
      }
    }
    if let order, let order { return order }
    if utf8.lexicographicallyPrecedes(other.utf8) { return -1 }
    return other.utf8.lexicographicallyPrecedes(utf8) ? 1 : 0
  }
}

extension [any CodingKey] {
  /// Whether this coding path begins with the keys `prefix` names.
  ///
  /// A loop over indices: unoptimised, a generic walk (`zip`, `prefix`, `allSatisfy`) looks up
  /// the metadata of each of its types on every call, a few thousand instructions a report.
  func starts(withKeysOf prefix: [any CodingKey]) -> Bool {
    guard count >= prefix.count else { return false }
    var index = 0
    while index < prefix.count {
      if self[index].stringValue != prefix[index].stringValue { return false }
      index += 1
    }
    return true
  }
}

/// Whether two coding paths are one array (a decoder's own error reported at the path it
/// gives): the same keys, without comparing them.
func isSamePathArray(_ lhs: [any CodingKey], _ rhs: [any CodingKey]) -> Bool {
  lhs.count == rhs.count
    && lhs.withUnsafeBufferPointer({ $0.baseAddress })
      == rhs.withUnsafeBufferPointer({ $0.baseAddress })
}

/// Whether two keys are the same key, their integers included.
func isSameKey(_ lhs: any CodingKey, _ rhs: any CodingKey) -> Bool {
  lhs.intValue == rhs.intValue && lhs.stringValue == rhs.stringValue
}

/// Whether two coding paths are the same keys, their integers included: either may stand for
/// the other wherever a path is read (written, grouped, printed).
func isIdenticalPath(_ lhs: [any CodingKey], _ rhs: [any CodingKey]) -> Bool {
  guard lhs.count == rhs.count else { return false }
  if isSamePathArray(lhs, rhs) { return true }
  for (left, right) in zip(lhs, rhs) where !isSameKey(left, right) {
    return false
  }
  return true
}

extension Error {
  /// The coding path of a `DecodingError`'s context; `nil` for any other error.
  var decodingContextPath: [any CodingKey]? {
    guard let error = self as? DecodingError else { return nil }
    switch error {
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .keyNotFound(_, let context), .dataCorrupted(let context):
      return context.codingPath
    @unknown default:
      return nil
    }
  }
}
