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

  @available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *)
  @Test(arguments: [
    (#"{}"#, "hero: nothing (the feed has none)"),
    (#"{"hero": {"kind": "video"}}"#, "hero: nothing (a kind this app cannot show: video)"),
    (
      #"{"hero": {"kind": "banner"}}"#,
      #"hero: nothing (could not be read: the required key "title" is missing)"#
    ),
    (#"{"hero": {"kind": "banner", "title": "Hi"}}"#, #"hero: banner "Hi""#),
  ])
  func theDemoSaysWhyAFeedHasNoHero(feed: String, line: String) throws {
    let report = try Demo.report(of: Input(name: "feed.json", data: Data(feed.utf8)))
    #expect(report.split(separator: "\n").contains { $0 == line })
  }

  @available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *)
  @Test func theDemoCountsAbsentPropertiesAsClean() throws {
    let feed = #"{"listings": [{"id": 1, "title": "Loft", "price": "on request", "tags": null}]}"#
    let report = try Demo.report(of: Input(name: "feed.json", data: Data(feed.utf8)))
    let lines = report.split(separator: "\n")
    #expect(lines.first == "Decoded feed.json (\(feed.utf8.count) bytes) into a ListingFeed.")
    #if DEBUG
      #expect(
        lines.contains {
          $0 == "listing 1: 8 of 10 properties decoded cleanly (absent or null: $currency, "
            + "$cancellation, $photos, $amenities, $tags, $bedsByFloor, $ratings, $host)"
        })
      #expect(
        lines.contains { $0.hasPrefix("  $price  recoveredFrom(not a value of type Double)") })
    #else
      #expect(lines.contains { $0.hasPrefix("Not available: this is a release build") })
    #endif
  }

  /// `Tests/ResilientDecodingTests/Documentation/DemoOutput`.
  private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("DemoOutput")
}
