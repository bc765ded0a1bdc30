// The two ladders of a value that is not a collection, written once for every shape and source:
// a value that may be absent (an optional, a property with a default of its own) and a value
// that falls back (a type with a fallback). Each step of a ladder says what the property holds
// and what it records; a failure is reported through the failure API. DocC: "Choosing a Property
// Kind", "Defaults per property", "Raw-representable enums".

// MARK: - What a property holds

/// What a property holds in each case of its ladder, named by a type so that a property needs
/// no closure for it: the value that decoded, the value of a missing key or `null` (not an
/// error), and the value of a failure (reported).
@usableFromInline
internal protocol _Recovery {
  /// The type of a value that decodes.
  associatedtype Element
  /// The type of the property.
  associatedtype Value
  static func present(_ element: Element) -> Value
  static var absent: Value { get }
  static var failed: Value { get }
}

/// An optional without a fallback: `nil` when absent or failed.
@usableFromInline
internal enum _NoFallback<Element>: _Recovery {
  @inlinable internal static func present(_ element: Element) -> Element? { element }
  @inlinable internal static var absent: Element? { nil }
  @inlinable internal static var failed: Element? { nil }
}

/// An optional of a raw-representable type with a fallback: the fallback when failed.
@usableFromInline
internal enum _RawFallback<Element> {}

extension _RawFallback: _Recovery
where Element: ResilientRawRepresentable, Element.DecodingFallback == Element {
  @inlinable internal static func present(_ element: Element) -> Element? { element }
  @inlinable internal static var absent: Element? { nil }
  @inlinable internal static var failed: Element? { Element.decodingFallback }
}

/// An optional of a ``ResilientDecodable`` type: its fallback when failed.
@usableFromInline
internal enum _DecodableFallback<Element> {}

extension _DecodableFallback: _Recovery where Element: ResilientDecodable {
  @inlinable internal static func present(_ element: Element) -> Element? { element }
  @inlinable internal static var absent: Element? { nil }
  @inlinable internal static var failed: Element? { Element.decodingFallback }
}

/// A property with a default of its own: the provider's value when absent or failed.
@usableFromInline
internal enum _DefaultRecovery<Provider> {}

extension _DefaultRecovery: _Recovery where Provider: ResilientDefaultProvider {
  @inlinable internal static func present(_ element: Provider.Value) -> Provider.Value { element }
  @inlinable internal static var absent: Provider.Value { Provider.defaultValue }
  @inlinable internal static var failed: Provider.Value { Provider.defaultValue }
}

/// An optional of a raw-representable type whose fallback is known only at run time: its
/// fallback when failed if it has one, `nil` otherwise.
enum RunTimeRawFallback<Element: ResilientRawRepresentable>: _Recovery {
  static func present(_ element: Element) -> Element? { element }
  static var absent: Element? { nil }
  static var failed: Element? { Element.decodingFallback as? Element }
}

// MARK: - Where a value is decoded from

/// Where a value that is not a collection is decoded from, and at which position of it: a key
/// of a keyed container (the container itself, inlined in clients) or any
/// ``ResilientValueSource`` (run-time dispatch, at no position of its own).
///
/// The position is passed beside the site rather than stored with it, so that a property's
/// ladder works on the container its `init(from:)` already holds: a struct of the two would be
/// a copy of the container, which the optimiser does not always remove.
@usableFromInline
internal protocol _ValueSite {
  /// Which value of the site: a key, or nothing.
  associatedtype _Position

  /// The value, decoded through `Strategy`.
  func _decode<Strategy: _ResilientElementStrategy>(_: Strategy.Type, at position: _Position)
    throws -> Strategy.Element

  /// The value, decoded through `Strategy`, or `nil` when it is missing or `null`.
  func _decodeIfPresent<Strategy: _ResilientElementStrategy>(
    _: Strategy.Type, at position: _Position
  ) throws -> Strategy.Element?

  /// What an absent value records: `keyNotFound` or `valueWasNil` (DEBUG only asks which).
  func _absentOutcome(at position: _Position) -> _RecordedOutcome

  /// Reports the failure of the value through the failure API, and returns the error as
  /// reported.
  func _report(_ error: any Error, at position: _Position, decodedPrimitive: Bool) -> any Error
}

/// A keyed container is the site of every `@Resilient` property that is not a collection, at
/// the property's key. Transparent throughout, so that unoptimised it runs in the model's own
/// `init(from:)`, where the types are known.
extension KeyedDecodingContainer: _ValueSite {
  @_transparent @usableFromInline
  internal func _decode<Strategy: _ResilientElementStrategy>(_: Strategy.Type, at key: Key)
    throws -> Strategy.Element
  {
    try Strategy.decode(from: self, forKey: key)
  }

  @_transparent @usableFromInline
  internal func _decodeIfPresent<Strategy: _ResilientElementStrategy>(
    _: Strategy.Type, at key: Key
  ) throws -> Strategy.Element? {
    try Strategy.decodeIfPresent(from: self, forKey: key)
  }

  @_transparent @usableFromInline
  internal func _absentOutcome(at key: Key) -> _RecordedOutcome {
    #if DEBUG
      contains(key) ? .valueWasNil : .keyNotFound
    #else
      .keyNotFound
    #endif
  }

  @_transparent @usableFromInline
  internal func _report(_ error: any Error, at key: Key, decodedPrimitive: Bool) -> any Error {
    _reportFailure(error, forKey: key, decodedPrimitive: decodedPrimitive)
  }
}

/// Every source of a resilient value is a site of the ladders, for run-time dispatch.
extension ResilientValueSource {
  func _decode<Strategy: _ResilientElementStrategy>(_: Strategy.Type, at _: Void) throws
    -> Strategy.Element
  {
    try decode(Strategy.self)
  }

  func _decodeIfPresent<Strategy: _ResilientElementStrategy>(_: Strategy.Type, at _: Void) throws
    -> Strategy.Element?
  {
    try decodeIfPresent(Strategy.self)
  }

  func _absentOutcome(at _: Void) -> _RecordedOutcome {
    isMissing ? .keyNotFound : .valueWasNil
  }

  func _report(_ error: any Error, at _: Void, decodedPrimitive: Bool) -> any Error {
    Failures.report(error, decodedPrimitive: decodedPrimitive, at: self)
  }

  /// The ladder of a value that may be absent (see `_decodeMaybeAbsent(_:at:_:recovering:)`),
  /// wrapped.
  func decodeMaybeAbsent<Strategy: _ResilientElementStrategy, Recovery: _Recovery>(
    _: Strategy.Type, recovering _: Recovery.Type
  ) -> Resilient<Recovery.Value> where Recovery.Element == Strategy.Element {
    Resilient(_decodeMaybeAbsent(self, at: (), Strategy.self, recovering: Recovery.self))
  }

  /// The ladder of a value that falls back (see `_decodeOrFallBack(_:at:_:fallback:)`), wrapped.
  func decodeOrFallBack<Strategy: _ResilientElementStrategy>(
    _: Strategy.Type, fallback: @autoclosure () -> Strategy.Element
  ) -> Resilient<Strategy.Element> {
    Resilient(_decodeOrFallBack(self, at: (), Strategy.self, fallback: fallback()))
  }
}

// MARK: - The ladders

/// The ladder of a value that may be absent: the value when it decodes; `Recovery.absent` when
/// it is missing or `null`, which is not an error; `Recovery.failed` when it cannot be decoded,
/// reported. A value that decodes costs one `decodeIfPresent`, as in plain `Codable`; only
/// DEBUG asks again to tell a missing key from a `null`; a failure costs one call into the
/// library, which reports it.
@_transparent @usableFromInline
internal func _decodeMaybeAbsent<
  Site: _ValueSite, Strategy: _ResilientElementStrategy, Recovery: _Recovery
>(
  _ site: Site, at position: Site._Position, _: Strategy.Type, recovering _: Recovery.Type
) -> (value: Recovery.Value, outcome: _RecordedOutcome)
where Recovery.Element == Strategy.Element {
  do {
    if let element = try site._decodeIfPresent(Strategy.self, at: position) {
      return (Recovery.present(element), .decodedSuccessfully)
    }
    return (Recovery.absent, site._absentOutcome(at: position))
  } catch {
    let error = site._report(error, at: position, decodedPrimitive: Strategy.decodesPrimitive)
    return (Recovery.failed, .recoveredFrom(error, wasReported: true))
  }
}

/// The ladder of a value that falls back: the value when it decodes, `fallback` otherwise (a
/// missing key and `null` included), reported.
@_transparent @usableFromInline
internal func _decodeOrFallBack<Site: _ValueSite, Strategy: _ResilientElementStrategy>(
  _ site: Site, at position: Site._Position, _: Strategy.Type,
  fallback: @autoclosure () -> Strategy.Element
) -> (value: Strategy.Element, outcome: _RecordedOutcome) {
  do {
    return (try site._decode(Strategy.self, at: position), .decodedSuccessfully)
  } catch {
    let error = site._report(error, at: position, decodedPrimitive: Strategy.decodesPrimitive)
    return (fallback(), .recoveredFrom(error, wasReported: true))
  }
}

extension KeyedDecodingContainer {
  /// The ladder of a value that may be absent, under `key`, wrapped: the body of the optional
  /// overloads.
  @_transparent @usableFromInline
  internal func _decodeMaybeAbsent<Strategy: _ResilientElementStrategy, Recovery: _Recovery>(
    _: Strategy.Type, forKey key: Key, recovering _: Recovery.Type
  ) -> Resilient<Recovery.Value> where Recovery.Element == Strategy.Element {
    Resilient(
      ResilientDecoding._decodeMaybeAbsent(
        self, at: key, Strategy.self, recovering: Recovery.self))
  }

  /// The ladder of a value that falls back, under `key`, wrapped: the body of the overloads of
  /// types with a fallback.
  @_transparent @usableFromInline
  internal func _decodeOrFallBack<Strategy: _ResilientElementStrategy>(
    _: Strategy.Type, forKey key: Key, fallback: @autoclosure () -> Strategy.Element
  ) -> Resilient<Strategy.Element> {
    Resilient(
      ResilientDecoding._decodeOrFallBack(
        self, at: key, Strategy.self, fallback: fallback()))
  }
}
