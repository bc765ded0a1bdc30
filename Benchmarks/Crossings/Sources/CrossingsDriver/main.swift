// Decodes one document of one failure path, for `Benchmarks/crossings.py`, which runs this
// program under valgrind's callgrind and has it write its counts when `countedDecode` begins and
// when `decodeCounted` begins (`--dump-before`): the part between them is that one decode. The
// clean twin is decoded once before, uncounted, so that what a process does once (the thread's
// state, the runtime's metadata and conformance caches) is not on the path that is counted.
//
// Usage: crossings-driver PATH failing|clean
//   PATH is dictionary (one bad entry of `@Resilient var d: [String: Item]`, a reporter with
//   identifying keys), array (one bad element of `@Resilient var xs: [Int]`) or optional (a bad
//   `@Resilient var x: Int?`); the clean twin has the same shape, the bad value made good.

import Foundation
import ResilientDecoding

struct Item: Decodable {
  let id: Int
  let name: String
}

struct Dictionaries: Decodable {
  @Resilient var d: [String: Item]
}

struct Arrays: Decodable {
  @Resilient var xs: [Int]
}

struct Optionals: Decodable {
  @Resilient var x: Int?
}

/// One path: its documents, the reporter it registers, and the decode of its model.
struct FailurePath {
  let failing: String
  let clean: String
  let makeReporter: () -> ResilientDecodingErrorReporter
  let decode: (JSONDecoder, Data) throws -> Void
}

let paths: [String: FailurePath] = [
  "dictionary": FailurePath(
    failing: #"{"d": {"a": {"id": 1, "name": 2}}}"#,
    clean: #"{"d": {"a": {"id": 1, "name": "one"}}}"#,
    makeReporter: { ResilientDecodingErrorReporter(identifyingKeys: ["id"]) },
    decode: { _ = try $0.decode(Dictionaries.self, from: $1) }),
  "array": FailurePath(
    failing: #"{"xs": [1, "x", 3]}"#,
    clean: #"{"xs": [1, 2, 3]}"#,
    makeReporter: { ResilientDecodingErrorReporter() },
    decode: { _ = try $0.decode(Arrays.self, from: $1) }),
  "optional": FailurePath(
    failing: #"{"x": "x"}"#,
    clean: #"{"x": 1}"#,
    makeReporter: { ResilientDecodingErrorReporter() },
    decode: { _ = try $0.decode(Optionals.self, from: $1) }),
]

/// The decode that callgrind counts: its counts start when this begins
/// (`--dump-before=*countedDecode*`).
@inline(never)
func countedDecode(_ path: FailurePath, _ decoder: JSONDecoder, _ data: Data) throws {
  try path.decode(decoder, data)
}

/// Called right after the counted decode: callgrind writes what it counted when this begins
/// (`--dump-before=*decodeCounted*`), so that nothing after the decode is in the counts.
@inline(never)
func decodeCounted() {}

/// The same decode, not counted.
@inline(never)
func warmUpDecode(_ path: FailurePath, _ decoder: JSONDecoder, _ data: Data) throws {
  try path.decode(decoder, data)
}

/// A decoder with a new reporter of `path` registered in its `userInfo`.
func makeDecoder(for path: FailurePath) -> (JSONDecoder, ResilientDecodingErrorReporter) {
  let reporter = path.makeReporter()
  let decoder = JSONDecoder()
  decoder.userInfo[.resilientDecodingErrorReporter] = reporter
  return (decoder, reporter)
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let path = paths[arguments[1]],
  ["failing", "clean"].contains(arguments[2])
else {
  FileHandle.standardError.write(
    Data("usage: crossings-driver dictionary|array|optional failing|clean\n".utf8))
  exit(2)
}
let document = Data((arguments[2] == "failing" ? path.failing : path.clean).utf8)

// Uncounted: the first decode of the process, of the clean twin (a failure would change the
// next decode: a dictionary whose trial failed skips its next ones), with a reporter of its own.
do {
  let (warmUpDecoder, warmUpReporter) = makeDecoder(for: path)
  try warmUpDecode(path, warmUpDecoder, Data(path.clean.utf8))
  _ = warmUpReporter.flushReportedErrors()
}

let (decoder, reporter) = makeDecoder(for: path)
try countedDecode(path, decoder, document)
decodeCounted()
let digest = reporter.flushReportedErrors()
// What the reporter got, for the script to check that the failing document failed and the
// clean one did not.
print("reported \(digest?.errors.count ?? 0)")
