import Foundation
import ResilientDecoding
import Testing

// The generated payloads with decoders other than `JSONDecoder`, and the rule that clean
// input decodes exactly as plain `Codable` decodes it, with every decoder (CONTRIBUTING.md:
// "Generated inputs, sanitizers and fuzzing"). Seeds and replay work as in the rest of the suite.

extension GeneratedPayloadTests {
  /// Cases per run of ``generatedModelsDecodeAsTheOraclePredictsWithTreeDecoders()``.
  static let treeModelCases = 600
  /// Cases per run of ``generatedTopLevelArraysDecodeAsTheOraclePredictsWithTreeDecoders()``.
  static let treeTopLevelCases = 400
  /// Cases per run of ``cleanModelsDecodeAsPlainCodableDoesWithEveryDecoder()``.
  static let cleanModelCases = 150
  /// Cases per run of ``cleanTopLevelArraysDecodeAsPlainCodableDoesWithEveryDecoder()``.
  static let cleanTopLevelCases = 100

  /// The oracle's predictions hold with ``TreeDecoder`` strict and advancing as with
  /// `JSONDecoder`: paths come from the containers, whichever conveniences a decoder refuses.
  /// Wherever plain `Codable` decodes one of these payloads with a tree decoder or as a
  /// property list, the resilient model decodes as it does. Cases go through the two tree
  /// decoders in turn (see ``treeDecoders(forCase:of:)``).
  @Test func generatedModelsDecodeAsTheOraclePredictsWithTreeDecoders() {
    let run = GeneratedRun(
      filter: "GeneratedPayloadTests/generatedModelsDecodeAsTheOraclePredictsWithTreeDecoders",
      defaultBase: 0x5EED_0003, defaultCount: Self.treeModelCases)
    var tallies = DecoderTallies()
    for (index, seed) in run.seeds.enumerated() {
      let document = GeneratedDocument(.model(seed: seed, for: .tree))
      for decoder in Self.treeDecoders(forCase: index, of: run) {
        tallies.checkModel(document, with: decoder, againstOracle: true, run)
      }
      tallies.checkModel(document, with: .propertyList, againstOracle: false, run)
    }
    tallies.expectEveryCaseDecoded()
    print("GeneratedPayloadTests: \(run.seeds.count) models from \(run.origin)\(tallies)")
  }

  /// Top-level arrays: the oracle holds with tree decoders, and plain `Codable` sets the bar
  /// wherever it decodes, as for models.
  @Test func generatedTopLevelArraysDecodeAsTheOraclePredictsWithTreeDecoders() {
    let run = GeneratedRun(
      filter:
        "GeneratedPayloadTests/generatedTopLevelArraysDecodeAsTheOraclePredictsWithTreeDecoders",
      defaultBase: 0x5EED_0004, defaultCount: Self.treeTopLevelCases)
    var tallies = DecoderTallies()
    for (index, seed) in run.seeds.enumerated() {
      let document = GeneratedDocument(.topLevelItems(seed: seed, for: .tree))
      for decoder in Self.treeDecoders(forCase: index, of: run) {
        tallies.checkTopLevelItems(document, with: decoder, againstOracle: true, run)
      }
      tallies.checkTopLevelItems(document, with: .propertyList, againstOracle: false, run)
    }
    tallies.expectEveryCaseDecoded()
    print("GeneratedPayloadTests: \(run.seeds.count) top-level arrays from \(run.origin)\(tallies)")
  }

  /// Clean models (every value valid, optional properties sometimes missing or `null`) decode
  /// to exactly what their plain twin decodes to, with every decoder, report nothing, and say
  /// so in DEBUG; the oracle agrees.
  @Test func cleanModelsDecodeAsPlainCodableDoesWithEveryDecoder() {
    let run = GeneratedRun(
      filter: "GeneratedPayloadTests/cleanModelsDecodeAsPlainCodableDoesWithEveryDecoder",
      defaultBase: 0x5EED_0005, defaultCount: Self.cleanModelCases)
    var tallies = DecoderTallies()
    for seed in run.seeds {
      for decoder in TestDecoder.allCases {
        let generated = GeneratedCase.model(
          seed: seed, for: decoder == .json ? .jsonDecoder : .tree,
          quality: .clean(nulls: decoder != .propertyList))
        tallies.checkModel(GeneratedDocument(generated), with: decoder, againstOracle: true, run)
      }
    }
    tallies.expectEveryCaseChecked(run, withAbsentProperties: true)
    print("GeneratedPayloadTests: \(run.seeds.count) clean models from \(run.origin)\(tallies)")
  }

  /// Clean top-level arrays decode to exactly what plain `Codable` decodes them to, with every
  /// decoder, and report nothing.
  @Test func cleanTopLevelArraysDecodeAsPlainCodableDoesWithEveryDecoder() {
    let run = GeneratedRun(
      filter: "GeneratedPayloadTests/cleanTopLevelArraysDecodeAsPlainCodableDoesWithEveryDecoder",
      defaultBase: 0x5EED_0006, defaultCount: Self.cleanTopLevelCases)
    var tallies = DecoderTallies()
    for seed in run.seeds {
      for decoder in TestDecoder.allCases {
        let generated = GeneratedCase.topLevelItems(
          seed: seed, for: decoder == .json ? .jsonDecoder : .tree, quality: .clean(nulls: true))
        tallies.checkTopLevelItems(
          GeneratedDocument(generated), with: decoder, againstOracle: true, run)
      }
    }
    tallies.expectEveryCaseChecked(run, withAbsentProperties: false)
    print(
      "GeneratedPayloadTests: \(run.seeds.count) clean top-level arrays from \(run.origin)"
        + "\(tallies)")
  }
}

extension GeneratedPayloadTests {
  /// The tree decoders case `index` of `run` goes through: strict and advancing in turn, to
  /// halve the time, and both when one case is replayed.
  fileprivate static func treeDecoders(forCase index: Int, of run: GeneratedRun)
    -> [TestDecoder]
  {
    if run.base == nil { return [.strict, .advancing] }
    return [index.isMultiple(of: 2) ? .strict : .advancing]
  }
}

/// What a run checked, decoder by decoder.
private struct DecoderTallies: CustomStringConvertible {
  private var oracle: [TestDecoder: GeneratedCounts] = [:]
  /// Cases checked against the oracle, by decoder.
  private var attempted: [TestDecoder: Int] = [:]
  private var plain: [TestDecoder: PlainTwinCounts] = [:]

  /// Checks a ``GeneratedModel`` payload with `decoder`.
  mutating func checkModel(
    _ document: GeneratedDocument, with decoder: TestDecoder, againstOracle: Bool,
    _ run: GeneratedRun, file: StaticString = #filePath, line: UInt = #line
  ) {
    check(
      document, as: GeneratedModel.self, twin: PlainGeneratedModel.self, with: decoder,
      againstOracle: againstOracle, run, file: file, line: line, canonical: { $0.canonical })
  }

  /// Checks a top-level `Resilient<[GenItem]>` payload with `decoder`.
  mutating func checkTopLevelItems(
    _ document: GeneratedDocument, with decoder: TestDecoder, againstOracle: Bool,
    _ run: GeneratedRun, file: StaticString = #filePath, line: UInt = #line
  ) {
    check(
      document, as: Resilient<[GenItem]>.self, twin: [PlainItem].self, with: decoder,
      againstOracle: againstOracle, run, file: file, line: line, canonical: { $0.canonical })
  }

  /// Decodes `document` with `decoder` once, checks that against the oracle if
  /// `againstOracle` and the format holds the payload, and against the plain twin.
  private mutating func check<Model: Decodable, Twin: Decodable & CanonicalRepresentable>(
    _ document: GeneratedDocument, as _: Model.Type, twin _: Twin.Type, with decoder: TestDecoder,
    againstOracle: Bool, _ run: GeneratedRun, file: StaticString, line: UInt,
    canonical: (Model) -> CanonicalValue
  ) {
    var decoded: (CanonicalValue, ErrorDigest?)?
    func resilient() throws -> (CanonicalValue, ErrorDigest?) {
      if let decoded { return decoded }
      guard let result = try document.decode(Model.self, with: decoder) else {
        throw NotHeld(decoder: decoder)
      }
      decoded = (canonical(result.value), result.digest)
      return try decoded.orThrow()
    }
    if againstOracle && document.isHeld(by: decoder) {
      attempted[decoder, default: 0] += 1
      checkAgainstOracle(
        document, with: decoder, run: run, counts: &oracle[decoder, default: .init()],
        file: file, line: line
      ) { _ in try resilient() }
    }
    checkAgainstPlainTwin(
      document.generated, with: decoder, run: run, counts: &plain[decoder, default: .init()],
      file: file, line: line,
      plain: { try document.decodePlain(Twin.self, with: decoder)?.canonical },
      resilient: resilient)
  }

  /// Expects every case checked against the oracle to have been decoded.
  func expectEveryCaseDecoded(sourceLocation: SourceLocation = #_sourceLocation) {
    for (decoder, attempts) in attempted {
      #expect(
        oracle[decoder]?.cases == attempts, "every case decoded by \(decoder)",
        sourceLocation: sourceLocation)
    }
  }

  /// Expects every clean case to have been held and decoded by plain `Codable` with every
  /// decoder, so that the rule was checked on each, and the oracle to agree on each; in DEBUG,
  /// a run of 100 cases or more must have met missing and `null` properties if
  /// `withAbsentProperties`.
  func expectEveryCaseChecked(
    _ run: GeneratedRun, withAbsentProperties: Bool,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for decoder in TestDecoder.allCases {
      let counts = plain[decoder] ?? PlainTwinCounts()
      #expect(
        counts.checked == run.seeds.count, "plain Codable decoded every clean case with \(decoder)",
        sourceLocation: sourceLocation)
      #expect(
        oracle[decoder]?.cases == run.seeds.count, "every clean case decoded by \(decoder)",
        sourceLocation: sourceLocation)
      #if DEBUG
        if withAbsentProperties && run.seeds.count >= 100 {
          #expect(counts.absentProperties > 0, "absent properties", sourceLocation: sourceLocation)
        }
      #endif
    }
  }

  var description: String {
    TestDecoder.allCases.compactMap { decoder in
      let parts = [oracle[decoder].map { "oracle: \($0)" }, plain[decoder].map { "plain: \($0)" }]
        .compactMap { $0 }
      return parts.isEmpty ? nil : "\n  \(decoder): " + parts.joined(separator: "; ")
    }.joined()
  }
}

/// Thrown when a decoder's format cannot hold a payload that was to be decoded.
private struct NotHeld: Error {
  let decoder: TestDecoder
}
