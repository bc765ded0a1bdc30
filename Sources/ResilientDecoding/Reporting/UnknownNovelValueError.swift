/// An error meaning "this value is valid, just newer than this code": a raw value for which a
/// ``ResilientRawRepresentable`` type that is not frozen has no case.
///
/// It is visible on the property (`$property.error` in DEBUG) and it is reported, but
/// ``ErrorDigest/errors`` leaves it out unless you ask for it with
/// ``ErrorDigest/errors(includeUnknownNovelValueErrors:)``. A custom `init(from:)` may throw it
/// for the same meaning.
public struct UnknownNovelValueError: Error {
  /// The value the code did not know.
  public let novelValue: Any

  /// Creates an error for a value that is believed valid but that this code cannot handle.
  public init<NovelValue>(novelValue: NovelValue) {
    self.novelValue = novelValue
  }
}

// `novelValue` is a value copied out of decoded data (in practice a string, a number or a URL)
// and is never mutated, so the error may cross threads like the value itself. Throwing a
// reference type with shared mutable state as a novel value is not supported.
extension UnknownNovelValueError: @unchecked Sendable {}

extension UnknownNovelValueError: CustomStringConvertible {
  /// A short account of the novel value.
  public var description: String {
    "Unknown novel value \"\(novelValue)\""
  }
}
