// Where a resilient value is read from. Every shape's behaviour is written once against this
// protocol and serves both keyed properties and whole decoders. Only the protocol's required
// surface of a decoder is relied on: `superDecoder`, nested containers for a key and `count`
// are conveniences some decoders refuse or implement poorly (DocC: "Using Other Decoders").

/// Where a resilient value is decoded from: a key of a keyed container (a `@Resilient`
/// property, ``KeyedSite``) or a whole decoder (a top-level value, an element, a generic
/// property, ``DecoderSite``). The sites are the failure API's: a value is reported where it
/// is read from.
///
/// Every resilient behaviour is written once against this protocol.
protocol ResilientValueSource: FailureSite, _ValueSite where _Position == Void {
  /// Whether the value is absent (a missing key). A decoder always has a value.
  var isMissing: Bool { get }

  /// Whether the value is `null`.
  func decodeNil() throws -> Bool

  /// Decodes an element through a strategy.
  func decode<Strategy: _ResilientElementStrategy>(_ strategy: Strategy.Type) throws
    -> Strategy.Element

  /// Decodes an element through a strategy, or returns `nil` if the value is missing or `null`.
  func decodeIfPresent<Strategy: _ResilientElementStrategy>(_ strategy: Strategy.Type) throws
    -> Strategy.Element?

  /// Decodes a plain `Decodable` value.
  func decodePlain<T: Decodable>(_ type: T.Type) throws -> T

  /// The value as an unkeyed container.
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer

  /// The value decoded as one `Decodable`, for a decoder that refuses a nested container for a
  /// key but decodes the value whole (GRDB's JSON columns); `nil` where there is no such second
  /// chance (a whole decoder).
  func decodeValueWhole<T: Decodable>(_ type: T.Type) -> Result<T, any Error>?

}

/// A value stored under a key of a keyed container (a site declared by the failure API).
extension KeyedSite: ResilientValueSource {
  var isMissing: Bool { !container.contains(key) }

  func decodeNil() throws -> Bool { try container.decodeNil(forKey: key) }

  func decode<Strategy: _ResilientElementStrategy>(_: Strategy.Type) throws -> Strategy.Element {
    try Strategy.decode(from: container, forKey: key)
  }

  func decodeIfPresent<Strategy: _ResilientElementStrategy>(_: Strategy.Type) throws
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
}

/// A value that a decoder holds on its own (a site declared by the failure API).
extension DecoderSite: ResilientValueSource {
  var isMissing: Bool { false }

  func decodeNil() throws -> Bool { try decoder.singleValueContainer().decodeNil() }

  func decode<Strategy: _ResilientElementStrategy>(_: Strategy.Type) throws -> Strategy.Element {
    try Strategy.decode(from: decoder.singleValueContainer())
  }

  func decodeIfPresent<Strategy: _ResilientElementStrategy>(_: Strategy.Type) throws
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
    let error = Failures.report(error, at: self)
    return .init(invalid, outcome: .recoveredFrom(error, wasReported: true))
  }
}
