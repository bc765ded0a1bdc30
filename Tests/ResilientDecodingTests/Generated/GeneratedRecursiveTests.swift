import Foundation
import ResilientDecoding
import Testing

// Generated recursive models, and generated models whose records hold identifying keys their
// types do not declare (README: "Naming the failing record" and "Generated inputs, sanitizers
// and fuzzing"). Seeds and replay work as in the rest of the suite.

extension GeneratedPayloadTests {
  /// Cases per run of ``generatedRecursiveModelsDecodeAsTheOraclePredicts()``.
  static let recursiveCases = 300
  /// Cases per run of ``generatedRecursiveModelsDecodeAsTheOraclePredictsWithTreeDecoders()``.
  static let treeRecursiveCases = 50
  /// Cases per run of ``undeclaredIdentifyingKeysNameRecordsAsTheOraclePredicts()``.
  static let undeclaredKeyCases = 150

  /// How many times at most each record's `init(from:)` may run in one decode: twice, thrice
  /// for dictionaries and arrays in turn (see `RecursiveModelTests`).
  static let runsPerRecord = 3

  /// Trees of nodes that hold themselves in a `@Resilient` array and a `@Resilient`
  /// dictionary, a few levels deep or 30 to 60, with failures at random depths, decoded by
  /// `JSONDecoder` with reporters with and without identifying keys: values, reports and the
  /// records they name are the oracle's, each record's `init(from:)` runs a bounded number of
  /// times, and plain `Codable` sets the bar wherever it decodes.
  @Test func generatedRecursiveModelsDecodeAsTheOraclePredicts() {
    let run = GeneratedRun(
      filter: "GeneratedPayloadTests/generatedRecursiveModelsDecodeAsTheOraclePredicts",
      defaultBase: 0x5EED_0007, defaultCount: Self.recursiveCases)
    var tally = RecursiveTally()
    for seed in run.seeds {
      let recursive = GeneratedCase.recursive(seed: seed)
      tally.check(recursive, with: .json, run: run)
    }
    tally.expectCoverage(of: run)
    print("GeneratedPayloadTests: \(run.seeds.count) recursive models from \(run.origin), \(tally)")
  }

  /// The same with ``TreeDecoder`` strict and advancing in turn, in trees at most 20 deep.
  @Test func generatedRecursiveModelsDecodeAsTheOraclePredictsWithTreeDecoders() {
    let run = GeneratedRun(
      filter:
        "GeneratedPayloadTests/generatedRecursiveModelsDecodeAsTheOraclePredictsWithTreeDecoders",
      defaultBase: 0x5EED_0008, defaultCount: Self.treeRecursiveCases)
    var tally = RecursiveTally()
    for (index, seed) in run.seeds.enumerated() {
      let recursive = GeneratedCase.recursive(seed: seed, for: .tree, maximumDepth: 20)
      let decoders: [TestDecoder] =
        run.base == nil ? [.strict, .advancing] : [index.isMultiple(of: 2) ? .strict : .advancing]
      for decoder in decoders { tally.check(recursive, with: decoder, run: run) }
    }
    #expect(tally.counts.cases == tally.attempts, "every case was decoded")
    print(
      "GeneratedPayloadTests: \(run.seeds.count) recursive models from \(run.origin) "
        + "through tree decoders, \(tally)")
  }

  /// Generated models whose records (the root, items, attachments and the rest) also hold
  /// identifying keys their types do not declare, decoded with reporters given several keys:
  /// each report names the record the oracle predicts, read whole or through its declared keys
  /// as the README says; values and reports are the oracle's as without those keys.
  @Test func undeclaredIdentifyingKeysNameRecordsAsTheOraclePredicts() {
    let run = GeneratedRun(
      filter: "GeneratedPayloadTests/undeclaredIdentifyingKeysNameRecordsAsTheOraclePredicts",
      defaultBase: 0x5EED_0009, defaultCount: Self.undeclaredKeyCases)
    let orders: [[String]] = [["uuid", "id"], ["sku", "id", "uuid"], ["id", "uuid"]]
    var counts = GeneratedCounts()
    var named = RecordNamingCoverage()
    for seed in run.seeds {
      let model = GeneratedCase.model(seed: seed)
      var random = SeededRandom(seed: seed ^ 0x1D)
      let keys = random.pick(orders)
      let payload = model.schema.addingUndeclaredIdentifiers(
        to: model.payload, names: generatedIdentifyingNames, share: 0.7, &random)
      let generated = GeneratedCase(
        seed: seed, payload: payload, expected: model.expected, reports: model.reports,
        snakeCase: model.snakeCase, unorderedDictionaries: model.unorderedDictionaries,
        schema: model.schema)
      let document = GeneratedDocument(generated)
      var found: ErrorDigest?
      checkAgainstOracle(document, identifyingKeys: keys, run: run, counts: &counts) { data in
        let decoder = JSONDecoder()
        if generated.snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        let reporter = ResilientDecodingErrorReporter(identifyingKeys: keys)
        decoder.userInfo[.resilientDecodingErrorReporter] = reporter
        let value = try decoder.decode(GeneratedModel.self, from: data).canonical
        found = reporter.flushReportedErrors()
        return (value, found)
      }
      named.record(found, generated, identifyingKeys: keys)
    }
    #expect(counts.cases == run.seeds.count, "every case was decoded")
    if run.seeds.count >= Self.undeclaredKeyCases { named.expectCoverage() }
    print(
      "GeneratedPayloadTests: \(run.seeds.count) models with undeclared identifying keys from "
        + "\(run.origin), \(counts); \(named)")
  }
}

extension GeneratedPayloadTests {
  /// A known issue of the library, found by the generated recursive models: the record a
  /// report names depends on what the same thread decoded before. A decode in which an entry of
  /// a dictionary of nodes fails (`c`, whose own dictionary is empty) makes the thread skip the
  /// trials of the next dictionaries of nodes, and then a node that fails (`{}`) inside a node
  /// that failed (`C`), in a dictionary entry that failed (`B`), is named by `B` instead of `C`,
  /// the innermost record with an identifier, read whole (README: "Naming the failing
  /// record"). Alone on its thread, or once enough dictionaries ran their trials again, the
  /// same document names `C`.
  @Test func recordsDependOnThreadHistory() throws {
    let failingDictionary = #"{"name": "w", "kids": {"c": {"kids": {}}}}"#
    let document = #"""
      {"name": "root", "kids": {"a": {"children": [{"name": "n", "kids": {"b": {"uuid": "B",
        "children": [{"uuid": "C", "children": [{}]}]}}}]}}}
      """#
    func decode(_ json: String) throws -> [String: String] {
      let decoder = JSONDecoder()
      let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["uuid"])
      decoder.userInfo[.resilientDecodingErrorReporter] = reporter
      _ = try decoder.decode(GenNode<GenDeclaresNothing>.self, from: Data(json.utf8))
      var records: [String: String] = [:]
      for entry in reporter.flushReportedErrors()?.entries ?? [] {
        records[entry.path] = entry.recordID.map { "\($0) at \(entry.recordPath ?? "nil")" }
      }
      return records
    }
    let innermost = "kids.a.children[0].kids.b.children[0].children[0]"
    let alone = try onFreshThread { try decode(document) }
    #expect(alone[innermost] == "C at kids.a.children[0].kids.b.children[0]")
    let afterAnother = try onFreshThread {
      _ = try decode(failingDictionary)
      return try decode(document)
    }
    withKnownIssue("the record depends on what the thread decoded before") {
      #expect(afterAnother == alone)
    }
  }
}

/// What a run of recursive cases checked and met.
private struct RecursiveTally: CustomStringConvertible {
  var counts = GeneratedCounts()
  var plain = PlainTwinCounts()
  /// Cases checked against the oracle.
  var attempts = 0
  var deepCases = 0
  var deepestReport = 0
  /// The most `init(from:)` runs per record (JSON object) any case took.
  var mostRunsPerRecord = 0.0
  var named = RecordNamingCoverage()
  /// Reports per kind, novel values left out (there are none).
  var kinds: [ErrorKind: Int] = [:]
  /// Cases whose records were named after what the thread decoded before (a known issue).
  var historyIssues = 0

  /// Checks `recursive` with `decoder` against the oracle and the plain twin, and that
  /// decoding it ran each record's `init(from:)` a bounded number of times.
  mutating func check(
    _ recursive: RecursiveCase, with decoder: TestDecoder, run: GeneratedRun,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let generated = recursive.generated
    let document = GeneratedDocument(generated)
    attempts += 1
    var decoded: (value: CanonicalValue, digest: ErrorDigest?, runs: Int)?
    // Records named otherwise than the oracle says, but as it says when the same case is
    // decoded on a thread that decoded nothing before, are a known issue of the library: what
    // a thread decoded before changes the records it names (see `recordsDependOnThreadHistory`).
    var knownIssues = 0
    let historyIssue = { (problems: [String]) -> Bool in
      guard
        let fresh = try? onFreshThread({ try recursive.decode(document, with: decoder) }),
        let digest = fresh.digest,
        recordProblems(digest, generated, identifyingKeys: recursive.identifyingKeys).isEmpty
      else { return false }
      let message =
        "\(decoder), seed \(GeneratedRun.describe(generated.seed)): "
        + problems.joined(separator: "\n")
      withKnownIssue("records named after what the thread decoded before", isIntermittent: true) {
        Issue.record(Comment(rawValue: message))
      }
      knownIssues += 1
      return true
    }
    checkAgainstOracle(
      document, with: decoder, identifyingKeys: recursive.identifyingKeys,
      recordsAreKnownIssue: historyIssue, run: run, counts: &counts, file: file, line: line
    ) { _ in
      decoded = try recursive.decode(document, with: decoder)
      return (decoded!.value, decoded!.digest)
    }
    historyIssues += knownIssues
    guard let decoded else { return }
    let records = recursive.objectCount
    let bound = GeneratedPayloadTests.runsPerRecord * records
    if decoded.runs > bound {
      recordGeneratedFailure(
        "\(decoder): \(decoded.runs) runs of init(from:) for \(records) records, more than "
          + "\(bound)", generated, run: run, file: file, line: line)
    }
    if records > 0 {
      mostRunsPerRecord = max(mostRunsPerRecord, Double(decoded.runs) / Double(records))
    }
    if recursive.depth >= 30 { deepCases += 1 }
    deepestReport = max(deepestReport, generated.reports.map(\.keys.count).max() ?? 0)
    for report in generated.reports { kinds[report.kind, default: 0] += 1 }
    named.record(decoded.digest, generated, identifyingKeys: recursive.identifyingKeys)
    checkAgainstPlainTwin(
      generated, with: decoder, run: run, counts: &plain, file: file, line: line,
      plain: { try document.decodePlain(PlainNode.self, with: decoder)?.canonical },
      resilient: { (decoded.value, decoded.digest) })
  }

  /// Expects a run of the default size to have met deep trees, deep reports, every kind of
  /// failure, clean trees plain `Codable` decodes, and every way of naming a record.
  func expectCoverage(of run: GeneratedRun, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(counts.cases == attempts, "every case was decoded", sourceLocation: sourceLocation)
    guard run.seeds.count >= GeneratedPayloadTests.recursiveCases else { return }
    #expect(deepCases > 20, "trees 30 to 60 deep", sourceLocation: sourceLocation)
    #expect(deepestReport > 60, "reports 30 levels down", sourceLocation: sourceLocation)
    #expect(plain.checked > 25, "clean trees", sourceLocation: sourceLocation)
    let everyKind: [ErrorKind] = [
      .typeMismatch, .valueNotFound, .keyNotFound("name"), .keyNotFound("weight"),
    ]
    for kind in everyKind {
      #expect(kinds[kind, default: 0] > 20, "reports of \(kind)", sourceLocation: sourceLocation)
    }
    named.expectCoverage(sourceLocation: sourceLocation)
  }

  var description: String {
    "\(counts); at most \((mostRunsPerRecord * 100).rounded() / 100) runs of init(from:) per "
      + "record; \(deepCases) trees 30 levels deep or more, reports \(deepestReport) keys deep; "
      + "plain Codable: \(plain); \(named); \(historyIssues) cases with records named after "
      + "what the thread decoded before (a known issue)"
  }
}

/// How the records that reports named were found, to show that every way was met.
struct RecordNamingCoverage: CustomStringConvertible {
  /// Records read whole, named by a key their type does not declare.
  var byUndeclaredKey = 0
  /// Records read whole, named by a key their type declares.
  var wholeByDeclaredKey = 0
  /// Records read through their declared keys, holding an identifying key tried before the one
  /// that named them, which their type does not declare.
  var skippingUndeclaredKey = 0
  /// Reports inside a record that holds an identifier, which names none or one further out:
  /// the record is not looked at, or only through keys it does not hold.
  var passedOver = 0
  /// Reports of a reporter with identifying keys that name no record.
  var unnamed = 0

  mutating func record(
    _ digest: ErrorDigest?, _ generated: GeneratedCase, identifyingKeys: [String]
  ) {
    guard !identifyingKeys.isEmpty, let digest else { return }
    for entry in digest.entries(includeUnknownNovelValueErrors: true) {
      let path = entry.codingPath
      let depth = entry.recordPath.flatMap { recordPath in
        (0...path.count).first { pathText(path.prefix($0)) == recordPath }
      }
      let objects = generated.payload.objects(along: path)
      if let recordID = entry.recordID, let depth, let record = objects[depth] {
        let key = identifyingKeys.first { identifier(record, keys: [$0], declared: nil) != nil }
        let declared = generated.schema.declaredKeys(along: path, at: depth)
        if let key, identifier(record, keys: identifyingKeys, declared: nil) == recordID {
          if let declared, !declared.contains(key) {
            byUndeclaredKey += 1
          } else {
            wholeByDeclaredKey += 1
          }
        } else {
          skippingUndeclaredKey += 1
        }
      } else {
        unnamed += 1
      }
      let inner = (depth ?? -1) + 1
      if inner < objects.count,
        objects[inner...].contains(where: {
          $0.map { identifier($0, keys: identifyingKeys, declared: nil) != nil } ?? false
        })
      {
        passedOver += 1
      }
    }
  }

  func expectCoverage(sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(byUndeclaredKey > 50, "named by undeclared keys", sourceLocation: sourceLocation)
    #expect(wholeByDeclaredKey > 50, "named by declared keys", sourceLocation: sourceLocation)
    #expect(
      skippingUndeclaredKey > 5, "named through declared keys past undeclared ones",
      sourceLocation: sourceLocation)
    #expect(passedOver > 20, "records passed over", sourceLocation: sourceLocation)
    #expect(unnamed > 50, "reports that name no record", sourceLocation: sourceLocation)
  }

  var description: String {
    "records named by undeclared keys \(byUndeclaredKey), by declared keys read whole "
      + "\(wholeByDeclaredKey), through declared keys past undeclared ones "
      + "\(skippingUndeclaredKey); \(passedOver) passed over, \(unnamed) unnamed"
  }
}

extension OrderedJSON {
  /// The members of the object at each depth along `codingPath` (`nil` where there is no
  /// object), following the first member of a key written twice.
  func objects(along codingPath: [any CodingKey]) -> [[(key: String, value: OrderedJSON)]?] {
    var result: [[(key: String, value: OrderedJSON)]?] = []
    var value: OrderedJSON? = self
    for depth in 0...codingPath.count {
      switch value {
      case .object(let members)?: result.append(members)
      default: result.append(nil)
      }
      guard depth < codingPath.count else { break }
      let key = codingPath[depth]
      switch value {
      case .object(let members)?:
        let name = key.stringValue
        value = members.first { $0.key == name || $0.key == snakeCased(name) }?.value
      case .array(let elements)?:
        value = key.intValue.flatMap { elements.indices.contains($0) ? elements[$0] : nil }
      default:
        value = nil
      }
    }
    return result
  }
}

/// Runs `body` on a thread of its own, which has decoded nothing before (a thread's report
/// scope starts empty and goes with it), with room for deep trees, and waits for it.
func onFreshThread<T>(_ body: @escaping () throws -> T) throws -> T {
  let work = UncheckedSendable(body)
  let result = UncheckedSendable<Result<T, any Error>?>(nil)
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    result.value = Result { try work.value() }
    done.signal()
  }
  thread.stackSize = 16 << 20
  thread.start()
  done.wait()
  return try result.value!.get()
}

/// A value handed to another thread that is only touched by one thread at a time.
private final class UncheckedSendable<Value>: @unchecked Sendable {
  var value: Value

  init(_ value: Value) {
    self.value = value
  }
}
