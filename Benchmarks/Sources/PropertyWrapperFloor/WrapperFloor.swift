// The least a decoding property wrapper can be, for `build-cost.sh`: what any library that
// spells a property `@Wrapper var x: T`, as `@Resilient` must, costs a client's build before it
// does anything. No overloads, no recovery: the synthesised `init(from:)` of a model decodes
// each property as the wrapper, through the containers' generic `decode(_:forKey:)`.

/// A property wrapper that decodes its value as the value decodes itself.
///
/// Its `Decodable` conformance is this module's, so a client calls it through the containers'
/// generic `decode(_:forKey:)` and never specialises it, inlinable or not: the least a client
/// compiles for a wrapped property. A wrapper that decodes as fast as plain `Codable` must add
/// overloads of `decode(_:forKey:)` that clients specialise, as `@Resilient` does.
@propertyWrapper
public struct WrapperFloor<Value: Decodable>: Decodable {
  /// The value of the property.
  public var wrappedValue: Value

  /// A property holding `wrappedValue`.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// Decodes the value as `Value` decodes itself.
  public init(from decoder: any Decoder) throws {
    wrappedValue = try Value(from: decoder)
  }
}
