// The collection engine: how the elements of every resilient array and set decode, whatever
// the collection they go into. A shape only wraps what `_DecodedElements` holds into its value
// (`Resilient.init(elements:)`); the internals document (Documentation/Internals) lists the edit
// sites of a new collection shape. DocC: "Choosing a Property Kind".

// MARK: - Entrances

extension _ResilientElementStrategy {
  /// The clean path of the elements of every array and set: decodes elements of a container
  /// into storage until one fails or the container is at its end, specialised where it is
  /// written (in a client's overload, or in the library's run-time dispatch).
  @_transparent @usableFromInline
  static var _elementRun: _ElementRun<Element> {
    { try _decodeElements(from: &$0, into: &$1) }
  }
}

extension _RawElement where Element: ResilientRawRepresentable {
  /// The clean path of the elements of an array or set of raw-representable values: a loop of
  /// its own (`_decodeRawElements(from:into:)`).
  @_transparent @usableFromInline
  static var _elementRun: _ElementRun<Element> {
    { try _decodeRawElements(from: &$0, into: &$1) }
  }
}

extension KeyedDecodingContainer {
  /// The body of the array and set overloads: their elements under `key`, run by the
  /// strategy's own run of elements. Inlinable rather than transparent: an unoptimised client
  /// compiles a call, not the run and its closure; an optimised one specialises them. Not
  /// `@inline(__always)` either, which an unoptimised build also inlines: its code grows.
  @inlinable
  internal func _decodeCollection<Strategy: _ResilientElementStrategy>(
    _: Strategy.Type, forKey key: Key, mayBeAbsent: Bool
  ) -> _DecodedElements<Strategy.Element> {
    _decodeResilientElements(
      Strategy.self, forKey: key, mayBeAbsent: mayBeAbsent, running: Strategy._elementRun)
  }

  /// The behaviour of every resilient array and set under a key, out of line: only `run`, the
  /// clean path, is specialised in the caller, which puts the elements in its collection.
  ///
  /// A clean array builds no site: a site's type depends on `Key`, and in the library's
  /// unspecialised code each value of such a type costs a lookup in the runtime's metadata
  /// cache, several per array. The site is made when something fails or is absent.
  // The steps repeat `decodeElementsOnce(_:running:)`'s. Written once, with the site's part
  // passed as closures, the closures' captures of the container and key cost what the site
  // did: real payloads rose from 0.973 to 0.991 (citm) and 1.022 to 1.034 (twitter).
  @usableFromInline
  internal func _decodeResilientElements<Strategy: _ResilientElementStrategy>(
    _ strategy: Strategy.Type, forKey key: Key, mayBeAbsent: Bool,
    running run: _ElementRun<Strategy.Element>
  ) -> _DecodedElements<Strategy.Element> {
    guard !Strategy.namesElementRecords else {
      return KeyedSite(container: self, key: key).decodeResilientElements(
        strategy, running: run)
    }
    let wholeArraysBefore = Passes.wholeArraysDecoded
    var container: any UnkeyedDecodingContainer
    do {
      if mayBeAbsent, !contains(key) { throw MissingKey() }
      container = try nestedUnkeyedContainer(forKey: key)
    } catch {
      return KeyedSite(container: self, key: key).decodeElementsOfNoArray(
        Strategy.self, failedWith: error)
    }
    var storage = _ElementStorage<Strategy.Element>(capacity: container.count)
    guard let failure = ElementRuns.first(of: &container, into: &storage, with: run) else {
      return .init(elements: storage.array(), failures: [])
    }
    return KeyedSite(container: self, key: key).decodeElements(
      Strategy.self, from: &container, into: storage, after: failure,
      wholeArraysBefore: wholeArraysBefore, running: run)
  }
}

extension ValueSite {
  /// Decodes the elements of a resilient array or set whose shape is known only at run time,
  /// the run of elements specialised in the library.
  func decodeResilientElements<Strategy: _ResilientElementStrategy>(
    _ strategy: Strategy.Type
  ) -> _DecodedElements<Strategy.Element> {
    decodeResilientElements(strategy, running: Strategy._elementRun)
  }
}

/// The value of a resilient array or set is missing (the site finds out again, and records
/// it as absent).
private struct MissingKey: Error {}

// MARK: - What decoding gave

extension Resilient {
  /// Wraps `value`, made by a shape from what decoding its elements gave (`decoded`), with what
  /// that decoding records.
  @_transparent @usableFromInline
  internal init<Element>(_ value: Value, decodedFrom decoded: _DecodedElements<Element>) {
    self.init(value, outcome: decoded.outcome)
    #if DEBUG
      _cleanCollectionResults = decoded.cleanResultsBox
    #endif
  }

  /// Wraps `value`, made by a shape that does not keep its elements in the order they decoded
  /// (a set), from what decoding them gave (`decoded`): a clean collection keeps that order for
  /// DEBUG `results`.
  @_transparent @usableFromInline
  internal init<Element>(_ value: Value, decodedInOrderFrom decoded: _DecodedElements<Element>) {
    self.init(value, outcome: decoded.outcome)
    #if DEBUG
      _cleanCollectionResults = decoded.cleanResults
    #endif
  }
}

/// What decoding the elements of an array or a set gave: the elements that decoded, or that the
/// value was missing or `null`, and what the wrapper records about it.
@usableFromInline
internal struct _DecodedElements<Element> {
  /// The elements that decoded, in order; none when the value was absent or not an array.
  @usableFromInline internal let elements: [Element]
  /// Whether the value was missing or `null`: the property holds its absent value.
  @usableFromInline internal let isAbsent: Bool
  @usableFromInline internal let outcome: _RecordedOutcome

  #if DEBUG
    /// Where a clean array's `results` are kept once read; `nil` for any other, and for an
    /// empty one, whose results cost nothing to build again (DEBUG only).
    @usableFromInline internal let cleanResultsBox: (any Error)?
  #endif

  init(elements: [Element], isAbsent: Bool = false, outcome: _RecordedOutcome) {
    self.elements = elements
    self.isAbsent = isAbsent
    self.outcome = outcome
    #if DEBUG
      self.cleanResultsBox = nil
    #endif
  }

  /// Elements decoded one by one, `failures` the positions and errors of those that failed,
  /// each already reported.
  init(elements: [Element], failures: [(index: Int, error: any Error)]) {
    self.elements = elements
    self.isAbsent = false
    #if DEBUG
      // A clean array's results are its value's elements, each a success: the projected value
      // builds them when read, and decoding builds nothing for them.
      self.outcome =
        failures.isEmpty
        ? .decodedSuccessfully
        : .recoveredFrom(
          ResilientDecodingOutcome.ArrayDecodingError(elements: elements, failures: failures),
          wasReported: false)
      self.cleanResultsBox = failures.isEmpty && !elements.isEmpty ? CleanArrayResults() : nil
    #else
      self.outcome = .decodedSuccessfully
    #endif
  }

  #if DEBUG
    /// The results of a collection that decoded without a failure, in the order its elements
    /// decoded, for a shape that does not keep that order (a set); `nil` for any other
    /// collection (DEBUG only).
    @usableFromInline internal var cleanResults: (any Error)? {
      guard case .decodedSuccessfully = outcome else { return nil }
      return ResilientDecodingOutcome.ArrayDecodingError(elements: elements, failures: [])
    }
  #endif
}

extension ValueSite {
  /// The behaviour of every resilient array and set: absent when missing or `null`, no
  /// element (reported) when the value is not an array, otherwise the elements that decode.
  ///
  /// Elements are decoded straight from the unkeyed container by `run`; only an element that
  /// fails costs anything more (see ``ElementLoop``). A decoder that refuses an unkeyed
  /// container for the key, or whose container gave no element that decodes, gets a second
  /// chance to decode the array whole (see ``decodeArrayWhole(_:)``).
  func decodeResilientElements<Strategy: _ResilientElementStrategy>(
    _: Strategy.Type, running run: _ElementRun<Strategy.Element>
  ) -> _DecodedElements<Strategy.Element> {
    guard Strategy.namesElementRecords, let reporter = namingReporter() else {
      return decodeElementsOnce(Strategy.self, running: run)
    }
    // Each element names what is reported inside it; what names no record of its own is
    // named by the record holding the array. (During a trial, reports are dropped: there is
    // nothing to name.)
    return namingValues(for: reporter, elementsBelow: true) {
      decodeElementsOnce(
        IdentifiedStrategy<Strategy>.self, running: Strategy._namingElementRun)
    }
  }

  /// Decodes the elements once, as ``decodeResilientElements(_:running:)`` describes.
  func decodeElementsOnce<Strategy: _ResilientElementStrategy>(
    _: Strategy.Type, running run: _ElementRun<Strategy.Element>
  ) -> _DecodedElements<Strategy.Element> {
    // Whether an array inside this one is decoded again whole decides whether this one may be.
    let wholeArraysBefore = Passes.wholeArraysDecoded
    var container: any UnkeyedDecodingContainer
    do {
      container = try unkeyedContainer()
    } catch {
      return decodeElementsOfNoArray(Strategy.self, failedWith: error)
    }
    var storage = _ElementStorage<Strategy.Element>(capacity: container.count)
    guard let failure = ElementRuns.first(of: &container, into: &storage, with: run) else {
      return .init(elements: storage.array(), failures: [])
    }
    return decodeElements(
      Strategy.self, from: &container, into: storage, after: failure,
      wholeArraysBefore: wholeArraysBefore, running: run)
  }

  /// Decodes the rest of the elements of `container` after the first run of `storage` ended
  /// with `failure`, recovering from each element that fails (see ``ElementLoop``).
  func decodeElements<Strategy: _ResilientElementStrategy>(
    _: Strategy.Type, from container: inout any UnkeyedDecodingContainer,
    into storage: consuming _ElementStorage<Strategy.Element>, after failure: ElementRunEnd,
    wholeArraysBefore: Int, running run: _ElementRun<Strategy.Element>
  ) -> _DecodedElements<Strategy.Element> {
    var loop = ElementLoop(site: self, strategy: Strategy.self)
    let held = loop.decode(from: &container, into: &storage, after: failure, with: run)
    var elements = storage.array()
    var failures = loop.failures
    if let held {
      // No element decoded: the decoder may have misread the array. Decoding it whole can
      // only keep more; what it reports replaces what was held only if it does. It is decoded
      // so again only if it may read differently that way: a look at how it reads whole costs
      // next to nothing, where decoding every element again would cost what the first pass did.
      let mayHaveMisread = !loop.readToTheEnd || loop.refusedAValueThatReadsNothing
      let elementCount = container.currentIndex
      let whole =
        Passes.decodingArrayWhole(.secondChance(after: wholeArraysBefore)) {
          mayHaveMisread || readsDifferentlyWhole(Strategy.self, elementCount: elementCount)
            ? decodeArrayWhole(Strategy.self) : nil
        } ?? nil
      if let whole, case .success(let decoded) = whole.result, !decoded.elements.isEmpty {
        (elements, failures) = decoded
        whole.passOn()
      } else {
        Holds.passOn(held)
      }
    }
    return .init(elements: elements, failures: failures)
  }

  /// What a resilient array or set holds when its value gave no unkeyed container (`error`):
  /// absent when missing or `null`, otherwise the value decoded whole if the decoder reads it
  /// so, or no element, reported.
  func decodeElementsOfNoArray<Strategy: _ResilientElementStrategy>(
    _: Strategy.Type, failedWith error: any Error
  ) -> _DecodedElements<Strategy.Element> {
    if isMissing { return .init(elements: [], isAbsent: true, outcome: .keyNotFound) }
    if (try? decodeNil()) == true {
      return .init(elements: [], isAbsent: true, outcome: .valueWasNil)
    }
    guard
      let whole = Passes.decodingArrayWhole(.onlyWay, { decodeArrayWhole(Strategy.self) })
        ?? nil
    else {
      let error = report(error)
      return .init(elements: [], outcome: .recoveredFrom(error, wasReported: true))
    }
    whole.passOn()
    switch whole.result {
    case .success(let decoded):
      return .init(elements: decoded.elements, failures: decoded.failures)
    case .failure(let wholeError):
      // Not an array: the error of decoding it whole says so, where the first one may only
      // say that the decoder refused a nested container.
      let error = report(wholeError)
      return .init(elements: [], outcome: .recoveredFrom(error, wasReported: true))
    }
  }
}
