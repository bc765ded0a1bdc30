import Foundation

/// The text of the block that the documentation shows as the output of `test`: the fenced block
/// after the line `<!-- output: test -->` of `document`, a path from the repository root
/// (README.md, or a DocC article). `.ci/doc-samples.py` checks that every such block is named
/// by a test; the test compares it with what the code prints, so neither can drift.
func documentedOutput(_ test: String, in document: String, filePath: String = #filePath) throws
  -> String
{
  // This file is Tests/ResilientDecodingTests/Documentation/DocumentedOutput.swift.
  var root = URL(fileURLWithPath: filePath)
  for _ in 0..<4 { root.deleteLastPathComponent() }
  let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
  let lines = text.components(separatedBy: "\n")
  guard let marker = lines.firstIndex(of: "<!-- output: \(test) -->"),
    let opening = lines[(marker + 1)...].firstIndex(where: { $0.hasPrefix("```") }),
    let closing = lines[(opening + 1)...].firstIndex(of: "```")
  else {
    throw MissingOutputBlock(test: test, document: document)
  }
  return lines[(opening + 1)..<closing].joined(separator: "\n")
}

/// No output block of a document names the test.
struct MissingOutputBlock: Error, CustomStringConvertible {
  let test: String
  let document: String

  var description: String {
    "\(document) has no block after \"<!-- output: \(test) -->\""
  }
}
