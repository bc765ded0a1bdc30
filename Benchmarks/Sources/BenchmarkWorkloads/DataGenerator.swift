import Foundation

/// A small deterministic random-number generator (SplitMix64), so that every run of every
/// build decodes exactly the same bytes.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Whether an event of probability `percent`/100 happens.
  mutating func chance(_ percent: Int) -> Bool {
    Int.random(in: 0..<100, using: &self) < percent
  }
}

/// Writes the JSON documents of the workloads.
///
/// Dirty documents mix in the mistakes real servers make: a value of the wrong type, a missing
/// key, an unexpected `null`, a raw value that a newer server added.
enum DataGenerator {
  /// `{"items": [item, …]}`; with `invalidPercent` of the items broken in one of four ways.
  static func itemArray(count: Int, invalidPercent: Int, seed: UInt64) -> Data {
    var random = SeededGenerator(seed: seed)
    var json = #"{"items":["#
    for index in 0..<count {
      if index > 0 { json += "," }
      json += item(index: index, invalid: random.chance(invalidPercent), using: &random)
    }
    json += "]}"
    return Data(json.utf8)
  }

  /// `{"items": {"key-n": item, …}}`; with `invalidPercent` of the items broken.
  static func itemDictionary(count: Int, invalidPercent: Int, seed: UInt64) -> Data {
    var random = SeededGenerator(seed: seed)
    var json = #"{"items":{"#
    for index in 0..<count {
      if index > 0 { json += "," }
      json += #""key-\#(index)":"#
      json += item(index: index, invalid: random.chance(invalidPercent), using: &random)
    }
    json += "}}"
    return Data(json.utf8)
  }

  /// `{"items": {"key-n": item, …}}` with exactly `invalidEntries` broken items, spread evenly.
  static func itemDictionary(count: Int, invalidEntries: Int, seed: UInt64) -> Data {
    var random = SeededGenerator(seed: seed)
    let spacing = count / max(invalidEntries, 1)
    var json = #"{"items":{"#
    for index in 0..<count {
      if index > 0 { json += "," }
      json += #""key-\#(index)":"#
      let invalid = invalidEntries > 0 && index % spacing == spacing / 2
      json += item(index: index, invalid: invalid, using: &random)
    }
    json += "}}"
    return Data(json.utf8)
  }

  /// One item; an invalid one has a wrong type, a missing key or a `null` somewhere.
  private static func item(
    index: Int, invalid: Bool, using random: inout SeededGenerator
  ) -> String {
    let price = Double(Int.random(in: 100..<100_000, using: &random)) / 100
    let available = Bool.random(using: &random)
    let id = #""id":\#(index)"#
    let name = #""name":"item \#(index)""#
    guard invalid else {
      return #"{\#(id),\#(name),"price":\#(price),"available":\#(available)}"#
    }
    switch Int.random(in: 0..<4, using: &random) {
    case 0: return #"{\#(id),\#(name),"price":"\#(price)","available":\#(available)}"#
    case 1: return #"{\#(id),"price":\#(price),"available":\#(available)}"#
    case 2: return #"{"id":null,\#(name),"price":\#(price),"available":\#(available)}"#
    default: return #"{\#(id),\#(name),"price":\#(price),"available":"yes"}"#
    }
  }

  /// `{"records": [record, …]}`, each record with ten optional properties. When `dirty`, each
  /// property is independently valid (70%), missing (10%), `null` (10%) or of the wrong type
  /// (10%).
  static func records(count: Int, dirty: Bool, seed: UInt64) -> Data {
    var random = SeededGenerator(seed: seed)
    var json = #"{"records":["#
    for index in 0..<count {
      if index > 0 { json += "," }
      var fields: [String] = []
      for (position, name) in recordKeys.enumerated() {
        let valid = validValue(position: position, index: index, using: &random)
        guard dirty else {
          fields.append(#""\#(name)":\#(valid)"#)
          continue
        }
        switch Int.random(in: 0..<10, using: &random) {
        case 0: continue
        case 1: fields.append(#""\#(name)":null"#)
        case 2: fields.append(#""\#(name)":\#(wrongValue(position: position))"#)
        default: fields.append(#""\#(name)":\#(valid)"#)
        }
      }
      json += "{" + fields.joined(separator: ",") + "}"
    }
    json += "]}"
    return Data(json.utf8)
  }

  /// The keys of a record, in declaration order; their types cycle Int, String, Double, Bool.
  private static let recordKeys = [
    "id", "title", "score", "flag", "count", "note", "ratio", "active", "rank", "tag",
  ]

  private static func validValue(
    position: Int, index: Int, using random: inout SeededGenerator
  ) -> String {
    switch position % 4 {
    case 0: return "\(Int.random(in: -1_000_000..<1_000_000, using: &random))"
    case 1: return #""text \#(index)-\#(position)""#
    case 2: return "\(Double(Int.random(in: 0..<1_000_000, using: &random)) / 1000)"
    default: return "\(Bool.random(using: &random))"
    }
  }

  private static func wrongValue(position: Int) -> String {
    switch position % 4 {
    case 0: return #""12""#
    case 1: return "12"
    case 2: return "true"
    default: return #""no""#
    }
  }

  /// `{"values": [Int, …]}`.
  static func integers(count: Int, seed: UInt64) -> Data {
    var random = SeededGenerator(seed: seed)
    var json = #"{"values":["#
    for index in 0..<count {
      if index > 0 { json += "," }
      json += "\(Int.random(in: -1_000_000_000..<1_000_000_000, using: &random))"
    }
    json += "]}"
    return Data(json.utf8)
  }

  /// `{"values": [0, 1, 2, …]}`, each element its own index; with `halfInvalid`, every odd
  /// element is the string `"x"` instead, which does not decode as an `Int`.
  static func indices(count: Int, halfInvalid: Bool) -> Data {
    var json = #"{"values":["#
    json.reserveCapacity(count * 8)
    for index in 0..<count {
      if index > 0 { json += "," }
      json += halfInvalid && !index.isMultiple(of: 2) ? #""x""# : String(index)
    }
    json += "]}"
    return Data(json.utf8)
  }

  /// `{"values": ["x", …, good]}`: `failures` strings that do not decode as an `Int` and one
  /// number, `good`, after them or, with `goodFirst`, before them.
  static func lastGood(failures: Int, good: Int, goodFirst: Bool) -> Data {
    precondition(failures > 0, "a document of one number is not this workload")
    var json = #"{"values":["#
    json.reserveCapacity(failures * 4 + 32)
    if goodFirst { json += "\(good)," }
    for index in 0..<failures {
      if index > 0 { json += "," }
      json += #""x""#
    }
    if !goodFirst { json += ",\(good)" }
    json += "]}"
    return Data(json.utf8)
  }

  /// What fails in a document where nothing decodes: integers, records or dictionary values.
  public enum Failing: String, Sendable, CaseIterable {
    case ints, records, dictionary
  }

  /// A document of `failures` values that do not decode, of the kind `failing` names (`"x"`
  /// where an `Int` is expected, items whose `id` is a string, dictionary values that are
  /// strings), with one value that decodes before them if `goodFirst`:
  /// `{"values": [42?, "x", …]}`, `{"items": [item?, {"id": "x", …}, …]}` or
  /// `{"values": {"good": 1?, "k0": "x", …}}`.
  static func nothingDecodes(_ failing: Failing, failures: Int, goodFirst: Bool) -> Data {
    var json = ""
    json.reserveCapacity(failures * (failing == .records ? 56 : 12) + 64)
    switch failing {
    case .ints:
      json += #"{"values":["# + (goodFirst ? "42," : "")
      for index in 0..<failures { json += index > 0 ? #","x""# : #""x""# }
      json += "]}"
    case .records:
      json += #"{"items":["#
      if goodFirst { json += #"{"id":1,"name":"good","price":1.5,"available":true},"# }
      for index in 0..<failures {
        if index > 0 { json += "," }
        json += #"{"id":"x","name":"bad","price":1.5,"available":true}"#
      }
      json += "]}"
    case .dictionary:
      json += #"{"values":{"# + (goodFirst ? #""good":1,"# : "")
      for index in 0..<failures {
        if index > 0 { json += "," }
        json += #""k\#(index)":"x""#
      }
      json += "}}"
    }
    return Data(json.utf8)
  }

  /// `{"rows": [{"xs": [v, …]}, …]}`: `rows` rows of `length` values each, every value the
  /// string `"x"`, which does not decode as an `Int`, or with `good`, the integer `1`.
  static func rows(_ rows: Int, length: Int, good: Bool) -> Data {
    let value = good ? "1" : #""x""#
    let row = #"{"xs":["# + Array(repeating: value, count: length).joined(separator: ",") + "]}"
    let document = Array(repeating: row, count: rows).joined(separator: ",")
    return Data((#"{"rows":["# + document + "]}").utf8)
  }

  /// `{"recs": [{"id": 0}, {"id": 1}, …]}`: `count` records without the `name` that `Rec`
  /// requires; with `whole`, each has it: `{"id": 0, "name": "record 0"}`.
  static func recs(count: Int, whole: Bool) -> Data {
    var json = #"{"recs":["#
    json.reserveCapacity(count * (whole ? 36 : 16) + 16)
    for index in 0..<count {
      if index > 0 { json += "," }
      json += whole ? #"{"id":\#(index),"name":"record \#(index)"}"# : #"{"id":\#(index)}"#
    }
    json += "]}"
    return Data(json.utf8)
  }

  /// `{"value": 111…}`, a number of `digits` digits that fits no integer; with `asFiller`,
  /// `{"filler": 111…, "value": 7}`, the same number under a key the model does not read,
  /// and a small one where it reads.
  static func bigNumber(digits: Int, asFiller: Bool) -> Data {
    let number = String(repeating: "1", count: digits)
    return Data(
      (asFiller ? #"{"filler":\#(number),"value":7}"# : #"{"value":\#(number)}"#).utf8)
  }

  /// Nodes nested `depth` deep through their `children`, named `n0` (the root) to `n<depth-1>`,
  /// then a leaf whose score is the string `"bad"`; no node has an `id`.
  static func nodeChain(depth: Int) -> Data {
    var json = #"{"name":"leaf","children":[],"score":"bad"}"#
    for level in (0..<depth).reversed() {
      json = #"{"name":"n\#(level)","children":[\#(json)]}"#
    }
    return Data(json.utf8)
  }

  /// Branches nested `depth` deep: at each level, `kids` holds the next level under `"a"` and a
  /// valid leaf under `"b"`; the deepest branch has no kids and the score `"bad"`.
  static func branchChain(depth: Int) -> Data {
    var json = #"{"kids":{},"score":"bad"}"#
    for _ in 0..<depth {
      json = #"{"kids":{"a":\#(json),"b":{"kids":{},"score":1}}}"#
    }
    return Data(json.utf8)
  }

  /// `{"links": [link]}`, the link holding one link in `c`, `depth` deep, none with its required
  /// `req`: every link fails.
  static func linkChain(depth: Int) -> Data {
    var json = #"{"c":[]}"#
    for _ in 0..<depth {
      json = #"{"c":[\#(json)]}"#
    }
    return Data(#"{"links":[\#(json)]}"#.utf8)
  }

  /// `{"kinds": ["alpha", …]}`; `novelPercent` of them are raw values with no case.
  static func kinds(count: Int, novelPercent: Int, seed: UInt64) -> Data {
    var random = SeededGenerator(seed: seed)
    let known = Kind.allCases.map(\.rawValue)
    var json = #"{"kinds":["#
    for index in 0..<count {
      if index > 0 { json += "," }
      if random.chance(novelPercent) {
        json += #""novel-\#(Int.random(in: 0..<20, using: &random))""#
      } else {
        json += #""\#(known[Int.random(in: 0..<known.count, using: &random)])""#
      }
    }
    json += "]}"
    return Data(json.utf8)
  }
}
