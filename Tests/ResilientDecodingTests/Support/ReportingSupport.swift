import Foundation
import ResilientDecoding

// The decoders the library extends with reporting, behind one interface, so that one test of
// `enableResilientDecodingErrorReporting()` or `decode(_:from:reportResilientDecodingErrors:)`
// runs against each of them.

/// A decoder with the library's reporting methods: `JSONDecoder` or `PropertyListDecoder`.
protocol ReportingDecoder: AnyObject {
  var userInfo: [CodingUserInfoKey: any Sendable] { get set }
  func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T
  func decode<T: Decodable>(
    _ type: T.Type, from data: Data, reportResilientDecodingErrors: Bool
  ) throws -> (T, ErrorDigest?)
  func enableResilientDecodingErrorReporting() -> ResilientDecodingErrorReporter
}

extension JSONDecoder: ReportingDecoder {}
extension PropertyListDecoder: ReportingDecoder {}

extension ReportingDecoder {
  /// The reporter registered in `userInfo`, if any.
  var registeredReporter: ResilientDecodingErrorReporter? {
    userInfo[.resilientDecodingErrorReporter] as? ResilientDecodingErrorReporter
  }
}

/// A document format and the decoder that reads it.
enum DocumentFormat: String, CaseIterable, Sendable, CustomStringConvertible {
  case json
  case binaryPropertyList
  case xmlPropertyList

  /// The property-list formats.
  static let propertyLists: [DocumentFormat] = [.binaryPropertyList, .xmlPropertyList]

  /// A new decoder for this format, with nothing in its `userInfo`.
  func makeDecoder() -> any ReportingDecoder {
    switch self {
    case .json: JSONDecoder()
    case .binaryPropertyList, .xmlPropertyList: PropertyListDecoder()
    }
  }

  /// A document written in this format; it may hold dictionaries, arrays, strings and numbers,
  /// but no `null`, which property lists cannot hold.
  func data(_ document: Any) throws -> Data {
    switch self {
    case .json:
      try JSONSerialization.data(withJSONObject: document)
    case .binaryPropertyList:
      try PropertyListSerialization.data(fromPropertyList: document, format: .binary, options: 0)
    case .xmlPropertyList:
      try PropertyListSerialization.data(fromPropertyList: document, format: .xml, options: 0)
    }
  }

  var description: String { rawValue }
}
