import Foundation
import ResilientDecoding
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The invariants of the report scope, the per-thread state behind resilient collections:
/// trials, holds, and the one way every report and assertion goes. Each test works on a scope of
/// its own, passed as `in:`, except those about threads themselves.
@Suite struct ReportScopeTests {
  /// An error named for the test, so that what was held or recorded can be listed.
  private func error(_ name: String) -> any Error {
    UnknownNovelValueError(novelValue: name)
  }

  /// The names of reported errors, in order.
  private func names(_ errors: [any Error]) -> [String] {
    errors.map { "\(($0 as? UnknownNovelValueError)?.novelValue ?? "?")" }
  }

  /// The names of held reports, in order; none for no hold.
  private func names(_ held: HeldDiagnostics?) -> [String] {
    names(held?.reportsForTesting.map(\.errorForTesting) ?? [])
  }

  /// The names of what `reporter` recorded since its last flush.
  private func recorded(by reporter: ResilientDecodingErrorReporter) -> [String] {
    names(reporter.flushReportedErrors()?.errors(includeUnknownNovelValueErrors: true) ?? [])
  }

  /// What can happen during a trial.
  enum Raised: String, CaseIterable, CustomTestStringConvertible {
    case report, assertion
    var testDescription: String { rawValue }
  }

  // MARK: Reports

  @Test func aReportOutsideTrialsAndHoldsIsRecordedAtOnce() {
    let (scope, reporter) = (ReportScope.makeForTesting(), ResilientDecodingErrorReporter())
    ReportScope.report(error("a"), at: [], to: reporter, in: scope)
    #expect(recorded(by: reporter) == ["a"])
    #expect(!ReportScope.takesAssertionForTesting(in: scope), "an assertion is raised")
  }

  // MARK: Trials

  @Test func aTrialDuringWhichNothingWasRaisedIsUsable() {
    let scope = ReportScope.makeForTesting()
    #expect(ReportScope.trial(for: Int.self, in: scope) { 1 } == .usable(1))
    #expect(ReportScope.trial(for: Int.self, in: scope) { 2 } == .usable(2), "no skipping")
  }

  @Test(arguments: Raised.allCases)
  func anythingRaisedDuringATrialSpoilsItAndIsDropped(_ raised: Raised) {
    let (scope, reporter) = (ReportScope.makeForTesting(), ResilientDecodingErrorReporter())
    let value = ReportScope.trial(for: Int.self, in: scope) { () -> Int? in
      switch raised {
      case .report: ReportScope.report(error("dropped"), at: [], to: reporter, in: scope)
      case .assertion: #expect(ReportScope.takesAssertionForTesting(in: scope), "taken over")
      }
      return 1
    }
    #expect(value == .unusable, "a spoiled trial cannot be used")
    #expect(recorded(by: reporter) == [], "dropped")
    #expect(!ReportScope.takesAssertionForTesting(in: scope), "the trial ended")
    ReportScope.report(error("after"), at: [], to: reporter, in: scope)
    #expect(recorded(by: reporter) == ["after"])
  }

  @Test func aTrialThatCouldNotBeUsedSkipsTheNextTrialsOfItsTypeOnly() {
    let scope = ReportScope.makeForTesting()
    #expect(ReportScope.trial(for: Int.self, in: scope) { Int?.none } == .unusable)
    for skipped in 0..<ReportScope.trialsSkippedAfterFailureForTesting {
      var ran = false
      let value = ReportScope.trial(for: Int.self, in: scope) { () -> Int? in
        ran = true
        return 1
      }
      #expect(value == .notRun && !ran, "skip \(skipped)")
      #expect(
        ReportScope.trial(for: String.self, in: scope) { 2 } == .usable(2),
        "other types of values are not skipped")
    }
    #expect(ReportScope.trial(for: Int.self, in: scope) { 3 } == .usable(3), "trials resume")
  }

  @Test func forgettingAFailedTrialStopsTheSkipping() {
    let scope = ReportScope.makeForTesting()
    #expect(ReportScope.trial(for: Int.self, in: scope) { Int?.none } == .unusable)
    #expect(ReportScope.trial(for: Int.self, in: scope) { 1 } == .notRun, "skipped")
    ReportScope.forgetFailedTrial(for: Int.self, in: scope)
    #expect(ReportScope.trial(for: Int.self, in: scope) { 2 } == .usable(2))
  }

  /// A dictionary decoded during a trial is part of it: one failure anywhere makes the whole
  /// trial unusable, and nothing after it is decoded for nothing.
  @Test func aTrialInsideATrialIsPartOfIt() {
    let (scope, reporter) = (ReportScope.makeForTesting(), ResilientDecodingErrorReporter())
    var inner: [TrialResult<Int>] = []
    let outer = ReportScope.trial(for: Int.self, in: scope) { () -> Int? in
      inner.append(ReportScope.trial(for: String.self, in: scope) { 1 })
      inner.append(
        ReportScope.trial(for: String.self, in: scope) { () -> Int? in
          ReportScope.report(error("inner"), at: [], to: reporter, in: scope)
          return 2
        })
      var ranAfterTheFailure = false
      inner.append(
        ReportScope.trial(for: String.self, in: scope) { () -> Int? in
          ranAfterTheFailure = true
          return 3
        })
      #expect(!ranAfterTheFailure, "a trial known to be unusable decodes nothing more")
      inner.append(ReportScope.trial(for: Double.self, in: scope) { Int?.none })
      return 4
    }
    #expect(inner == [.usable(1), .spoilsTrialAround, .spoilsTrialAround, .spoilsTrialAround])
    #expect(outer == .unusable)
    #expect(recorded(by: reporter) == [])
    #expect(
      ReportScope.trial(for: String.self, in: scope) { 5 } == .usable(5),
      "only the type of the trial that ran is skipped")
  }

  @Test func aValueThatFailsInsideATrialMakesItUnusable() {
    let scope = ReportScope.makeForTesting()
    let outer = ReportScope.trial(for: Int.self, in: scope) { () -> Int? in
      #expect(ReportScope.trial(for: String.self, in: scope) { Int?.none } == .spoilsTrialAround)
      return 1
    }
    #expect(outer == .unusable)
  }

  // MARK: Second decodes

  /// Inside a second decode no trial runs, so that what fails deep in a document is decoded at
  /// most twice; outside it, trials run again.
  @Test func noTrialRunsInsideASecondDecode() {
    let scope = ReportScope.makeForTesting()
    var ran = false
    let value = ReportScope.decodingAgain(in: scope) { () -> TrialResult<Int> in
      #expect(ReportScope.isDecodingAgain(in: scope))
      return ReportScope.trial(for: Int.self, in: scope) { () -> Int? in
        ran = true
        return 1
      }
    }
    #expect(value == .notRun && !ran)
    #expect(!ReportScope.isDecodingAgain(in: scope))
    #expect(ReportScope.trial(for: Int.self, in: scope) { 2 } == .usable(2))
  }

  /// An array is decoded again whole only if no array inside it was since it began, never
  /// during a trial, and at most `maximumNestedWholeArrays` deep.
  @Test func anArrayIsDecodedAgainWholeOnlyIfNoneInsideItWas() {
    let scope = ReportScope.makeForTesting()
    let before = ReportScope.wholeArraysDecodedForTesting
    // An array inside this one is decoded again whole: this one may not be, since.
    let inner = ReportScope.decodingArrayWhole(after: before, in: scope) { 1 }
    #expect(inner == 1)
    #expect(ReportScope.decodingArrayWhole(after: before, in: scope) { 2 } == nil)
    let now = ReportScope.wholeArraysDecodedForTesting
    #expect(now == before + 1)
    #expect(ReportScope.decodingArrayWhole(after: now, in: scope) { 3 } == 3)
    let duringATrial = ReportScope.trial(for: Int.self, in: scope) { () -> Int? in
      ReportScope.decodingArrayWhole(after: ReportScope.wholeArraysDecodedForTesting, in: scope) {
        4
      }
    }
    #expect(duringATrial == .unusable, "nothing decoded again during a trial")
    let withoutAScope = ReportScope.decodingArrayWhole(
      after: ReportScope.wholeArraysDecodedForTesting, in: nil
    ) { 5 }
    #expect(withoutAScope == nil)
    func nested(_ depth: Int) -> Int {
      ReportScope.decodingArrayWhole(after: ReportScope.wholeArraysDecodedForTesting, in: scope) {
        #expect(ReportScope.isDecodingAgain(in: scope))
        return nested(depth + 1)
      } ?? depth
    }
    #expect(nested(0) == ReportScope.maximumNestedWholeArraysForTesting)
  }

  // MARK: Holds

  @Test func aHoldKeepsReportsInTheOrderTheyWereMadeAndAssertionsNever() {
    let (scope, reporter) = (ReportScope.makeForTesting(), ResilientDecodingErrorReporter())
    let (value, held) = ReportScope.holdingReports(in: scope) { () -> Int in
      ReportScope.report(error("a"), at: [], to: reporter, in: scope)
      #expect(!ReportScope.takesAssertionForTesting(in: scope), "assertions are raised")
      ReportScope.report(error("b"), at: [], to: reporter, in: scope)
      return 1
    }
    #expect(value == 1)
    #expect(names(held) == ["a", "b"])
    #expect(recorded(by: reporter) == [], "held reports have gone nowhere else")
    ReportScope.report(error("c"), at: [], to: reporter, in: scope)
    #expect(recorded(by: reporter) == ["c"], "the hold ended")
  }

  @Test func nestedHoldsKeepTheirOwnReportsAndPassingOnGoesToTheHoldAround() {
    let (scope, reporter) = (ReportScope.makeForTesting(), ResilientDecodingErrorReporter())
    let (_, outer) = ReportScope.holdingReports(in: scope) {
      ReportScope.report(error("a"), at: [], to: reporter, in: scope)
      let (_, inner) = ReportScope.holdingReports(in: scope) {
        ReportScope.report(error("b"), at: [], to: reporter, in: scope)
      }
      #expect(names(inner) == ["b"])
      ReportScope.report(error("c"), at: [], to: reporter, in: scope)
      if let inner { ReportScope.passOnForTesting(inner, in: scope) }
    }
    #expect(names(outer) == ["a", "c", "b"])
    #expect(recorded(by: reporter) == [])
  }

  @Test func aHoldThatThrowsEndsAndHoldsNothingMore() {
    struct Stop: Error {}
    let (scope, reporter) = (ReportScope.makeForTesting(), ResilientDecodingErrorReporter())
    #expect(throws: Stop.self) {
      try ReportScope.holdingReports(in: scope) {
        ReportScope.report(error("dropped"), at: [], to: reporter, in: scope)
        throw Stop()
      }
    }
    ReportScope.report(error("after"), at: [], to: reporter, in: scope)
    #expect(recorded(by: reporter) == ["after"])
  }

  /// A bounded hold keeps as many reports in full as their reporter stores and counts the
  /// others, which reach the reporter as errors past its maximum: the digest is the one
  /// reporting them at once would give, and what is held does not grow with the failures.
  @Test func aBoundedHoldKeepsWhatTheReporterStoresAndCountsTheRest() throws {
    let scope = ReportScope.makeForTesting()
    let (few, many) = (
      ResilientDecodingErrorReporter(maximumStoredErrors: 2),
      ResilientDecodingErrorReporter(maximumStoredErrors: 3)
    )
    let (_, held) = ReportScope.holdingReports(in: scope) {
      for name in ["a", "b", "c", "d"] {
        ReportScope.report(error(name), at: [NamedKey(name)], to: few, in: scope)
        ReportScope.report(error(name.uppercased()), at: [], to: many, in: scope)
      }
    }
    let kept = try #require(held)
    #expect(names(kept) == ["a", "A", "b", "B", "C"], "each reporter's own maximum")
    #expect(kept.countForTesting == 8)
    let (_, unbounded) = ReportScope.holdingReports(bounded: false, in: scope) {
      ReportScope.passOnForTesting(kept, in: scope)
    }
    #expect(unbounded?.countForTesting == 8, "passed on into the hold around, counts included")
    ReportScope.passOnForTesting(kept, in: scope)
    let digest = try #require(few.flushReportedErrors())
    #expect(names(digest.errors(includeUnknownNovelValueErrors: true)) == ["a", "b"])
    #expect(digest.omittedErrorCount == 2)
    #expect(digest.groups.map(\.count) == [1, 1, 1, 1], "each path its own pattern")
    #expect(digest.groups.map(\.firstPath) == ["a", "b", "c", "d"])
    #expect(try #require(many.flushReportedErrors()).omittedErrorCount == 1)
  }

  @Test func anUnboundedHoldKeepsEveryReport() {
    let (scope, reporter) = (
      ReportScope.makeForTesting(), ResilientDecodingErrorReporter(maximumStoredErrors: 1)
    )
    let (_, held) = ReportScope.holdingReports(bounded: false, in: scope) {
      for name in ["a", "b", "c"] {
        ReportScope.report(error(name), at: [], to: reporter, in: scope)
      }
    }
    #expect(names(held) == ["a", "b", "c"])
  }

  @Test func aTrialInsideAHoldDropsReportsInsteadOfHoldingThem() {
    let (scope, reporter) = (ReportScope.makeForTesting(), ResilientDecodingErrorReporter())
    let (_, held) = ReportScope.holdingReports(in: scope) {
      let value = ReportScope.trial(for: Int.self, in: scope) { () -> Int? in
        ReportScope.report(error("dropped"), at: [], to: reporter, in: scope)
        return 1
      }
      #expect(value == .unusable)
      ReportScope.report(error("held"), at: [], to: reporter, in: scope)
    }
    #expect(names(held) == ["held"])
  }

  // MARK: Without thread-local storage

  @Test func withoutAScopeNoTrialRunsNothingIsHeldAndEveryReportIsRecorded() {
    let reporter = ResilientDecodingErrorReporter()
    var ran = false
    #expect(
      ReportScope.trial(for: Int.self, in: nil) { () -> Int? in
        ran = true
        return 1
      } == .notRun)
    #expect(!ran)
    let (value, held) = ReportScope.holdingReports(in: nil) { () -> Int in
      ReportScope.report(error("a"), at: [], to: reporter, in: nil)
      return 1
    }
    #expect(value == 1)
    #expect(held == nil)
    #expect(recorded(by: reporter) == ["a"])
    #expect(!ReportScope.takesAssertionForTesting(in: nil))
    ReportScope.forgetFailedTrial(for: Int.self, in: nil)
  }

  // MARK: Threads

  @Test func thisPlatformHasThreadLocalStorageAndHoldsReports() {
    #expect(ThreadLocal<ReportScope>.isSupportedForTesting)
    #expect(ReportScope.canHoldReportsForTesting)
  }

  @Test func eachThreadHasAScopeOfItsOwnMadeOnFirstUse() throws {
    // The scopes are kept alive here, so that the second cannot take the first one's address.
    let scopes = LockedList<KeptScope>()
    for _ in 0..<2 {
      try runOnNewThread {
        guard ReportScope.existingForTesting == nil, let scope = ReportScope.currentForTesting
        else { return }
        if ReportScope.currentForTesting === scope, ReportScope.existingForTesting === scope {
          scopes.append(KeptScope(scope))
        }
      }
    }
    let kept = scopes.elements.map(\.scope)
    #expect(kept.count == 2, "each thread found none, made one, then kept it")
    #expect(kept.first !== kept.last, "two threads, two scopes")
  }

  @Test func aThreadsObjectIsReleasedWhenTheThreadExits() throws {
    let slot = ThreadLocal<Probe>.makeForTesting()
    let released = LockedList<String>()
    try runOnNewThread {
      _ = slot.objectForTesting { Probe(name: "first", released: released) }
      _ = slot.objectForTesting { Probe(name: "second", released: released) }
      #expect(released.elements.isEmpty, "alive while its thread runs, and made only once")
    }
    #expect(released.elements == ["first"])
    #expect(slot.existingObjectForTesting == nil, "this thread has none")
  }

  @Test func aThreadsScopeIsReleasedWhenTheThreadExits() throws {
    let scope = LockedList<WeakScope>()
    try runOnNewThread {
      if let current = ReportScope.currentForTesting { scope.append(WeakScope(current)) }
    }
    #expect(scope.elements.count == 1)
    #expect(scope.elements.first?.scope == nil)
  }
}

/// An object that says when it is released.
private final class Probe {
  let name: String
  let released: LockedList<String>

  init(name: String, released: LockedList<String>) {
    self.name = name
    self.released = released
  }

  deinit { released.append(name) }
}

/// A thread's scope, kept alive after its thread exits.
private struct KeptScope: @unchecked Sendable {
  // `@unchecked`: only compared once the thread that made the scope has exited.
  let scope: ReportScope

  init(_ scope: ReportScope) { self.scope = scope }
}

/// A weak reference to a thread's scope.
private struct WeakScope: @unchecked Sendable {
  // `@unchecked`: only read after the thread that made the scope has exited.
  weak var scope: ReportScope?

  init(_ scope: ReportScope) { self.scope = scope }
}

/// Runs `body` on a new POSIX thread and returns once that thread has exited, its
/// thread-local destructors included.
func runOnNewThread(_ body: @escaping @Sendable () -> Void) throws {
  let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
  #if canImport(Darwin)
    var thread: pthread_t?
  #else
    var thread = pthread_t()
  #endif
  let status = pthread_create(
    &thread, nil,
    { argument in
      let body = Unmanaged<ThreadBody>.fromOpaque(argument!).takeRetainedValue()
      body.run()
      return nil
    }, box)
  guard status == 0 else {
    Unmanaged<ThreadBody>.fromOpaque(box).release()
    throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EAGAIN)
  }
  #if canImport(Darwin)
    pthread_join(thread!, nil)
  #else
    pthread_join(thread, nil)
  #endif
}

/// The closure a new thread runs.
private final class ThreadBody {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
