import Foundation
import ResilientDecoding
import Testing
import XMLCoder

/// `@Resilient` through XMLCoder's `XMLDecoder`, a class whose `userInfo` carries the reporter.
///
/// XML has no types: every value is text until a decoder reads it as a number. Arrays are
/// written as repeated elements (`<books>…</books><books>…</books>`) or wrapped in one element
/// (`<books><book>…</book></books>`), which plain `Codable` decodes through a struct whose
/// `CodingKeys` names the inner element.
@Suite struct XMLCoderTests {
  /// Decodes `xml` with a reporter of its own; the digest is `nil` when nothing was reported.
  func decode<T: Decodable>(
    _: T.Type, _ xml: String,
    reporter: ResilientDecodingErrorReporter = ResilientDecodingErrorReporter()
  ) throws -> (T, ErrorDigest?) {
    let decoder = XMLDecoder()
    decoder.userInfo[.resilientDecodingErrorReporter] = reporter
    let value = try decoder.decode(T.self, from: Data(xml.utf8))
    return (value, reporter.flushReportedErrors())
  }

  /// Decodes `xml` with plain `Codable`.
  func decodePlain<T: Decodable>(_: T.Type, _ xml: String) throws -> T {
    try XMLDecoder().decode(T.self, from: Data(xml.utf8))
  }

  static let cleanShelf = """
    <shelf>
      <books><title>A</title><price>10</price><sizes>1</sizes><sizes>2</sizes></books>
      <books><title>B</title><sizes>3</sizes></books>
      <books><title>C</title></books>
      <rating>4.5</rating>
      <genre>poetry</genre>
      <scores><a>1</a><b>2</b></scores>
      <sections>
        <fiction><title>F</title><price>3.5</price><sizes>6</sizes></fiction>
        <poetry><title>P</title><sizes>7</sizes><sizes>8</sizes></poetry>
      </sections>
    </shelf>
    """

  static let badShelf = """
    <shelf>
      <books>
        <title>A</title><price>10</price><sizes>1</sizes><sizes>L</sizes><sizes>3</sizes>
      </books>
      <books><title>B</title><price>cheap</price><sizes>2</sizes></books>
      <books><price>3</price><sizes>4</sizes></books>
      <books><title>D</title><price>4.5</price><sizes>5</sizes></books>
      <rating>high</rating>
      <genre>memoir</genre>
      <scores><a>1</a><b>two</b><c>3</c></scores>
      <sections>
        <fiction><title>F</title><price>n/a</price><sizes>6</sizes></fiction>
        <poetry><title>P</title><price>2</price><sizes>x</sizes></poetry>
        <broken><price>1</price></broken>
      </sections>
    </shelf>
    """

  static let expectedBadShelfReports = IntegrationTests.expectedBadShelfReports(
    missing: .keyNotFound, keyed: .typeMismatch, element: .typeMismatch)

  @Test func cleanInputDecodesLikeThePlainTwinAndReportsNothing() throws {
    let (shelf, digest) = try decode(Shelf.self, Self.cleanShelf)
    let plain = try decodePlain(PlainShelf.self, Self.cleanShelf)
    #expect(PlainShelf(shelf) == plain)
    #expect(plain.books.count == 3 && plain.sections.count == 2)
    expectReports(digest, [])
  }

  @Test func badValuesAreDroppedAndReportedAtTheirPaths() throws {
    let (shelf, digest) = try decode(Shelf.self, Self.badShelf)
    #expect(PlainShelf(shelf) == expectedBadShelf)
    // The first two reports are inside array elements, at the paths XMLCoder gives them (see
    // `reportsInsideArrayElementsCarryXMLCodersPaths`); the others are exact.
    #expect(reported(digest).dropFirst(2) == Self.expectedBadShelfReports.dropFirst(2))
    #expect(digest?.errors.count == 8)
    #expect(digest?.errors(includeUnknownNovelValueErrors: true).count == 9)
  }

  /// A documented XMLCoder limit (DocC "Using Other Decoders"): errors reported from inside an
  /// array element carry the path XMLCoder gives the element's containers, `0.0.sizes[1]` and
  /// `1.1.price`, not `books[0].sizes[1]` and `books[1].price`.
  ///
  /// XMLCoder's `nestedUnkeyedContainer(forKey:)` gives the container the right path
  /// (`books`), so the library's own reports (`books[2]`) are right; but the decoder of each
  /// element has lost the key and carries the index twice, as keys whose text is `"0"`. Plain
  /// `Codable`'s own errors carry the same paths.
  @Test func reportsInsideArrayElementsCarryXMLCodersPaths() throws {
    let (_, digest) = try decode(Shelf.self, Self.badShelf)
    #expect(
      Array(reported(digest).prefix(2)) == [
        Reported("0.0.sizes[1]", .typeMismatch), Reported("1.1.price", .typeMismatch),
      ])
  }

  static let cleanWrapped = """
    <shelf>
      <books>
        <book><title>A</title><price>10</price><sizes>1</sizes><sizes>2</sizes></book>
        <book><title>B</title><sizes>3</sizes></book>
      </books>
    </shelf>
    """

  static let badWrapped = """
    <shelf>
      <books>
        <book><title>A</title><price>10</price><sizes>1</sizes><sizes>L</sizes></book>
        <book><price>3</price></book>
        <book><title>C</title><price>cheap</price><sizes>3</sizes></book>
      </books>
    </shelf>
    """

  @Test func aWrappedArrayDecodesLikeThePlainTwinAndReportsNothing() throws {
    let (shelf, digest) = try decode(WrappedShelf.self, Self.cleanWrapped)
    let plain = try decodePlain(PlainWrappedShelf.self, Self.cleanWrapped)
    #expect(shelf.books.books.map(PlainBook.init) == plain.books.books)
    #expect(plain.books.books.map(\.title) == ["A", "B"])
    expectReports(digest, [])
  }

  @Test func aWrappedArrayDropsItsBadElements() throws {
    let (shelf, digest) = try decode(WrappedShelf.self, Self.badWrapped)
    #expect(
      shelf.books.books.map(PlainBook.init) == [
        PlainBook(title: "A", price: 10, sizes: [1]), PlainBook(title: "C", price: nil, sizes: [3]),
      ])
    #expect(
      reported(digest).filter { $0.path.hasPrefix("books.book[") }
        == [Reported("books.book[1]", .keyNotFound)])
    #expect(digest?.errors.count == 3)
    // Inside the elements, XMLCoder's paths (see `reportsInsideArrayElementsCarryXMLCodersPaths`).
    expectReports(
      digest,
      [
        Reported("books.0.0.sizes[1]", .typeMismatch),
        Reported("books.book[1]", .keyNotFound),
        Reported("books.2.2.price", .typeMismatch),
      ])
  }

  /// An array holding exactly one struct decodes as plain `Codable` decodes it, `[A]`, and
  /// reports nothing.
  ///
  /// XMLCoder's `nestedUnkeyedContainer(forKey:)` takes a key that holds exactly one element
  /// with children for a wrapper and makes the children (`title`, `price`, `sizes`) the
  /// elements; none decodes as a `Book`. When no element decodes, the library decodes the
  /// array whole through `decode(_:forKey:)`, as plain `Codable` does, whose decoder's
  /// `unkeyedContainer()` sees the one element. Both layouts: one repeated element, and one
  /// `<book>` in its wrapper.
  @Test func anArrayOfOneStructDecodesLikeThePlainTwin() throws {
    let repeated = """
      <shelf>
        <books><title>A</title><price>1.5</price><sizes>1</sizes></books>
        <genre>poetry</genre>
      </shelf>
      """
    let plain = try decodePlain(PlainShelf.self, repeated)
    #expect(plain.books == [PlainBook(title: "A", price: 1.5, sizes: [1])])
    let (shelf, digest) = try decode(Shelf.self, repeated)

    let wrapped = """
      <shelf><books><book><title>A</title><price>1.5</price><sizes>1</sizes></book></books></shelf>
      """
    let plainWrapped = try decodePlain(PlainWrappedShelf.self, wrapped)
    #expect(plainWrapped.books.books == plain.books)
    let (wrappedShelf, wrappedDigest) = try decode(WrappedShelf.self, wrapped)

    #expect(shelf.books.map(PlainBook.init) == plain.books)
    expectReports(digest, [])
    #expect(wrappedShelf.books.books.map(PlainBook.init) == plainWrapped.books.books)
    expectReports(wrappedDigest, [])
  }

  /// A lone struct in a dictionary decodes like the plain twin: dictionaries decode their
  /// entries through `decode(_:forKey:)`.
  @Test func aDictionaryOfOneStructDecodesLikeThePlainTwin() throws {
    let xml = """
      <shelf>
        <genre>poetry</genre>
        <sections><fiction><title>F</title><sizes>1</sizes></fiction></sections>
      </shelf>
      """
    let (shelf, digest) = try decode(Shelf.self, xml)
    let plain = try decodePlain(PlainShelf.self, xml)
    #expect(PlainShelf(shelf) == plain)
    #expect(plain.sections == ["fiction": PlainBook(title: "F", price: nil, sizes: [1])])
    expectReports(digest, [])
  }

  /// Text where a struct or a dictionary of structs belongs is one element, or one entry,
  /// that fails. XMLCoder gives an element's text the key `""`: the entry's path is
  /// `sections.` followed by that empty key, as in plain `Codable`'s error (`sections..title`).
  @Test func textWhereStructsBelongIsReported() throws {
    let xml = """
      <shelf>
        <books>5</books>
        <genre><name>fiction</name></genre>
        <sections>plenty</sections>
      </shelf>
      """
    let (shelf, digest) = try decode(Shelf.self, xml)
    #expect(shelf.books.isEmpty && shelf.sections.isEmpty && shelf.genre == .unknown)
    expectReports(
      digest,
      [
        Reported("books[0]", .typeMismatch), Reported("genre", .novel("")),
        Reported("sections.", .keyNotFound),
      ])
  }

  /// A missing enum falls back and is reported, alone in its element too: XMLCoder implements
  /// `superDecoder(forKey:)`.
  @Test func aMissingEnumFallsBackAndIsReported() throws {
    let (shelf, digest) = try decode(Shelf.self, "<shelf><rating>1</rating></shelf>")
    #expect(shelf.genre == .unknown && shelf.rating == 1)
    expectReports(digest, [Reported("genre", .keyNotFound)])
    let (alone, aloneDigest) = try decode(Labelled.self, "<labelled></labelled>")
    #expect(alone.genre == .unknown)
    expectReports(aloneDigest, [Reported("genre", .keyNotFound)])
  }

  /// A reporter that names records by "title" names each book an error happened in, at the
  /// record paths XMLCoder gives (see `reportsInsideArrayElementsCarryXMLCodersPaths`).
  @Test func entriesNameTheirBookByTitle() throws {
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["title"])
    let (_, digest) = try decode(Shelf.self, Self.badShelf, reporter: reporter)
    #expect(
      namedRecords(digest) == [
        "0.0.sizes[1] → A at 0.0", "1.1.price → B at 1.1", "books[2] → nil at nil",
        "rating → nil at nil", "genre → nil at nil", "scores.b → nil at nil",
        "sections.broken → nil at nil", "sections.fiction.price → F at sections.fiction",
        "sections.poetry.sizes[0] → P at sections.poetry",
      ])
  }

  /// Defaults of their own: the value when it decodes, the default without a report when it is
  /// missing, the default with a report when it is bad.
  @Test func defaultedPropertiesFallBackAndReportBadValues() throws {
    let (good, none) = try decode(
      Stock.self, "<stock><count>4</count><isNew>true</isNew><name>Shelf</name></stock>")
    #expect(good == Stock(count: 4, isNew: true, name: "Shelf"))
    expectReports(none, [])
    let (bad, digest) = try decode(
      Stock.self, "<stock><count>many</count><name>Shelf</name></stock>")
    #expect(bad == Stock(count: 0, isNew: false, name: "Shelf"))
    #expect(digest?.entries.map(\.path) == ["count"])
  }
}

/// A shelf whose books are wrapped in one `<books>` element, one `<book>` each.
struct WrappedShelf: Decodable {
  struct Books: Decodable {
    @Resilient var books: [Book]

    enum CodingKeys: String, CodingKey {
      case books = "book"
    }
  }

  var books: Books
}

/// `WrappedShelf` without `@Resilient`.
struct PlainWrappedShelf: Decodable {
  struct Books: Decodable {
    var books: [PlainBook]

    enum CodingKeys: String, CodingKey {
      case books = "book"
    }
  }

  var books: Books
}
