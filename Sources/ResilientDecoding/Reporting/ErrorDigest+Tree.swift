extension ErrorDigest: CustomStringConvertible, CustomDebugStringConvertible {
  /// How many errors a digest may hold and still be printed whole, as a tree alone.
  static let printedTreeLimit = 50

  /// How many groups the summary of a large digest lists: a screenful.
  static let printedGroupLimit = 20

  /// The digest for people: the tree of coding paths of the stored errors and, for a large
  /// digest, a summary of its groups first.
  ///
  /// In the tree, at each level, the node's own errors come first as `- summary` lines,
  /// sorted; then its children, each name on its own line followed by its subtree indented two
  /// more spaces. Array elements come first in numeric order; named keys follow sorted by name,
  /// dictionary keys that spell integers among them. A node that is a record with an identifier
  /// says so, as in `Index 1 (id 1002)`; an error whose record is the root says so after its
  /// summary. A summary names the type expected (`Could not decode as `Double``, or `an array`
  /// and `a dictionary` for containers), the missing key, or the message of corrupted data.
  ///
  /// When more than 50 errors were reported, the description starts with one line per group
  /// (pattern, kind, count, first path and record), the largest groups first, at most 20 of
  /// them and then how many more there are; the tree holds the first 50 stored entries only,
  /// followed by a line saying how many more were stored. A last line says how many errors
  /// were omitted, if any.
  ///
  /// - Complexity: Up to 50 reported errors, only the tree is built: O(*d*) per error for paths
  ///   *d* keys long, plus sorting each node's children. Past 50, O(*n* × *d*) for *n* stored
  ///   errors, which ``groups`` reads in full, plus O(*g* log *g*) to sort the *g* groups (at
  ///   most ``maximumGroupCount`` and one per kind); the tree holds at most 50 errors, whatever
  ///   *n*. Nothing is kept between two reads.
  public var description: String {
    var lines: [String] = []
    let reported = allEntries.count + omittedErrorCount
    let printed =
      reported > Self.printedTreeLimit
      ? min(Self.printedTreeLimit, allEntries.count) : allEntries.count
    if reported > Self.printedTreeLimit {
      let groups = self.groups
      lines.append("\(reported) errors in \(groups.count) groups:")
      // The largest first; groups of one size in the order of their first report.
      let largest = groups.enumerated().sorted {
        $0.element.count != $1.element.count
          ? $0.element.count > $1.element.count : $0.offset < $1.offset
      }
      for (_, group) in largest.prefix(Self.printedGroupLimit) {
        let record = group.firstRecordID.map { " (id \($0))" } ?? ""
        let pattern = group.pattern.isEmpty ? "(root)" : group.pattern
        lines.append(
          "  \(pattern): \(group.kind.rawValue) ×\(group.count), first at "
            + "\(group.firstPath.isEmpty ? "(root)" : group.firstPath)\(record)")
      }
      if groups.count > Self.printedGroupLimit {
        lines.append("  … and \(groups.count - Self.printedGroupLimit) more groups (see `groups`)")
      }
      if printed > 0 { lines.append("The first \(printed) errors:") }
    }
    var root = Node()
    for entry in allEntries.prefix(printed) {
      root.insert(summary(of: entry), at: entry.codingPath[...], record: entry.record)
    }
    root.appendLines(to: &lines, indent: "")
    if printed < allEntries.count {
      lines.append("… and \(allEntries.count - printed) more stored errors (see `entries`)")
    }
    if omittedErrorCount > 0 {
      lines.append(
        "… and \(omittedErrorCount) more errors, counted in the groups but not stored: the "
          + "reporter stores at most \(allEntries.count)")
    }
    return lines.joined(separator: "\n")
  }

  /// The same text as ``description``.
  public var debugDescription: String {
    description
  }
}

extension ErrorDigest {
  /// One coding-path component of the tree, with the errors reported exactly there.
  private struct Node {
    var summaries: [String] = []
    var children: [String: Node] = [:]
    var order: [String: (intValue: Int?, name: String)] = [:]
    /// The identifier of the record this node is, if an entry named it.
    var recordID: String?

    /// Inserts an error's summary at `path`, the rest of its path; `record`'s depth counts
    /// the components of the rest too.
    mutating func insert(
      _ summary: String, at path: ArraySlice<any CodingKey>, record: ReportedRecord?
    ) {
      if let record, record.depth == 0 { recordID = record.id }
      guard let key = path.first else {
        summaries.append(summary)
        return
      }
      let name = key.stringValue
      if order[name] == nil { order[name] = (key.elementIndex, name) }
      children[name, default: Node()].insert(
        summary, at: path.dropFirst(),
        record: record.flatMap { $0.depth > 0 ? $0.moved(by: -1) : nil })
    }

    func appendLines(to lines: inout [String], indent: String) {
      for summary in summaries.sorted(by: { $0.precedesInKeyOrder($1) }) {
        lines.append("\(indent)- \(summary)")
      }
      let names = order.values.sorted { lhs, rhs in
        switch (lhs.intValue, rhs.intValue) {
        case (let left?, let right?):
          return left != right ? left < right : lhs.name.precedesInKeyOrder(rhs.name)
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return lhs.name.precedesInKeyOrder(rhs.name)
        }
      }
      for (_, name) in names {
        let record = children[name]?.recordID.map { " (id \($0))" } ?? ""
        lines.append("\(indent)\(name)\(record)")
        children[name]?.appendLines(to: &lines, indent: indent + "  ")
      }
    }
  }

  /// The one-line summary of an entry in the tree; an error whose record is the root names it.
  private func summary(of entry: Entry) -> String {
    guard let record = entry.record, record.depth == 0 else { return summary(of: entry.error) }
    return summary(of: entry.error) + " (in the record with id \(record.id))"
  }

  /// The one-line summary of an error in the tree.
  private func summary(of error: any Error) -> String {
    switch error {
    case let novel as UnknownNovelValueError:
      return "Unknown novel value \"\(novel.novelValue)\" (this error is not reported by default)"
    case DecodingError.typeMismatch(let type, _):
      return "Could not decode as \(spokenName(of: type))"
    case DecodingError.valueNotFound(let type, _):
      return "Expected \(spokenName(of: type)) but found null instead"
    case DecodingError.keyNotFound(let key, _):
      return "Key \"\(key.stringValue)\" not found"
    case DecodingError.dataCorrupted(let context) where !context.debugDescription.isEmpty:
      return "Data corrupted: " + BoundedText.prefix(of: context.debugDescription)
    case DecodingError.dataCorrupted:
      return "Data corrupted"
    default:
      return BoundedText.prefix(of: "\(error)")
    }
  }

  /// A type as the tree names it: the stand-ins decoders give for containers (`Array<Any>`,
  /// `Dictionary<String, Any>`) in words, any other type in code voice.
  private func spokenName(of type: Any.Type) -> String {
    switch ObjectIdentifier(type) {
    case ObjectIdentifier([Any].self): "an array"
    case ObjectIdentifier([String: Any].self): "a dictionary"
    default: "`\(type)`"
    }
  }
}
