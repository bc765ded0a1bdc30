import Dispatch
import Foundation
import ResilientDecoding
import XCTest

/// One reporter shared by decodes running on several threads at once receives every error
/// exactly once, and a flush while they run loses none (DocC, "Questions and Answers"). Run under
/// `--sanitize=thread` by `.ci/sanitizers.sh`.
final class SharedReporterTests: XCTestCase {
  private static let messyData = Data(SendableListing.messyJSON.utf8)

  // MARK: Concurrent decodes

  func testConcurrentDecodesReportEveryErrorExactlyOnce() throws {
    // Stores every error: more are reported than the default maximum.
    let reporter = ResilientDecodingErrorReporter(maximumStoredErrors: .max)
    let decoded = LockedList<SendableListing>()
    let failures = LockedList<String>()
    let iterations = 200
    DispatchQueue.concurrentPerform(iterations: iterations) { _ in
      let decoder = JSONDecoder()
      decoder.userInfo[.resilientDecodingErrorReporter] = reporter
      do {
        decoded.append(try decoder.decode(SendableListing.self, from: Self.messyData))
      } catch {
        failures.append("\(error)")
      }
    }
    XCTAssertEqual(failures.elements, [])
    XCTAssertEqual(decoded.elements, Array(repeating: SendableListing.messy, count: iterations))

    let digest = try XCTUnwrap(reporter.flushReportedErrors())
    XCTAssertEqual(digest.errors.count, SendableListing.messyReports.count * iterations)
    let withNovel = reports(digest, includingNovel: true)
    XCTAssertEqual(withNovel.count, SendableListing.messyReportsWithNovel.count * iterations)
    XCTAssertEqual(
      Dictionary(grouping: withNovel, by: { $0 }).mapValues(\.count),
      Dictionary(
        uniqueKeysWithValues: SendableListing.messyReportsWithNovel.map { ($0, iterations) }))
    XCTAssertNil(reporter.flushReportedErrors())
  }

  /// Payloads generated as the property-based tests generate them (see `GeneratedCase`), decoded
  /// twice each at the same time, half with a key decoding strategy, by decoders that share a
  /// reporter: every decode matches its oracle and every error predicted is reported.
  func testConcurrentDecodesOfGeneratedPayloadsReportEveryErrorExactlyOnce() throws {
    let cases = generatedCases(base: 0xC0C0_0001)
    let camel = JSONDecoder()
    let snake = JSONDecoder()
    snake.keyDecodingStrategy = .convertFromSnakeCase
    // Stores every error: more are reported than the default maximum.
    let reporter = ResilientDecodingErrorReporter(maximumStoredErrors: .max)
    camel.userInfo[.resilientDecodingErrorReporter] = reporter
    snake.userInfo[.resilientDecodingErrorReporter] = reporter
    let failures = LockedList<String>()

    DispatchQueue.concurrentPerform(iterations: cases.count * 2) { iteration in
      let generated = cases[iteration % cases.count]
      do {
        let decoder = generated.snakeCase ? snake : camel
        let model = try decoder.decode(GeneratedModel.self, from: generated.payload.data)
        if let difference = generated.expected.firstDifference(from: model.canonical) {
          failures.append("seed \(GeneratedRun.describe(generated.seed)): \(difference)")
        }
      } catch {
        failures.append("seed \(GeneratedRun.describe(generated.seed)): threw \(error)")
      }
    }

    XCTAssertEqual(failures.elements, [])
    let expected = cases.flatMap(\.reports) + cases.flatMap(\.reports)
    let digest = try XCTUnwrap(reporter.flushReportedErrors())
    XCTAssertEqual(digest.errors.count, expected.filter { !$0.kind.isNovel }.count)
    XCTAssertEqual(digest.errors(includeUnknownNovelValueErrors: true).count, expected.count)
    XCTAssertEqual(
      digest.entries(includeUnknownNovelValueErrors: true).map { GeneratedReport($0).description }
        .sorted(),
      expected.map(\.description).sorted())
    XCTAssertNil(reporter.flushReportedErrors(), "a flush leaves nothing behind")
  }

  // MARK: Flushing while decodes run

  /// With a maximum far below what is reported, concurrent decodes still count every error
  /// once: stored and omitted add up to every report, and every group to its share.
  func testConcurrentDecodesPastTheMaximumCountEveryErrorExactlyOnce() throws {
    let reporter = ResilientDecodingErrorReporter(maximumStoredErrors: 50)
    let iterations = 200
    DispatchQueue.concurrentPerform(iterations: iterations) { _ in
      let decoder = JSONDecoder()
      decoder.userInfo[.resilientDecodingErrorReporter] = reporter
      _ = try? decoder.decode(SendableListing.self, from: Self.messyData)
    }
    let digest = try XCTUnwrap(reporter.flushReportedErrors())
    let perDecode = SendableListing.messyReportsWithNovel.count
    XCTAssertEqual(digest.entries(includeUnknownNovelValueErrors: true).count, 50)
    XCTAssertEqual(digest.omittedErrorCount, perDecode * iterations - 50)
    XCTAssertEqual(digest.groups.count, perDecode)
    XCTAssertEqual(digest.groups.map(\.count), Array(repeating: iterations, count: perDecode))
    XCTAssertNil(reporter.flushReportedErrors())
  }

  func testFlushesBetweenConcurrentDecodesLoseNoError() {
    // Stores every error: more are reported than the default maximum.
    let reporter = ResilientDecodingErrorReporter(maximumStoredErrors: .max)
    let flushedCounts = LockedList<Int>()
    let iterations = 300
    DispatchQueue.concurrentPerform(iterations: iterations) { iteration in
      if iteration.isMultiple(of: 3) {
        flushedCounts.append(reporter.flushReportedErrors()?.errors.count ?? 0)
      } else {
        let decoder = JSONDecoder()
        decoder.userInfo[.resilientDecodingErrorReporter] = reporter
        _ = try? decoder.decode(SendableListing.self, from: Self.messyData)
      }
    }
    flushedCounts.append(reporter.flushReportedErrors()?.errors.count ?? 0)
    XCTAssertEqual(
      flushedCounts.elements.reduce(0, +),
      SendableListing.messyReports.count * (iterations - iterations / 3))
  }

  /// A thread decodes generated payloads one after another while this one flushes as fast as
  /// it can: the flushes hold every error predicted, once, in the order reported.
  func testFlushesDuringDecodesOfGeneratedPayloadsLoseAndDuplicateNothing() {
    let cases = generatedCases(base: 0xC0C0_0002)
    // Stores every error: more are reported than the default maximum.
    let reporter = ResilientDecodingErrorReporter(maximumStoredErrors: .max)
    let failures = LockedList<String>()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      for generated in cases {
        let decoder = JSONDecoder()
        if generated.snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        decoder.userInfo[.resilientDecodingErrorReporter] = reporter
        do {
          _ = try decoder.decode(GeneratedModel.self, from: generated.payload.data)
        } catch {
          failures.append("seed \(GeneratedRun.describe(generated.seed)): threw \(error)")
        }
      }
    }

    var flushed: [ErrorDigest] = []
    while group.wait(timeout: .now()) == .timedOut {
      if let digest = reporter.flushReportedErrors() { flushed.append(digest) }
    }
    if let digest = reporter.flushReportedErrors() { flushed.append(digest) }

    XCTAssertEqual(failures.elements, [])
    let expected = cases.flatMap(\.reports)
    let found = flushed.flatMap { $0.entries(includeUnknownNovelValueErrors: true) }
    XCTAssertEqual(
      flushed.map(\.errors.count).reduce(0, +), expected.filter { !$0.kind.isNovel }.count)
    XCTAssertEqual(found.count, expected.count)
    XCTAssertEqual(
      found.map { GeneratedReport($0).description }.sorted(), expected.map(\.description).sorted())
    // Entries come out of the flushes in the order they were reported: document order within
    // each payload (but inside dictionary entries, which decoders visit in their own order),
    // payload after payload.
    let isOrdered = cases[0].hasFixedOrder
    XCTAssertEqual(found.map(GeneratedReport.init).filter(isOrdered), expected.filter(isOrdered))
    XCTAssertNil(reporter.flushReportedErrors())
  }

  // MARK: Generated payloads

  /// How many payloads each test with generated payloads decodes.
  private static let generatedCount = 160

  private func generatedCases(base: UInt64) -> [GeneratedCase] {
    (0..<Self.generatedCount).map {
      GeneratedCase.model(seed: SeededRandom.caseSeed(base: base, index: $0))
    }
  }
}
