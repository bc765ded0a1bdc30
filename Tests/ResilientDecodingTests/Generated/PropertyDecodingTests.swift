import Foundation
import ResilientDecoding
import XCTest

/// Property-based tests: thousands of generated payloads, valid and corrupted at random, each
/// decoded and compared with what an oracle computed from the generated data.
///
/// A failure prints its seed; `RESILIENT_SEED=<seed> swift test --filter <test>` replays it.
final class PropertyDecodingTests: XCTestCase {
  /// Cases per run of `testGeneratedModelsDecodeAsTheOraclePredicts`.
  static let modelCases = 2_000
  /// Cases per run of `testGeneratedTopLevelArraysDecodeAsTheOraclePredicts`.
  static let topLevelCases = 1_000

  func testGeneratedModelsDecodeAsTheOraclePredicts() {
    let run = PropRun(defaultBase: 0x5EED_0001, defaultCount: Self.modelCases)
    let shared = JSONDecoder()
    let sharedReporter = shared.enableResilientDecodingErrorReporting()
    var counts = PropCounts()
    var coverage = PropCoverage()
    for seed in run.seeds {
      let generated = PropCase.model(seed: seed)
      coverage.record(generated.payload, errors: generated.errors)
      // Half the cases go through the one-call API on a fresh decoder, half through a decoder
      // and reporter kept for the whole run, flushed after each case.
      let useShared = seed & 1 == 0 && !generated.snakeCase
      let decoder = useShared ? shared : JSONDecoder()
      if generated.snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
      propCheck(
        generated, test: "PropertyDecodingTests/testGeneratedModelsDecodeAsTheOraclePredicts",
        counts: &counts
      ) { data in
        if useShared {
          if let leftover = sharedReporter.flushReportedErrors() {
            throw PropLeak(digest: leftover)
          }
          let model = try decoder.decode(PropModel.self, from: data)
          return (model.propCanonical, sharedReporter.flushReportedErrors())
        }
        let (model, digest) = try decoder.decode(
          PropModel.self, from: data, reportResilientDecodingErrors: true)
        return (model.propCanonical, digest)
      }
    }
    counts.check(minimumCases: run.seeds.count)
    print("PropertyDecodingTests: \(run.seeds.count) generated models, \(counts)")
    // The oracle is only as good as what is generated: a full run must produce every kind of
    // corruption the test claims to cover, in numbers.
    if run.seeds.count >= Self.modelCases { coverage.check() }
  }

  func testGeneratedTopLevelArraysDecodeAsTheOraclePredicts() {
    let run = PropRun(defaultBase: 0x5EED_0002, defaultCount: Self.topLevelCases)
    var counts = PropCounts()
    for seed in run.seeds {
      let generated = PropCase.topLevelItems(seed: seed)
      propCheck(
        generated,
        test: "PropertyDecodingTests/testGeneratedTopLevelArraysDecodeAsTheOraclePredicts",
        counts: &counts
      ) { data in
        let (items, digest) = try JSONDecoder().decode(
          Resilient<[PropItem]>.self, from: data, reportResilientDecodingErrors: true)
        #if DEBUG
          return (propProperty(items.wrappedValue, items.projectedValue), digest)
        #else
          return (items.wrappedValue.propCanonical, digest)
        #endif
      }
    }
    counts.check(minimumCases: run.seeds.count)
    print("PropertyDecodingTests: \(run.seeds.count) generated top-level arrays, \(counts)")
  }
}

/// The oracle check of one case: decode never throws, the canonical result equals the
/// expectation, and the digest holds exactly the expected errors.
func propCheck(
  _ generated: PropCase,
  test: String,
  counts: inout PropCounts,
  file: StaticString = #filePath,
  line: UInt = #line,
  decode: (Data) throws -> (PropValue, ErrorDigest?)
) {
  let fail = { (message: String) in
    propFail(
      message, seed: generated.seed, test: test, payload: generated.payload, file: file,
      line: line)
  }
  let actual: PropValue
  let digest: ErrorDigest?
  do {
    (actual, digest) = try decode(generated.payload.data)
  } catch {
    fail("decoding threw \(error)")
    return
  }
  counts.cases += 1
  if let difference = generated.expected.firstDifference(from: actual) {
    fail("decoded value differs from the oracle at \(difference)")
  }

  let expected = generated.errors
  let expectedReported = expected.filter { !$0.novel }
  guard let digest else {
    if !expected.isEmpty { fail("no digest, expected errors \(expected)") }
    return
  }
  let entries = digest.entries(includeUnknownNovelValueErrors: true)
  let found = entries.map(PropError.init)
  counts.errors += found.count
  counts.novel += found.filter(\.novel).count
  if expected.isEmpty { fail("a digest with \(found), expected none") }
  if digest.errors.count != expectedReported.count {
    fail("digest.errors.count is \(digest.errors.count), expected \(expectedReported.count)")
  }
  if digest.errors(includeUnknownNovelValueErrors: true).count != expected.count {
    fail(
      "errors(includeUnknownNovelValueErrors: true).count is "
        + "\(digest.errors(includeUnknownNovelValueErrors: true).count), expected \(expected.count)"
    )
  }
  if digest.entries.count != digest.errors.count {
    fail("entries.count \(digest.entries.count) != errors.count \(digest.errors.count)")
  }
  let sortedFound = found.map(\.description).sorted()
  let sortedExpected = expected.map(\.description).sorted()
  if sortedFound != sortedExpected {
    let missing = sortedExpected.filter { !sortedFound.contains($0) }
    let extra = sortedFound.filter { !sortedExpected.contains($0) }
    fail("reported errors differ: missing \(missing), unexpected \(extra); digest:\n\(digest)")
  }
  // Errors come in document order, those of dictionary entries in key order; only errors
  // inside the values of dictionary entries come in the decoder's order.
  let isOrdered = { (error: PropError) in
    error.path.count <= 2 || !generated.unorderedRoots.contains(error.path[0])
  }
  let orderedFound = found.filter(isOrdered)
  let orderedExpected = expected.filter(isOrdered)
  if orderedFound != orderedExpected && sortedFound == sortedExpected {
    fail("errors out of document order: \(orderedFound), expected \(orderedExpected)")
  }
  if digest.description.isEmpty { fail("an empty description for \(found.count) errors") }
}

/// Thrown when a reporter still held errors before a decode: state leaked between decodes.
struct PropLeak: Error, CustomStringConvertible {
  let digest: ErrorDigest
  var description: String { "the reporter still held errors from before:\n\(digest)" }
}

/// What a run of cases exercised.
struct PropCounts: CustomStringConvertible {
  var cases = 0
  var errors = 0
  var novel = 0

  func check(minimumCases: Int, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(cases, minimumCases, "every case was decoded", file: file, line: line)
  }

  var description: String { "\(errors) reported errors of which \(novel) novel values" }
}

/// Counts of what the generator produced, to show it covers every corruption.
struct PropCoverage {
  var cleanCases = 0
  var novelErrors = 0
  var reportedErrors = 0
  var nulls = 0
  var missingKeys = 0
  var nestedErrors = 0
  var deepestPath = 0

  func check(file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertGreaterThan(cleanCases, 100, "clean payloads", file: file, line: line)
    XCTAssertGreaterThan(novelErrors, 1_000, "novel raw values and keys", file: file, line: line)
    XCTAssertGreaterThan(reportedErrors, 10_000, "reported errors", file: file, line: line)
    XCTAssertGreaterThan(nulls, 1_000, "nulls", file: file, line: line)
    XCTAssertGreaterThan(missingKeys, 1_000, "missing keys", file: file, line: line)
    XCTAssertGreaterThan(nestedErrors, 200, "errors inside nested values", file: file, line: line)
    XCTAssertGreaterThan(deepestPath, 3, "depth of error paths", file: file, line: line)
  }

  mutating func record(_ payload: PropJSON, errors: [PropError]) {
    if errors.isEmpty { cleanCases += 1 }
    novelErrors += errors.filter(\.novel).count
    reportedErrors += errors.filter { !$0.novel }.count
    deepestPath = max(deepestPath, errors.map(\.path.count).max() ?? 0)
    nestedErrors += errors.filter { $0.path.count > 3 }.count
    if case .object(let entries) = payload {
      missingKeys += propModelFields.count - entries.filter { !$0.key.hasPrefix("zz_") }.count
    }
    countNulls(payload)
  }

  private mutating func countNulls(_ json: PropJSON) {
    switch json {
    case .null: nulls += 1
    case .array(let elements):
      for element in elements { countNulls(element) }
    case .object(let entries):
      for entry in entries { countNulls(entry.value) }
    default: break
    }
  }
}
