import Foundation
import ResilientDecoding
import Testing

/// Declarations `@Resilient` cannot help (DocC "Choosing a Property Kind"): in
/// DEBUG each raises one assertion whose message says what to write instead, and every build
/// decodes it as if the wrapper were not there, errors included.
struct MisuseTests {
  @Test(arguments: Misuse.all)
  func decodesAsIfUnwrapped(_ misuse: Misuse) throws {
    let (_, messages) = try recordingAssertions { try misuse.decodeValid() }
    assertSingleAssertion(messages, mentioning: misuse.mentions)
  }

  @Test(arguments: Misuse.all)
  func throwsLikeAnUnwrappedProperty(_ misuse: Misuse) {
    for json in misuse.failingDocuments {
      let (error, messages) = recordingAssertions {
        thrownError { try misuse.decodeWrapped(json) }
      }
      assertSameDecodingError(error, thrownError { try misuse.decodeUnwrapped(json) })
      assertSingleAssertion(messages, mentioning: misuse.mentionsOnFailure)
    }
  }

  @Test func supportedDeclarationsRaiseNoAssertion() throws {
    struct Supported: Decodable {
      @Resilient var count: Int?
      @Resilient var values: [Int]
      @Resilient var optionalValues: [Int]?
      @Resilient var scores: [String: Int]
      @Resilient var mood: Mood
      @Resilient var fruit: Fruit?
      @Resilient var fruits: [Fruit]
    }
    let ((model, _), messages) = try recordingAssertions {
      try decode(Supported.self, json: #"{"count": "x", "values": [null], "mood": "x"}"#)
    }
    #expect(model.count == nil)
    #expect(model.mood == .unknown)
    #expect(messages == [])
  }
}

extension MisuseTests {
  /// A declaration `@Resilient` cannot help, and its twin declared without the wrapper.
  struct Misuse: Sendable, CustomTestStringConvertible {
    let testDescription: String
    /// What the assertion of a decode that succeeds mentions: the property, its type and what
    /// to write instead.
    let mentions: [String]
    /// Documents the twin without the wrapper cannot decode.
    let failingDocuments: [String]
    /// What the assertion of a decode that fails mentions.
    let mentionsOnFailure: [String]
    /// Decodes a valid document with the wrapper and checks the value and the empty digest.
    let decodeValid: @Sendable () throws -> Void
    let decodeWrapped: @Sendable (String) throws -> Void
    let decodeUnwrapped: @Sendable (String) throws -> Void

    init<
      Wrapped: Decodable & Sendable, Unwrapped: Decodable & Sendable, Value: Equatable & Sendable
    >(
      _ declaration: String,
      _ wrapped: Wrapped.Type,
      unwrapped: Unwrapped.Type,
      decoding validJSON: String,
      as expected: Value,
      _ value: @escaping @Sendable (Wrapped) -> Value,
      mentioning mentions: [String],
      failingOn failingDocuments: [String],
      mentioningOnFailure mentionsOnFailure: [String]
    ) {
      testDescription = declaration
      self.mentions = mentions
      self.failingDocuments = failingDocuments
      self.mentionsOnFailure = mentionsOnFailure
      decodeValid = {
        let (model, digest) = try decode(Wrapped.self, json: validJSON)
        #expect(value(model) == expected)
        #expect(digest == nil)
      }
      decodeWrapped = { _ = try decode(Wrapped.self, json: $0) }
      decodeUnwrapped = { _ = try decode(Unwrapped.self, json: $0) }
    }

    static let all: [Misuse] = [
      Misuse(
        "@Resilient var count: Int", ResilientInt.self, unwrapped: PlainInt.self,
        decoding: #"{"count": 4}"#, as: 4, \.count,
        mentioning: [
          "count", "`Int?`", "`@ResilientZero var count: Int`",
          "`@ResilientDefault<Provider> var count: Int`",
        ],
        failingOn: [#"{"count": "4"}"#, #"{"count": null}"#, "{}"],
        mentioningOnFailure: ["`Int?`", "@ResilientZero"]),
      Misuse(
        "@Resilient var price: Double", ResilientDouble.self, unwrapped: PlainDouble.self,
        decoding: #"{"price": 2.5}"#, as: 2.5, \.price,
        mentioning: ["price", "`Double?`", "`@ResilientZero var price: Double`"],
        failingOn: [#"{"price": "2.5"}"#],
        mentioningOnFailure: ["@ResilientZero"]),
      Misuse(
        "@Resilient var isNew: Bool", ResilientBool.self, unwrapped: PlainBool.self,
        decoding: #"{"isNew": true}"#, as: true, \.isNew,
        mentioning: ["isNew", "`Bool?`", "`@ResilientFalse (or @ResilientTrue) var isNew: Bool`"],
        failingOn: [#"{"isNew": 1}"#, "{}"],
        mentioningOnFailure: ["@ResilientFalse"]),
      Misuse(
        "@Resilient var title: String", ResilientString.self, unwrapped: PlainString.self,
        decoding: #"{"title": "Loft"}"#, as: "Loft", \.title,
        mentioning: ["title", "`String?`", "`@ResilientEmptyString var title: String`"],
        failingOn: [#"{"title": 1}"#, #"{"title": null}"#],
        mentioningOnFailure: ["@ResilientEmptyString"]),
      Misuse(
        "@Resilient var fruit: Fruit", ResilientFruit.self, unwrapped: PlainFruit.self,
        decoding: #"{"fruit": "apple"}"#, as: Fruit.apple, \.fruit,
        mentioning: ["fruit", "decodingFallback", "`Fruit?`"],
        failingOn: [#"{"fruit": "kiwi"}"#, #"{"fruit": 1}"#, #"{"fruit": null}"#, "{}"],
        mentioningOnFailure: ["decodingFallback", "`Fruit?`"]),
      Misuse(
        "@Resilient var link: SecureLink", ResilientLink.self, unwrapped: PlainLink.self,
        decoding: #"{"link": "https://example.com/m"}"#, as: SecureLink.example("m"), \.link,
        mentioning: ["link", "decodingFallback", "`SecureLink?`"],
        failingOn: [#"{"link": "http://example.com/m"}"#],
        mentioningOnFailure: ["decodingFallback", "`SecureLink?`"]),
      Misuse(
        "@Resilient var values: [Int?]", ResilientArrayOfOptionals.self,
        unwrapped: PlainArrayOfOptionals.self,
        decoding: #"{"values": [1, null, 3]}"#, as: [1, nil, 3], \.values,
        mentioning: ["values", "[Int?]", "@Resilient var values: [Int]", "[Resilient<Int?>]"],
        failingOn: [#"{"values": [1, "2"]}"#, #"{"values": 1}"#, #"{"values": null}"#, "{}"],
        mentioningOnFailure: ["[Resilient<Int?>]"]),
    ]
  }
}

// Each declaration `@Resilient` cannot help, and its twin without the wrapper.
private struct ResilientInt: Decodable { @Resilient var count: Int }
private struct PlainInt: Decodable { var count: Int }
private struct ResilientDouble: Decodable { @Resilient var price: Double }
private struct PlainDouble: Decodable { var price: Double }
private struct ResilientBool: Decodable { @Resilient var isNew: Bool }
private struct PlainBool: Decodable { var isNew: Bool }
private struct ResilientString: Decodable { @Resilient var title: String }
private struct PlainString: Decodable { var title: String }
private struct ResilientFruit: Decodable { @Resilient var fruit: Fruit }
private struct PlainFruit: Decodable { var fruit: Fruit }
private struct ResilientLink: Decodable { @Resilient var link: SecureLink }
private struct PlainLink: Decodable { var link: SecureLink }
private struct ResilientArrayOfOptionals: Decodable { @Resilient var values: [Int?] }
private struct PlainArrayOfOptionals: Decodable { var values: [Int?] }
