import Foundation
import GRDB
import ResilientDecoding
import Testing

// `@Resilient` through GRDB's record decoding: `FetchableRecord & Decodable` records read from
// an in-memory database, with plain columns and TEXT columns holding JSON, which GRDB decodes
// with a `JSONDecoder` of its own through `decode(_:forKey:)`. GRDB refuses a nested unkeyed
// or keyed container for a column, so the library decodes a JSON array or object whole and
// reports what failed inside at the property's own path (Integration/README.md, "GRDB").

/// A chapter, stored as JSON inside a column, with resilient properties of its own.
struct Chapter: Decodable, Equatable {
  var name: String
  @Resilient var pages: Int?
  @Resilient var notes: [String]
}

/// `Chapter` without `@Resilient`.
struct PlainChapter: Decodable, Equatable {
  var name: String
  var pages: Int?
  var notes: [String]
}

extension PlainChapter {
  init(_ chapter: Chapter) {
    self.init(name: chapter.name, pages: chapter.pages, notes: chapter.notes)
  }
}

/// A row of `book`: plain columns, and JSON arrays and objects in TEXT columns.
struct BookRow: FetchableRecord, Decodable {
  /// The reporter of every `BookRow` decode. GRDB asks the record type for its `userInfo`, and
  /// passes it to the decoders of JSON columns too.
  static let reporter = ResilientDecodingErrorReporter()

  static var databaseDecodingUserInfo: [CodingUserInfoKey: Any] {
    [.resilientDecodingErrorReporter: reporter]
  }

  var id: Int64
  var title: String
  @Resilient var price: Double?
  @Resilient var published: Date?
  @Resilient var genre: Genre
  @Resilient var tags: [String]
  @Resilient var scores: [String: Int]
  @Resilient var chapters: [Chapter]
  @Resilient var parts: [String: Chapter]
}

/// `BookRow` without `@Resilient`.
struct PlainBookRow: FetchableRecord, Decodable, Equatable {
  var id: Int64
  var title: String
  var price: Double?
  var published: Date?
  var genre: Genre
  var tags: [String]
  var scores: [String: Int]
  var chapters: [PlainChapter]
  var parts: [String: PlainChapter]
}

extension PlainBookRow {
  /// The values a resilient row holds, to compare with what the twin decodes.
  init(_ row: BookRow) {
    self.init(
      id: row.id, title: row.title, price: row.price, published: row.published,
      genre: row.genre, tags: row.tags,
      scores: row.scores, chapters: row.chapters.map(PlainChapter.init),
      parts: row.parts.mapValues(PlainChapter.init))
  }
}

/// A row whose JSON column decodes as a plain struct, not a resilient collection.
struct CoverRow: FetchableRecord, Decodable {
  static let reporter = ResilientDecodingErrorReporter()

  static var databaseDecodingUserInfo: [CodingUserInfoKey: Any] {
    [.resilientDecodingErrorReporter: reporter]
  }

  var id: Int64
  var cover: Chapter
}

/// Serialized: each record type has one reporter, which a test empties before it decodes.
@Suite(.serialized) struct GRDBTests {
  /// A clean row: every column holds what its property expects.
  static var cleanRow: [String: (any DatabaseValueConvertible)?] {
    [
      "id": 1, "title": "A", "price": 2.5, "published": "2024-05-06", "genre": "poetry",
      "tags": #"["x","y"]"#,
      "scores": #"{"a":1,"b":2}"#,
      "chapters": #"[{"name":"one","pages":3,"notes":["n"]},{"name":"two","notes":[]}]"#,
      "parts": #"{"intro":{"name":"i","pages":1,"notes":[]},"outro":{"name":"o","notes":["z"]}}"#,
    ]
  }

  /// An in-memory database whose `book` table holds `rows`, each the clean row with some
  /// columns changed.
  func database(_ rows: [[String: (any DatabaseValueConvertible)?]]) throws -> DatabaseQueue {
    let queue = try DatabaseQueue()
    try queue.write { db in
      try db.execute(
        sql: """
          CREATE TABLE book (
            id INTEGER PRIMARY KEY, title TEXT NOT NULL, price REAL, published TEXT,
            genre TEXT, tags TEXT, scores TEXT, chapters TEXT, parts TEXT)
          """)
      for (index, changes) in rows.enumerated() {
        var row = Self.cleanRow.merging(changes) { $1 }
        row["id"] = Int64(index + 1)
        let columns = row.keys.sorted()
        try db.execute(
          sql: "INSERT INTO book (\(columns.joined(separator: ", "))) VALUES ("
            + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")",
          arguments: StatementArguments(columns.map { row[$0] ?? nil }))
      }
    }
    return queue
  }

  /// The rows decoded with `@Resilient` and the digest, and what plain `Codable` makes of them.
  func fetch(
    _ rows: [[String: (any DatabaseValueConvertible)?]]
  ) throws -> ([BookRow], ErrorDigest?, Result<[PlainBookRow], any Error>) {
    let queue = try database(rows)
    _ = BookRow.reporter.flushReportedErrors()
    let books = try queue.read { try BookRow.fetchAll($0, sql: "SELECT * FROM book ORDER BY id") }
    let digest = BookRow.reporter.flushReportedErrors()
    let plain = Result {
      try queue.read { try PlainBookRow.fetchAll($0, sql: "SELECT * FROM book ORDER BY id") }
    }
    return (books, digest, plain)
  }

  /// One row with `changes`: the book decoded with `@Resilient`, its digest and what plain
  /// `Codable` makes of it.
  func fetchOne(
    _ changes: [String: (any DatabaseValueConvertible)?]
  ) throws -> (PlainBookRow, ErrorDigest?, Result<PlainBookRow, any Error>) {
    let (books, digest, plain) = try fetch([changes])
    let book = try #require(books.first)
    return (PlainBookRow(book), digest, plain.map { $0[0] })
  }

  @Test func cleanRowsDecodeLikeThePlainTwinAndReportNothing() throws {
    let (books, digest, plain) = try fetch([
      [:],
      [
        "price": nil, "published": nil, "tags": "[]", "scores": "{}", "chapters": "[]",
        "parts": "{}",
      ],
    ])
    let twins = try plain.get()
    #expect(books.map(PlainBookRow.init) == twins)
    #expect(twins[0].tags == ["x", "y"] && twins[0].chapters.count == 2)
    #expect(twins[0].parts["outro"] == PlainChapter(name: "o", pages: nil, notes: ["z"]))
    #expect(twins[0].published == Date(timeIntervalSince1970: 1_714_953_600))
    #expect(twins[1].price == nil && twins[1].tags.isEmpty && twins[1].parts.isEmpty)
    expectReports(digest, [])
    #if DEBUG
      #expect(books[0].$tags.errors.isEmpty && books[0].$chapters.results.count == 2)
    #endif
  }

  /// `@Resilient var tags: [String]` keeps the valid elements of a JSON array; plain `Codable`
  /// throws, at a path relative to the column (`[1]`), where the library reports `tags[1]`.
  @Test func aJSONArrayColumnKeepsItsValidElements() throws {
    let (book, digest, plain) = try fetchOne(["tags": #"["x",2,"y",null]"#])
    #expect(book.tags == ["x", "y"])
    expectReports(
      digest, [Reported("tags[1]", .typeMismatch), Reported("tags[3]", .valueNotFound)])
    #expect(throws: DecodingError.self) { try plain.get() }
  }

  @Test func aJSONObjectColumnKeepsItsValidEntries() throws {
    let (book, digest, plain) = try fetchOne(["scores": #"{"c":3,"b":"x","a":1,"d":null}"#])
    #expect(book.scores == ["a": 1, "c": 3])
    expectReports(
      digest, [Reported("scores.b", .typeMismatch), Reported("scores.d", .valueNotFound)])
    #expect(throws: DecodingError.self) { try plain.get() }
  }

  /// Structs inside a JSON array or object report at their real path: the column, the index
  /// or key, then the property.
  @Test func nestedResilientPropertiesInJSONColumnsReportAtTheirRealPaths() throws {
    let (book, digest, plain) = try fetchOne([
      "chapters": #"[{"name":"one","pages":"ten","notes":["n",4]},{"pages":1},{"name":"three"}]"#,
      "parts": #"{"outro":{"name":"o","notes":[5]},"broken":{},"intro":{"name":"i","pages":[]}}"#,
    ])
    #expect(
      book.chapters == [
        PlainChapter(name: "one", pages: nil, notes: ["n"]),
        PlainChapter(name: "three", pages: nil, notes: []),
      ])
    #expect(
      book.parts == [
        "intro": PlainChapter(name: "i", pages: nil, notes: []),
        "outro": PlainChapter(name: "o", pages: nil, notes: []),
      ])
    expectReports(
      digest,
      [
        Reported("chapters[0].pages", .typeMismatch),
        Reported("chapters[0].notes[1]", .typeMismatch),
        Reported("chapters[1]", .keyNotFound),
        Reported("parts.broken", .keyNotFound),
        Reported("parts.intro.pages", .typeMismatch),
        Reported("parts.outro.notes[0]", .typeMismatch),
      ])
    #expect(throws: DecodingError.self) { try plain.get() }
  }

  /// Each row reports on its own; GRDB's paths start at the row, which has no index.
  @Test func severalRowsReportRowByRow() throws {
    let (books, digest, _) = try fetch([[:], ["tags": #"[1,"y"]"#], ["scores": #"{"a":"1"}"#]])
    #expect(books.map(\.tags) == [["x", "y"], ["y"], ["x", "y"]])
    #expect(books.map(\.scores) == [["a": 1, "b": 2], ["a": 1, "b": 2], [:]])
    expectReports(
      digest, [Reported("tags[0]", .typeMismatch), Reported("scores.a", .typeMismatch)])
  }

  /// A NULL JSON column is an absent collection: empty, not reported. Plain `Codable` throws.
  @Test func nullJSONColumnsAreEmptyAndNotReported() throws {
    let (book, digest, plain) = try fetchOne(["tags": nil, "scores": nil, "parts": nil])
    #expect(book.tags.isEmpty && book.scores.isEmpty && book.parts.isEmpty)
    expectReports(digest, [])
    #expect(throws: DecodingError.self) { try plain.get() }
  }

  /// Text that is not JSON leaves the collection empty, reported at the column with what
  /// failed, the JSON (`dataCorrupted`), not GRDB's refusal of a nested unkeyed container.
  @Test func textThatIsNotJSONIsReportedAtTheColumn() throws {
    let (book, digest, plain) = try fetchOne(["tags": "not json", "scores": "{oops"])
    #expect(book.tags.isEmpty && book.scores.isEmpty)
    expectReports(digest, [Reported("tags", .dataCorrupted), Reported("scores", .dataCorrupted)])
    #expect(throws: DecodingError.self) { try plain.get() }
  }

  /// An optional column whose value GRDB cannot convert is `nil`, reported at the column, with
  /// GRDB's own error (`RowDecodingError`, not a `DecodingError`). Plain `Codable` throws it.
  @Test func anOptionalColumnWithABadValueIsNilAndReported() throws {
    let (book, digest, plain) = try fetchOne(["published": "someday"])
    #expect(book.published == nil && book.title == "A")
    expectReports(digest, [Reported("published", .other("RowDecodingError"))])
    #expect(throws: (any Error).self) { try plain.get() }
  }

  /// SQLite stores 'bad' in a REAL column as TEXT (it is no number), and GRDB reads a Double
  /// through SQLite, which converts that text to 0.0: plain `Codable` gets 0.0 without an
  /// error, and so does `@Resilient`, which sees no error to report. The rule is "the same as
  /// plain", and it is.
  @Test func textInARealColumnIsZeroAsInPlainCodable() throws {
    let queue = try database([["price": "bad"]])
    let storage = try queue.read { try String.fetchOne($0, sql: "SELECT typeof(price) FROM book") }
    #expect(storage == "text")
    let (book, digest, plain) = try fetchOne(["price": "bad"])
    #expect(book.price == 0)
    #expect(try plain.get().price == 0)
    expectReports(digest, [])
  }

  /// A raw value with no case is novel; NULL and a number are reported with the fallback.
  /// GRDB throws its own `RowDecodingError` for NULL where a String belongs, which the library
  /// reports as `dataCorrupted`, GRDB's error underneath, as it does any decoder's own error
  /// for a primitive value (DocC "Using Other Decoders"); SQLite stores 7 in a TEXT column as the
  /// text "7".
  @Test func enumsFallBackAndReport() throws {
    let (books, digest, plain) = try fetch([["genre": "memoir"], ["genre": nil], ["genre": 7]])
    #expect(books.map(\.genre) == [.unknown, .unknown, .unknown])
    expectReports(
      digest,
      [
        Reported("genre", .novel("memoir")), Reported("genre", .dataCorrupted),
        Reported("genre", .novel("7")),
      ])
    #expect(throws: (any Error).self) { try plain.get() }
  }

  /// ACCEPTED LIMIT: a JSON column decoded as a plain struct (not a `@Resilient` collection)
  /// is decoded by GRDB's own `JSONDecoder`, whose paths start at the column: a failure inside
  /// is reported at `pages`, not `cover.pages`, and the library cannot tell. Nothing is lost.
  @Test func aPlainStructInAJSONColumnReportsRelativeToTheColumn() throws {
    let queue = try DatabaseQueue()
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE cover (id INTEGER PRIMARY KEY, cover TEXT)")
      try db.execute(
        sql: "INSERT INTO cover (id, cover) VALUES (1, ?)",
        arguments: [#"{"name":"c","pages":"many","notes":["a",1]}"#])
    }
    _ = CoverRow.reporter.flushReportedErrors()
    let row = try queue.read { try CoverRow.fetchOne($0, sql: "SELECT * FROM cover") }
    #expect(row?.cover == Chapter(name: "c", pages: nil, notes: ["a"]))
    #expect(
      reported(CoverRow.reporter.flushReportedErrors()) == [
        Reported("pages", .typeMismatch), Reported("notes[1]", .typeMismatch),
      ])
  }
}
