/// The errors a ``ResilientDecodingErrorReporter`` collected between two flushes.
///
/// ``errors`` lists them in the order they were reported (the order values were decoded;
/// within a dictionary, key order), leaving out ``UnknownNovelValueError``s unless you ask for
/// them. ``entries`` adds where each error happened and in which record. A reporter keeps a
/// bounded number of errors in full (``ResilientDecodingErrorReporter/maximumStoredErrors``):
/// ``omittedErrorCount`` says how many more were reported, and ``groups`` counts every error
/// reported, by pattern of path and kind. `description` and `debugDescription` print them as a
/// tree of coding paths, in DEBUG and release builds alike:
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
    public var codingPath: [any CodingKey] {
      ownCodingPath ?? error.decodingContextPath ?? []
    }

    /// The error that was recovered from.
    public let error: any Error

    // The path is kept once: most errors are `DecodingError`s whose context holds the same
    // path, and a stored error then keeps no second copy of it.
    private let ownCodingPath: [any CodingKey]?

    /// The record the error happened in, if the reporter has identifying keys and one on the
    /// path has one.
    let record: ReportedRecord?

    init(
      codingPath: [any CodingKey], error: any Error, record: ReportedRecord? = nil,
      isErrorsPath: Bool = false
    ) {
      let isInContext =
        isErrorsPath || (error.decodingContextPath.map { isIdenticalPath($0, codingPath) } ?? false)
      self.ownCodingPath = isInContext ? nil : codingPath
      self.error = error
      self.record = record
    }

    /// The entry of `report`.
    init(_ report: Report) {
      self.init(
        codingPath: report.codingPath, error: report.error, record: report.record,
        isErrorsPath: report.isErrorsPath)
    }

    /// The report this entry keeps.
    var report: Report {
      Report(
        error: error, codingPath: codingPath, record: record, isErrorsPath: ownCodingPath == nil)
    }

    /// The identifier of the record the error happened in: the value of the first identifying
    /// key of the reporter (``ResilientDecodingErrorReporter/identifyingKeys``) found in the
    /// innermost record on the path that has one, spelled as the data has it (`41` is `"41"`).
    /// `nil` when the reporter has no identifying keys or no record on the path has one.
    public var recordID: String? {
      record?.id
    }

    /// The coding path of the record that ``recordID`` identifies, written like ``path``, as
    /// in `listings[1]`; `nil` when ``recordID`` is.
    public var recordPath: String? {
      record.map { Self.path(of: codingPath.prefix(min($0.depth, codingPath.count))) }
    }

    /// The coding path written for people: array elements as `[n]`, other keys joined by `.`,
    /// as in `listings[1].price` or `counts.9` (a dictionary key that spells an integer is a
    /// name, as the data writes it); empty for the root.
    public var path: String {
      Self.path(of: codingPath)
    }

    /// Writes a coding path the way ``path`` does.
    static func path(of codingPath: some Collection<any CodingKey>) -> String {
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

  /// Every stored entry, in report order, novel values included.
  let allEntries: [Entry]

  /// The errors reported but not stored in full, counted by group.
  let omitted: GroupCounts

  init(entries: [Entry], omitted: GroupCounts = GroupCounts()) {
    self.allEntries = entries
    self.omitted = omitted
  }

  // Payloads that fail at as many patterns are rare; dictionaries keyed by names that are not
  // integers make one pattern per key, and bounding them bounds what a payload can make a
  // reporter keep.
  /// How many groups of one pattern a digest keeps, at most: the errors of further patterns are
  /// counted in groups whose pattern is `(other patterns)`, one per kind.
  public static let maximumGroupCount = 1_000

  // Computed when read so that reporting an error costs no more than storing it.
  /// One group per pattern of path and kind of error, in the order of their first report: every
  /// error reported, stored in full or not, novel values included.
  ///
  /// At most ``maximumGroupCount`` patterns have a group of their own; the errors of further
  /// patterns are counted in groups whose pattern is `(other patterns)`, one per kind. Computed
  /// on each read, from the stored entries and the counts of the omitted errors: keep the
  /// result rather than reading it again.
  ///
  /// - Complexity: O(*n* × *d*) on each read, for *n* stored errors whose paths are *d* keys
  ///   long, whatever the number of omitted errors (their groups are counted already).
  public var groups: [Group] {
    var counts = GroupCounts()
    for (index, entry) in allEntries.enumerated() {
      counts.count(entry.report, at: ReportPosition(place: .arrival, sequence: index))
    }
    // Every omitted error was reported after every stored one.
    counts.add(omitted) { $0 }
    return counts.groups
  }

  /// How many errors were reported but not stored in full, beyond the reporter's
  /// ``ResilientDecodingErrorReporter/maximumStoredErrors``: they are counted in ``groups`` and
  /// missing from ``entries`` and ``errors``.
  public var omittedErrorCount: Int {
    omitted.total
  }

  /// The reported errors in report order, without ``UnknownNovelValueError``s.
  ///
  /// - Complexity: O(*n*) on each read, for *n* stored errors.
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
  ///
  /// - Complexity: O(*n*) on each read, for *n* stored errors: the novel values are filtered
  ///   out into a new array. `entries(includeUnknownNovelValueErrors: true)` is O(1).
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
