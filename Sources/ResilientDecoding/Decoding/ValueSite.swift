// Where a resilient value is read from, and what failure handling needs to know about it: its
// path, the reporter of its decoder and the record around it. Every behaviour of a collection
// and of run-time dispatch is written once against `ValueSite`; the properties that clients
// inline read their keyed container directly (`CalledLadders.swift`). Only the protocols' required
// surface of a decoder is relied on: `superDecoder`, nested containers for a key and `count`
// are conveniences some decoders refuse or implement poorly (DocC: "Using Other Decoders").

/// Where a resilient value is decoded from: a key of a keyed container (a `@Resilient`
/// property, ``KeyedSite``) or a whole decoder (a top-level value, an element, a generic
/// property, ``DecoderSite``). A value is reported where it is read from.
protocol ValueSite {
  /// The coding path of the value.
  var codingPath: [any CodingKey] { get }

  /// Whether ``codingPath`` stays right while a value inside decodes: a container keeps its
  /// own path, where a decoder may be reused for every level (`JSONDecoder` is).
  var keepsPathWhileDecodingInside: Bool { get }

  /// The reporter registered in the `userInfo` of the value's decoder, if any.
  func findReporter() -> ResilientDecodingErrorReporter?

  /// The record holding the value, if `reporter` names records and the record can be read
  /// here.
  func enclosingRecord(for reporter: ResilientDecodingErrorReporter) -> ReportedRecord?

  /// Whether the value is absent (a missing key). A decoder always has a value.
  var isMissing: Bool { get }

  /// Whether the value is `null`.
  func decodeNil() throws -> Bool

  /// Decodes a plain `Decodable` value.
  func decodePlain<T: Decodable>(_ type: T.Type) throws -> T

  /// The value as an unkeyed container.
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer

  /// The value decoded as one `Decodable`, for a decoder that refuses a nested container for a
  /// key but decodes the value whole (GRDB's JSON columns); `nil` where there is no such second
  /// chance (a whole decoder).
  func decodeValueWhole<T: Decodable>(_ type: T.Type) -> Result<T, any Error>?

  /// The ladder of a value that may be absent (see
  /// `KeyedDecodingContainer._decodeMaybeAbsentValue(_:forKey:recovering:primitive:)`).
  func decodeValueMaybeAbsent<Strategy: _ResilientElementStrategy, Recovery: _Recovery>(
    _: Strategy.Type, recovering _: Recovery.Type
  ) -> (value: Recovery.Value, outcome: _RecordedOutcome)
  where Recovery.Element == Strategy.Element

  /// The ladder of a value that falls back (see
  /// `KeyedDecodingContainer._decodeOrFallBackValue(_:forKey:fallback:)`).
  func decodeValueOrFallBack<Strategy: _ResilientElementStrategy>(
    _: Strategy.Type, fallback: @autoclosure () -> Strategy.Element
  ) -> (value: Strategy.Element, outcome: _RecordedOutcome)
}

extension ValueSite {
  /// Reports that the value failed with `error`, through the funnel, and returns the error as
  /// reported.
  @discardableResult
  func report(_ error: any Error, decodedPrimitive: @autoclosure () -> Bool = false)
    -> any Error
  {
    Failures.report(
      error, decodedPrimitive: decodedPrimitive(), codingPath: { (codingPath, CodingPathFacts()) },
      reporter: { findReporter() }, record: { enclosingRecord(for: $0) })
  }

  /// The outcome of a value that could not be decoded as a whole: the `absent` value with
  /// `keyNotFound` or `valueWasNil` when it was missing or `null`, otherwise the `invalid`
  /// value, with the error reported.
  func recoverWholeValue<Value>(from error: any Error, absent: Value, invalid: Value)
    -> Resilient<Value>
  {
    if isMissing { return .init(absent, outcome: .keyNotFound) }
    if (try? decodeNil()) == true { return .init(absent, outcome: .valueWasNil) }
    let error = report(error)
    return .init(invalid, outcome: .recoveredFrom(error, wasReported: true))
  }
}

/// A value stored under a key of a keyed container.
struct KeyedSite<Key: CodingKey>: ValueSite {
  let container: KeyedDecodingContainer<Key>
  let key: Key

  var codingPath: [any CodingKey] { container.codingPath + [key] }

  var keepsPathWhileDecodingInside: Bool { true }

  func findReporter() -> ResilientDecodingErrorReporter? {
    container.findReporter(forKey: key)
  }

  /// The record the container reads, through the keys its type declares.
  func enclosingRecord(for reporter: ResilientDecodingErrorReporter) -> ReportedRecord? {
    container.enclosingRecord(for: reporter)
  }

  var isMissing: Bool { !container.contains(key) }

  func decodeNil() throws -> Bool { try container.decodeNil(forKey: key) }

  func decodePlain<T: Decodable>(_ type: T.Type) throws -> T {
    try container.decode(type, forKey: key)
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try container.nestedUnkeyedContainer(forKey: key)
  }

  func decodeValueWhole<T: Decodable>(_ type: T.Type) -> Result<T, any Error>? {
    Result { try container.decode(type, forKey: key) }
  }

  func decodeValueMaybeAbsent<Strategy: _ResilientElementStrategy, Recovery: _Recovery>(
    _: Strategy.Type, recovering _: Recovery.Type
  ) -> (value: Recovery.Value, outcome: _RecordedOutcome)
  where Recovery.Element == Strategy.Element {
    container._decodeMaybeAbsentValue(Strategy.self, forKey: key, recovering: Recovery.self)
  }

  func decodeValueOrFallBack<Strategy: _ResilientElementStrategy>(
    _: Strategy.Type, fallback: @autoclosure () -> Strategy.Element
  ) -> (value: Strategy.Element, outcome: _RecordedOutcome) {
    container._decodeOrFallBackValue(Strategy.self, forKey: key, fallback: fallback())
  }
}

/// A value a decoder holds on its own: a top-level value, an element, a generic property.
struct DecoderSite: ValueSite {
  let decoder: any Decoder

  var codingPath: [any CodingKey] { decoder.codingPath }

  var keepsPathWhileDecodingInside: Bool { false }

  func findReporter() -> ResilientDecodingErrorReporter? {
    decoder.resilientDecodingErrorReporter
  }

  /// `nil`: a decoder does not know the record around its value; an element of a `@Resilient`
  /// collection around it names it (see `IdentifiedElement`).
  func enclosingRecord(for reporter: ResilientDecodingErrorReporter) -> ReportedRecord? {
    nil
  }

  var isMissing: Bool { false }

  func decodeNil() throws -> Bool { try decoder.singleValueContainer().decodeNil() }

  func decodePlain<T: Decodable>(_ type: T.Type) throws -> T {
    try decoder.singleValueContainer().decode(type)
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try decoder.unkeyedContainer()
  }

  /// `nil`: a decoder that refuses its own unkeyed container holds no array.
  func decodeValueWhole<T: Decodable>(_ type: T.Type) -> Result<T, any Error>? { nil }

  /// The ladder of a value that may be absent, on the decoder's single-value container:
  /// `null` is the absent value, and a decoder's value is never missing.
  func decodeValueMaybeAbsent<Strategy: _ResilientElementStrategy, Recovery: _Recovery>(
    _: Strategy.Type, recovering _: Recovery.Type
  ) -> (value: Recovery.Value, outcome: _RecordedOutcome)
  where Recovery.Element == Strategy.Element {
    do {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() { return (Recovery.absent, .valueWasNil) }
      return (Recovery.present(try Strategy.decode(from: container)), .decodedSuccessfully)
    } catch {
      let error = report(error, decodedPrimitive: Strategy.errorsAreTheDecoders)
      return (Recovery.failed, .recoveredFrom(error, wasReported: true))
    }
  }

  /// The ladder of a value that falls back, on the decoder's single-value container.
  func decodeValueOrFallBack<Strategy: _ResilientElementStrategy>(
    _: Strategy.Type, fallback: @autoclosure () -> Strategy.Element
  ) -> (value: Strategy.Element, outcome: _RecordedOutcome) {
    do {
      return (try Strategy.decode(from: decoder.singleValueContainer()), .decodedSuccessfully)
    } catch {
      let error = report(error, decodedPrimitive: Strategy.errorsAreTheDecoders)
      return (fallback(), .recoveredFrom(error, wasReported: true))
    }
  }
}
