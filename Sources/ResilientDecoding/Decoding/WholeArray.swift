// An array decoded whole, for decoders whose nested unkeyed container for a key is refused or
// misread, as an array of values that catch their own errors (`_CaughtValue`).

/// An array decoded whole: the elements that decoded and the failures, or the error that
/// stopped it; and what to report if this way of decoding the array is kept.
struct WholeArrayDecode<Element> {
  let result: Result<(elements: [Element], failures: [(index: Int, error: any Error)]), any Error>

  /// The failed elements' errors and what values inside them reported, held meanwhile, element
  /// by element in order, at the array's path.
  let reports: Failures.PendingReports
}

extension ResilientValueSource {
  /// The array decoded whole, as an array of values that catch their own errors; `nil` where
  /// there is no such second chance (a whole decoder).
  ///
  /// For a decoder that refuses an unkeyed container for a key but decodes the value through
  /// `decode(_:forKey:)` (GRDB's JSON columns), or whose nested container misreads an array
  /// that `decode(_:forKey:)` reads right (XMLCoder's array of one struct). Nothing is reported
  /// yet: the caller passes the reports on, or drops them for another way of decoding the array.
  /// While the reporter names records and the elements may be records, each names what failed
  /// inside it (see ``IdentifiedElement``), unless an array of records (this one or one around)
  /// is in its first decode, which names them all if it needs to.
  func decodeArrayWhole<Strategy: _ResilientElementStrategy>(
    _: Strategy.Type
  ) -> WholeArrayDecode<Strategy.Element>? {
    let reporter = Strategy.elementsMayBeRecords ? Failures.valueRecordReporter(at: self) : nil
    let naming = Failures.namingValues(at: self, reporter: reporter)
    let decoded =
      reporter == nil
      ? decodeArrayWhole(_CaughtValue<Strategy>.self)
      : decodeArrayWhole(_CaughtValue<IdentifiedStrategy<Strategy>>.self)
    naming.end()
    return decoded
  }

  /// The array decoded whole as values of `Value`, which catch their own errors.
  private func decodeArrayWhole<Strategy: _ResilientElementStrategy>(
    _: _CaughtValue<Strategy>.Type
  ) -> WholeArrayDecode<Strategy.Element>? {
    let hold = Failures.Hold()
    let decoded = decodeValueWhole([_CaughtValue<Strategy>].self)
    let held = hold.end()
    guard let decoded else { return nil }
    var failures: [(index: Int, failure: CaughtFailure)] = []
    let result = decoded.map {
      values -> (elements: [Strategy.Element], failures: [(index: Int, error: any Error)]) in
      var elements: [Strategy.Element] = []
      for (index, value) in values.enumerated() {
        if let element = value.value {
          elements.append(element)
        } else if let failure = value.failure {
          failures.append((index, failure))
        }
      }
      return (elements, failures.map { ($0.index, $0.failure.error) })
    }
    let reports = Failures.reportsOfArrayDecodedWhole(at: self, held: held, failures: failures)
    return WholeArrayDecode(result: result, reports: reports)
  }
}
