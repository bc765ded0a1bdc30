import Dispatch
import Foundation
import ResilientDecoding
import XCTest

/// Payloads written to hurt: nesting past the decoder's limit, a million elements, enormous
/// and exotic keys, numbers that do not fit, a reporter flushed mid-decode.
final class HostileInputTests: XCTestCase {
  private struct HostileValues: Decodable {
    @Resilient var values: [Int]
  }

  private struct HostileNode: Decodable {
    @Resilient var value: Int?
    @Resilient var children: [HostileNode]
  }

  // MARK: Nesting

  func testArraysNestedPastTheDecoderDepthLimitThrowADecodingErrorInsteadOfCrashing() {
    for depth in [600, 10_000, 200_000] {
      let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      for json in [#"{"values": \#(nested)}"#, #"{"values": [1, \#(nested), 3]}"#] {
        XCTAssertThrowsError(
          try JSONDecoder().decode(
            HostileValues.self, from: Data(json.utf8), reportResilientDecodingErrors: true)
        ) { error in
          XCTAssertTrue(error is DecodingError, "depth \(depth): \(error)")
        }
      }
      XCTAssertThrowsError(try JSONDecoder().decode(Resilient<[Int]>.self, from: Data(nested.utf8)))
      { error in
        XCTAssertTrue(error is DecodingError, "top level, depth \(depth): \(error)")
      }
    }
  }

  func testArraysNestedWithinTheDepthLimitAreOneBadElement() throws {
    let nested = String(repeating: "[", count: 400) + String(repeating: "]", count: 400)
    let json = #"{"values": [1, \#(nested), 3]}"#
    let (decoded, digest) = try JSONDecoder().decode(
      HostileValues.self, from: Data(json.utf8), reportResilientDecodingErrors: true)
    XCTAssertEqual(decoded.values, [1, 3])
    assertReports(digest, [Report("values.Index 1", .typeMismatch)])
    #if DEBUG
      XCTAssertEqual(decoded.$values.results.count, 3)
      XCTAssertEqual(decoded.$values.errors.count, 1)
    #endif
  }

  func testADeeplyRecursiveResilientModelReportsItsDeepestErrorAtTheFullPath() throws {
    // Each level nests an object and an array: 200 levels stay within the decoder's limit.
    let depth = 200
    var json = #"{"value": "not a number", "children": [{"value": 0}, 7]}"#
    for level in 1...depth {
      json = #"{"value": \#(level), "children": [\#(json)]}"#
    }
    let (root, digest) = try JSONDecoder().decode(
      HostileNode.self, from: Data(json.utf8), reportResilientDecodingErrors: true)

    var node = root
    for level in stride(from: depth, through: 1, by: -1) {
      XCTAssertEqual(node.value, level)
      XCTAssertEqual(node.children.count, 1)
      node = node.children[0]
    }
    XCTAssertNil(node.value)
    XCTAssertEqual(node.children.count, 1)
    XCTAssertEqual(node.children.first?.value, 0)

    let prefix = String(repeating: "children.Index 0.", count: depth)
    assertReports(
      digest,
      [Report(prefix + "value", .typeMismatch), Report(prefix + "children.Index 1", .typeMismatch)])
    XCTAssertEqual(digest?.entries.first?.codingPath.count, 2 * depth + 1)
    #if DEBUG
      assertOutcome(node.$value.outcome, .recovered(wasReported: true))
      XCTAssertEqual(node.$children.results.count, 2)
    #endif
  }

  // MARK: Size

  func testAMillionElementsHalfInvalidKeepEveryValidOneAndCountEveryInvalidOne() throws {
    let count = 1_000_000
    let clean = hostileArrayPayload(count) { String($0) }
    let (whole, cleanDigest) = try JSONDecoder().decode(
      HostileValues.self, from: clean, reportResilientDecodingErrors: true)
    XCTAssertEqual(whole.values, Array(0..<count))
    XCTAssertNil(cleanDigest)

    let dirty = hostileArrayPayload(count) { $0.isMultiple(of: 2) ? String($0) : #""x""# }
    let (decoded, digest) = try JSONDecoder().decode(
      HostileValues.self, from: dirty, reportResilientDecodingErrors: true)
    XCTAssertEqual(decoded.values.count, count / 2)
    XCTAssertTrue(decoded.values.enumerated().allSatisfy { $0.element == 2 * $0.offset })
    // The reporter stores the first 1,000 errors in full and counts the other 499,000.
    let stored = ResilientDecodingErrorReporter.defaultMaximumStoredErrors
    let entries = try XCTUnwrap(digest).entries
    XCTAssertEqual(entries.count, stored)
    XCTAssertEqual(digest?.omittedErrorCount, count / 2 - stored)
    XCTAssertEqual(
      digest?.groups,
      [
        ErrorDigest.Group(
          pattern: "values[*]", kind: .typeMismatch, count: count / 2, firstPath: "values[1]",
          firstRecordID: nil)
      ])
    XCTAssertEqual(entries.first.map(Report.init), Report("values.Index 1", .typeMismatch))
    XCTAssertEqual(
      entries.last.map(Report.init), Report("values.Index \(2 * stored - 1)", .typeMismatch))
    // Every entry after the first and before the last too: its own index, a type mismatch.
    let misplaced = entries.enumerated().first { offset, entry in
      entry.codingPath.count != 2 || entry.codingPath[1].intValue != 2 * offset + 1
        || ErrorKind(entry.error) != .typeMismatch
    }
    XCTAssertNil(misplaced.map { "entry \($0.offset): \(Report($0.element))" })
  }

  // MARK: Keys

  private struct HostileKeyed: Decodable {
    @Resilient var byName: [String: Int]
    @Resilient var byID: [Int: String]?
  }

  func testHugeAndNonASCIIDictionaryKeysAreKeptAsWrittenAndReportedAsAPrefix() throws {
    let hugeKey = String(repeating: "k", count: 1_000_000)
    let hugeEmojiKey = String(repeating: "👩‍👩‍👧", count: 50_000)
    let goodKeys = [
      hugeKey, "é", "日本語", "🙂", "שלום", "\u{0}nul", "tab\there", "quote\"back\\slash",
      "Index 1", "a.b[0]", "", "snake_case",
    ]
    let badKeys = [hugeEmojiKey, "e\u{301}x", "مرحبا", "\u{1F}", "[0]"]
    var byName: [String: Any] = [:]
    for (index, key) in goodKeys.enumerated() { byName[key] = index }
    for key in badKeys { byName[key] = "not a number" }
    let byID: [String: Any] = [
      "7": "seven", "-7": "minus seven", "١٢": "arabic-indic digits", "٣": "three",
      "12345678901234567890123": "too big", "0x10": "hex", "1_000": "underscore",
      "🙂": "emoji", "8": 8,
    ]
    let data = try JSONSerialization.data(withJSONObject: ["byName": byName, "byID": byID])
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let (decoded, digest) = try decoder.decode(
      HostileKeyed.self, from: data, reportResilientDecodingErrors: true)

    XCTAssertEqual(
      decoded.byName, Dictionary(uniqueKeysWithValues: goodKeys.enumerated().map { ($1, $0) }))
    XCTAssertEqual(decoded.byID, [7: "seven", -7: "minus seven"])
    // Keys are compared as written: none of the bad ones holds a dot.
    let reported = reports(digest)
    let expected =
      badKeys.map { key in
        // A key is reported as its first 1,000 characters and an ellipsis.
        let printed = key.utf8.count > 1_000 ? String(key.prefix(1_000)) + "…" : key
        return Report("byName.\(printed)", .typeMismatch)
      }
      + ["١٢", "٣", "12345678901234567890123", "0x10", "1_000", "🙂"].map {
        Report("byID.\($0)", .dataCorrupted)
      } + [Report("byID.8", .typeMismatch)]
    XCTAssertEqual(reported.count, expected.count)
    XCTAssertEqual(Set(reported), Set(expected))
    // A key longer than 1,000 characters is printed, and kept, as its first 1,000.
    let printed = try XCTUnwrap(digest).description
    XCTAssertTrue(printed.contains(String(hugeEmojiKey.prefix(1_000)) + "…"))
    XCTAssertFalse(printed.contains(hugeEmojiKey))
    #if DEBUG
      XCTAssertEqual(decoded.$byName.results.count, goodKeys.count + badKeys.count)
      XCTAssertEqual(decoded.$byName.errors.count, badKeys.count)
      XCTAssertEqual(decoded.$byID.results.count, byID.count)
      XCTAssertEqual(try decoded.$byID.results["-7"]?.get(), "minus seven")
    #endif
  }

  // MARK: Numbers

  private struct HostileNumbers: Decodable {
    @Resilient var small: UInt8?
    @Resilient var smallEdge: UInt8?
    @Resilient var signed: Int8?
    @Resilient var signedEdge: Int8?
    @Resilient var count: Int?
    @Resilient var ratio: Double?
    @Resilient var tiny: Double?
    @Resilient var single: Float?
    @Resilient var bytes: [UInt8]
    @Resilient var ratios: [Double]?
    @Resilient var counts: Set<Int>
  }

  func testNumbersOutOfRangeForThePropertyTypeAreReportedAndNeverKept() throws {
    let json = """
      {
        "small": 300, "smallEdge": 255, "signed": -129, "signedEdge": -128,
        "count": 9223372036854775808, "ratio": 1e400, "tiny": 1e-400, "single": 1e39,
        "bytes": [0, 255, 256, -1, 1.5, 17],
        "ratios": [1e400, -1e400, 0.5, 1e308],
        "counts": [1e19, -9223372036854775809, 42, 18446744073709551616, 42]
      }
      """
    let (decoded, digest) = try JSONDecoder().decode(
      HostileNumbers.self, from: Data(json.utf8), reportResilientDecodingErrors: true)
    XCTAssertNil(decoded.small)
    XCTAssertEqual(decoded.smallEdge, 255)
    XCTAssertNil(decoded.signed)
    XCTAssertEqual(decoded.signedEdge, -128)
    XCTAssertNil(decoded.count)
    XCTAssertNil(decoded.ratio)
    XCTAssertNil(decoded.tiny)
    XCTAssertNil(decoded.single)
    XCTAssertEqual(decoded.bytes, [0, 255, 17])
    XCTAssertEqual(decoded.ratios, [0.5, 1e308])
    XCTAssertEqual(decoded.counts, [42])
    XCTAssertEqual(
      reports(digest).map(\.path),
      [
        "small", "signed", "count", "ratio", "tiny", "single", "bytes.Index 2", "bytes.Index 3",
        "bytes.Index 4", "ratios.Index 0", "ratios.Index 1", "counts.Index 0", "counts.Index 1",
        "counts.Index 3",
      ])
    #if DEBUG
      assertOutcome(decoded.$small.outcome, .recovered(wasReported: true))
      XCTAssertEqual(decoded.$bytes.results.count, 6)
      XCTAssertEqual(decoded.$counts.results.count, 5)
    #endif
  }

  // MARK: Flushing

  func testReporterFlushedWhileAHugeDirtyArrayDecodesLosesNoErrorAndKeepsTheirOrder() {
    let count = HostileLimits.flushedArrayCount
    let data = hostileArrayPayload(count) { $0.isMultiple(of: 2) ? String($0) : "null" }
    // Stores every error: a flush may come after more than the default maximum.
    let reporter = ResilientDecodingErrorReporter(maximumStoredErrors: .max)
    let decoded = LockedList<Int>()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      let decoder = JSONDecoder()
      decoder.userInfo[.resilientDecodingErrorReporter] = reporter
      let values = try? decoder.decode(HostileValues.self, from: data).values
      decoded.append(values?.count ?? -1)
    }
    var flushes: [ErrorDigest] = []
    while group.wait(timeout: .now()) == .timedOut {
      if let digest = reporter.flushReportedErrors() { flushes.append(digest) }
    }
    if let digest = reporter.flushReportedErrors() { flushes.append(digest) }

    XCTAssertEqual(decoded.elements, [count / 2])
    let indices = flushes.flatMap(\.entries).map { $0.codingPath.last?.intValue ?? -1 }
    XCTAssertEqual(indices, Array(stride(from: 1, to: count, by: 2)))
    print("HostileInputTests: \(count / 2) errors collected over \(flushes.count) flushes")
  }
}

// MARK: - Support

/// Sizes of the hostile tests, smaller under sanitizers (`RESILIENT_SANITIZER` set), which slow
/// the instrumented library far more than the uninstrumented system decoder.
enum HostileLimits {
  static let sanitized = ProcessInfo.processInfo.environment["RESILIENT_SANITIZER"] != nil

  /// The size of the array decoded while the reporter is flushed.
  static var flushedArrayCount: Int { sanitized ? 40_000 : 200_000 }
}

/// `{"values": [...]}` with `count` elements written by `element`.
private func hostileArrayPayload(_ count: Int, element: (Int) -> String) -> Data {
  var bytes: [UInt8] = Array(#"{"values":["#.utf8)
  bytes.reserveCapacity(count * 8)
  for index in 0..<count {
    if index > 0 { bytes.append(UInt8(ascii: ",")) }
    bytes.append(contentsOf: element(index).utf8)
  }
  bytes.append(contentsOf: "]}".utf8)
  return Data(bytes)
}
