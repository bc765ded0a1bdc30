import Foundation
import ResilientDecoding
import Testing

/// Pass control, driven through the library's own scopes: a dictionary's trial, second
/// decodes, arrays decoded again whole. Each test uses types of its own for the trials it runs,
/// so that what the thread skipped for other tests does not matter.
@Suite struct PassControlTests {
  // MARK: Trials

  @Test func aTrialDuringWhichNothingWasRaisedIsUsable() {
    enum Values {}
    var ran = 0
    #expect(
      Passes.trial(for: Values.self) {
        ran += 1
        return true
      } == .usable)
    #expect(
      Passes.trial(for: Values.self) {
        ran += 1
        return true
      } == .usable, "no skipping")
    #expect(ran == 2)
  }

  /// What happens during a trial: a report, or a DEBUG assertion of the library.
  enum Raised: String, CaseIterable, CustomTestStringConvertible {
    case report, assertion
    var testDescription: String { rawValue }
  }

  @Test(arguments: Raised.allCases)
  func anythingRaisedDuringATrialSpoilsItAndIsDropped(_ raised: Raised) {
    enum Values {}
    Passes.forgetFailedTrial(for: Values.self)
    let reporter = ResilientDecodingErrorReporter()
    let (verdict, messages) = recordingAssertions {
      Passes.trial(for: Values.self) {
        switch raised {
        case .report: report("dropped", to: reporter)
        case .assertion: raiseLibraryAssertion()
        }
        return true
      }
    }
    #expect(messages.isEmpty, "an assertion in a trial is not raised: the decode raises it again")
    if raised == .report || isDebugBuild {
      #expect(verdict == .unusable, "a spoiled trial cannot be used")
    }
    #expect(recorded(by: reporter) == [], "dropped")
    report("after", to: reporter)
    #expect(recorded(by: reporter) == ["after"], "the trial ended")
  }

  @Test func aTrialThatThrewIsUnusable() {
    enum Values {}
    #expect(Passes.trial(for: Values.self) { false } == .unusable)
  }

  @Test func aTrialThatCouldNotBeUsedSkipsTheNextTrialsOfItsTypeOnly() {
    enum Values {}
    enum Others {}
    #expect(Passes.trial(for: Values.self) { false } == .unusable)
    for skipped in 0..<Passes.trialsSkippedAfterFailure {
      var ran = false
      let verdict = Passes.trial(for: Values.self) {
        ran = true
        return true
      }
      #expect(verdict == .notRun && !ran, "skip \(skipped)")
      #expect(Passes.trial(for: Others.self) { true } == .usable, "other types are not skipped")
    }
    #expect(Passes.trial(for: Values.self) { true } == .usable, "trials resume")
  }

  @Test func forgettingAFailedTrialStopsTheSkipping() {
    enum Values {}
    #expect(Passes.trial(for: Values.self) { false } == .unusable)
    #expect(Passes.trial(for: Values.self) { true } == .notRun, "skipped")
    Passes.forgetFailedTrial(for: Values.self)
    #expect(Passes.trial(for: Values.self) { true } == .usable)
  }

  /// A dictionary decoded during a trial is part of it: one failure anywhere makes the whole
  /// trial unusable, and nothing after it is decoded for nothing.
  @Test func aTrialInsideATrialIsPartOfIt() {
    enum Outer {}
    enum Inner {}
    let reporter = ResilientDecodingErrorReporter()
    var inner: [TrialVerdict] = []
    var ranAfterTheFailure = false
    let outer = Passes.trial(for: Outer.self) {
      #expect(Passes.isInTrial)
      inner.append(Passes.trial(for: Inner.self) { true })
      inner.append(
        Passes.trial(for: Inner.self) {
          report("inner", to: reporter)
          return true
        })
      inner.append(
        Passes.trial(for: Inner.self) {
          ranAfterTheFailure = true
          return true
        })
      return true
    }
    #expect(!ranAfterTheFailure, "a trial known to be unusable decodes nothing more")
    #expect(inner == [.usable, .spoilsTrialAround, .spoilsTrialAround])
    #expect(outer == .unusable)
    #expect(!Passes.isInTrial)
    #expect(recorded(by: reporter) == [])
    #expect(Passes.trial(for: Inner.self) { true } == .usable, "only the outer type is skipped")
  }

  @Test func aValueThatFailsInsideATrialMakesItUnusable() {
    enum Outer {}
    enum Inner {}
    let outer = Passes.trial(for: Outer.self) {
      #expect(Passes.trial(for: Inner.self) { false } == .spoilsTrialAround)
      return true
    }
    #expect(outer == .unusable)
  }

  // MARK: Second decodes

  /// Inside a second decode no trial runs, so that what fails deep in a document is decoded at
  /// most twice that way; outside it, trials run again.
  @Test func noTrialRunsInsideASecondDecode() {
    enum Values {}
    var ran = false
    let verdict = Passes.decodingAgain {
      Passes.trial(for: Values.self) {
        ran = true
        return true
      }
    }
    #expect(verdict == .notRun && !ran)
    #expect(
      Passes.decodingAgain(if: false) { Passes.trial(for: Values.self) { true } } == .usable,
      "not begun: no second decode")
    #expect(Passes.trial(for: Values.self) { true } == .usable)
  }

  /// An array is decoded again whole only if no array inside it was since it began, never
  /// during a trial, and at most `maximumNestedWholeArrays` deep.
  @Test func anArrayIsDecodedAgainWholeOnlyIfNoneInsideItWas() {
    enum Values {}
    let before = Passes.wholeArraysDecoded
    #expect(
      Passes.decodingArrayWhole(.secondChance(after: before)) {
        Passes.trial(for: Values.self) { true }
      }
        == .notRun, "a second decode: no trial inside")
    #expect(
      Passes.decodingArrayWhole(.secondChance(after: before)) { 2 } == nil,
      "one inside it was, since")
    let now = Passes.wholeArraysDecoded
    #expect(now == before + 1)
    #expect(Passes.decodingArrayWhole(.secondChance(after: now)) { 3 } == 3)
    var duringATrial: Int? = 0
    let trial = Passes.trial(for: Values.self) {
      duringATrial = Passes.decodingArrayWhole(.secondChance(after: Passes.wholeArraysDecoded)) {
        4
      }
      return true
    }
    #expect(trial == .usable)
    #expect(duringATrial == nil, "nothing is decoded again during a trial")
    func nested(_ depth: Int) -> Int {
      Passes.decodingArrayWhole(.secondChance(after: Passes.wholeArraysDecoded)) {
        nested(depth + 1)
      } ?? depth
    }
    #expect(nested(0) == Passes.maximumNestedWholeArrays)
    // An array whose decoder gives no unkeyed container for it is decoded whole as its first
    // decode: always, in a trial too, and it counts as no second decode.
    var onlyWay: Int?
    _ = Passes.trial(for: Values.self) {
      onlyWay = Passes.decodingArrayWhole(.onlyWay) { 5 }
      return true
    }
    #expect(onlyWay == 5)
    #expect(Passes.wholeArraysDecoded == now + 1 + Passes.maximumNestedWholeArrays)
  }
}
