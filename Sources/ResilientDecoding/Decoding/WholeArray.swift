// An array decoded whole, for decoders whose nested unkeyed container for a key is refused or
// misread, as an array of values that catch their own errors (`CaughtValue`).

/// An array decoded whole: the elements that decoded and the failures, or the error that
/// stopped it; and what to report if this way of decoding the array is kept.
struct ArrayDecodedWhole<Element> {
  let result: Result<(elements: [Element], failures: [(index: Int, error: any Error)]), any Error>

  /// The failed elements' errors and what values inside them reported, held meanwhile, element
  /// by element in order, at the array's path.
  let reports: CollectionReports<Int>

  /// Reports what this way of decoding found.
  func passOnReports() {
    reports.passOn { $0 < $1 ? -1 : $0 == $1 ? 0 : 1 }
  }
}

extension ResilientValueSource {
  /// The array decoded whole, as an array of values that catch their own errors; `nil` where
  /// there is no such second chance (a whole decoder).
  ///
  /// For a decoder that refuses an unkeyed container for a key but decodes the value through
  /// `decode(_:forKey:)` (GRDB's JSON columns), or whose nested container misreads an array
  /// that `decode(_:forKey:)` reads right (XMLCoder's array of one struct). Nothing is reported
  /// yet: the caller passes the reports on, or drops them for another way of decoding the array.
  /// Elements that may be records name what failed inside them, unless an array of records (this
  /// one or one around) is in its first decode, which names them all if it needs to.
  func decodeArrayWhole<Strategy: ResilientElementStrategy>(
    _: Strategy.Type
  ) -> ArrayDecodedWhole<Strategy.Element>? {
    if !ReportScope.namingIsLeftToAnArrayAround(),
      let reporter = elementRecordReporter(Strategy.self)
    {
      let findEnclosingRecord = { enclosingRecord(for: reporter) }
      return ReportScope.withEnclosingRecord(findEnclosingRecord) {
        decodeArrayWhole(IdentifiedStrategy<Strategy>.self)
      }
    }
    let (decoded, held) = ReportScope.holdingReports {
      decodeValueWhole([CaughtValue<Strategy>].self)
    }
    guard let decoded else { return nil }
    let base = codingPath
    // A report at the array's own path comes first; one at a key that names no element, last.
    var reports = CollectionReports(base: base, held: held) {
      $0.map { $0.intValue ?? .max } ?? -1
    }
    let result = decoded.map {
      values -> (elements: [Strategy.Element], failures: [(index: Int, error: any Error)]) in
      var elements: [Strategy.Element] = []
      var failures: [(index: Int, error: any Error)] = []
      for (index, value) in values.enumerated() {
        if let element = value.value {
          elements.append(element)
        } else if let failure = value.failure {
          failures.append((index, failure.error))
        }
      }
      return (elements, failures)
    }
    if case .success(let values) = decoded, values.contains(where: { $0.failure != nil }),
      let reporter = findReporter()
    {
      let enclosing = enclosingRecord(for: reporter)
      for (index, value) in values.enumerated() {
        guard let failure = value.failure else { continue }
        reports.add(
          failure.error, at: base + [ElementCodingKey(index: index)], position: index,
          to: reporter, record: failure.record ?? enclosing)
      }
    }
    return ArrayDecodedWhole(result: result, reports: reports)
  }
}
