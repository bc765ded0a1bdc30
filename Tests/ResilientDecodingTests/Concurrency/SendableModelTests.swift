import Dispatch
import Foundation
import ResilientDecoding
import XCTest

/// A Swift 6 `Sendable` model made of the kinds issue 3 adds: sets, keyed dictionaries and
/// their optionals.
struct BeyondShipment: Decodable, Sendable, Equatable {
  /// A label the server may add cases to.
  enum Label: String, ResilientRawRepresentable, Sendable {
    case fragile, heavy
  }

  /// A dictionary key.
  enum Dock: String, CodingKeyRepresentable, Decodable, Sendable {
    case east, west
  }

  @Resilient var labels: Set<Label>
  @Resilient var stock: [Int: Int]
  @Resilient var docks: [Dock: String]?
  @Resilient var weights: Set<Double>?
}

/// A generic `Sendable` model whose payload's resilience is found at run time.
struct BeyondSendableEnvelope<T: Decodable & Sendable>: Decodable, Sendable {
  @Resilient var payload: T
}

/// `Sendable` models using the new kinds cross tasks and threads, and one reporter may serve
/// decodes running at the same time.
final class SendableModelTests: XCTestCase {
  /// One error of each new kind, and one novel label.
  private let shipmentJSON = """
    {"labels": ["fragile", "glass", 4, "heavy"], "stock": {"1": 10, "x": 2, "3": "many"},
     "docks": {"east": "E1", "north": "N1"}, "weights": [1.5, "heavy", 1.5]}
    """

  private let expectedEntries = [
    "labels[1] novel(\"glass\")", "labels[2] typeMismatch", "stock[3] typeMismatch",
    "stock.x dataCorrupted", "docks.north dataCorrupted", "weights[1] typeMismatch",
  ]

  /// Checks a shipment decoded from `shipmentJSON`.
  private func assertExpectedShipment(
    _ shipment: BeyondShipment, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(shipment.labels, [.fragile, .heavy], file: file, line: line)
    XCTAssertEqual(shipment.stock, [1: 10], file: file, line: line)
    XCTAssertEqual(shipment.docks, [.east: "E1"], file: file, line: line)
    XCTAssertEqual(shipment.weights, [1.5], file: file, line: line)
  }

  func testModelAndDigestDecodedInADetachedTaskComeBackWhole() async throws {
    let data = Data(shipmentJSON.utf8)
    let (shipment, digest) = try await Task.detached {
      try JSONDecoder().decode(BeyondShipment.self, from: data, reportResilientDecodingErrors: true)
    }.value
    assertExpectedShipment(shipment)
    beyondAssertEntries(digest, expectedEntries, includeNovel: true)
    #if DEBUG
      XCTAssertEqual(
        beyondResults(shipment.$labels.results),
        [
          "success(fragile)", "failure(novel(\"glass\"))",
          "failure(typeMismatch(String) at labels/Index 2)", "success(heavy)",
        ])
      XCTAssertEqual(shipment.$stock.errors.count, 2)
    #endif
  }

  func testModelTravelsIntoAndOutOfATask() async throws {
    let (shipment, _) = try beyondDecode(BeyondShipment.self, shipmentJSON)
    let echoed = await Task.detached { () -> BeyondShipment in shipment }.value
    XCTAssertEqual(echoed, shipment)
    assertExpectedShipment(echoed)
  }

  func testOneReporterServesConcurrentDecodes() throws {
    let data = Data(shipmentJSON.utf8)
    let reporter = ResilientDecodingErrorReporter()
    let shipments = LockedList<BeyondShipment>()
    let failures = LockedList<String>()
    let iterations = 32
    DispatchQueue.concurrentPerform(iterations: iterations) { _ in
      let decoder = JSONDecoder()
      decoder.userInfo[.resilientDecodingErrorReporter] = reporter
      do {
        shipments.append(try decoder.decode(BeyondShipment.self, from: data))
      } catch {
        failures.append("\(error)")
      }
    }
    XCTAssertEqual(failures.elements, [])
    XCTAssertEqual(shipments.elements.count, iterations)
    for shipment in shipments.elements { assertExpectedShipment(shipment) }

    let digest = try XCTUnwrap(reporter.flushReportedErrors())
    let entries = beyondEntries(digest, includeNovel: true)
    XCTAssertEqual(entries.count, iterations * expectedEntries.count)
    let counts = Dictionary(grouping: entries, by: { $0 }).mapValues(\.count)
    XCTAssertEqual(
      counts, Dictionary(uniqueKeysWithValues: expectedEntries.map { ($0, iterations) }))
    XCTAssertNil(reporter.flushReportedErrors())
  }

  func testGenericSendableEnvelopesCrossATaskBoundary() async throws {
    let (set, setDigest) = try await Task.detached {
      try JSONDecoder().decode(
        BeyondSendableEnvelope<Set<Int>>.self, from: Data(#"{"payload": [2, "x", 2]}"#.utf8),
        reportResilientDecodingErrors: true)
    }.value
    XCTAssertEqual(set.payload, [2])
    beyondAssertEntries(setDigest, ["payload[1] typeMismatch"])

    let (keyed, keyedDigest) = try await Task.detached {
      try JSONDecoder().decode(
        BeyondSendableEnvelope<[Int: String]?>.self,
        from: Data(#"{"payload": {"5": "e", "five": "x"}}"#.utf8),
        reportResilientDecodingErrors: true)
    }.value
    XCTAssertEqual(keyed.payload, [5: "e"])
    beyondAssertEntries(keyedDigest, ["payload.five dataCorrupted"])

    let (topLevel, _) = try await Task.detached {
      try JSONDecoder().decode(
        Resilient<Set<BeyondShipment.Label>>.self, from: Data(#"["heavy", "glass"]"#.utf8),
        reportResilientDecodingErrors: true)
    }.value
    XCTAssertEqual(topLevel.wrappedValue, [.heavy])
    #if DEBUG
      XCTAssertEqual(
        beyondResults(set.$payload.results),
        ["success(2)", "failure(typeMismatch(Int) at payload/Index 1)", "success(2)"])
    #endif
  }

  func testSendableModelCostsNothingBeyondItsValuesInRelease() {
    #if DEBUG
      XCTAssertGreaterThan(
        MemoryLayout<BeyondShipment>.size,
        MemoryLayout<
          (
            Set<BeyondShipment.Label>, [Int: Int], [BeyondShipment.Dock: String]?,
            Set<Double>?
          )
        >.size)
    #else
      XCTAssertEqual(
        MemoryLayout<BeyondShipment>.size,
        MemoryLayout<
          (
            Set<BeyondShipment.Label>, [Int: Int], [BeyondShipment.Dock: String]?,
            Set<Double>?
          )
        >.size)
    #endif
  }
}
