// Errors counted by signature: one group per pattern of path and kind of error, so that one
// server bug repeated in 10,000 elements is one row of analytics. DocC: "Reporting in Production".

extension ErrorDigest {
  /// The errors reported at paths of one pattern with one kind: how many, and the first.
  ///
  /// A digest keeps at most ``ErrorDigest/maximumGroupCount`` groups of one pattern; errors
  /// of further patterns are counted in groups whose ``pattern`` is `(other patterns)`, one
  /// per kind.
  public struct Group: Sendable, Equatable, Encodable {
    /// The coding path written like ``Entry/path``, with every array index and every
    /// dictionary key that spells an integer replaced by `*`: `listings[*].price`,
    /// `counts.*`. Other dictionary keys stay as written. `(other patterns)` for the errors
    /// of patterns past ``ErrorDigest/maximumGroupCount``.
    public var pattern: String

    /// The kind of the errors.
    public var kind: Kind

    /// How many errors were reported, whether stored in full or not.
    public var count: Int

    /// The path of the group's first error.
    public var firstPath: String

    /// The identifier of the record of the group's first error (``Entry/recordID``).
    public var firstRecordID: String?

    /// Creates a group.
    public init(
      pattern: String, kind: Kind, count: Int, firstPath: String, firstRecordID: String?
    ) {
      self.pattern = pattern
      self.kind = kind
      self.count = count
      self.firstPath = firstPath
      self.firstRecordID = firstRecordID
    }
  }

  /// What kind of error a group counts.
  public enum Kind: String, Sendable, Encodable {
    /// `DecodingError.typeMismatch`: a value of another type than declared.
    case typeMismatch
    /// `DecodingError.keyNotFound`: a key a value needs is missing.
    case keyNotFound
    /// `DecodingError.valueNotFound`: `null` where a value is needed.
    case valueNotFound
    /// `DecodingError.dataCorrupted`: a value that cannot be used.
    case dataCorrupted
    /// ``UnknownNovelValueError``: a raw value that a type does not know yet.
    case novelValue
    /// Any other error.
    case other

    /// The kind of `error`.
    init(of error: any Error) {
      if let error = error as? DecodingError {
        switch error {
        case .typeMismatch: self = .typeMismatch
        case .keyNotFound: self = .keyNotFound
        case .valueNotFound: self = .valueNotFound
        case .dataCorrupted: self = .dataCorrupted
        @unknown default: self = .other
        }
      } else {
        self = error is UnknownNovelValueError ? .novelValue : .other
      }
    }
  }
}

extension ErrorDigest.Group {
  /// The ``pattern`` of the groups that count the errors of patterns past
  /// ``ErrorDigest/maximumGroupCount``.
  static let otherPatterns = "(other patterns)"

  /// The pattern of a coding path: its components, indices and numeric keys made wildcards.
  struct Pattern: Hashable {
    enum Component: Hashable {
      /// An array index: `[*]`.
      case index
      /// A dictionary key that spells an integer: `.*`.
      case numericKey
      /// Any other key, by its name.
      case name(String)
    }

    let components: [Component]

    /// Whether this stands for every pattern past ``ErrorDigest/maximumGroupCount``.
    let isOtherPatterns: Bool

    init(of codingPath: [any CodingKey]) {
      components = codingPath.map { key in
        if type(of: key) == ElementCodingKey.self || key.elementIndex != nil { return .index }
        let name = key.stringValue
        return Int(name) != nil ? .numericKey : .name(name)
      }
      isOtherPatterns = false
    }

    private init(otherPatterns: ()) {
      components = []
      isOtherPatterns = true
    }

    /// The pattern of the groups that count errors of patterns past the maximum number of
    /// groups, one group per kind.
    static let otherPatterns = Pattern(otherPatterns: ())

    /// Whether `codingPath` has this pattern; cheaper than making its pattern.
    ///
    /// A plain loop over indices: it runs for every error past a reporter's maximum, in debug
    /// builds too, where iterators cost several times more.
    func matches(_ codingPath: [any CodingKey]) -> Bool {
      if isOtherPatterns { return false }
      let count = components.count
      guard count == codingPath.count else { return false }
      var position = 0
      while position < count {
        let key = codingPath[position]
        switch components[position] {
        case .index:
          // The library's own element keys are indices without spelling their text.
          if type(of: key) != ElementCodingKey.self, key.elementIndex == nil { return false }
        case .numericKey:
          if key.elementIndex != nil || Int(key.stringValue) == nil { return false }
        case .name(let name):
          // A name is never an index, nor a key that spells an integer.
          if key.intValue != nil || key.stringValue != name { return false }
        }
        position += 1
      }
      return true
    }

    /// The pattern written like a path: `listings[*].price`, `counts.*`; `(other patterns)` for
    /// the groups past the maximum.
    var text: String {
      if isOtherPatterns { return ErrorDigest.Group.otherPatterns }
      var text = ""
      for component in components {
        switch component {
        case .index:
          text += "[*]"
        case .numericKey:
          text += text.isEmpty ? "*" : ".*"
        case .name(let name):
          if !text.isEmpty { text += "." }
          text += name
        }
      }
      return text
    }
  }

  /// What tells groups apart.
  struct Signature: Hashable {
    let pattern: Pattern
    let kind: ErrorDigest.Kind
  }
}

extension ErrorDigest {
  /// Errors counted by group, each group with its first error by position: at most
  /// ``ErrorDigest/maximumGroupCount`` groups of one pattern, then one group of other patterns
  /// per kind, so that what a payload can make it keep is bounded whatever its keys.
  ///
  /// A reporter counts in the order reports arrive; a hold of a dictionary in the order its
  /// decoder hands entries over, each at its position in key order, so that a group's first
  /// error is the first in key order whatever that order was.
  struct GroupCounts: Sendable {
    /// One group as counted.
    struct Counted: Sendable {
      let signature: Group.Signature
      var count: Int
      /// The position, path and record of the group's first error.
      var firstPosition: ReportPosition
      var firstCodingPath: [any CodingKey]
      var firstRecord: ReportedRecord?
    }

    /// The groups, in the order they were made.
    private var counted: [Counted] = []
    /// The position of each group in `counted`.
    private var positions: [Group.Signature: Int] = [:]
    /// How many groups have a pattern of their own (not other patterns).
    private var patternGroupCount = 0
    /// The group counted last: the next error most likely belongs to it.
    private var lastCounted: Int?
    private(set) var total = 0

    /// The groups, in the order of their first errors.
    var groups: [Group] {
      orderedGroups.map { counted in
        Group(
          pattern: counted.signature.pattern.text, kind: counted.signature.kind,
          count: counted.count, firstPath: Entry.path(of: counted.firstCodingPath),
          firstRecordID: counted.firstRecord?.id)
      }
    }

    /// The groups as counted, in the order of their first errors.
    private var orderedGroups: [Counted] {
      var ordered = counted
      if !ordered.indices.dropFirst().allSatisfy({
        !ordered[$0].firstPosition.precedes(ordered[$0 - 1].firstPosition)
      }) {
        ordered = counted.enumerated().sorted {
          $0.element.firstPosition.precedes($1.element.firstPosition)
            || (!$1.element.firstPosition.precedes($0.element.firstPosition)
              && $0.offset < $1.offset)
        }.map(\.element)
      }
      return ordered
    }

    /// Counts one more error, `report`'s at `position`, if it belongs to the group counted last
    /// and comes after that group's first error, and says whether it did. Cheaper than making
    /// its signature.
    mutating func countIfInLastGroup(_ report: Report, at position: ReportPosition) -> Bool {
      guard let last = lastCounted,
        isLastGroup(of: report.error, at: report.codingPath, after: position)
      else { return false }
      counted[last].count += 1
      total += 1
      return true
    }

    /// Whether an error `error` at `codingPath`, at `position`, belongs to the group counted
    /// last and comes after its first error: counting it leaves the group's first as it is.
    func isLastGroup(
      of error: any Error, at codingPath: [any CodingKey], after position: ReportPosition
    ) -> Bool {
      guard let last = lastCounted, !position.precedes(counted[last].firstPosition) else {
        return false
      }
      return counted[last].signature.kind == Kind(of: error)
        && counted[last].signature.pattern.matches(codingPath)
    }

    /// Counts one more error, `report`'s, at `position`, in the group of its pattern and kind.
    mutating func count(_ report: Report, at position: ReportPosition) {
      count(
        Group.Signature(
          pattern: Group.Pattern(of: report.codingPath), kind: Kind(of: report.error)),
        times: 1, position: position, path: report.codingPath, record: report.record)
    }

    /// Counts `times` more errors of `signature`, the first of them at `position`, at `path`
    /// in `record`.
    mutating func count(
      _ signature: Group.Signature, times: Int, position: ReportPosition,
      path: @autoclosure () -> [any CodingKey], record: ReportedRecord?
    ) {
      total += times
      var signature = signature
      if positions[signature] == nil, !signature.pattern.isOtherPatterns,
        patternGroupCount >= maximumGroupCount
      {
        signature = Group.Signature(pattern: .otherPatterns, kind: signature.kind)
      }
      if let index = positions[signature] {
        counted[index].count += times
        if position.precedes(counted[index].firstPosition) {
          counted[index].firstPosition = position
          counted[index].firstCodingPath = path()
          counted[index].firstRecord = record
        }
        lastCounted = index
        return
      }
      if !signature.pattern.isOtherPatterns { patternGroupCount += 1 }
      lastCounted = counted.count
      positions[signature] = counted.count
      counted.append(
        Counted(
          signature: signature, count: times, firstPosition: position, firstCodingPath: path(),
          firstRecord: record))
    }

    /// Adds the counts of `other`, each group's first error at the position `position` gives
    /// it; `position` is asked in the order of those first errors.
    mutating func add(_ other: GroupCounts, at position: (ReportPosition) -> ReportPosition) {
      for group in other.orderedGroups {
        count(
          group.signature, times: group.count, position: position(group.firstPosition),
          path: group.firstCodingPath, record: group.firstRecord)
      }
    }

    /// The path of the first error counted, by position, if any.
    var firstCodingPath: [any CodingKey]? {
      counted.min { $0.firstPosition.precedes($1.firstPosition) }?.firstCodingPath
    }

    /// Whether `isTrue` holds for the path and record of a group's first error.
    func containsFirst(where isTrue: ([any CodingKey], ReportedRecord?) -> Bool) -> Bool {
      counted.contains { isTrue($0.firstCodingPath, $0.firstRecord) }
    }

    /// Changes the position of each group's first error, keeping their order.
    mutating func reposition(_ reposition: (ReportPosition) -> ReportPosition) {
      for index in counted.indices {
        counted[index].firstPosition = reposition(counted[index].firstPosition)
      }
    }

    /// Changes the path and record of each group's first error with `transform`, which returns
    /// `nil` to keep them; groups whose paths it moves are counted under their new patterns.
    mutating func transformFirsts(
      _ transform: ([any CodingKey], ReportedRecord?) -> (
        codingPath: [any CodingKey], record: ReportedRecord?
      )?
    ) {
      var moved = false
      for index in counted.indices {
        guard
          let changed = transform(counted[index].firstCodingPath, counted[index].firstRecord)
        else { continue }
        if changed.codingPath.count != counted[index].firstCodingPath.count { moved = true }
        counted[index].firstCodingPath = changed.codingPath
        counted[index].firstRecord = changed.record
      }
      guard moved else { return }
      // Paths moved under a collection's have the patterns of their new paths: the groups are
      // counted again under those, merged where two now have one.
      let groups = orderedGroups
      self = GroupCounts()
      for group in groups {
        let pattern =
          group.signature.pattern.isOtherPatterns
          ? group.signature.pattern : Group.Pattern(of: group.firstCodingPath)
        count(
          Group.Signature(pattern: pattern, kind: group.signature.kind), times: group.count,
          position: group.firstPosition, path: group.firstCodingPath, record: group.firstRecord)
      }
    }
  }
}
