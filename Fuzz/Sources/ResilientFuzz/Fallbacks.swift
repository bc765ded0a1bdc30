// The `ResilientDecodable` kind in the fuzz target: a struct and a polymorphic enum with a
// fallback, and what plain `Codable` reads from an input, against which the properties of that
// kind are checked in any build (DocC: "Choosing a Property Kind").

import Foundation
import ResilientDecoding

// MARK: - Types with a fallback

/// A struct with a fallback. `accent` is its only required property and comes first, so a theme
/// that fails reports nothing from inside it.
struct FuzzTheme: ResilientDecodable, Equatable {
  let accent: String
  @Resilient var contrast: Double?
  /// Never decoded: tells the fallback apart from every theme an input can hold.
  var isFallback = false

  enum CodingKeys: String, CodingKey {
    case accent, contrast
  }

  init(accent: String, isFallback: Bool) {
    self.accent = accent
    self.isFallback = isFallback
  }

  static var decodingFallback: FuzzTheme { FuzzTheme(accent: "fallback", isFallback: true) }
}

/// A polymorphic enum read from a `"type"` tag; an unknown tag is a novel value. No tag decodes
/// to the fallback, `.unsupported`. The tag comes first and the payload last, so an attachment
/// that fails reports nothing from inside it.
enum FuzzAttachment: ResilientDecodable, Equatable {
  case text(String)
  case number(Int)
  case themed(FuzzTheme)
  case empty
  case unsupported

  static var decodingFallback: FuzzAttachment { .unsupported }

  enum CodingKeys: String, CodingKey {
    case type, body, value, theme
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    switch try container.decode(String.self, forKey: .type) {
    case "text": self = .text(try container.decode(String.self, forKey: .body))
    case "number": self = .number(try container.decode(Int.self, forKey: .value))
    case "themed": self = .themed(try container.decode(FuzzTheme.self, forKey: .theme))
    case "empty": self = .empty
    case let tag: throw UnknownNovelValueError(novelValue: tag)
    }
  }
}

// MARK: - What plain Codable reads

/// A value decoded by plain `Codable`, or the error it threw. It never throws itself, so an
/// array or a dictionary of attempts holds one for every element.
struct FuzzAttempt<Value: Decodable>: Decodable {
  let result: Result<Value, any Error>

  init(from decoder: any Decoder) {
    result = Result { try Value(from: decoder) }
  }
}

/// What a `JSONDecoder` without a reporter reads from an input with plain `Codable`, where
/// `FuzzModel` has a property with a fallback; `nil` when the input is not a JSON object.
///
/// Reading it is the only way to tell what the resilient properties must hold in a release
/// build, which has no outcomes: the value plain `Codable` decodes, or the fallback and the
/// error it threw.
struct FuzzModelReference: Decodable {
  let theme: Result<FuzzTheme, any Error>
  let sidebar: Result<FuzzTheme?, any Error>
  let cover: Result<FuzzAttachment, any Error>
  let badge: Result<FuzzAttachment?, any Error>
  /// `nil` when the key is missing or `null`.
  let attachments: Result<[FuzzAttempt<FuzzAttachment>]?, any Error>
  let themesByName: Result<[String: FuzzAttempt<FuzzTheme>]?, any Error>
  /// The payload of `boxed` when `boxed` is an object; `nil` otherwise.
  let boxedPayload: Result<FuzzTheme, any Error>?
  /// Whether `boxed` is an object without a `payload`: the missing payload, which is
  /// reported, is then alone in its container, and only a super-decoder can say where the
  /// reporter is.
  let boxedHoldsNoPayload: Bool
  /// Whether the input holds none of `FuzzModel`'s keys: then the missing non-optional
  /// properties with a fallback (`color`, `shape`, `theme`, `cover`), which are reported, are
  /// alone in their container, and only a super-decoder can say where the reporter is.
  let holdsNoModelKey: Bool
  /// The values of the properties with a default of their own (`@ResilientDefault`), as
  /// `decodeIfPresent` reads them: `nil` when missing or `null`.
  let stock: Result<Int?, any Error>
  let isNew: Result<Bool?, any Error>
  let label: Result<String?, any Error>

  private enum CodingKeys: String, CodingKey {
    case theme, sidebar, cover, badge, attachments, themesByName, boxed, stock, isNew, label
  }

  private enum PayloadKey: String, CodingKey {
    case payload
  }

  init(from decoder: any Decoder) throws {
    holdsNoModelKey = try decoder.container(keyedBy: FuzzModel.CodingKeys.self).allKeys.isEmpty
    let container = try decoder.container(keyedBy: CodingKeys.self)
    theme = Result { try container.decode(FuzzTheme.self, forKey: .theme) }
    sidebar = Result { try container.decodeIfPresent(FuzzTheme.self, forKey: .sidebar) }
    cover = Result { try container.decode(FuzzAttachment.self, forKey: .cover) }
    badge = Result { try container.decodeIfPresent(FuzzAttachment.self, forKey: .badge) }
    attachments = Result {
      try container.decodeIfPresent([FuzzAttempt<FuzzAttachment>].self, forKey: .attachments)
    }
    themesByName = Result {
      try container.decodeIfPresent([String: FuzzAttempt<FuzzTheme>].self, forKey: .themesByName)
    }
    stock = Result { try container.decodeIfPresent(Int.self, forKey: .stock) }
    isNew = Result { try container.decodeIfPresent(Bool.self, forKey: .isNew) }
    label = Result { try container.decodeIfPresent(String.self, forKey: .label) }
    if let boxed = try? container.nestedContainer(keyedBy: PayloadKey.self, forKey: .boxed) {
      boxedPayload = Result { try boxed.decode(FuzzTheme.self, forKey: .payload) }
      boxedHoldsNoPayload = !boxed.contains(.payload)
    } else {
      boxedPayload = nil
      boxedHoldsNoPayload = false
    }
  }

  /// The reference of an input, or `nil` if it is not a JSON object.
  init?(json data: Data) {
    guard let reference = try? JSONDecoder().decode(Self.self, from: data) else { return nil }
    self = reference
  }

  /// The paths at which a strict decoder must be asked for a super-decoder, in call order.
  var superDecoderCalls: [String] {
    (holdsNoModelKey ? ["color", "shape", "theme", "cover"] : [])
      + (boxedHoldsNoPayload ? ["boxed.payload"] : [])
  }
}

// MARK: - Invariants in any build

/// What a value with a fallback must hold, and the errors that must be reported at the paths
/// it owns (its own, and its elements' or entries'), built from what plain `Codable` reads.
struct FuzzFallbackExpectation {
  /// Everything that does not hold, described.
  var violations: [String] = []
  /// The errors that must be reported at the owned paths, novel values included.
  var errors: [FuzzError] = []
  /// The paths owned: errors anywhere else come from inside decoded values.
  var ownedPaths: Set<[String]> = []

  /// A non-optional value: the value plain `Codable` decodes, and no error; or exactly the
  /// fallback, and exactly the error it threw.
  mutating func value<T: ResilientDecodable & Equatable>(
    _ value: T, _ reference: Result<T, any Error>, at path: [String]
  ) {
    ownedPaths.insert(path)
    switch reference {
    case .success(let decoded) where value != decoded:
      violations.append("\(fuzzShow(path)) holds \(value) where plain Codable decoded \(decoded)")
    case .success: break
    case .failure(let error):
      if value != T.decodingFallback {
        violations.append("\(fuzzShow(path)) holds \(value), not the fallback, after \(error)")
      }
      errors.append(FuzzError(path: path, error: error))
    }
  }

  /// A value with a default of its own: the value plain `Codable` decodes, and no error; the
  /// default without an error when missing or `null`; or the default and exactly the error
  /// plain `Codable` threw.
  mutating func defaulted<T: Equatable>(
    _ value: T, _ reference: Result<T?, any Error>, default defaultValue: T, at path: [String]
  ) {
    ownedPaths.insert(path)
    switch reference {
    case .success(let decoded?) where value != decoded:
      violations.append("\(fuzzShow(path)) holds \(value) where plain Codable decoded \(decoded)")
    case .success(nil) where value != defaultValue:
      violations.append("\(fuzzShow(path)) holds \(value), not the default, when absent")
    case .success: break
    case .failure(let error):
      if value != defaultValue {
        violations.append("\(fuzzShow(path)) holds \(value), not the default, after \(error)")
      }
      errors.append(FuzzError(path: path, error: error))
    }
  }

  /// An optional value: `nil` without an error when missing or `null`, and otherwise as a
  /// non-optional one.
  mutating func optional<T: ResilientDecodable & Equatable>(
    _ value: T?, _ reference: Result<T?, any Error>, at path: [String]
  ) {
    ownedPaths.insert(path)
    switch (value, reference) {
    case (nil, .success(nil)): break
    case (let value?, .success(nil)):
      violations.append("\(fuzzShow(path)) holds \(value) where plain Codable found nothing")
    case (let value?, .success(let decoded?)): self.value(value, .success(decoded), at: path)
    case (let value?, .failure(let error)): self.value(value, .failure(error), at: path)
    case (nil, .success(let decoded?)):
      violations.append("\(fuzzShow(path)) is nil where plain Codable decoded \(decoded)")
    case (nil, .failure(let error)):
      violations.append("\(fuzzShow(path)) is nil, not the fallback, after \(error)")
      errors.append(FuzzError(path: path, error: error))
    }
  }

  /// An array: empty without an error when missing or `null`; empty with the error when not an
  /// array; otherwise the elements that decode, in order, each element that fails reported at
  /// its index. Never the fallback.
  mutating func array<T: ResilientDecodable & Equatable>(
    _ value: [T], _ reference: Result<[FuzzAttempt<T>]?, any Error>, at path: [String]
  ) {
    ownedPaths.insert(path)
    var expected: [T] = []
    switch reference {
    case .success(nil): break
    case .failure(let error): errors.append(FuzzError(path: path, error: error))
    case .success(let attempts?):
      for (index, attempt) in attempts.enumerated() {
        let elementPath = path + ["Index \(index)"]
        ownedPaths.insert(elementPath)
        switch attempt.result {
        case .success(let element): expected.append(element)
        case .failure(let error): errors.append(FuzzError(path: elementPath, error: error))
        }
      }
    }
    if value.contains(T.decodingFallback) {
      violations.append("\(fuzzShow(path)) holds the fallback: \(value)")
    }
    if value != expected {
      violations.append(
        "\(fuzzShow(path)) holds \(value) where plain Codable decoded the elements \(expected)")
    }
  }

  /// An optional string-keyed dictionary: `nil` without an error when missing or `null`; empty
  /// with the error when not an object; otherwise the entries that decode, each entry that
  /// fails reported at its key. Never the fallback.
  mutating func dictionary<T: ResilientDecodable & Equatable>(
    _ value: [String: T]?, _ reference: Result<[String: FuzzAttempt<T>]?, any Error>,
    at path: [String]
  ) {
    ownedPaths.insert(path)
    var expected: [String: T]?
    switch reference {
    case .success(nil): expected = nil
    case .failure(let error):
      expected = [:]
      errors.append(FuzzError(path: path, error: error))
    case .success(let attempts?):
      expected = [:]
      for (key, attempt) in attempts {
        ownedPaths.insert(path + [key])
        switch attempt.result {
        case .success(let entry): expected?[key] = entry
        case .failure(let error): errors.append(FuzzError(path: path + [key], error: error))
        }
      }
    }
    if value?.values.contains(T.decodingFallback) == true {
      violations.append("\(fuzzShow(path)) holds the fallback: \(value!)")
    }
    if value != expected {
      violations.append(
        "\(fuzzShow(path)) holds \(String(describing: value)) where plain Codable decoded the "
          + "entries \(String(describing: expected))")
    }
  }

  /// Checks the digest: at the owned paths it holds exactly the expected errors, novel values
  /// included, and without them exactly the others.
  mutating func check(_ digest: ErrorDigest?) {
    let paths = ownedPaths
    let owned = { (error: FuzzError) in paths.contains(error.path) }
    let reported = fuzzErrors(digest).filter(owned).sorted {
      $0.description.utf8.lexicographicallyPrecedes($1.description.utf8)
    }
    let expected = errors.sorted {
      $0.description.utf8.lexicographicallyPrecedes($1.description.utf8)
    }
    if reported != expected {
      violations.append("reported \(reported) where plain Codable threw \(expected)")
    }
    let withoutNovel = (digest?.entries ?? []).map(FuzzError.init).filter(owned)
      .sorted { $0.description.utf8.lexicographicallyPrecedes($1.description.utf8) }
    if withoutNovel != expected.filter({ !$0.isNovel }) {
      violations.append("digest.entries holds \(withoutNovel), novel values included or missing")
    }
  }
}

extension FuzzError {
  /// Whether the error is an `UnknownNovelValueError`.
  var isNovel: Bool { kind.hasPrefix("novel(") }
}

/// A path of key names written as a ``FuzzError`` writes it: `/attachments/Index 2`.
func fuzzShow(_ path: [String]) -> String {
  "/" + path.joined(separator: "/")
}

extension FuzzModel {
  /// What breaks the invariants of the properties with a fallback, against what plain
  /// `Codable` reads from the same input.
  func fallbackViolations(_ reference: FuzzModelReference, _ digest: ErrorDigest?) -> [String] {
    var expectation = FuzzFallbackExpectation()
    expectation.value(theme, reference.theme, at: ["theme"])
    expectation.optional(sidebar, reference.sidebar, at: ["sidebar"])
    expectation.value(cover, reference.cover, at: ["cover"])
    expectation.optional(badge, reference.badge, at: ["badge"])
    expectation.array(attachments, reference.attachments, at: ["attachments"])
    expectation.dictionary(themesByName, reference.themesByName, at: ["themesByName"])
    expectation.defaulted(stock, reference.stock, default: 0, at: ["stock"])
    expectation.defaulted(isNew, reference.isNew, default: false, at: ["isNew"])
    expectation.defaulted(label, reference.label, default: "", at: ["label"])
    switch (boxed, reference.boxedPayload) {
    case (let boxed?, let payload?):
      expectation.value(boxed.payload, payload, at: ["boxed", "payload"])
    case (nil, nil): break
    case (let boxed, let payload):
      expectation.violations.append(
        "boxed is \(String(describing: boxed)) where plain Codable read the payload "
          + String(describing: payload))
    }
    expectation.check(digest)
    #if DEBUG
      expectation.violations += fallbackOutcomeViolations()
    #endif
    return expectation.violations
  }
}

/// What breaks the invariants of a top-level value with a fallback, against what plain
/// `Codable` reads from the same input.
func fuzzTopLevelFallbackViolations(
  _ value: Resilient<FuzzAttachment>, _ reference: Result<FuzzAttachment, any Error>,
  _ digest: ErrorDigest?
) -> [String] {
  var expectation = FuzzFallbackExpectation()
  expectation.value(value.wrappedValue, reference, at: [])
  expectation.check(digest)
  #if DEBUG
    if let violation = fuzzFallbackOutcomeViolation(
      value.projectedValue.outcome, value.wrappedValue, at: [])
    {
      expectation.violations.append(violation)
    }
  #endif
  return expectation.violations
}

/// What breaks the invariants of elements with a fallback (`[Resilient<T>]`): each holds the
/// value plain `Codable` decodes, or the fallback in its place, reported at its index.
func fuzzElementFallbackViolations(
  _ elements: [Resilient<FuzzAttachment>], _ reference: [FuzzAttempt<FuzzAttachment>],
  _ digest: ErrorDigest?
) -> [String] {
  var expectation = FuzzFallbackExpectation()
  if elements.count != reference.count {
    expectation.violations.append(
      "\(elements.count) elements where plain Codable read \(reference.count)")
  }
  for (index, (element, attempt)) in zip(elements, reference).enumerated() {
    expectation.value(element.wrappedValue, attempt.result, at: ["Index \(index)"])
    #if DEBUG
      if let violation = fuzzFallbackOutcomeViolation(
        element.projectedValue.outcome, element.wrappedValue, at: ["Index \(index)"])
      {
        expectation.violations.append(violation)
      }
    #endif
  }
  expectation.check(digest)
  return expectation.violations
}

// MARK: - Invariants of the DEBUG outcomes

#if DEBUG
  /// What is wrong with the outcome of a non-optional value with a fallback, if anything: it
  /// decoded and holds a decoded value, or it recovered from a reported error and holds the
  /// fallback.
  func fuzzFallbackOutcomeViolation<T: ResilientDecodable & Equatable>(
    _ outcome: ResilientDecodingOutcome, _ value: T, at path: [String]
  ) -> String? {
    switch outcome {
    case .decodedSuccessfully where value != T.decodingFallback: return nil
    case .recoveredFrom(_, true) where value == T.decodingFallback: return nil
    default: return "\(fuzzShow(path)) is \(outcome), yet holds \(value)"
    }
  }

  /// What is wrong with the outcome of an optional value with a fallback, if anything: as a
  /// non-optional one, or missing or `null` and `nil`.
  func fuzzFallbackOutcomeViolation<T: ResilientDecodable & Equatable>(
    _ outcome: ResilientDecodingOutcome, _ value: T?, at path: [String]
  ) -> String? {
    switch (outcome, value) {
    case (.keyNotFound, nil), (.valueWasNil, nil): return nil
    case (.decodedSuccessfully, let value?), (.recoveredFrom, let value?):
      return fuzzFallbackOutcomeViolation(outcome, value, at: path)
    default: return "\(fuzzShow(path)) is \(outcome), yet holds \(String(describing: value))"
    }
  }

  extension FuzzModel {
    /// What is wrong with the DEBUG outcomes of the properties with a fallback: the outcome of
    /// each value agrees with what it holds, and the results of each collection hold no
    /// fallback and exactly its elements.
    func fallbackOutcomeViolations() -> [String] {
      var violations = [
        fuzzFallbackOutcomeViolation($theme.outcome, theme, at: ["theme"]),
        fuzzFallbackOutcomeViolation($sidebar.outcome, sidebar, at: ["sidebar"]),
        fuzzFallbackOutcomeViolation($cover.outcome, cover, at: ["cover"]),
        fuzzFallbackOutcomeViolation($badge.outcome, badge, at: ["badge"]),
        boxed.flatMap {
          fuzzFallbackOutcomeViolation($0.$payload.outcome, $0.payload, at: ["boxed", "payload"])
        },
      ].compactMap { $0 }
      let elements = $attachments.results.compactMap { try? $0.get() }
      if elements != attachments || elements.contains(.unsupported) {
        violations.append("attachments holds \(attachments), its results \(elements)")
      }
      let entries = $themesByName.results.compactMapValues { try? $0.get() }
      if entries != (themesByName ?? [:]) || entries.values.contains(.decodingFallback) {
        violations.append(
          "themesByName holds \(String(describing: themesByName)), its results \(entries)")
      }
      return violations
    }
  }

  extension FuzzTheme {
    func expectErrors(at path: [String], into errors: inout [FuzzError]) {
      fuzzExpectValue($contrast.outcome, at: path + ["contrast"], into: &errors)
    }
  }

  extension FuzzAttachment {
    func expectErrors(at path: [String], into errors: inout [FuzzError]) {
      if case .themed(let theme) = self { theme.expectErrors(at: path + ["theme"], into: &errors) }
    }
  }
#endif
