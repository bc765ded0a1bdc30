import Foundation
import ResilientDecoding

// The models of a listing feed, as an app might declare them. Every kind of `@Resilient`
// property appears at least once; the comment beside each says what the sample payload does
// to it.
//
// Dictionaries keyed by `Int` need `CodingKeyRepresentable`, which Apple platforms have from
// macOS 12.3 / iOS 15.4 on, hence the availability of the types that hold one.

/// The whole feed: one page of listings plus what the screen around them needs.
@available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *)
struct ListingFeed: Decodable {
  /// Array of nested resilient structs: a listing that lacks a required field is dropped.
  @Resilient var listings: [Listing]

  /// Optional array: the key is missing from the sample, so this is `nil`, not an error.
  @Resilient var announcements: [Announcement]?

  /// Raw enum with a fallback: an order this app does not know yet becomes `.recommended`.
  @Resilient var sortOrder: SortOrder

  /// Optional nested resilient struct.
  @Resilient var paging: Paging?

  /// `[String: T]`: a rate that is not a number is dropped, the other rates are kept.
  @Resilient var exchangeRates: [String: Double]

  /// `[String: T]?`: present and clean in the sample.
  @Resilient var sectionTitles: [String: String]?

  /// `[Int: T]`: a key that is not an integer, or a value that is not one, costs one entry.
  @Resilient var rankedListingIDs: [Int: Int]

  /// Polymorphic `ResilientDecodable`: the block above the listings, of a kind the server may
  /// have added since this app shipped; an unknown kind becomes `.unsupported`.
  @Resilient var hero: HeroBlock

  /// Array of the same: each block stands alone; an unknown kind is left out.
  @Resilient var promotions: [HeroBlock]
}

/// One place to stay.
@available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *)
struct Listing: Decodable {
  /// Required: a listing without an identifier cannot be shown.
  let id: Int

  /// Required: a listing without a title cannot be shown.
  let title: String

  /// Optional: a price that is not a number becomes `nil` ("price on request").
  @Resilient var price: Double?

  /// Optional frozen enum: an unknown currency code is corrupt data, reported as such.
  @Resilient var currency: Currency?

  /// Raw enum with a fallback: a kind this app does not know yet becomes `.other`.
  @Resilient var kind: PropertyKind

  /// Optional raw enum without a fallback: unknown or malformed values become `nil`.
  @Resilient var cancellation: CancellationPolicy?

  /// Array of nested structs: photos without a usable URL are dropped.
  @Resilient var photos: [Photo]

  /// `Set` of a raw enum: unknown and malformed amenities are left out, duplicates collapse.
  @Resilient var amenities: Set<Amenity>

  /// Optional `Set`: `null` gives `nil`.
  @Resilient var tags: Set<String>?

  /// Optional `[Int: T]`: beds per floor, floor 0 being the ground floor.
  @Resilient var bedsByFloor: [Int: Int]?

  /// Optional `[String: T]`: scores by category; a score that is not a number is dropped.
  @Resilient var ratings: [String: Double]?

  /// Optional nested resilient struct: a host that is not an object becomes `nil`.
  @Resilient var host: Host?
}

/// A photo of a listing.
struct Photo: Decodable {
  /// Required: a photo is nothing without its image.
  let url: URL

  /// Optional: a caption that is not a string is ignored.
  @Resilient var caption: String?
}

/// The person who rents the place out.
struct Host: Decodable {
  /// Required.
  let name: String

  /// Array of a raw enum: languages this app cannot display yet are left out.
  @Resilient var languages: [Language]

  /// Optional: share of messages answered, from 0 to 1.
  @Resilient var responseRate: Double?
}

/// Where the next page starts.
struct Paging: Decodable {
  /// The number of this page, from 1.
  let page: Int

  /// The cursor of the next page, if there is one.
  @Resilient var nextCursor: Int?
}

/// A message shown above the listings.
struct Announcement: Decodable {
  /// The text to show.
  let text: String
}

/// How the feed is sorted. Servers add orders over time.
enum SortOrder: String, ResilientRawRepresentable {
  case recommended
  case priceAscending = "price_ascending"
  case priceDescending = "price_descending"

  /// An order the app does not know yet is shown as the default one.
  static var decodingFallback: SortOrder { .recommended }
}

/// What the screen shows above the listings, told apart by its `"kind"`.
enum HeroBlock: ResilientDecodable {
  case banner(title: String)
  case spotlight(listingID: Int)
  /// A block the app cannot show: nothing is shown.
  case unsupported

  static var decodingFallback: HeroBlock { .unsupported }

  private enum CodingKeys: String, CodingKey {
    case kind, title, listingID
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    switch try container.decode(String.self, forKey: .kind) {
    case "banner": self = .banner(title: try container.decode(String.self, forKey: .title))
    case "spotlight":
      self = .spotlight(listingID: try container.decode(Int.self, forKey: .listingID))
    case let kind:
      // Valid, just newer than this code: a novel value, not an error.
      throw UnknownNovelValueError(novelValue: kind)
    }
  }
}

extension HeroBlock: CustomStringConvertible {
  var description: String {
    switch self {
    case .banner(let title): "banner \"\(title)\""
    case .spotlight(let listingID): "spotlight on \(listingID)"
    case .unsupported: "nothing"
    }
  }
}

/// The kind of place. New kinds appear; they are shown as "other".
enum PropertyKind: String, ResilientRawRepresentable {
  case apartment
  case house
  case cabin
  case other

  /// A kind the app does not know yet.
  static var decodingFallback: PropertyKind { .other }
}

/// The cancellation policy. New policies appear; without a fallback, they decode to `nil`.
enum CancellationPolicy: String, ResilientRawRepresentable {
  case flexible
  case moderate
  case strict
}

/// A currency the app can price in. The list is closed: any other code is an error.
enum Currency: String, ResilientRawRepresentable {
  case eur = "EUR"
  case usd = "USD"
  case chf = "CHF"
  case gbp = "GBP"

  /// Every currency the feed may send is listed: an unknown code is corrupt data.
  static var isFrozen: Bool { true }
}

/// Something a place offers.
enum Amenity: String, ResilientRawRepresentable {
  case wifi
  case kitchen
  case parking
  case fireplace
}

/// A language a host speaks, among those the app has translations for.
enum Language: String, ResilientRawRepresentable {
  case de
  case en
  case fr
  case it
  case pt
  case sv
}
