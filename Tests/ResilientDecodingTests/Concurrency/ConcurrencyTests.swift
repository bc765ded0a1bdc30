import Foundation
import ResilientDecoding
import XCTest

/// SPEC §5.3: one reporter may be shared by decodes on several threads, and `Sendable` models
/// may use `@Resilient`.
final class ConcurrencyTests: XCTestCase {
  /// A `Sendable` model using every kind of `@Resilient` property: this file compiling in the
  /// Swift 6 language mode is half of the test.
  struct Listing: Decodable, Sendable, Equatable {
    @Resilient var tags: [String]
    @Resilient var price: Double?
    @Resilient var mood: Mood
    @Resilient var fruits: [String: Fruit]?
    @Resilient var links: Set<SecureLink>
  }

  /// Exactly three errors and one novel value per decode.
  private static let messyListing = Data(
    #"""
    {
      "tags": ["a", 1, "b"],
      "price": "free",
      "mood": "bored",
      "fruits": {"x": "apple", "y": 2},
      "links": ["https://example.com/l"]
    }
    """#.utf8)

  private static let expectedListing = Listing(
    tags: ["a", "b"], price: nil, mood: .unknown, fruits: ["x": .apple],
    links: [.example("l")])

  /// Accumulates counts from several threads.
  private final class Tally: @unchecked Sendable {
    // `@unchecked`: `counts` is only touched while holding `lock`.
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func add(_ amount: Int, to name: String) {
      lock.withLock { counts[name, default: 0] += amount }
    }

    subscript(name: String) -> Int {
      lock.withLock { counts[name, default: 0] }
    }
  }

  func testSharedReporterCountsEveryErrorOfConcurrentDecodes() throws {
    let reporter = ResilientDecodingErrorReporter()
    let tally = Tally()
    let iterations = 200
    DispatchQueue.concurrentPerform(iterations: iterations) { _ in
      let decoder = JSONDecoder()
      decoder.userInfo[.resilientDecodingErrorReporter] = reporter
      if let listing = try? decoder.decode(Listing.self, from: Self.messyListing),
        listing == Self.expectedListing
      {
        tally.add(1, to: "decoded")
      }
    }
    XCTAssertEqual(tally["decoded"], iterations)
    let digest = try XCTUnwrap(reporter.flushReportedErrors())
    XCTAssertEqual(digest.errors.count, 3 * iterations)
    XCTAssertEqual(digest.errors(includeUnknownNovelValueErrors: true).count, 4 * iterations)
    var perPath: [String: Int] = [:]
    for entry in digest.entries(includeUnknownNovelValueErrors: true) {
      perPath[pathDescription(entry.codingPath), default: 0] += 1
    }
    XCTAssertEqual(
      perPath,
      ["tags.Index 1": iterations, "price": iterations, "mood": iterations, "fruits.y": iterations])
    XCTAssertNil(reporter.flushReportedErrors())
  }

  func testFlushingWhileOtherThreadsReportLosesNothing() {
    let reporter = ResilientDecodingErrorReporter()
    let tally = Tally()
    let iterations = 300
    DispatchQueue.concurrentPerform(iterations: iterations) { iteration in
      if iteration.isMultiple(of: 3) {
        tally.add(reporter.flushReportedErrors()?.errors.count ?? 0, to: "flushed")
      } else {
        let decoder = JSONDecoder()
        decoder.userInfo[.resilientDecodingErrorReporter] = reporter
        _ = try? decoder.decode(Listing.self, from: Self.messyListing)
      }
    }
    tally.add(reporter.flushReportedErrors()?.errors.count ?? 0, to: "flushed")
    XCTAssertEqual(tally["flushed"], 3 * (iterations - iterations / 3))
  }

  func testSendableModelsCrossTasks() async throws {
    let listings = try await withThrowingTaskGroup(of: Listing.self) { group in
      for _ in 0..<8 {
        group.addTask {
          try JSONDecoder().decode(Listing.self, from: Self.messyListing)
        }
      }
      var listings: [Listing] = []
      for try await listing in group {
        listings.append(listing)
      }
      return listings
    }
    XCTAssertEqual(listings, Array(repeating: Self.expectedListing, count: 8))
  }

  func testReportingTypesAreSendable() throws {
    func sendable<T: Sendable>(_ value: T) -> T { value }
    let reporter = sendable(ResilientDecodingErrorReporter())
    let decoder = JSONDecoder()
    decoder.userInfo[.resilientDecodingErrorReporter] = reporter
    _ = try decoder.decode(Listing.self, from: Self.messyListing)
    let digest = sendable(try XCTUnwrap(reporter.flushReportedErrors()))
    let novel = sendable(UnknownNovelValueError(novelValue: "new"))
    let wrapped = sendable(Resilient<[Int]>([1]))
    XCTAssertEqual(digest.errors.count, 3)
    XCTAssertEqual(novel.novelValue as? String, "new")
    XCTAssertEqual(wrapped.wrappedValue, [1])
  }
}
