import Foundation
import ResilientDecoding
import Testing

/// A digest counts every error reported in groups, one per pattern of path and kind, and a
/// reporter stores a bounded number of errors in full, counting the rest (DocC, "Reporting in
/// Production").
@Suite struct GroupsAndBoundsTests {
  struct Item: Decodable {
    @Resilient var price: Double?
    @Resilient var size: Size?
  }

  enum Size: String, ResilientRawRepresentable {
    case small, large
  }

  struct Catalog: Decodable {
    @Resilient var items: [Item]
    @Resilient var counts: [String: Int]
    @Resilient var tags: [String: Int]
  }

  /// Four bad prices, a bad element, a novel size, a numeric and a named dictionary key.
  static let catalog = """
    {"items": [{"price": "a"}, {"price": 1, "size": "huge"}, {"price": "b"}, 7,
               {"price": "c"}, {"price": "d"}],
     "counts": {"9": "x", "10": 1}, "tags": {"new": "y"}}
    """

  @Test(arguments: TestDecoder.allCases)
  func groupsCountEveryErrorByPatternAndKindInTheOrderOfTheirFirstReport(
    decoder: TestDecoder
  ) throws {
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
    _ = try decoder.decode(Catalog.self, json: Self.catalog, reportingTo: reporter)
    let digest = try #require(reporter.flushReportedErrors())
    #expect(
      digest.groups == [
        .init(
          pattern: "items[*].price", kind: .typeMismatch, count: 4, firstPath: "items[0].price",
          firstRecordID: nil),
        .init(
          pattern: "items[*].size", kind: .novelValue, count: 1, firstPath: "items[1].size",
          firstRecordID: nil),
        .init(
          pattern: "items[*]", kind: .typeMismatch, count: 1, firstPath: "items[3]",
          firstRecordID: nil),
        .init(
          pattern: "counts.*", kind: .typeMismatch, count: 1, firstPath: "counts.9",
          firstRecordID: nil),
        .init(
          pattern: "tags.new", kind: .typeMismatch, count: 1, firstPath: "tags.new",
          firstRecordID: nil),
      ])
    #expect(digest.omittedErrorCount == 0)
    // With nothing omitted, every group counts the entries of its pattern and kind.
    let stored = digest.entries(includeUnknownNovelValueErrors: true)
    #expect(digest.groups.map(\.count).reduce(0, +) == stored.count)
  }

  @Test func kindsNameEveryDecodingErrorNovelValuesAndOthers() throws {
    struct Custom: Decodable {
      init(from decoder: any Decoder) throws {
        struct Refused: Error {}
        throw Refused()
      }
    }
    struct Kinds: Decodable {
      @Resilient var mismatch: Int?
      @Resilient var missing: [String: Int]?
      @Resilient var novel: GroupsAndBoundsTests.Size?
      @Resilient var custom: Custom?
      @Resilient var nested: [Inner]
    }
    struct Inner: Decodable {
      var required: Int
    }
    let json = """
      {"mismatch": "a", "novel": "huge", "custom": 1, "nested": [{}, {"required": null}]}
      """
    let reporter = ResilientDecodingErrorReporter()
    _ = try TestDecoder.json.decode(Kinds.self, json: json, reportingTo: reporter)
    let digest = try #require(reporter.flushReportedErrors())
    #expect(
      digest.groups.map { "\($0.pattern) \($0.kind.rawValue)" } == [
        "mismatch typeMismatch", "novel novelValue", "custom other", "nested[*] keyNotFound",
        "nested[*] valueNotFound",
      ])
  }

  @Test func groupsEncodeAsJSONForAnalytics() throws {
    let group = ErrorDigest.Group(
      pattern: "listings[*].price", kind: .typeMismatch, count: 3, firstPath: "listings[0].price",
      firstRecordID: "1001")
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try encoder.encode(group), as: UTF8.self)
        == #"{"count":3,"firstPath":"listings[0].price","firstRecordID":"1001","#
        + #""kind":"typeMismatch","pattern":"listings[*].price"}"#)
  }

  // MARK: Bounds

  @Test(arguments: TestDecoder.allCases)
  func aReporterStoresTheFirstErrorsAndCountsTheRest(decoder: TestDecoder) throws {
    let reporter = ResilientDecodingErrorReporter(maximumStoredErrors: 3)
    _ = try decoder.decode(Catalog.self, json: Self.catalog, reportingTo: reporter)
    let digest = try #require(reporter.flushReportedErrors())
    #expect(
      digest.entries(includeUnknownNovelValueErrors: true).map(\.path) == [
        "items[0].price", "items[1].size", "items[2].price",
      ])
    #expect(digest.errors.count == 2)
    #expect(digest.omittedErrorCount == 5)
    #expect(digest.groups.map(\.count) == [4, 1, 1, 1, 1])
    #expect(
      digest.description.hasSuffix(
        "… and 5 more errors, counted in the groups but not stored: the reporter stores at most 3"
      ))
  }

  @Test func aFlushStartsOverCountsIncluded() throws {
    let reporter = ResilientDecodingErrorReporter(maximumStoredErrors: 1)
    for expected in 0..<2 {
      _ = try TestDecoder.json.decode(Catalog.self, json: Self.catalog, reportingTo: reporter)
      let digest = try #require(reporter.flushReportedErrors(), "flush \(expected)")
      #expect(digest.entries(includeUnknownNovelValueErrors: true).count == 1)
      #expect(digest.omittedErrorCount == 7)
      #expect(digest.groups.map(\.count) == [4, 1, 1, 1, 1])
    }
    #expect(reporter.flushReportedErrors() == nil)
  }

  @Test func zeroStoresNothingButCountsEverything() throws {
    let reporter = ResilientDecodingErrorReporter(maximumStoredErrors: 0)
    _ = try TestDecoder.json.decode(Catalog.self, json: Self.catalog, reportingTo: reporter)
    let digest = try #require(reporter.flushReportedErrors())
    #expect(digest.entries(includeUnknownNovelValueErrors: true).isEmpty)
    #expect(digest.omittedErrorCount == 8)
  }

  /// A negative maximum is a programmer error: an assertion in DEBUG that says what to pass
  /// instead; the reporter then stores nothing, as with 0.
  @Test func aNegativeMaximumAssertsAndStoresNothing() throws {
    let (reporter, messages) = recordingAssertions {
      ResilientDecodingErrorReporter(maximumStoredErrors: -1)
    }
    assertSingleAssertion(messages, mentioning: ["maximumStoredErrors is -1", "pass 0"])
    #expect(reporter.maximumStoredErrors == 0)
    _ = try TestDecoder.json.decode(Catalog.self, json: Self.catalog, reportingTo: reporter)
    let digest = try #require(reporter.flushReportedErrors())
    #expect(digest.entries(includeUnknownNovelValueErrors: true).isEmpty)
    #expect(digest.omittedErrorCount == 8)
  }

  @Test func theDefaultMaximumIsTenThousand() {
    #expect(ResilientDecodingErrorReporter.defaultMaximumStoredErrors == 10_000)
    #expect(ResilientDecodingErrorReporter().maximumStoredErrors == 10_000)
    #expect(ResilientDecodingErrorReporter().identifyingKeys.isEmpty)
    #expect(ResilientDecodingErrorReporter(identifyingKeys: ["id"]).maximumStoredErrors == 10_000)
  }

  /// Code written for the original counts `digest.errors`: with the default reporter, every
  /// example below gives the count the original gives.
  @Test func theDefaultReporterKeepsWhatTheOriginalKeepsOnLargePayloads() throws {
    struct Values: Decodable {
      @Resilient var values: [Int]
    }
    let values = (0..<20_000).map { $0 % 10 == 9 ? #""3""# : "\($0)" }
    let (decoded, digest) = try decode(
      Values.self, json: #"{"values": [\#(values.joined(separator: ","))]}"#)
    #expect(decoded.values.count == 18_000)
    #expect(digest?.errors.count == 2_000)

    struct Optionals: Decodable {
      @Resilient var value: Int?
    }
    let optionals = Array(repeating: #"{"value": "x"}"#, count: 1_010)
    let (_, optionalsDigest) = try decode(
      [Optionals].self, json: "[\(optionals.joined(separator: ","))]")
    #expect(optionalsDigest?.errors.count == 1_010)
  }

  /// One reporter shared by 2,000 concurrent decodes keeps all 6,000 of their errors.
  @Test func aSharedDefaultReporterKeepsTheErrorsOfThousandsOfDecodes() throws {
    struct Shared: Decodable {
      @Resilient var values: [Int]
      @Resilient var label: String?
    }
    let decoder = JSONDecoder()
    let reporter = decoder.enableResilientDecodingErrorReporting()
    let data = Data(#"{"values": [1, "x", 3, "y"], "label": 5}"#.utf8)
    let failures = LockedList<String>()
    DispatchQueue.concurrentPerform(iterations: 2_000) { _ in
      do {
        let shared = try decoder.decode(Shared.self, from: data)
        if shared.values != [1, 3] || shared.label != nil { failures.append("\(shared.values)") }
      } catch {
        failures.append("\(error)")
      }
    }
    #expect(failures.elements.isEmpty)
    let digest = try #require(reporter.flushReportedErrors())
    #expect(digest.errors.count == 6_000)
    #expect(digest.omittedErrorCount == 0)
  }

  /// Past `ErrorDigest.maximumGroupCount` patterns, errors are counted in one group of other
  /// patterns per kind: 5,000 bad entries under distinct keys keep 1,001 groups, not 5,000,
  /// and the printed digest lists the largest of them, a screenful.
  @Test func groupsAreBoundedAndTheLargestArePrintedFirst() throws {
    struct Counts: Decodable {
      @Resilient var m: [String: Int]
      @Resilient var ids: [Int]
    }
    let entries = (0..<5_000).map { #""k\#($0)": "x""# }.joined(separator: ",")
    let json = #"{"m": {\#(entries)}, "ids": [1, "a", "b", 2, "c"]}"#
    let (counts, digest) = try decode(Counts.self, json: json)
    #expect(counts.m.isEmpty && counts.ids == [1, 2])
    let groups = try #require(digest).groups
    #expect(ErrorDigest.maximumGroupCount == 1_000)
    #expect(groups.count == ErrorDigest.maximumGroupCount + 1)
    #expect(groups.map(\.count).reduce(0, +) == 5_003)
    // Key order: the first thousand keys as their Unicode scalars sort have groups of their own.
    #expect(
      groups.first
        == .init(
          pattern: "m.k0", kind: .typeMismatch, count: 1, firstPath: "m.k0", firstRecordID: nil))
    let other = try #require(groups.first { $0.pattern == "(other patterns)" })
    #expect(other.kind == .typeMismatch)
    #expect(other.count == 4_003, "the array's pattern came after the limit")
    let lines = try #require(digest).description.split(separator: "\n")
    #expect(lines[0] == "5003 errors in 1001 groups:")
    #expect(lines[1].hasPrefix("  (other patterns): typeMismatch ×4003, first at m.k"))
    #expect(lines[2] == "  m.k0: typeMismatch ×1, first at m.k0")
    #expect(lines[21] == "  … and 981 more groups (see `groups`)")
    #expect(lines[22] == "The first 50 errors:")
  }

  /// Groups of other patterns come one per kind of error.
  @Test func otherPatternsAreCountedByKind() throws {
    struct Counts: Decodable {
      @Resilient var m: [String: Int]
      @Resilient var kinds: [String: Kind]
    }
    enum Kind: String, ResilientRawRepresentable { case a }
    let entries = (0..<1_000).map { #""k\#($0)": "x""# }.joined(separator: ",")
    let json = #"{"m": {\#(entries), "z": null}, "kinds": {"n": "b"}}"#
    let reporter = ResilientDecodingErrorReporter()
    _ = try TestDecoder.json.decode(Counts.self, json: json, reportingTo: reporter)
    let groups = try #require(reporter.flushReportedErrors()).groups
    #expect(
      groups.suffix(2) == [
        .init(
          pattern: "(other patterns)", kind: .valueNotFound, count: 1, firstPath: "m.z",
          firstRecordID: nil),
        .init(
          pattern: "(other patterns)", kind: .novelValue, count: 1, firstPath: "kinds.n",
          firstRecordID: nil),
      ])
  }

  /// A dictionary at the root has keys that spell integers at the root of its patterns: `*`.
  @Test func aNumericKeyAtTheRootIsAWildcardWithoutADot() throws {
    let (_, digest) = try decode(Resilient<[String: Int]>.self, json: #"{"9": "x", "b": "y"}"#)
    #expect(try #require(digest).groups.map(\.pattern) == ["*", "b"])
  }

  /// Every group names the record of its first error, stored in full or only counted.
  @Test func everyGroupNamesTheRecordOfItsFirstError() throws {
    struct Priced: Decodable {
      let id: Int
      @Resilient var price: Double?
    }
    for maximum in [10, 0] {
      let reporter = ResilientDecodingErrorReporter(
        identifyingKeys: ["id"], maximumStoredErrors: maximum)
      _ = try TestDecoder.json.decode(
        Priced.self, json: #"{"id": 7, "price": "x"}"#, reportingTo: reporter)
      let groups = try #require(reporter.flushReportedErrors()).groups
      #expect(groups.map(\.firstRecordID) == ["7"], "maximum \(maximum)")
    }
  }

  /// Past the maximum, the elements of an array that name their records are counted, and each
  /// group still names the record of its first error, its kind's or its pattern's: a failure
  /// counted in the group counted last reads no record, one that begins a group does. With a
  /// good element first (reports go to the reporter) or none (the array holds them).
  @Test(arguments: TestDecoder.allCases, [true, false])
  func pastTheMaximumEachGroupOfElementsNamesItsFirstRecord(
    decoder: TestDecoder, goodFirst: Bool
  ) throws {
    struct Item: Decodable {
      var required: Int

      enum CodingKeys: CodingKey { case required }

      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        required = try container.decode(Int.self, forKey: .required)
        guard required >= 0 else {
          throw DecodingError.dataCorruptedError(
            forKey: .required, in: container, debugDescription: "negative")
        }
      }
    }
    struct Items: Decodable {
      @Resilient var items: [Item]
    }
    let failing = [
      #"{"id": "a"}"#, #"{"id": "b", "required": "x"}"#, #"{"id": "c", "required": "x"}"#,
      #"{"id": "d", "required": -1}"#, #"{"id": "e", "required": -2}"#,
      #"{"id": "f", "required": "y"}"#, #"{"id": "g"}"#,
    ]
    let elements = (goodFirst ? [#"{"id": "ok", "required": 1}"#] : []) + failing
    let reporter = ResilientDecodingErrorReporter(
      identifyingKeys: ["id"], maximumStoredErrors: 1)
    let items = try #require(
      try decoder.decode(
        Items.self, json: #"{"items": [\#(elements.joined(separator: ", "))]}"#,
        reportingTo: reporter))
    #expect(items.items.map(\.required) == (goodFirst ? [1] : []))
    let digest = try #require(reporter.flushReportedErrors())
    #expect(digest.entries.map(\.recordID) == ["a"])
    #expect(
      digest.groups.map { "\($0.kind.rawValue) \($0.count) \($0.firstRecordID ?? "nil")" } == [
        "keyNotFound 2 a", "typeMismatch 3 b", "dataCorrupted 2 d",
      ])
  }

  /// Past the maximum, the groups of a collection whose decoder started its values' paths
  /// afresh (as GRDB does with JSON columns) have the full paths' patterns, as the entries
  /// kept in full have: whether the reporter keeps some, one or none in full.
  @Test(arguments: [0, 1, 10])
  func groupsOfPathsBegunAfreshHaveTheFullPattern(maximum: Int) throws {
    struct Item: Decodable {
      @Resilient var stock: Int?
    }
    struct Shop: Decodable {
      @Resilient var counts: [Int]
      @Resilient var byCode: [String: Item]
    }
    let reporter = ResilientDecodingErrorReporter(maximumStoredErrors: maximum)
    let decoder = TreeDecoder(
      try Tree(
        json: #"""
          {"counts": ["x", "y", 3, "z"],
           "byCode": {"a": {"stock": "x"}, "b": {"stock": "y"}, "c": {"stock": 1}}}
          """#),
      userInfo: [.resilientDecodingErrorReporter: reporter],
      quirks: [.restartsPathsOfValuesForKeys, .refusesNestedContainersForKeys])
    let shop = try Shop(from: decoder)
    #expect(shop.counts == [3])
    #expect(shop.byCode.mapValues(\.stock) == ["a": nil, "b": nil, "c": 1])
    let digest = try #require(reporter.flushReportedErrors())
    #expect(
      digest.groups.map { "\($0.pattern) \($0.count) \($0.firstPath)" } == [
        "counts[*] 3 counts[0]", "byCode.a.stock 1 byCode.a.stock",
        "byCode.b.stock 1 byCode.b.stock",
      ])
  }

  /// The summary of a large digest: a group at the root prints as `(root)`, a group's first
  /// record as `(id 7)`, and one error more than the tree or the reporter holds is said.
  @Test func theSummaryOfALargeDigestNamesTheRootRecordsAndWhatItLeavesOut() throws {
    struct Priced: Decodable {
      let id: Int
      @Resilient var price: Double?
    }
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
    for _ in 0..<51 {
      _ = try TestDecoder.json.decode(
        Priced.self, json: #"{"id": 7, "price": "x"}"#, reportingTo: reporter)
    }
    let records = try #require(reporter.flushReportedErrors()).description
    #expect(
      records.hasPrefix(
        "51 errors in 1 groups:\n  price: typeMismatch ×51, first at price (id 7)\n"))
    #expect(records.hasSuffix("\n… and 1 more stored errors (see `entries`)"))

    let bounded = ResilientDecodingErrorReporter(maximumStoredErrors: 50)
    for _ in 0..<51 {
      _ = try TestDecoder.json.decode(Resilient<Int?>.self, json: #""x""#, reportingTo: bounded)
    }
    let root = try #require(bounded.flushReportedErrors()).description
    #expect(root.hasPrefix("51 errors in 1 groups:\n  (root): typeMismatch ×51, first at (root)\n"))
    #expect(
      root.hasSuffix(
        "\n… and 1 more errors, counted in the groups but not stored: the reporter stores at "
          + "most 50"))
  }

  /// A reporter that stores fewer than 50 errors says how many the printed tree holds.
  @Test func aLargeDigestSaysHowManyErrorsItPrints() throws {
    struct Values: Decodable {
      @Resilient var values: [Int]
    }
    let json = #"{"values": [\#((0..<100).map { _ in #""x""# }.joined(separator: ", "))]}"#
    let reporter = ResilientDecodingErrorReporter(maximumStoredErrors: 10)
    _ = try TestDecoder.json.decode(Values.self, json: json, reportingTo: reporter)
    let lines = try #require(reporter.flushReportedErrors()).description.split(separator: "\n")
    #expect(lines[2] == "The first 10 errors:")
    #expect(lines.filter { $0.hasPrefix("  Index ") }.count == 10)
    let omitted = "… and 90 more errors, counted in the groups but not stored: the reporter "
    #expect(lines.last.map(String.init) == omitted + "stores at most 10")
    let none = ResilientDecodingErrorReporter(maximumStoredErrors: 0)
    _ = try TestDecoder.json.decode(Values.self, json: json, reportingTo: none)
    let noLines = try #require(none.flushReportedErrors()).description.split(separator: "\n")
    #expect(noLines.count == 3, "the groups and the count, no tree: \(noLines)")
  }

  /// Over 50 errors, the printed digest starts with one line per group and prints the first 50
  /// entries as a tree.
  @Test func aLargeDigestPrintsASummaryOfGroups() throws {
    struct Values: Decodable {
      @Resilient var values: [Int]
    }
    let json = #"{"values": [\#((0..<60).map { _ in #""x""# }.joined(separator: ", ")), 1]}"#
    let reporter = ResilientDecodingErrorReporter(maximumStoredErrors: 55)
    let values = try #require(
      try TestDecoder.json.decode(Values.self, json: json, reportingTo: reporter))
    #expect(values.values == [1])
    let lines = try #require(reporter.flushReportedErrors()).description.split(separator: "\n")
    #expect(
      Array(lines.prefix(3)) == [
        "60 errors in 1 groups:",
        "  values[*]: typeMismatch ×60, first at values[0]",
        "The first 50 errors:",
      ])
    #expect(lines.contains("  Index 49"))
    #expect(!lines.contains("  Index 50"))
    #expect(
      Array(lines.suffix(2)) == [
        "… and 5 more stored errors (see `entries`)",
        "… and 5 more errors, counted in the groups but not stored: the reporter stores at most 55",
      ])
  }

  /// The summary lists at most 20 groups, and says how many more there are only if there are
  /// more.
  @Test(arguments: [19, 20, 21])
  func theSummarySaysHowManyMoreGroupsOnlyIfThereAreMore(groupCount: Int) throws {
    // 60 errors: each group a key of its own, three errors each (the last ones more).
    let keys = (0..<groupCount).map { "k\($0)" }
    let perKey = (60 + groupCount - 1) / groupCount
    let entries = keys.map { key in
      #""\#(key)": [\#(Array(repeating: #""x""#, count: perKey).joined(separator: ", "))]"#
    }
    struct Lists: Decodable {
      @Resilient var lists: [String: [Resilient<Int?>]]
    }
    let json = #"{"lists": {\#(entries.joined(separator: ", "))}}"#
    let digest = try #require(try decode(Lists.self, json: json).digest)
    let lines = digest.description.split(separator: "\n").map(String.init)
    let more = lines.filter { $0.hasPrefix("  … and ") }
    if groupCount > 20 {
      #expect(more == ["  … and \(groupCount - 20) more groups (see `groups`)"])
    } else {
      #expect(more.isEmpty, "\(more)")
    }
  }

  /// Groups follow document order, never the order a decoder hands a dictionary's entries
  /// over in: with nothing stored in full, every group's first error is the first in key order,
  /// on every decode and whatever order the entries are written in.
  @Test(arguments: TestDecoder.allCases)
  func groupsFollowDocumentOrderWhateverOrderEntriesComeIn(decoder: TestDecoder) throws {
    struct Inner: Decodable {
      @Resilient var xs: [Int]
    }
    struct Outer: Decodable {
      @Resilient var m: [String: Inner]
    }
    let keys = ["1", "2", "3", "4", "5", "6"]
    var seen: Set<String> = []
    for order in [keys, keys.reversed(), ["4", "1", "6", "3", "5", "2"]] {
      let entries = order.map { #""\#($0)": {"xs": ["x"]}"# }
      for _ in 0..<3 {
        let reporter = ResilientDecodingErrorReporter(maximumStoredErrors: 0)
        _ = try decoder.decode(
          Outer.self, json: #"{"m": {\#(entries.joined(separator: ", "))}}"#,
          reportingTo: reporter)
        let groups = try #require(reporter.flushReportedErrors()).groups
        seen.insert(groups.map { "\($0.pattern) \($0.firstPath) ×\($0.count)" }.joined())
      }
    }
    #expect(seen == ["m.*.xs[*] m.1.xs[0] ×6"])
  }

  /// With nothing stored in full and records named, a group's first error, and its record, are
  /// the first in key order whatever set of keys the dictionary has, and so whatever order its
  /// decoder hands the entries over in (which follows their hashes): the entries fail whole, or
  /// inside, or in an array inside.
  @Test(arguments: TestDecoder.allCases)
  func aGroupsFirstRecordIsTheFirstInKeyOrderForAnyKeys(decoder: TestDecoder) throws {
    struct Whole: Decodable {
      let id: String
      let count: Int
    }
    struct Inside: Decodable {
      let id: String
      @Resilient var count: Int?
    }
    struct InArray: Decodable {
      let id: String
      @Resilient var counts: [Int]
    }
    struct Shops: Decodable {
      @Resilient var whole: [String: Whole]
      @Resilient var inside: [String: Inside]
      @Resilient var inArray: [Int: InArray]
    }
    var random = SeededRandom(seed: 0x6F_1257)
    for _ in 0..<30 {
      let keys = Set((0..<6).map { _ in String(random.int(in: 1...999)) })
      let first = try #require(
        keys.min { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) })
      func entries(_ value: (String) -> String) -> String {
        "{" + keys.map { #""\#($0)": \#(value($0))"# }.joined(separator: ", ") + "}"
      }
      let json = """
        {"whole": \(entries { #"{"id": "w\#($0)", "count": "x"}"# }),
         "inside": \(entries { #"{"id": "i\#($0)", "count": "x"}"# }),
         "inArray": \(entries { #"{"id": "a\#($0)", "counts": [1, "x"]}"# })}
        """
      let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"], maximumStoredErrors: 0)
      _ = try decoder.decode(Shops.self, json: json, reportingTo: reporter)
      let groups = try #require(reporter.flushReportedErrors()).groups
      #expect(
        groups.map { "\($0.firstPath) \($0.firstRecordID ?? "nil") ×\($0.count)" } == [
          "whole.\(first) w\(first) ×\(keys.count)",
          "inside.\(first).count i\(first) ×\(keys.count)",
          "inArray.\(first).counts[1] a\(first) ×\(keys.count)",
        ], "\(keys.sorted())")
    }
  }

  /// With a bounded reporter, a dictionary keeps in full the first errors in key order, and
  /// counts the others, whatever order its decoder hands the entries over in; every group,
  /// stored in full or only counted, names the record of its first error.
  @Test(arguments: TestDecoder.allCases)
  func aBoundedDictionaryKeepsTheFirstErrorsInKeyOrderAndNamesEveryGroup(
    decoder: TestDecoder
  ) throws {
    struct Item: Decodable {
      @Resilient var price: Double?
    }
    struct Shop: Decodable {
      let id: String
      @Resilient var byCode: [String: Item]
    }
    let keys = ["e", "c", "a", "d", "b"]
    let entries = keys.map { #""\#($0)": {"price": "x"}"# }
    let json = #"{"id": "s1", "byCode": {\#(entries.joined(separator: ", "))}}"#
    for maximum in [0, 2] {
      let reporter = ResilientDecodingErrorReporter(
        identifyingKeys: ["id"], maximumStoredErrors: maximum)
      _ = try decoder.decode(Shop.self, json: json, reportingTo: reporter)
      let digest = try #require(reporter.flushReportedErrors())
      #expect(
        digest.entries.map(\.path)
          == ["byCode.a.price", "byCode.b.price"].prefix(maximum).map {
            $0
          })
      #expect(digest.omittedErrorCount == 5 - maximum)
      #expect(
        digest.groups.map { "\($0.pattern) \($0.firstPath) \($0.firstRecordID ?? "nil")" } == [
          "byCode.a.price byCode.a.price s1", "byCode.b.price byCode.b.price s1",
          "byCode.c.price byCode.c.price s1", "byCode.d.price byCode.d.price s1",
          "byCode.e.price byCode.e.price s1",
        ])
    }
  }
}
