// How the elements of an unkeyed container decode for an array or a set. The clean path, the
// decode of one element and its store, is the only part specialised in the client
// (`_decodeElements(from:into:)`). Everything else is here, compiled once: the loop and the
// memory the elements go to (`_ElementStorage`: `Array.append`, specialised for every element
// type, costs a client's build several times what the rest of an array does), and what a
// failure needs: finding the reporter once, reporting the element at its index through the
// funnel, remembering it for DEBUG `results`, moving the container past it without skipping the
// next element whatever the decoder does after a failure, and holding reports while no element
// has decoded, for the array decoded whole (`WholeArray.swift`).

/// Decodes elements of a container into storage until one fails (its error is thrown, the
/// container where the decoder left it) or the container is at its end:
/// `_decodeElements(from:into:)` of a strategy, specialised by the caller.
@usableFromInline
internal typealias _ElementRun<Element> =
  (inout any UnkeyedDecodingContainer, inout _ElementStorage<Element>) throws -> Void

extension _ResilientElementStrategy {
  /// Decodes elements of `container` into `storage` until one fails or the container is at its
  /// end: the clean path of every array and set.
  @inlinable @inline(__always)
  static func _decodeElements(
    from container: inout any UnkeyedDecodingContainer, into storage: inout _ElementStorage<Element>
  ) throws {
    while !container.isAtEnd {
      storage.nextSlot().initialize(to: try decode(from: &container))
      storage.didInitializeSlot()
    }
  }
}

extension _RawElement where Element: ResilientRawRepresentable {
  /// Decodes raw-representable elements of `container` into `storage` until one fails or the
  /// container is at its end. The loop reads each raw value and its case itself, the steps of
  /// `decode(from:)`, rather than calling it for each element: unspecialised, a function that
  /// asks for a case looks up the metadata of the case's optional once per call, so this way
  /// once per run instead of once per element.
  @inlinable @inline(__always)
  static func _decodeRawElements(
    from container: inout any UnkeyedDecodingContainer, into storage: inout _ElementStorage<Element>
  ) throws {
    while !container.isAtEnd {
      let rawValue = try _decodeConcrete(Element.RawValue.self, from: &container)
      guard let value = Element(rawValue: rawValue) else {
        try _throwNovelValue(Element.self, rawValue: rawValue, readFrom: container)
      }
      storage.nextSlot().initialize(to: value)
      storage.didInitializeSlot()
    }
  }
}

extension _ResilientElementStrategy {
  /// The run of elements that name their records (see ``IdentifiedElement``): the element
  /// type's metadata is looked up once per array, not for every element, since the library
  /// runs it unspecialised. Here, beside the storage, whose transparent methods an unoptimised
  /// build inlines only within this file.
  static var _namingElementRun: _ElementRun<Element> {
    let type = IdentifiedElement<Element>.self
    return { container, storage in
      while !container.isAtEnd {
        storage.nextSlot().initialize(to: try container.decode(type).value)
        storage.didInitializeSlot()
      }
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
internal struct _ElementStorage<Element>: ~Copyable {
  @usableFromInline internal var base: UnsafeMutablePointer<Element>
  @usableFromInline internal var count = 0
  @usableFromInline internal var capacity: Int

  /// Storage with room for `capacity` elements, the number the container says it holds, if
  /// it says.
  init(capacity: Int?) {
    self.capacity = max(capacity ?? 8, 1)
    base = .allocate(capacity: self.capacity)
  }

  /// The next uninitialised slot, room made for it. Once it is initialised, call
  /// ``didInitializeSlot()``.
  @_transparent @usableFromInline
  mutating func nextSlot() -> UnsafeMutablePointer<Element> {
    if count == capacity { grow() }
    return base + count
  }

  @_transparent @usableFromInline
  mutating func didInitializeSlot() {
    count += 1
  }

  /// Doubles the room: rare (a container that says how many elements it holds never needs it),
  /// so clients call the library's one copy instead of specialising it for every element type.
  @usableFromInline @_semantics("optimize.sil.specialize.generic.never")
  internal mutating func grow() {
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

/// How a run of elements ended.
enum ElementRunEnd {
  /// The container is at its end.
  case finished
  /// The element at `index` failed.
  case failed(any Error, index: Int)
}

/// The runs of elements of every array and set, outside any generic type: the clean path
/// calls them before any value that depends on the collection's source exists.
enum ElementRuns {
  /// Decodes the first run of elements; `nil` if it decoded them all, how it ended otherwise.
  static func first<Element>(
    of container: inout any UnkeyedDecodingContainer,
    into elements: inout _ElementStorage<Element>, with run: _ElementRun<Element>
  ) -> ElementRunEnd? {
    let end = next(of: &container, into: &elements, with: run)
    if case .finished = end { return nil }
    return end
  }

  /// Decodes a run of elements and says how it ended. The element that failed is the one
  /// after those the run decoded: each element that decodes moves the container on by one.
  static func next<Element>(
    of container: inout any UnkeyedDecodingContainer,
    into elements: inout _ElementStorage<Element>, with run: _ElementRun<Element>
  ) -> ElementRunEnd {
    let start = (index: container.currentIndex, count: elements.count)
    do {
      try run(&container, &elements)
      return .finished
    } catch {
      return .failed(error, index: start.index + elements.count - start.count)
    }
  }
}

/// The element loop of one array or set, made at its first failed element: runs of elements
/// that decode, and between them, the failed elements, each reported and moved past.
///
/// Not generic: in the library's unspecialised code, a generic type costs its metadata, made at
/// run time once for each type of site, in the first decode of each model that fails; the site
/// is an existential for the same reason.
struct ElementLoop {
  /// The failures of the elements, reported at their indices.
  private var failedElements: FailedElements
  /// Whether the loop reached the end of the container: it stops early at an element it
  /// cannot move past.
  private(set) var readToTheEnd = true
  /// The failed elements, each at its position among all elements (DEBUG `results`).
  private(set) var failures: [(index: Int, error: any Error)] = []

  init(site: any ValueSite, strategy: any _ResilientElementStrategy.Type) {
    failedElements = FailedElements(site: site, strategy: strategy)
  }

  /// Decodes the rest of `container` into `elements` with `run`, after the first run ended
  /// with `firstEnd`, recovering from each element that fails.
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
    into elements: inout _ElementStorage<Element>, after firstEnd: ElementRunEnd,
    with run: _ElementRun<Element>
  ) -> Held? {
    var end = firstEnd
    var held: Held?
    if case .failed = end, elements.count == 0 {
      held = Holds.holding(of: .site(failedElements.site)) {
        while case .failed(let error, let index) = end, elements.count == 0 {
          guard recoverFromElement(error, at: index, in: &container) else {
            readToTheEnd = false
            end = .finished
            return
          }
          end = ElementRuns.next(of: &container, into: &elements, with: run)
        }
      }
      if elements.count > 0, let reports = held {
        Holds.passOn(reports)
        held = nil
      }
    }
    while case .failed(let error, let index) = end {
      guard recoverFromElement(error, at: index, in: &container) else {
        readToTheEnd = false
        break
      }
      end = ElementRuns.next(of: &container, into: &elements, with: run)
    }
    return held
  }

  /// Whether the container refused to read an element as a value that reads nothing, which
  /// any value is: a container that then refuses what it should read (after a failure, say)
  /// may have refused elements that would decode.
  var refusedAValueThatReadsNothing: Bool { failedElements.refusedAValueThatReadsNothing }

  /// Reports the failed element at `index` and moves the container past it (see
  /// ``FailedElements/recover(from:at:in:)``).
  ///
  /// - Returns: `false` if the container cannot move past the element, so decoding must stop.
  private mutating func recoverFromElement(
    _ error: any Error, at index: Int, in container: inout any UnkeyedDecodingContainer
  ) -> Bool {
    let (error, canContinue) = failedElements.recover(from: error, at: index, in: &container)
    #if DEBUG
      failures.append((index, error))
    #endif
    return canContinue
  }
}

/// The failed elements of one array or set: each reported at its index, and moved past. The
/// reporter is found at the first, in the failed element's decoder as the container moves past
/// it, or else through the array's site.
struct FailedElements {
  let site: any ValueSite
  /// How the elements decode: whether an element's error may be the decoder's own, asked only
  /// for an error that is no `DecodingError`.
  let strategy: any _ResilientElementStrategy.Type
  private var reporter: ResilientDecodingErrorReporter?? = nil
  /// The array's path, built once, when a report or an error needs it, and how many of its keys
  /// are known to be short (all or none, looked at once).
  private var basePath: (path: [any CodingKey], shortKeys: Int)?
  /// Whether the container refused to move past an element as a value that reads nothing.
  private(set) var refusedAValueThatReadsNothing = false

  init(site: any ValueSite, strategy: any _ResilientElementStrategy.Type) {
    self.site = site
    self.strategy = strategy
  }

  /// Reports the element at `index`, which failed with `error`, and moves `container` past it
  /// if the decoder did not already.
  ///
  /// Most decoders leave the index on an element that failed; some move past it. Only move
  /// when the decoder did not, so that no element is skipped twice; a super-decoder comes
  /// last, since some decoders do not implement it.
  ///
  /// - Returns: The error as reported, and `false` if the container cannot move past the
  ///   element, so decoding must stop.
  mutating func recover(
    from error: any Error, at index: Int, in container: inout any UnkeyedDecodingContainer
  ) -> (error: any Error, canContinue: Bool) {
    let stayed = container.currentIndex == index
    if stayed {
      if reporter == nil, let probe = try? container.decode(FailedElementProbe.self) {
        // Moving past the element read its decoder's reporter: no lookup through the site.
        reporter = .some(probe.reporter)
      } else if container.currentIndex == index,
        (try? container.decode(SkippedElement.self)) == nil
      {
        refusedAValueThatReadsNothing = true
      }
      if container.currentIndex == index { _ = try? container.decodeNil() }
    }
    let error = report(error, atIndex: index)
    guard stayed else { return (error, true) }
    if container.currentIndex == index { _ = try? container.superDecoder() }
    return (error, container.currentIndex != index)
  }

  /// Reports that the element at `index` failed with `error` and returns the error as
  /// reported, in the record the element brought if it names its record (see
  /// `IdentifiedElement`), else the record holding the array. The element's path is built only
  /// for a reporter or to wrap a decoder's own error.
  private mutating func report(_ error: any Error, atIndex index: Int) -> any Error {
    let found = lookUpReporter()
    var base = basePath
    let reported = Failures.report(
      error, decodedPrimitive: strategy.errorsAreTheDecoders,
      codingPath: {
        let (path, shortKeys) =
          base
          ?? {
            let path = site.codingPath
            return (path, BoundedText.anyIsLong(path) ? 0 : path.count)
          }()
        base = (path, shortKeys)
        // A decoder's own error for a primitive element is at the element: its path, one key
        // longer than the array's, ending at the index and naming the array's own key before
        // it, is the element's, read without making one (and kept once, with the error). A
        // decoder whose path names something else there (XMLCoder names an element's index)
        // gets the array's path and the index instead.
        if strategy.decodesPrimitive, let own = error.decodingContextPath,
          own.count == path.count + 1, own[path.count].intValue == index,
          path.isEmpty || isSameKey(own[path.count - 1], path[path.count - 1])
        {
          return (own, CodingPathFacts(isErrorsPath: true, boundedPrefix: shortKeys))
        }
        return (
          path + [ElementCodingKey(index: index)], CodingPathFacts(boundedPrefix: shortKeys)
        )
      },
      reporter: { found }, record: { site.enclosingRecord(for: $0) })
    basePath = base
    return reported
  }

  /// The reporter: the one `recover(from:at:in:)` read in the first failed element's decoder,
  /// else looked up here, once, through the array's site.
  private mutating func lookUpReporter() -> ResilientDecodingErrorReporter? {
    if let reporter { return reporter }
    let found = site.findReporter()
    reporter = .some(found)
    return found
  }
}

/// Reads the reporter of a failed element's decoder, to move an unkeyed container past it; it
/// never fails.
struct FailedElementProbe: Decodable {
  let reporter: ResilientDecodingErrorReporter?

  init(from decoder: any Decoder) {
    reporter = decoder.resilientDecodingErrorReporter
  }
}

/// Decodes any value and discards it, to move an unkeyed container past a failed element.
struct SkippedElement: Decodable {
  init(from decoder: any Decoder) {}
}
