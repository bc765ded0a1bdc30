import Foundation
import ResilientDecoding
import XCTest

/// Examples of the original library's API, written as its users write them: the package is
/// source-compatible with that library, so such code compiles unchanged and behaves as it did
/// there.
final class OriginalAPIExamplesTests: XCTestCase {
  struct Foo: Decodable {
    @Resilient var array: [Int]
    @Resilient var value: Int?
  }

  func testArrayKeepsValidElementsAndOptionalBecomesNil() throws {
    let foo = try JSONDecoder().decode(
      Foo.self,
      from: """
        {
          "array": [1, "2", 3],
          "value": "invalid",
        }
        """.data(using: .utf8)!)
    XCTAssertEqual(foo.array, [1, 3])
    XCTAssertNil(foo.value)
    #if DEBUG
      XCTAssertEqual(
        summaries(foo.$array.results), [.success(1), .failure(.typeMismatch), .success(3)])
      assertError(foo.$value.error, is: .typeMismatch)
    #endif
  }

  func testBothErrorsAreReportedToTheDigest() throws {
    let (_, digest) = try JSONDecoder().decode(
      Foo.self,
      from: Data(#"{"array": [1, "2", 3], "value": "invalid"}"#.utf8),
      reportResilientDecodingErrors: true)
    assertReports(digest, [Report("array.Index 1", .typeMismatch), Report("value", .typeMismatch)])
  }

  enum MyEnum: String, ResilientRawRepresentable {
    case existing
    case unknown
    static var decodingFallback: Self { .unknown }
  }

  func testEnumWithDecodingFallbackNeedsNoOptional() throws {
    struct Holder: Decodable {
      @Resilient var myEnum: MyEnum
    }
    let existing = try decode(Holder.self, json: #"{"myEnum": "existing"}"#)
    XCTAssertEqual(existing.value.myEnum, .existing)
    XCTAssertNil(existing.digest)
    let newer = try decode(Holder.self, json: #"{"myEnum": "newer"}"#)
    XCTAssertEqual(newer.value.myEnum, .unknown)
    assertReports(newer.digest, [Report("myEnum", .novel("newer"))], includingNovel: true)
  }

  func testResultsInterleaveSuccessesAndFailures() throws {
    struct Holder: Decodable {
      @Resilient var baz: [Int]
    }
    let holder = try JSONDecoder().decode(Holder.self, from: Data(#"{"baz": [1, 2, "3"]}"#.utf8))
    XCTAssertEqual(holder.baz, [1, 2])
    #if DEBUG
      XCTAssertEqual(
        summaries(holder.$baz.results), [.success(1), .success(2), .failure(.typeMismatch)])
      XCTAssertEqual(holder.$baz.errors.count, 1)
    #endif
  }

  func testReporterThroughUserInfoAndDebugPrint() throws {
    struct Model: Decodable {
      @Resilient var resilientArrayProperty: [Int]
    }
    let decoder = JSONDecoder()
    let reporter = ResilientDecodingErrorReporter()
    decoder.userInfo[.resilientDecodingErrorReporter] = reporter
    _ = try decoder.decode(Model.self, from: Data(#"{"resilientArrayProperty": [1, "x"]}"#.utf8))
    let errorDigest = try XCTUnwrap(reporter.flushReportedErrors())
    assertReports(errorDigest, [Report("resilientArrayProperty.Index 1", .typeMismatch)])
    var printed = ""
    debugPrint(errorDigest, to: &printed)
    XCTAssertEqual(
      printed,
      """
      resilientArrayProperty
        Index 1
          - Could not decode as `Int`

      """)
  }
}
