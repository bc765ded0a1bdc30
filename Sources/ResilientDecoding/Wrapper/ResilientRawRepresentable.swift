// The protocol of raw-representable types that decide how `@Resilient` treats raw values they
// have no case for, and its defaults. How such properties decode is in
// `Shapes/RawRepresentable.swift`. DocC: "Choosing a Property Kind".

/// A raw-representable type, usually an enum with a raw value, that decides how `@Resilient`
/// properties treat raw values it has no case for.
///
/// Conforming changes nothing outside `@Resilient` properties. Inside them:
/// - ``decodingFallback``: give it a value of `Self` (`static var decodingFallback: Self {
///   .unknown }`) and a non-optional property `@Resilient var kind: Kind` decodes to the
///   fallback instead of failing. Without it (the default, of type `Void`), declare the
///   property optional. Arrays and dictionaries never use the fallback: they omit the element.
/// - ``isFrozen``: `false` (the default) means a raw value with no case is expected as the
///   server adds cases; it becomes an ``UnknownNovelValueError``, which the error digest hides
///   unless asked. `true` means such a value is corrupt data, reported like any other error.
public protocol ResilientRawRepresentable: Decodable, RawRepresentable
where RawValue: Decodable {
  /// The type of ``decodingFallback``: `Self` to have a fallback, `Void` (the default) not to.
  associatedtype DecodingFallback

  /// The value used when a non-collection property cannot be decoded, if `DecodingFallback`
  /// is `Self`.
  static var decodingFallback: DecodingFallback { get }

  /// Whether every raw value this type will ever see has a case. Defaults to `false`.
  static var isFrozen: Bool { get }
}

extension ResilientRawRepresentable {
  /// Not frozen: raw values with no case are treated as newer than this code.
  public static var isFrozen: Bool { false }
}

extension ResilientRawRepresentable where DecodingFallback == Void {
  /// No fallback.
  public static var decodingFallback: Void { () }
}
