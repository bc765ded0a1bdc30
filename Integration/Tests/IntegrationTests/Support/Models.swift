import ResilientDecoding

// The models that Yams, TOMLKit and XMLCoder decode, each with a plain twin: the same model
// without `@Resilient`, which plain `Codable` decodes. On clean input the two must decode to the
// same value (DocC "Using Other Decoders"). GRDB has records of its own (GRDBTests.swift).

/// A raw-value enum with a fallback, not frozen: an unknown raw value is a novel value.
enum Genre: String, ResilientRawRepresentable, Equatable, Sendable {
  case fiction
  case poetry
  case unknown

  static var decodingFallback: Genre { .unknown }
}

/// A nested struct with resilient properties of its own.
struct Book: Decodable, Equatable {
  var title: String
  @Resilient var price: Double?
  @Resilient var sizes: [Int]
}

/// Every shape the integration tests cover: an array of nested structs, an optional, an enum
/// with a fallback, a dictionary of plain values and a dictionary of nested structs.
struct Shelf: Decodable, Equatable {
  @Resilient var books: [Book]
  @Resilient var rating: Double?
  @Resilient var genre: Genre
  @Resilient var scores: [String: Int]
  @Resilient var sections: [String: Book]
}

/// An enum with a fallback alone in its container: when it is missing, the library finds the
/// reporter only through `superDecoder(forKey:)`.
struct Labelled: Decodable {
  @Resilient var genre: Genre
}

/// `Book` without `@Resilient`.
struct PlainBook: Decodable, Equatable {
  var title: String
  var price: Double?
  var sizes: [Int]
}

/// `Shelf` without `@Resilient`.
struct PlainShelf: Decodable, Equatable {
  var books: [PlainBook]
  var rating: Double?
  var genre: Genre
  var scores: [String: Int]
  var sections: [String: PlainBook]
}

extension PlainBook {
  /// The values a resilient book holds, to compare with what the twin decodes.
  init(_ book: Book) {
    self.init(title: book.title, price: book.price, sizes: book.sizes)
  }
}

extension PlainShelf {
  /// The values a resilient shelf holds, to compare with what the twin decodes.
  init(_ shelf: Shelf) {
    self.init(
      books: shelf.books.map(PlainBook.init), rating: shelf.rating, genre: shelf.genre,
      scores: shelf.scores, sections: shelf.sections.mapValues(PlainBook.init))
  }
}

/// What every decoder must make of its bad shelf (see each test's document): the books that
/// decode, with their bad values dropped; `nil`, the fallback; the entries that decode.
let expectedBadShelf = PlainShelf(
  books: [
    PlainBook(title: "A", price: 10, sizes: [1, 3]),
    PlainBook(title: "B", price: nil, sizes: [2]),
    PlainBook(title: "D", price: 4.5, sizes: [5]),
  ],
  rating: nil,
  genre: .unknown,
  scores: ["a": 1, "c": 3],
  sections: [
    "fiction": PlainBook(title: "F", price: nil, sizes: [6]),
    "poetry": PlainBook(title: "P", price: 2, sizes: []),
  ])

/// Where each decoder must report the failures of its bad shelf, in report order: array
/// elements in order, dictionary entries in key order, each at its real path. The kinds of
/// error are the decoder's: `missing` for a key that is not there, `keyed` for a value of the
/// wrong type under a key, `element` for one in an array or a dictionary entry.
func expectedBadShelfReports(
  missing: Reported.Kind, keyed: Reported.Kind, element: Reported.Kind
) -> [Reported] {
  [
    Reported("books[0].sizes[1]", element),
    Reported("books[1].price", keyed),
    Reported("books[2]", missing),
    Reported("rating", keyed),
    Reported("genre", .novel("memoir")),
    Reported("scores.b", element),
    Reported("sections.broken", missing),
    Reported("sections.fiction.price", keyed),
    Reported("sections.poetry.sizes[0]", element),
  ]
}

/// What a reporter that names records by `title` says of each failure of the bad shelf, as
/// `namedRecords` writes it, in report order: the book it happened in, and no record outside
/// the books or for the book without a title. `sectionsReported`: whether the decoder reports
/// the failures inside the values of `sections` (TOMLKit does not).
func expectedBadShelfRecords(sectionsReported: Bool = true) -> [String] {
  var records = [
    "books[0].sizes[1] → A at books[0]", "books[1].price → B at books[1]",
    "books[2] → nil at nil", "rating → nil at nil", "genre → nil at nil",
    "scores.b → nil at nil", "sections.broken → nil at nil",
  ]
  if sectionsReported {
    records += [
      "sections.fiction.price → F at sections.fiction",
      "sections.poetry.sizes[0] → P at sections.poetry",
    ]
  }
  return records
}

/// Properties with defaults of their own: each decoder must give the value when it decodes, the
/// default without a report when it is missing, and the default with a report when it is bad.
struct Stock: Decodable, Equatable {
  @ResilientZero var count: Int
  @ResilientFalse var isNew: Bool
  @ResilientEmptyString var name: String
}
