import Foundation
import Testing

import resilient_demo

/// The demo's whole output on its bundled sample, in this build's configuration, is the text of
/// `DemoOutput/debug.txt` or `DemoOutput/release.txt`: what `swift run resilient-demo` (or
/// `swift run -c release resilient-demo`) prints. After changing the demo or the sample, write
/// the files again with those commands (CONTRIBUTING.md).
struct DemoOutputTests {
  @available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *)
  @Test func theDemoPrintsWhatItsOutputFileHolds() throws {
    #if DEBUG
      let file = "debug.txt"
    #else
      let file = "release.txt"
    #endif
    let printed = try Demo.report(of: Input.bundledSample()) + "\n"
    let expected = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
    let (printedLines, expectedLines) = (
      printed.split(separator: "\n"), expected.split(separator: "\n")
    )
    for (number, (line, expectedLine)) in zip(printedLines, expectedLines).enumerated() {
      #expect(line == expectedLine, "line \(number + 1) of \(file)")
    }
    #expect(printedLines.count == expectedLines.count, "the number of lines of \(file)")
    #expect(printed == expected)
  }

  @available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *)
  @Test func theDemoExplainsAFeedItCannotDecode() throws {
    let input = Input(name: "feed.json", data: Data("[1]".utf8))
    let error = try #require(throws: DecodingError.self) { try Demo.report(of: input) }
    #expect(Demo.explain(error) == "expected an object at the top level")
  }

  /// `Tests/ResilientDecodingTests/Documentation/DemoOutput`.
  private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("DemoOutput")
}
