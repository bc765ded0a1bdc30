// A value that catches its own error: decoding it never throws. Arrays decoded whole and the
// entries of dictionaries decoded one by one are decoded as such values, so that one that
// fails costs only itself; its error is reported as it fails, through the funnel, to the hold
// of its collection.

/// One value of a collection: decoding it never throws; it keeps the value, or reports its
/// failure.
@usableFromInline
internal struct _CaughtValue<Strategy: _ResilientElementStrategy>: Decodable {
  @usableFromInline internal let value: Strategy.Element?
  /// The number this value began with among the entries of its dictionary (see
  /// `Holds.beginEntry()`), by which a dictionary names what was reported inside an entry, and
  /// whether it failed, in one word: its complement when it failed. Generic code reads a field
  /// of a plain type at a known offset, where telling whether `value` is `nil` looks up the
  /// metadata of `Strategy.Element?` for every entry.
  private let entryAndFailure: Int

  /// The number this value began with among the entries of its dictionary.
  var entry: Int { entryAndFailure < 0 ? ~entryAndFailure : entryAndFailure }

  /// Whether the value failed.
  var failed: Bool { entryAndFailure < 0 }
  #if DEBUG
    /// The failure, for DEBUG `results`.
    let failure: CaughtFailure?
  #endif

  /// Decodes the value, or reports its failure at its decoder's path. (A witness of
  /// `Decodable`, hence usable from inline.)
  ///
  /// Inlined into its witness, whose type metadata gives the fields' offsets, and decoded into
  /// a non-optional first: otherwise every entry of a dictionary decoded one by one looks up
  /// this type's metadata and `Optional<Element>`'s in the runtime's cache.
  @usableFromInline @inline(__always)
  internal init(from decoder: any Decoder) {
    let entry = Holds.beginEntry()
    let decoded: Strategy.Element
    do {
      decoded = try Strategy.decode(from: decoder.singleValueContainer())
    } catch {
      value = nil
      entryAndFailure = ~entry
      let failure = caughtFailure(
        error, decodedPrimitive: Strategy.errorsAreTheDecoders, by: decoder)
      #if DEBUG
        self.failure = failure
      #endif
      return
    }
    value = decoded
    entryAndFailure = entry
    #if DEBUG
      failure = nil
    #endif
  }
}

/// An element of an array decoded whole: decoding it never throws; it keeps the element, or
/// reports its failure. Smaller than a dictionary's ``_CaughtValue`` (no entry number): an array
/// of a million failed elements decoded whole holds one of these per element.
struct CaughtElement<Strategy: _ResilientElementStrategy>: Decodable {
  let value: Strategy.Element?
  #if DEBUG
    /// The failure, for DEBUG `results`.
    let failure: CaughtFailure?
  #endif

  init(from decoder: any Decoder) {
    do {
      value = try Strategy.decode(from: decoder.singleValueContainer())
      #if DEBUG
        failure = nil
      #endif
    } catch {
      value = nil
      let failure = caughtFailure(
        error, decodedPrimitive: Strategy.errorsAreTheDecoders, by: decoder)
      #if DEBUG
        self.failure = failure
      #endif
    }
  }
}

/// The failure of a value that caught its own error (DEBUG builds keep it for `results`; in
/// release builds it is reported and dropped).
final class CaughtFailure {
  let error: any Error
  /// The key of the dictionary entry that failed, as written in the data.
  let keyAsWritten: String

  init(error: any Error, keyAsWritten: String) {
    self.error = error
    self.keyAsWritten = keyAsWritten
  }
}

/// Reports the failure of a value that caught its own error, thrown while decoding it at
/// `decoder`'s path, in the record a value that names its record brought (see
/// `IdentifiedElement`): the record holding its collection is named where the collection
/// passes its reports on. Returns the failure, in DEBUG builds.
func caughtFailure(
  _ error: any Error, decodedPrimitive: @autoclosure () -> Bool, by decoder: any Decoder
) -> CaughtFailure? {
  let reported = Failures.report(
    error, decodedPrimitive: decodedPrimitive(),
    codingPath: { (decoder.codingPath, CodingPathFacts()) },
    reporter: { decoder.resilientDecodingErrorReporter }, record: { _ in nil })
  #if DEBUG
    let failure = CaughtFailure(
      error: reported, keyAsWritten: decoder.codingPath.last?.stringValue ?? "")
    Passes.noteCaught(failure)
    return failure
  #else
    return nil
  #endif
}
