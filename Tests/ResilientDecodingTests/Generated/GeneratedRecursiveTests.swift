import Foundation
import ResilientDecoding
import Testing

// Generated recursive models, and generated models whose records hold identifying keys their
// types do not declare (DocC: "Reporting in Production" and "Generated inputs, sanitizers
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

/// A document of recursive nodes, what a thread decodes before it, and the record a report in
/// it must name whatever that thread did before.
struct HistoryCase: Sendable, CustomTestStringConvertible {
  let name: String
  let decoder: TestDecoder
  /// Whether the nodes declare `uuid`, the reporter's identifying key, so that a node reads it
  /// through its keys as well as whole.
  var declaresUUID = false
  /// Decoded first: a dictionary of nodes whose trial cannot be used (an entry fails), so that
  /// the next dictionaries of nodes on the thread skip theirs.
  let before = #"{"name": "w", "kids": {"c": {"kids": {}}}}"#
  let document: String
  let path: String
  let record: String

  var testDescription: String { "\(name), \(decoder)" }

  /// The records the reports of `document` name, by path, decoded after `before` or alone on
  /// a fresh thread.
  func records(afterAnother: Bool) throws -> [String: String] {
    try onFreshThread {
      func decode(_ json: String) throws -> [String: String] {
        let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["uuid"])
        if declaresUUID {
          _ = try decoder.decode(GenNode<GenDeclaresUUID>.self, json: json, reportingTo: reporter)
        } else {
          _ = try decoder.decode(
            GenNode<GenDeclaresNothing>.self, json: json, reportingTo: reporter)
        }
        var records: [String: String] = [:]
        for entry in reporter.flushReportedErrors()?.entries ?? [] {
          records[entry.path] = entry.recordID.map { "\($0) at \(entry.recordPath ?? "nil")" }
        }
        return records
      }
      if afterAnother { _ = try decode(before) }
      return try decode(document)
    }
  }

  static let all = [
    // Dictionaries inside an array of records in its first decode (the outermost
    // `children`) leave naming to it, as arrays inside do: the failures in `b` and in `C`
    // are not named by `b` before the array's second decode names them by `C`.
    HistoryCase(
      name: "dictionaries inside a first decode", decoder: .json,
      document: #"""
        {"name": "root", "kids": {"a": {"children": [{"name": "n", "kids": {"b": {"uuid": "B",
          "children": [{"uuid": "C", "children": [{}]}]}}}]}}}
        """#,
      path: "kids.a.children[0].kids.b.children[0].children[0]",
      record: "C at kids.a.children[0].kids.b.children[0]"),
    // An array of records decoded whole in its first decode (the strict decoder refuses
    // nested containers) leaves naming to its second decode as well: the note of a leaf
    // (whose type cannot hold `uuid`) is not named by `A`, around the element `n`, which has
    // no identifier, before the second decode names it by `B`, the entry around the leaf.
    HistoryCase(
      name: "an array decoded whole", decoder: .strict, declaresUUID: true,
      document: #"""
        {"name": "root", "kids": {"a": {"uuid": "A", "children": [{"name": "n",
          "kids": {"b": {"uuid": "B", "name": "b", "leaves": [{"note": "?", "weight": 1}]}}}]}}}
        """#,
      path: "kids.a.children[0].kids.b.leaves[0].note", record: "B at kids.a.children[0].kids.b"),
  ]
}

extension GeneratedPayloadTests {
  /// The record a report names does not depend on what the same thread decoded before: a
  /// dictionary of nodes whose trial could not be used makes the thread skip the trials of the
  /// next ones, which then decode their entries at once, and the records named must be those
  /// of a thread that decoded nothing before (DocC: "Reporting in Production"). Found by
  /// the generated recursive models.
  @Test(arguments: HistoryCase.all)
  func recordsDoNotDependOnWhatTheThreadDecodedBefore(_ history: HistoryCase) throws {
    let alone = try history.records(afterAnother: false)
    #expect(alone[history.path] == history.record)
    #expect(try history.records(afterAnother: true) == alone)
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
    checkAgainstOracle(
      document, with: decoder, identifyingKeys: recursive.identifyingKeys, run: run,
      counts: &counts, file: file, line: line
    ) { _ in
      decoded = try recursive.decode(document, with: decoder)
      return (decoded!.value, decoded!.digest)
    }
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
      + "plain Codable: \(plain); \(named)"
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
