// What a property that is not a collection holds in each case of its ladder, and the entrance
// of the ladders to the failure API. The two ladders themselves, a value that may be absent (an
// optional, a property with a default of its own) and a value that falls back (a type with a
// fallback), are written once, in `CalledLadders.swift`, beside the copies that call them.
// DocC: "Choosing a Property Kind", "Defaults per property", "Raw-representable enums".

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
internal enum _DefaultRecovery<Provider> {}

extension _DefaultRecovery: _Recovery where Provider: ResilientDefaultProvider {
  static func present(_ element: Provider.Value) -> Provider.Value { element }
  static var absent: Provider.Value { Provider.defaultValue }
  static var failed: Provider.Value { Provider.defaultValue }
}

/// An optional of a raw-representable type: its fallback when failed if it has one, `nil`
/// otherwise (read only when a value failed). Unconstrained, its conformance conditional, as
/// `_RawFallbackValue` is, so that naming it costs a first decode no conformance scan.
@usableFromInline
internal enum _RawFallbackIfAny<Element> {}

extension _RawFallbackIfAny: _Recovery where Element: ResilientRawRepresentable {
  @usableFromInline internal static func present(_ element: Element) -> Element? { element }
  @usableFromInline internal static var absent: Element? { nil }
  @usableFromInline internal static var failed: Element? { Element.decodingFallback as? Element }
}

// MARK: - Failures of the ladders

extension KeyedDecodingContainer {
  /// Reports that the value under `key` failed with `error`, through the funnel, and returns
  /// the error as reported: the entrance of the ladders to the failure API.
  ///
  /// Out of line, so that a property that decodes carries none of this code. While no reporter
  /// exists, nothing is looked for.
  @usableFromInline
  internal func _reportFailure(_ error: any Error, forKey key: Key, decodedPrimitive: Bool)
    -> any Error
  {
    guard ReporterCensus.all.isPositive else {
      return Failures.plainCodableError(
        error, decodedPrimitive: decodedPrimitive, at: codingPath + [key])
    }
    // The reporter, and the path once there is one, read here rather than in the closures:
    // unspecialised, each call of a closure that captures the container looks up the
    // container's metadata, 2 of the 3 lookups a failed optional's report made.
    let reporter = findReporter(forKey: key)
    var path: (path: [any CodingKey], facts: CodingPathFacts)?
    if reporter != nil {
      path = decoderPath(of: error, decodedPrimitive: decodedPrimitive, forKey: key)
    }
    return Failures.report(
      error, decodedPrimitive: decodedPrimitive,
      codingPath: {
        path ?? decoderPath(of: error, decodedPrimitive: decodedPrimitive, forKey: key)
      },
      reporter: { reporter }, record: { enclosingRecord(for: $0) })
  }

  /// The path of the value under `key`: the path of the decoder's own error when it can stand
  /// for it, otherwise the container's path and the key. A decoder's own `DecodingError` for a
  /// standard library primitive (`decodedPrimitive`: no `init(from:)` of the user's ran, so
  /// nothing nested threw it) whose path ends with `key` is at the value: reading it costs
  /// nothing, where the container's path costs a decoder a walk of its own path, and the
  /// digest a comparison of the two paths, on every failed value.
  private func decoderPath(of error: any Error, decodedPrimitive: Bool, forKey key: Key)
    -> (path: [any CodingKey], facts: CodingPathFacts)
  {
    // The last key read by index: unoptimised, `last` is a generic call.
    guard decodedPrimitive, let path = error.decodingContextPath, !path.isEmpty,
      isSameKey(path[path.count - 1], key)
    else { return (codingPath + [key], CodingPathFacts()) }
    return (path, CodingPathFacts(isErrorsPath: true))
  }
}

extension ValueSite {
  /// The ladder of a value that may be absent, wrapped.
  func decodeMaybeAbsent<Strategy: _ResilientElementStrategy, Recovery: _Recovery>(
    _: Strategy.Type, recovering _: Recovery.Type
  ) -> Resilient<Recovery.Value> where Recovery.Element == Strategy.Element {
    Resilient(decodeValueMaybeAbsent(Strategy.self, recovering: Recovery.self))
  }

  /// The ladder of a value that falls back, wrapped.
  func decodeOrFallBack<Strategy: _ResilientElementStrategy>(
    _: Strategy.Type, fallback: @autoclosure () -> Strategy.Element
  ) -> Resilient<Strategy.Element> {
    Resilient(decodeValueOrFallBack(Strategy.self, fallback: fallback()))
  }
}
