// What a collection begins and ends around its values' decoding, for failure handling: holds,
// trials, second decodes and the naming of records. Each is a value that cannot be copied,
// begun when made and ended by a consuming `end`, or, if the code that made it leaves without
// ending it, when it goes out of scope: none outlives the decode that began it. The decoding
// code runs between the two, in its own layer; failure handling never calls it. Part of the
// failure API (`Failure.swift`).

extension Failures {
  /// Whether a dictionary's trial runs on this thread: reports are dropped, so nothing needs
  /// naming or a second decode.
  static var isInTrial: Bool {
    ReportScope.existing?.isInTrial ?? false
  }

  /// Whether a second decode runs on this thread (see ``decodingAgain(if:)``).
  static var isDecodingAgain: Bool {
    ReportScope.existing?.isDecodingAgain ?? false
  }

  /// Reports again, in order, what a hold gave back: into the hold around it, if one runs.
  static func passOn(_ held: HeldDiagnostics) {
    ReportScope.passOn(held)
  }
}

// MARK: - Holds

extension Failures {
  /// Holds back the reports made on this thread until ``end()``, which gives them back. A
  /// bounded hold keeps as many in full as their reporter stores and counts the others (see
  /// ``HeldDiagnostics``). Holds nest: a report goes to the innermost.
  struct Hold: ~Copyable {
    private let scope: Unmanaged<ReportScope>?

    init(bounded: Bool = true) {
      let scope = ReportScope.current
      scope?.beginHold(bounded: bounded)
      self.scope = scope.map(Unmanaged.passUnretained)
    }

    /// Ends the hold and gives back what it held, which has gone nowhere else; `nil` where
    /// threads have no scope, and reports were recorded as they were made.
    consuming func end() -> HeldDiagnostics? {
      let held = scope?.takeUnretainedValue().endHold()
      discard self
      return held
    }

    deinit {
      _ = scope?.takeUnretainedValue().endHold()
    }
  }
}

// MARK: - Trials

extension Failures {
  /// A dictionary's trial: its entries decoded as plain `Codable` decodes `[String: T]`, to be
  /// used only if nothing was reported or asserted meanwhile (see ``TrialVerdict``).
  ///
  /// Trials do not nest: a dictionary decoded during a trial is part of it. Inside a second
  /// decode no trial runs, and a type of values whose trial could not be used skips the next
  /// few.
  struct Trial: ~Copyable {
    private let scope: Unmanaged<ReportScope>?
    private let start: TrialStart

    init<Values>(for _: Values.Type) {
      let scope = ReportScope.current
      start = scope?.beginTrial(for: ObjectIdentifier(Values.self)) ?? .none
      self.scope = scope.map(Unmanaged.passUnretained)
    }

    /// Whether to decode the dictionary as plain `Codable` does: a trial runs, and it is not
    /// known yet to be unusable.
    var decodesPlainly: Bool {
      switch start {
      case .own: true
      case .partOfTrialAround(let spoiled): !spoiled
      case .none: false
      }
    }

    /// Ends the trial; `decoded`: whether the dictionary decoded during it without throwing.
    consuming func end(decoded: Bool) -> TrialVerdict {
      let verdict = scope?.takeUnretainedValue().endTrial(start, decoded: decoded) ?? .notRun
      discard self
      return verdict
    }

    deinit {
      _ = scope?.takeUnretainedValue().endTrial(start, decoded: false)
    }
  }

  /// Stops skipping trials for dictionaries of `Values`: its last trial failed only because the
  /// value was not a dictionary at all (missing, `null`, another kind), which says nothing
  /// about the entries of the next one.
  static func forgetFailedTrial<Values>(for _: Values.Type) {
    ReportScope.current?.forgetFailedTrial(for: ObjectIdentifier(Values.self))
  }
}

// MARK: - Second decodes

extension Failures {
  /// A scope that changes only how values decode inside it, begun by ``decodingAgain(if:)``,
  /// ``decodingArrayWhole(after:)`` or ``namingValues(at:reporter:)`` and ended by ``end()``.
  struct DecodingScope: ~Copyable {
    fileprivate enum Kind {
      case secondDecode, arrayDecodedWhole, namingValues
    }

    private let scope: Unmanaged<ReportScope>?
    private let kind: Kind

    fileprivate init(_ scope: ReportScope?, _ kind: Kind) {
      self.scope = scope.map(Unmanaged.passUnretained)
      self.kind = kind
    }

    /// Whether the scope began: it may be refused (an array decoded again whole), and there is
    /// none where threads have no scope.
    var didBegin: Bool {
      scope != nil
    }

    consuming func end() {
      finish()
      discard self
    }

    deinit {
      finish()
    }

    private func finish() {
      guard let scope = scope?.takeUnretainedValue() else { return }
      switch kind {
      case .secondDecode: scope.endSecondDecode()
      case .arrayDecodedWhole: scope.endArrayDecodedWhole()
      case .namingValues: scope.endNamingValues()
      }
    }
  }

  /// Begins a second decode, if `begins`: a value decoded a second time (a dictionary entry by
  /// entry after its trial failed, an array to name its records). Inside it no dictionary runs
  /// a trial and arrays name their records as they decode, so that nothing inside is decoded a
  /// third time.
  static func decodingAgain(if begins: Bool = true) -> DecodingScope {
    let scope = begins ? ReportScope.current : nil
    scope?.beginSecondDecode()
    return DecodingScope(scope, .secondDecode)
  }

  /// Begins decoding again whole an array whose every element failed, as a second decode, if
  /// that is allowed (``DecodingScope/didBegin``): not during a trial, not when an array inside
  /// this one was decoded again whole since it began (a value already decoded twice below is
  /// not decoded again by a level around it), not more than eight deep, and never without a
  /// scope. `decodedBefore` is ``wholeArraysDecoded`` as the array's first decode began.
  static func decodingArrayWhole(after decodedBefore: Int) -> DecodingScope {
    let scope = ReportScope.current
    let allowed = scope?.beginArrayDecodedWhole(after: decodedBefore) ?? false
    return DecodingScope(allowed ? scope : nil, .arrayDecodedWhole)
  }

  /// Begins decoding the values of the collection at `site` so that each names its record, if
  /// `reporter` names records (an array inside a second decode, the entries of a dictionary):
  /// what names none is given the record holding the collection, read when first needed.
  static func namingValues(
    at site: some FailureSite, reporter: ResilientDecodingErrorReporter?
  ) -> DecodingScope {
    guard let reporter, let scope = ReportScope.current else {
      return DecodingScope(nil, .namingValues)
    }
    scope.beginNamingValues(enclosedBy: EnclosingRecord { site.enclosingRecord(for: reporter) })
    return DecodingScope(scope, .namingValues)
  }

  /// How many arrays this thread has decoded again whole so far: an array reads it before its
  /// first decode and gives ``decodingArrayWhole(after:)`` what it read.
  static var wholeArraysDecoded: Int {
    ReportScope.wholeArraysDecoded
  }

}

// MARK: - Naming records

extension Failures {
  /// The first decode of an array of records while a reporter that names records may exist:
  /// its reports are held, and ``end(at:)`` says whether the array must be decoded again to
  /// name them (see ``NamingDecode``).
  ///
  /// Only the outermost array of records in its first decode decodes again: the arrays inside
  /// it leave that to it, and its second decode names the records of all of them.
  struct FirstDecodeOfRecords: ~Copyable {
    private let scope: Unmanaged<ReportScope>?
    private let isOutermost: Bool

    init() {
      let scope = ReportScope.current
      isOutermost = scope?.beginFirstDecodeOfRecords() ?? false
      scope?.beginHold(bounded: true)
      self.scope = scope.map(Unmanaged.passUnretained)
    }

    /// Ends the first decode of the array at `site`: passes on what it held, or, if this is
    /// the outermost array of records, a report needs naming and the reporter names records,
    /// gives it back with the reporter for a second decode that names them.
    consuming func end(
      at site: some FailureSite
    ) -> (held: HeldDiagnostics, reporter: ResilientDecodingErrorReporter)? {
      let scope = self.scope?.takeUnretainedValue()
      let isOutermost = self.isOutermost
      discard self
      guard let scope else { return nil }
      let held = scope.endHold()
      scope.endFirstDecodeOfRecords()
      guard isOutermost, held.reports.contains(where: \.needsNaming),
        let reporter = Failures.recordReporter(at: site)
      else {
        ReportScope.passOn(held, in: scope)
        return nil
      }
      return (held, reporter)
    }

    deinit {
      guard let scope = scope?.takeUnretainedValue() else { return }
      _ = scope.endHold()
      scope.endFirstDecodeOfRecords()
    }
  }

  /// The second decode of an array of records that names them: each element decoded as a value
  /// that names its record (``NamingRecord``), what names none given the record holding the
  /// array. Its reports replace the first decode's if it decoded the same elements and made as
  /// many reports; otherwise (a decoder that answered differently the second time, or one that
  /// lost reports, as TOMLKit's single-value containers do) the first decode's stand.
  struct NamingDecode: ~Copyable {
    private let scope: Unmanaged<ReportScope>?

    init(at site: some FailureSite, reporter: ResilientDecodingErrorReporter) {
      let scope = ReportScope.current
      scope?.beginSecondDecode()
      scope?.beginNamingValues(enclosedBy: EnclosingRecord { site.enclosingRecord(for: reporter) })
      scope?.beginHold(bounded: true)
      self.scope = scope.map(Unmanaged.passUnretained)
    }

    /// Ends the second decode and passes on its reports or, if it did not decode the same
    /// elements (`sameElements`) or made another number of reports, those of the first
    /// (`first`).
    consuming func end(replacing first: HeldDiagnostics, sameElements: Bool) {
      let scope = self.scope?.takeUnretainedValue()
      discard self
      guard let scope else { return ReportScope.passOn(first) }
      let again = scope.endHold()
      scope.endNamingValues()
      scope.endSecondDecode()
      ReportScope.passOn(sameElements && again.count == first.count ? again : first, in: scope)
    }

    deinit {
      guard let scope = scope?.takeUnretainedValue() else { return }
      _ = scope.endHold()
      scope.endNamingValues()
      scope.endSecondDecode()
    }
  }

  /// One value of a collection that names its record: the reports made while it decodes are
  /// held, and, once it decoded and its decoder is back at the value's level, named by the
  /// value read whole (see `HeldReport.namingRecord(atDepth:ownRecord:)`).
  struct NamingRecord: ~Copyable {
    private let scope: Unmanaged<ReportScope>?

    init() {
      let scope = ReportScope.current
      scope?.beginHold(bounded: true)
      self.scope = scope.map(Unmanaged.passUnretained)
    }

    /// Ends the value's decode, whose `result` its `decoder` gave: passes on what was
    /// reported inside it, named, and returns the value, or throws its error with the value's
    /// record (``IdentifiedElementFailure``).
    consuming func end<Value>(_ result: Result<Value, any Error>, of decoder: any Decoder) throws
      -> Value
    {
      let scope = self.scope?.takeUnretainedValue()
      discard self
      // Read once, when first needed.
      var record: ReportedRecord?? = nil
      func ownRecord() -> ReportedRecord? {
        if let record { return record }
        let found = decoder.ownRecord()
        record = .some(found)
        return found
      }
      if let scope {
        ReportScope.passOn(scope.endHold(), in: scope) {
          $0.namingRecord(atDepth: decoder.codingPath.count, ownRecord: ownRecord)
        }
      }
      switch result {
      case .success(let value):
        return value
      case .failure(let error):
        throw IdentifiedElementFailure(error: error, record: ownRecord())
      }
    }

    deinit {
      _ = scope?.takeUnretainedValue().endHold()
    }
  }
}
