import Foundation
import ResilientDecoding
import Testing

/// A decoder's own error for a primitive value is reported as the `DecodingError` plain
/// `Codable` shows for it: `dataCorrupted` at the value's path, with the decoder's error as
/// the underlying one (README "Decoders"). `JSONDecoder` on Linux throws such an error for a
/// number that does not fit the property's type.
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
