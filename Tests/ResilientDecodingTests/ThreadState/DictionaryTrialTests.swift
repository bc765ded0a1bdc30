import Foundation
@_spi(Testing) import ResilientDecoding
import XCTest

/// A resilient dictionary of plain values is first decoded in a trial, as plain `Codable`
/// decodes it, and entry by entry only if that fails; after a failure, a thread decodes the
/// same type of values entry by entry for a while before trying again (DocC: "Choosing a Property
/// Kind"). These tests decode clean and dirty dictionaries of one type many times in a row, so that
/// every decode of the sequence is checked whichever way it went: trial, entry by entry after a
/// failed trial, entry by entry straight away, trial again. Errors reported (and DEBUG assertions
/// raised) during a trial must neither be lost nor reported twice.
final class DictionaryTrialTests: XCTestCase {
  struct Counter: Decodable, Equatable {
    @Resilient var count: Int?
  }

  struct Counters: Decodable {
    @Resilient var counters: [String: Counter]
  }

  /// Enough decodes to go through every state at least twice.
  private let repetitions = 80

  func testCleanDictionaryWithANestedErrorReportsItExactlyOnceEveryTime() throws {
    let json = #"{"counters": {"a": {"count": 1}, "b": {"count": "x"}}}"#
    for _ in 0..<repetitions {
      let (model, digest) = try decode(Counters.self, json: json)
      XCTAssertEqual(model.counters, ["a": Counter(count: 1), "b": Counter(count: nil)])
      assertReports(digest, [Report("counters.b.count", .typeMismatch)])
      #if DEBUG
        assertOutcome(model.$counters.outcome, .decodedSuccessfully)
      #endif
    }
  }

  func testDirtyDictionaryReportsNestedErrorsOnceAndFailedEntriesOnceEveryTime() throws {
    let json = #"{"counters": {"a": {"count": "x"}, "b": 5, "c": {"count": 2}, "d": []}}"#
    for _ in 0..<repetitions {
      let (model, digest) = try decode(Counters.self, json: json)
      XCTAssertEqual(model.counters, ["a": Counter(count: nil), "c": Counter(count: 2)])
      assertReports(
        digest,
        [
          Report("counters.a.count", .typeMismatch),
          Report("counters.b", .typeMismatch),
          Report("counters.d", .typeMismatch),
        ])
      #if DEBUG
        XCTAssertEqual(
          summaries(model.$counters.results),
          [
            "a": .success(Counter(count: nil)), "b": .failure(.typeMismatch),
            "c": .success(Counter(count: 2)), "d": .failure(.typeMismatch),
          ])
      #endif
    }
  }

  func testCleanAndDirtyDictionariesOfOneTypeInAnyOrderDecodeTheSame() throws {
    struct Scores: Decodable {
      @Resilient var scores: [String: Int]
    }
    let clean = #"{"scores": {"a": 1, "b": 2}}"#
    let dirty = #"{"scores": {"a": 1, "b": "two", "c": 3}}"#
    // Runs of different lengths, so that clean data arrives both while a thread skips trials
    // and after it has started them again.
    let pattern = [1, 0, 0, 1, 1, 1, 0, 1] + Array(repeating: 0, count: 40) + [1, 0, 1]
    for (step, isDirty) in (pattern + pattern).enumerated() {
      let (model, digest) = try decode(Scores.self, json: isDirty == 1 ? dirty : clean)
      if isDirty == 1 {
        XCTAssertEqual(model.scores, ["a": 1, "c": 3], "step \(step)")
        assertReports(digest, [Report("scores.b", .typeMismatch)])
      } else {
        XCTAssertEqual(model.scores, ["a": 1, "b": 2], "step \(step)")
        XCTAssertNil(digest, "step \(step)")
      }
    }
  }

  func testMissingNullAndInvalidDictionariesBetweenCleanOnesDecodeTheSame() throws {
    struct Scores: Decodable {
      @Resilient var scores: [String: Int]?
    }
    for step in 0..<repetitions {
      let (clean, cleanDigest) = try decode(Scores.self, json: #"{"scores": {"a": 1}}"#)
      XCTAssertEqual(clean.scores, ["a": 1], "step \(step)")
      XCTAssertNil(cleanDigest)
      let (missing, missingDigest) = try decode(Scores.self, json: "{}")
      XCTAssertNil(missing.scores)
      XCTAssertNil(missingDigest)
      let (null, nullDigest) = try decode(Scores.self, json: #"{"scores": null}"#)
      XCTAssertNil(null.scores)
      XCTAssertNil(nullDigest)
      let (invalid, invalidDigest) = try decode(Scores.self, json: #"{"scores": [1]}"#)
      XCTAssertEqual(invalid.scores, [:])
      assertReports(invalidDigest, [Report("scores", .typeMismatch)])
    }
  }

  func testDictionaryKeysStayAsWrittenUnderAKeyDecodingStrategyEitherWay() throws {
    struct Model: Decodable {
      @Resilient var snakeCaseScores: [String: Int]
    }
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let clean = #"{"snake_case_scores": {"first_key": 1, "second_key": 2}}"#
    let dirty = #"{"snake_case_scores": {"first_key": 1, "bad_key": "x"}}"#
    for step in 0..<repetitions {
      let isDirty = step % 3 == 0
      let (model, digest) = try decode(Model.self, json: isDirty ? dirty : clean, using: decoder)
      if isDirty {
        XCTAssertEqual(model.snakeCaseScores, ["first_key": 1], "step \(step)")
        assertReports(digest, [Report("snakeCaseScores.bad_key", .typeMismatch)])
      } else {
        XCTAssertEqual(model.snakeCaseScores, ["first_key": 1, "second_key": 2], "step \(step)")
        XCTAssertNil(digest)
      }
    }
  }

  func testDictionariesNestedInDictionariesReportEveryErrorOnce() throws {
    struct Model: Decodable {
      @Resilient var groups: [String: [String: Counter]]
    }
    // The inner dictionaries decode as plain `Codable` values of the outer one: an inner entry
    // that fails makes its whole group fail.
    let json = #"""
      {"groups": {"clean": {"a": {"count": 1}}, "nested": {"b": {"count": "x"}},
                  "broken": {"c": 7}}}
      """#
    for _ in 0..<repetitions {
      let (model, digest) = try decode(Model.self, json: json)
      XCTAssertEqual(
        model.groups,
        ["clean": ["a": Counter(count: 1)], "nested": ["b": Counter(count: nil)]])
      // Errors from inside the groups and of the groups themselves come in key order.
      assertReports(
        digest,
        [Report("groups.broken", .typeMismatch), Report("groups.nested.b.count", .typeMismatch)])
    }
  }

  func testAnErrorBeforeANestedCleanDictionaryIsReportedOnceAtItsPath() throws {
    // The error spoils the trial of `shelves`; the trial of `counts`, nested in it, then runs
    // clean, and must leave the outer trial spoiled when it ends. Otherwise the outer trial is
    // used and the error, dropped during it, is never reported.
    struct Shelf: Decodable, Equatable {
      @Resilient var label: Int?
      @Resilient var counts: [String: Int]
    }
    struct Store: Decodable {
      @Resilient var shelves: [String: Shelf]
    }
    let json = #"{"shelves": {"a": {"label": "x", "counts": {"n": 1}}}}"#
    let decoded = LockedList<String>()
    // A new thread has skipped no trial yet, so the outer trial surely runs.
    try runOnNewThread {
      guard let (store, digest) = try? decode(Store.self, json: json) else { return }
      decoded.append("\(store.shelves == ["a": Shelf(label: nil, counts: ["n": 1])])")
      decoded.append(contentsOf: reports(digest).map(\.description))
    }
    XCTAssertEqual(decoded.elements, ["true", "shelves.a.label: typeMismatch"])
  }

  func testConcurrentDecodesOfCleanAndDirtyDictionariesReportEveryErrorOnce() throws {
    let clean = Data(#"{"counters": {"a": {"count": 1}, "b": {"count": 2}}}"#.utf8)
    let dirty = Data(#"{"counters": {"a": {"count": "x"}, "b": 5, "c": {"count": 3}}}"#.utf8)
    let reporter = ResilientDecodingErrorReporter()
    let decodesPerThread = 40
    let threads = 8
    let failures = LockedList<Int>()
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      let decoder = JSONDecoder()
      decoder.userInfo[.resilientDecodingErrorReporter] = reporter
      for step in 0..<decodesPerThread {
        let isDirty = (step + thread) % 4 == 0
        guard let model = try? decoder.decode(Counters.self, from: isDirty ? dirty : clean) else {
          failures.append(step)
          continue
        }
        let expected =
          isDirty
          ? ["a": Counter(count: nil), "c": Counter(count: 3)]
          : ["a": Counter(count: 1), "b": Counter(count: 2)]
        if model.counters != expected { failures.append(step) }
      }
    }
    XCTAssertEqual(failures.elements, [])
    let dirtyDecodes = (0..<threads).reduce(0) { total, thread in
      total + (0..<decodesPerThread).filter { ($0 + thread) % 4 == 0 }.count
    }
    let paths = reporter.flushReportedErrors()?.entries.map { pathDescription($0.codingPath) }
    XCTAssertEqual(paths?.count, dirtyDecodes * 2)
    XCTAssertEqual(paths?.filter { $0 == "counters.a.count" }.count, dirtyDecodes)
    XCTAssertEqual(paths?.filter { $0 == "counters.b" }.count, dirtyDecodes)
  }

  /// A value that counts its `init(from:)` runs in the decoder's `userInfo`.
  struct Tally: Decodable, Equatable {
    let number: Int

    init(number: Int) { self.number = number }

    init(from decoder: any Decoder) throws {
      (decoder.userInfo[DictionaryTrialTests.runsKey] as? LockedList<Int>)?.append(1)
      number = try decoder.singleValueContainer().decode(Int.self)
    }
  }

  static let runsKey = CodingUserInfoKey(rawValue: "DictionaryTrialTests.runs")!

  /// A clean dictionary costs what plain `Codable` pays: its trial is used, and no value is
  /// decoded twice; after a dirty one, whose trial cannot be used, the next ones skip the trial
  /// and still decode each value once.
  func testACleanDictionaryDecodesEachValueOnce() throws {
    struct Tallies: Decodable {
      @Resilient var tallies: [String: Tally]
    }
    let clean = Data(#"{"tallies": {"a": 1, "b": 2, "c": 3}}"#.utf8)
    let dirty = Data(#"{"tallies": {"a": 1, "b": "x", "c": 3}}"#.utf8)
    let expected = ["a": Tally(number: 1), "b": Tally(number: 2), "c": Tally(number: 3)]
    for (step, data) in [clean, clean, dirty, clean, clean].enumerated() {
      let runs = LockedList<Int>()
      let decoder = JSONDecoder()
      decoder.userInfo[Self.runsKey] = runs
      let model = try decoder.decode(Tallies.self, from: data)
      if data == dirty {
        XCTAssertEqual(model.tallies, ["a": Tally(number: 1), "c": Tally(number: 3)])
      } else {
        XCTAssertEqual(model.tallies, expected, "step \(step)")
        XCTAssertEqual(runs.elements.count, 3, "step \(step): each value decoded once")
      }
    }
  }

  #if DEBUG
    func testMisuseInsideDictionaryValuesAssertsOncePerValueEveryTime() throws {
      struct Misused: Decodable, Equatable {
        @Resilient var number: Int
      }
      struct Model: Decodable {
        @Resilient var values: [String: Misused]
      }
      let clean = #"{"values": {"a": {"number": 1}, "b": {"number": 2}}}"#
      let dirty = #"{"values": {"a": {"number": 1}, "b": {"number": "x"}}}"#
      for step in 0..<repetitions {
        let isDirty = step % 5 == 0
        let (decoded, messages) = try recordingAssertions {
          try decode(Model.self, json: isDirty ? dirty : clean)
        }
        XCTAssertEqual(messages.count, 2, "step \(step): \(messages)")
        XCTAssertEqual(decoded.value.values.count, isDirty ? 1 : 2, "step \(step)")
      }
    }
  #endif
}
