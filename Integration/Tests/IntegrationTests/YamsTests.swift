import Foundation
import ResilientDecoding
import Testing
import Yams

/// `@Resilient` through Yams' `YAMLDecoder`, which takes the reporter per call, in `userInfo`.
@Suite struct YamsTests {
  /// Decodes `yaml` with a reporter of its own; the digest is `nil` when nothing was reported.
  func decode<T: Decodable>(
    _: T.Type, _ yaml: String,
    reporter: ResilientDecodingErrorReporter = ResilientDecodingErrorReporter()
  ) throws -> (T, ErrorDigest?) {
    let value = try YAMLDecoder().decode(
      T.self, from: yaml, userInfo: [.resilientDecodingErrorReporter: reporter])
    return (value, reporter.flushReportedErrors())
  }

  static let cleanShelf = """
    books:
      - {title: A, price: 10, sizes: [1, 2]}
      - {title: B, price: null, sizes: []}
      - {title: C, sizes: [3]}
    rating: 4.5
    genre: poetry
    scores: {a: 1, b: 2}
    sections:
      fiction: {title: F, price: 3.5, sizes: [6]}
      poetry: {title: P, price: ~, sizes: [7, 8]}
    """

  static let badShelf = """
    books:
      - {title: A, price: 10, sizes: [1, L, 3]}
      - {title: B, price: cheap, sizes: [2]}
      - {price: 3, sizes: [4]}
      - {title: D, price: 4.5, sizes: [5]}
    rating: high
    genre: memoir
    scores: {a: 1, b: two, c: 3}
    sections:
      fiction: {title: F, price: n/a, sizes: [6]}
      poetry: {title: P, price: 2, sizes: [x]}
      broken: {price: 1, sizes: []}
    """

  @Test func cleanInputDecodesLikeThePlainTwinAndReportsNothing() throws {
    let (shelf, digest) = try decode(Shelf.self, Self.cleanShelf)
    let plain = try YAMLDecoder().decode(PlainShelf.self, from: Self.cleanShelf)
    #expect(PlainShelf(shelf) == plain)
    #expect(plain.books.count == 3 && plain.sections.count == 2)
    expectReports(digest, [])
    #if DEBUG
      #expect(shelf.$books.errors.isEmpty && shelf.$scores.errors.isEmpty)
    #endif
  }

  @Test func badValuesAreDroppedAndReportedAtTheirPaths() throws {
    let (shelf, digest) = try decode(Shelf.self, Self.badShelf)
    #expect(PlainShelf(shelf) == expectedBadShelf)
    expectReports(
      digest,
      expectedBadShelfReports(missing: .keyNotFound, keyed: .typeMismatch, element: .typeMismatch))
    #if DEBUG
      #expect(shelf.$books.errors.count == 1)
      #expect(shelf.books[0].$sizes.errors.count == 1)
      #expect(shelf.$sections.errors.count == 1)
      #expect(shelf.$genre.error is UnknownNovelValueError)
    #endif
  }

  @Test func wholeValuesOfTheWrongKindAreReported() throws {
    let yaml = """
      books: 5
      genre: [fiction]
      scores: [1, 2]
      sections: plenty
      """
    let (shelf, digest) = try decode(Shelf.self, yaml)
    #expect(shelf.books.isEmpty && shelf.rating == nil && shelf.genre == .unknown)
    #expect(shelf.scores.isEmpty && shelf.sections.isEmpty)
    expectReports(
      digest,
      [
        Reported("books", .typeMismatch), Reported("genre", .typeMismatch),
        Reported("scores", .typeMismatch), Reported("sections", .typeMismatch),
      ])
  }

  @Test func aMissingEnumFallsBackAndIsReported() throws {
    let (shelf, digest) = try decode(Shelf.self, "rating: 1")
    #expect(shelf.genre == .unknown && shelf.rating == 1)
    expectReports(digest, [Reported("genre", .keyNotFound)])
  }

  /// A documented Yams limit (DocC "Using Other Decoders"): a missing enum with a fallback, with
  /// none of its type's other keys in the mapping, falls back but is not reported.
  ///
  /// Only a super-decoder could lead to the reporter then, and Yams refuses both
  /// `superDecoder(forKey:)` for a missing key and `superDecoder()` (it looks the key's node
  /// up): the error has nowhere to go. It still shows on the property in DEBUG.
  @Test func aMissingEnumWithNoOtherKeyOfItsTypeFallsBackUnreported() throws {
    let (labelled, digest) = try decode(Labelled.self, "unrelated: 1")
    #expect(labelled.genre == .unknown)
    #if DEBUG
      #expect(labelled.$genre.error != nil)
    #endif
    expectReports(digest, [])
  }

  /// A reporter that names records by "title" names each book an error happened in; the
  /// book without a title, and what is outside any book, name none.
  @Test func entriesNameTheirBookByTitle() throws {
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["title"])
    let (_, digest) = try decode(Shelf.self, Self.badShelf, reporter: reporter)
    #expect(namedRecords(digest) == expectedBadShelfRecords())
  }

  /// Defaults of their own: the value when it decodes, the default without a report when it is
  /// missing, the default with a report when it is bad.
  @Test func defaultedPropertiesFallBackAndReportBadValues() throws {
    let (good, none) = try decode(Stock.self, "count: 4\nisNew: true\nname: Shelf\n")
    #expect(good == Stock(count: 4, isNew: true, name: "Shelf"))
    expectReports(none, [])
    let (bad, digest) = try decode(Stock.self, "count: many\nname: Shelf\n")
    #expect(bad == Stock(count: 0, isNew: false, name: "Shelf"))
    #expect(digest?.entries.map(\.path) == ["count"])
  }
}
