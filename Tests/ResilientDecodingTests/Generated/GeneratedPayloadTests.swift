import Foundation
import ResilientDecoding
import Testing

/// Thousands of generated payloads, valid and corrupted at random, each decoded and compared
/// with what an oracle computed from the generated data (see "Generated inputs, sanitizers and
/// fuzzing" in the README).
///
/// A failure prints its seed and the command that replays it
/// (`RESILIENT_SEED=<seed> swift test --filter GeneratedPayloadTests/<test>`);
/// `RESILIENT_BASE_SEED` runs another series of cases and `RESILIENT_CASES` another number.
@Suite struct GeneratedPayloadTests {
  /// Cases per run of ``generatedModelsDecodeAsTheOraclePredicts()``.
  static let modelCases = 2_000
  /// Cases per run of ``generatedTopLevelArraysDecodeAsTheOraclePredicts()``.
  static let topLevelCases = 1_000

  @Test func generatedModelsDecodeAsTheOraclePredicts() {
    let run = GeneratedRun(
      filter: "GeneratedPayloadTests/generatedModelsDecodeAsTheOraclePredicts",
      defaultBase: 0x5EED_0001, defaultCount: Self.modelCases)
    let shared = JSONDecoder()
    // Names records by "id": the oracle predicts the record of every report (the cases of the
    // one-call API name none).
    let sharedReporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
    shared.userInfo[.resilientDecodingErrorReporter] = sharedReporter
    var counts = GeneratedCounts()
    var plainCounts = PlainTwinCounts()
    var coverage = GeneratorCoverage()
    for seed in run.seeds {
      let generated = GeneratedCase.model(seed: seed)
      coverage.record(generated)
      // Half the cases go through the one-call API on a fresh decoder, half through a decoder
      // and reporter kept for the whole run, flushed after each case.
      let useShared = seed & 1 == 0 && !generated.snakeCase
      let decoder = useShared ? shared : JSONDecoder()
      if generated.snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
      let document = GeneratedDocument(generated)
      var decoded: (CanonicalValue, ErrorDigest?)?
      checkAgainstOracle(
        document, identifyingKeys: useShared ? sharedReporter.identifyingKeys : [], run: run,
        counts: &counts
      ) { data in
        if useShared {
          if let leftover = sharedReporter.flushReportedErrors() {
            throw LeakedReports(digest: leftover)
          }
          let model = try decoder.decode(GeneratedModel.self, from: data)
          decoded = (model.canonical, sharedReporter.flushReportedErrors())
        } else {
          let (model, digest) = try decoder.decode(
            GeneratedModel.self, from: data, reportResilientDecodingErrors: true)
          decoded = (model.canonical, digest)
        }
        return try decoded.orThrow()
      }
      // Wherever plain `Codable` decodes the payload too, it sets the bar.
      checkAgainstPlainTwin(
        generated, with: .json, run: run, counts: &plainCounts,
        plain: { try document.decodePlain(PlainGeneratedModel.self, with: .json)?.canonical },
        resilient: { try decoded.orThrow() })
    }
    #expect(counts.cases == run.seeds.count, "every case was decoded")
    print(
      "GeneratedPayloadTests: \(run.seeds.count) models from \(run.origin), \(counts); "
        + "plain Codable: \(plainCounts)")
    // The oracle is only as good as what is generated: a full run must produce every kind of
    // corruption the test claims to cover, in numbers.
    if run.seeds.count >= Self.modelCases { coverage.check() }
  }

  @Test func generatedTopLevelArraysDecodeAsTheOraclePredicts() {
    let run = GeneratedRun(
      filter: "GeneratedPayloadTests/generatedTopLevelArraysDecodeAsTheOraclePredicts",
      defaultBase: 0x5EED_0002, defaultCount: Self.topLevelCases)
    var counts = GeneratedCounts()
    var plainCounts = PlainTwinCounts()
    for seed in run.seeds {
      let generated = GeneratedCase.topLevelItems(seed: seed)
      let document = GeneratedDocument(generated)
      var decoded: (CanonicalValue, ErrorDigest?)?
      checkAgainstOracle(document, run: run, counts: &counts) { data in
        let (items, digest) = try JSONDecoder().decode(
          Resilient<[GenItem]>.self, from: data, reportResilientDecodingErrors: true)
        decoded = (items.canonical, digest)
        return try decoded.orThrow()
      }
      checkAgainstPlainTwin(
        generated, with: .json, run: run, counts: &plainCounts,
        plain: { try document.decodePlain([PlainItem].self, with: .json)?.canonical },
        resilient: { try decoded.orThrow() })
    }
    #expect(counts.cases == run.seeds.count, "every case was decoded")
    print(
      "GeneratedPayloadTests: \(run.seeds.count) top-level arrays from \(run.origin), \(counts); "
        + "plain Codable: \(plainCounts)")
  }
}

/// Counts of what the generator produced, to show it covers every corruption.
private struct GeneratorCoverage {
  var cleanCases = 0
  var novelReports = 0
  var otherReports = 0
  var nulls = 0
  var missingKeys = 0
  var nestedReports = 0
  /// Novel `"type"` tags of attachments, which fall back or are dropped.
  var novelTags = 0
  var deepestPath = 0
  /// Dictionaries that write a key twice, read with and without a key strategy (which decides
  /// whether the second value is read).
  var repeatedKeys = (withKeyStrategy: 0, withoutKeyStrategy: 0)
  /// How many reports of each kind other than novel values (`keyNotFound` by key).
  var kinds: [ErrorKind: Int] = [:]

  func check(sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(cleanCases > 100, "clean payloads", sourceLocation: sourceLocation)
    #expect(novelReports > 1_000, "novel raw values and keys", sourceLocation: sourceLocation)
    #expect(otherReports > 10_000, "reported errors", sourceLocation: sourceLocation)
    #expect(nulls > 1_000, "nulls", sourceLocation: sourceLocation)
    #expect(missingKeys > 1_000, "missing keys", sourceLocation: sourceLocation)
    #expect(nestedReports > 200, "errors inside nested values", sourceLocation: sourceLocation)
    #expect(deepestPath > 3, "depth of error paths", sourceLocation: sourceLocation)
    #expect(novelTags > 300, "novel attachment tags", sourceLocation: sourceLocation)
    #expect(
      repeatedKeys.withKeyStrategy > 200, "keys written twice, with a key strategy",
      sourceLocation: sourceLocation)
    #expect(
      repeatedKeys.withoutKeyStrategy > 600, "keys written twice, without a key strategy",
      sourceLocation: sourceLocation)
    let everyKind: [ErrorKind] = [
      .typeMismatch, .valueNotFound, .dataCorrupted, .keyNotFound("id"), .keyNotFound("name"),
      .keyNotFound("mood"), .keyNotFound("frozenMood"), .keyNotFound("theme"),
      .keyNotFound("accent"), .keyNotFound("cover"), .keyNotFound("type"), .keyNotFound("url"),
      .keyNotFound("text"),
    ]
    for kind in everyKind {
      #expect(kinds[kind, default: 0] > 50, "reports of \(kind)", sourceLocation: sourceLocation)
    }
  }

  mutating func record(_ generated: GeneratedCase) {
    let reports = generated.reports
    if reports.isEmpty { cleanCases += 1 }
    let novel = reports.filter(\.kind.isNovel)
    novelReports += novel.count
    novelTags += novel.filter { Self.attachmentFields.contains($0.keys[0]) }.count
    otherReports += reports.filter { !$0.kind.isNovel }.count
    for report in reports where !report.kind.isNovel { kinds[report.kind, default: 0] += 1 }
    deepestPath = max(deepestPath, reports.map(\.keys.count).max() ?? 0)
    nestedReports += reports.filter { $0.keys.count > 3 }.count
    if case .object(let entries) = generated.payload {
      missingKeys +=
        generatedModelFields.count - entries.filter { !$0.key.hasPrefix("zz_") }.count
      countRepeatedKeys(entries, snakeCase: generated.snakeCase)
    }
    countNulls(generated.payload)
  }

  /// Counts the dictionary properties among a model's `members` that write a key twice.
  private mutating func countRepeatedKeys(
    _ members: [(key: String, value: OrderedJSON)], snakeCase: Bool
  ) {
    for field in generatedModelFields {
      guard case .dictionary = field.shape else { continue }
      let name = snakeCase ? snakeCased(field.name) : field.name
      guard case .object(let entries)? = members.first(where: { $0.key == name })?.value,
        Set(entries.map(\.key)).count < entries.count
      else { continue }
      if snakeCase {
        repeatedKeys.withKeyStrategy += 1
      } else {
        repeatedKeys.withoutKeyStrategy += 1
      }
    }
  }

  /// The properties whose values hold attachments.
  private static let attachmentFields: Set = ["cover", "attachments", "attachmentsByKey", "box"]

  private mutating func countNulls(_ json: OrderedJSON) {
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
