import Foundation
import ResilientDecoding
import Testing
import XCTest

// Assertions shared by every test, XCTest and Swift Testing alike. Each takes the caller's
// `file` and `line`, so a failure points at the test, not at this file.

// MARK: - Recording a failure

/// Records a failure at the caller's location in whichever framework runs the current test.
func recordFailure(_ message: String, file: StaticString, line: UInt) {
  if Test.current != nil {
    let path = "\(file)"
    let fileName = path.split(separator: "/").last.map(String.init) ?? path
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: SourceLocation(
        fileID: "ResilientDecodingTests/\(fileName)", filePath: path, line: Int(line), column: 1))
  } else {
    XCTFail(message, file: file, line: line)
  }
}

/// Fails unless `actual == expected`.
func expectEqual<Value: Equatable>(
  _ actual: Value,
  _ expected: Value,
  _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath,
  line: UInt = #line
) {
  guard actual != expected else { return }
  let context = message()
  recordFailure(
    (context.isEmpty ? "" : "\(context): ") + "got \(actual), expected \(expected)",
    file: file, line: line)
}

// MARK: - Errors

/// Checks that `error` exists and is of the expected kind.
func assertError(
  _ error: (any Error)?,
  is expected: ErrorKind,
  file: StaticString = #filePath,
  line: UInt = #line
) {
  guard let error else {
    recordFailure("Expected an error of kind \(expected), got none", file: file, line: line)
    return
  }
  expectEqual(ErrorKind(error), expected, "\(error)", file: file, line: line)
}

/// Checks that two errors are the same decoding error: same kind, type or key, coding path and
/// debug description.
func assertSameDecodingError(
  _ actual: (any Error)?,
  _ expected: (any Error)?,
  file: StaticString = #filePath,
  line: UInt = #line
) {
  guard let actual = actual as? DecodingError, let expected = expected as? DecodingError else {
    recordFailure(
      "Expected two decoding errors, got \(String(describing: actual)) and "
        + "\(String(describing: expected))", file: file, line: line)
    return
  }
  expectEqual(describe(actual), describe(expected), file: file, line: line)
  expectEqual(
    debugDescription(of: actual), debugDescription(of: expected), "debugDescription",
    file: file, line: line)
}

/// The debug description in the context of a decoding error.
private func debugDescription(of error: DecodingError) -> String {
  switch error {
  case .typeMismatch(_, let context), .valueNotFound(_, let context),
    .keyNotFound(_, let context), .dataCorrupted(let context):
    return context.debugDescription
  @unknown default:
    return "\(error)"
  }
}

/// Runs `body`, expecting it to throw, and returns the error.
func thrownError<T>(
  file: StaticString = #filePath,
  line: UInt = #line,
  _ body: () throws -> T
) -> (any Error)? {
  do {
    let value = try body()
    recordFailure("Expected an error, decoded \(value)", file: file, line: line)
    return nil
  } catch {
    return error
  }
}

// MARK: - Digests

/// Checks the reports of a digest, in order.
///
/// `entries(includeUnknownNovelValueErrors:)` and `errors(includeUnknownNovelValueErrors:)` are
/// both checked; without `includingNovel`, `errors` and `entries` must agree with them too. An
/// empty `expected` accepts no digest at all, which is what a reporter gives when nothing was
/// reported.
func assertReports(
  _ digest: ErrorDigest?,
  _ expected: [Report],
  includingNovel: Bool = false,
  file: StaticString = #filePath,
  line: UInt = #line
) {
  guard let digest else {
    if !expected.isEmpty {
      recordFailure("Expected a digest with \(expected), got nil", file: file, line: line)
    }
    return
  }
  expectEqual(reports(digest, includingNovel: includingNovel), expected, file: file, line: line)
  expectEqual(
    errorKinds(digest.errors(includeUnknownNovelValueErrors: includingNovel)),
    expected.map(\.kind), "errors(includeUnknownNovelValueErrors:)", file: file, line: line)
  if !includingNovel {
    expectEqual(errorKinds(digest.errors), expected.map(\.kind), "errors", file: file, line: line)
    expectEqual(digest.entries.map(Report.init), expected, "entries", file: file, line: line)
  }
}

/// Checks every report of a digest, novel values included, in order, and that `errors` and
/// `entries` list the same reports with the novel values left out.
func assertReportsIncludingNovel(
  _ digest: ErrorDigest?,
  _ expected: [Report],
  file: StaticString = #filePath,
  line: UInt = #line
) {
  assertReports(digest, expected, includingNovel: true, file: file, line: line)
  assertReports(digest, expected.filter { !$0.isNovel }, file: file, line: line)
}

// MARK: - Property diagnostics (DEBUG)

#if DEBUG
  /// Checks the kind of an outcome.
  func assertOutcome(
    _ outcome: ResilientDecodingOutcome,
    _ expected: OutcomeKind,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    expectEqual(OutcomeKind(outcome), expected, "\(outcome)", file: file, line: line)
  }
#endif

/// Checks that `messages` holds exactly one assertion (none in release) and that it contains
/// every fragment: the declaration that was wrong and what to write instead.
func assertSingleAssertion(
  _ messages: [String],
  mentioning fragments: [String],
  file: StaticString = #filePath,
  line: UInt = #line
) {
  expectEqual(messages.count, expectedAssertionCount(1), "\(messages)", file: file, line: line)
  guard let message = messages.first else { return }
  for fragment in fragments where !message.contains(fragment) {
    recordFailure("\"\(message)\" does not mention \"\(fragment)\"", file: file, line: line)
  }
}
