import Foundation
import ResilientDecoding
import Testing

/// A decoder's own error for a primitive value is reported as the `DecodingError` plain
/// `Codable` shows for it: `dataCorrupted` at the value's path, with the decoder's error as
/// the underlying one (DocC "Using Other Decoders"). `JSONDecoder` on Linux throws such an error
/// for a number that does not fit the property's type.
@Suite struct DecoderErrorTests {
  struct Counts: Decodable {
    @Resilient var count: Int?
    @Resilient var counts: [Int]
    @Resilient var byName: [String: Int8]
    @Resilient var size: Size?
  }

  enum Size: Int, ResilientRawRepresentable {
    case small = 1
  }

  @Test func numbersThatDoNotFitAreReportedAsDecodingErrors() throws {
    let json = #"{"count": 1.5, "counts": [1, 1e400, 3], "byName": {"a": 300}, "size": 2.5}"#
    let (counts, digest) = try decode(Counts.self, json: json)
    #expect(counts.count == nil)
    #expect(counts.counts == [1, 3])
    #expect(counts.byName == [:])
    #expect(counts.size == nil)
    let entries = try #require(digest).entries
    #expect(entries.allSatisfy { $0.error is DecodingError }, "\(entries.map(\.error))")
    #expect(
      reports(digest) == [
        Report("count", .dataCorrupted), Report("counts.Index 1", .dataCorrupted),
        Report("byName.a", .dataCorrupted), Report("size", .dataCorrupted),
      ])
  }

  /// A decoder that throws errors of its own type for every primitive it cannot read: a
  /// `String` and the value of a default decoded through its own `init(from:)` are reported as
  /// `dataCorrupted`, and grouped so.
  @Test func aDecodersOwnErrorsForStringsAndDefaultsAreDataCorrupted() throws {
    struct Labels: Decodable {
      @Resilient var name: String?
      @Resilient var names: [String]
    }
    let labels = try TreeDecoder.decode(
      Labels.self, from: ["name": 5, "names": ["a", 6]], quirks: .throwsOwnErrorsForPrimitives)
    #expect(labels.value.name == nil && labels.value.names == ["a"])
    #expect(
      reports(labels.digest) == [
        Report("name", .dataCorrupted), Report("names.Index 1", .dataCorrupted),
      ])
    #expect(labels.digest?.groups.map(\.kind) == [.dataCorrupted, .dataCorrupted])

    let zeros = try TreeDecoder.decode(
      [ResilientZero<Int>].self, from: [1, "x"], quirks: .throwsOwnErrorsForPrimitives)
    #expect(zeros.value.map(\.wrappedValue) == [1, 0])
    #expect(reports(zeros.digest) == [Report("Index 1", .dataCorrupted)])
    #expect(zeros.digest?.groups.map(\.kind) == [.dataCorrupted])
    let underlying = try #require(zeros.digest?.entries.first?.error as? DecodingError)
    guard case .dataCorrupted(let context) = underlying else {
      Issue.record("\(underlying)")
      return
    }
    #expect(context.underlyingError is TreeDecoder.PrimitiveError)
  }

  struct Reading: Decodable {
    struct Unplugged: Error {}

    init(from decoder: any Decoder) throws {
      throw Unplugged()
    }
  }

  struct Station: Decodable {
    @Resilient var reading: Reading?
  }

  @Test func errorsOfTheUsersOwnTypesAreReportedAsTheyAre() throws {
    let (_, digest) = try decode(Station.self, json: #"{"reading": 1}"#)
    #expect(try #require(digest).entries.map { $0.error is Reading.Unplugged } == [true])
  }
}
