// How the elements of an unkeyed container decode for an array or a set. The clean path, the
// decode of one element and its store, is the only part specialised in the client
// (`decodeElement(from:into:)`). Everything else is here, compiled once: the loop and the memory
// the elements go to (`ElementStorage`: `Array.append`, specialised for every element type,
// costs a client's build several times what the rest of an array does), and what a failure
// needs: finding the reporter once, reporting the element at its index, remembering it for
// DEBUG `results`, moving the container past it without skipping the next element whatever the
// decoder does after a failure, and holding reports while no element has decoded, for the array
// decoded whole (`WholeArray.swift`).

/// Decodes elements of a container into storage until one fails (its error is thrown, the
/// container where the decoder left it) or the container is at its end:
/// `decodeElements(from:into:)` of a strategy, specialised by the caller.
@usableFromInline
typealias ElementRun<Element> =
  (inout any UnkeyedDecodingContainer, inout ElementStorage<Element>) throws -> Void

extension ResilientElementStrategy {
  /// Decodes elements of `container` into `storage` until one fails or the container is at its
  /// end: the clean path of every array and set.
  @inlinable
  static func decodeElements(
    from container: inout any UnkeyedDecodingContainer, into storage: inout ElementStorage<Element>
  ) throws {
    while !container.isAtEnd {
      storage.nextSlot().initialize(to: try decode(from: &container))
      storage.didInitializeSlot()
    }
  }
}

/// The elements of an array or a set as they decode: memory of their own, grown by doubling,
/// handed over as an array at the end.
///
/// Storing an element costs a comparison and an address; growing is out of line. Unlike
/// `Array.append`, whose whole machinery is specialised for every element type that appends,
/// it costs a client's build next to nothing.
@usableFromInline
struct ElementStorage<Element>: ~Copyable {
  @usableFromInline var base: UnsafeMutablePointer<Element>
  @usableFromInline var count = 0
  @usableFromInline var capacity: Int

  /// Storage with room for `capacity` elements, the number the container says it holds, if
  /// it says.
  init(capacity: Int?) {
    self.capacity = max(capacity ?? 8, 1)
    base = .allocate(capacity: self.capacity)
  }

  /// The next uninitialised slot, room made for it. Once it is initialised, call
  /// ``didInitializeSlot()``.
  @inlinable
  mutating func nextSlot() -> UnsafeMutablePointer<Element> {
    if count == capacity { grow() }
    return base + count
  }

  @inlinable
  mutating func didInitializeSlot() {
    count += 1
  }

  /// Doubles the room.
  @usableFromInline
  mutating func grow() {
    let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
    grown.moveInitialize(from: base, count: count)
    base.deallocate()
    base = grown
    capacity *= 2
  }

  /// The elements, in order, as an array; the storage is freed.
  consuming func array() -> [Element] {
    let (base, count) = (base, count)
    // No element: the empty array. `init(unsafeUninitializedCapacity:)` with a capacity of 0
    // writes the count into the one empty-array storage that every thread shares, which the
    // thread sanitizer reports as a race between concurrent decodes.
    let elements =
      count == 0
      ? []
      : [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
        buffer.baseAddress?.moveInitialize(from: base, count: count)
        initialized = count
      }
    base.deallocate()
    discard self
    return elements
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }
}

/// The element loop of one array or set: runs of elements that decode, and between them, the
/// failed elements, each reported and moved past.
struct ElementLoop<Source: ResilientValueSource> {
  let source: Source
  /// Whether an element's error may be the decoder's own error for a primitive, reported as
  /// plain `Codable` shows it (see ``plainCodableError(_:decodedPrimitive:at:)``).
  let decodesPrimitive: Bool
  /// Whether the elements may be records with identifiers of their own: a failed element
  /// whose record cannot be read here is then reported with none, for the array to find.
  let elementsMayBeRecords: Bool
  /// The reporter, looked up at the first failure; the array's path, read then.
  private var reporter: ResilientDecodingErrorReporter?? = nil
  private var basePath: [any CodingKey] = []
  /// The failed elements, each at its position among all elements (DEBUG `results`).
  private(set) var failures: [(index: Int, error: any Error)] = []

  init(source: Source, decodesPrimitive: Bool, elementsMayBeRecords: Bool) {
    self.source = source
    self.decodesPrimitive = decodesPrimitive
    self.elementsMayBeRecords = elementsMayBeRecords
  }

  /// How a run of elements ended.
  private enum RunEnd {
    /// The container is at its end.
    case finished
    /// The element at `index` failed.
    case failed(any Error, index: Int)
  }

  /// Decodes every element of `container` into `elements` with `run`, recovering from each
  /// element that fails.
  ///
  /// While no element has decoded, reports are held from the first failure on: a decoder whose
  /// nested container misreads the value (XMLCoder unwraps an array of one struct into the
  /// struct's fields) makes every element fail, and the caller may then decode the array whole
  /// instead. Once an element decodes, what was held is passed on, in order.
  ///
  /// - Returns: What was held, if no element decoded, one failed and reports could be held:
  ///   the caller passes it on or drops it. `nil` otherwise, everything reported.
  mutating func decode<Element>(
    from container: inout any UnkeyedDecodingContainer,
    into elements: inout ElementStorage<Element>, with run: ElementRun<Element>
  ) -> HeldDiagnostics? {
    var end = nextRun(of: &container, into: &elements, with: run)
    var held: HeldDiagnostics?
    if case .failed = end, elements.count == 0 {
      (end, held) = ReportScope.holdingReports {
        while case .failed(let error, let index) = end, elements.count == 0 {
          guard recover(from: error, at: index, in: &container) else { return RunEnd.finished }
          end = nextRun(of: &container, into: &elements, with: run)
        }
        return end
      }
      if elements.count > 0, let reports = held {
        ReportScope.passOn(reports)
        held = nil
      }
    }
    while case .failed(let error, let index) = end {
      guard recover(from: error, at: index, in: &container) else { break }
      end = nextRun(of: &container, into: &elements, with: run)
    }
    return held
  }

  /// Decodes a run of elements and says how it ended. The element that failed is the one after
  /// those the run decoded: each element that decodes moves the container on by one.
  private func nextRun<Element>(
    of container: inout any UnkeyedDecodingContainer,
    into elements: inout ElementStorage<Element>, with run: ElementRun<Element>
  ) -> RunEnd {
    let start = (index: container.currentIndex, count: elements.count)
    do {
      try run(&container, &elements)
      return .finished
    } catch {
      return .failed(error, index: start.index + elements.count - start.count)
    }
  }

  /// Reports the failed element at `index` and moves the container past it if the decoder did
  /// not already.
  ///
  /// - Returns: `false` if the container cannot move past the element, so decoding must stop.
  private mutating func recover(
    from error: any Error, at index: Int, in container: inout any UnkeyedDecodingContainer
  ) -> Bool {
    if reporter == nil {
      reporter = .some(source.findReporter())
      basePath = source.codingPath
    }
    // An element decoded to name its record brings the record with its error.
    var (error, record) = IdentifiedElementFailure.unwrap(error)
    // Most decoders leave the index on an element that failed; some move past it. Only move
    // when the decoder did not, so that no element is skipped twice, reading the element's
    // record on the way if the reporter names records. A super-decoder comes last: some
    // decoders do not implement it.
    let reporter = self.reporter ?? nil
    let stayed = container.currentIndex == index
    if stayed {
      if let reporter, reporter.namesRecords {
        let probe = try? container.decode(RecordProbe.self)
        record = record ?? probe?.record
      } else {
        _ = try? container.decode(SkippedElement.self)
      }
      if container.currentIndex == index { _ = try? container.decodeNil() }
    }
    // The element's path is built only for a reporter or a decoder's own error.
    error = plainCodableError(
      error, decodedPrimitive: decodesPrimitive, at: basePath + [ElementCodingKey(index: index)])
    if let reporter {
      // A record element that the decoder moved past could not be read: the array decodes
      // again to name it (see `decodeNamingElementRecords`).
      let unread = !stayed && elementsMayBeRecords && reporter.namesRecords
      ReportScope.report(
        error, at: basePath + [ElementCodingKey(index: index)], to: reporter,
        record: record ?? (unread ? nil : source.enclosingRecord(for: reporter)))
    }
    #if DEBUG
      failures.append((index, error))
    #endif
    if !stayed { return true }
    if container.currentIndex == index { _ = try? container.superDecoder() }
    return container.currentIndex != index
  }
}

/// Decodes any value and discards it, to move an unkeyed container past a failed element.
struct SkippedElement: Decodable {
  init(from decoder: any Decoder) {}
}

/// Reads the record of a failed element, if it has an identifier, to move an unkeyed container
/// past it; it never fails.
struct RecordProbe: Decodable {
  let record: ReportedRecord?

  init(from decoder: any Decoder) {
    record = decoder.ownRecord()
  }
}
