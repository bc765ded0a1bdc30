import Foundation
import ResilientDecoding
import Testing

/// A reporter registered in a decoder's `userInfo` collects what every `@Resilient` property
/// decoded there reports, until it is flushed; registering a second one is a programmer error
/// (DocC, "Reporting in Production").
@Suite struct ReporterTests {
  // MARK: Flushing

  @Test func flushGivesNilWhenNothingWasReported() throws {
    let reporter = ResilientDecodingErrorReporter()
    #expect(reporter.flushReportedErrors() == nil)

    let decoder = JSONDecoder()
    decoder.userInfo[.resilientDecodingErrorReporter] = reporter
    _ = try decoder.decode(Inventory.self, from: DocumentFormat.json.data(Inventory.cleanDocument))
    #expect(reporter.flushReportedErrors() == nil)
  }

  @Test func flushGivesWhatWasReportedSinceTheLastFlush() throws {
    let decoder = JSONDecoder()
    let reporter = ResilientDecodingErrorReporter()
    decoder.userInfo[.resilientDecodingErrorReporter] = reporter

    _ = try decoder.decode(Inventory.self, from: Data(#"{"id": 1, "note": 1, "mood": "sad"}"#.utf8))
    assertReports(reporter.flushReportedErrors(), [Report("note", .typeMismatch)])
    #expect(reporter.flushReportedErrors() == nil)

    _ = try decoder.decode(
      Inventory.self, from: Data(#"{"id": 2, "numbers": [true], "mood": "sad"}"#.utf8))
    _ = try decoder.decode(Inventory.self, from: Data(#"{"id": 3, "mood": 0}"#.utf8))
    assertReports(
      reporter.flushReportedErrors(),
      [Report("numbers.Index 0", .typeMismatch), Report("mood", .typeMismatch)])
    #expect(reporter.flushReportedErrors() == nil)
  }

  // MARK: Reporters that come and go

  /// A value that fails looks for a reporter only while one exists somewhere in the process:
  /// nothing remembers that an earlier failure found none, a reporter that only `userInfo`
  /// holds is found, and one taken out of `userInfo` is no longer reported to.
  @Test(arguments: DocumentFormat.allCases)
  func everyFailureLooksForTheReporterRegisteredNow(format: DocumentFormat) throws {
    let decoder = format.makeDecoder()
    let messy = try format.data(Inventory.messyDocument)
    _ = try decoder.decode(Inventory.self, from: messy)

    decoder.userInfo[.resilientDecodingErrorReporter] = ResilientDecodingErrorReporter()
    _ = try decoder.decode(Inventory.self, from: messy)
    let reporter = try #require(decoder.registeredReporter)
    assertReports(reporter.flushReportedErrors(), Inventory.messyReports)

    decoder.userInfo[.resilientDecodingErrorReporter] = nil
    _ = try decoder.decode(Inventory.self, from: messy)
    #expect(reporter.flushReportedErrors() == nil)
  }

  // MARK: Registering

  @Test(arguments: DocumentFormat.allCases)
  func enablingRegistersTheReporterThatDecodesReportTo(format: DocumentFormat) throws {
    let decoder = format.makeDecoder()
    let reporter = decoder.enableResilientDecodingErrorReporting()
    #expect(decoder.registeredReporter === reporter)

    let inventory = try decoder.decode(Inventory.self, from: format.data(Inventory.messyDocument))
    inventory.checkDecodedFromMessyDocument()
    assertReports(reporter.flushReportedErrors(), Inventory.messyReports)
  }

  @Test(arguments: UserInfoHolder.allCases)
  func enablingOnceRegistersAReporterWithoutAsserting(holder: UserInfoHolder) {
    let userInfo = holder.make()
    let (reporter, messages) = recordingAssertions { userInfo.enable() }
    #expect(userInfo.registered() === reporter)
    #expect(reporter.flushReportedErrors() == nil)
    #expect(messages == [])
  }

  @Test(arguments: UserInfoHolder.allCases)
  func enablingASecondReporterAssertsAndWarnsTheFirst(holder: UserInfoHolder) throws {
    let userInfo = holder.make()
    let first = userInfo.enable()
    let (second, messages) = recordingAssertions { userInfo.enable() }

    #expect(first !== second)
    #expect(userInfo.registered() === second)
    assertSingleAssertion(messages, mentioning: ["enableResilientDecodingErrorReporting"])
    let warning = try #require(first.flushReportedErrors())
    #expect(warning.errors.count == 1)
    #expect(warning.errors.first.map { "\($0)".contains("missing") } == true, "\(warning)")
    #expect(first.flushReportedErrors() == nil)
    #expect(second.flushReportedErrors() == nil)

    if let (decoder, format) = userInfo.decoder {
      _ = try decoder.decode(Inventory.self, from: format.data(Inventory.messyDocument))
      #expect(first.flushReportedErrors() == nil)
      assertReports(second.flushReportedErrors(), Inventory.messyReports)
    }
  }
}

extension ReporterTests {
  /// Where reporting can be enabled: a bare `userInfo` of either value type, or a decoder.
  enum UserInfoHolder: String, CaseIterable, Sendable, CustomStringConvertible {
    case anyValues
    case sendableValues
    case jsonDecoder
    case propertyListDecoder

    /// A new holder with nothing registered, acted on through closures.
    struct Handle {
      /// Calls `enableResilientDecodingErrorReporting()` on the holder.
      let enable: () -> ResilientDecodingErrorReporter
      /// The reporter registered in the holder's `userInfo`.
      let registered: () -> ResilientDecodingErrorReporter?
      /// The decoder that holds the `userInfo`, and its format, if the holder is one.
      let decoder: (any ReportingDecoder, DocumentFormat)?
    }

    func make() -> Handle {
      switch self {
      case .anyValues:
        var userInfo: [CodingUserInfoKey: Any] = [:]
        return Handle(
          enable: { userInfo.enableResilientDecodingErrorReporting() },
          registered: {
            userInfo[.resilientDecodingErrorReporter] as? ResilientDecodingErrorReporter
          },
          decoder: nil)
      case .sendableValues:
        var userInfo: [CodingUserInfoKey: any Sendable] = [:]
        return Handle(
          enable: { userInfo.enableResilientDecodingErrorReporting() },
          registered: {
            userInfo[.resilientDecodingErrorReporter] as? ResilientDecodingErrorReporter
          },
          decoder: nil)
      case .jsonDecoder, .propertyListDecoder:
        let format: DocumentFormat = self == .jsonDecoder ? .json : .binaryPropertyList
        let decoder = format.makeDecoder()
        return Handle(
          enable: { decoder.enableResilientDecodingErrorReporting() },
          registered: { decoder.registeredReporter },
          decoder: (decoder, format))
      }
    }

    var description: String { rawValue }
  }
}
