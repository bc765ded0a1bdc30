// The ladders of values that are not collections, written once, and their copies compiled in
// the library and called by the public overloads, so that a client compiles a call per property
// instead of a ladder. The standard library's primitives run a copy of the ladder made for each
// of them here, so that they decode through the containers' concrete overloads, as plain
// `Codable` does, with no generic metadata to look up; any other type runs the generic ladder.
// The ladders are in this file, with their copies, because an unoptimised build (an app's DEBUG
// build) inlines a transparent function only into the functions of its own file.

extension KeyedDecodingContainer {
  /// Decodes a `@Resilient` optional of `primitive`, the standard library's primitive type `T`
  /// is, into `wrapper`, which holds `nil`. The caller tells which primitive: a client's
  /// specialised overload knows it for nothing, where working it out here costs metatype
  /// comparisons on every call.
  @usableFromInline
  internal func _decodeOptional<T: Decodable>(
    _: T.Type, as primitive: _StandardPrimitive, into wrapper: UnsafeMutablePointer<Resilient<T?>>,
    forKey key: Key
  ) {
    // A copy's wrapper is a `Resilient<V?>` where `V` is `T`: written through a raw pointer, it
    // needs no metadata of `Resilient<T?>`.
    let result = UnsafeMutableRawPointer(wrapper)
    switch primitive {
    case .string: _storeOptional(String.self, .string, in: result, forKey: key)
    case .bool: _storeOptional(Bool.self, .bool, in: result, forKey: key)
    case .double: _storeOptional(Double.self, .double, in: result, forKey: key)
    case .float: _storeOptional(Float.self, .float, in: result, forKey: key)
    case .int: _storeOptional(Int.self, .int, in: result, forKey: key)
    case .int8: _storeOptional(Int8.self, .int8, in: result, forKey: key)
    case .int16: _storeOptional(Int16.self, .int16, in: result, forKey: key)
    case .int32: _storeOptional(Int32.self, .int32, in: result, forKey: key)
    case .int64: _storeOptional(Int64.self, .int64, in: result, forKey: key)
    case .uint: _storeOptional(UInt.self, .uint, in: result, forKey: key)
    case .uint8: _storeOptional(UInt8.self, .uint8, in: result, forKey: key)
    case .uint16: _storeOptional(UInt16.self, .uint16, in: result, forKey: key)
    case .uint32: _storeOptional(UInt32.self, .uint32, in: result, forKey: key)
    case .uint64: _storeOptional(UInt64.self, .uint64, in: result, forKey: key)
    }
  }

  /// The ladder of an optional of `V`, the primitive `primitive`, for a `V` known where it is
  /// called.
  @_transparent
  private func _storeOptional<V: Decodable>(
    _: V.Type, _ primitive: _StandardPrimitive, in result: UnsafeMutableRawPointer,
    forKey key: Key
  ) {
    let decoded = _decodeMaybeAbsentValue(
      _PlainElement<V>.self, forKey: key, recovering: _NoFallback<V>.self, primitive: primitive)
    // The wrapper's value is its first stored property, and in release builds its only one
    // (it is `@frozen`): written in place, fields known here, with no call to an initialiser
    // of `Resilient<V?>` that would look up its metadata in an unoptimised build.
    _store(decoded.value, in: result)
    #if DEBUG
      result.assumingMemoryBound(to: Resilient<V?>.self).pointee._outcome = decoded.outcome
    #endif
  }

  /// Decodes a `@ResilientDefault` property's value into `wrapper`, which holds the default,
  /// and returns the outcome, which the caller records: where the type of the wrapper is known
  /// (in the client's overload), writing it costs no lookup of the wrapper's metadata.
  @usableFromInline
  internal func _decodeDefault<Provider: ResilientDefaultProvider>(
    _: Provider.Type, into wrapper: UnsafeMutablePointer<ResilientDefault<Provider>>,
    forKey key: Key
  ) -> _RecordedOutcome {
    guard let primitive = _StandardPrimitive(Provider.Value.self) else {
      return _decodeDefaultOfAnyType(Provider.self, into: wrapper, forKey: key)
    }
    let result = UnsafeMutableRawPointer(wrapper)
    switch primitive {
    case .string:
      return _decodeDefault(of: String.self, .string, Provider.self, into: result, forKey: key)
    case .bool:
      return _decodeDefault(of: Bool.self, .bool, Provider.self, into: result, forKey: key)
    case .double:
      return _decodeDefault(of: Double.self, .double, Provider.self, into: result, forKey: key)
    case .float:
      return _decodeDefault(of: Float.self, .float, Provider.self, into: result, forKey: key)
    case .int:
      return _decodeDefault(of: Int.self, .int, Provider.self, into: result, forKey: key)
    case .int8:
      return _decodeDefault(of: Int8.self, .int8, Provider.self, into: result, forKey: key)
    case .int16:
      return _decodeDefault(of: Int16.self, .int16, Provider.self, into: result, forKey: key)
    case .int32:
      return _decodeDefault(of: Int32.self, .int32, Provider.self, into: result, forKey: key)
    case .int64:
      return _decodeDefault(of: Int64.self, .int64, Provider.self, into: result, forKey: key)
    case .uint:
      return _decodeDefault(of: UInt.self, .uint, Provider.self, into: result, forKey: key)
    case .uint8:
      return _decodeDefault(of: UInt8.self, .uint8, Provider.self, into: result, forKey: key)
    case .uint16:
      return _decodeDefault(of: UInt16.self, .uint16, Provider.self, into: result, forKey: key)
    case .uint32:
      return _decodeDefault(of: UInt32.self, .uint32, Provider.self, into: result, forKey: key)
    case .uint64:
      return _decodeDefault(of: UInt64.self, .uint64, Provider.self, into: result, forKey: key)
    }
  }

  /// The ladder of a default whose value type is `V`, for a `V` known where it is called: a
  /// value that decodes is written where the wrapper keeps it, first; otherwise the wrapper
  /// keeps the default it holds. As an optional of `V`, so that no type generic over the
  /// provider is named, whose metadata an unoptimised build would look up on every call.
  @_transparent
  private func _decodeDefault<V: Decodable, Provider: ResilientDefaultProvider>(
    of _: V.Type, _ primitive: _StandardPrimitive, _: Provider.Type,
    into result: UnsafeMutableRawPointer, forKey key: Key
  ) -> _RecordedOutcome {
    let decoded = _decodeMaybeAbsentValue(
      _PlainElement<V>.self, forKey: key, recovering: _NoFallback<V>.self, primitive: primitive)
    if let value = decoded.value { _store(value, in: result) }
    return decoded.outcome
  }

  /// The ladder of an optional of a type that is not a primitive, inlinable: a client
  /// specialises it for the type, which decodes with no generic metadata to look up. An
  /// unoptimised client calls it.
  @inlinable
  internal func _decodeOptionalOfAnyType<T: Decodable>(_: T.Type, forKey key: Key) -> Resilient<T?>
  {
    #if DEBUG
      // The ladder's steps, spelt out for `T?`: unoptimised, the ladder's strategy, recovery
      // and the tuple it returns each cost a lookup of generic metadata on every call, more
      // than the rest of the ladder.
      do {
        if let value = try decodeIfPresent(T.self, forKey: key) {
          return Resilient(value, outcome: .decodedSuccessfully)
        }
        return Resilient(nil, outcome: contains(key) ? .valueWasNil : .keyNotFound)
      } catch {
        let error = _reportFailure(error, forKey: key, decodedPrimitive: false)
        return Resilient(nil, outcome: .recoveredFrom(error, wasReported: true))
      }
    #else
      // Never a primitive here: the overload decodes those itself. But an optimised client
      // specialises this for every `Int?` or `String?` too, in the branch of the overload it
      // later finds dead: for them, this check folds, and the copy is one call, not a ladder.
      guard _StandardPrimitive(T.self) == nil else {
        return _decodeMaybeAbsentCalled(
          _PlainElement<T>.self, forKey: key, recovering: _NoFallback<T>.self)
      }
      return _decodeMaybeAbsent(_PlainElement<T>.self, forKey: key, recovering: _NoFallback<T>.self)
    #endif
  }

  /// The ladder of a default whose value type is not a primitive, apart.
  @inline(never)
  private func _decodeDefaultOfAnyType<Provider: ResilientDefaultProvider>(
    _: Provider.Type, into wrapper: UnsafeMutablePointer<ResilientDefault<Provider>>,
    forKey key: Key
  ) -> _RecordedOutcome {
    let decoded = _decodeMaybeAbsentValue(
      _PlainElement<Provider.Value>.self, forKey: key, recovering: _DefaultRecovery<Provider>.self)
    wrapper.pointee = ResilientDefault(decoded)
    return decoded.outcome
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

// MARK: - The ladders

extension KeyedDecodingContainer {
  /// The ladder of a value that may be absent, under `key`: the value when it decodes;
  /// `Recovery.absent` when it is missing or `null`, which is not an error; `Recovery.failed`
  /// when it cannot be decoded, reported. A value that decodes costs one `decodeIfPresent`, as
  /// in plain `Codable`; only DEBUG asks again to tell a missing key from a `null`; a failure
  /// costs one call into the library, which reports it.
  ///
  /// A copy for one of the standard library's primitives names it (`primitive`): its value
  /// decodes through the container's concrete overload for it, called right here.
  ///
  /// Transparent, so that each called ladder has its own copy, where the types are known; and
  /// here, beside them, because an unoptimised build inlines a transparent function only into
  /// the functions of its own file.
  @_transparent @usableFromInline
  internal func _decodeMaybeAbsentValue<Strategy: _ResilientElementStrategy, Recovery: _Recovery>(
    _: Strategy.Type, forKey key: Key, recovering _: Recovery.Type,
    primitive: _StandardPrimitive? = nil
  ) -> (value: Recovery.Value, outcome: _RecordedOutcome)
  where Recovery.Element == Strategy.Element {
    do {
      if let element = try _decodeIfPresent(Strategy.self, forKey: key, primitive: primitive) {
        return (Recovery.present(element), .decodedSuccessfully)
      }
      #if DEBUG
        return (Recovery.absent, contains(key) ? .valueWasNil : .keyNotFound)
      #else
        return (Recovery.absent, .keyNotFound)
      #endif
    } catch {
      let error = _reportFailure(
        error, forKey: key, decodedPrimitive: Strategy.decodesPrimitive)
      return (Recovery.failed, .recoveredFrom(error, wasReported: true))
    }
  }

  /// The first step of the ladder of a value that may be absent: the value, or `nil` when it
  /// is missing or `null`. A primitive named by the caller decodes through the concrete
  /// overload for it in the body of a method of the container, which knows the container's
  /// type: an unoptimised build calling the overload from a function of its own, generic over
  /// the key, would look up the container's metadata on every call.
  @_transparent @usableFromInline
  internal func _decodeIfPresent<Strategy: _ResilientElementStrategy>(
    _: Strategy.Type, forKey key: Key, primitive: _StandardPrimitive?
  ) throws -> Strategy.Element? {
    guard let primitive else { return try Strategy.decodeIfPresent(from: self, forKey: key) }
    return try _decodeConcreteIfPresent(Strategy.Element.self, as: primitive, forKey: key)
  }

  /// The ladder of a value that falls back, under `key`: the value when it decodes, `fallback`
  /// otherwise (a missing key and `null` included), reported.
  @_transparent
  internal func _decodeOrFallBackValue<Strategy: _ResilientElementStrategy>(
    _: Strategy.Type, forKey key: Key, fallback: @autoclosure () -> Strategy.Element
  ) -> (value: Strategy.Element, outcome: _RecordedOutcome) {
    do {
      return (try Strategy.decode(from: self, forKey: key), .decodedSuccessfully)
    } catch {
      let error = _reportFailure(
        error, forKey: key, decodedPrimitive: Strategy.decodesPrimitive)
      return (fallback(), .recoveredFrom(error, wasReported: true))
    }
  }

  /// The ladder of a value that may be absent, under `key`, wrapped: the body of the called
  /// ladders of optionals.
  @_transparent @usableFromInline
  internal func _decodeMaybeAbsent<Strategy: _ResilientElementStrategy, Recovery: _Recovery>(
    _: Strategy.Type, forKey key: Key, recovering _: Recovery.Type
  ) -> Resilient<Recovery.Value> where Recovery.Element == Strategy.Element {
    Resilient(_decodeMaybeAbsentValue(Strategy.self, forKey: key, recovering: Recovery.self))
  }

  /// The ladder of a value that falls back, under `key`, wrapped: the body of the called ladder
  /// of types with a fallback.
  @_transparent
  internal func _decodeOrFallBack<Strategy: _ResilientElementStrategy>(
    _: Strategy.Type, forKey key: Key, fallback: @autoclosure () -> Strategy.Element
  ) -> Resilient<Strategy.Element> {
    Resilient(_decodeOrFallBackValue(Strategy.self, forKey: key, fallback: fallback()))
  }
}

// MARK: - Primitives through their concrete overloads

// Here rather than with the other concrete decodes (`StandardPrimitive.swift`): the ladders
// inline the switch, which an unoptimised build does only within a file.
extension KeyedDecodingContainer {
  /// Decodes a value, or `nil` when the key is missing or the value is `null`, through the
  /// concrete overload for a primitive type, or the generic one.
  @inlinable @inline(__always)
  func _decodeConcreteIfPresent<T: Decodable>(_: T.Type, forKey key: Key) throws -> T? {
    guard let primitive = _StandardPrimitive(T.self) else {
      return try decodeIfPresent(T.self, forKey: key)
    }
    return try _decodeConcreteIfPresent(T.self, as: primitive, forKey: key)
  }

  /// Decodes a value of `T`, the standard library's primitive `primitive`, or `nil` when the
  /// key is missing or the value is `null`, through the concrete overload for it.
  @_transparent @usableFromInline
  func _decodeConcreteIfPresent<T: Decodable>(
    _: T.Type, as primitive: _StandardPrimitive, forKey key: Key
  ) throws -> T? {
    switch primitive {
    case .string: return _identical(try decodeIfPresent(String.self, forKey: key))
    case .bool: return _identical(try decodeIfPresent(Bool.self, forKey: key))
    case .double: return _identical(try decodeIfPresent(Double.self, forKey: key))
    case .float: return _identical(try decodeIfPresent(Float.self, forKey: key))
    case .int: return _identical(try decodeIfPresent(Int.self, forKey: key))
    case .int8: return _identical(try decodeIfPresent(Int8.self, forKey: key))
    case .int16: return _identical(try decodeIfPresent(Int16.self, forKey: key))
    case .int32: return _identical(try decodeIfPresent(Int32.self, forKey: key))
    case .int64: return _identical(try decodeIfPresent(Int64.self, forKey: key))
    case .uint: return _identical(try decodeIfPresent(UInt.self, forKey: key))
    case .uint8: return _identical(try decodeIfPresent(UInt8.self, forKey: key))
    case .uint16: return _identical(try decodeIfPresent(UInt16.self, forKey: key))
    case .uint32: return _identical(try decodeIfPresent(UInt32.self, forKey: key))
    case .uint64: return _identical(try decodeIfPresent(UInt64.self, forKey: key))
    }
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

/// The fallback of a raw-representable type whose `DecodingFallback` is `Self`, which the
/// caller checks: read only when a value failed. Unconstrained, its conformance conditional:
/// a client names the type by its mangled name, and a constraint there would make the runtime
/// look the conformance up, a scan of every conformance record at the first decode.
@usableFromInline
internal enum _RawFallbackValue<Element> {}

extension _RawFallbackValue: _Fallback where Element: ResilientRawRepresentable {
  @usableFromInline internal static var fallback: Element {
    unsafeBitCast(Element.decodingFallback, to: Element.self)
  }
}

/// The fallback of a ``ResilientDecodable`` type.
@usableFromInline
internal enum _DecodableFallbackValue<Element> {}

extension _DecodableFallbackValue: _Fallback where Element: ResilientDecodable {
  @inlinable internal static var fallback: Element { Element.decodingFallback }
}
