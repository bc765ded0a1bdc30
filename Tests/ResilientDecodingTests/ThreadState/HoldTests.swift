import Foundation
@_spi(Testing) import ResilientDecoding
import Testing

/// The holds of the report funnel, driven through the library's own scopes: what a hold keeps,
/// in which order, within which bound, and where it goes when passed on.
@Suite struct HoldTests {
  @Test func aReportOutsideTrialsAndHoldsIsRecordedAtOnce() {
    let reporter = ResilientDecodingErrorReporter()
    report("a", to: reporter)
    #expect(recorded(by: reporter) == ["a"])
  }

  @Test func aHoldKeepsReportsInTheOrderTheyWereMadeAndAssertionsNever() throws {
    let reporter = ResilientDecodingErrorReporter()
    let (held, messages) = recordingAssertions {
      Holds.holding(for: reporter) {
        report("a", to: reporter)
        raiseLibraryAssertion()
        report("b", to: reporter)
      }
    }
    #expect(messages.count == expectedAssertionCount(1), "assertions are raised at once")
    #expect(recorded(by: reporter) == [], "held reports have gone nowhere else")
    Holds.passOn(try #require(held))
    #expect(recorded(by: reporter) == ["a", "b"])
    report("c", to: reporter)
    #expect(recorded(by: reporter) == ["c"], "the hold ended")
  }

  @Test func nestedHoldsKeepTheirOwnReportsAndPassingOnGoesToTheHoldAround() throws {
    let reporter = ResilientDecodingErrorReporter()
    let outer = Holds.holding(for: reporter) {
      report("a", to: reporter)
      let inner = Holds.holding(for: reporter) { report("b", to: reporter) }
      #expect(inner?.count == 1)
      report("c", to: reporter)
      if let inner { Holds.passOn(inner) }
    }
    #expect(recorded(by: reporter) == [])
    Holds.passOn(try #require(outer))
    #expect(recorded(by: reporter) == ["a", "c", "b"])
  }

  /// A hold keeps the reports of its own document, whose reporter it names; a report for
  /// another reporter (of a document decoded inside a value of this one) goes past it, to the
  /// innermost hold of its own document or to its reporter.
  @Test func aHoldKeepsOnlyTheReportsOfItsOwnDocument() throws {
    let (own, other) = (ResilientDecodingErrorReporter(), ResilientDecodingErrorReporter())
    var inner: Held?
    let outer = Holds.holding(for: other) {
      inner = Holds.holding(for: own) {
        report("mine", to: own)
        report("theirs", to: other)
        report("nobody's", to: ResilientDecodingErrorReporter())
      }
      #expect(inner?.count == 1)
    }
    #expect(outer?.count == 1, "the report for `other` went to the hold of its document")
    Holds.passOn(try #require(inner))
    Holds.passOn(try #require(outer))
    #expect(recorded(by: own) == ["mine"])
    #expect(recorded(by: other) == ["theirs"])
  }

  @Test func aHoldThatThrowsEndsAndHoldsNothingMore() {
    struct Stop: Error {}
    let reporter = ResilientDecodingErrorReporter()
    #expect(throws: Stop.self) {
      try Holds.holding(for: reporter) {
        report("dropped", to: reporter)
        throw Stop()
      }
    }
    report("after", to: reporter)
    #expect(recorded(by: reporter) == ["after"])
  }

  /// A hold keeps as many reports in full as their reporter stores and counts the others,
  /// which reach the reporter as errors past its maximum: the digest is the one reporting them
  /// at once would give, and what is held does not grow with the failures.
  @Test func aHoldKeepsWhatTheReporterStoresAndCountsTheRest() throws {
    let (few, many) = (
      ResilientDecodingErrorReporter(maximumStoredErrors: 2),
      ResilientDecodingErrorReporter(maximumStoredErrors: 3)
    )
    var inner: Held?
    let held = Holds.holding(for: few) {
      inner = Holds.holding(for: many) {
        for name in ["a", "b", "c", "d"] {
          report(name, at: [name], to: few)
          report(name.uppercased(), to: many)
        }
        #expect(FailureStateReadings.reportsKeptInFull(for: few) == 2)
        #expect(FailureStateReadings.reportsKeptInFull(for: many) == 3)
      }
    }
    #expect(held?.count == 4)
    #expect(inner?.count == 4)
    Holds.passOn(try #require(inner))
    Holds.passOn(try #require(held))
    let digest = try #require(few.flushReportedErrors())
    #expect(names(digest.errors(includeUnknownNovelValueErrors: true)) == ["a", "b"])
    #expect(digest.omittedErrorCount == 2)
    #expect(digest.groups.map(\.count) == [1, 1, 1, 1], "each path its own pattern")
    #expect(digest.groups.map(\.firstPath) == ["a", "b", "c", "d"])
    #expect(try #require(many.flushReportedErrors()).omittedErrorCount == 1)
  }

  /// Holds in arrival order, one inside another, share one budget: what they keep in full
  /// together never passes the reporter's maximum.
  @Test func holdsInsideHoldsShareTheBudget() throws {
    let reporter = ResilientDecodingErrorReporter(maximumStoredErrors: 3)
    let outer = Holds.holding(for: reporter) {
      report("a", to: reporter)
      report("b", to: reporter)
      let inner = Holds.holding(for: reporter) {
        for name in ["c", "d", "e"] { report(name, to: reporter) }
        #expect(
          FailureStateReadings.reportsKeptInFull(for: reporter) == 3,
          "one more in full, the others counted")
      }
      if let inner { Holds.passOn(inner) }
    }
    Holds.passOn(try #require(outer))
    let digest = try #require(reporter.flushReportedErrors())
    #expect(names(digest.errors(includeUnknownNovelValueErrors: true)) == ["a", "b", "c"])
    #expect(digest.omittedErrorCount == 2)
  }

  /// A hold by entry key passes its reports on in key order whatever order the entries came
  /// in, and keeps in full the first ones in that order: what it keeps and counts, and each
  /// group's first error, never depend on the order a decoder hands entries over in.
  @Test(arguments: [0, 2, 10])
  func aHoldByEntryKeyKeepsTheFirstReportsInKeyOrder(maximum: Int) throws {
    let keys = ["d", "b", "e", "a", "c"]
    var digests: [String] = []
    for order in [keys, keys.reversed(), keys.sorted()] {
      let reporter = ResilientDecodingErrorReporter(maximumStoredErrors: maximum)
      let base: () -> [any CodingKey] = { [NamedKey("m")] }
      let held = Holds.holding(.entryKey, for: reporter, base: base) {
        for key in order {
          _ = Holds.beginEntry()
          report("\(key)1", at: ["m", key, "x"], to: reporter)
          report("\(key)2", at: ["m", key], to: reporter)
        }
      }
      Holds.passOn(try #require(held))
      let digest = try #require(reporter.flushReportedErrors())
      digests.append(
        "\(digest.entries(includeUnknownNovelValueErrors: true).map(\.path)) "
          + "\(digest.groups.map { "\($0.firstPath)×\($0.count)" })")
    }
    #expect(Set(digests).count == 1, "\(digests)")
    let expected = ["a", "b", "c", "d", "e"].flatMap { ["m.\($0).x", "m.\($0)"] }
    #expect(
      digests.first?.hasPrefix("\(Array(expected.prefix(maximum)))") == true, "\(digests)")
  }

  /// A trial drops the reports made while it runs, even inside a hold, and is spoiled by them.
  @Test func aTrialDropsReportsEvenInsideAHold() throws {
    enum Values {}
    Passes.forgetFailedTrial(for: Values.self)
    let reporter = ResilientDecodingErrorReporter()
    var verdict: TrialVerdict?
    let held = Holds.holding(for: reporter) {
      verdict = Passes.trial(for: Values.self) {
        report("dropped", to: reporter)
        return true
      }
      report("held", to: reporter)
    }
    #expect(verdict == .unusable)
    Holds.passOn(try #require(held))
    #expect(recorded(by: reporter) == ["held"])
  }

  // MARK: Threads

  @Test func thisPlatformKeepsAStatePerThread() {
    #expect(FailureState.isSupported)
    #expect(ThreadLocal<FailureState>.isSupported)
  }

  @Test func eachThreadHasAStateOfItsOwnMadeOnFirstUseAndEmptyBetweenDecodes() throws {
    let found = LockedList<Bool>()
    for _ in 0..<2 {
      try runOnNewThread {
        let reporter = ResilientDecodingErrorReporter()
        let held = Holds.holding(for: reporter) { report("a", to: reporter) }
        found.append(held?.count == 1)
      }
    }
    #expect(found.elements == [true, true])
  }

  @Test func aThreadsObjectIsReleasedWhenTheThreadExits() throws {
    let slot = ThreadLocal<Probe>()
    let released = LockedList<String>()
    try runOnNewThread {
      _ = slot.object(makingWith: { Probe(name: "first", released: released) })
      _ = slot.object(makingWith: { Probe(name: "second", released: released) })
      #expect(released.elements.isEmpty, "alive while its thread runs, and made only once")
    }
    #expect(released.elements == ["first"])
    #expect(slot.existingObject == nil, "this thread has none")
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
