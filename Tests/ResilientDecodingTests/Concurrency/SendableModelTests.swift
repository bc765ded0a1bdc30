import Foundation
import ResilientDecoding
import XCTest

/// `Sendable` models using `@Resilient`, their digests and the reporting types cross tasks and
/// threads in the Swift 6 language mode (DocC, "Questions and Answers").
final class SendableModelTests: XCTestCase {
  /// A generic `Sendable` model whose payload's resilience is found at run time.
  struct Envelope<Payload: Decodable & Sendable>: Decodable, Sendable {
    @Resilient var payload: Payload
  }

  private static let messyData = Data(SendableListing.messyJSON.utf8)

  func testModelsAndDigestsDecodedInOtherTasksComeBackWhole() async throws {
    let decoded = try await withThrowingTaskGroup(
      of: (SendableListing, ErrorDigest?).self
    ) { group in
      for _ in 0..<8 {
        group.addTask {
          try JSONDecoder().decode(
            SendableListing.self, from: Self.messyData, reportResilientDecodingErrors: true)
        }
      }
      var decoded: [(SendableListing, ErrorDigest?)] = []
      for try await result in group {
        decoded.append(result)
      }
      return decoded
    }
    XCTAssertEqual(decoded.map(\.0), Array(repeating: SendableListing.messy, count: 8))
    for (listing, digest) in decoded {
      assertReports(digest, SendableListing.messyReportsWithNovel, includingNovel: true)
      #if DEBUG
        XCTAssertEqual(
          describe(listing.$favourites.results),
          [
            "success(apple)", #"failure(novel("kiwi"))"#,
            "failure(typeMismatch(String) at favourites.Index 2)", "success(pear)",
          ])
        XCTAssertEqual(
          errorKinds(listing.$stock.errors), [.typeMismatch, .dataCorrupted])
      #else
        _ = listing
      #endif
    }
  }

  func testModelTravelsIntoAndOutOfATask() async throws {
    let (listing, _) = try decode(SendableListing.self, json: SendableListing.messyJSON)
    let echoed = await Task.detached { () -> SendableListing in listing }.value
    XCTAssertEqual(echoed, listing)
    XCTAssertEqual(echoed, SendableListing.messy)
  }

  func testReportingTypesAreSendable() throws {
    func sendable<T: Sendable>(_ value: T) -> T { value }
    let reporter = sendable(ResilientDecodingErrorReporter())
    let decoder = JSONDecoder()
    decoder.userInfo[.resilientDecodingErrorReporter] = reporter
    _ = try decoder.decode(SendableListing.self, from: Self.messyData)
    let digest = sendable(try XCTUnwrap(reporter.flushReportedErrors()))
    let novel = sendable(UnknownNovelValueError(novelValue: "new"))
    let wrapped = sendable(Resilient<[Int]>([1]))
    assertReports(digest, SendableListing.messyReports)
    XCTAssertEqual(novel.novelValue as? String, "new")
    XCTAssertEqual(wrapped.wrappedValue, [1])
  }

  func testGenericEnvelopesCrossATaskBoundary() async throws {
    let (set, setDigest) = try await Task.detached {
      try JSONDecoder().decode(
        Envelope<Set<Int>>.self, from: Data(#"{"payload": [2, "x", 2]}"#.utf8),
        reportResilientDecodingErrors: true)
    }.value
    XCTAssertEqual(set.payload, [2])
    assertReports(setDigest, [Report("payload.Index 1", .typeMismatch)])

    let (keyed, keyedDigest) = try await Task.detached {
      try JSONDecoder().decode(
        Envelope<[Int: String]?>.self, from: Data(#"{"payload": {"5": "e", "five": "x"}}"#.utf8),
        reportResilientDecodingErrors: true)
    }.value
    XCTAssertEqual(keyed.payload, [5: "e"])
    assertReports(keyedDigest, [Report("payload.five", .dataCorrupted)])

    let (topLevel, _) = try await Task.detached {
      try JSONDecoder().decode(
        Resilient<Set<Fruit>>.self, from: Data(#"["pear", "kiwi"]"#.utf8),
        reportResilientDecodingErrors: true)
    }.value
    XCTAssertEqual(topLevel.wrappedValue, [.pear])
    #if DEBUG
      XCTAssertEqual(
        summaries(set.$payload.results), [.success(2), .failure(.typeMismatch), .success(2)])
      XCTAssertEqual(
        describe(set.$payload.results)[1], "failure(typeMismatch(Int) at payload.Index 1)")
    #endif
  }

  func testModelIsTheSizeOfItsValuesInRelease() {
    typealias Values = (
      [String], Double?, Mood, [String: Fruit]?, Set<SecureLink>, Set<Fruit>, [Int: Int],
      [SendableListing.Dock: String]?, Set<Double>?
    )
    if isDebugBuild {
      XCTAssertGreaterThan(MemoryLayout<SendableListing>.size, MemoryLayout<Values>.size)
    } else {
      XCTAssertEqual(MemoryLayout<SendableListing>.size, MemoryLayout<Values>.size)
    }
  }
}
