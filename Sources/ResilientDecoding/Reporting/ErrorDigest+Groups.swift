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
  /// Errors counted by group, in the order of each group's first error: at most
  /// ``ErrorDigest/maximumGroupCount`` groups of one pattern, then one group of other patterns
  /// per kind, so that what a payload can make it keep is bounded whatever its keys.
  struct GroupCounts: Sendable {
    private(set) var groups: [Group] = []
    /// The signature of each group, by position.
    private var signatures: [Group.Signature] = []
    private var positions: [Group.Signature: Int] = [:]
    /// How many groups have a pattern of their own (not other patterns).
    private var patternGroupCount = 0
    /// The group counted last: the next error most likely belongs to it.
    private var lastCounted: Int?
    private(set) var total = 0

    /// Counts one more error of `kind` at `codingPath` if it belongs to the group counted last,
    /// and says whether it did.
    mutating func countIfInLastGroup(kind: Kind, at codingPath: [any CodingKey]) -> Bool {
      guard let last = lastCounted, signatures[last].kind == kind,
        signatures[last].pattern.matches(codingPath)
      else { return false }
      groups[last].count += 1
      total += 1
      return true
    }

    /// Counts one more error, at `codingPath` in `record`, in the group of its pattern and kind.
    mutating func count(
      _ error: any Error, at codingPath: [any CodingKey], in record: ReportedRecord?
    ) {
      count(
        Group.Signature(pattern: Group.Pattern(of: codingPath), kind: Kind(of: error)),
        at: codingPath, in: record)
    }

    /// Counts one more error of `signature`, at `codingPath` in `record`.
    mutating func count(
      _ signature: Group.Signature, at codingPath: [any CodingKey], in record: ReportedRecord?
    ) {
      count(
        signature, times: 1, firstPath: { Entry.path(of: codingPath) }, firstRecordID: record?.id)
    }

    /// Counts `times` more errors of `signature`; a new group's first error was at `firstPath`,
    /// in the record `firstRecordID` names.
    private mutating func count(
      _ signature: Group.Signature, times: Int, firstPath: () -> String, firstRecordID: String?
    ) {
      total += times
      var signature = signature
      if positions[signature] == nil, !signature.pattern.isOtherPatterns,
        patternGroupCount >= maximumGroupCount
      {
        signature = Group.Signature(pattern: .otherPatterns, kind: signature.kind)
      }
      if let position = positions[signature] {
        groups[position].count += times
        lastCounted = position
        return
      }
      if !signature.pattern.isOtherPatterns { patternGroupCount += 1 }
      lastCounted = groups.count
      positions[signature] = groups.count
      signatures.append(signature)
      groups.append(
        Group(
          pattern: signature.pattern.text, kind: signature.kind, count: times,
          firstPath: firstPath(), firstRecordID: firstRecordID))
    }

    /// Adds counts made after every error counted here.
    mutating func add(_ later: GroupCounts) {
      for (signature, group) in zip(later.signatures, later.groups) {
        count(
          signature, times: group.count, firstPath: { group.firstPath },
          firstRecordID: group.firstRecordID)
      }
    }
  }
}
