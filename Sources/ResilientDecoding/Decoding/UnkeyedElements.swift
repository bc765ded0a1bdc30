// How the elements of an unkeyed container decode for an array or a set: straight from the
// container, each failure reported at its index (the reporter found once) and remembered for
// DEBUG `results`, the container moved past it without skipping the next element, whatever
// the decoder does after a failure. And the same for an array that a decoder decodes only
// whole, as an array of values that catch their own errors (`CaughtValue`).

extension Array {
  /// Decodes every element of `container` through `Strategy` and appends those that decode,
  /// recovering from each failure.
  ///
  /// While no element has decoded, reports are held from the first failure on: a decoder whose
  /// nested container misreads the value (XMLCoder unwraps an array of one struct into the
  /// struct's fields) makes every element fail, and the caller may then decode the array whole
  /// instead, dropping what was held. Once an element decodes, what was held is passed on, in
  /// order. Reports are held only when `heldReports` starts out non-`nil`; what is still held
  /// at the end is returned there.
  ///
  /// A method of `Array` so that, unoptimised, appending uses the array's own type metadata
  /// instead of looking up `[Element]` for every element.
  @inlinable
  mutating func appendDecodedElements<
    Strategy: ResilientElementStrategy, Source: ResilientValueSource
  >(
    _: Strategy.Type,
    from container: inout any UnkeyedDecodingContainer,
    failures: inout ElementFailures,
    source: Source,
    heldReports: inout [HeldReport]?
  ) where Strategy.Element == Element {
    if let count = container.count { reserveCapacity(count) }
    var hold: DecodingThreadState.Hold?
    while !container.isAtEnd {
      let index = container.currentIndex
      do {
        append(try Strategy.decode(from: &container))
        if let held = hold?.end() {
          hold = nil
          passOn(held)
        }
      } catch {
        if isEmpty && hold == nil && heldReports != nil {
          hold = DecodingThreadState.holdReports()
        }
        let error = Strategy.decodingError(
          error, at: source.codingPath + [ElementCodingKey(index: index)])
        guard failures.recover(from: error, at: index, in: &container, source: source) else {
          break
        }
      }
    }
    heldReports = hold?.end()
  }
}

/// Reports again, in order, reports that were held back.
@usableFromInline
func passOn(_ reports: [HeldReport]) {
  for report in reports {
    report.reporter.report(report.error, at: report.codingPath)
  }
}

/// What the element loop keeps about failed elements: their errors, in DEBUG to build
/// `results` (and always for an array decoded whole); otherwise nothing but the reporter,
/// looked up at the first failure.
@usableFromInline
struct ElementFailures {
  @usableFromInline var reporter: ResilientDecodingErrorReporter?
  @usableFromInline var basePath: [any CodingKey] = []
  @usableFromInline var didLookUpReporter = false
  @usableFromInline var recorded: [(index: Int, error: any Error)] = []

  @inlinable
  init() {}

  /// Reports the failed element at `index` and moves the container past it if the decoder did
  /// not already.
  ///
  /// - Returns: `false` if the container cannot move past the element, so decoding must stop.
  @usableFromInline
  mutating func recover<Source: ResilientValueSource>(
    from error: any Error,
    at index: Int,
    in container: inout any UnkeyedDecodingContainer,
    source: Source
  ) -> Bool {
    if !didLookUpReporter {
      didLookUpReporter = true
      reporter = source.findReporter()
      basePath = source.codingPath
    }
    reporter?.report(error, at: basePath + [ElementCodingKey(index: index)])
    #if DEBUG
      recorded.append((index, error))
    #endif
    // Most decoders leave the index on an element that failed; some move past it. Only move
    // when the decoder did not, so that no element is skipped twice. A super-decoder comes
    // last: some decoders do not implement it.
    if container.currentIndex != index { return true }
    _ = try? container.decode(SkippedElement.self)
    if container.currentIndex == index { _ = try? container.decodeNil() }
    if container.currentIndex == index { _ = try? container.superDecoder() }
    return container.currentIndex != index
  }
}

/// Decodes any value and discards it, to move an unkeyed container past a failed element.
@usableFromInline
struct SkippedElement: Decodable {
  @usableFromInline
  init(from decoder: any Decoder) {}
}

extension ResilientValueSource {
  /// The array decoded whole, as an array of values that catch their own errors, or the error
  /// that stopped it, with what is to be reported, in order and at this value's path; `nil`
  /// where there is no such second chance.
  ///
  /// For a decoder that refuses an unkeyed container for a key but decodes the value through
  /// `decode(_:forKey:)` (GRDB's JSON columns), or whose nested container misreads an array
  /// that `decode(_:forKey:)` reads right (XMLCoder's array of one struct). The reports are the
  /// failed elements' errors and what values inside them reported, held meanwhile, element by
  /// element in order. Nothing is reported yet: the caller passes them on, or drops them for
  /// another way of decoding the array.
  @usableFromInline
  func decodeArrayWhole<Strategy: ResilientElementStrategy>(
    _: Strategy.Type
  ) -> (
    result: Result<(elements: [Strategy.Element], failures: ElementFailures), any Error>,
    reports: [HeldReport]
  )? {
    let hold = DecodingThreadState.holdReports()
    guard let caught = decodeValueWhole([CaughtValue<Strategy>].self) else {
      _ = hold?.end()
      return nil
    }
    let held = hold?.end() ?? []
    let base = codingPath
    var reports: [(index: Int, rank: Int, report: HeldReport)] = []
    for (offset, report) in held.enumerated() {
      let path = rerooted(report.codingPath, onto: base)
      let index = path.count > base.count ? path[base.count].intValue ?? .max : -1
      reports.append(
        (
          index, offset,
          HeldReport(reporter: report.reporter, error: report.error, codingPath: path)
        ))
    }
    let result = caught.map {
      values -> (elements: [Strategy.Element], failures: ElementFailures) in
      var failures = ElementFailures()
      var elements: [Strategy.Element] = []
      for (index, value) in values.enumerated() {
        if let element = value.value {
          elements.append(element)
        } else if let failure = value.failure {
          failures.recorded.append((index, failure.error))
        }
      }
      return (elements, failures)
    }
    if let recorded = try? result.get().failures.recorded, !recorded.isEmpty,
      let reporter = findReporter()
    {
      for (index, error) in recorded {
        let path = base + [ElementCodingKey(index: index)]
        reports.append(
          (index, held.count, HeldReport(reporter: reporter, error: error, codingPath: path)))
      }
    }
    reports.sort { ($0.index, $0.rank) < ($1.index, $1.rank) }
    return (result, reports.map(\.report))
  }
}
