import Dispatch
import Foundation
import ResilientDecoding
import XCTest

/// One reporter shared by decodes on several threads, checked against the oracle of the
/// generated payloads: no error lost, none counted twice, whatever the interleaving. Run under
/// `--sanitize=thread` by `.ci/sanitizers.sh`.
final class PropertyConcurrencyTests: XCTestCase {
  /// Payloads decoded by each test.
  static let payloadCount = 160

  private func generatedCases(base: UInt64) -> [GeneratedCase] {
    (0..<Self.payloadCount).map {
      GeneratedCase.model(seed: SeededRandom.caseSeed(base: base, index: $0))
    }
  }

  func testOneReporterSharedByConcurrentDecodesReceivesEveryErrorExactlyOnce() throws {
    let cases = generatedCases(base: 0xC0C0_0001)
    let camel = JSONDecoder()
    let snake = JSONDecoder()
    snake.keyDecodingStrategy = .convertFromSnakeCase
    let reporter = camel.enableResilientDecodingErrorReporting()
    snake.userInfo[.resilientDecodingErrorReporter] = reporter
    let failures = LockedList<String>()

    // Two rounds over the same payloads, so that every payload is decoded twice at once.
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

  func testReporterFlushedWhileAnotherThreadDecodesLosesAndDuplicatesNothing() {
    let cases = generatedCases(base: 0xC0C0_0002)
    let reporter = ResilientDecodingErrorReporter()
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

    // Flush as fast as possible while the other thread decodes, then once more at the end.
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
    // each payload, payload after payload.
    let isOrdered = cases[0].hasFixedOrder
    let foundOrdered = found.map(GeneratedReport.init).filter(isOrdered)
    let expectedOrdered = expected.filter(isOrdered)
    XCTAssertEqual(foundOrdered, expectedOrdered)
    XCTAssertNil(reporter.flushReportedErrors())
  }
}
