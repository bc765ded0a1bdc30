extension ErrorDigest: CustomStringConvertible, CustomDebugStringConvertible {
  /// The digest as a tree of coding paths, every reported error included.
  ///
  /// At each level, the node's own errors come first as `- summary` lines, sorted; then its
  /// children, each name on its own line followed by its subtree indented two more spaces.
  /// Array elements come first in numeric order; named keys follow sorted by name, dictionary
  /// keys that spell integers among them.
  public var description: String {
    var root = Node()
    for entry in allEntries {
      root.insert(summary(of: entry.error), at: entry.codingPath[...])
    }
    var lines: [String] = []
    root.appendLines(to: &lines, indent: "")
    return lines.joined(separator: "\n")
  }

  /// The same tree as ``description``.
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

    mutating func insert(_ summary: String, at path: ArraySlice<any CodingKey>) {
      guard let key = path.first else {
        summaries.append(summary)
        return
      }
      let name = key.stringValue
      if order[name] == nil { order[name] = (key.elementIndex, name) }
      children[name, default: Node()].insert(summary, at: path.dropFirst())
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
        lines.append("\(indent)\(name)")
        children[name]?.appendLines(to: &lines, indent: indent + "  ")
      }
    }
  }

  /// The one-line summary of an error in the tree.
  private func summary(of error: any Error) -> String {
    switch error {
    case let novel as UnknownNovelValueError:
      return "Unknown novel value \"\(novel.novelValue)\" (this error is not reported by default)"
    case DecodingError.typeMismatch(let type, _):
      return "Could not decode as `\(type)`"
    case DecodingError.valueNotFound(let type, _):
      return "Expected `\(type)` but found null instead"
    case DecodingError.keyNotFound(let key, _):
      return "Key \"\(key.stringValue)\" not found"
    case DecodingError.dataCorrupted:
      return "Data corrupted"
    default:
      return "\(error)"
    }
  }
}
