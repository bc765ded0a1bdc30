/// The errors a ``ResilientDecodingErrorReporter`` collected between two flushes.
///
/// ``errors`` lists them in the order they were reported (the order values were decoded;
/// within a dictionary, key order), leaving out ``UnknownNovelValueError``s unless you ask for
/// them. ``entries`` adds where each error happened. `description` and `debugDescription`
/// print them as a tree of coding paths, in DEBUG and release builds alike:
///
/// ```text
/// listings
///   Index 1
///     price
///       - Could not decode as `Double`
/// ```
public struct ErrorDigest: Sendable {
  /// One reported error and the coding path it was reported at.
  public struct Entry: Sendable {
    /// The coding path of the value that failed, from the root of the decoded data.
    public let codingPath: [any CodingKey]

    /// The error that was recovered from.
    public let error: any Error

    /// The coding path written for people: array elements as `[n]`, other keys joined by `.`,
    /// as in `listings[1].price` or `counts.9` (a dictionary key that spells an integer is a
    /// name, as the data writes it); empty for the root.
    public var path: String {
      Self.path(of: codingPath)
    }

    /// Writes a coding path the way ``path`` does.
    static func path(of codingPath: [any CodingKey]) -> String {
      var path = ""
      for key in codingPath {
        if let index = key.elementIndex {
          path += "[\(index)]"
        } else {
          if !path.isEmpty { path += "." }
          path += key.stringValue
        }
      }
      return path
    }

    /// Whether the error is an ``UnknownNovelValueError``, which is left out by default.
    var isUnknownNovelValue: Bool {
      error is UnknownNovelValueError
    }
  }

  /// Every reported entry, in report order, novel values included.
  let allEntries: [Entry]

  init(entries: [Entry]) {
    self.allEntries = entries
  }

  /// The reported errors in report order, without ``UnknownNovelValueError``s.
  public var errors: [any Error] {
    errors(includeUnknownNovelValueErrors: false)
  }

  /// The reported errors in report order.
  ///
  /// - Parameter includeUnknownNovelValueErrors: Whether to include the
  ///   ``UnknownNovelValueError``s of raw values that a non-frozen type does not know yet.
  public func errors(includeUnknownNovelValueErrors: Bool) -> [any Error] {
    entries(includeUnknownNovelValueErrors: includeUnknownNovelValueErrors).map(\.error)
  }

  /// The reported errors with their coding paths, in report order, without
  /// ``UnknownNovelValueError``s.
  public var entries: [Entry] {
    entries(includeUnknownNovelValueErrors: false)
  }

  /// The reported errors with their coding paths, in report order.
  ///
  /// - Parameter includeUnknownNovelValueErrors: Whether to include the
  ///   ``UnknownNovelValueError``s of raw values that a non-frozen type does not know yet.
  public func entries(includeUnknownNovelValueErrors: Bool) -> [Entry] {
    includeUnknownNovelValueErrors ? allEntries : allEntries.filter { !$0.isUnknownNovelValue }
  }
}
