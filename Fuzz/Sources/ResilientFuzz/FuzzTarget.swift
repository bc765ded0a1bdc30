// A libFuzzer target for ResilientDecoding: arbitrary bytes are decoded as JSON into a model
// with a `@Resilient` property of every kind, with the error reporter on, and every invariant
// that holds for any input is checked. The same document is then decoded by
// `PropertyListDecoder` (as a binary property list) and by a strict decoder, which must agree
// with `JSONDecoder`. A broken invariant stops the process with a message, which libFuzzer
// records as a crash along with the input.

import Foundation
import ResilientDecoding

// MARK: - The model

/// A raw-value enum with a fallback, not frozen.
enum FuzzColor: String, ResilientRawRepresentable {
  case red, green, unknown
  static var decodingFallback: FuzzColor { .unknown }
}

/// A raw-value enum with a fallback, frozen.
enum FuzzShape: String, ResilientRawRepresentable {
  case circle, square, other
  static var decodingFallback: FuzzShape { .other }
  static var isFrozen: Bool { true }
}

/// A raw-value enum without a fallback, not frozen, also a dictionary key.
enum FuzzFlavor: String, ResilientRawRepresentable, CodingKeyRepresentable {
  case vanilla, choc
}

/// An integer raw-value enum without a fallback, frozen.
enum FuzzSize: Int, ResilientRawRepresentable {
  case small = 1
  case large = 3
  static var isFrozen: Bool { true }
}

/// A nested type. `id` is its only required property and comes first, so an item that fails
/// reports exactly one error, at its own path, and nothing from inside it.
struct FuzzItem: Decodable, Equatable {
  let id: Int
  @Resilient var price: Double?
  @Resilient var tags: [String]
  @Resilient var flavor: FuzzFlavor?
  @Resilient var sizes: Set<FuzzSize>?
}

/// A generic type, whose property goes through the run-time dispatch of `@Resilient`.
struct FuzzEnvelope<Payload: Decodable>: Decodable {
  @Resilient var payload: Payload
}

extension FuzzEnvelope: Equatable where Payload: Equatable {}

/// One `@Resilient` property of every kind, and three with a default of their own
/// (`@ResilientDefault`). No property can throw, so decoding the model throws only when the
/// input is not a JSON object. `link` and `links` are where the property
/// list of a document writes a URL (see `FuzzDocument.binaryPropertyList()`). `theme` to
/// `boxed` are of types with a fallback (`ResilientDecodable`, in `Fallbacks.swift`).
struct FuzzModel: Decodable, Equatable {
  @Resilient var count: Int?
  @Resilient var name: String?
  @Resilient var color: FuzzColor
  @Resilient var shape: FuzzShape
  @Resilient var accent: FuzzColor?
  @Resilient var flavor: FuzzFlavor?
  @Resilient var size: FuzzSize?
  @Resilient var numbers: [Int]
  @Resilient var words: [String]?
  @Resilient var flavors: [FuzzFlavor]
  @Resilient var sizes: [FuzzSize]?
  @Resilient var scores: [String: Double]
  @Resilient var colorsByName: [String: FuzzColor]?
  @Resilient var maybeScores: [String: Int?]
  @Resilient var maybeRatios: [Int: Double?]?
  @Resilient var tags: Set<String>
  @Resilient var flavorSet: Set<FuzzFlavor>?
  @Resilient var namesById: [Int: String]
  @Resilient var countsByFlavor: [FuzzFlavor: Int]?
  @Resilient var items: [FuzzItem]
  @Resilient var child: FuzzItem?
  @Resilient var itemsByKey: [String: FuzzItem]?
  @Resilient var envelope: FuzzEnvelope<[Int]?>?
  @Resilient var link: URL?
  @Resilient var links: [URL]
  @Resilient var theme: FuzzTheme
  @Resilient var sidebar: FuzzTheme?
  @Resilient var cover: FuzzAttachment
  @Resilient var badge: FuzzAttachment?
  @Resilient var attachments: [FuzzAttachment]
  @Resilient var themesByName: [String: FuzzTheme]?
  @Resilient var boxed: FuzzEnvelope<FuzzTheme>?
  @ResilientZero var stock: Int
  @ResilientFalse var isNew: Bool
  @ResilientEmptyString var label: String

  /// Written out, so that the target can tell which keys of an object the model reads.
  enum CodingKeys: String, CodingKey {
    case count, name, color, shape, accent, flavor, size, numbers, words, flavors, sizes, scores
    case colorsByName, maybeScores, maybeRatios, tags, flavorSet, namesById, countsByFlavor
    case items, child, itemsByKey
    case envelope, link, links, theme, sidebar, cover, badge, attachments, themesByName, boxed
    case stock, isNew, label
  }
}

// MARK: - The entry point

/// Decoders kept from one input to the next, to catch state leaking between decodes.
final class FuzzState: Sendable {
  /// Used only through `decode(_:from:reportResilientDecodingErrors:)`, which must leave its
  /// `userInfo` without a reporter every time.
  let oneCall = JSONDecoder()
  /// Holds `reporter` for its whole life; the reporter is flushed after every input.
  let shared = JSONDecoder()
  let reporter: ResilientDecodingErrorReporter
  /// Decodes the property list of the input, with a reporter flushed after every input.
  let propertyList = PropertyListDecoder()
  let propertyListReporter: ResilientDecodingErrorReporter
  /// The `JSONDecoder` that ``StrictDecoder`` wraps, with a reporter flushed after every input
  /// and the super-decoder calls of each input.
  let strict = JSONDecoder()
  let strictReporter: ResilientDecodingErrorReporter
  let superDecoderCalls = SuperDecoderCalls()

  init() {
    // Names records by "id", so that every input also exercises record identification.
    reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
    shared.userInfo[.resilientDecodingErrorReporter] = reporter
    propertyListReporter = propertyList.enableResilientDecodingErrorReporting()
    strictReporter = strict.enableResilientDecodingErrorReporting()
    strict.userInfo[.fuzzSuperDecoderCalls] = superDecoderCalls
  }
}

let fuzzState = FuzzState()

/// Called by libFuzzer with each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func resilientFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Data(bytes: bytes, count: count)
  let document = FuzzDocument(json: data)
  let reference = FuzzModelReference(json: data)
  fuzzCheck(
    FuzzModel.self, data, name: "model",
    propertyList: document?.binaryPropertyList(readAsFuzzModel: true),
    superDecoderCalls: reference?.superDecoderCalls ?? [], decodes: reference != nil,
    invariants: { model, digest in
      reference.map { model.fallbackViolations($0, digest) } ?? ["plain Codable read no object"]
    },
    expect: { model, errors in model.expectErrors(at: [], into: &errors) }
  )
  let propertyList = document?.binaryPropertyList(readAsFuzzModel: false)
  fuzzCheckRecursive(data, propertyList: propertyList)
  fuzzCheck(
    Resilient<[FuzzItem]>.self, data, name: "top-level items", propertyList: propertyList
  ) { items, errors in
    #if DEBUG
      fuzzExpectElements(
        items.projectedValue.outcome, items.projectedValue.results, at: [], into: &errors
      ) { item, path, errors in item.expectErrors(at: path, into: &errors) }
    #endif
  }
  fuzzCheck(
    Resilient<[Int: FuzzColor]?>.self, data, name: "top-level dictionary",
    propertyList: propertyList
  ) { map, errors in
    #if DEBUG
      fuzzExpectEntries(
        map.projectedValue.outcome, map.projectedValue.results, at: [], into: &errors)
    #endif
  }
  // A type with a fallback at the top level, and as elements (the fallback in place of an
  // element that fails), resolved at run time.
  let attachment = try? JSONDecoder().decode(FuzzAttempt<FuzzAttachment>.self, from: data)
  fuzzCheck(
    Resilient<FuzzAttachment>.self, data, name: "top-level attachment",
    propertyList: propertyList, decodes: attachment != nil,
    invariants: { value, digest in
      attachment.map { fuzzTopLevelFallbackViolations(value, $0.result, digest) } ?? []
    },
    expect: { value, errors in
      #if DEBUG
        fuzzExpectValue(value.projectedValue.outcome, at: [], into: &errors)
        value.wrappedValue.expectErrors(at: [], into: &errors)
      #endif
    }
  )
  let elements = try? JSONDecoder().decode([FuzzAttempt<FuzzAttachment>].self, from: data)
  fuzzCheck(
    [Resilient<FuzzAttachment>].self, data, name: "top-level attachment elements",
    propertyList: propertyList, decodes: elements != nil,
    invariants: { value, digest in
      elements.map { fuzzElementFallbackViolations(value, $0, digest) } ?? []
    },
    expect: { value, errors in
      #if DEBUG
        for (index, element) in value.enumerated() {
          fuzzExpectValue(element.projectedValue.outcome, at: ["Index \(index)"], into: &errors)
          element.wrappedValue.expectErrors(at: ["Index \(index)"], into: &errors)
        }
      #endif
    }
  )
  return 0
}

// MARK: - Invariants

/// An error the digest must hold: where, and what kind of error.
struct FuzzError: Hashable, CustomStringConvertible {
  let path: [String]
  /// `typeMismatch`, `valueNotFound`, `keyNotFound(id)`, `dataCorrupted`, `novel("purple")`
  /// for an `UnknownNovelValueError` and its value, or the type of any other error.
  let kind: String

  init(path: [String], error: any Error) {
    self.path = path
    switch error {
    case let novel as UnknownNovelValueError:
      kind = "novel(\(String(reflecting: novel.novelValue)))"
    case DecodingError.typeMismatch: kind = "typeMismatch"
    case DecodingError.valueNotFound: kind = "valueNotFound"
    case DecodingError.keyNotFound(let key, _): kind = "keyNotFound(\(key.stringValue))"
    case DecodingError.dataCorrupted: kind = "dataCorrupted"
    // `JSONDecoder`'s containers throw its internal `JSONError` for a number that fits no
    // Swift type (only a top-level decode wraps it as `dataCorrupted`, the error
    // `PropertyListDecoder` throws for such a number).
    case _ where "\(type(of: error))" == "JSONError": kind = "dataCorrupted"
    default: kind = "\(type(of: error))"
    }
  }

  init(_ entry: ErrorDigest.Entry) {
    self.init(path: entry.codingPath.map(\.stringValue), error: entry.error)
  }

  var description: String {
    fuzzShow(path) + " " + kind
  }
}

/// Stops the process: libFuzzer saves the input that broke `invariant`.
func fuzzViolation(_ invariant: String, _ name: String, _ data: Data) -> Never {
  let preview = String(decoding: data.prefix(400), as: UTF8.self)
  fatalError("fuzz invariant broken (\(name)): \(invariant)\ninput: \(preview)")
}

/// A decode with the one-call API: the value and its digest, or the error thrown.
typealias FuzzDecoded<T> = Result<(value: T, digest: ErrorDigest?), any Error>

/// Further invariants of a decoded value and its digest, checked in any build: a description
/// of each that breaks.
typealias FuzzInvariants<T> = (T, ErrorDigest?) -> [String]

/// Decodes `data` as `T` with every decoder and checks every invariant.
///
/// `propertyList` is the same document for `PropertyListDecoder`, `nil` when property lists
/// cannot hold it. `expect` lists the errors the DEBUG outcomes of the value say were reported;
/// each digest must hold exactly those. `superDecoderCalls` are the paths at which the strict
/// decoder must be asked for a super-decoder, and the only ones. `decodes` says whether the
/// decode must succeed or throw, when that is known; `invariants` checks every decoded value.
func fuzzCheck<T: Decodable & Equatable>(
  _: T.Type,
  _ data: Data,
  name: String,
  propertyList: Data?,
  superDecoderCalls: [String] = [],
  decodes: Bool? = nil,
  invariants: FuzzInvariants<T> = { _, _ in [] },
  expect: (T, inout [FuzzError]) -> Void
) {
  let state = fuzzState
  let json = fuzzCheckJSON(T.self, data, name: name, invariants: invariants, expect: expect)
  if let decodes, decodes != ((try? json.get()) != nil) {
    fuzzViolation(
      decodes ? "the decode threw: \(json)" : "the decode did not throw where plain Codable did",
      name, data)
  }

  if let propertyList {
    let decoded = Result { try state.propertyList.decode(T.self, from: propertyList) }
    let digest = state.propertyListReporter.flushReportedErrors()
    fuzzCheckAgainstJSON(
      decoded, digest, json, decoder: "PropertyListDecoder", name: name, data,
      invariants: invariants, expect: expect)
  }

  let decoded = Result { try state.strict.decodeStrictly(T.self, from: data) }
  let digest = state.strictReporter.flushReportedErrors()
  let calls = state.superDecoderCalls.flush()
  fuzzCheckAgainstJSON(
    decoded, digest, json, decoder: "strict decoder", name: name, data, invariants: invariants,
    expect: expect)
  if calls != superDecoderCalls {
    fuzzViolation(
      "the strict decoder was asked for super-decoders at \(calls), expected \(superDecoderCalls)",
      name, data)
  }
}

/// Decodes `data` as `T` twice with `JSONDecoder`, checks every invariant, and returns the
/// decode made with the one-call API.
func fuzzCheckJSON<T: Decodable>(
  _: T.Type,
  _ data: Data,
  name: String,
  invariants: FuzzInvariants<T>,
  expect: (T, inout [FuzzError]) -> Void
) -> FuzzDecoded<T> {
  let state = fuzzState

  // The one-call API: a reporter for this call only, and userInfo restored afterwards.
  let oneCall: FuzzDecoded<T> = Result {
    try state.oneCall.decode(T.self, from: data, reportResilientDecodingErrors: true)
  }
  if state.oneCall.userInfo[.resilientDecodingErrorReporter] != nil {
    fuzzViolation(
      "decode(_:from:reportResilientDecodingErrors:) left a reporter in userInfo", name, data)
  }

  // A long-lived reporter: flushed after every input, it must be empty before the next.
  if let leftover = state.reporter.flushReportedErrors() {
    fuzzViolation("the shared reporter held errors before decoding:\n\(leftover)", name, data)
  }
  let shared = Result { try state.shared.decode(T.self, from: data) }
  let sharedDigest = state.reporter.flushReportedErrors()

  switch (oneCall, shared) {
  case (.failure, .failure):
    // Every property is resilient: a decode that throws has not decoded anything.
    if let sharedDigest {
      fuzzViolation("a decode that threw reported errors:\n\(sharedDigest)", name, data)
    }
  case (.success((let value, let digest)), .success):
    fuzzCheckDigest(digest, name: name, data: data)
    fuzzCheckDigest(sharedDigest, name: name, data: data)
    // The shared reporter names records, which the printed tree shows beside their nodes.
    let namesRecords =
      sharedDigest?.entries(includeUnknownNovelValueErrors: true)
      .contains { $0.recordID != nil } ?? false
    if fuzzSortedErrors(digest) != fuzzSortedErrors(sharedDigest)
      || (!namesRecords && digest?.description != sharedDigest?.description)
    {
      fuzzViolation(
        "two decodes of the same input reported different errors:\n\(digest.map { "\($0)" } ?? "none")"
          + "\n---\n\(sharedDigest.map { "\($0)" } ?? "none")", name, data)
    }
    fuzzCheckOutcomes(value, digest, name: name, data: data, expect: expect)
    fuzzCheckInvariants(value, digest, name: name, data: data, invariants: invariants)
  default:
    fuzzViolation("one decode threw and the other did not: \(oneCall) / \(shared)", name, data)
  }
  return oneCall
}

/// Checks a decode by another decoder of the same document: it throws when `JSONDecoder`
/// throws, reporting nothing, and otherwise passes the same checks and gives the same value
/// and the same digest entries (paths and kinds, novel values included) in the same order.
func fuzzCheckAgainstJSON<T: Decodable & Equatable>(
  _ decoded: Result<T, any Error>,
  _ digest: ErrorDigest?,
  _ json: FuzzDecoded<T>,
  decoder: String,
  name: String,
  _ data: Data,
  invariants: FuzzInvariants<T>,
  expect: (T, inout [FuzzError]) -> Void
) {
  let name = "\(name), \(decoder)"
  switch (decoded, json) {
  case (.failure, .failure):
    if let digest { fuzzViolation("a decode that threw reported errors:\n\(digest)", name, data) }
  case (.success(let value), .success(let reference)):
    fuzzCheckDigest(digest, name: name, data: data)
    fuzzCheckOutcomes(value, digest, name: name, data: data, expect: expect)
    fuzzCheckInvariants(value, digest, name: name, data: data, invariants: invariants)
    if value != reference.value {
      let difference = fuzzDifference(value, reference.value) ?? "\(value) / \(reference.value)"
      fuzzViolation("the value differs from JSONDecoder's at \(difference)", name, data)
    }
    let errors = fuzzErrors(digest)
    let expected = fuzzErrors(reference.digest)
    if errors != expected {
      fuzzViolation(
        "the digest differs from JSONDecoder's: reported \(errors), JSONDecoder \(expected)",
        name, data)
    }
  case (.failure(let error), .success):
    fuzzViolation("it threw where JSONDecoder did not: \(error)", name, data)
  case (.success, .failure(let error)):
    fuzzViolation("it decoded where JSONDecoder threw \(error)", name, data)
  }
}

/// Where two decoded values differ, for the message of a broken invariant: the first property,
/// element or field whose values print differently (`@Resilient` properties compared by their
/// wrapped values, sets and dictionaries as a whole), and both values; `nil` if none does.
func fuzzDifference(_ value: Any, _ other: Any, at path: String = "") -> String? {
  let (mirror, otherMirror) = (Mirror(reflecting: value), Mirror(reflecting: other))
  if let wrapped = mirror.descendant("wrappedValue"),
    let otherWrapped = otherMirror.descendant("wrappedValue")
  {
    return fuzzDifference(wrapped, otherWrapped, at: path)
  }
  let isLeaf =
    mirror.children.isEmpty || mirror.children.count != otherMirror.children.count
    || mirror.displayStyle == .set || mirror.displayStyle == .dictionary
  if isLeaf {
    let (text, otherText) = (String(reflecting: value), String(reflecting: other))
    return text == otherText ? nil : "\(path.isEmpty ? "/" : path): \(text) / \(otherText)"
  }
  for (child, otherChild) in zip(mirror.children, otherMirror.children) {
    let childPath = path + "/" + (child.label ?? "?")
    if let difference = fuzzDifference(child.value, otherChild.value, at: childPath) {
      return difference
    }
  }
  return nil
}

/// Checks that the digest holds exactly the errors the DEBUG outcomes of `value` account for.
func fuzzCheckOutcomes<T>(
  _ value: T,
  _ digest: ErrorDigest?,
  name: String,
  data: Data,
  expect: (T, inout [FuzzError]) -> Void
) {
  #if DEBUG
    var expected: [FuzzError] = []
    expect(value, &expected)
    expected.sort { $0.description.utf8.lexicographicallyPrecedes($1.description.utf8) }
    let found = fuzzSortedErrors(digest)
    if found != expected {
      fuzzViolation(
        "the digest disagrees with the DEBUG outcomes: reported \(found), outcomes say \(expected)",
        name, data)
    }
  #endif
}

/// Checks the further invariants of a decoded value and its digest.
func fuzzCheckInvariants<T>(
  _ value: T,
  _ digest: ErrorDigest?,
  name: String,
  data: Data,
  invariants: FuzzInvariants<T>
) {
  let violations = invariants(value, digest)
  if !violations.isEmpty {
    fuzzViolation(violations.joined(separator: "\n"), name, data)
  }
}

/// Checks that a digest is consistent with itself.
func fuzzCheckDigest(_ digest: ErrorDigest?, name: String, data: Data) {
  guard let digest else { return }
  let all = digest.entries(includeUnknownNovelValueErrors: true)
  if all.isEmpty { fuzzViolation("a digest with no entries", name, data) }
  let reported = all.filter { !($0.error is UnknownNovelValueError) }
  if digest.errors.count != reported.count || digest.entries.count != reported.count
    || digest.errors(includeUnknownNovelValueErrors: true).count != all.count
  {
    fuzzViolation("errors and entries of a digest disagree", name, data)
  }
  // Every entry's path is its coding path written as documented, and the digest prints.
  for entry in all where entry.path != fuzzPath(entry.codingPath) {
    fuzzViolation("entry path \(entry.path) for \(entry.codingPath)", name, data)
  }
  if digest.description.isEmpty { fuzzViolation("a digest printed nothing", name, data) }
  // A record is on the entry's path.
  for entry in all {
    guard let recordPath = entry.recordPath else {
      if entry.recordID != nil { fuzzViolation("a record id without a path", name, data) }
      continue
    }
    if entry.recordID == nil || !entry.path.hasPrefix(recordPath) {
      fuzzViolation("entry \(entry.path) names the record at \(recordPath)", name, data)
    }
  }
  // Groups count every error, stored or omitted; with nothing omitted, each counts exactly the
  // entries of its pattern and kind.
  let counted = digest.groups.map(\.count).reduce(0, +)
  if counted != all.count + digest.omittedErrorCount {
    fuzzViolation(
      "groups count \(counted) errors; stored \(all.count), omitted \(digest.omittedErrorCount)",
      name, data)
  }
  if digest.omittedErrorCount == 0 {
    var expected: [String: Int] = [:]
    for entry in all {
      expected[fuzzPattern(entry.codingPath) + " " + fuzzKind(entry.error), default: 0] += 1
    }
    let grouped = Dictionary(
      digest.groups.map { ("\($0.pattern) \($0.kind.rawValue)", $0.count) },
      uniquingKeysWith: { _, _ in -1 })
    if grouped != expected {
      fuzzViolation("groups \(grouped), expected from the entries \(expected)", name, data)
    }
  }
}

/// A coding path's pattern as `ErrorDigest.Group.pattern` documents it: array elements as
/// `[*]`, dictionary keys that spell an integer as `*`, other keys as written.
func fuzzPattern(_ codingPath: [any CodingKey]) -> String {
  var pattern = ""
  for key in codingPath {
    if key.intValue != nil, Int(key.stringValue) == nil {
      pattern += "[*]"
    } else {
      let name = Int(key.stringValue) != nil ? "*" : key.stringValue
      pattern += (pattern.isEmpty ? "" : ".") + name
    }
  }
  return pattern
}

/// The kind of an error as `ErrorDigest.Kind` names it.
func fuzzKind(_ error: any Error) -> String {
  switch error {
  case is UnknownNovelValueError: "novelValue"
  case DecodingError.typeMismatch: "typeMismatch"
  case DecodingError.valueNotFound: "valueNotFound"
  case DecodingError.keyNotFound: "keyNotFound"
  case DecodingError.dataCorrupted: "dataCorrupted"
  default: "other"
  }
}

/// A coding path as `ErrorDigest.Entry.path` documents it: array elements (keys with an integer
/// whose text is not one, like `Index 3`) as `[n]`, the others, dictionary keys that spell an
/// integer included, joined by dots as written.
func fuzzPath(_ codingPath: [any CodingKey]) -> String {
  var path = ""
  for key in codingPath {
    if let index = key.intValue, Int(key.stringValue) == nil {
      path += "[\(index)]"
    } else {
      path += (path.isEmpty ? "" : ".") + key.stringValue
    }
  }
  return path
}

/// The errors of a digest, novel values included, in report order.
func fuzzErrors(_ digest: ErrorDigest?) -> [FuzzError] {
  (digest?.entries(includeUnknownNovelValueErrors: true) ?? []).map(FuzzError.init)
}

/// The errors of a digest, in a canonical order.
func fuzzSortedErrors(_ digest: ErrorDigest?) -> [FuzzError] {
  fuzzErrors(digest).sorted { $0.description.utf8.lexicographicallyPrecedes($1.description.utf8) }
}

// MARK: - Errors the DEBUG outcomes account for

#if DEBUG
  /// A property that is not a collection: one error at its path if it recovered from a
  /// reported error.
  func fuzzExpectValue(
    _ outcome: ResilientDecodingOutcome, at path: [String], into errors: inout [FuzzError]
  ) {
    if case .recoveredFrom(let error, true) = outcome {
      errors.append(FuzzError(path: path, error: error))
    }
  }

  /// An array or a set: one error at its path if it was unusable as a whole, otherwise one
  /// per failed element at its index, and whatever the decoded elements reported inside.
  func fuzzExpectElements<Element>(
    _ outcome: ResilientDecodingOutcome,
    _ results: [Result<Element, any Error>],
    at path: [String],
    into errors: inout [FuzzError],
    nested: (Element, [String], inout [FuzzError]) -> Void = { _, _, _ in }
  ) {
    if case .recoveredFrom(let error, true) = outcome {
      errors.append(FuzzError(path: path, error: error))
      return
    }
    for (index, result) in results.enumerated() {
      let elementPath = path + ["Index \(index)"]
      switch result {
      case .success(let element): nested(element, elementPath, &errors)
      case .failure(let error): errors.append(FuzzError(path: elementPath, error: error))
      }
    }
  }

  /// A dictionary: one error at its path if it was unusable as a whole, otherwise one per
  /// failed entry at its key, and whatever the decoded values reported inside.
  func fuzzExpectEntries<Value>(
    _ outcome: ResilientDecodingOutcome,
    _ results: [String: Result<Value, any Error>],
    at path: [String],
    into errors: inout [FuzzError],
    nested: (Value, [String], inout [FuzzError]) -> Void = { _, _, _ in }
  ) {
    if case .recoveredFrom(let error, true) = outcome {
      errors.append(FuzzError(path: path, error: error))
      return
    }
    for (key, result) in results {
      switch result {
      case .success(let value): nested(value, path + [key], &errors)
      case .failure(let error): errors.append(FuzzError(path: path + [key], error: error))
      }
    }
  }

  extension FuzzItem {
    func expectErrors(at path: [String], into errors: inout [FuzzError]) {
      fuzzExpectValue($price.outcome, at: path + ["price"], into: &errors)
      fuzzExpectElements($tags.outcome, $tags.results, at: path + ["tags"], into: &errors)
      fuzzExpectValue($flavor.outcome, at: path + ["flavor"], into: &errors)
      fuzzExpectElements($sizes.outcome, $sizes.results, at: path + ["sizes"], into: &errors)
    }
  }

  extension FuzzModel {
    func expectErrors(at path: [String], into errors: inout [FuzzError]) {
      let item = { (item: FuzzItem, path: [String], errors: inout [FuzzError]) in
        item.expectErrors(at: path, into: &errors)
      }
      fuzzExpectValue($count.outcome, at: ["count"], into: &errors)
      fuzzExpectValue($name.outcome, at: ["name"], into: &errors)
      fuzzExpectValue($color.outcome, at: ["color"], into: &errors)
      fuzzExpectValue($shape.outcome, at: ["shape"], into: &errors)
      fuzzExpectValue($accent.outcome, at: ["accent"], into: &errors)
      fuzzExpectValue($flavor.outcome, at: ["flavor"], into: &errors)
      fuzzExpectValue($size.outcome, at: ["size"], into: &errors)
      fuzzExpectElements($numbers.outcome, $numbers.results, at: ["numbers"], into: &errors)
      fuzzExpectElements($words.outcome, $words.results, at: ["words"], into: &errors)
      fuzzExpectElements($flavors.outcome, $flavors.results, at: ["flavors"], into: &errors)
      fuzzExpectElements($sizes.outcome, $sizes.results, at: ["sizes"], into: &errors)
      fuzzExpectEntries($scores.outcome, $scores.results, at: ["scores"], into: &errors)
      fuzzExpectEntries(
        $colorsByName.outcome, $colorsByName.results, at: ["colorsByName"], into: &errors)
      fuzzExpectEntries(
        $maybeScores.outcome, $maybeScores.results, at: ["maybeScores"], into: &errors)
      fuzzExpectEntries(
        $maybeRatios.outcome, $maybeRatios.results, at: ["maybeRatios"], into: &errors)
      fuzzExpectElements($tags.outcome, $tags.results, at: ["tags"], into: &errors)
      fuzzExpectElements($flavorSet.outcome, $flavorSet.results, at: ["flavorSet"], into: &errors)
      fuzzExpectEntries($namesById.outcome, $namesById.results, at: ["namesById"], into: &errors)
      fuzzExpectEntries(
        $countsByFlavor.outcome, $countsByFlavor.results, at: ["countsByFlavor"], into: &errors)
      fuzzExpectElements(
        $items.outcome, $items.results, at: ["items"], into: &errors, nested: item)
      fuzzExpectValue($child.outcome, at: ["child"], into: &errors)
      if let child { child.expectErrors(at: ["child"], into: &errors) }
      fuzzExpectEntries(
        $itemsByKey.outcome, $itemsByKey.results, at: ["itemsByKey"], into: &errors, nested: item)
      fuzzExpectValue($envelope.outcome, at: ["envelope"], into: &errors)
      if let envelope {
        fuzzExpectElements(
          envelope.$payload.outcome, envelope.$payload.results, at: ["envelope", "payload"],
          into: &errors)
      }
      fuzzExpectValue($link.outcome, at: ["link"], into: &errors)
      fuzzExpectElements($links.outcome, $links.results, at: ["links"], into: &errors)
      fuzzExpectValue($stock.outcome, at: ["stock"], into: &errors)
      fuzzExpectValue($isNew.outcome, at: ["isNew"], into: &errors)
      fuzzExpectValue($label.outcome, at: ["label"], into: &errors)
      fuzzExpectValue($theme.outcome, at: ["theme"], into: &errors)
      theme.expectErrors(at: ["theme"], into: &errors)
      fuzzExpectValue($sidebar.outcome, at: ["sidebar"], into: &errors)
      sidebar?.expectErrors(at: ["sidebar"], into: &errors)
      fuzzExpectValue($cover.outcome, at: ["cover"], into: &errors)
      cover.expectErrors(at: ["cover"], into: &errors)
      fuzzExpectValue($badge.outcome, at: ["badge"], into: &errors)
      badge?.expectErrors(at: ["badge"], into: &errors)
      fuzzExpectElements(
        $attachments.outcome, $attachments.results, at: ["attachments"], into: &errors
      ) { attachment, path, errors in attachment.expectErrors(at: path, into: &errors) }
      fuzzExpectEntries(
        $themesByName.outcome, $themesByName.results, at: ["themesByName"], into: &errors
      ) { theme, path, errors in theme.expectErrors(at: path, into: &errors) }
      fuzzExpectValue($boxed.outcome, at: ["boxed"], into: &errors)
      if let boxed {
        fuzzExpectValue(boxed.$payload.outcome, at: ["boxed", "payload"], into: &errors)
        boxed.payload.expectErrors(at: ["boxed", "payload"], into: &errors)
      }
    }
  }
#else
  extension FuzzModel {
    /// Release builds have no outcomes to compare the digest with.
    func expectErrors(at path: [String], into errors: inout [FuzzError]) {}
  }
#endif
