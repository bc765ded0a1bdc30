// What a `@ResilientDefault` property falls back to, named by a type: the protocol, and the
// defaults that come with the library. DocC: "Choosing a Property Kind".

/// Names the value a ``ResilientDefault`` property takes when its key is missing, its value is
/// `null`, or its value cannot be decoded.
///
/// A type parameter carries the default, so that no macro is needed:
///
/// ```swift
/// enum Unlimited: ResilientDefaultProvider {
///   static var defaultValue: Int { .max }
/// }
///
/// struct Plan: Decodable {
///   @ResilientDefault<Unlimited> var limit: Int
/// }
/// ```
public protocol ResilientDefaultProvider {
  /// The type of the property.
  associatedtype Value: Decodable

  /// The value of a property whose value is missing, `null` or cannot be decoded.
  static var defaultValue: Value { get }
}

// MARK: - Built-in defaults

/// `false`, the default of ``ResilientFalse``.
public enum DefaultsToFalse: ResilientDefaultProvider {
  /// `false`.
  @inlinable public static var defaultValue: Bool { false }
}

/// `true`, the default of ``ResilientTrue``.
public enum DefaultsToTrue: ResilientDefaultProvider {
  /// `true`.
  @inlinable public static var defaultValue: Bool { true }
}

/// Zero, the default of ``ResilientZero``, for any number that decodes.
public enum DefaultsToZero<Number: AdditiveArithmetic & Decodable>: ResilientDefaultProvider {
  /// The number type of the property.
  public typealias Value = Number

  /// `.zero`.
  @inlinable public static var defaultValue: Number { .zero }
}

/// The empty string, the default of ``ResilientEmptyString``.
public enum DefaultsToEmptyString: ResilientDefaultProvider {
  /// `""`.
  @inlinable public static var defaultValue: String { "" }
}

/// A `Bool` property that is `false` when missing, `null` or invalid:
/// `@ResilientFalse var isNew: Bool`.
public typealias ResilientFalse = ResilientDefault<DefaultsToFalse>

/// A `Bool` property that is `true` when missing, `null` or invalid:
/// `@ResilientTrue var isVisible: Bool`.
public typealias ResilientTrue = ResilientDefault<DefaultsToTrue>

/// A number that is zero when missing, `null` or invalid: `@ResilientZero var count: Int`.
public typealias ResilientZero<Number: AdditiveArithmetic & Decodable> =
  ResilientDefault<DefaultsToZero<Number>>

/// A `String` property that is empty when missing, `null` or invalid:
/// `@ResilientEmptyString var subtitle: String`.
public typealias ResilientEmptyString = ResilientDefault<DefaultsToEmptyString>
