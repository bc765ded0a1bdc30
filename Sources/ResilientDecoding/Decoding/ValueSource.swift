// Where a resilient value is read from. Every shape's behaviour is written once against this
// protocol and serves both keyed properties and whole decoders.

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

  /// A decoder positioned at the value, used to report errors and to find the reporter.
  func reportingDecoder() -> (any Decoder)?
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

  @usableFromInline
  func reportingDecoder() -> (any Decoder)? {
    try? container.superDecoder(forKey: key)
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

  @inlinable
  func reportingDecoder() -> (any Decoder)? {
    decoder
  }
}

extension ResilientValueSource {
  /// Reports an error at the value's own coding path and returns it.
  @usableFromInline
  @discardableResult
  func report(_ error: any Error) -> any Error {
    reportingDecoder()?.reportError(error)
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
