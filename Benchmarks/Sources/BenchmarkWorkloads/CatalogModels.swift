import ResilientDecoding

// Models of `citm_catalog.json` (an event catalog: dictionaries of names keyed by numeric ids,
// 184 events keyed by id, 243 performances with their prices and seat categories), written for
// the `payload.citm` workload the way an app team marks them: every optional, array,
// dictionary and enum-like string `@Resilient`, ids and required fields plain; each
// `Resilient…` type has a plain `Codable` twin `Plain…` and turns into it (`plain`), so that
// the workload can check that both decode the same values.

/// `performances[].venueCode`: one venue in the file.
enum CatalogVenueCode: String, ResilientRawRepresentable, Sendable {
  case pleyel = "PLEYEL_PLEYEL"
  case unknown
  static var decodingFallback: Self { .unknown }
}

/// `performances[].prices[]`: ids and an amount, all required; shared by the twins.
struct CatalogPrice: Decodable, Equatable, Sendable {
  let amount: Int
  let audienceSubCategoryId: Int
  let seatCategoryId: Int
}

// MARK: - Plain Codable

struct PlainCatalog: Decodable, Equatable, Sendable {
  let areaNames: [String: String]
  let audienceSubCategoryNames: [String: String]
  let blockNames: [String: String]
  let events: [String: PlainCatalogEvent]
  let performances: [PlainCatalogPerformance]
  let seatCategoryNames: [String: String]
  let subTopicNames: [String: String]
  let subjectNames: [String: String]
  let topicNames: [String: String]
  let topicSubTopics: [String: [Int]]
  let venueNames: [String: String]
}

struct PlainCatalogEvent: Decodable, Equatable, Sendable {
  let id: Int
  let name: String
  let description: String?
  let logo: String?
  let subTopicIds: [Int]
  let subjectCode: String?
  let subtitle: String?
  let topicIds: [Int]
}

struct PlainCatalogPerformance: Decodable, Equatable, Sendable {
  let id: Int
  let eventId: Int
  let logo: String?
  let name: String?
  let prices: [CatalogPrice]
  let seatCategories: [PlainCatalogSeatCategory]
  let seatMapImage: String?
  let start: Int
  let venueCode: CatalogVenueCode
}

struct PlainCatalogSeatCategory: Decodable, Equatable, Sendable {
  let areas: [PlainCatalogArea]
  let seatCategoryId: Int
}

struct PlainCatalogArea: Decodable, Equatable, Sendable {
  let areaId: Int
  let blockIds: [Int]
}

// MARK: - @Resilient

struct ResilientCatalog: Decodable, Sendable {
  @Resilient var areaNames: [String: String]
  @Resilient var audienceSubCategoryNames: [String: String]
  @Resilient var blockNames: [String: String]
  @Resilient var events: [String: ResilientCatalogEvent]
  @Resilient var performances: [ResilientCatalogPerformance]
  @Resilient var seatCategoryNames: [String: String]
  @Resilient var subTopicNames: [String: String]
  @Resilient var subjectNames: [String: String]
  @Resilient var topicNames: [String: String]
  @Resilient var topicSubTopics: [String: [Int]]
  @Resilient var venueNames: [String: String]
}

struct ResilientCatalogEvent: Decodable, Sendable {
  let id: Int
  let name: String
  @Resilient var description: String?
  @Resilient var logo: String?
  @Resilient var subTopicIds: [Int]
  @Resilient var subjectCode: String?
  @Resilient var subtitle: String?
  @Resilient var topicIds: [Int]
}

struct ResilientCatalogPerformance: Decodable, Sendable {
  let id: Int
  let eventId: Int
  @Resilient var logo: String?
  @Resilient var name: String?
  @Resilient var prices: [CatalogPrice]
  @Resilient var seatCategories: [ResilientCatalogSeatCategory]
  @Resilient var seatMapImage: String?
  let start: Int
  @Resilient var venueCode: CatalogVenueCode
}

struct ResilientCatalogSeatCategory: Decodable, Sendable {
  @Resilient var areas: [ResilientCatalogArea]
  let seatCategoryId: Int
}

struct ResilientCatalogArea: Decodable, Sendable {
  let areaId: Int
  @Resilient var blockIds: [Int]
}

// MARK: - From @Resilient to plain, to compare

extension ResilientCatalog {
  var plain: PlainCatalog {
    PlainCatalog(
      areaNames: areaNames, audienceSubCategoryNames: audienceSubCategoryNames,
      blockNames: blockNames, events: events.mapValues(\.plain),
      performances: performances.map(\.plain), seatCategoryNames: seatCategoryNames,
      subTopicNames: subTopicNames, subjectNames: subjectNames, topicNames: topicNames,
      topicSubTopics: topicSubTopics, venueNames: venueNames)
  }
}

extension ResilientCatalogEvent {
  var plain: PlainCatalogEvent {
    PlainCatalogEvent(
      id: id, name: name, description: description, logo: logo, subTopicIds: subTopicIds,
      subjectCode: subjectCode, subtitle: subtitle, topicIds: topicIds)
  }
}

extension ResilientCatalogPerformance {
  var plain: PlainCatalogPerformance {
    PlainCatalogPerformance(
      id: id, eventId: eventId, logo: logo, name: name, prices: prices,
      seatCategories: seatCategories.map(\.plain), seatMapImage: seatMapImage, start: start,
      venueCode: venueCode)
  }
}

extension ResilientCatalogSeatCategory {
  var plain: PlainCatalogSeatCategory {
    PlainCatalogSeatCategory(areas: areas.map(\.plain), seatCategoryId: seatCategoryId)
  }
}

extension ResilientCatalogArea {
  var plain: PlainCatalogArea { PlainCatalogArea(areaId: areaId, blockIds: blockIds) }
}
