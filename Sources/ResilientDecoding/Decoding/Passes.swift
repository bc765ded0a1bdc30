// Pass control: how many times, and how, a collection's values may be decoded. A dictionary's
// trial decodes it as plain `Codable` does and is used only if nothing failed; a second decode
// (the entries one by one after a failed trial, an array whole after every element failed) runs
// no trial inside it; arrays decoded again whole do not nest around one already done; the values
// of collections that name their records see the record around them. Each rule is a function
// that runs a closure in its scope, on the thread's `FailureState`.

/// Why an array is decoded whole.
package enum WholeArrayReason {
  /// Its decoder gives no unkeyed container for it, and decodes it through
  /// `decode(_:forKey:)` (GRDB's JSON columns): its first decode.
  case onlyWay
  /// No element decoded, and its decoder may read it differently whole (XMLCoder): a second
  /// decode, of an array that began when ``Passes/wholeArraysDecoded`` was `after`.
  case secondChance(after: Int)
}

/// What a dictionary's trial gave. Not generic: in the library's unspecialised code, each type
/// a generic result were made for would cost the runtime its metadata the first time, in every
/// app; the dictionary keeps what it decoded itself.
package enum TrialVerdict {
  /// The trial ran and nothing was reported or asserted: what it decoded can be used.
  case usable
  /// The trial ran and cannot be used: the dictionary decodes again, entry by entry.
  case unusable
  /// The dictionary is part of a trial around it, which cannot be used now: nothing it decodes
  /// will be kept.
  case spoilsTrialAround
  /// No trial ran: skipped after recent failures, inside a second decode, or no thread state.
  case notRun
}

/// Pass control: the scopes a collection runs its values' decoding in.
package enum Passes {
  /// How many dictionaries of one type of values skip their trial, on one thread, after a
  /// trial for that type could not be used.
  package static let trialsSkippedAfterFailure = 32

  /// How many arrays may be decoded again whole one inside another: past it, an array keeps
  /// what its first decode gave. Only a decoder that reads an array differently the second way
  /// at every level reaches it.
  package static let maximumNestedWholeArrays = 8

  // MARK: Trials

  /// Runs a dictionary's trial for values of type `values`: `decode` decodes it as plain
  /// `Codable` does, while every report and assertion is dropped (see `Failures.fate`), and
  /// says whether it decoded without throwing. Returns whether what it decoded can be used.
  ///
  /// Trials do not nest: a dictionary decoded during a trial is part of it, and decodes
  /// nothing once the trial is known to be unusable. No trial runs inside a second decode,
  /// and a type of values whose trial could not be used skips the next
  /// ``trialsSkippedAfterFailure``: skipping changes only how long a decode takes, never what
  /// it gives.
  package static func trial(for values: Any.Type, _ decode: () -> Bool) -> TrialVerdict {
    guard let state = FailureState.current else { return .notRun }
    if state.trial.isRunning {
      if state.trial.isSpoiled { return .spoilsTrialAround }
      if decode(), !state.trial.isSpoiled { return .usable }
      state.trial.isSpoiled = true
      return .spoilsTrialAround
    }
    let type = ObjectIdentifier(values)
    if state.secondDecodeDepth > 0 || state.trialSkips.takeSkip(for: type) {
      return .notRun
    }
    state.trial = (true, false)
    let decoded = decode()
    let isSpoiled = state.trial.isSpoiled
    state.trial = (false, false)
    #if DEBUG
      state.checkInvariants()
    #endif
    guard decoded, !isSpoiled else {
      state.trialSkips.skip(trialsSkippedAfterFailure, for: type)
      return .unusable
    }
    return .usable
  }

  /// Stops skipping trials for dictionaries of `values`: its last trial failed only because
  /// the value was not a dictionary at all (missing, `null`, another kind), which says nothing
  /// about the entries of the next one.
  package static func forgetFailedTrial(for values: Any.Type) {
    FailureState.existing?.trialSkips.forget(ObjectIdentifier(values))
  }

  /// Whether a dictionary's trial runs on this thread: what is reported is dropped.
  package static var isInTrial: Bool {
    FailureState.existing?.trial.isRunning ?? false
  }

  // MARK: Second decodes

  /// Runs `body` as a second decode if `begins` (the entries of a dictionary after its trial
  /// failed): no dictionary inside it runs a trial, so that nothing inside is decoded a third
  /// time that way.
  package static func decodingAgain<Value>(
    if begins: Bool = true, _ body: () throws -> Value
  ) rethrows -> Value {
    guard begins, let state = FailureState.current else { return try body() }
    state.secondDecodeDepth += 1
    defer {
      state.secondDecodeDepth -= 1
      #if DEBUG
        state.checkInvariants()
      #endif
    }
    return try body()
  }

  /// How many arrays this thread has decoded again whole so far: an array reads it before its
  /// first decode and gives ``decodingArrayWhole(_:_:)`` what it read. Read without
  /// retaining the thread's state, since every array reads it.
  package static var wholeArraysDecoded: Int {
    FailureState.peek { $0.wholeArrayCount } ?? 0
  }

  /// Runs `body` to decode an array whole for `reason`, if that is allowed, and returns what it
  /// gave; `nil` if it is not.
  ///
  /// An array whose decoder gives no unkeyed container for it (``WholeArrayReason/onlyWay``)
  /// is always decoded whole: that is its first decode. One decoded again whole after every
  /// element failed (``WholeArrayReason/secondChance(after:)``) is a second decode, not run
  /// during a trial (which is unusable already), nor when an array inside this one was decoded
  /// again whole since it began (``wholeArraysDecoded`` then: a value already decoded twice
  /// below is not decoded again by a level around it), nor more than
  /// ``maximumNestedWholeArrays`` deep, nor without a thread state.
  package static func decodingArrayWhole<Value>(
    _ reason: WholeArrayReason, _ body: () -> Value
  ) -> Value? {
    guard case .secondChance(let decodedBefore) = reason else { return body() }
    guard let state = FailureState.current, !state.trial.isRunning,
      state.wholeArrayCount == decodedBefore,
      state.wholeArrayDepth < maximumNestedWholeArrays
    else { return nil }
    state.wholeArrayCount &+= 1
    state.wholeArrayDepth += 1
    state.secondDecodeDepth += 1
    defer {
      state.wholeArrayDepth -= 1
      state.secondDecodeDepth -= 1
      #if DEBUG
        state.checkInvariants()
      #endif
    }
    return body()
  }

  /// Runs `body`, a look at how an array reads whole (see `ValueSite.readsDifferentlyWhole`),
  /// as a trial runs: nothing it decodes is kept, so what it reports and asserts is dropped, and
  /// nothing is decoded again inside it. Returns what `body` gave and whether the first element
  /// it read decoded (`WholeArrayShapeElement`); `nil` without a thread state, or in a trial.
  static func probingShape<Value>(_ body: () -> Value) -> (Value, firstDecodes: Bool)? {
    guard let state = FailureState.current, !state.trial.isRunning else { return nil }
    state.trial = (true, false)
    state.shapeProbe = (false, false)
    defer {
      state.trial = (false, false)
      state.shapeProbe = nil
    }
    let value = body()
    return (value, state.shapeProbe?.firstDecodes ?? false)
  }

  /// Whether the element being read by a look at how an array reads whole is its first: the
  /// first time it is asked during the look.
  static func readsFirstElementOfShape() -> Bool {
    guard let state = FailureState.existing, state.shapeProbe?.firstWasRead == false else {
      return false
    }
    state.shapeProbe?.firstWasRead = true
    return true
  }

  /// Notes whether the first element of the array being looked at decoded.
  static func noteFirstElementOfShape(decodes: Bool) {
    FailureState.existing?.shapeProbe?.firstDecodes = decodes
  }

  // MARK: Records around values

  /// Runs `body`, the decode of a collection whose values name their records, in `scope`:
  /// what fails in a value that has no identifier belongs to the record holding the collection.
  static func namingValues<Value>(
    in scope: NamingScope, _ body: () throws -> Value
  ) rethrows -> Value {
    guard let state = FailureState.current else { return try body() }
    state.namingScopes.append(scope)
    defer {
      state.namingScopes.removeLast()
      #if DEBUG
        state.checkInvariants()
      #endif
    }
    return try body()
  }

  // MARK: Values that caught their own error

  #if DEBUG
    /// Runs `body`, the entry-by-entry decode of a dictionary, and returns the failures of the
    /// values that caught their own errors meanwhile, in the order they failed, those its
    /// decoder then dropped included (DEBUG only).
    static func collectingCaughtFailures<Value>(_ body: () throws -> Value) rethrows -> (
      value: Value, caught: [CaughtFailure]
    ) {
      guard let state = FailureState.current else { return (try body(), []) }
      state.caughtFailures.append([])
      defer {
        state.checkInvariants()
      }
      do {
        let value = try body()
        return (value, state.caughtFailures.removeLast())
      } catch {
        state.caughtFailures.removeLast()
        throw error
      }
    }

    /// Notes the failure of a value that caught its own error in the innermost dictionary
    /// collecting them.
    static func noteCaught(_ failure: CaughtFailure) {
      guard let state = FailureState.existing, !state.caughtFailures.isEmpty else { return }
      state.caughtFailures[state.caughtFailures.count - 1].append(failure)
    }
  #endif
}

// MARK: - Skipped trials

/// How many more trials to skip for each type of values whose trial could not be used
/// recently, oldest first.
///
/// A short list searched in order rather than a `Dictionary`: the first dictionary keyed by
/// `ObjectIdentifier` in a process makes the runtime look for that conformance through every
/// conformance record of the process, a cost that plain `Codable` does not pay.
struct TrialSkips {
  /// How many types it keeps at most: past it, the oldest is forgotten (its next dictionary
  /// runs a trial again, which only costs time).
  static let capacity = 64

  private var entries: [(values: ObjectIdentifier, remaining: Int)] = []

  /// Whether a trial for `values` is to be skipped, counting the skip.
  mutating func takeSkip(for values: ObjectIdentifier) -> Bool {
    guard !entries.isEmpty, let index = entries.firstIndex(where: { $0.values == values })
    else { return false }
    if entries[index].remaining > 1 {
      entries[index].remaining -= 1
    } else {
      entries.remove(at: index)
    }
    return true
  }

  /// Skips the next `count` trials for `values`.
  mutating func skip(_ count: Int, for values: ObjectIdentifier) {
    if let index = entries.firstIndex(where: { $0.values == values }) {
      entries[index].remaining = count
      return
    }
    if entries.count == Self.capacity { entries.removeFirst() }
    entries.append((values, count))
  }

  /// Runs the next trial for `values`.
  mutating func forget(_ values: ObjectIdentifier) {
    entries.removeAll { $0.values == values }
  }
}

// MARK: - Records around values

/// A collection whose values name their records: the reporter of its document, which names
/// records, and the record holding the collection, read for it when first needed.
final class NamingScope {
  let reporter: ResilientDecodingErrorReporter
  private let read: () -> ReportedRecord?
  private var found: ReportedRecord??
  /// Whether the last identifier read from one of the collection's values was a number: the
  /// next is tried as a number first (see `Decoder.ownRecord(in:)`).
  var identifiersAreNumbers = false
  /// Arrays and sets: reads the collection's path, of which every element's report path is one
  /// key longer; `nil` for a collection whose values report elsewhere (a dictionary's, at
  /// their keys).
  private let readBase: (() -> [any CodingKey])?
  private var elementReportPath: [any CodingKey]?

  init(
    reporter: ResilientDecodingErrorReporter, elementsBelow readBase: (() -> [any CodingKey])?,
    _ read: @escaping () -> ReportedRecord?
  ) {
    self.reporter = reporter
    self.readBase = readBase
    self.read = read
  }

  /// Whether the collection is an array or a set, whose elements report one key below it.
  var reportsElementsBelow: Bool { readBase != nil }

  /// Arrays and sets: a path with the pattern of every element's report path, read on first
  /// use; empty for other collections.
  func elementPath() -> [any CodingKey] {
    if let elementReportPath { return elementReportPath }
    guard let readBase else { return [] }
    let path = readBase() + [ElementCodingKey(index: 0)]
    elementReportPath = path
    return path
  }

  /// The record holding the collection, for its reporter.
  var record: ReportedRecord? {
    if let found { return found }
    let record = read()
    found = .some(record)
    return record
  }
}
