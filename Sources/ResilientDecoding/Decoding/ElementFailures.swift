// What the element loop of an array or a set does when an element fails: report it at its
// index (finding the reporter once), remember it for DEBUG `results`, and move the container
// past it without skipping the next element, whatever the decoder does after a failure.

/// What the element loop keeps about failed elements: in DEBUG their errors, to build
/// `results`; in release nothing but the reporter, looked up at the first failure.
@usableFromInline
struct ElementFailures {
  @usableFromInline var reporter: ResilientDecodingErrorReporter?
  @usableFromInline var basePath: [any CodingKey] = []
  @usableFromInline var didLookUpReporter = false
  #if DEBUG
    @usableFromInline var recorded: [(index: Int, error: any Error)] = []
  #endif

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
      if let decoder = source.reportingDecoder() {
        reporter = decoder.resilientDecodingErrorReporter
        basePath = decoder.codingPath
      }
    }
    reporter?.report(error, at: basePath + [ElementCodingKey(index: index)])
    #if DEBUG
      recorded.append((index, error))
    #endif
    // Most decoders leave the index on an element that failed; some move past it. Only move
    // when the decoder did not, so that no element is skipped twice.
    if container.currentIndex == index { _ = try? container.decode(SkippedElement.self) }
    if container.currentIndex == index { _ = try? container.superDecoder() }
    if container.currentIndex == index { _ = try? container.decodeNil() }
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
