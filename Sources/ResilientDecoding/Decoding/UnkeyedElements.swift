// How the elements of an unkeyed container decode for an array or a set: straight from the
// container, each failure reported at its index (the reporter found once) and remembered for
// DEBUG `results`, the container moved past it without skipping the next element, whatever
// the decoder does after a failure. And the same for an array that a decoder decodes only
// whole, through a decoder of its own (`WholeArray`).

/// Decodes every element of `container` through `Strategy`, recovering from each failure.
@inlinable
func decodeElements<Strategy: ResilientElementStrategy, Source: ResilientValueSource>(
  _: Strategy.Type,
  from container: inout any UnkeyedDecodingContainer,
  failures: inout ElementFailures,
  source: Source
) -> [Strategy.Element] {
  var elements: [Strategy.Element] = []
  if let count = container.count { elements.reserveCapacity(count) }
  while !container.isAtEnd {
    let index = container.currentIndex
    do {
      elements.append(try Strategy.decode(from: &container))
    } catch {
      let error = Strategy.decodingError(
        error, at: source.codingPath + [ElementCodingKey(index: index)])
      guard failures.recover(from: error, at: index, in: &container, source: source) else { break }
    }
  }
  return elements
}

/// What the element loop keeps about failed elements: their errors, in DEBUG to build
/// `results` and when reporting is deferred; otherwise nothing but the reporter, looked up at
/// the first failure.
@usableFromInline
struct ElementFailures {
  /// Whether failures are only recorded, for the caller to report.
  @usableFromInline let isDeferred: Bool
  @usableFromInline var reporter: ResilientDecodingErrorReporter?
  @usableFromInline var basePath: [any CodingKey] = []
  @usableFromInline var didLookUpReporter = false
  @usableFromInline var recorded: [(index: Int, error: any Error)] = []

  @inlinable
  init(deferringReports isDeferred: Bool = false) {
    self.isDeferred = isDeferred
  }

  /// Reports (or records) the failed element at `index` and moves the container past it if
  /// the decoder did not already.
  ///
  /// - Returns: `false` if the container cannot move past the element, so decoding must stop.
  @usableFromInline
  mutating func recover<Source: ResilientValueSource>(
    from error: any Error,
    at index: Int,
    in container: inout any UnkeyedDecodingContainer,
    source: Source
  ) -> Bool {
    if isDeferred {
      recorded.append((index, error))
    } else {
      if !didLookUpReporter {
        didLookUpReporter = true
        reporter = source.findReporter()
        basePath = source.codingPath
      }
      reporter?.report(error, at: basePath + [ElementCodingKey(index: index)])
      #if DEBUG
        recorded.append((index, error))
      #endif
    }
    // Most decoders leave the index on an element that failed; some move past it. Only move
    // when the decoder did not, so that no element is skipped twice. A super-decoder comes
    // last: some decoders do not implement it.
    if container.currentIndex == index { _ = try? container.decode(SkippedElement.self) }
    if container.currentIndex == index { _ = try? container.decodeNil() }
    if container.currentIndex == index { _ = try? container.superDecoder() }
    return container.currentIndex != index
  }

  #if DEBUG
    /// One result per element, failures at the indices they were recorded at.
    @usableFromInline
    func results<Element>(interleavedWith elements: [Element]) -> [Result<Element, any Error>] {
      var results: [Result<Element, any Error>] = []
      results.reserveCapacity(elements.count + recorded.count)
      var decoded = elements.makeIterator()
      var failures = recorded.makeIterator()
      var nextFailure = failures.next()
      var position = 0
      while true {
        if let failure = nextFailure, failure.index == position {
          results.append(.failure(failure.error))
          nextFailure = failures.next()
        } else if let element = decoded.next() {
          results.append(.success(element))
        } else if let failure = nextFailure {
          // Only a decoder that lost its place gets here; keep the error all the same.
          results.append(.failure(failure.error))
          nextFailure = failures.next()
        } else {
          break
        }
        position += 1
      }
      return results
    }
  #endif
}

/// Decodes any value and discards it, to move an unkeyed container past a failed element.
@usableFromInline
struct SkippedElement: Decodable {
  @usableFromInline
  init(from decoder: any Decoder) {}
}

/// An array decoded whole, for a decoder that refuses an unkeyed container for a key but
/// decodes the value through a decoder of its own (GRDB's JSON columns): elements decode as in
/// any resilient array, their failures recorded for the caller to report at its own path.
@usableFromInline
struct WholeArray<Strategy: ResilientElementStrategy>: Decodable {
  @usableFromInline var elements: [Strategy.Element] = []
  @usableFromInline var failures = ElementFailures(deferringReports: true)
  /// The coding path the decoder gave the array, which may start afresh.
  @usableFromInline let rootPath: [any CodingKey]

  @usableFromInline
  init(from decoder: any Decoder) throws {
    rootPath = decoder.codingPath
    var container = try decoder.unkeyedContainer()
    elements = decodeElements(
      Strategy.self, from: &container, failures: &failures, source: DecoderSource(decoder: decoder))
  }
}

extension ResilientValueSource {
  /// The array decoded whole, the error that stopped it, or `nil` where there is no such
  /// second chance.
  ///
  /// Its elements' failures, and what values inside them reported (held meanwhile), are
  /// reported at this value's path, element by element in order.
  @usableFromInline
  func decodeArrayWhole<Strategy: ResilientElementStrategy>(
    _: Strategy.Type
  ) -> Result<WholeArray<Strategy>, any Error>? {
    let hold = DecodingThreadState.holdReports()
    let result = decodeValueWhole(WholeArray<Strategy>.self)
    let held = hold?.end() ?? []
    let whole = try? result?.get()
    let base = codingPath
    var reports: [(index: Int, rank: Int, report: HeldReport)] = []
    for (offset, report) in held.enumerated() {
      let path = rerooted(report.codingPath, from: whole?.rootPath ?? base, onto: base)
      let index = path.count > base.count ? path[base.count].intValue ?? .max : -1
      reports.append(
        (
          index, offset,
          HeldReport(reporter: report.reporter, error: report.error, codingPath: path)
        ))
    }
    if let whole, !whole.failures.recorded.isEmpty, let reporter = findReporter() {
      for (index, error) in whole.failures.recorded {
        let path = base + [ElementCodingKey(index: index)]
        reports.append(
          (index, held.count, HeldReport(reporter: reporter, error: error, codingPath: path)))
      }
    }
    reports.sort { ($0.index, $0.rank) < ($1.index, $1.rank) }
    for (_, _, report) in reports {
      report.reporter.report(report.error, at: report.codingPath)
    }
    return result
  }
}
