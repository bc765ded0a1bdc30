import Foundation
import ResilientDecoding
import Testing

/// A document decoded inside another (an element whose `init(from:)` decodes a JSON string of
/// its own with a second `JSONDecoder`) is a decode of its own: what fails in it goes to its
/// own reporter, or nowhere if it has none, before its decode returns, named only by its own
/// records and its reporter's identifying keys; the outer document's digest holds only its own
/// failures, named by its own keys (DocC "Reporting in Production").
@Suite struct NestedDocumentTests {
  /// A record of the inner document: identified by `code` for the inner reporter; it also
  /// holds an `id`, which only the outer reporter's keys would read.
  struct Part: Decodable {
    let code: String?
    let id: String?
    @Resilient var weight: Int?
  }

  struct InnerDocument: Decodable {
    @Resilient var parts: [Part]
  }

  /// How the element decodes its inner document.
  enum InnerReporting: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// A reporter of its own, identifying records by `code`.
    case ownReporter
    /// No reporter at all.
    case none

    var testDescription: String { rawValue }
  }

  /// An element of the outer document, which decodes its `payload` string as a document of
  /// its own and keeps what that decode's reporter held when it returned.
  struct Shipment: Decodable {
    let id: String
    @Resilient var count: Int?
    /// The inner digest's entries, read as soon as the inner decode returned.
    let innerEntries: [String]

    enum CodingKeys: String, CodingKey {
      case id, count, payload
    }

    @TaskLocal static var innerReporting = InnerReporting.ownReporter

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(String.self, forKey: .id)
      _count = try container.decode(Resilient<Int?>.self, forKey: .count)
      let payload = try container.decode(String.self, forKey: .payload)
      let inner = JSONDecoder()
      let reporter: ResilientDecodingErrorReporter?
      switch Self.innerReporting {
      case .ownReporter:
        reporter = ResilientDecodingErrorReporter(identifyingKeys: ["code"])
        inner.userInfo[.resilientDecodingErrorReporter] = reporter
      case .none:
        reporter = nil
      }
      _ = try inner.decode(InnerDocument.self, from: Data(payload.utf8))
      innerEntries = (reporter?.flushReportedErrors()?.entries ?? []).map(Self.describe)
    }

    static func describe(_ entry: ErrorDigest.Entry) -> String {
      "\(entry.path) → \(entry.recordID ?? "nil") at \(entry.recordPath ?? "nil")"
    }
  }

  struct Manifest: Decodable {
    let id: String
    @Resilient var shipments: [Shipment]
    @Resilient var byCode: [String: Shipment]
  }

  /// An inner document with a part that fails inside (`weight`), one that fails whole (`code`
  /// of the wrong type), and one that names no record.
  static let innerJSON = """
    {"parts": [{"code": "p1", "id": "i1", "weight": "heavy"}, {"code": 5, "id": "i2"},
               {"id": "i3", "weight": "light"}]}
    """

  /// What the inner reporter holds when the inner decode returns, each entry named by `code`.
  static let innerEntries = [
    "parts[0].weight → p1 at parts[0]", "parts[1] → 5 at parts[1]", "parts[2].weight → nil at nil",
  ]

  static func manifestJSON() throws -> String {
    let payload = String(decoding: try JSONEncoder().encode(innerJSON), as: UTF8.self)
    return """
      {"id": "m1",
       "shipments": [{"id": "s1", "count": "x", "payload": \(payload)},
                     {"id": "s2", "count": 2, "payload": \(payload)}],
       "byCode": {"b": {"id": "s3", "count": "y", "payload": \(payload)},
                  "a": {"id": "s4", "count": 1, "payload": \(payload)}}}
      """
  }

  @Test(arguments: TestDecoder.allCases, InnerReporting.allCases)
  func aDocumentDecodedInsideAnElementIsADecodeOfItsOwn(
    decoder: TestDecoder, inner: InnerReporting
  ) throws {
    let outer = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
    let manifest = try Shipment.$innerReporting.withValue(inner) {
      try decoder.decode(Manifest.self, json: try Self.manifestJSON(), reportingTo: outer)
    }
    // Property lists cannot hold `null`, which the documents have not: every decoder reads it.
    let decoded = try #require(manifest)
    let expectedInner = inner == .ownReporter ? Self.innerEntries : []
    for shipment in decoded.shipments + decoded.byCode.values {
      #expect(shipment.innerEntries == expectedInner, "\(shipment.id)")
    }
    // The outer digest holds the outer document's failures only, named by `id`.
    let outerEntries = try #require(outer.flushReportedErrors()).entries.map(Shipment.describe)
    #expect(
      outerEntries == [
        "shipments[0].count → s1 at shipments[0]", "byCode.b.count → s3 at byCode.b",
      ])
  }
}
