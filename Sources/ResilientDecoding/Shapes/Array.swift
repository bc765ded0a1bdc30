// Arrays: `[]` (or `nil` for `[T]?`) when missing or `null`, `[]` (reported) when the value is
// not an array, otherwise every element that decodes, each failing element reported at its own
// index. README: "Arrays and sets".

// MARK: - Overloads

extension KeyedDecodingContainer {
  /// Decodes a `@Resilient` array: `[]` when the key is missing, the value is `null` or is not
  /// an array (reported); otherwise every element that decodes, in order, each failing element
  /// being reported at its own index.
  @inlinable
  public func decode<Element: Decodable>(_: Resilient<[Element]>.Type, forKey key: Key) throws
    -> Resilient<[Element]>
  {
    .init(
      elements: decodeResilientElements(
        PlainElement<Element>.self, forKey: key,
        running: { try PlainElement<Element>.decodeElements(from: &$0, into: &$1) }))
  }

  /// Decodes a `@Resilient` optional array: `nil` when the key is missing or the value is
  /// `null`, `[]` when the value is not an array (reported), otherwise as a resilient array.
  @inlinable
  public func decode<Element: Decodable>(_: Resilient<[Element]?>.Type, forKey key: Key) throws
    -> Resilient<[Element]?>
  {
    .init(
      elements: decodeResilientElements(
        PlainElement<Element>.self, forKey: key,
        running: { try PlainElement<Element>.decodeElements(from: &$0, into: &$1) }))
  }

  /// Decodes a `@Resilient` array of raw-representable values, omitting (and reporting) every
  /// element that cannot be used. The fallback is never used in a collection.
  @inlinable
  public func decode<T: ResilientRawRepresentable>(_: Resilient<[T]>.Type, forKey key: Key) throws
    -> Resilient<[T]>
  {
    .init(
      elements: decodeResilientElements(
        RawElement<T>.self, forKey: key,
        running: { try RawElement<T>.decodeElements(from: &$0, into: &$1) }))
  }

  /// Decodes a `@Resilient` optional array of raw-representable values, omitting (and
  /// reporting) every element that cannot be used.
  @inlinable
  public func decode<T: ResilientRawRepresentable>(_: Resilient<[T]?>.Type, forKey key: Key) throws
    -> Resilient<[T]?>
  {
    .init(
      elements: decodeResilientElements(
        RawElement<T>.self, forKey: key,
        running: { try RawElement<T>.decodeElements(from: &$0, into: &$1) }))
  }

  /// An array of optionals cannot be made resilient element by element: asserts in DEBUG with
  /// what to write instead, and decodes as if unwrapped.
  public func decode<T: Decodable>(_: Resilient<[T?]>.Type, forKey key: Key) throws
    -> Resilient<[T?]>
  {
    resilientDecodingAssertionFailure(
      "@Resilient does not support the array of optionals \"\(key.stringValue)\" "
        + "([\(T.self)?]): an element that fails would be dropped, not made nil. Declare "
        + "`@Resilient var \(key.stringValue): [\(T.self)]` to drop failing elements, or "
        + "`var \(key.stringValue): [Resilient<\(T.self)?>]` to turn them into nil.")
    return Resilient(try decode([T?].self, forKey: key))
  }

  /// The behaviour of every resilient array and set under a key, out of line: only `run`, the
  /// clean path, is specialised in the caller, which puts the elements in its collection.
  @usableFromInline
  func decodeResilientElements<Strategy: ResilientElementStrategy>(
    _ strategy: Strategy.Type, forKey key: Key,
    running run: ElementRun<Strategy.Element>
  ) -> DecodedElements<Strategy.Element> {
    KeyedValueSource(container: self, key: key).decodeResilientElements(
      strategy, running: run)
  }
}

// MARK: - Behaviour

/// What decoding the elements of an array or a set gave: the elements that decoded, or that the
/// value was missing or `null`, and what the wrapper records about it.
@usableFromInline
struct DecodedElements<Element> {
  /// The elements that decoded, in order; none when the value was absent or not an array.
  @usableFromInline let elements: [Element]
  /// Whether the value was missing or `null`: the property holds its absent value.
  @usableFromInline let isAbsent: Bool
  @usableFromInline let outcome: RecordedOutcome
  #if DEBUG
    /// The results of a collection that decoded without a failure (DEBUG only).
    @usableFromInline let cleanResults: (any Error)?
  #endif

  init(elements: [Element], isAbsent: Bool = false, outcome: RecordedOutcome) {
    self.elements = elements
    self.isAbsent = isAbsent
    self.outcome = outcome
    #if DEBUG
      self.cleanResults = nil
    #endif
  }

  /// Elements decoded one by one, `failures` the positions and errors of those that failed,
  /// each already reported.
  init(elements: [Element], failures: [(index: Int, error: any Error)]) {
    self.elements = elements
    self.isAbsent = false
    #if DEBUG
      let results = ResilientDecodingOutcome.ArrayDecodingError(
        elements: elements, failures: failures)
      self.outcome =
        failures.isEmpty ? .decodedSuccessfully : .recoveredFrom(results, wasReported: false)
      self.cleanResults = failures.isEmpty ? results : nil
    #else
      self.outcome = .decodedSuccessfully
    #endif
  }
}

extension Resilient {
  /// Wraps what decoding an array's elements gave.
  @inlinable
  init<Element>(elements decoded: DecodedElements<Element>) where Value == [Element] {
    self.init(decoded.elements, outcome: decoded.outcome)
    #if DEBUG
      cleanCollectionResults = decoded.cleanResults
    #endif
  }

  /// Wraps what decoding an optional array's elements gave: `nil` when it was missing or `null`.
  @inlinable
  init<Element>(elements decoded: DecodedElements<Element>) where Value == [Element]? {
    self.init(decoded.isAbsent ? nil : decoded.elements, outcome: decoded.outcome)
    #if DEBUG
      cleanCollectionResults = decoded.cleanResults
    #endif
  }

  /// Wraps what decoding the elements of `Value`, whose shape is known only at run time, gave:
  /// `absent` when it was missing or `null`, otherwise the elements put in `Value` by `wrap`.
  init<Element>(
    _ decoded: DecodedElements<Element>, absent: Value, wrap: ([Element]) -> Value
  ) {
    self.init(decoded.isAbsent ? absent : wrap(decoded.elements), outcome: decoded.outcome)
    #if DEBUG
      cleanCollectionResults = decoded.cleanResults
    #endif
  }
}

extension ResilientValueSource {
  /// The behaviour of every resilient array and set: absent when missing or `null`, no
  /// element (reported) when the value is not an array, otherwise the elements that decode.
  ///
  /// Elements are decoded straight from the unkeyed container by `run`; only an element that
  /// fails costs anything more (see ``ElementLoop``). A decoder that refuses an unkeyed
  /// container for the key, or whose container gave no element that decodes, gets a second
  /// chance to decode the array whole (see ``decodeArrayWhole(_:)``).
  func decodeResilientElements<Strategy: ResilientElementStrategy>(
    _: Strategy.Type, running run: ElementRun<Strategy.Element>
  ) -> DecodedElements<Strategy.Element> {
    guard Strategy.elementsMayBeRecords, ResilientDecodingErrorReporter.anyIdentifiesRecords else {
      return decodeElementsOnce(Strategy.self, running: run)
    }
    return decodeNamingElementRecords(Strategy.self, running: run)
  }

  /// Decodes the elements once, as ``decodeResilientElements(_:running:)`` describes.
  func decodeElementsOnce<Strategy: ResilientElementStrategy>(
    _: Strategy.Type, running run: ElementRun<Strategy.Element>
  ) -> DecodedElements<Strategy.Element> {
    var elements: [Strategy.Element] = []
    var failures: [(index: Int, error: any Error)] = []
    // Whether an array inside this one is decoded again whole decides whether this one may be.
    let wholeArraysBefore = ReportScope.wholeArraysDecoded
    do {
      var container = try unkeyedContainer()
      var storage = ElementStorage<Strategy.Element>(capacity: container.count)
      var loop = ElementLoop(
        source: self, decodesPrimitive: Strategy.decodesPrimitive,
        elementsMayBeRecords: Strategy.elementsMayBeRecords)
      let held = loop.decode(from: &container, into: &storage, with: run)
      elements = storage.array()
      failures = loop.failures
      if let held {
        // No element decoded: the decoder may have misread the array. Decoding it whole can
        // only keep more; what it reports replaces what was held only if it does.
        let whole = ReportScope.decodingArrayWhole(after: wholeArraysBefore) {
          decodeArrayWhole(Strategy.self)
        }
        if let whole = whole ?? nil, case .success(let decoded) = whole.result,
          !decoded.elements.isEmpty
        {
          (elements, failures) = decoded
          whole.passOnReports()
        } else {
          ReportScope.passOn(held)
        }
      }
    } catch {
      if isMissing { return .init(elements: [], isAbsent: true, outcome: .keyNotFound) }
      if (try? decodeNil()) == true {
        return .init(elements: [], isAbsent: true, outcome: .valueWasNil)
      }
      guard let whole = decodeArrayWhole(Strategy.self) else {
        report(error)
        return .init(elements: [], outcome: .recoveredFrom(error, wasReported: true))
      }
      whole.passOnReports()
      switch whole.result {
      case .success(let decoded):
        (elements, failures) = decoded
      case .failure(let wholeError):
        // Not an array: the error of decoding it whole says so, where the first one may only
        // say that the decoder refused a nested container.
        report(wholeError)
        return .init(elements: [], outcome: .recoveredFrom(wholeError, wasReported: true))
      }
    }
    return .init(elements: elements, failures: failures)
  }
}

extension ResilientValueSource {
  /// Decodes the elements of records while a reporter that names records may be registered.
  ///
  /// The elements decode as usual, the reports held. Most reports already name their record
  /// for good (the record holding the failing property, the element that failed); if one does
  /// not and the reporter names records, the array is decoded a second time, each element as
  /// an ``IdentifiedElement`` that names what failed inside it, and the second decode's reports
  /// are passed on instead. An array of records inside another that is in its first decode
  /// leaves that to the outer one, whose second decode names the records of both: whatever the
  /// depth, the elements are decoded at most twice. Clean data costs a hold; only an array with
  /// a report that needs it is decoded twice.
  func decodeNamingElementRecords<Strategy: ResilientElementStrategy>(
    _: Strategy.Type, running run: ElementRun<Strategy.Element>
  ) -> DecodedElements<Strategy.Element> {
    // During a trial, reports are dropped: there is nothing to name.
    guard let scope = ReportScope.current, !ReportScope.isInTrial(scope) else {
      return decodeElementsOnce(Strategy.self, running: run)
    }
    if ReportScope.isDecodingAgain(scope) {
      // Decoded again from further out: the elements name their records as they decode.
      // A missing value has no elements to name; asking for its reporter could need a
      // super-decoder.
      guard !isMissing, let reporter = elementRecordReporter(Strategy.self) else {
        return decodeElementsOnce(Strategy.self, running: run)
      }
      return decodeElementsNamingRecords(Strategy.self, reporter: reporter)
    }
    let ((decoded, held), isOutermost) = ReportScope.firstDecodeOfRecords(in: scope) {
      ReportScope.holdingReports(in: scope) { decodeElementsOnce(Strategy.self, running: run) }
    }
    guard let held else { return decoded }
    guard isOutermost, held.reports.contains(where: \.needsNaming),
      let reporter = elementRecordReporter(Strategy.self)
    else {
      ReportScope.passOn(held, in: scope)
      return decoded
    }
    let (again, heldAgain) = ReportScope.holdingReports(in: scope) {
      ReportScope.decodingAgain(in: scope) {
        decodeElementsNamingRecords(Strategy.self, reporter: reporter)
      }
    }
    // The same value decoded the same way: if a decoder answered differently the second time,
    // the first decode's reports stand.
    if let heldAgain, again.elements.count == decoded.elements.count,
      heldAgain.count == held.count
    {
      ReportScope.passOn(heldAgain, in: scope)
    } else {
      ReportScope.passOn(held, in: scope)
    }
    return decoded
  }

  /// Decodes the elements as ``IdentifiedElement``s, each naming what failed inside it; what
  /// names no record of its own is named by the record holding the array.
  private func decodeElementsNamingRecords<Strategy: ResilientElementStrategy>(
    _: Strategy.Type, reporter: ResilientDecodingErrorReporter
  ) -> DecodedElements<Strategy.Element> {
    let findEnclosingRecord = { enclosingRecord(for: reporter) }
    return ReportScope.withEnclosingRecord(findEnclosingRecord) {
      decodeElementsOnce(
        IdentifiedStrategy<Strategy>.self,
        running: { try IdentifiedStrategy<Strategy>.decodeElements(from: &$0, into: &$1) })
    }
  }

  /// The reporter, if it names records and the elements may be records (not primitives or
  /// raw values): a reporter with identifying keys is registered.
  func elementRecordReporter<Strategy: ResilientElementStrategy>(
    _: Strategy.Type
  ) -> ResilientDecodingErrorReporter? {
    guard Strategy.elementsMayBeRecords, ResilientDecodingErrorReporter.anyIdentifiesRecords,
      let reporter = findReporter(), reporter.namesRecords
    else { return nil }
    return reporter
  }
}

// MARK: - Run-time dispatch

extension Array: ResilientShape, ResilientCollectionShape where Element: Decodable {
  static func decodeResiliently<Source: ResilientValueSource>(from source: Source)
    -> Resilient<Self>?
  {
    // `[T?]` is a misuse, as with its overload.
    if Element.self is any OptionalMarker.Type { return nil }
    return decodeElements(from: source, absent: [], wrap: { $0 })
  }

  static func decodeResilientlyAsOptional<Source: ResilientValueSource>(from source: Source)
    -> Resilient<Self?>?
  {
    decodeElements(from: source, absent: nil, wrap: { $0 })
  }

  private static func decodeElements<Value>(
    from source: some ResilientValueSource, absent: Value, wrap: ([Element]) -> Value
  ) -> Resilient<Value>? {
    if let raw = Element.self as? any ResilientRawRepresentable.Type {
      func decodeRaw<T: ResilientRawRepresentable>(_: T.Type) -> Resilient<Value> {
        let decoded = source.decodeResilientElements(
          RawElement<T>.self, running: { try RawElement<T>.decodeElements(from: &$0, into: &$1) })
        return .init(decoded, absent: absent, wrap: { wrap($0 as! [Element]) })
      }
      return decodeRaw(raw)
    }
    let decoded = source.decodeResilientElements(
      PlainElement<Element>.self,
      running: { try PlainElement<Element>.decodeElements(from: &$0, into: &$1) })
    return .init(decoded, absent: absent, wrap: wrap)
  }
}
