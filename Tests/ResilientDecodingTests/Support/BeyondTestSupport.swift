import Foundation
@_spi(Testing) import ResilientDecoding
import XCTest

// Helpers shared by the tests of what goes beyond the original library (sets, keyed
// dictionaries, top-level and generic values, digest entries, property lists, `Sendable`
// models). Every name starts with `beyond` so that it cannot clash with other test helpers.

/// Whether the tests were built in DEBUG, where `$x` and assertions exist.
let beyondIsDebug: Bool = {
  #if DEBUG
    return true
  #else
    return false
  #endif
}()

/// Decodes `json` with a fresh `JSONDecoder`, reporting resilient decoding errors.
func beyondDecode<T: Decodable>(
  _ type: T.Type,
  _ json: String,
  decoder: JSONDecoder = JSONDecoder()
) throws -> (T, ErrorDigest?) {
  try decoder.decode(type, from: Data(json.utf8), reportResilientDecodingErrors: true)
}

/// A coding path written with its keys' `stringValue`s joined by `/`, independently of
/// `ErrorDigest.Entry.path`.
func beyondPath(_ codingPath: [any CodingKey]) -> String {
  codingPath.map(\.stringValue).joined(separator: "/")
}

/// The kind of an error, without details: `typeMismatch`, `valueNotFound`, `keyNotFound`,
/// `dataCorrupted`, `novel(<raw value>)` (the raw value written with `String(reflecting:)`, so
/// `"a"` and `1` differ) or the error's own description.
func beyondKind(_ error: any Error) -> String {
  switch error {
  case let novel as UnknownNovelValueError:
    return "novel(\(String(reflecting: novel.novelValue)))"
  case DecodingError.typeMismatch:
    return "typeMismatch"
  case DecodingError.valueNotFound:
    return "valueNotFound"
  case DecodingError.keyNotFound:
    return "keyNotFound"
  case DecodingError.dataCorrupted:
    return "dataCorrupted"
  default:
    return "\(error)"
  }
}

/// An error written in full: its kind, the type or key involved and its context's coding path;
/// for the DEBUG collection errors, every element result.
func beyondDescribe(_ error: any Error) -> String {
  switch error {
  case let novel as UnknownNovelValueError:
    return "novel(\(String(reflecting: novel.novelValue)))"
  case DecodingError.typeMismatch(let type, let context):
    return "typeMismatch(\(type)) at \(beyondPath(context.codingPath))"
  case DecodingError.valueNotFound(let type, let context):
    return "valueNotFound(\(type)) at \(beyondPath(context.codingPath))"
  case DecodingError.keyNotFound(let key, let context):
    return "keyNotFound(\(key.stringValue)) at \(beyondPath(context.codingPath))"
  case DecodingError.dataCorrupted(let context):
    return "dataCorrupted at \(beyondPath(context.codingPath))"
  default:
    #if DEBUG
      if let collection = beyondDescribeCollectionError(error) { return collection }
    #endif
    return "\(error)"
  }
}

/// Each entry of a digest as `<path> <kind>`, in report order; `[]` for no digest.
func beyondEntries(_ digest: ErrorDigest?, includeNovel: Bool = false) -> [String] {
  guard let digest else { return [] }
  return digest.entries(includeUnknownNovelValueErrors: includeNovel).map { entry in
    "\(entry.path) \(beyondKind(entry.error))"
  }
}

/// Each entry of a digest as `<path>: <full description of the error>`, in report order.
func beyondDetailedEntries(_ digest: ErrorDigest?) -> [String] {
  guard let digest else { return [] }
  return digest.entries(includeUnknownNovelValueErrors: true).map { entry in
    "\(entry.path): \(beyondDescribe(entry.error))"
  }
}

/// Asserts that a digest holds exactly these `<path> <kind>` entries, in this order.
func beyondAssertEntries(
  _ digest: ErrorDigest?,
  _ expected: [String],
  includeNovel: Bool = false,
  _ message: String = "",
  file: StaticString = #filePath,
  line: UInt = #line
) {
  XCTAssertEqual(
    beyondEntries(digest, includeNovel: includeNovel), expected, message, file: file,
    line: line)
}

/// Runs `body`, collecting the library's DEBUG assertion messages instead of stopping; in
/// release, where the library asserts nothing, the list is always empty.
///
/// The assertion handler is global: only call this from tests that run one at a time (the
/// XCTest default).
func beyondRecordingAssertions<R>(_ body: () throws -> R) rethrows -> (value: R, messages: [String])
{
  #if DEBUG
    let messages = LockedList<String>()
    let previous = AssertionHandler.current
    AssertionHandler.current = { message, _, _ in messages.append(message) }
    defer { AssertionHandler.current = previous }
    let value = try body()
    return (value, messages.elements)
  #else
    return (try body(), [])
  #endif
}

#if DEBUG
  /// An outcome written in full, errors included (DEBUG only).
  func beyondOutcome(_ outcome: ResilientDecodingOutcome) -> String {
    switch outcome {
    case .decodedSuccessfully:
      return "decodedSuccessfully"
    case .keyNotFound:
      return "keyNotFound"
    case .valueWasNil:
      return "valueWasNil"
    case .recoveredFrom(let error, let wasReported):
      return "recoveredFrom(\(beyondDescribe(error)), wasReported: \(wasReported))"
    }
  }

  /// Element results written as `success(<value>)` or `failure(<error>)` (DEBUG only).
  func beyondResults<T>(_ results: [Result<T, any Error>]) -> [String] {
    results.map(beyondDescribeResult)
  }

  /// Entry results written as `<key>: success(<value>)` or `<key>: failure(<error>)`, sorted
  /// by key (DEBUG only).
  func beyondResults<T>(_ results: [String: Result<T, any Error>]) -> [String] {
    results.sorted { $0.key < $1.key }.map { "\($0.key): \(beyondDescribeResult($0.value))" }
  }

  /// Errors written in full, in order (DEBUG only).
  func beyondErrors(_ errors: [any Error]) -> [String] {
    errors.map(beyondDescribe)
  }

  private func beyondDescribeResult<T>(_ result: Result<T, any Error>) -> String {
    switch result {
    case .success(let value): return "success(\(value))"
    case .failure(let error): return "failure(\(beyondDescribe(error)))"
    }
  }

  /// Describes an `ArrayDecodingError` or a `DictionaryDecodingError` of any element type by
  /// reflection, so that outcomes of generic and specialised properties can be compared.
  private func beyondDescribeCollectionError(_ error: any Error) -> String? {
    let typeName = String(describing: type(of: error))
    let mirror = Mirror(reflecting: error)
    guard let results = mirror.descendant("results") else { return nil }
    if typeName.hasPrefix("ArrayDecodingError") {
      let elements = Mirror(reflecting: results).children.map { beyondDescribeReflected($0.value) }
      return "ArrayDecodingError[\(elements.joined(separator: ", "))]"
    }
    if typeName.hasPrefix("DictionaryDecodingError") {
      let entries = Mirror(reflecting: results).children.map { child -> String in
        let pair = Array(Mirror(reflecting: child.value).children)
        return "\(pair[0].value): \(beyondDescribeReflected(pair[1].value))"
      }
      var whole = ""
      if let wholeValueError = mirror.descendant("wholeValueError", "some") as? any Error {
        whole = "whole: \(beyondDescribe(wholeValueError)); "
      }
      return "DictionaryDecodingError[\(whole)\(entries.sorted().joined(separator: ", "))]"
    }
    return nil
  }

  /// Describes a `Result` known only as `Any`.
  private func beyondDescribeReflected(_ result: Any) -> String {
    guard let child = Mirror(reflecting: result).children.first else { return "\(result)" }
    if child.label == "failure", let error = child.value as? any Error {
      return "failure(\(beyondDescribe(error)))"
    }
    return "\(child.label ?? "?")(\(child.value))"
  }
#endif
