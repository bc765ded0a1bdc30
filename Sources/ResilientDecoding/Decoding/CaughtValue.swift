// A value that catches its own error: decoding it never throws. Arrays decoded whole and the
// entries of dictionaries are decoded as such values, so that one that fails costs only
// itself, and its error is reported afterwards, where and when the collection decides.

/// One value of a collection: decoding it never throws; it keeps the value, or its failure
/// (see `CaughtFailure`).
@usableFromInline
internal struct _CaughtValue<Strategy: _ResilientElementStrategy>: Decodable {
  @usableFromInline internal let value: Strategy.Element?
  let failure: CaughtFailure?
  /// The value's number among the values of collections this thread began to decode (see
  /// `Failures.beginValue()`).
  let entry: Int

  /// Decodes the value, or notes its failure in the running hold, so that its collection can
  /// tell whether the decoder kept it. (A witness of `Decodable`, hence usable from inline.)
  ///
  /// Inlined into its witness, whose type metadata gives the fields' offsets, and decoded into
  /// a non-optional first: otherwise every entry of a dictionary decoded one by one looks up
  /// this type's metadata and `Optional<Element>`'s in the runtime's cache.
  @usableFromInline @inline(__always)
  internal init(from decoder: any Decoder) {
    entry = Failures.beginValue()
    let decoded: Strategy.Element
    do {
      decoded = try Strategy.decode(from: decoder.singleValueContainer())
    } catch {
      value = nil
      failure = Failures.caught(error, decodedPrimitive: Strategy.decodesPrimitive, by: decoder)
      return
    }
    value = decoded
    failure = nil
  }
}
