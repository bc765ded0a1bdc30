import Foundation
@_spi(Testing) import ResilientDecoding
import XCTest

// MARK: - Decoding

/// Decodes `type` from a JSON string with a reporter for this call only.
///
/// - Returns: The decoded value and the digest of what was reported (`nil` when nothing was).
func decode<T: Decodable>(
  _ type: T.Type,
  json: String,
  using decoder: JSONDecoder = JSONDecoder()
) throws -> (value: T, digest: ErrorDigest?) {
  let (value, digest) = try decoder.decode(
    type, from: Data(json.utf8), reportResilientDecodingErrors: true)
  return (value, digest)
}

// MARK: - Errors

/// The kind of an error, reduced to something that can be compared.
enum ErrorKind: Equatable, CustomStringConvertible {
  case typeMismatch
  case valueNotFound
  case keyNotFound(String)
  case dataCorrupted
  /// An `UnknownNovelValueError`, with its novel value as text.
  case novel(String)
  /// Any other error, by its description.
  case other(String)

  init(_ error: any Error) {
    switch error {
    case let novel as UnknownNovelValueError:
      self = .novel("\(novel.novelValue)")
    case DecodingError.typeMismatch:
      self = .typeMismatch
    case DecodingError.valueNotFound:
      self = .valueNotFound
    case DecodingError.keyNotFound(let key, _):
      self = .keyNotFound(key.stringValue)
    case DecodingError.dataCorrupted:
      self = .dataCorrupted
    default:
      self = .other("\(error)")
    }
  }

  var description: String {
    switch self {
    case .typeMismatch: "typeMismatch"
    case .valueNotFound: "valueNotFound"
    case .keyNotFound(let key): "keyNotFound(\(key))"
    case .dataCorrupted: "dataCorrupted"
    case .novel(let value): "novel(\(value))"
    case .other(let description): "other(\(description))"
    }
  }
}

/// Checks that `error` exists and is of the expected kind.
func assertError(
  _ error: (any Error)?,
  is expected: ErrorKind,
  file: StaticString = #filePath,
  line: UInt = #line
) {
  guard let error else {
    XCTFail("Expected an error of kind \(expected), got none", file: file, line: line)
    return
  }
  XCTAssertEqual(ErrorKind(error), expected, "\(error)", file: file, line: line)
}

/// Checks that two errors are the same decoding error: same kind, same coding path, same
/// debug description.
func assertSameDecodingError(
  _ actual: (any Error)?,
  _ expected: (any Error)?,
  file: StaticString = #filePath,
  line: UInt = #line
) {
  guard let actual = actual as? DecodingError, let expected = expected as? DecodingError else {
    XCTFail(
      "Expected two decoding errors, got \(String(describing: actual)) and "
        + "\(String(describing: expected))", file: file, line: line)
    return
  }
  XCTAssertEqual(ErrorKind(actual), ErrorKind(expected), file: file, line: line)
  XCTAssertEqual(
    pathDescription(context(of: actual).codingPath),
    pathDescription(context(of: expected).codingPath), file: file, line: line)
  XCTAssertEqual(
    context(of: actual).debugDescription, context(of: expected).debugDescription,
    file: file, line: line)
}

/// The context of a decoding error.
private func context(of error: DecodingError) -> DecodingError.Context {
  switch error {
  case .typeMismatch(_, let context), .valueNotFound(_, let context),
    .keyNotFound(_, let context), .dataCorrupted(let context):
    return context
  @unknown default:
    return DecodingError.Context(codingPath: [], debugDescription: "\(error)")
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
    XCTFail("Expected an error, decoded \(value)", file: file, line: line)
    return nil
  } catch {
    return error
  }
}

// MARK: - Digests

/// A coding path written as the string values of its keys joined by dots (`values.Index 1`),
/// independently of the library's own formatting.
func pathDescription(_ codingPath: [any CodingKey]) -> String {
  codingPath.map(\.stringValue).joined(separator: ".")
}

/// One reported error: where, and what kind.
struct Report: Equatable, CustomStringConvertible {
  let path: String
  let kind: ErrorKind

  init(_ path: String, _ kind: ErrorKind) {
    self.path = path
    self.kind = kind
  }

  var description: String { "\(path): \(kind)" }
}

/// Checks the reports of a digest, in order.
///
/// Both `entries(includeUnknownNovelValueErrors:)` and `errors(includeUnknownNovelValueErrors:)`
/// are checked; without `includingNovel`, `errors` and `entries` must agree with them too.
func assertReports(
  _ digest: ErrorDigest?,
  _ expected: [Report],
  includingNovel: Bool = false,
  file: StaticString = #filePath,
  line: UInt = #line
) {
  guard let digest else {
    XCTFail("Expected a digest with \(expected), got nil", file: file, line: line)
    return
  }
  let entries = digest.entries(includeUnknownNovelValueErrors: includingNovel)
  let actual = entries.map { Report(pathDescription($0.codingPath), ErrorKind($0.error)) }
  XCTAssertEqual(actual, expected, file: file, line: line)
  let errorKinds = digest.errors(includeUnknownNovelValueErrors: includingNovel).map(ErrorKind.init)
  XCTAssertEqual(errorKinds, expected.map(\.kind), "errors(…)", file: file, line: line)
  if !includingNovel {
    XCTAssertEqual(digest.errors.map(ErrorKind.init), expected.map(\.kind), file: file, line: line)
    XCTAssertEqual(
      digest.entries.map { pathDescription($0.codingPath) }, expected.map(\.path),
      file: file, line: line)
  }
}

// MARK: - Assertions raised by the library

#if DEBUG
  /// Collects assertion messages, from any thread.
  final class AssertionRecorder: @unchecked Sendable {
    // `@unchecked`: `recorded` is only touched while holding `lock`.
    private let lock = NSLock()
    private var recorded: [String] = []

    func record(_ message: String) {
      lock.withLock { recorded.append(message) }
    }

    var messages: [String] {
      lock.withLock { recorded }
    }
  }
#endif

/// What a block returned and, in DEBUG, the library assertions it raised.
struct Captured<Value> {
  let value: Value
  #if DEBUG
    let assertions: [String]
  #endif
}

/// Runs `body` with the library's assertions recorded instead of stopping the process (DEBUG),
/// restoring the previous handler afterwards. In release there are no assertions to record.
func capturingAssertions<Value>(_ body: () throws -> Value) rethrows -> Captured<Value> {
  #if DEBUG
    let recorder = AssertionRecorder()
    let previous = AssertionHandler.current
    AssertionHandler.current = { message, _, _ in recorder.record(message) }
    defer { AssertionHandler.current = previous }
    let value = try body()
    return Captured(value: value, assertions: recorder.messages)
  #else
    return Captured(value: try body())
  #endif
}

#if DEBUG
  /// Checks that exactly one assertion was raised and that its message contains every fragment.
  func assertSingleAssertion(
    _ messages: [String],
    mentioning fragments: [String],
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertEqual(messages.count, 1, "\(messages)", file: file, line: line)
    guard let message = messages.first else { return }
    for fragment in fragments {
      XCTAssertTrue(
        message.contains(fragment), "\"\(message)\" does not mention \"\(fragment)\"",
        file: file, line: line)
    }
  }
#endif

// MARK: - Property-level diagnostics (DEBUG)

#if DEBUG
  /// An outcome, reduced to something that can be compared.
  enum OutcomeKind: Equatable {
    case decodedSuccessfully
    case keyNotFound
    case valueWasNil
    case recovered(wasReported: Bool)

    init(_ outcome: ResilientDecodingOutcome) {
      switch outcome {
      case .decodedSuccessfully: self = .decodedSuccessfully
      case .keyNotFound: self = .keyNotFound
      case .valueWasNil: self = .valueWasNil
      case .recoveredFrom(_, let wasReported): self = .recovered(wasReported: wasReported)
      }
    }
  }

  /// Checks the kind of an outcome.
  func assertOutcome(
    _ outcome: ResilientDecodingOutcome,
    _ expected: OutcomeKind,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertEqual(OutcomeKind(outcome), expected, "\(outcome)", file: file, line: line)
  }

  /// One element result, reduced to something that can be compared.
  enum ResultSummary<Value: Equatable>: Equatable {
    case success(Value)
    case failure(ErrorKind)
  }

  /// Reduces element results to comparable summaries.
  func summaries<Value: Equatable>(
    _ results: [Result<Value, any Error>]
  ) -> [ResultSummary<Value>] {
    results.map { result in
      switch result {
      case .success(let value): .success(value)
      case .failure(let error): .failure(ErrorKind(error))
      }
    }
  }

  /// Reduces dictionary entry results to comparable summaries.
  func summaries<Value: Equatable>(
    _ results: [String: Result<Value, any Error>]
  ) -> [String: ResultSummary<Value>] {
    results.mapValues { result in
      switch result {
      case .success(let value): .success(value)
      case .failure(let error): .failure(ErrorKind(error))
      }
    }
  }
#endif

/// A lock-protected list that closures running on any thread may append to.
final class LockedList<Element: Sendable>: @unchecked Sendable {
  // `@unchecked`: `storage` is only touched while `lock` is held.
  private let lock = NSLock()
  private var storage: [Element] = []

  func append(_ element: Element) {
    lock.lock()
    storage.append(element)
    lock.unlock()
  }

  var elements: [Element] {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }
}
