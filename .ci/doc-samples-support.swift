// Stand-ins for what the documentation's samples use without declaring: the data, the decoder,
// the app's own types and logging. `.ci/doc-samples.py` compiles this file once as the module
// `DocSampleSupport`, which every sample imports; a sample's own declarations win over these.

import Foundation
import ResilientDecoding

/// The payload a sample decodes.
public let data = Data()

/// The decoder a sample uses.
public let decoder = JSONDecoder()

/// Several decoders, for a reporter shared by them.
public let decoders = [JSONDecoder(), JSONDecoder()]

/// A reporter a sample flushes.
public let reporter = ResilientDecodingErrorReporter()

public struct Photo: Decodable, Sendable {
  public let url: URL
}

public struct Item: Decodable, Sendable {
  public let id: Int
}

public struct Announcement: Decodable, Sendable {
  public let text: String
}

public enum Kind: String, ResilientRawRepresentable, Sendable {
  case apartment, house, other
  public static var decodingFallback: Kind { .other }
}

public enum Amenity: String, ResilientRawRepresentable, Sendable {
  case pool, wifi
}

public enum CancellationPolicy: String, ResilientRawRepresentable, Sendable {
  case flexible, strict
}

public struct Listing: Decodable, Sendable {
  public let id: Int
  @Resilient public var price: Double?
  @Resilient public var photos: [Photo]
  @Resilient public var kind: Kind
}

public struct Feed: Decodable, Sendable {
  @Resilient public var listings: [Listing]
}

/// A decoded listing, for samples that read its projected values.
public let listing = try! JSONDecoder().decode(Listing.self, from: Data(#"{"id": 1}"#.utf8))

/// A decoded model with `@Resilient var numbers: [Int]`.
public struct NumbersModel: Decodable, Sendable {
  @Resilient public var numbers: [Int]
}
public let model = try! JSONDecoder().decode(NumbersModel.self, from: Data("{}".utf8))

/// The app's logger.
public struct Logger: Sendable {
  public func warning(_ message: String) {}
}
public let logger = Logger()

/// The app's analytics client.
public struct Analytics: Sendable {
  public func send(_ event: String, body: Data) {}
}
public let analytics = Analytics()

/// Sends lines to the app's backend.
public func upload(_ lines: [String]) {}
