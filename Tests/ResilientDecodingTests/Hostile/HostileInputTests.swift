import Dispatch
import Foundation
import ResilientDecoding
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// Payloads written to hurt: nesting past the decoder's limit, a million elements, enormous
/// and exotic keys, numbers that do not fit, a reporter flushed mid-decode.
final class HostileInputTests: XCTestCase {
  private struct HostileValues: Decodable {
    @Resilient var values: [Int]
  }

  private struct HostilePlainValues: Decodable {
    let values: [Int]
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
    XCTAssertEqual(digest?.entries.map(\.path), ["values[1]"])
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

    let prefix = String(repeating: "children[0].", count: depth)
    XCTAssertEqual(digest?.entries.map(\.path), [prefix + "value", prefix + "children[1]"])
    XCTAssertEqual(digest?.entries.first?.codingPath.count, 2 * depth + 1)
    #if DEBUG
      XCTAssertEqual(node.$value.outcome.isReported, true)
      XCTAssertEqual(node.$children.results.count, 2)
    #endif
  }

  // MARK: Size

  func testAMillionElementsHalfInvalidCostTimeAndMemoryProportionalToPlainDecoding() throws {
    let count = 1_000_000
    let plainData = hostileArrayPayload(count) { String($0) }
    let dirtyData = hostileArrayPayload(count) { $0.isMultiple(of: 2) ? String($0) : #""x""# }

    // Interleaved trials, the best of each kind, so that a busy machine hurts both alike.
    // Results are checked outside the measured time.
    var plain: [HostileMeasurement] = []
    var resilient: [HostileMeasurement] = []
    for _ in 0..<2 {
      let (plainValues, plainMeasurement) = try HostileMeasurement.measure {
        try JSONDecoder().decode(HostilePlainValues.self, from: plainData)
      }
      plain.append(plainMeasurement)
      XCTAssertEqual(plainValues.values.count, count)

      let ((decoded, digest), measurement) = try HostileMeasurement.measure {
        try JSONDecoder().decode(
          HostileValues.self, from: dirtyData, reportResilientDecodingErrors: true)
      }
      resilient.append(measurement)
      XCTAssertEqual(decoded.values.count, count / 2)
      XCTAssertTrue(decoded.values.enumerated().allSatisfy { $0.element == 2 * $0.offset })
      let entries = try XCTUnwrap(digest).entries
      XCTAssertEqual(entries.count, count / 2)
      XCTAssertEqual(entries.first?.path, "values[1]")
      XCTAssertEqual(entries.last?.path, "values[\(count - 1)]")
    }

    let timeRatio = resilient.map(\.seconds).min()! / plain.map(\.seconds).min()!
    print(
      "HostileInputTests: 1,000,000 elements: plain \(plain.map(\.summary)), "
        + "resilient (50% invalid, reporter on) \(resilient.map(\.summary)), "
        + "time ratio \(timeRatio)")
    XCTAssertLessThanOrEqual(timeRatio, HostileLimits.timeFactor)
    if let factor = HostileLimits.memoryFactor,
      let plainBytes = plain.compactMap(\.peakBytes).min(),
      let resilientBytes = resilient.compactMap(\.peakBytes).min()
    {
      let memoryRatio = Double(resilientBytes) / Double(max(plainBytes, 1))
      print("HostileInputTests: 1,000,000 elements: memory ratio \(memoryRatio)")
      XCTAssertLessThanOrEqual(memoryRatio, factor)
    }
  }

  // MARK: Keys

  private struct HostileKeyed: Decodable {
    @Resilient var byName: [String: Int]
    @Resilient var byID: [Int: String]?
  }

  func testHugeAndNonASCIIDictionaryKeysAreKeptAndReportedExactlyAsWritten() throws {
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
    let entries = try XCTUnwrap(digest).entries
    let reported = entries.map { $0.codingPath.map(\.stringValue) }
    let expected =
      badKeys.map { ["byName", $0] }
      + ["١٢", "٣", "12345678901234567890123", "0x10", "1_000", "🙂", "8"].map { ["byID", $0] }
    XCTAssertEqual(reported.count, expected.count)
    XCTAssertEqual(Set(reported), Set(expected))
    XCTAssertTrue(try XCTUnwrap(digest).description.contains(hugeEmojiKey))
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
      digest?.entries.map(\.path),
      [
        "small", "signed", "count", "ratio", "tiny", "single", "bytes[2]", "bytes[3]",
        "bytes[4]", "ratios[0]", "ratios[1]", "counts[0]", "counts[1]", "counts[3]",
      ])
    #if DEBUG
      XCTAssertEqual(decoded.$small.outcome.isReported, true)
      XCTAssertEqual(decoded.$bytes.results.count, 6)
      XCTAssertEqual(decoded.$counts.results.count, 5)
    #endif
  }

  // MARK: Flushing

  func testReporterFlushedWhileAHugeDirtyArrayDecodesLosesNoErrorAndKeepsTheirOrder() {
    let count = HostileLimits.flushedArrayCount
    let data = hostileArrayPayload(count) { $0.isMultiple(of: 2) ? String($0) : "null" }
    let reporter = ResilientDecodingErrorReporter()
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

/// Limits of the hostile tests, looser under sanitizers (`RESILIENT_SANITIZER` set), which slow
/// the instrumented library far more than the uninstrumented system decoder.
enum HostileLimits {
  static let sanitized = ProcessInfo.processInfo.environment["RESILIENT_SANITIZER"] != nil

  /// Resilient decoding of half-invalid data ÷ plain decoding of valid data, in time.
  static var timeFactor: Double {
    #if DEBUG
      let factor = 6.0
    #else
      let factor = 4.0
    #endif
    return sanitized ? factor * 5 : factor
  }

  /// The same, in peak memory; every error is kept (for the digest and, in DEBUG, `results`).
  /// Not checked under sanitizers, whose allocators keep freed memory in quarantine.
  static var memoryFactor: Double? {
    #if DEBUG
      let factor = 16.0
    #else
      let factor = 12.0
    #endif
    return sanitized ? nil : factor
  }

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

/// The wall time and peak memory growth of one run of a closure.
struct HostileMeasurement {
  let seconds: Double
  /// The growth of the peak resident set during the run, where the system can tell (Linux).
  let peakBytes: Int?

  var summary: String {
    let megabytes = peakBytes.map { " \($0 / 1_000_000) MB" } ?? ""
    return String(format: "%.3f s", seconds) + megabytes
  }

  /// Runs `body` once and returns its result (still alive, so counted in the peak) with the
  /// measurement.
  static func measure<Result>(_ body: () throws -> Result) rethrows -> (Result, Self) {
    let baseline = prepareMemory()
    let start = DispatchTime.now().uptimeNanoseconds
    let result = try body()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let peak = baseline.flatMap { base in statusKilobytes("VmHWM:").map { ($0 - base) * 1024 } }
    return (result, HostileMeasurement(seconds: seconds, peakBytes: peak))
  }

  /// Returns freed memory to the system and resets the peak, then returns the resident size
  /// in kilobytes; `nil` where that cannot be done.
  private static func prepareMemory() -> Int? {
    #if os(Linux)
      releaseFreedMemory()
      guard
        (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
      else { return nil }
      return statusKilobytes("VmRSS:")
    #else
      return nil
    #endif
  }

  #if os(Linux)
    /// Calls glibc's `malloc_trim(0)`, which Swift's `Glibc` module does not export, so that
    /// memory freed by earlier tests does not hide the growth being measured.
    private static func releaseFreedMemory() {
      typealias MallocTrim = @convention(c) (Int) -> Int32
      guard let symbol = dlsym(nil, "malloc_trim") else { return }
      _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    }
  #endif

  private static func statusKilobytes(_ field: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return nil
    }
    for line in status.split(separator: "\n") where line.hasPrefix(field) {
      return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }
    return nil
  }
}

#if DEBUG
  extension ResilientDecodingOutcome {
    /// Whether this is `recoveredFrom(_, wasReported: true)`.
    var isReported: Bool {
      if case .recoveredFrom(_, true) = self { return true }
      return false
    }
  }
#endif
