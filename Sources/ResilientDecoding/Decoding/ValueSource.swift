// Where a resilient value is read from. Every shape's behaviour is written once against this
// protocol and serves both keyed properties and whole decoders. Only the protocol's required
// surface of a decoder is relied on: `superDecoder`, nested containers for a key and `count`
// are conveniences some decoders refuse or implement poorly (README: "Decoders").

/// Where a resilient value is decoded from: a key of a keyed container (a `@Resilient`
/// property) or a whole decoder (a top-level value, an element, a generic property).
///
/// Every resilient behaviour is written once against this protocol. The keyed source is the
/// fast path: its methods are thin, inlinable forwards to the container, so the specialised
/// overloads compile to the same calls plain `Codable` makes.
protocol ResilientValueSource {
  /// Whether the value is absent (a missing key). A decoder always has a value.
  var isMissing: Bool { get }

  /// Whether the value is `null`.
  func decodeNil() throws -> Bool

  /// Decodes an element through a strategy.
  func decode<Strategy: ResilientElementStrategy>(_ strategy: Strategy.Type) throws
    -> Strategy.Element

  /// Decodes an element through a strategy, or returns `nil` if the value is missing or `null`.
  func decodeIfPresent<Strategy: ResilientElementStrategy>(_ strategy: Strategy.Type) throws
    -> Strategy.Element?

  /// Decodes a plain `Decodable` value.
  func decodePlain<T: Decodable>(_ type: T.Type) throws -> T

  /// The value as an unkeyed container.
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer

  /// The value decoded as one `Decodable`, for a decoder that refuses a nested container for a
  /// key but decodes the value whole (GRDB's JSON columns); `nil` where there is no such second
  /// chance (a whole decoder).
  func decodeValueWhole<T: Decodable>(_ type: T.Type) -> Result<T, any Error>?

  /// The coding path of the value: the container's own path and the key, or the decoder's.
  var codingPath: [any CodingKey] { get }

  /// The reporter registered in the decoder's `userInfo`, if any.
  func findReporter() -> ResilientDecodingErrorReporter?

  /// The record holding the value, if `reporter` names records and the record is known here.
  func enclosingRecord(for reporter: ResilientDecodingErrorReporter) -> ReportedRecord?
}

/// A value stored under a key of a keyed container.
struct KeyedValueSource<Key: CodingKey>: ResilientValueSource {
  let container: KeyedDecodingContainer<Key>
  let key: Key

  init(container: KeyedDecodingContainer<Key>, key: Key) {
    self.container = container
    self.key = key
  }

  var isMissing: Bool { !container.contains(key) }

  func decodeNil() throws -> Bool { try container.decodeNil(forKey: key) }

  func decode<Strategy: ResilientElementStrategy>(_: Strategy.Type) throws -> Strategy.Element {
    try Strategy.decode(from: container, forKey: key)
  }

  func decodeIfPresent<Strategy: ResilientElementStrategy>(_: Strategy.Type) throws
    -> Strategy.Element?
  {
    try Strategy.decodeIfPresent(from: container, forKey: key)
  }

  func decodePlain<T: Decodable>(_ type: T.Type) throws -> T {
    try container.decode(type, forKey: key)
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try container.nestedUnkeyedContainer(forKey: key)
  }

  func decodeValueWhole<T: Decodable>(_ type: T.Type) -> Result<T, any Error>? {
    Result { try container.decode(type, forKey: key) }
  }

  var codingPath: [any CodingKey] { container.codingPath + [key] }
}

/// A value that a decoder holds on its own.
struct DecoderSource: ResilientValueSource {
  let decoder: any Decoder

  init(decoder: any Decoder) {
    self.decoder = decoder
  }

  var isMissing: Bool { false }

  func decodeNil() throws -> Bool { try decoder.singleValueContainer().decodeNil() }

  func decode<Strategy: ResilientElementStrategy>(_: Strategy.Type) throws -> Strategy.Element {
    try Strategy.decode(from: decoder.singleValueContainer())
  }

  func decodeIfPresent<Strategy: ResilientElementStrategy>(_: Strategy.Type) throws
    -> Strategy.Element?
  {
    let container = try decoder.singleValueContainer()
    return container.decodeNil() ? nil : try Strategy.decode(from: container)
  }

  func decodePlain<T: Decodable>(_ type: T.Type) throws -> T {
    try decoder.singleValueContainer().decode(type)
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try decoder.unkeyedContainer()
  }

  /// `nil`: a decoder that refuses its own unkeyed container holds no array.
  func decodeValueWhole<T: Decodable>(_ type: T.Type) -> Result<T, any Error>? { nil }

  var codingPath: [any CodingKey] { decoder.codingPath }
}

extension ResilientValueSource {
  /// The outcome of a value that could not be decoded as a whole: the `absent` value with
  /// `keyNotFound` or `valueWasNil` when it was missing or `null`, otherwise the `invalid`
  /// value, with the error reported.
  func recoverWholeValue<Value>(
    from error: any Error,
    absent: Value,
    invalid: Value
  ) -> Resilient<Value> {
    if isMissing { return .init(absent, outcome: .keyNotFound) }
    if (try? decodeNil()) == true { return .init(absent, outcome: .valueWasNil) }
    report(error)
    return .init(invalid, outcome: .recoveredFrom(error, wasReported: true))
  }
}
