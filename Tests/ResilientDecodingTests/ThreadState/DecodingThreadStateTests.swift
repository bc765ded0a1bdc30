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

/// The invariants of the per-thread state behind resilient dictionaries: trials, holds and the
/// one hook the reporter and assertions call. Each test works on a state of its own, passed as
/// `in:`, except those about threads themselves.
@Suite struct DecodingThreadStateTests {
  /// A report for the hook; which reporter and error does not matter here.
  private func report(_ name: String) -> HeldReport {
    HeldReport(
      reporter: ResilientDecodingErrorReporter(), error: UnknownNovelValueError(novelValue: name),
      codingPath: [])
  }

  /// The names of held reports, in order.
  private func names(_ reports: [HeldReport]) -> [String] {
    reports.map { "\(($0.error as? UnknownNovelValueError)?.novelValue ?? "?")" }
  }

  // MARK: Trials

  @Test func aTrialDuringWhichNothingWasRaisedIsUsable() throws {
    let state = DecodingThreadState()
    let trial = try #require(DecodingThreadState.beginTrial(for: Int.self, in: state))
    #expect(trial.end(succeeded: true))
    #expect(DecodingThreadState.beginTrial(for: Int.self, in: state) != nil, "no skipping")
  }

  @Test(arguments: [DecodingThreadState.Diagnostic.assertion, .report(HeldReport.sample)])
  func anythingRaisedDuringATrialSpoilsItAndIsDropped(_ diagnostic: DecodingThreadState.Diagnostic)
    throws
  {
    let state = DecodingThreadState()
    let trial = try #require(DecodingThreadState.beginTrial(for: Int.self, in: state))
    #expect(DecodingThreadState.intercept(diagnostic, in: state), "taken over")
    #expect(!trial.end(succeeded: true), "a spoiled trial cannot be used")
    #expect(!DecodingThreadState.intercept(diagnostic, in: state), "nothing runs any more")
  }

  @Test func aTrialThatCouldNotBeUsedSkipsTheNextTrialsOfItsTypeOnly() throws {
    let state = DecodingThreadState()
    let failed = try #require(DecodingThreadState.beginTrial(for: Int.self, in: state))
    #expect(!failed.end(succeeded: false))
    for skipped in 0..<DecodingThreadState.trialsSkippedAfterFailure {
      #expect(DecodingThreadState.beginTrial(for: Int.self, in: state) == nil, "skip \(skipped)")
      let other = try #require(DecodingThreadState.beginTrial(for: String.self, in: state))
      #expect(other.end(succeeded: true), "other types of values are not skipped")
    }
    let again = try #require(DecodingThreadState.beginTrial(for: Int.self, in: state))
    #expect(again.end(succeeded: true), "trials resume after the skipped ones")
  }

  @Test func forgettingAFailedTrialStopsTheSkipping() throws {
    let state = DecodingThreadState()
    let failed = try #require(DecodingThreadState.beginTrial(for: Int.self, in: state))
    #expect(!failed.end(succeeded: false))
    #expect(DecodingThreadState.beginTrial(for: Int.self, in: state) == nil)
    DecodingThreadState.forgetFailedTrial(for: Int.self, in: state)
    #expect(DecodingThreadState.beginTrial(for: Int.self, in: state) != nil)
  }

  @Test func aNestedTrialRestoresThatTheTrialAroundItWasSpoiled() throws {
    let state = DecodingThreadState()
    let outer = try #require(DecodingThreadState.beginTrial(for: Int.self, in: state))
    #expect(DecodingThreadState.intercept(.report(report("outer")), in: state))
    let inner = try #require(DecodingThreadState.beginTrial(for: String.self, in: state))
    #expect(inner.end(succeeded: true), "the inner trial saw nothing")
    #expect(!outer.end(succeeded: true), "the outer trial is still spoiled")
  }

  @Test func aNestedTrialThatIsSpoiledLeavesTheTrialAroundItClean() throws {
    let state = DecodingThreadState()
    let outer = try #require(DecodingThreadState.beginTrial(for: Int.self, in: state))
    let inner = try #require(DecodingThreadState.beginTrial(for: String.self, in: state))
    #expect(DecodingThreadState.intercept(.assertion, in: state))
    #expect(!inner.end(succeeded: true))
    // The inner dictionary decodes again, entry by entry, and raises it again then: that is
    // what spoils the outer trial, not the dropped first raise.
    #expect(outer.end(succeeded: true))
  }

  // MARK: Holds

  @Test func aHoldKeepsReportsInTheOrderTheyWereMadeAndAssertionsNever() throws {
    let state = DecodingThreadState()
    let hold = try #require(DecodingThreadState.holdReports(in: state))
    #expect(DecodingThreadState.intercept(.report(report("a")), in: state))
    #expect(!DecodingThreadState.intercept(.assertion, in: state), "assertions are raised")
    #expect(DecodingThreadState.intercept(.report(report("b")), in: state))
    #expect(names(hold.end()) == ["a", "b"])
    #expect(!DecodingThreadState.intercept(.report(report("c")), in: state), "the hold ended")
  }

  @Test func nestedHoldsKeepTheirOwnReports() throws {
    let state = DecodingThreadState()
    let outer = try #require(DecodingThreadState.holdReports(in: state))
    #expect(DecodingThreadState.intercept(.report(report("a")), in: state))
    let inner = try #require(DecodingThreadState.holdReports(in: state))
    #expect(DecodingThreadState.intercept(.report(report("b")), in: state))
    #expect(names(inner.end()) == ["b"])
    #expect(DecodingThreadState.intercept(.report(report("c")), in: state))
    #expect(names(outer.end()) == ["a", "c"])
  }

  @Test func aTrialInsideAHoldDropsReportsInsteadOfHoldingThem() throws {
    let state = DecodingThreadState()
    let hold = try #require(DecodingThreadState.holdReports(in: state))
    let trial = try #require(DecodingThreadState.beginTrial(for: Int.self, in: state))
    #expect(DecodingThreadState.intercept(.report(report("dropped")), in: state))
    #expect(!trial.end(succeeded: true))
    #expect(DecodingThreadState.intercept(.report(report("held")), in: state))
    #expect(names(hold.end()) == ["held"])
  }

  // MARK: Without thread-local storage

  @Test func withoutAStateNoTrialBeginsNoReportIsHeldAndNothingIsIntercepted() {
    #expect(DecodingThreadState.beginTrial(for: Int.self, in: nil) == nil)
    #expect(DecodingThreadState.holdReports(in: nil) == nil)
    #expect(!DecodingThreadState.intercept(.assertion, in: nil))
    #expect(!DecodingThreadState.intercept(.report(report("a")), in: nil))
    DecodingThreadState.forgetFailedTrial(for: Int.self, in: nil)
  }

  // MARK: Threads

  @Test func thisPlatformHasThreadLocalStorage() {
    #expect(ThreadLocal<DecodingThreadState>.isSupported)
  }

  @Test func eachThreadHasAStateOfItsOwnMadeOnFirstUse() throws {
    // The states are kept alive here, so that the second cannot take the first one's address.
    let states = LockedList<KeptState>()
    for _ in 0..<2 {
      try runOnNewThread {
        guard DecodingThreadState.existing == nil, let state = DecodingThreadState.current else {
          return
        }
        if DecodingThreadState.current === state, DecodingThreadState.existing === state {
          states.append(KeptState(state))
        }
      }
    }
    let kept = states.elements.map(\.state)
    #expect(kept.count == 2, "each thread found none, made one, then kept it")
    #expect(kept.first !== kept.last, "two threads, two states")
  }

  @Test func aThreadsObjectIsReleasedWhenTheThreadExits() throws {
    let slot = ThreadLocal<Probe>()
    let released = LockedList<String>()
    try runOnNewThread {
      _ = slot.object { Probe(name: "first", released: released) }
      _ = slot.object { Probe(name: "second", released: released) }
      #expect(released.elements.isEmpty, "alive while its thread runs, and made only once")
    }
    #expect(released.elements == ["first"])
    #expect(slot.existingObject == nil, "this thread has none")
  }

  @Test func aThreadsDecodingStateIsReleasedWhenTheThreadExits() throws {
    let state = LockedList<WeakState>()
    try runOnNewThread {
      if let current = DecodingThreadState.current { state.append(WeakState(current)) }
    }
    #expect(state.elements.count == 1)
    #expect(state.elements.first?.state == nil)
  }
}

extension HeldReport {
  /// A report whose content does not matter.
  fileprivate static let sample = HeldReport(
    reporter: ResilientDecodingErrorReporter(), error: CancellationError(), codingPath: [])
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

/// A thread's state, kept alive after its thread exits.
private struct KeptState: @unchecked Sendable {
  // `@unchecked`: only compared once the thread that made the state has exited.
  let state: DecodingThreadState

  init(_ state: DecodingThreadState) { self.state = state }
}

/// A weak reference to a thread's state.
private struct WeakState: @unchecked Sendable {
  // `@unchecked`: only read after the thread that made the state has exited.
  weak var state: DecodingThreadState?

  init(_ state: DecodingThreadState) { self.state = state }
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
