import Foundation
import ResilientDecoding
import XCTest

/// A client compiled in the Swift 5 language mode declares and decodes `@ResilientDefault` and
/// `@Resilient` properties as a Swift 6 client does.
final class Swift5ClientTests: XCTestCase {
  enum Unlimited: ResilientDefaultProvider {
    static var defaultValue: Int { .max }
  }

  struct Listing: Decodable, Equatable {
    @ResilientFalse var isNew: Bool
    @ResilientTrue var isVisible: Bool
    @ResilientZero var stock: Int
    @ResilientEmptyString var name: String
    @ResilientDefault<Unlimited> var limit: Int
    @Resilient var rating: Double?
  }

  func testDefaultsAreTakenAndBadValuesReported() throws {
    let json = #"{"isNew": "yes", "stock": 4, "name": null, "limit": "none", "rating": "high"}"#
    let (listing, digest) = try JSONDecoder().decode(
      Listing.self, from: Data(json.utf8), reportResilientDecodingErrors: true)
    XCTAssertEqual(
      listing,
      Listing(isNew: false, isVisible: true, stock: 4, name: "", limit: .max, rating: nil))
    XCTAssertEqual(digest?.entries.map(\.path), ["isNew", "limit", "rating"])
    #if DEBUG
      guard case .valueWasNil = listing.$name.outcome else {
        return XCTFail("name: \(listing.$name.outcome)")
      }
      XCTAssertNotNil(listing.$isNew.error)
      XCTAssertNil(listing.$isVisible.error)
    #endif
  }

  func testValuesThatDecodeAreKept() throws {
    let json = #"{"isNew": true, "isVisible": false, "stock": 1, "name": "n", "limit": 2}"#
    let listing = try JSONDecoder().decode(Listing.self, from: Data(json.utf8))
    XCTAssertEqual(
      listing,
      Listing(isNew: true, isVisible: false, stock: 1, name: "n", limit: 2, rating: nil))
  }
}
