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
@usableFromInline
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
}

/// A value stored under a key of a keyed container.
@usableFromInline
struct KeyedValueSource<Key: CodingKey>: ResilientValueSource {
  @usableFromInline let container: KeyedDecodingContainer<Key>
  @usableFromInline let key: Key

  @inlinable
  init(container: KeyedDecodingContainer<Key>, key: Key) {
    self.container = container
    self.key = key
  }

  @inlinable
  var isMissing: Bool { !container.contains(key) }

  @inlinable
  func decodeNil() throws -> Bool { try container.decodeNil(forKey: key) }

  @inlinable
  func decode<Strategy: ResilientElementStrategy>(_: Strategy.Type) throws -> Strategy.Element {
    try Strategy.decode(from: container, forKey: key)
  }

  @inlinable
  func decodeIfPresent<Strategy: ResilientElementStrategy>(_: Strategy.Type) throws
    -> Strategy.Element?
  {
    try Strategy.decodeIfPresent(from: container, forKey: key)
  }

  @inlinable
  func decodePlain<T: Decodable>(_ type: T.Type) throws -> T {
    try container.decode(type, forKey: key)
  }

  @inlinable
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try container.nestedUnkeyedContainer(forKey: key)
  }

  @inlinable
  func decodeValueWhole<T: Decodable>(_ type: T.Type) -> Result<T, any Error>? {
    Result { try container.decode(type, forKey: key) }
  }

  @inlinable
  var codingPath: [any CodingKey] { container.codingPath + [key] }

  /// Finds the reporter through a decoder the container makes for a value, never trusting a
  /// super-decoder with a path: the value's own decoder when the key is there, else the first
  /// other key's that decodes, which shares its `userInfo`. Only a missing key with none of
  /// its type's other keys there asks for a super-decoder, which some decoders refuse (Yams)
  /// or do not implement (TOMLKit traps). While no reporter exists, none of this runs.
  @usableFromInline
  func findReporter() -> ResilientDecodingErrorReporter? {
    guard ResilientDecodingErrorReporter.anyExists else { return nil }
    if container.contains(key), let probe = try? container.decode(ReporterProbe.self, forKey: key) {
      return probe.reporter
    }
    for other in container.allKeys where other.stringValue != key.stringValue {
      if let probe = try? container.decode(ReporterProbe.self, forKey: other) {
        return probe.reporter
      }
    }
    return (try? container.superDecoder(forKey: key))?.resilientDecodingErrorReporter
  }
}

/// A value decoded only to read its decoder's `userInfo`: it reads nothing and never fails.
@usableFromInline
struct ReporterProbe: Decodable {
  @usableFromInline let reporter: ResilientDecodingErrorReporter?

  @usableFromInline
  init(from decoder: any Decoder) {
    reporter = decoder.resilientDecodingErrorReporter
  }
}

/// A value that a decoder holds on its own.
@usableFromInline
struct DecoderSource: ResilientValueSource {
  @usableFromInline let decoder: any Decoder

  @inlinable
  init(decoder: any Decoder) {
    self.decoder = decoder
  }

  @inlinable
  var isMissing: Bool { false }

  @inlinable
  func decodeNil() throws -> Bool { try decoder.singleValueContainer().decodeNil() }

  @inlinable
  func decode<Strategy: ResilientElementStrategy>(_: Strategy.Type) throws -> Strategy.Element {
    try Strategy.decode(from: decoder.singleValueContainer())
  }

  @inlinable
  func decodeIfPresent<Strategy: ResilientElementStrategy>(_: Strategy.Type) throws
    -> Strategy.Element?
  {
    let container = try decoder.singleValueContainer()
    return container.decodeNil() ? nil : try Strategy.decode(from: container)
  }

  @inlinable
  func decodePlain<T: Decodable>(_ type: T.Type) throws -> T {
    try decoder.singleValueContainer().decode(type)
  }

  @inlinable
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try decoder.unkeyedContainer()
  }

  /// `nil`: a decoder that refuses its own unkeyed container holds no array.
  @inlinable
  func decodeValueWhole<T: Decodable>(_ type: T.Type) -> Result<T, any Error>? { nil }

  @inlinable
  var codingPath: [any CodingKey] { decoder.codingPath }

  @inlinable
  func findReporter() -> ResilientDecodingErrorReporter? {
    decoder.resilientDecodingErrorReporter
  }
}

extension ResilientValueSource {
  /// Reports an error at the value's own coding path and returns it.
  @usableFromInline
  @discardableResult
  func report(_ error: any Error) -> any Error {
    findReporter()?.report(error, at: codingPath)
    return error
  }

  /// The outcome of a value that could not be decoded as a whole: the `absent` value with
  /// `keyNotFound` or `valueWasNil` when it was missing or `null`, otherwise the `invalid`
  /// value, with the error reported.
  @usableFromInline
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
