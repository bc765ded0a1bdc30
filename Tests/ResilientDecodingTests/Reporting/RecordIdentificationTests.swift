import Foundation
import ResilientDecoding
import Testing

/// A reporter with identifying keys names, for every entry, the innermost record on its path
/// that has an identifier: the record holding the failing property, the element that failed,
/// or the nearest enclosing one (DocC, "Reporting in Production").
@Suite struct RecordIdentificationTests {
  struct Host: Decodable {
    @Resilient var name: String?
    var city: String
  }

  struct Listing: Decodable {
    var id: Int
    @Resilient var price: Double?
    @Resilient var host: Host?
    @Resilient var photos: [Int]
  }

  struct Feed: Decodable {
    var feedID: String
    @Resilient var listings: [Listing]
  }

  static let feed = """
    {"feedID": "f1", "listings": [
      {"id": 1001, "price": 1, "host": {"name": "a", "city": "x"}, "photos": [1]},
      {"id": 1002, "price": "cheap", "host": {"name": 3, "city": "x"}, "photos": [1, "p"]},
      {"id": "a-3", "price": 2},
      {"price": 2},
      {"id": 1005, "price": true}
    ]}
    """

  /// One entry's path, record and record path.
  struct Named: Equatable, CustomStringConvertible {
    let path: String
    let recordID: String?
    let recordPath: String?

    init(_ path: String, _ recordID: String?, _ recordPath: String?) {
      (self.path, self.recordID, self.recordPath) = (path, recordID, recordPath)
    }

    init(_ entry: ErrorDigest.Entry) {
      self.init(entry.path, entry.recordID, entry.recordPath)
    }

    var description: String { "\(path) → \(recordID ?? "nil") at \(recordPath ?? "nil")" }
  }

  @Test(arguments: TestDecoder.allCases)
  func everyEntryNamesTheInnermostRecordWithAnIdentifier(decoder: TestDecoder) throws {
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id", "feedID"])
    let feed = try #require(try decoder.decode(Feed.self, json: Self.feed, reportingTo: reporter))
    #expect(feed.listings.map(\.id) == [1001, 1002, 1005])
    let digest = try #require(reporter.flushReportedErrors())
    #expect(
      digest.entries.map(Named.init) == [
        // The record holding the failing property.
        Named("listings[1].price", "1002", "listings[1]"),
        // A record without an identifier is named by the element around it.
        Named("listings[1].host.name", "1002", "listings[1]"),
        // An element of a plain value is named by the record holding the array.
        Named("listings[1].photos[1]", "1002", "listings[1]"),
        // A whole element that failed names itself, spelled as the data has it.
        Named("listings[2]", "a-3", "listings[2]"),
        // Without an identifier of its own, the nearest enclosing record: the root.
        Named("listings[3]", "f1", ""),
        Named("listings[4].price", "1005", "listings[4]"),
      ])
  }

  /// Every element that failed whole names itself, not the first one's record: each is read
  /// as it fails.
  @Test(arguments: TestDecoder.allCases)
  func everyFailedElementNamesItselfNotTheFirstOne(decoder: TestDecoder) throws {
    let json = """
      {"feedID": "f1", "listings": [{"id": "x-0"}, {"id": 1}, {"id": "x-2"}, {"id": "x-3"}]}
      """
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id", "feedID"])
    let feed = try #require(try decoder.decode(Feed.self, json: json, reportingTo: reporter))
    #expect(feed.listings.map(\.id) == [1])
    #expect(
      try #require(reporter.flushReportedErrors()).entries.map(Named.init) == [
        Named("listings[0]", "x-0", "listings[0]"), Named("listings[2]", "x-2", "listings[2]"),
        Named("listings[3]", "x-3", "listings[3]"),
      ])
  }

  /// An identifier is spelled as the data writes it, integers past `Int64.max` too, up to the
  /// 38 digits `JSONDecoder` reads exactly; a fraction as Swift writes the number.
  @Test func numericIdentifiersAreSpelledAsTheDataWritesThem() throws {
    struct Part: Decodable {
      @Resilient var weight: Int?
    }
    struct Parts: Decodable {
      @Resilient var parts: [Part]
    }
    let ids = [
      "9223372036854775807", "9223372036854775808", "18446744073709551615",
      "18446744073709551616", "123456789012345678901234567890",
      "-123456789012345678901234567890", "-9223372036854775809", "2.5",
    ]
    let parts = ids.map { #"{"id": \#($0), "weight": "x"}"# }.joined(separator: ", ")
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
    _ = try TestDecoder.json.decode(
      Parts.self, json: #"{"parts": [\#(parts)]}"#, reportingTo: reporter)
    #expect(try #require(reporter.flushReportedErrors()).entries.map(\.recordID) == ids)
  }

  /// Records are read where the library decodes: the record holding the failing property, the
  /// elements and entries of `@Resilient` collections, and the record holding such a
  /// collection. A record that only a plain container holds is not read: the same failure is
  /// named by its element under a `@Resilient` array, and by no record under a plain one (DocC,
  /// "Reporting in Production").
  @Test(arguments: TestDecoder.allCases)
  func aRecordThatOnlyAPlainContainerHoldsIsNotRead(decoder: TestDecoder) throws {
    struct Inner: Decodable {
      @Resilient var x: Int?
    }
    struct Rec: Decodable {
      let id: Int
      let inner: Inner
    }
    struct PlainRoot: Decodable {
      let recs: [Rec]
    }
    struct ResilientRoot: Decodable {
      @Resilient var recs: [Rec]
    }
    let json = #"{"recs": [{"id": 10, "inner": {"x": "bad"}}]}"#
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
    _ = try decoder.decode(PlainRoot.self, json: json, reportingTo: reporter)
    #expect(
      try #require(reporter.flushReportedErrors()).entries.map(Named.init) == [
        Named("recs[0].inner.x", nil, nil)
      ])
    _ = try decoder.decode(ResilientRoot.self, json: json, reportingTo: reporter)
    #expect(
      try #require(reporter.flushReportedErrors()).entries.map(Named.init) == [
        Named("recs[0].inner.x", "10", "recs[0]")
      ])
  }

  /// The records a document names do not depend on what the thread decoded before (a
  /// dictionary's trial skipped after another failed), nor on the decoder (one that decodes
  /// arrays whole): each failing entry is named by itself.
  @Test(arguments: TestDecoder.allCases)
  func recordsDependOnlyOnTheDocument(decoder: TestDecoder) throws {
    struct Item: Decodable {
      let id: String
      let count: Int
    }
    struct Shop: Decodable {
      let id: String
      @Resilient var byCode: [String: Item]
    }
    struct Feed: Decodable {
      @Resilient var shops: [Shop]
    }
    let json = """
      {"shops": [{"id": "s1", "byCode": {"a": {"id": "i1", "count": "x"}}},
                 {"id": "s2", "byCode": {"b": {"id": "i2", "count": "y"}}}]}
      """
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
    for run in 0..<3 {
      _ = try decoder.decode(Feed.self, json: json, reportingTo: reporter)
      #expect(
        try #require(reporter.flushReportedErrors()).entries.map(Named.init) == [
          Named("shops[0].byCode.a", "i1", "shops[0].byCode.a"),
          Named("shops[1].byCode.b", "i2", "shops[1].byCode.b"),
        ], "decode \(run)")
    }
  }

  /// An entry rejected for its key names the record holding the dictionary; a value the
  /// decoder read for a key written twice and then dropped names itself, as any failed entry.
  @Test func rejectedKeysAndDroppedValuesKeepTheirRecords() throws {
    struct Item: Decodable {
      let id: String
      let count: Int
    }
    struct Shop: Decodable {
      let id: String
      @Resilient var byNumber: [Int: Int]
      @Resilient var byCode: [String: Item]
    }
    let json = """
      {"id": "s1", "by_number": {"1": 1, "abc": 2},
       "by_code": {"a": {"id": "i1", "count": 1}, "a": {"id": "i2", "count": "x"}}}
      """
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.userInfo[.resilientDecodingErrorReporter] = reporter
    let shop = try decoder.decode(Shop.self, from: Data(json.utf8))
    #expect(shop.byNumber == [1: 1])
    #expect(shop.byCode.mapValues(\.id) == ["a": "i1"])
    #expect(
      try #require(reporter.flushReportedErrors()).entries.map(Named.init) == [
        Named("byNumber.abc", "s1", ""), Named("byCode.a", "i2", "byCode.a"),
      ])
  }

  /// An element that failed whole names itself with every decoder, those that move past a
  /// failed element included, also when nothing else in the array failed.
  @Test(arguments: TestDecoder.allCases)
  func aFailedElementNamesItself(decoder: TestDecoder) throws {
    let json = """
      {"feedID": "f1", "listings": [{"id": 1}, {"id": "x-2"}, {"id": 3}, {}]}
      """
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id", "feedID"])
    let feed = try #require(try decoder.decode(Feed.self, json: json, reportingTo: reporter))
    #expect(feed.listings.map(\.id) == [1, 3])
    let digest = try #require(reporter.flushReportedErrors())
    #expect(
      digest.entries.map(Named.init) == [
        Named("listings[1]", "x-2", "listings[1]"), Named("listings[3]", "f1", ""),
      ])
  }

  /// Failed elements whose identifiers switch between numbers and strings name themselves as
  /// the data writes each: a number read before does not make the next string unreadable.
  @Test(arguments: TestDecoder.allCases)
  func identifiersThatSwitchKindsAreEachReadAsWritten(decoder: TestDecoder) throws {
    struct Item: Decodable {
      var required: Int
    }
    struct Items: Decodable {
      @Resilient var items: [Item]
    }
    let json = """
      {"items": [{"id": 1}, {"id": "007"}, {"id": 2}, {"id": 3}, {"id": "4"}, {"id": -6},
                 {"id": 2.5}, {"id": true}, {"id": "x"}]}
      """
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
    let items = try #require(try decoder.decode(Items.self, json: json, reportingTo: reporter))
    #expect(items.items.isEmpty)
    #expect(
      try #require(reporter.flushReportedErrors()).entries.map(\.recordID) == [
        "1", "007", "2", "3", "4", "-6", "2.5", nil, "x",
      ])
  }

  @Test(arguments: TestDecoder.allCases)
  func withoutIdentifyingKeysNoEntryNamesARecord(decoder: TestDecoder) throws {
    let reporter = ResilientDecodingErrorReporter()
    _ = try decoder.decode(Feed.self, json: Self.feed, reportingTo: reporter)
    let digest = try #require(reporter.flushReportedErrors())
    #expect(digest.entries.count == 6)
    #expect(digest.entries.allSatisfy { $0.recordID == nil && $0.recordPath == nil })
  }

  /// Keys are tried in order; a value that is neither a string nor a number does not identify,
  /// and the next key, or the next record out, is tried. An element is read whole (`Item` does
  /// not declare `id` or `sku`); a record holding a failing value, through the keys its type
  /// declares (`Order` declares `sku`).
  @Test(arguments: TestDecoder.allCases)
  func keysAreTriedInOrderAndOnlyStringsAndNumbersIdentify(decoder: TestDecoder) throws {
    struct Item: Decodable {
      @Resilient var stock: Int?
    }
    struct Order: Decodable {
      var sku: String
      @Resilient var items: [Item]
    }
    let json = """
      {"sku": "root", "items": [
        {"sku": "s-1", "id": 7, "stock": "x"},
        {"id": 8.5, "stock": "x"},
        {"id": true, "stock": "x"},
        {"id": [1], "sku": 12, "stock": "x"}
      ]}
      """
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id", "sku"])
    _ = try decoder.decode(Order.self, json: json, reportingTo: reporter)
    let digest = try #require(reporter.flushReportedErrors())
    #expect(
      digest.entries.map(Named.init) == [
        Named("items[0].stock", "7", "items[0]"),
        Named("items[1].stock", "8.5", "items[1]"),
        Named("items[2].stock", "root", ""),
        Named("items[3].stock", "12", "items[3]"),
      ])
  }

  /// A record inside a plain array is named when the failing property's own record has the
  /// key; a dictionary entry that fails names itself.
  @Test(arguments: TestDecoder.allCases)
  func recordsInPlainArraysAndDictionaryEntriesAreNamed(decoder: TestDecoder) throws {
    struct Item: Decodable {
      var id: String
      @Resilient var stock: Int?
    }
    struct Shop: Decodable {
      var items: [Item]
      @Resilient var byCode: [String: Item]
    }
    let json = """
      {"items": [{"id": "i-1", "stock": 1}, {"id": "i-2", "stock": "many"}],
       "byCode": {"a": {"id": "c-1", "stock": 2}, "b": {"id": "c-2"}, "c": {"stock": 3},
       "d": {"id": 5}}}
      """
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
    let shop = try #require(try decoder.decode(Shop.self, json: json, reportingTo: reporter))
    #expect(shop.byCode.keys.sorted() == ["a", "b"])
    let digest = try #require(reporter.flushReportedErrors())
    #expect(
      digest.entries.map(Named.init) == [
        Named("items[1].stock", "i-2", "items[1]"),
        Named("byCode.c", nil, nil),
        Named("byCode.d", "5", "byCode.d"),
      ])
  }

  /// Identifying keys are tried in the order given, whatever keys the record's type declares,
  /// wherever the library reads the record whole: an element of a `@Resilient` array (whose
  /// type declares `id` but not `uuid`) is named by its `uuid` first.
  @Test(arguments: TestDecoder.allCases)
  func identifyingKeysAreTriedInTheOrderGiven(decoder: TestDecoder) throws {
    struct Listing: Decodable {
      let id: String
      let title: String
      @Resilient var price: Double?
    }
    struct Listings: Decodable {
      @Resilient var listings: [Listing]
    }
    let json = """
      {"listings": [{"uuid": "a-1", "id": "7", "title": "a", "price": true},
                    {"id": "b-2", "title": "b", "price": []}]}
      """
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["uuid", "id"])
    let listings = try #require(
      try decoder.decode(Listings.self, json: json, reportingTo: reporter))
    #expect(listings.listings.map(\.id) == ["7", "b-2"])
    let digest = try #require(reporter.flushReportedErrors())
    #expect(
      digest.entries.map(Named.init) == [
        Named("listings[0].price", "a-1", "listings[0]"),
        Named("listings[1].price", "b-2", "listings[1]"),
      ])
  }

  /// The entry values of a `@Resilient` dictionary are read whole too; a record that no
  /// collection holds is read through the keys its type declares, so a lower key names it only
  /// when no higher one could have been read there.
  @Test(arguments: TestDecoder.allCases)
  func entriesAreReadWholeAndOtherRecordsThroughTheirDeclaredKeys(decoder: TestDecoder) throws {
    struct Room: Decodable {
      let id: String
      @Resilient var size: Int?
    }
    struct Listing: Decodable {
      let id: String
      @Resilient var price: Double?
      @Resilient var host: Room?
      @Resilient var rooms: [String: Room]
    }
    let json = """
      {"uuid": "root-u", "id": "root", "price": "x",
       "host": {"uuid": "h-u", "id": "h", "size": "x"},
       "rooms": {"a": {"uuid": "a-u", "id": "a", "size": "x"}, "b": {"id": "b", "size": "x"}}}
      """
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["uuid", "id"])
    _ = try decoder.decode(Listing.self, json: json, reportingTo: reporter)
    let digest = try #require(reporter.flushReportedErrors())
    #expect(
      digest.entries.map(Named.init) == [
        // The root and `host` are read through the keys `Listing` and `Room` declare.
        Named("price", "root", ""),
        Named("host.size", "h", "host"),
        // Entry values are read whole.
        Named("rooms.a.size", "a-u", "rooms.a"),
        Named("rooms.b.size", "b", "rooms.b"),
      ])
  }

  /// A dictionary of records whose value is not a dictionary is reported in its record and
  /// leaves nothing behind: what fails after it is named as if it had not been there.
  @Test(arguments: TestDecoder.allCases)
  func aDictionaryThatIsNotOneLeavesNoRecordBehind(decoder: TestDecoder) throws {
    struct Room: Decodable {
      @Resilient var size: Int?
    }
    struct Listing: Decodable {
      let id: String
      @Resilient var rooms: [String: Room]
    }
    struct Feed: Decodable {
      let feedID: String
      @Resilient var listings: [Listing]
      @Resilient var extras: [Room]
    }
    let json = """
      {"feedID": "f1", "listings": [{"id": "L1", "rooms": 5}], "extras": [{"size": "x"}]}
      """
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id", "feedID"])
    let feed = try #require(try decoder.decode(Feed.self, json: json, reportingTo: reporter))
    #expect(feed.listings.map(\.id) == ["L1"])
    #expect(feed.listings.first?.rooms.isEmpty == true)
    #expect(feed.extras.map(\.size) == [nil])
    let digest = try #require(reporter.flushReportedErrors())
    #expect(
      digest.entries.map(Named.init) == [
        Named("listings[0].rooms", "L1", "listings[0]"),
        Named("extras[0].size", "f1", ""),
      ])
  }

  /// The innermost record names an entry, not one further out: a room inside the first
  /// listing, not the feed; a host with an identifier of its own, not its listing.
  @Test(arguments: TestDecoder.allCases)
  func theInnermostRecordNamesAnEntry(decoder: TestDecoder) throws {
    struct Room: Decodable {
      @Resilient var size: Int?
    }
    struct Host: Decodable {
      let id: String?
      @Resilient var name: String?
    }
    struct Listing: Decodable {
      let id: Int?
      @Resilient var rooms: [Room]
      @Resilient var price: Double?
      @Resilient var host: Host?
      @Resilient var co: Host?
    }
    struct Feed: Decodable {
      let feedID: String?
      @Resilient var listings: [Listing]
    }
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id", "feedID"])
    _ = try decoder.decode(
      Feed.self,
      json: """
        {"feedID": "f1", "listings": [{"id": 1, "rooms": [{"size": "x"}]}, {"price": "bad"}]}
        """, reportingTo: reporter)
    #expect(
      try #require(reporter.flushReportedErrors()).entries.map(Named.init) == [
        Named("listings[0].rooms[0].size", "1", "listings[0]"),
        Named("listings[1].price", "f1", ""),
      ])
    _ = try decoder.decode(
      Feed.self,
      json: """
        {"listings": [{"id": 1, "host": {"id": "h1", "name": 3}, "co": {"name": 4}}]}
        """, reportingTo: reporter)
    #expect(
      try #require(reporter.flushReportedErrors()).entries.map(Named.init) == [
        Named("listings[0].host.name", "h1", "listings[0].host"),
        Named("listings[0].co.name", "1", "listings[0]"),
      ])
  }

  /// Identifiers are spelled as the data writes them: a negative integer is `-5`, not `-5.0`.
  @Test(arguments: TestDecoder.allCases)
  func numbersIdentifyAsTheDataWritesThem(decoder: TestDecoder) throws {
    struct Item: Decodable {
      @Resilient var stock: Int?
    }
    struct Items: Decodable {
      @Resilient var items: [Item]
    }
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
    _ = try decoder.decode(
      Items.self,
      json:
        #"{"items": [{"id": -5, "stock": "x"}, {"id": 7, "stock": "x"}, {"id": 2.5, "stock": "x"}]}"#,
      reportingTo: reporter)
    #expect(
      try #require(reporter.flushReportedErrors()).entries.map(\.recordID) == ["-5", "7", "2.5"])
  }

  /// A decoder that decodes a value under a key with a decoder of its own, whose paths start
  /// afresh (as GRDB does with JSON columns): a record inside is named at its full path.
  @Test func recordsInsideValuesWhosePathsRestartAreNamedAtTheirFullPath() throws {
    struct Item: Decodable {
      let id: String
      @Resilient var stock: Int?
    }
    struct Shop: Decodable {
      @Resilient var byCode: [String: Item]
    }
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
    let decoder = TreeDecoder(
      try Tree(json: #"{"byCode": {"a": {"id": "c-1", "stock": "x"}}}"#),
      userInfo: [.resilientDecodingErrorReporter: reporter],
      quirks: [.restartsPathsOfValuesForKeys, .refusesNestedContainersForKeys])
    let shop = try Shop(from: decoder)
    #expect(shop.byCode["a"]?.id == "c-1")
    #expect(
      try #require(reporter.flushReportedErrors()).entries.map(Named.init) == [
        Named("byCode.a.stock", "c-1", "byCode.a")
      ])
  }

  /// With a decoder whose single-value containers lose the reporter (as TOMLKit's do), each
  /// element that names its record decodes through its own `init(from:)`, which keeps it:
  /// every failure is reported and named by the innermost record that has an identifier.
  @Test func elementsNameTheirRecordsThroughDecodersThatLoseTheReporter() throws {
    struct Host: Decodable {
      @Resilient var name: String?
    }
    struct Listing: Decodable {
      let id: Int
      @Resilient var host: Host?
      @Resilient var price: Double?
    }
    struct Feed: Decodable {
      @Resilient var listings: [Listing]
    }
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
    let decoder = TreeDecoder(
      try Tree(json: #"{"listings": [{"id": 1, "host": {"name": 2}, "price": "x"}]}"#),
      userInfo: [.resilientDecodingErrorReporter: reporter],
      quirks: .singleValueContainersLoseUserInfo)
    _ = try Feed(from: decoder)
    #expect(
      try #require(reporter.flushReportedErrors()).entries.map(Named.init) == [
        Named("listings[0].host.name", "1", "listings[0]"),
        Named("listings[0].price", "1", "listings[0]"),
      ])
  }

  /// A missing collection has nothing to name: while a reporter that names records exists,
  /// decoding it asks for no super-decoder (which some decoders refuse or trap on), inside a
  /// second decode or not, even in a record with no other key to find the reporter through.
  @Test func aMissingCollectionAsksForNoSuperDecoder() throws {
    struct Item: Decodable {
      @Resilient var byCode: [String: Item]?
      @Resilient var items: [Item]?
    }
    struct Shop: Decodable {
      @Resilient var byCode: [String: Item]
    }
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
    for json in [#"{}"#, #"{"byCode": {"a": {}, "b": 5}}"#] {
      let calls = LockedList<String>()
      // With "b", the dictionary's trial fails, and its entries decode a second time.
      let decoder = TreeDecoder(
        try Tree(json: json), userInfo: [.resilientDecodingErrorReporter: reporter],
        quirks: .strict, superDecoderCalls: calls)
      let shop = try Shop(from: decoder)
      #expect(shop.byCode["a"].map { $0.byCode == nil && $0.items == nil } ?? true)
      #expect(calls.elements == [], "\(json)")
      _ = reporter.flushReportedErrors()
    }
  }

  /// A failed element is read whole on the way past it: it names itself without the array
  /// being decoded again.
  @Test func aFailedElementIsNamedWithoutASecondDecode() throws {
    final class Count: @unchecked Sendable {
      var value = 0
    }
    struct Counted: Decodable {
      let name: String
      init(from decoder: any Decoder) throws {
        (decoder.userInfo[CodingUserInfoKey(rawValue: "count")!] as? Count)?.value += 1
        name = try decoder.container(keyedBy: NamedKey.self).decode(
          String.self, forKey: NamedKey("name"))
      }
    }
    struct Feed: Decodable {
      let id: String
      @Resilient var listings: [Counted]
    }
    let count = Count()
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
    let decoder = JSONDecoder()
    decoder.userInfo = [
      .resilientDecodingErrorReporter: reporter, CodingUserInfoKey(rawValue: "count")!: count,
    ]
    let json = #"{"id": "f1", "listings": [{"id": 1, "name": "a"}, {"id": 2, "name": 3}]}"#
    _ = try decoder.decode(Feed.self, from: Data(json.utf8))
    #expect(try #require(reporter.flushReportedErrors()).entries.map(\.recordID) == ["2"])
    #expect(count.value == 2)
  }

  /// An element that a decoder moved past cannot be read there: the array decodes again to
  /// name it, even when the record holding the array has an identifier of its own.
  @Test func anElementTheDecoderMovedPastIsNamedByItself() throws {
    struct Item: Decodable {
      let name: String
    }
    struct Shop: Decodable {
      let id: String
      @Resilient var items: [Item]
    }
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
    let decoder = TreeDecoder(
      try Tree(json: #"{"id": "s1", "items": [{"id": "i-1", "name": "a"}, {"id": "i-2"}]}"#),
      userInfo: [.resilientDecodingErrorReporter: reporter], quirks: .movesPastFailedElements)
    _ = try Shop(from: decoder)
    #expect(
      try #require(reporter.flushReportedErrors()).entries.map(Named.init) == [
        Named("items[1]", "i-2", "items[1]")
      ])
  }

  /// Clean data with a reporter that names records decodes every record once.
  @Test func cleanRecordsAreDecodedOnce() throws {
    final class Count: @unchecked Sendable {
      var value = 0
    }
    struct Counted: Decodable {
      @Resilient var price: Double?
      init(from decoder: any Decoder) throws {
        (decoder.userInfo[CodingUserInfoKey(rawValue: "count")!] as? Count)?.value += 1
        _price = try decoder.container(keyedBy: NamedKey.self).decode(
          Resilient<Double?>.self, forKey: NamedKey("price"))
      }
    }
    struct Feed: Decodable {
      @Resilient var listings: [Counted]
    }
    let count = Count()
    let decoder = JSONDecoder()
    decoder.userInfo = [
      .resilientDecodingErrorReporter: ResilientDecodingErrorReporter(identifyingKeys: ["id"]),
      CodingUserInfoKey(rawValue: "count")!: count,
    ]
    let json = #"{"listings": [{"id": 1, "price": 1}, {"id": 2}, {"id": 3, "price": 2.5}]}"#
    _ = try decoder.decode(Feed.self, from: Data(json.utf8))
    #expect(count.value == 3)
  }

  /// The printed digest names records beside their node.
  @Test func thePrintedTreeNamesRecords() throws {
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id", "feedID"])
    _ = try TestDecoder.json.decode(Feed.self, json: Self.feed, reportingTo: reporter)
    let description = try #require(reporter.flushReportedErrors()).description
    #expect(
      description == """
        listings
          Index 1 (id 1002)
            host
              name
                - Could not decode as `String`
            photos
              Index 1
                - Could not decode as `Int`
            price
              - Could not decode as `Double`
          Index 2 (id a-3)
            - Could not decode as `Int`
          Index 3
            - Key "id" not found (in the record with id f1)
          Index 4 (id 1005)
            price
              - Could not decode as `Double`
        """)
  }
}
