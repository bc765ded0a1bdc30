import Foundation
@_spi(Testing) import ResilientDecoding
import Testing

/// What failure handling keeps stays bounded whatever the document: no error the library makes
/// holds more than a short prefix of a value from the data, and what the holds of collections
/// keep in full never passes the reporter's maximum (once more for each dictionary around).
/// What such documents cost in time and memory is measured by the benchmark package
/// (`Benchmarks/README.md`, `nothing.*` and `bignumber`).
@Suite struct BoundedMemoryTests {
  /// The most a description the library writes holds of a value: 1,000 characters, and an
  /// ellipsis.
  static let prefixLimit = 1_001

  struct Amount: Decodable {
    @Resilient var value: Int?
  }

  /// A number of millions of digits that fits no integer: `JSONDecoder` throws an error of its
  /// own that spells the whole number. The library reports a `dataCorrupted` that keeps a
  /// prefix of it and drops the original; a short one keeps the whole text and the original.
  @Test func aHugeBadNumberIsReportedWithAPrefixOfItsText() throws {
    let digits = String(repeating: "1", count: 2_000_000)
    let (amount, digest) = try decode(Amount.self, json: #"{"value": \#(digits)}"#)
    #expect(amount.value == nil)
    let entry = try #require(digest?.entries.first)
    #expect(entry.path == "value")
    guard case .dataCorrupted(let context)? = entry.error as? DecodingError else {
      Issue.record("\(entry.error)")
      return
    }
    #expect(context.debugDescription.count <= Self.prefixLimit)
    #expect(context.debugDescription.hasSuffix("…"))
    #expect(context.underlyingError == nil)
  }

  @Test func aShortBadNumberKeepsItsWholeTextAndTheDecodersError() throws {
    let (_, digest) = try decode(Amount.self, json: #"{"value": 123456789012345678901234567890}"#)
    let error = try #require(digest?.entries.first?.error as? DecodingError)
    guard case .dataCorrupted(let context) = error else {
      Issue.record("\(error)")
      return
    }
    #expect(context.underlyingError.map { "\($0)" } == context.debugDescription)
  }

  enum Shade: String, ResilientRawRepresentable, CodingKeyRepresentable {
    case light
    static var decodingFallback: Shade { .light }
  }

  enum FrozenShade: String, ResilientRawRepresentable {
    case light
    static var isFrozen: Bool { true }
    static var decodingFallback: FrozenShade { .light }
  }

  struct Shades: Decodable {
    @Resilient var shade: Shade
    @Resilient var frozen: FrozenShade
    @Resilient var byShade: [Shade: Int]
  }

  /// A raw value or a dictionary key of megabytes is kept as a prefix in the errors it makes:
  /// a novel value, a frozen type's corrupt value, a key that does not convert.
  @Test func hugeRawValuesAndKeysAreKeptAsAPrefix() throws {
    let huge = String(repeating: "z", count: 1_000_000)
    let json = #"{"shade": "\#(huge)", "frozen": "\#(huge)", "byShade": {"\#(huge)": 1}}"#
    let (shades, digest) = try decode(Shades.self, json: json)
    #expect(shades.shade == .light && shades.frozen == .light && shades.byShade.isEmpty)
    let errors = try #require(digest).errors(includeUnknownNovelValueErrors: true)
    #expect(errors.count == 3)
    for error in errors {
      switch error {
      case let novel as UnknownNovelValueError:
        #expect("\(novel.novelValue)".count <= Self.prefixLimit)
      case DecodingError.dataCorrupted(let context):
        #expect(context.debugDescription.count <= 2 * Self.prefixLimit)
      default:
        Issue.record("\(type(of: error))")
      }
    }
  }

  struct Holder: Decodable {
    let m: [String: Int]
  }

  struct Keyed: Decodable {
    @Resilient var byName: [String: Int]
    @Resilient var byNumber: [Int: String]
    @Resilient var holders: [Holder]
  }

  /// A dictionary key of megabytes is data like a value: the library keeps a prefix of it in
  /// the paths of its reports, in their errors' paths and descriptions, in the groups and in
  /// the printed digest, whether the key is kept as written, converted, or inside a plain
  /// dictionary whose element fails.
  @Test(arguments: [TestDecoder.json, .strict])
  func aHugeKeyIsKeptAsAPrefixWhereverTheDigestHoldsIt(decoder: TestDecoder) throws {
    let huge = String(repeating: "k", count: 1_000_000)
    let digits = String(repeating: "0", count: 1_000_000) + "1"
    let json = """
      {"byName": {"\(huge)": "x"}, "byNumber": {"\(huge)": "a", "\(digits)": "b", "1": "c"},
       "holders": [{"m": {"\(huge)": "x"}}]}
      """
    let decoded = try #require(try decoder.decode(Keyed.self, json: json))
    let (keyed, digest) = (decoded.value, try #require(decoded.digest))
    #expect(keyed.byName.isEmpty && keyed.byNumber == [1: "c"] && keyed.holders.isEmpty)
    let entries = digest.entries(includeUnknownNovelValueErrors: true)
    #expect(entries.count == 4)
    func isShort(_ path: [any CodingKey]) -> Bool {
      path.allSatisfy { $0.stringValue.count <= Self.prefixLimit }
    }
    for entry in entries {
      #expect(isShort(entry.codingPath), "\(entry.path.prefix(80))")
      switch entry.error as? DecodingError {
      case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?,
        .keyNotFound(_, let context)?, .dataCorrupted(let context)?:
        #expect(isShort(context.codingPath))
        #expect(context.debugDescription.count <= 2 * Self.prefixLimit)
      default:
        break
      }
    }
    for group in digest.groups {
      #expect(group.pattern.count <= 2 * Self.prefixLimit && group.firstPath.count <= 4_000)
    }
    #expect(digest.description.utf8.count < 4 * 4_096)
    // One such entry prints under 4 KB.
    let one = try #require(try decoder.decode(Keyed.self, json: #"{"byName": {"\#(huge)": "x"}}"#))
    #expect(try #require(one.digest).description.utf8.count < 4_096)
  }

  /// An element that fails and, as it does, reads how many reports the holds keep in full.
  struct Watched: Decodable {
    static let key = CodingUserInfoKey(rawValue: "BoundedMemoryTests.watch")!

    init(from decoder: any Decoder) throws {
      if let watch = decoder.userInfo[Self.key] as? Watch {
        watch.kept.append(FailureStateReadings.reportsKeptInFull(for: watch.reporter))
      }
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "x"))
    }
  }

  final class Watch: @unchecked Sendable {
    // `@unchecked`: used by one decode on one thread.
    let reporter: ResilientDecodingErrorReporter
    var kept: [Int] = []
    init(_ reporter: ResilientDecodingErrorReporter) { self.reporter = reporter }
  }

  struct Box: Decodable {
    @Resilient var items: [Watched]
  }

  struct Nothing: Decodable {
    @Resilient var items: [Watched]
    @Resilient var byKey: [String: Box]
  }

  /// Arrays where nothing decodes hold their reports while they wait for an element that
  /// decodes: what they keep in full never passes the maximum, and a dictionary around them
  /// keeps at most the maximum more. Every failure is still counted.
  @Test func whatHoldsKeepInFullNeverPassesTheMaximum() throws {
    let elements = Array(repeating: "{}", count: 40).joined(separator: ", ")
    let entries = (0..<10).map { #""k\#($0)": {"items": [\#(elements)]}"# }
      .joined(separator: ", ")
    let json = #"{"items": [\#(elements)], "byKey": {\#(entries)}}"#
    let reporter = ResilientDecodingErrorReporter(maximumStoredErrors: 5)
    let watch = Watch(reporter)
    let decoder = JSONDecoder()
    decoder.userInfo = [.resilientDecodingErrorReporter: reporter, Watched.key: watch]
    let nothing = try decoder.decode(Nothing.self, from: Data(json.utf8))
    #expect(nothing.items.isEmpty && nothing.byKey.values.allSatisfy(\.items.isEmpty))
    #expect(watch.kept.count >= 40 * 11, "each element decoded at least once")
    #expect(watch.kept.max() ?? 0 <= 2 * 5)
    #expect(watch.kept.prefix(80).max() ?? 0 <= 5, "no dictionary around: the maximum")
    let digest = try #require(reporter.flushReportedErrors())
    #expect(digest.entries.count == 5)
    #expect(digest.entries.count + digest.omittedErrorCount == 40 * 11)
  }
}
