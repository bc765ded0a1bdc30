import Foundation
import ResilientDecoding
import Testing

/// A fallback for any `Decodable` type (DocC "Choosing a Property Kind"): what a type's own
/// `init(from:)` throws, novel values included, and the fallback in every shape that resolves it at
/// run time. Missing keys, `null` and values of the wrong kind are in `MissingNullWrongKindTests`.
@Suite struct ResilientDecodableTests {
  struct Post: Decodable, Sendable {
    @Resilient var attachment: Attachment
    @Resilient var cover: Attachment?
    @Resilient var attachments: [Attachment]
    @Resilient var byName: [String: Attachment]
  }

  static let postJSON = #"""
    {"attachment": {"type": "video", "url": "v"},
     "cover": {"type": "poll"},
     "attachments": [{"type": "image", "url": "i"}, {"type": "audio"}, {"type": "note"},
                     {"type": "note", "text": "t"}],
     "byName": {"a": {"type": "image", "url": "a"}, "b": {"type": "map"}}}
    """#

  @Test func unknownKindsFallBackOrAreDroppedAsNovelValues() throws {
    let (post, digest) = try decode(Post.self, json: Self.postJSON)
    #expect(post.attachment == .unsupported)
    #expect(post.cover == .unsupported, "an optional falls back too when its value fails")
    #expect(
      post.attachments == [.image(url: "i"), .note(text: "t")], "a list drops, never falls back")
    #expect(post.byName == ["a": .image(url: "a")])
    assertReportsIncludingNovel(
      digest,
      [
        Report("attachment", .novel("video")),
        Report("cover", .novel("poll")),
        Report("attachments.Index 1", .novel("audio")),
        Report("attachments.Index 2", .keyNotFound("text")),
        Report("byName.b", .novel("map")),
      ])
    #if DEBUG
      assertOutcome(post.$attachment.outcome, .recovered(wasReported: true))
      assertError(post.$attachment.error, is: .novel("video"))
      assertError(post.$cover.error, is: .novel("poll"))
      #expect(errorKinds(post.$attachments.errors) == [.novel("audio"), .keyNotFound("text")])
      #expect(errorKinds(post.$byName.errors) == [.novel("map")])
    #endif
  }

  @Test func elementsOfResilientValuesTakeTheFallbackInPlaceOfAFailingElement() throws {
    let json = #"[{"accent": "red"}, "green", null, {"colour": "x"}]"#
    let (themes, digest) = try decode([Resilient<Theme>].self, json: json)
    #expect(
      themes.map(\.wrappedValue) == [
        Theme(accent: "red"), .decodingFallback, .decodingFallback, .decodingFallback,
      ])
    #expect(
      reports(digest) == [
        Report("Index 1", .typeMismatch), Report("Index 2", .valueNotFound),
        Report("Index 3", .keyNotFound("accent")),
      ])
    #if DEBUG
      #expect(
        themes.map { OutcomeKind($0.projectedValue.outcome) } == [
          .decodedSuccessfully, .recovered(wasReported: true), .recovered(wasReported: true),
          .recovered(wasReported: true),
        ])
    #endif
  }

  struct Envelope<Payload: Decodable & Sendable>: Decodable, Sendable {
    @Resilient var payload: Payload
  }

  @Test func genericPropertiesAndTopLevelValuesFallBackAtRunTime() throws {
    let (envelope, digest) = try decode(Envelope<Theme>.self, json: #"{"payload": 7}"#)
    #expect(envelope.payload == .decodingFallback)
    #expect(reports(digest) == [Report("payload", .typeMismatch)])

    let (missing, missingDigest) = try decode(Envelope<Attachment>.self, json: "{}")
    #expect(missing.payload == .unsupported)
    #expect(reports(missingDigest) == [Report("payload", .keyNotFound("payload"))])

    let (optional, optionalDigest) = try decode(
      Envelope<Theme?>.self, json: #"{"payload": [1]}"#)
    #expect(optional.payload == .decodingFallback)
    #expect(reports(optionalDigest) == [Report("payload", .typeMismatch)])
    let (absent, absentDigest) = try decode(Envelope<Theme?>.self, json: #"{"payload": null}"#)
    #expect(absent.payload == nil)
    #expect(absentDigest == nil)

    let (topLevel, topLevelDigest) = try decode(
      Resilient<Attachment>.self, json: #"{"type": "gif"}"#)
    #expect(topLevel.wrappedValue == .unsupported)
    assertReportsIncludingNovel(topLevelDigest, [Report("", .novel("gif"))])

    let (decoded, messages) = try recordingAssertions {
      try decode(Envelope<Theme>.self, json: #"{"payload": {"accent": "red"}}"#)
    }
    #expect(decoded.value.payload == Theme(accent: "red"))
    #expect(messages == [], "a type with a fallback is resilient, not a misuse")
  }

  struct Exam: Decodable {
    @Resilient var grade: Grade
    @Resilient var retake: Grade?
    @Resilient var grades: [Grade]
  }

  /// `Grade` is both `ResilientRawRepresentable` and `ResilientDecodable`: it compiles without
  /// ambiguity and decodes as a raw-representable type, so an unknown raw value is a novel
  /// value, as `ResilientRawRepresentable` makes it, not the corrupt data `RawRepresentable`'s
  /// own `init(from:)` would throw.
  @Test func aTypeThatIsBothDecodesAsARawRepresentableWithAFallback() throws {
    let (exam, digest) = try decode(
      Exam.self, json: #"{"grade": "merit", "retake": 1, "grades": ["pass", "merit", "fail"]}"#)
    #expect(exam.grade == .unknown)
    #expect(exam.retake == .unknown)
    #expect(exam.grades == [.pass, .fail])
    assertReportsIncludingNovel(
      digest,
      [
        Report("grade", .novel("merit")), Report("retake", .typeMismatch),
        Report("grades.Index 1", .novel("merit")),
      ])
    let (generic, genericDigest) = try decode(Envelope<Grade>.self, json: #"{"payload": "A+"}"#)
    #expect(generic.payload == .unknown)
    assertReportsIncludingNovel(genericDigest, [Report("payload", .novel("A+"))])
  }

  /// A `Sendable` model with fallbacks, decoded in a task and sent back whole (the file
  /// compiling in the Swift 6 language mode is half of the test).
  struct Profile: Decodable, Sendable, Equatable {
    @Resilient var theme: Theme
    @Resilient var avatar: Attachment?
    @Resilient var themes: Set<Theme>
  }

  @Test func aSendableModelWithFallbacksCrossesATaskBoundary() async throws {
    let json =
      #"{"theme": false, "avatar": {"type": "hologram"}, "themes": [{"accent": "red"}, 1]}"#
    let (profile, digest) = try await Task.detached {
      try decode(Profile.self, json: json)
    }.value
    #expect(
      profile
        == Profile(
          theme: .decodingFallback, avatar: .unsupported, themes: [Theme(accent: "red")]))
    assertReportsIncludingNovel(
      digest,
      [
        Report("theme", .typeMismatch), Report("avatar", .novel("hologram")),
        Report("themes.Index 1", .typeMismatch),
      ])
  }
}
