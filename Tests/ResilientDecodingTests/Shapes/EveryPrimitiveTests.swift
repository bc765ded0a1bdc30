import Foundation
import ResilientDecoding
import Testing

/// Every standard library primitive as a `@Resilient` optional and as a property with a default,
/// with every test decoder: the library decodes each through a ladder of its own
/// (`Decoding/CalledLadders.swift`), so each is held here, by its value and its outcome.
@Suite struct EveryPrimitiveTests {
  struct Optionals: Decodable, Equatable {
    @Resilient var string: String?
    @Resilient var bool: Bool?
    @Resilient var double: Double?
    @Resilient var float: Float?
    @Resilient var int: Int?
    @Resilient var int8: Int8?
    @Resilient var int16: Int16?
    @Resilient var int32: Int32?
    @Resilient var int64: Int64?
    @Resilient var uint: UInt?
    @Resilient var uint8: UInt8?
    @Resilient var uint16: UInt16?
    @Resilient var uint32: UInt32?
    @Resilient var uint64: UInt64?

  }

  struct Defaults: Decodable, Equatable {
    @ResilientEmptyString var string: String
    @ResilientTrue var bool: Bool
    @ResilientZero var double: Double
    @ResilientZero var float: Float
    @ResilientZero var int: Int
    @ResilientZero var int8: Int8
    @ResilientZero var int16: Int16
    @ResilientZero var int32: Int32
    @ResilientZero var int64: Int64
    @ResilientZero var uint: UInt
    @ResilientZero var uint8: UInt8
    @ResilientZero var uint16: UInt16
    @ResilientZero var uint32: UInt32
    @ResilientZero var uint64: UInt64

  }

  static let names = [
    "string", "bool", "double", "float", "int", "int8", "int16", "int32", "int64", "uint",
    "uint8", "uint16", "uint32", "uint64",
  ]

  /// A value for each, at the edge of its type where it has one, so that a value read as
  /// another width or sign would differ.
  static let valid = """
    {"string": "s", "bool": false, "double": 1.5, "float": 2.5, "int": -9007199254740991,
     "int8": -128, "int16": -32768, "int32": -2147483648, "int64": -9007199254740993,
     "uint": 9007199254740993, "uint8": 255, "uint16": 65535, "uint32": 4294967295,
     "uint64": 9223372036854775807}
    """

  static let validOptionals = Optionals(
    string: "s", bool: false, double: 1.5, float: 2.5, int: -9_007_199_254_740_991,
    int8: .min, int16: .min, int32: .min, int64: -9_007_199_254_740_993,
    uint: 9_007_199_254_740_993, uint8: .max, uint16: .max, uint32: .max,
    uint64: 9_223_372_036_854_775_807)

  static let validDefaults = Defaults(
    string: "s", bool: false, double: 1.5, float: 2.5, int: -9_007_199_254_740_991,
    int8: .min, int16: .min, int32: .min, int64: -9_007_199_254_740_993,
    uint: 9_007_199_254_740_993, uint8: .max, uint16: .max, uint32: .max,
    uint64: 9_223_372_036_854_775_807)

  static let emptyOptionals = Optionals(
    string: nil, bool: nil, double: nil, float: nil, int: nil, int8: nil, int16: nil,
    int32: nil, int64: nil, uint: nil, uint8: nil, uint16: nil, uint32: nil, uint64: nil)

  static let defaults = Defaults(
    string: "", bool: true, double: 0, float: 0, int: 0, int8: 0, int16: 0, int32: 0, int64: 0,
    uint: 0, uint8: 0, uint16: 0, uint32: 0, uint64: 0)

  /// A document that gives every property `value`.
  static func every(_ value: String) -> String {
    "{" + names.map { "\"\($0)\": \(value)" }.joined(separator: ", ") + "}"
  }

  /// What a document gives every property, and what each property then holds and records.
  enum Situation: CaseIterable, CustomTestStringConvertible {
    case valid, missing, null, wrongKind

    var json: String {
      switch self {
      case .valid: EveryPrimitiveTests.valid
      case .missing: "{}"
      case .null: EveryPrimitiveTests.every("null")
      case .wrongKind: EveryPrimitiveTests.every("[1]")
      }
    }

    var optionals: Optionals { self == .valid ? validOptionals : emptyOptionals }
    var defaults: Defaults { self == .valid ? validDefaults : EveryPrimitiveTests.defaults }
    var reports: Set<Report> {
      self == .wrongKind ? Set(names.map { Report($0, .typeMismatch) }) : []
    }

    #if DEBUG
      var outcome: OutcomeKind {
        switch self {
        case .valid: .decodedSuccessfully
        case .missing: .keyNotFound
        case .null: .valueWasNil
        case .wrongKind: .recovered(wasReported: true)
        }
      }
    #endif

    var testDescription: String { "\(self)" }
  }

  /// Property lists cannot hold `null` (the decoder gives no case), nor numbers beyond `Int64`
  /// as the JSON text does: their valid case is held by the other decoders.
  @Test(arguments: TestDecoder.allCases, Situation.allCases)
  func everyPrimitiveDecodesAsItsKindSays(decoder: TestDecoder, situation: Situation) throws {
    if decoder == .propertyList, situation == .valid { return }
    guard let optionals = try decoder.decode(Optionals.self, json: situation.json),
      let defaults = try decoder.decode(Defaults.self, json: situation.json)
    else {
      #expect(decoder == .propertyList && situation == .null)
      return
    }
    #expect(optionals.value == situation.optionals)
    #expect(defaults.value == situation.defaults)
    #expect(Set(reports(optionals.digest)) == situation.reports)
    #expect(Set(reports(defaults.digest)) == situation.reports)
    #if DEBUG
      #expect(outcomes(of: optionals.value) == Array(repeating: situation.outcome, count: 14))
      #expect(outcomes(of: defaults.value) == Array(repeating: situation.outcome, count: 14))
    #endif
  }

  /// The type each property's declaration names, by property: what a type mismatch reports.
  static let types: [String: Any.Type] = [
    "string": String.self, "bool": Bool.self, "double": Double.self, "float": Float.self,
    "int": Int.self, "int8": Int8.self, "int16": Int16.self, "int32": Int32.self,
    "int64": Int64.self, "uint": UInt.self, "uint8": UInt8.self, "uint16": UInt16.self,
    "uint32": UInt32.self, "uint64": UInt64.self,
  ]

  /// Each primitive's copy of the ladder decodes its own type, and reports it: `UInt?` given a
  /// string reports `typeMismatch(UInt)`, never another width's.
  @Test(arguments: TestDecoder.allCases)
  func eachPrimitiveReportsItsOwnType(decoder: TestDecoder) throws {
    let json = Situation.wrongKind.json
    for digest in [
      try #require(try decoder.decode(Optionals.self, json: json)).digest,
      try #require(try decoder.decode(Defaults.self, json: json)).digest,
    ] {
      var named: [String: String] = [:]
      for entry in try #require(digest).entries {
        guard case DecodingError.typeMismatch(let type, _) = entry.error else {
          Issue.record("\(entry.path): \(entry.error)")
          continue
        }
        named[entry.path] = "\(type)"
      }
      #expect(named == Self.types.mapValues { "\($0)" })
    }
  }

  /// A number one past the edge of each integer type fails for that type alone: each is read
  /// at its own width and sign.
  @Test func aNumberPastItsTypesEdgeIsReportedForThatTypeOnly() throws {
    let json = """
      {"int8": 128, "int16": 32768, "int32": 2147483648, "uint8": 256, "uint16": 65536,
       "uint32": 4294967296, "uint": -1, "uint64": -1, "int64": 9223372036854775808}
      """
    let optionals = try #require(try TestDecoder.json.decode(Optionals.self, json: json))
    let defaults = try #require(try TestDecoder.json.decode(Defaults.self, json: json))
    #expect(optionals.value == Self.emptyOptionals)
    #expect(defaults.value == Self.defaults)
    let failed: Set = [
      "int8", "int16", "int32", "uint8", "uint16", "uint32", "uint", "uint64", "int64",
    ]
    #expect(Set(reports(optionals.digest).map(\.path)) == failed)
    #expect(Set(reports(defaults.digest).map(\.path)) == failed)
  }
}
