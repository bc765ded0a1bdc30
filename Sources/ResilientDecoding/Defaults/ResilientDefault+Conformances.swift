// Conditional conformances of `ResilientDefault`, as for `Resilient`: equality and hashing
// look at the wrapped value only. DocC: "Choosing a Property Kind".

// MARK: - Equatable

extension ResilientDefault: Equatable where Provider.Value: Equatable {
  /// Two wrappers are equal when their wrapped values are equal; the decoding outcome is ignored.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue
  }
}

// MARK: - Hashable

extension ResilientDefault: Hashable where Provider.Value: Hashable {
  /// Hashes the wrapped value only, consistently with `==`.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}
