// A value that catches its own error: decoding it never throws. Arrays decoded whole and the
// entries of dictionaries are decoded as such values, so that one that fails costs only
// itself, and its error is reported afterwards, where and when the collection decides.

/// One value of a collection: decoding it never throws; it keeps the value, or the error and
/// the coding path its decoder gave it.
@usableFromInline
struct CaughtValue<Strategy: ResilientElementStrategy>: Decodable {
  @usableFromInline let value: Strategy.Element?
  let failure: CaughtFailure?
  /// The value's number among the values of collections this thread began to decode (see
  /// `ReportScope.beginEntry()`).
  let entry: Int

  /// A value that decoded.
  init(value: Strategy.Element) {
    self.value = value
    self.failure = nil
    self.entry = ReportScope.beginEntry()
  }

  /// Decodes the value, or notes its failure in the running hold (see
  /// ``ReportScope/holdingReports(in:_:)``), so that its collection can tell whether the
  /// decoder kept it.
  @usableFromInline
  init(from decoder: any Decoder) {
    entry = ReportScope.beginEntry()
    do {
      value = try Strategy.decode(from: decoder.singleValueContainer())
      failure = nil
    } catch {
      let (error, record) = IdentifiedElementFailure.unwrap(error)
      let failure = CaughtFailure(
        error: Strategy.decodingError(error, at: decoder.codingPath),
        codingPath: decoder.codingPath, record: record ?? decoder.ownRecord())
      value = nil
      self.failure = failure
      ReportScope.noteCaughtFailure(failure)
    }
  }
}

/// Why a caught value failed, and where its decoder said it was.
///
/// A class, so that a value that decoded carries one null reference, not room for an error and
/// a path, and so that a collection can tell one failure from another.
final class CaughtFailure {
  let error: any Error
  let codingPath: [any CodingKey]
  /// The value's own record, if a reporter names records and the value has an identifier.
  let record: ReportedRecord?

  init(error: any Error, codingPath: [any CodingKey], record: ReportedRecord? = nil) {
    self.error = error
    self.codingPath = codingPath
    self.record = record
  }

  /// The key of the dictionary entry that failed, as written in the data: the last key of its
  /// path (empty for a value decoded at the root).
  var keyAsWritten: String {
    codingPath.last?.stringValue ?? ""
  }
}
