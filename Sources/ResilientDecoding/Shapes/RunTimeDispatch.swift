// Resilience decided at run time, for values whose type is only known as a generic `Value`:
// top-level values, elements of unkeyed containers, and properties of generic types. The
// shape of `Value` is examined once and the same implementation as the specialised overload
// for that shape is called, so behaviour is identical; only speed differs. Each shape's own
// dispatch (`decodeResiliently(from:)`) sits beside its overloads, in its file.
// DocC: "Choosing a Property Kind".

extension KeyedDecodingContainer {
  /// Decodes a `@Resilient` property whose type has no specialised overload, typically because
  /// it is a generic argument (`@Resilient var payload: T`).
  ///
  /// The type is examined at run time: an optional, array, set, dictionary, raw-representable
  /// type with a fallback or ``ResilientDecodable`` type behaves exactly as with its specialised
  /// overload.
  /// A type with no resilient behaviour decodes as if it were not wrapped (and asserts in
  /// DEBUG).
  public func decode<T: Decodable>(_: Resilient<T>.Type, forKey key: Key) throws -> Resilient<T> {
    try KeyedSite(container: self, key: key).decodeResilientValue(of: T.self)
  }
}

extension Resilient {
  /// Decodes the value from a decoder that holds just this value: a top-level value, an element
  /// of an unkeyed container, or a property of a generic type.
  ///
  /// The shape of `Value` is examined at run time, so optionals, arrays, sets, dictionaries,
  /// raw-representable types with a fallback and ``ResilientDecodable`` types behave exactly as
  /// they do as `@Resilient` properties. A `Value` with no resilient behaviour is decoded as if
  /// it were not wrapped (and, in DEBUG, triggers an assertion that says what to write instead).
  public init(from decoder: any Decoder) throws {
    self = try DecoderSite(decoder: decoder).decodeResilientValue(of: Value.self)
  }
}

extension ValueSite {
  /// Decodes `Value` with the resilient behaviour of its shape, found at run time.
  func decodeResilientValue<Value: Decodable>(of _: Value.Type) throws -> Resilient<Value> {
    if let shape = Value.self as? any ResilientShape.Type,
      let resilient = decodeShape(shape)
    {
      return resilient as! Resilient<Value>
    }
    if let raw = Value.self as? any ResilientRawRepresentable.Type,
      let resilient = decodeRawValueWithFallback(raw)
    {
      return resilient as! Resilient<Value>
    }
    if let withFallback = Value.self as? any ResilientDecodable.Type {
      return decodeValueWithFallback(withFallback) as! Resilient<Value>
    }
    resilientDecodingAssertionFailure(
      "@Resilient has no effect on a value of type \(Value.self)"
        + (codingPathDescription.map { " at \"\($0)\"" } ?? "")
        + ": it is decoded as if it were not wrapped. "
        + Self.whatToWriteInstead(of: Value.self, named: codingPath.last?.stringValue))
    return Resilient(try decodePlain(Value.self))
  }

  private func decodeShape<Shape: ResilientShape>(_: Shape.Type) -> Any? {
    Shape.decodeResiliently(from: self)
  }

  /// What to declare instead of `@Resilient` on a type with no resilient behaviour: an
  /// optional, a wrapper with a default for a primitive, or a fallback for any other type.
  private static func whatToWriteInstead<Value>(of _: Value.Type, named name: String?)
    -> String
  {
    let property = name ?? "value"
    let optional = "Declare it as `\(Value.self)?` to get nil when it fails"
    let defaultWrapper: String? =
      switch Value.self {
      case is Bool.Type: "@ResilientFalse (or @ResilientTrue)"
      case is String.Type: "@ResilientEmptyString"
      case is any (AdditiveArithmetic & Decodable).Type: "@ResilientZero"
      default: nil
      }
    if let defaultWrapper {
      return optional + ", or write `\(defaultWrapper) var \(property): \(Value.self)` to get "
        + "that default instead, or `@ResilientDefault<Provider> var \(property): "
        + "\(Value.self)` with your own ResilientDefaultProvider for any other default."
    }
    return optional + ", use an array, a set or a dictionary, or give \(Value.self) a "
      + "fallback: `static var decodingFallback: \(Value.self)` in a ResilientDecodable or "
      + "ResilientRawRepresentable conformance."
  }

  /// The coding path of the value, written for an assertion message.
  private var codingPathDescription: String? {
    codingPath.isEmpty ? nil : ErrorDigest.Entry.path(of: codingPath)
  }
}

/// A type whose resilient behaviour depends on its shape (optional, array, set, dictionary).
protocol ResilientShape: Decodable {
  /// Decodes the value resiliently, or returns `nil` if this instance of the shape has no
  /// resilient behaviour (an array of optionals, say).
  static func decodeResiliently<Source: ValueSite>(from source: Source)
    -> Resilient<Self>?
}

/// A collection whose optional has resilient behaviour of its own (`[T]?` is `nil` when
/// missing, `[]` when invalid).
///
/// Which collections of optionals are resilient follows the specialised overloads: `[T?]` has
/// a misuse overload (it asserts), while `[T?]?`, sets of optionals and dictionaries of
/// optionals, whatever their keys, are matched by the resilient collection overloads, an
/// optional element being a value like any other (`null` decodes as `nil`).
protocol ResilientCollectionShape: ResilientShape {
  static func decodeResilientlyAsOptional<Source: ValueSite>(from source: Source)
    -> Resilient<Self?>?
}
