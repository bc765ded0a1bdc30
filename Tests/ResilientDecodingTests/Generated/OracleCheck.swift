import Foundation
import ResilientDecoding

// How one generated case is checked against the oracle, in the shared vocabulary: reports
// are `Report`s (a path written by `pathDescription` and an `ErrorKind`), kept with the keys of
// their path so that the order of reports can be checked key by key.

/// A report as the generated tests compare it: the keys of its coding path and its kind.
struct GeneratedReport: Equatable, Sendable, CustomStringConvertible {
  /// The `stringValue`s of the keys of the coding path (`Index 2` for an array element).
  let keys: [String]
  let kind: ErrorKind

  init(_ keys: [String], _ kind: ErrorKind) {
    self.keys = keys
    self.kind = kind
  }

  /// The report of a digest entry.
  init(_ entry: ErrorDigest.Entry) {
    self.init(entry.codingPath.map(\.stringValue), ErrorKind(entry.error))
  }

  /// The same report, under `prefix`.
  func under(_ prefix: [String]) -> GeneratedReport {
    GeneratedReport(prefix + keys, kind)
  }

  /// The shared form of this report.
  var report: Report {
    Report(pathDescription(keys.map { NamedKey($0) }), kind)
  }

  var description: String { report.description }

  /// Reports in a fixed order, to compare lists whose order does not matter.
  static func sorted(_ reports: [GeneratedReport]) -> [GeneratedReport] {
    // The key is what `description` writes, built without the shared `Report`.
    reports.map {
      (text: $0.keys.joined(separator: ".") + ": \($0.kind)", depth: $0.keys.count, report: $0)
    }
    .sorted { lhs, rhs in
      if lhs.text.isBeforeInKeyOrder(rhs.text) { return true }
      if rhs.text.isBeforeInKeyOrder(lhs.text) { return false }
      return lhs.depth < rhs.depth
    }
    .map(\.report)
  }

  /// Whether two lists hold the same reports, in any order; lists in the same order are not
  /// sorted.
  static func sameReports(_ left: [GeneratedReport], _ right: [GeneratedReport]) -> Bool {
    left == right || sorted(left) == sorted(right)
  }
}

/// Records a failure of a generated case, with its seed, how to replay it, and its payload.
func recordGeneratedFailure(
  _ message: String, _ generated: GeneratedCase, run: GeneratedRun, file: StaticString,
  line: UInt
) {
  var payload = generated.payload.text
  if payload.count > 3000 { payload = String(payload.prefix(3000)) + "…" }
  recordFailure(
    "\(message)\n  seed \(GeneratedRun.describe(generated.seed)); replay with "
      + "\(run.replayCommand(generated.seed))\n  payload: \(payload)", file: file, line: line)
}

/// Checks one generated case against the oracle: decoding (`decode`, given the payload's JSON
/// text) does not throw, the canonical result
/// equals the expectation, and the digest holds exactly the expected reports, in document
/// order where the order is fixed, each naming the record the oracle predicts for a reporter
/// whose identifying keys are `identifyingKeys` (see `RecordOracle.swift`). Every failure
/// says how to replay the case, and with which decoder it happened.
func checkAgainstOracle(
  _ document: GeneratedDocument,
  with decoder: TestDecoder = .json,
  identifyingKeys: [String] = [],
  run: GeneratedRun,
  counts: inout GeneratedCounts,
  file: StaticString = #filePath,
  line: UInt = #line,
  decode: (Data) throws -> (CanonicalValue, ErrorDigest?)
) {
  let generated = document.generated
  let fail = { (message: String) in
    recordGeneratedFailure("\(decoder): \(message)", generated, run: run, file: file, line: line)
  }
  let actual: CanonicalValue
  let digest: ErrorDigest?
  do {
    (actual, digest) = try decode(document.json)
  } catch {
    fail("decoding threw \(error)")
    return
  }
  counts.cases += 1
  if let difference = generated.expected.firstDifference(from: actual) {
    fail("decoded value differs from the oracle at \(difference)")
  }

  let expected = generated.reports
  guard let digest else {
    if !expected.isEmpty { fail("no digest, expected reports \(expected)") }
    return
  }
  let found = digest.entries(includeUnknownNovelValueErrors: true).map(GeneratedReport.init)
  counts.reports += found.count
  counts.novel += found.filter(\.kind.isNovel).count
  if expected.isEmpty { fail("a digest with \(found), expected none") }
  if !GeneratedReport.sameReports(found, expected) {
    let sortedFound = GeneratedReport.sorted(found)
    let sortedExpected = GeneratedReport.sorted(expected)
    let missing = sortedExpected.filter { !sortedFound.contains($0) }
    let extra = sortedFound.filter { !sortedExpected.contains($0) }
    fail("reports differ: missing \(missing), unexpected \(extra); digest:\n\(digest)")
  } else if found.filter(generated.hasFixedOrder) != expected.filter(generated.hasFixedOrder) {
    fail("reports out of document order: \(found), expected \(expected)")
  }
  // Without novel values, `entries` and `errors` list the same reports, in the same order.
  let reported = expected.filter { !$0.kind.isNovel }
  let entries = digest.entries.map(GeneratedReport.init)
  if !GeneratedReport.sameReports(entries, reported) {
    fail("entries are \(entries), expected \(reported)")
  }
  if errorKinds(digest.errors) != entries.map(\.kind) {
    fail("errors are \(errorKinds(digest.errors)), entries \(entries)")
  }
  let withNovel = errorKinds(digest.errors(includeUnknownNovelValueErrors: true))
  if withNovel != found.map(\.kind) {
    fail("errors(includeUnknownNovelValueErrors: true) are \(withNovel), entries \(found)")
  }
  if digest.description.isEmpty { fail("an empty description for \(found.count) reports") }
  let records = recordProblems(digest, generated, identifyingKeys: identifyingKeys)
  for problem in groupProblems(digest) + records {
    fail(problem)
  }
}

/// What is wrong with a digest's groups, for a digest that stored everything: each error is
/// counted once, and each group counts exactly the entries of its pattern and kind.
func groupProblems(_ digest: ErrorDigest) -> [String] {
  let all = digest.entries(includeUnknownNovelValueErrors: true)
  guard digest.omittedErrorCount == 0 else {
    return ["\(digest.omittedErrorCount) errors omitted from a small payload"]
  }
  var expected: [String: Int] = [:]
  for entry in all {
    expected["\(expectedPattern(entry.codingPath)) \(expectedKind(entry.error))", default: 0] += 1
  }
  let grouped = Dictionary(
    digest.groups.map { ("\($0.pattern) \($0.kind.rawValue)", $0.count) },
    uniquingKeysWith: { _, _ in -1 })
  return grouped == expected ? [] : ["groups \(grouped), expected from the entries \(expected)"]
}

/// A path's pattern as `ErrorDigest.Group.pattern` documents it.
func expectedPattern(_ codingPath: [any CodingKey]) -> String {
  var pattern = ""
  for key in codingPath {
    if key.intValue != nil, Int(key.stringValue) == nil {
      pattern += "[*]"
    } else {
      pattern +=
        (pattern.isEmpty ? "" : ".") + (Int(key.stringValue) != nil ? "*" : key.stringValue)
    }
  }
  return pattern
}

/// A path written as `ErrorDigest.Entry.path` documents it.
func pathText(_ codingPath: some Collection<any CodingKey>) -> String {
  var text = ""
  for key in codingPath {
    if let index = key.intValue, Int(key.stringValue) == nil {
      text += "[\(index)]"
    } else {
      text += (text.isEmpty ? "" : ".") + key.stringValue
    }
  }
  return text
}

/// The kind of an error as `ErrorDigest.Kind` names it.
func expectedKind(_ error: any Error) -> String {
  switch error {
  case is UnknownNovelValueError: "novelValue"
  case DecodingError.typeMismatch: "typeMismatch"
  case DecodingError.valueNotFound: "valueNotFound"
  case DecodingError.keyNotFound: "keyNotFound"
  case DecodingError.dataCorrupted: "dataCorrupted"
  default: "other"
  }
}

/// Thrown when a reporter still held reports before a decode: state leaked between decodes.
struct LeakedReports: Error, CustomStringConvertible {
  let digest: ErrorDigest
  var description: String { "the reporter still held reports from before:\n\(digest)" }
}

/// What a run of cases exercised.
struct GeneratedCounts: CustomStringConvertible {
  var cases = 0
  var reports = 0
  var novel = 0

  var description: String { "\(reports) reports of which \(novel) novel values" }
}
