import Foundation
import ResilientDecoding
import Testing

/// The decoders the matrices of shapes and situations run through, each reading the same JSON
/// document: `JSONDecoder`, `PropertyListDecoder` (the document as a binary property list), and
/// ``TreeDecoder`` strict (no nested containers for keys, no `count`) or advancing (moving past
/// failed elements, and throwing its errors for primitives under a key at their container's
/// path).
enum TestDecoder: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case json
  case propertyList
  case strict
  case advancing

  /// What one decode gave.
  struct Decoded<Value> {
    let value: Value
    /// The digest of what was reported (`nil` when nothing was).
    let digest: ErrorDigest?
    /// The paths at which a super-decoder was asked for, for the decoders that can tell.
    let superDecoderCalls: [String]
  }

  /// Decodes `type` from a JSON document with a reporter for this call only; `nil` when this
  /// decoder's format cannot hold the document (a `null` in a property list).
  func decode<T: Decodable>(_ type: T.Type, json: String) throws -> Decoded<T>? {
    switch self {
    case .json:
      let (value, digest) = try ResilientDecodingTests.decode(type, json: json)
      return Decoded(value: value, digest: digest, superDecoderCalls: [])
    case .propertyList:
      guard let data = try Tree(json: json).binaryPropertyList() else { return nil }
      let (value, digest) = try PropertyListDecoder().decode(
        type, from: data, reportResilientDecodingErrors: true)
      return Decoded(value: value, digest: digest, superDecoderCalls: [])
    case .strict, .advancing:
      return try TreeDecoder.decode(type, from: try Tree(json: json), quirks: quirks)
    }
  }

  /// Decodes `type` from a JSON document with `reporter` registered in the decoder's
  /// `userInfo`; `nil` when this decoder's format cannot hold the document.
  func decode<T: Decodable>(
    _ type: T.Type, json: String, reportingTo reporter: ResilientDecodingErrorReporter
  ) throws -> T? {
    switch self {
    case .json:
      let decoder = JSONDecoder()
      decoder.userInfo[.resilientDecodingErrorReporter] = reporter
      return try decoder.decode(type, from: Data(json.utf8))
    case .propertyList:
      guard let data = try Tree(json: json).binaryPropertyList() else { return nil }
      let decoder = PropertyListDecoder()
      decoder.userInfo[.resilientDecodingErrorReporter] = reporter
      return try decoder.decode(type, from: data)
    case .strict, .advancing:
      let decoder = TreeDecoder(
        try Tree(json: json), userInfo: [.resilientDecodingErrorReporter: reporter],
        quirks: quirks)
      return try T(from: decoder)
    }
  }

  /// The quirks of the tree decoders; none for the others.
  var quirks: TreeDecoder.Quirks {
    switch self {
    case .json, .propertyList: []
    case .strict: .strict
    case .advancing: [.movesPastFailedElements, .placesPrimitiveErrorsAtTheirContainer]
    }
  }

  var testDescription: String { rawValue }
}

extension Tree {
  /// The document as a binary property list; `nil` if it holds `null`, which property lists
  /// cannot. A string that spells an `http` or `https` URL is written as `PropertyListEncoder`
  /// writes a `URL`, since that is how `PropertyListDecoder` reads one.
  func binaryPropertyList() throws -> Data? {
    guard let object = propertyListObject else { return nil }
    return try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
  }

  /// The document as the Foundation objects a property list is written from.
  private var propertyListObject: Any? {
    switch self {
    case .null: return nil
    case .bool(let bool): return bool
    case .int(let int): return int
    case .double(let double): return double
    case .string(let string):
      let isURL = string.hasPrefix("https://") || string.hasPrefix("http://")
      return isURL ? ["relative": string] : string
    case .array(let elements):
      let objects = elements.compactMap(\.propertyListObject)
      return objects.count == elements.count ? objects : nil
    case .object(let members):
      var objects: [String: Any] = [:]
      for (key, value) in members {
        guard let object = value.propertyListObject else { return nil }
        objects[key] = object
      }
      return objects
    }
  }
}

extension TestDecoder.Decoded where Value: Equatable {
  /// Expects this decode to give what `JSONDecoder` gave for the same document (`expected`):
  /// the same value, the same reports (novel values included) and digest text, and no
  /// super-decoder asked for.
  func expectSame(
    as expected: (value: Value, digest: ErrorDigest?),
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(value == expected.value, sourceLocation: sourceLocation)
    #expect(
      reports(digest, includingNovel: true) == reports(expected.digest, includingNovel: true),
      sourceLocation: sourceLocation)
    #expect(digest?.description == expected.digest?.description, sourceLocation: sourceLocation)
    #expect(superDecoderCalls == [], sourceLocation: sourceLocation)
  }
}
