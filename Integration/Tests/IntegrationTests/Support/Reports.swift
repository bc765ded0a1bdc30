import Foundation
import ResilientDecoding
import Testing

// How the tests read an error digest: each entry as the path written for logs and the kind of
// its error, compared in report order.

/// One reported error: where (`entry.path`) and what kind of error.
struct Reported: Equatable, CustomStringConvertible {
  /// The kind of a reported error, with the novel value of an `UnknownNovelValueError`.
  enum Kind: Equatable {
    case typeMismatch
    case keyNotFound
    case valueNotFound
    case dataCorrupted
    case novel(String)
    case other(String)

    init(_ error: any Error) {
      switch error {
      case let novel as UnknownNovelValueError: self = .novel("\(novel.novelValue)")
      case DecodingError.typeMismatch: self = .typeMismatch
      case DecodingError.keyNotFound: self = .keyNotFound
      case DecodingError.valueNotFound: self = .valueNotFound
      case DecodingError.dataCorrupted: self = .dataCorrupted
      default: self = .other("\(type(of: error))")
      }
    }

    var isNovel: Bool {
      if case .novel = self { return true }
      return false
    }
  }

  let path: String
  let kind: Kind

  init(_ path: String, _ kind: Kind) {
    self.path = path
    self.kind = kind
  }

  init(_ entry: ErrorDigest.Entry) {
    self.init(entry.path, Kind(entry.error))
  }

  var description: String { "\(path): \(kind)" }
}

/// Checks a digest against the reports expected, novel values included, in report order.
///
/// Checks `entries(includeUnknownNovelValueErrors: true)` and
/// `errors(includeUnknownNovelValueErrors: true)`, then `entries` and `errors`, which must be the
/// same without the novel values; and that no entry has an empty path, since every value the
/// tests break is nested under a key. An empty `expected` means no digest at all.
func expectReports(
  _ digest: ErrorDigest?,
  _ expected: [Reported],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard !expected.isEmpty else {
    #expect(
      digest == nil, "expected no report, got \(reported(digest))", sourceLocation: sourceLocation)
    return
  }
  guard let digest else {
    Issue.record("expected \(expected), got no digest", sourceLocation: sourceLocation)
    return
  }
  let all = digest.entries(includeUnknownNovelValueErrors: true)
  #expect(all.map(Reported.init) == expected, sourceLocation: sourceLocation)
  #expect(
    digest.errors(includeUnknownNovelValueErrors: true).map(Reported.Kind.init)
      == expected.map(\.kind), sourceLocation: sourceLocation)
  let withoutNovel = expected.filter { !$0.kind.isNovel }
  #expect(digest.entries.map(Reported.init) == withoutNovel, sourceLocation: sourceLocation)
  #expect(digest.errors.count == withoutNovel.count, sourceLocation: sourceLocation)
  #expect(
    digest.errors.map(Reported.Kind.init) == withoutNovel.map(\.kind),
    sourceLocation: sourceLocation)
  #expect(
    !all.contains { $0.path.isEmpty || $0.codingPath.isEmpty }, "an entry with an empty path",
    sourceLocation: sourceLocation)
}

/// The reports of a digest, novel values included; empty for no digest.
func reported(_ digest: ErrorDigest?) -> [Reported] {
  digest?.entries(includeUnknownNovelValueErrors: true).map(Reported.init) ?? []
}

/// Each entry of a digest as `path → record id at record path`, novel values included, in
/// report order.
func namedRecords(_ digest: ErrorDigest?) -> [String] {
  (digest?.entries(includeUnknownNovelValueErrors: true) ?? []).map { entry in
    "\(entry.path) → \(entry.recordID ?? "nil") at \(entry.recordPath ?? "nil")"
  }
}
