import Foundation
import ResilientDecoding
import TOMLKit
import Testing

/// `@Resilient` through TOMLKit's `TOMLDecoder`, a struct whose `userInfo` carries the reporter.
///
/// TOMLKit has no null, reports a value of the wrong type under a key as `keyNotFound`, and
/// implements `superDecoder` as `fatalError()`. The library asks for a super-decoder only to
/// find the reporter for a missing non-optional enum with a fallback that has no other key in
/// its table to find it through: these tests never build the documented case (the enum alone
/// in its table), which would stop the test process (Integration/README.md, "Limits").
@Suite struct TOMLKitTests {
  /// Decodes `toml` with a reporter of its own; the digest is `nil` when nothing was reported.
  func decode<T: Decodable>(
    _: T.Type, _ toml: String,
    reporter: ResilientDecodingErrorReporter = ResilientDecodingErrorReporter()
  ) throws -> (T, ErrorDigest?) {
    var decoder = TOMLDecoder()
    decoder.userInfo[.resilientDecodingErrorReporter] = reporter
    let value = try decoder.decode(T.self, from: toml)
    return (value, reporter.flushReportedErrors())
  }

  static let cleanShelf = """
    rating = 4.5
    genre = "poetry"

    [[books]]
    title = "A"
    price = 10.0
    sizes = [1, 2]

    [[books]]
    title = "B"
    sizes = []

    [scores]
    a = 1
    b = 2

    [sections.fiction]
    title = "F"
    price = 3.5
    sizes = [6]

    [sections.poetry]
    title = "P"
    sizes = [7, 8]
    """

  static let badShelf = """
    rating = "high"
    genre = "memoir"

    [[books]]
    title = "A"
    price = 10.0
    sizes = [1, "L", 3]

    [[books]]
    title = "B"
    price = "cheap"
    sizes = [2]

    [[books]]
    price = 3.0
    sizes = [4]

    [[books]]
    title = "D"
    price = 4.5
    sizes = [5]

    [scores]
    a = 1
    b = "two"
    c = 3

    [sections.fiction]
    title = "F"
    price = "n/a"
    sizes = [6]

    [sections.poetry]
    title = "P"
    price = 2.0
    sizes = ["x"]

    [sections.broken]
    price = 1.0
    sizes = []
    """

  @Test func cleanInputDecodesLikeThePlainTwinAndReportsNothing() throws {
    let (shelf, digest) = try decode(Shelf.self, Self.cleanShelf)
    let plain = try TOMLDecoder().decode(PlainShelf.self, from: Self.cleanShelf)
    #expect(PlainShelf(shelf) == plain)
    #expect(plain.books.count == 2 && plain.sections.count == 2)
    expectReports(digest, [])
  }

  /// The reports TOMLKit loses (a documented limit, see
  /// `reportsInsideDictionaryValuesAreLostToTOMLKitsSingleValueContainers`).
  static let lostReports: Set = ["sections.fiction.price", "sections.poetry.sizes[0]"]

  @Test func badValuesAreDroppedAndReportedAtTheirPaths() throws {
    let (shelf, digest) = try decode(Shelf.self, Self.badShelf)
    #expect(PlainShelf(shelf) == expectedBadShelf)
    let expected = expectedBadShelfReports(
      missing: .keyNotFound, keyed: .keyNotFound, element: .typeMismatch)
    #expect(
      reported(digest).filter { !Self.lostReports.contains($0.path) }
        == expected.filter { !Self.lostReports.contains($0.path) })
    #expect(digest?.errors.count == 6)
    #expect(digest?.errors(includeUnknownNovelValueErrors: true).count == 7)
  }

  /// A documented TOMLKit limit (DocC "Using Other Decoders"): its single-value containers make the
  /// decoder of a value without the `userInfo` (their `decode<T>` passes none), and a resilient
  /// dictionary decodes each entry's value through one, so `@Resilient` properties inside the
  /// values recover but cannot find the reporter: `sections.fiction.price` and
  /// `sections.poetry.sizes[0]` are not reported. Everything else is (see above).
  @Test func reportsInsideDictionaryValuesAreLostToTOMLKitsSingleValueContainers() throws {
    let (shelf, digest) = try decode(Shelf.self, Self.badShelf)
    #expect(shelf.sections.count == 2)
    #expect(reported(digest).filter { Self.lostReports.contains($0.path) } == [])
  }

  @Test func wholeValuesOfTheWrongKindAreReportedWithoutATrap() throws {
    let toml = """
      books = 5
      genre = [1]
      scores = [1, 2]
      sections = "plenty"
      """
    let (shelf, digest) = try decode(Shelf.self, toml)
    #expect(shelf.books.isEmpty && shelf.rating == nil && shelf.genre == .unknown)
    #expect(shelf.scores.isEmpty && shelf.sections.isEmpty)
    // TOMLKit says `keyNotFound` when a key holds a value of another type (`genre`); a
    // collection reports what decoding it whole says once TOMLKit refuses a nested container.
    expectReports(
      digest,
      [
        Reported("books", .typeMismatch), Reported("genre", .keyNotFound),
        Reported("scores", .typeMismatch), Reported("sections", .typeMismatch),
      ])
  }

  @Test func elementsOfTheWrongKindAreDroppedWithoutATrap() throws {
    let toml = """
      genre = "fiction"
      books = [1, { title = "A", sizes = [1, [2], 3] }, "B", { title = "C", sizes = [] }]
      """
    let (shelf, digest) = try decode(Shelf.self, toml)
    #expect(shelf.books.map(\.title) == ["A", "C"])
    #expect(shelf.books.first?.sizes == [1, 3])
    expectReports(
      digest,
      [
        Reported("books[0]", .typeMismatch), Reported("books[1].sizes[1]", .typeMismatch),
        Reported("books[2]", .typeMismatch),
      ])
  }

  @Test func aMissingEnumFallsBackAndIsReportedWhenItsTableHasAnotherKey() throws {
    let (shelf, digest) = try decode(Shelf.self, "rating = 1.0")
    #expect(shelf.genre == .unknown && shelf.rating == 1)
    expectReports(digest, [Reported("genre", .keyNotFound)])
  }

  /// A missing enum in a table of an array has the table's other keys to find the reporter.
  @Test func aMissingEnumInATableOfAnArrayFallsBackAndIsReported() throws {
    let toml = """
      [[entries]]
      name = "a"
      genre = "poetry"

      [[entries]]
      name = "b"

      [[entries]]
      name = "c"
      genre = 3
      """
    let (catalogue, digest) = try decode(Catalogue.self, toml)
    #expect(catalogue.entries.map(\.genre) == [.poetry, .unknown, .unknown])
    expectReports(
      digest,
      [Reported("entries[1].genre", .keyNotFound), Reported("entries[2].genre", .keyNotFound)])
  }

  /// A missing enum with a fallback beside a key that TOMLKit decodes only as `TOMLDate`: the
  /// library finds the reporter through any other key that decodes, never reaching
  /// `superDecoder(forKey:)`, which TOMLKit implements as `fatalError()`. Run in a child
  /// process (an exit test), so that a trap is a failure, not the end of the test run.
  @Test func aMissingEnumBesideADateKeyDoesNotTrap() async {
    await #expect(processExitsWith: .success) {
      var decoder = TOMLDecoder()
      let reporter = ResilientDecodingErrorReporter()
      decoder.userInfo[.resilientDecodingErrorReporter] = reporter
      let value = try decoder.decode(Dated.self, from: "at = 2024-01-02\nname = \"x\"")
      let reports = reported(reporter.flushReportedErrors())
      guard value.genre == .unknown, reports == [Reported("genre", .keyNotFound)] else {
        Issue.record("decoded \(value.genre), reported \(reports)")
        exit(3)
      }
    }
  }

  /// A reporter that names records by "title" names each book an error happened in; the book
  /// without a title, and what is outside any book, name none. (A record that only an element
  /// of a `@Resilient` array around it could name is not named with TOMLKit: reading the
  /// element whole goes through a single-value container, which loses the reporter.)
  @Test func entriesNameTheirBookByTitle() throws {
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["title"])
    let (_, digest) = try decode(Shelf.self, Self.badShelf, reporter: reporter)
    #expect(namedRecords(digest) == expectedBadShelfRecords(sectionsReported: false))
  }

  /// Defaults of their own: the value when it decodes, the default without a report when it is
  /// missing, the default with a report when it is bad.
  @Test func defaultedPropertiesFallBackAndReportBadValues() throws {
    let (good, none) = try decode(Stock.self, "count = 4\nisNew = true\nname = \"Shelf\"\n")
    #expect(good == Stock(count: 4, isNew: true, name: "Shelf"))
    expectReports(none, [])
    let (bad, digest) = try decode(Stock.self, "count = \"many\"\nname = \"Shelf\"\n")
    #expect(bad == Stock(count: 0, isNew: false, name: "Shelf"))
    #expect(digest?.entries.map(\.path) == ["count"])
  }
}

/// A table whose entries have a name and, not always, a genre.
struct Catalogue: Decodable {
  struct Entry: Decodable {
    var name: String
    @Resilient var genre: Genre
  }

  @Resilient var entries: [Entry]
}

/// A table with a date, which TOMLKit decodes only as `TOMLDate`.
struct Dated: Decodable {
  var at: TOMLDate
  var name: String
  @Resilient var genre: Genre
}
