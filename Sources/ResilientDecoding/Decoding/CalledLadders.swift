// The ladders of values that are not collections, compiled once in the library and called by
// the public overloads, so that a client compiles a call per property instead of a ladder.
// The standard library's primitives run a copy of the ladder made for each of them here, so
// that they decode through the containers' concrete overloads, as plain `Codable` does, with no
// generic metadata to look up; any other type runs the generic ladder.

extension KeyedDecodingContainer {
  /// Decodes a `@Resilient` optional of a plain `Decodable` into `wrapper`, which holds `nil`.
  @usableFromInline
  internal func _decodeOptional<T: Decodable>(
    _: T.Type, into wrapper: UnsafeMutablePointer<Resilient<T?>>, forKey key: Key
  ) {
    guard let primitive = _StandardPrimitive(T.self) else {
      return _storeOptionalOfAnyType(T.self, into: wrapper, forKey: key)
    }
    // A copy's wrapper is a `Resilient<V?>` where `V` is `T`: written through a raw pointer, it
    // needs no metadata of `Resilient<T?>`.
    let result = UnsafeMutableRawPointer(wrapper)
    switch primitive {
    case .string: _store(_decodeOptional(of: String.self, forKey: key), in: result)
    case .bool: _store(_decodeOptional(of: Bool.self, forKey: key), in: result)
    case .double: _store(_decodeOptional(of: Double.self, forKey: key), in: result)
    case .float: _store(_decodeOptional(of: Float.self, forKey: key), in: result)
    case .int: _store(_decodeOptional(of: Int.self, forKey: key), in: result)
    case .int8: _store(_decodeOptional(of: Int8.self, forKey: key), in: result)
    case .int16: _store(_decodeOptional(of: Int16.self, forKey: key), in: result)
    case .int32: _store(_decodeOptional(of: Int32.self, forKey: key), in: result)
    case .int64: _store(_decodeOptional(of: Int64.self, forKey: key), in: result)
    case .uint: _store(_decodeOptional(of: UInt.self, forKey: key), in: result)
    case .uint8: _store(_decodeOptional(of: UInt8.self, forKey: key), in: result)
    case .uint16: _store(_decodeOptional(of: UInt16.self, forKey: key), in: result)
    case .uint32: _store(_decodeOptional(of: UInt32.self, forKey: key), in: result)
    case .uint64: _store(_decodeOptional(of: UInt64.self, forKey: key), in: result)
    }
  }

  /// The ladder of an optional of `V`, for a `V` known where it is called.
  @_transparent
  private func _decodeOptional<V: Decodable>(of _: V.Type, forKey key: Key) -> Resilient<V?> {
    _decodeMaybeAbsent(_PlainElement<V>.self, forKey: key, recovering: _NoFallback<V>.self)
  }

  /// Decodes a `@ResilientDefault` property into `wrapper`, which holds the default.
  @usableFromInline
  internal func _decodeDefault<Provider: ResilientDefaultProvider>(
    _: Provider.Type, into wrapper: UnsafeMutablePointer<ResilientDefault<Provider>>,
    forKey key: Key
  ) {
    guard let primitive = _StandardPrimitive(Provider.Value.self) else {
      return _decodeDefaultOfAnyType(Provider.self, into: wrapper, forKey: key)
    }
    let result = UnsafeMutableRawPointer(wrapper)
    switch primitive {
    case .string: _decodeDefault(of: String.self, Provider.self, into: result, forKey: key)
    case .bool: _decodeDefault(of: Bool.self, Provider.self, into: result, forKey: key)
    case .double: _decodeDefault(of: Double.self, Provider.self, into: result, forKey: key)
    case .float: _decodeDefault(of: Float.self, Provider.self, into: result, forKey: key)
    case .int: _decodeDefault(of: Int.self, Provider.self, into: result, forKey: key)
    case .int8: _decodeDefault(of: Int8.self, Provider.self, into: result, forKey: key)
    case .int16: _decodeDefault(of: Int16.self, Provider.self, into: result, forKey: key)
    case .int32: _decodeDefault(of: Int32.self, Provider.self, into: result, forKey: key)
    case .int64: _decodeDefault(of: Int64.self, Provider.self, into: result, forKey: key)
    case .uint: _decodeDefault(of: UInt.self, Provider.self, into: result, forKey: key)
    case .uint8: _decodeDefault(of: UInt8.self, Provider.self, into: result, forKey: key)
    case .uint16: _decodeDefault(of: UInt16.self, Provider.self, into: result, forKey: key)
    case .uint32: _decodeDefault(of: UInt32.self, Provider.self, into: result, forKey: key)
    case .uint64: _decodeDefault(of: UInt64.self, Provider.self, into: result, forKey: key)
    }
  }

  /// The ladder of a default whose value type is `V`, for a `V` known where it is called: the
  /// value is written where the wrapper keeps it, first.
  @_transparent
  private func _decodeDefault<V: Decodable, Provider: ResilientDefaultProvider>(
    of _: V.Type, _: Provider.Type, into result: UnsafeMutableRawPointer, forKey key: Key
  ) {
    let decoded = _decodeMaybeAbsentValue(
      _PlainElement<V>.self, forKey: key, recovering: _DefaultOf<Provider, V>.self)
    _store(decoded.value, in: result)
    #if DEBUG
      result.assumingMemoryBound(to: ResilientDefault<Provider>.self).pointee._outcome =
        decoded.outcome
    #endif
  }

  /// The ladder of an optional of a type that is not a primitive, apart: a generic function
  /// looks up the metadata of every type it may need where it starts.
  @inline(never)
  private func _storeOptionalOfAnyType<T: Decodable>(
    _: T.Type, into wrapper: UnsafeMutablePointer<Resilient<T?>>, forKey key: Key
  ) {
    wrapper.pointee = _decodeOptionalOfAnyType(T.self, forKey: key)
  }

  /// The ladder of an optional of a type that is not a primitive, inlinable: a client
  /// specialises it for the type, which decodes with no generic metadata to look up. An
  /// unoptimised client calls it.
  @inlinable
  internal func _decodeOptionalOfAnyType<T: Decodable>(_: T.Type, forKey key: Key) -> Resilient<T?>
  {
    _decodeMaybeAbsent(_PlainElement<T>.self, forKey: key, recovering: _NoFallback<T>.self)
  }

  /// The ladder of a default whose value type is not a primitive, apart.
  @inline(never)
  private func _decodeDefaultOfAnyType<Provider: ResilientDefaultProvider>(
    _: Provider.Type, into wrapper: UnsafeMutablePointer<ResilientDefault<Provider>>,
    forKey key: Key
  ) {
    wrapper.pointee = ResilientDefault(
      _decodeMaybeAbsentValue(
        _PlainElement<Provider.Value>.self, forKey: key,
        recovering: _DefaultRecovery<Provider>.self))
  }

  /// The ladder of a value that may be absent, for any strategy and recovery, called.
  @usableFromInline
  internal func _decodeMaybeAbsentCalled<
    Strategy: _ResilientElementStrategy, Recovery: _Recovery
  >(_: Strategy.Type, forKey key: Key, recovering _: Recovery.Type) -> Resilient<Recovery.Value>
  where Recovery.Element == Strategy.Element {
    _decodeMaybeAbsent(Strategy.self, forKey: key, recovering: Recovery.self)
  }

  /// The ladder of a value that falls back to its type's fallback, called.
  @usableFromInline
  internal func _decodeOrFallBackCalled<Strategy: _ResilientElementStrategy, Fallback: _Fallback>(
    _: Strategy.Type, forKey key: Key, fallback _: Fallback.Type
  ) -> Resilient<Strategy.Element> where Fallback.Element == Strategy.Element {
    _decodeOrFallBack(Strategy.self, forKey: key, fallback: Fallback.fallback)
  }
}

/// Writes `value` over the value of its type at `destination`.
@_transparent
private func _store<Value>(_ value: Value, in destination: UnsafeMutableRawPointer) {
  destination.assumingMemoryBound(to: Value.self).pointee = value
}

/// The fallback of a type that has one, named by a type.
@usableFromInline
internal protocol _Fallback {
  associatedtype Element
  static var fallback: Element { get }
}

/// The fallback of a raw-representable type.
@usableFromInline
internal enum _RawFallbackValue<Element> {}

extension _RawFallbackValue: _Fallback
where Element: ResilientRawRepresentable, Element.DecodingFallback == Element {
  @inlinable internal static var fallback: Element { Element.decodingFallback }
}

/// The fallback of a ``ResilientDecodable`` type.
@usableFromInline
internal enum _DecodableFallbackValue<Element> {}

extension _DecodableFallbackValue: _Fallback where Element: ResilientDecodable {
  @inlinable internal static var fallback: Element { Element.decodingFallback }
}

/// A provider's default, under the name of a primitive type that is its value type.
internal enum _DefaultOf<Provider: ResilientDefaultProvider, V>: _Recovery {
  static func present(_ element: V) -> V { element }
  static var absent: V { _identityCast(Provider.defaultValue, to: V.self) }
  static var failed: V { _identityCast(Provider.defaultValue, to: V.self) }
}
