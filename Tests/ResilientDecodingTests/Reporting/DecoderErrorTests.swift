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

  /// A decoder's own `DecodingError` for a primitive stands for the value's path only when it
  /// ends with the value's key; otherwise the value is reported at its own path, and the error
  /// keeps the decoder's.
  @Test func aDecodersErrorAtAnotherPathIsReportedAtTheValuesPath() throws {
    struct Labels: Decodable {
      @Resilient var name: String?
      @Resilient var count: Int?
    }
    struct Shelf: Decodable {
      let labels: Labels
    }
    let shelf = try TreeDecoder.decode(
      Shelf.self, from: ["labels": ["name": 5, "count": "many"]],
      quirks: .placesPrimitiveErrorsAtTheirContainer)
    #expect(shelf.value.labels.name == nil && shelf.value.labels.count == nil)
    #expect(
      reports(shelf.digest) == [
        Report("labels.name", .typeMismatch), Report("labels.count", .typeMismatch),
      ])
    let errorPaths = try #require(shelf.digest).entries.map { contextPathDescription($0.error) }
    #expect(errorPaths == ["labels", "labels"])
  }

  /// A decoder's own error for a primitive element stands for the element's path only when it
  /// names the array's key before the index; otherwise (XMLCoder names an index there) the
  /// element is reported at the array's path and its index, and the error keeps the decoder's.
  @Test func aDecodersElementErrorNamingAnotherArrayIsReportedAtTheElementsPath() throws {
    struct Book: Decodable {
      @Resilient var sizes: [Int]
    }
    struct Shelf: Decodable {
      let book: Book
    }
    let shelf = try TreeDecoder.decode(
      Shelf.self, from: ["book": ["sizes": [1, "x", 3]]],
      quirks: .misnamesArraysInElementErrors)
    #expect(shelf.value.book.sizes == [1, 3])
    #expect(reports(shelf.digest) == [Report("book.sizes.Index 1", .typeMismatch)])
    let errorPaths = try #require(shelf.digest).entries.map { contextPathDescription($0.error) }
    #expect(errorPaths == ["book.Index 1.Index 1"])
  }

  /// A value whose own `init(from:)` failed deeper, under a key named like the property's, is
  /// reported at the property's path; its error keeps the deeper one.
  @Test func aNestedFailureUnderTheSameKeyIsReportedAtTheProperty() throws {
    struct Inner: Decodable {
      let size: Int
    }
    struct Outer: Decodable {
      @Resilient var size: Inner?
    }
    let (outer, digest) = try decode(Outer.self, json: #"{"size": {"size": "big"}}"#)
    #expect(outer.size == nil)
    #expect(reports(digest) == [Report("size", .typeMismatch)])
    #expect(digest?.entries.map { contextPathDescription($0.error) } == ["size.size"])
  }

  /// An error of the user's own type whose path names another value as deep as the property is
  /// reported at the property's path; the error keeps its own.
  @Test func aUsersErrorAtAnotherPathAsDeepIsReportedAtTheProperty() throws {
    struct Checked: Decodable {
      init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: [NamedKey("elsewhere")], debugDescription: "Checked elsewhere."))
      }
    }
    struct Form: Decodable {
      @Resilient var field: Checked?
    }
    let (form, digest) = try decode(Form.self, json: #"{"field": 1}"#)
    #expect(form.field == nil)
    #expect(reports(digest) == [Report("field", .dataCorrupted)])
    #expect(digest?.entries.map { contextPathDescription($0.error) } == ["elsewhere"])
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
