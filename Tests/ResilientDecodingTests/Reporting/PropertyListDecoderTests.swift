import Foundation
import ResilientDecoding
import Testing

/// Resilience does not depend on JSON: `PropertyListDecoder`, binary or XML, decodes and reports
/// exactly as `JSONDecoder` does.
@Suite struct PropertyListDecoderTests {
  @Test(arguments: DocumentFormat.propertyLists)
  func reporterInUserInfoCollectsTheErrorsOfEveryKind(format: DocumentFormat) throws {
    let decoder = PropertyListDecoder()
    let reporter = ResilientDecodingErrorReporter()
    decoder.userInfo[.resilientDecodingErrorReporter] = reporter
    let inventory = try decoder.decode(Inventory.self, from: format.data(Inventory.messyDocument))
    inventory.checkDecodedFromMessyDocument()
    let digest = reporter.flushReportedErrors()
    assertReports(digest, Inventory.messyReports)
    assertReports(digest, Inventory.messyReportsWithNovel, includingNovel: true)
    #expect(reporter.flushReportedErrors() == nil)
    #if DEBUG
      assertOutcome(inventory.$missing.outcome, .keyNotFound)
      #expect(
        summaries(inventory.$numbers.results)
          == [.success(1), .failure(.typeMismatch), .success(3)])
    #endif
  }

  @Test(arguments: DocumentFormat.propertyLists)
  func sameDocumentGivesTheSameDigestAsJSON(format: DocumentFormat) throws {
    let decode = { (format: DocumentFormat) in
      try format.makeDecoder().decode(
        Inventory.self, from: format.data(Inventory.messyDocument),
        reportResilientDecodingErrors: true
      ).1
    }
    let jsonDigest = try decode(.json)
    let propertyListDigest = try decode(format)
    #expect(detailedReports(propertyListDigest) == detailedReports(jsonDigest))
    #expect(propertyListDigest?.description == jsonDigest?.description)
  }
}
