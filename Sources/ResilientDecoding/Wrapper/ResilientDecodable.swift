// The protocol of types with a fallback of their own. How their properties decode is in
// `Shapes/DecodableWithFallback.swift`. DocC: "Choosing a Property Kind".

/// A Decodable type that says what a @Resilient property of this type becomes when its value
/// cannot be decoded. Conforming changes nothing outside @Resilient properties.
///
/// ```swift
/// struct Theme: ResilientDecodable {
///   var accent: String
///   static var decodingFallback: Theme { Theme(accent: "blue") }
/// }
///
/// @Resilient var theme: Theme   // a missing or malformed theme becomes the fallback, reported
/// @Resilient var themes: [Theme] // a malformed theme is dropped, as in any array
/// ```
///
/// A type's own `init(from:)` may throw ``UnknownNovelValueError`` for a value that is valid
/// but newer than the code, such as an unknown kind of attachment: the property falls back, or
/// the element is dropped, and the digest leaves the error out unless asked for it.
public protocol ResilientDecodable: Decodable {
  /// The value a `@Resilient` property holds when its own value cannot be decoded.
  static var decodingFallback: Self { get }
}
