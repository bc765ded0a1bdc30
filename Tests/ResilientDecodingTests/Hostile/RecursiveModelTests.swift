import Foundation
import ResilientDecoding
import Testing

/// Recursive models, 200 levels deep, with one failure at the bottom: however the library
/// decodes a value a second time (a dictionary after its trial, an array whole, an array to
/// name its records), each model's `init(from:)` runs at most a constant number of times per
/// record of the document, whatever its depth. The tests count those runs: no test here is
/// timed (the benchmark package measures time).
@Suite struct RecursiveModelTests {
  /// Counts the `init(from:)` of the models below, through the decoder's `userInfo`, so that
  /// tests running at once count apart.
  final class Runs: @unchecked Sendable {
    // `@unchecked`: `count` is only touched holding `lock`.
    private let lock = NSLock()
    private var count = 0

    static let key = CodingUserInfoKey(rawValue: "RecursiveModelTests.runs")!

    static func count(in decoder: any Decoder) {
      guard let runs = decoder.userInfo[key] as? Runs else { return }
      runs.lock.lock()
      runs.count += 1
      runs.lock.unlock()
    }

    var value: Int {
      lock.lock()
      defer { lock.unlock() }
      return count
    }
  }

  /// A node of a tree whose children are an array; records with no identifier of their own.
  struct Node: Decodable {
    let name: String
    @Resilient var children: [Node]
    @Resilient var score: Int?

    private enum CodingKeys: String, CodingKey { case name, children, score }

    init(from decoder: any Decoder) throws {
      Runs.count(in: decoder)
      let container = try decoder.container(keyedBy: CodingKeys.self)
      name = try container.decode(String.self, forKey: .name)
      _children = try container.decode(Resilient<[Node]>.self, forKey: .children)
      _score = try container.decode(Resilient<Int?>.self, forKey: .score)
    }
  }

  /// A node of a tree whose children are a dictionary.
  struct Branch: Decodable {
    @Resilient var kids: [String: Branch]
    @Resilient var score: Int?

    private enum CodingKeys: String, CodingKey { case kids, score }

    init(from decoder: any Decoder) throws {
      Runs.count(in: decoder)
      let container = try decoder.container(keyedBy: CodingKeys.self)
      _kids = try container.decode(Resilient<[String: Branch]>.self, forKey: .kids)
      _score = try container.decode(Resilient<Int?>.self, forKey: .score)
    }
  }

  /// A link of a chain that fails at every level: `req` is missing everywhere.
  struct Link: Decodable {
    @Resilient var c: [Link]
    let req: Int

    private enum CodingKeys: String, CodingKey { case c, req }

    init(from decoder: any Decoder) throws {
      Runs.count(in: decoder)
      let container = try decoder.container(keyedBy: CodingKeys.self)
      _c = try container.decode(Resilient<[Link]>.self, forKey: .c)
      req = try container.decode(Int.self, forKey: .req)
    }
  }

  struct Chain: Decodable {
    @Resilient var links: [Link]
  }

  /// How deep the chains are: 200 levels, or 60 through the tree decoders, whose own work
  /// grows with the square of the depth.
  static func depth(_ decoder: TestDecoder) -> Int {
    decoder.quirks.isEmpty ? 200 : 60
  }

  /// Nodes nested `depth` deep, the deepest with a score that is not a number; `id` gives
  /// each node that many identifiers (`"n<level>"`), `uuid` a second one.
  static func nodes(depth: Int, ids: Bool = false, uuids: Bool = false) -> String {
    func identifiers(_ level: Int) -> String {
      (ids ? #""id": "n\#(level)", "# : "") + (uuids ? #""uuid": "u\#(level)", "# : "")
    }
    var json = #"{\#(identifiers(depth))"name": "leaf", "children": [], "score": "bad"}"#
    for level in (0..<depth).reversed() {
      json = #"{\#(identifiers(level))"name": "n\#(level)", "children": [\#(json)]}"#
    }
    return json
  }

  /// The path of the deepest node's score.
  static func deepestScore(_ depth: Int) -> String {
    String(repeating: "children[0].", count: depth) + "score"
  }

  /// Decodes with `reporter` and a count of the models' `init(from:)` in `userInfo`.
  static func decode<T: Decodable>(
    _ type: T.Type, json: String, decoder: TestDecoder,
    reporter: ResilientDecodingErrorReporter?
  ) throws -> (value: T?, runs: Int, digest: ErrorDigest?) {
    let runs = Runs()
    var userInfo: [CodingUserInfoKey: any Sendable] = [Runs.key: runs]
    if let reporter { userInfo[.resilientDecodingErrorReporter] = reporter }
    let value: T?
    switch decoder {
    case .json:
      let jsonDecoder = JSONDecoder()
      jsonDecoder.userInfo = userInfo
      value = try jsonDecoder.decode(type, from: Data(json.utf8))
    case .propertyList:
      guard let data = try Tree(json: json).binaryPropertyList() else { return (nil, 0, nil) }
      let propertyList = PropertyListDecoder()
      propertyList.userInfo = userInfo
      value = try propertyList.decode(type, from: data)
    case .strict, .advancing:
      value = try T(
        from: TreeDecoder(try Tree(json: json), userInfo: userInfo, quirks: decoder.quirks))
    }
    return (value, runs.value, reporter?.flushReportedErrors())
  }

  // MARK: Arrays of records

  /// Without identifiers anywhere, the report names no record: the outermost array decodes
  /// once more to look, and no array inside it decodes a third time.
  @Test(arguments: TestDecoder.allCases)
  func aChainOfNodesWithoutIdentifiersIsDecodedAtMostTwice(decoder: TestDecoder) throws {
    let depth = Self.depth(decoder)
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
    let (root, runs, digest) = try Self.decode(
      Node.self, json: Self.nodes(depth: depth), decoder: decoder, reporter: reporter)
    var node = try #require(root)
    for _ in 0..<depth { node = try #require(node.children.first) }
    #expect(node.name == "leaf" && node.score == nil)
    let entries = try #require(digest).entries
    #expect(entries.map(\.path) == [Self.deepestScore(depth)])
    #expect(entries.map(\.recordID) == [nil])
    #expect(runs <= 2 * (depth + 1), "\(runs) runs for \(depth + 1) nodes")
  }

  /// Identifiers that the type declares name the failure in the first decode: nothing is
  /// decoded twice.
  @Test(arguments: TestDecoder.allCases)
  func aChainOfNodesWithDeclaredIdentifiersIsDecodedOnce(decoder: TestDecoder) throws {
    let depth = Self.depth(decoder)
    struct Named: Decodable {
      let id: String
      @Resilient var children: [Named]
      @Resilient var score: Int?

      private enum CodingKeys: String, CodingKey { case id, children, score }

      init(from decoder: any Decoder) throws {
        Runs.count(in: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        _children = try container.decode(Resilient<[Named]>.self, forKey: .children)
        _score = try container.decode(Resilient<Int?>.self, forKey: .score)
      }
    }
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
    let (_, runs, digest) = try Self.decode(
      Named.self, json: Self.nodes(depth: depth, ids: true), decoder: decoder, reporter: reporter)
    let entries = try #require(digest).entries
    #expect(entries.map(\.recordID) == ["n\(depth)"])
    #expect(runs == depth + 1)
  }

  /// Identifiers the type does not declare are read from each element whole, in the order the
  /// reporter gives them, in one more decode of the outermost array only.
  @Test(arguments: TestDecoder.allCases)
  func undeclaredIdentifiersAreReadInOrderInOneMoreDecode(decoder: TestDecoder) throws {
    let depth = Self.depth(decoder)
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["uuid", "id"])
    let (_, runs, digest) = try Self.decode(
      Node.self, json: Self.nodes(depth: depth, ids: true, uuids: true), decoder: decoder,
      reporter: reporter)
    let entry = try #require(digest?.entries.first)
    #expect(entry.recordID == "u\(depth)")
    #expect(
      entry.recordPath == String(repeating: "children[0].", count: depth).dropLast().description)
    #expect(runs <= 2 * (depth + 1), "\(runs) runs for \(depth + 1) nodes")
  }

  // MARK: Dictionaries

  /// One good sibling per level and one bad score at the bottom: the outermost trial fails,
  /// and the dictionary decodes again entry by entry, with no trial inside it.
  @Test(arguments: TestDecoder.allCases)
  func aChainOfBranchesIsDecodedAtMostTwice(decoder: TestDecoder) throws {
    let depth = Self.depth(decoder)
    var json = #"{"kids": {}, "score": "bad"}"#
    for _ in 0..<depth {
      json = #"{"kids": {"a": \#(json), "b": {"kids": {}, "score": 1}}}"#
    }
    let (root, runs, digest) = try Self.decode(
      Branch.self, json: json, decoder: decoder, reporter: ResilientDecodingErrorReporter())
    var branch = try #require(root)
    for _ in 0..<depth {
      #expect(branch.kids["b"]?.score == 1)
      branch = try #require(branch.kids["a"])
    }
    #expect(branch.kids.isEmpty && branch.score == nil)
    #expect(
      reports(digest).map(\.path) == [String(repeating: "kids.a.", count: depth) + "score"])
    let branches = 2 * depth + 1
    #expect(runs <= 2 * branches, "\(runs) runs for \(branches) branches")
  }

  /// Dictionaries and arrays in turn, every record with an identifier its type does not
  /// declare: the deepest record is named, read whole, and nothing is decoded a third time.
  @Test(arguments: TestDecoder.allCases)
  func dictionariesAndArraysInTurnAreDecodedAtMostThrice(decoder: TestDecoder) throws {
    let depth = Self.depth(decoder)
    struct Level: Decodable {
      @Resilient var byName: [String: Level]
      @Resilient var list: [Level]
      @Resilient var score: Int?

      private enum CodingKeys: String, CodingKey { case byName, list, score }

      init(from decoder: any Decoder) throws {
        Runs.count(in: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        _byName = try container.decode(Resilient<[String: Level]>.self, forKey: .byName)
        _list = try container.decode(Resilient<[Level]>.self, forKey: .list)
        _score = try container.decode(Resilient<Int?>.self, forKey: .score)
      }
    }
    let levels = depth / 2
    var json = #"{"id": "bottom", "score": "bad"}"#
    for level in 0..<levels {
      json =
        level.isMultiple(of: 2)
        ? #"{"id": "l\#(level)", "byName": {"x": \#(json), "y": {}}}"#
        : #"{"id": "l\#(level)", "list": [\#(json), {}]}"#
    }
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
    let (_, runs, digest) = try Self.decode(
      Level.self, json: json, decoder: decoder, reporter: reporter)
    let entry = try #require(digest?.entries.first)
    #expect(digest?.entries.count == 1)
    #expect(entry.recordID == "bottom")
    let records = 2 * levels + 1
    #expect(runs <= 3 * records, "\(runs) runs for \(records) records")
  }

  /// A report made at the bottom of a chain of dictionaries passes through every level: no
  /// level reads its coding path for it, which decoders build in time that grows with the
  /// depth (`JSONDecoder` with its square), so that the whole decode stays linear.
  @Test func noLevelOfAChainOfDictionariesReadsItsPathForAReportFromBelow() throws {
    var json = #"{"kids": {}, "score": "bad"}"#
    for _ in 0..<60 {
      json = #"{"kids": {"a": \#(json), "b": {"kids": {}, "score": 1}}}"#
    }
    let reads = LockedList<String>()
    let reporter = ResilientDecodingErrorReporter()
    let decoder = TreeDecoder(
      try Tree(json: json),
      userInfo: [
        .resilientDecodingErrorReporter: reporter, TreeDecoder.containerPathReadsKey: reads,
      ])
    _ = try Branch(from: decoder)
    #expect(try #require(reporter.flushReportedErrors()).entries.count == 1)
    #expect(reads.elements.count <= 4, "\(reads.elements.count) reads: \(reads.elements.prefix(5))")
  }

  // MARK: Arrays decoded whole

  /// Every element of every array fails: the deepest array is decoded again whole, and the
  /// arrays around it, whose every element fails too, are not.
  @Test(arguments: TestDecoder.allCases)
  func aChainOfFailingLinksIsDecodedAtMostTwice(decoder: TestDecoder) throws {
    let depth = Self.depth(decoder)
    var json = #"{"c": []}"#
    for _ in 0..<depth { json = #"{"c": [\#(json)]}"# }
    for reporter in [nil, ResilientDecodingErrorReporter()] {
      let (chain, runs, digest) = try Self.decode(
        Chain.self, json: #"{"links": [\#(json)]}"#, decoder: decoder, reporter: reporter)
      #expect(try #require(chain).links.isEmpty)
      #expect(runs <= 2 * (depth + 1), "\(runs) runs for \(depth + 1) links")
      if reporter != nil {
        #expect(digest?.entries.count == depth + 1, "each link's failure, once")
      }
    }
  }
}
