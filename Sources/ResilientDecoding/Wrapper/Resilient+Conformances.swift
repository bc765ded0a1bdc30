// Conditional conformances of `Resilient`. `Decodable` and `Sendable` are declared beside the
// type (the second must be, in the type's file). Equality and hashing look at the wrapped
// value only: two properties holding the same value are equal whatever happened while
// decoding them. DocC: "Questions and Answers".

// MARK: - Equatable

extension Resilient: Equatable where Value: Equatable {
  /// Two wrappers are equal when their wrapped values are equal; the decoding outcome is ignored.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue
  }
}

// MARK: - Hashable

extension Resilient: Hashable where Value: Hashable {
  /// Hashes the wrapped value only, consistently with `==`.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}
