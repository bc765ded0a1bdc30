// An array decoded whole, for decoders whose nested unkeyed container for a key is refused or
// misread, as an array of values that catch their own errors (`CaughtElement`).

/// An array decoded whole: the elements that decoded and the failures, or the error that
/// stopped it; and what its values reported, held meanwhile, to pass on if this way of decoding
/// the array is kept.
struct WholeArrayDecode<Element> {
  let result: Result<(elements: [Element], failures: [(index: Int, error: any Error)]), any Error>
  /// What the values reported, element by element in order, at the array's path.
  let held: Held?

  /// Passes on what the values reported.
  func passOn() {
    if let held { Holds.passOn(held) }
  }
}

extension ValueSite {
  /// The array decoded whole, as an array of values that catch their own errors; `nil` where
  /// there is no such second chance (a whole decoder).
  ///
  /// For a decoder that refuses an unkeyed container for a key but decodes the value through
  /// `decode(_:forKey:)` (GRDB's JSON columns), or whose nested container misreads an array
  /// that `decode(_:forKey:)` reads right (XMLCoder's array of one struct). Nothing is reported
  /// yet: the caller passes the reports on, or drops them for another way of decoding the array.
  /// While a reporter names records and the elements may be records, each names what failed
  /// inside it (see ``IdentifiedElement``).
  func decodeArrayWhole<Strategy: _ResilientElementStrategy>(
    _: Strategy.Type
  ) -> WholeArrayDecode<Strategy.Element>? {
    guard Strategy.namesElementRecords, let reporter = namingReporter() else {
      return decodeArrayWhole(CaughtElement<Strategy>.self)
    }
    return namingValues(for: reporter) {
      decodeArrayWhole(CaughtElement<IdentifiedStrategy<Strategy>>.self)
    }
  }

  /// The array decoded whole as values of `Value`, which catch their own errors.
  private func decodeArrayWhole<Strategy: _ResilientElementStrategy>(
    _: CaughtElement<Strategy>.Type
  ) -> WholeArrayDecode<Strategy.Element>? {
    // The values' failures are theirs: not a dictionary's around (DEBUG `results`).
    var decoded: Result<[CaughtElement<Strategy>], any Error>?
    #if DEBUG
      let (held, _) = Passes.collectingCaughtFailures {
        Holds.holding(of: .site(self)) {
          decoded = decodeValueWhole([CaughtElement<Strategy>].self)
        }
      }
    #else
      let held = Holds.holding(of: .site(self)) {
        decoded = decodeValueWhole([CaughtElement<Strategy>].self)
      }
    #endif
    guard let decoded else { return nil }
    let result = decoded.map {
      values -> (elements: [Strategy.Element], failures: [(index: Int, error: any Error)]) in
      var elements: [Strategy.Element] = []
      var failures: [(index: Int, error: any Error)] = []
      for (index, value) in values.enumerated() {
        if let element = value.value {
          elements.append(element)
        } else {
          #if DEBUG
            if let failure = value.failure { failures.append((index, failure.error)) }
          #endif
        }
      }
      return (elements, failures)
    }
    return WholeArrayDecode(result: result, held: held.map { preparing($0, order: .arrival) })
  }
}

extension ValueSite {
  /// Whether the array, whose nested unkeyed container gave `elementCount` elements of which
  /// none decoded, may read differently decoded whole: another number of elements, or a first
  /// element that decodes. Looked at without keeping anything: its elements read nothing but the
  /// first (which is decoded, its reports dropped). `false` where there is no such second chance
  /// (a whole decoder); `true` if the decoder cannot move past an element that way.
  ///
  /// A decoder reads an array one way or the other (XMLCoder's nested container takes a lone
  /// element's children for the elements, where decoding the array whole sees the element): for
  /// `JSONDecoder`, and any decoder that reads an array the same both ways, nothing decodes the
  /// second way either, and this look is all the second chance costs.
  func readsDifferentlyWhole<Strategy: _ResilientElementStrategy>(
    _: Strategy.Type, elementCount: Int
  ) -> Bool {
    // As an array: decoders may read arrays their own way (XMLCoder does).
    guard
      let (read, firstDecodes) = Passes.probingShape({
        decodeValueWhole([WholeArrayShapeElement<Strategy>].self)
      }), let read
    else { return false }
    guard case .success(let elements) = read else { return true }
    return elements.count != elementCount || firstDecodes
  }

  /// What a collection held while its values decoded, ready to pass on: moved under the
  /// collection's path where its decoder started paths afresh, and every report that names no
  /// record yet named by the record holding the collection, if its reporter names records.
  ///
  /// A decoder may decode a collection with a decoder of its own, whose paths start at the
  /// collection (GRDB's JSON columns): a report whose path does not start at the collection's
  /// is moved under it. The collection's path is read only if a report may need it: any report,
  /// for an array decoded whole (rare); for a dictionary, only reports whose path starts with
  /// their entry's key, so that a report that passes through a dictionary at every level of a
  /// deep document does not make each level build its path (which decoders build in time that
  /// grows with the depth, `JSONDecoder` with its square).
  func preparing(_ held: Held, order: HoldOrder, entryKey: String? = nil) -> Held {
    var held = held
    guard held.count > 0, let reporter = held.hold.reporter else { return held }
    var base = held.hold.base
    let mayBeRerooted: Bool
    switch order {
    case .arrival:
      mayBeRerooted = true
    case .entryKey:
      // Read where reports arrived: none has a path begun afresh unless one begins with an
      // entry's key.
      mayBeRerooted = base != nil || entryKey.map { held.hold.mayHaveFirstKey($0) } ?? false
    }
    let namesRecords = reporter.namesRecords && held.hold.hasRecordlessReport
    guard mayBeRerooted || namesRecords else { return held }
    var enclosing: ReportedRecord?? = nil
    held.hold.transform { path, record in
      var (path, record, changed) = (path, record, false)
      if mayBeRerooted {
        let resolved = base ?? codingPath
        base = resolved
        let moved = rerooted(path, onto: resolved)
        if moved.count != path.count {
          record = record?.moved(by: moved.count - path.count)
          (path, changed) = (moved, true)
        }
      }
      if record == nil, namesRecords {
        if let enclosing {
          record = enclosing
        } else {
          record = enclosingRecord(for: reporter)
          enclosing = .some(record)
        }
        changed = changed || record != nil
      }
      return changed ? (path, record) : nil
    }
    return held
  }
}

/// An element of an array being looked at decoded whole (see `ValueSite.readsDifferentlyWhole`):
/// it reads nothing, but for the first, which decodes as the array's elements do.
struct WholeArrayShapeElement<Strategy: _ResilientElementStrategy>: Decodable {
  init(from decoder: any Decoder) {
    guard Passes.readsFirstElementOfShape() else { return }
    let decodes = (try? Strategy.decode(from: decoder.singleValueContainer())) != nil
    Passes.noteFirstElementOfShape(decodes: decodes)
  }
}
