import ResilientDecoding

// Models of `twitter.json` (a search API response: 100 statuses, 73 of them retweets, with
// their users, entities and media), written for the `payload.twitter` workload the way an app
// team marks them: every optional, array, dictionary and enum-like string `@Resilient`, ids
// and required fields plain. Each `Resilient…` type has a plain `Codable` twin `Plain…` with
// the same properties, and turns into it (`plain`), so that the workload can check that both
// decode the same values. Keys are snake case in the file: the twins share one `CodingKeys`
// per shape. Enums are shared: plain `Codable` decodes a `ResilientRawRepresentable` enum as
// any raw-value enum.

/// `search_metadata.result_type`.
enum TwitterResultType: String, ResilientRawRepresentable, Sendable {
  case recent, popular, mixed, unknown
  static var decodingFallback: Self { .unknown }
}

/// `media[].type`.
enum TwitterMediaType: String, ResilientRawRepresentable, Sendable {
  case photo, video
  case animatedGIF = "animated_gif"
  case unknown
  static var decodingFallback: Self { .unknown }
}

/// `media[].sizes.*.resize`.
enum TwitterResize: String, ResilientRawRepresentable, Sendable {
  case fit, crop, unknown
  static var decodingFallback: Self { .unknown }
}

// MARK: - Keys shared by the twins

enum TwitterFeedKeys: String, CodingKey {
  case statuses
  case searchMetadata = "search_metadata"
}

enum TwitterSearchMetadataKeys: String, CodingKey {
  case completedIn = "completed_in"
  case maxID = "max_id"
  case maxIDString = "max_id_str"
  case nextResults = "next_results"
  case query
  case refreshURL = "refresh_url"
  case count
  case sinceID = "since_id"
  case sinceIDString = "since_id_str"
}

/// The keys of a status.
enum TwitterStatusKeys: String, CodingKey {
  case metadata
  case createdAt = "created_at"
  case id
  case idString = "id_str"
  case text, source, truncated
  case inReplyToStatusID = "in_reply_to_status_id"
  case inReplyToStatusIDString = "in_reply_to_status_id_str"
  case inReplyToUserID = "in_reply_to_user_id"
  case inReplyToUserIDString = "in_reply_to_user_id_str"
  case inReplyToScreenName = "in_reply_to_screen_name"
  case user, geo, coordinates, place, contributors
  case retweetedStatus = "retweeted_status"
  case retweetCount = "retweet_count"
  case favoriteCount = "favorite_count"
  case entities, favorited, retweeted
  case possiblySensitive = "possibly_sensitive"
  case lang
}

/// The keys of a retweeted status: those of a status, but `retweeted_status`.
enum TwitterRetweetKeys: String, CodingKey {
  case metadata
  case createdAt = "created_at"
  case id
  case idString = "id_str"
  case text, source, truncated
  case inReplyToStatusID = "in_reply_to_status_id"
  case inReplyToStatusIDString = "in_reply_to_status_id_str"
  case inReplyToUserID = "in_reply_to_user_id"
  case inReplyToUserIDString = "in_reply_to_user_id_str"
  case inReplyToScreenName = "in_reply_to_screen_name"
  case user, geo, coordinates, place, contributors
  case retweetCount = "retweet_count"
  case favoriteCount = "favorite_count"
  case entities, favorited, retweeted
  case possiblySensitive = "possibly_sensitive"
  case lang
}

enum TwitterStatusMetadataKeys: String, CodingKey {
  case resultType = "result_type"
  case isoLanguageCode = "iso_language_code"
}

enum TwitterUserKeys: String, CodingKey {
  case id
  case idString = "id_str"
  case name
  case screenName = "screen_name"
  case location, description, url, entities, protected
  case followersCount = "followers_count"
  case friendsCount = "friends_count"
  case listedCount = "listed_count"
  case createdAt = "created_at"
  case favouritesCount = "favourites_count"
  case utcOffset = "utc_offset"
  case timeZone = "time_zone"
  case geoEnabled = "geo_enabled"
  case verified
  case statusesCount = "statuses_count"
  case lang
  case contributorsEnabled = "contributors_enabled"
  case isTranslator = "is_translator"
  case isTranslationEnabled = "is_translation_enabled"
  case profileBackgroundColor = "profile_background_color"
  case profileBackgroundImageURL = "profile_background_image_url"
  case profileBackgroundImageURLHTTPS = "profile_background_image_url_https"
  case profileBackgroundTile = "profile_background_tile"
  case profileImageURL = "profile_image_url"
  case profileImageURLHTTPS = "profile_image_url_https"
  case profileBannerURL = "profile_banner_url"
  case profileLinkColor = "profile_link_color"
  case profileSidebarBorderColor = "profile_sidebar_border_color"
  case profileSidebarFillColor = "profile_sidebar_fill_color"
  case profileTextColor = "profile_text_color"
  case profileUseBackgroundImage = "profile_use_background_image"
  case defaultProfile = "default_profile"
  case defaultProfileImage = "default_profile_image"
  case following
  case followRequestSent = "follow_request_sent"
  case notifications
}

enum TwitterUserEntitiesKeys: String, CodingKey {
  case url, description
}

enum TwitterURLListKeys: String, CodingKey {
  case urls
}

enum TwitterURLKeys: String, CodingKey {
  case url
  case expandedURL = "expanded_url"
  case displayURL = "display_url"
  case indices
}

enum TwitterEntitiesKeys: String, CodingKey {
  case hashtags, symbols, urls
  case userMentions = "user_mentions"
  case media
}

enum TwitterHashtagKeys: String, CodingKey {
  case text, indices
}

enum TwitterMentionKeys: String, CodingKey {
  case screenName = "screen_name"
  case name, id
  case idString = "id_str"
  case indices
}

enum TwitterMediaKeys: String, CodingKey {
  case id
  case idString = "id_str"
  case indices
  case mediaURL = "media_url"
  case mediaURLHTTPS = "media_url_https"
  case url
  case displayURL = "display_url"
  case expandedURL = "expanded_url"
  case type, sizes
  case sourceStatusID = "source_status_id"
  case sourceStatusIDString = "source_status_id_str"
}

enum TwitterGeoKeys: String, CodingKey {
  case type, coordinates
}

enum TwitterPlaceKeys: String, CodingKey {
  case id, name
  case fullName = "full_name"
  case countryCode = "country_code"
}

/// `media[].sizes.*`.
struct ResilientTwitterMediaSize: Decodable, Sendable {
  let w: Int
  let h: Int
  @Resilient var resize: TwitterResize
}

/// The twin of `ResilientTwitterMediaSize` that plain `Codable` decodes.
struct PlainTwitterMediaSize: Decodable, Equatable, Sendable {
  let w: Int
  let h: Int
  let resize: TwitterResize
}

extension ResilientTwitterMediaSize {
  var plain: PlainTwitterMediaSize { PlainTwitterMediaSize(w: w, h: h, resize: resize) }
}

// MARK: - Plain Codable

struct PlainTwitterFeed: Decodable, Equatable, Sendable {
  typealias CodingKeys = TwitterFeedKeys
  let statuses: [PlainTwitterStatus]
  let searchMetadata: PlainTwitterSearchMetadata
}

struct PlainTwitterSearchMetadata: Decodable, Equatable, Sendable {
  typealias CodingKeys = TwitterSearchMetadataKeys
  let completedIn: Double
  let maxID: Int
  let maxIDString: String
  let nextResults: String?
  let query: String
  let refreshURL: String?
  let count: Int
  let sinceID: Int
  let sinceIDString: String
}

struct PlainTwitterStatus: Decodable, Equatable, Sendable {
  typealias CodingKeys = TwitterStatusKeys
  let metadata: PlainTwitterStatusMetadata
  let createdAt: String
  let id: Int
  let idString: String
  let text: String
  let source: String
  let truncated: Bool
  let inReplyToStatusID: Int?
  let inReplyToStatusIDString: String?
  let inReplyToUserID: Int?
  let inReplyToUserIDString: String?
  let inReplyToScreenName: String?
  let user: PlainTwitterUser
  let geo: PlainTwitterGeo?
  let coordinates: PlainTwitterGeo?
  let place: PlainTwitterPlace?
  let contributors: [Int]?
  let retweetedStatus: PlainTwitterRetweet?
  let retweetCount: Int
  let favoriteCount: Int
  let entities: PlainTwitterEntities
  let favorited: Bool
  let retweeted: Bool
  let possiblySensitive: Bool?
  let lang: String
}

/// A retweeted status: a status without a `retweeted_status` of its own (a struct cannot hold
/// itself).
struct PlainTwitterRetweet: Decodable, Equatable, Sendable {
  typealias CodingKeys = TwitterRetweetKeys
  let metadata: PlainTwitterStatusMetadata
  let createdAt: String
  let id: Int
  let idString: String
  let text: String
  let source: String
  let truncated: Bool
  let inReplyToStatusID: Int?
  let inReplyToStatusIDString: String?
  let inReplyToUserID: Int?
  let inReplyToUserIDString: String?
  let inReplyToScreenName: String?
  let user: PlainTwitterUser
  let geo: PlainTwitterGeo?
  let coordinates: PlainTwitterGeo?
  let place: PlainTwitterPlace?
  let contributors: [Int]?
  let retweetCount: Int
  let favoriteCount: Int
  let entities: PlainTwitterEntities
  let favorited: Bool
  let retweeted: Bool
  let possiblySensitive: Bool?
  let lang: String
}

struct PlainTwitterStatusMetadata: Decodable, Equatable, Sendable {
  typealias CodingKeys = TwitterStatusMetadataKeys
  let resultType: TwitterResultType
  let isoLanguageCode: String
}

struct PlainTwitterUser: Decodable, Equatable, Sendable {
  typealias CodingKeys = TwitterUserKeys
  let id: Int
  let idString: String
  let name: String
  let screenName: String
  let location: String?
  let description: String?
  let url: String?
  let entities: PlainTwitterUserEntities?
  let protected: Bool
  let followersCount: Int
  let friendsCount: Int
  let listedCount: Int
  let createdAt: String
  let favouritesCount: Int
  let utcOffset: Int?
  let timeZone: String?
  let geoEnabled: Bool
  let verified: Bool
  let statusesCount: Int
  let lang: String
  let contributorsEnabled: Bool
  let isTranslator: Bool
  let isTranslationEnabled: Bool
  let profileBackgroundColor: String
  let profileBackgroundImageURL: String?
  let profileBackgroundImageURLHTTPS: String?
  let profileBackgroundTile: Bool
  let profileImageURL: String
  let profileImageURLHTTPS: String
  let profileBannerURL: String?
  let profileLinkColor: String
  let profileSidebarBorderColor: String
  let profileSidebarFillColor: String
  let profileTextColor: String
  let profileUseBackgroundImage: Bool
  let defaultProfile: Bool
  let defaultProfileImage: Bool
  let following: Bool?
  let followRequestSent: Bool?
  let notifications: Bool?
}

struct PlainTwitterUserEntities: Decodable, Equatable, Sendable {
  typealias CodingKeys = TwitterUserEntitiesKeys
  let url: PlainTwitterURLList?
  let description: PlainTwitterURLList?
}

struct PlainTwitterURLList: Decodable, Equatable, Sendable {
  typealias CodingKeys = TwitterURLListKeys
  let urls: [PlainTwitterURL]
}

struct PlainTwitterURL: Decodable, Equatable, Sendable {
  typealias CodingKeys = TwitterURLKeys
  let url: String
  let expandedURL: String?
  let displayURL: String?
  let indices: [Int]
}

struct PlainTwitterEntities: Decodable, Equatable, Sendable {
  typealias CodingKeys = TwitterEntitiesKeys
  let hashtags: [PlainTwitterHashtag]
  let symbols: [PlainTwitterHashtag]
  let urls: [PlainTwitterURL]
  let userMentions: [PlainTwitterMention]
  let media: [PlainTwitterMedia]?
}

struct PlainTwitterHashtag: Decodable, Equatable, Sendable {
  typealias CodingKeys = TwitterHashtagKeys
  let text: String
  let indices: [Int]
}

struct PlainTwitterMention: Decodable, Equatable, Sendable {
  typealias CodingKeys = TwitterMentionKeys
  let screenName: String
  let name: String
  let id: Int
  let idString: String
  let indices: [Int]
}

struct PlainTwitterMedia: Decodable, Equatable, Sendable {
  typealias CodingKeys = TwitterMediaKeys
  let id: Int
  let idString: String
  let indices: [Int]
  let mediaURL: String
  let mediaURLHTTPS: String
  let url: String
  let displayURL: String
  let expandedURL: String
  let type: TwitterMediaType
  let sizes: [String: PlainTwitterMediaSize]
  let sourceStatusID: Int?
  let sourceStatusIDString: String?
}

/// `geo` and `coordinates` (always `null` in the file).
struct PlainTwitterGeo: Decodable, Equatable, Sendable {
  typealias CodingKeys = TwitterGeoKeys
  let type: String
  let coordinates: [Double]
}

/// `place` (always `null` in the file).
struct PlainTwitterPlace: Decodable, Equatable, Sendable {
  typealias CodingKeys = TwitterPlaceKeys
  let id: String
  let name: String?
  let fullName: String?
  let countryCode: String?
}

// MARK: - @Resilient

struct ResilientTwitterFeed: Decodable, Sendable {
  typealias CodingKeys = TwitterFeedKeys
  @Resilient var statuses: [ResilientTwitterStatus]
  let searchMetadata: ResilientTwitterSearchMetadata
}

struct ResilientTwitterSearchMetadata: Decodable, Sendable {
  typealias CodingKeys = TwitterSearchMetadataKeys
  let completedIn: Double
  let maxID: Int
  let maxIDString: String
  @Resilient var nextResults: String?
  let query: String
  @Resilient var refreshURL: String?
  let count: Int
  let sinceID: Int
  let sinceIDString: String
}

struct ResilientTwitterStatus: Decodable, Sendable {
  typealias CodingKeys = TwitterStatusKeys
  let metadata: ResilientTwitterStatusMetadata
  let createdAt: String
  let id: Int
  let idString: String
  let text: String
  let source: String
  let truncated: Bool
  @Resilient var inReplyToStatusID: Int?
  @Resilient var inReplyToStatusIDString: String?
  @Resilient var inReplyToUserID: Int?
  @Resilient var inReplyToUserIDString: String?
  @Resilient var inReplyToScreenName: String?
  let user: ResilientTwitterUser
  @Resilient var geo: ResilientTwitterGeo?
  @Resilient var coordinates: ResilientTwitterGeo?
  @Resilient var place: ResilientTwitterPlace?
  @Resilient var contributors: [Int]?
  @Resilient var retweetedStatus: ResilientTwitterRetweet?
  let retweetCount: Int
  let favoriteCount: Int
  let entities: ResilientTwitterEntities
  let favorited: Bool
  let retweeted: Bool
  @Resilient var possiblySensitive: Bool?
  let lang: String
}

struct ResilientTwitterRetweet: Decodable, Sendable {
  typealias CodingKeys = TwitterRetweetKeys
  let metadata: ResilientTwitterStatusMetadata
  let createdAt: String
  let id: Int
  let idString: String
  let text: String
  let source: String
  let truncated: Bool
  @Resilient var inReplyToStatusID: Int?
  @Resilient var inReplyToStatusIDString: String?
  @Resilient var inReplyToUserID: Int?
  @Resilient var inReplyToUserIDString: String?
  @Resilient var inReplyToScreenName: String?
  let user: ResilientTwitterUser
  @Resilient var geo: ResilientTwitterGeo?
  @Resilient var coordinates: ResilientTwitterGeo?
  @Resilient var place: ResilientTwitterPlace?
  @Resilient var contributors: [Int]?
  let retweetCount: Int
  let favoriteCount: Int
  let entities: ResilientTwitterEntities
  let favorited: Bool
  let retweeted: Bool
  @Resilient var possiblySensitive: Bool?
  let lang: String
}

struct ResilientTwitterStatusMetadata: Decodable, Sendable {
  typealias CodingKeys = TwitterStatusMetadataKeys
  @Resilient var resultType: TwitterResultType
  let isoLanguageCode: String
}

struct ResilientTwitterUser: Decodable, Sendable {
  typealias CodingKeys = TwitterUserKeys
  let id: Int
  let idString: String
  let name: String
  let screenName: String
  @Resilient var location: String?
  @Resilient var description: String?
  @Resilient var url: String?
  @Resilient var entities: ResilientTwitterUserEntities?
  let protected: Bool
  let followersCount: Int
  let friendsCount: Int
  let listedCount: Int
  let createdAt: String
  let favouritesCount: Int
  @Resilient var utcOffset: Int?
  @Resilient var timeZone: String?
  let geoEnabled: Bool
  let verified: Bool
  let statusesCount: Int
  let lang: String
  let contributorsEnabled: Bool
  let isTranslator: Bool
  let isTranslationEnabled: Bool
  let profileBackgroundColor: String
  @Resilient var profileBackgroundImageURL: String?
  @Resilient var profileBackgroundImageURLHTTPS: String?
  let profileBackgroundTile: Bool
  let profileImageURL: String
  let profileImageURLHTTPS: String
  @Resilient var profileBannerURL: String?
  let profileLinkColor: String
  let profileSidebarBorderColor: String
  let profileSidebarFillColor: String
  let profileTextColor: String
  let profileUseBackgroundImage: Bool
  let defaultProfile: Bool
  let defaultProfileImage: Bool
  @Resilient var following: Bool?
  @Resilient var followRequestSent: Bool?
  @Resilient var notifications: Bool?
}

struct ResilientTwitterUserEntities: Decodable, Sendable {
  typealias CodingKeys = TwitterUserEntitiesKeys
  @Resilient var url: ResilientTwitterURLList?
  @Resilient var description: ResilientTwitterURLList?
}

struct ResilientTwitterURLList: Decodable, Sendable {
  typealias CodingKeys = TwitterURLListKeys
  @Resilient var urls: [ResilientTwitterURL]
}

struct ResilientTwitterURL: Decodable, Sendable {
  typealias CodingKeys = TwitterURLKeys
  let url: String
  @Resilient var expandedURL: String?
  @Resilient var displayURL: String?
  @Resilient var indices: [Int]
}

struct ResilientTwitterEntities: Decodable, Sendable {
  typealias CodingKeys = TwitterEntitiesKeys
  @Resilient var hashtags: [ResilientTwitterHashtag]
  @Resilient var symbols: [ResilientTwitterHashtag]
  @Resilient var urls: [ResilientTwitterURL]
  @Resilient var userMentions: [ResilientTwitterMention]
  @Resilient var media: [ResilientTwitterMedia]?
}

struct ResilientTwitterHashtag: Decodable, Sendable {
  typealias CodingKeys = TwitterHashtagKeys
  let text: String
  @Resilient var indices: [Int]
}

struct ResilientTwitterMention: Decodable, Sendable {
  typealias CodingKeys = TwitterMentionKeys
  let screenName: String
  let name: String
  let id: Int
  let idString: String
  @Resilient var indices: [Int]
}

struct ResilientTwitterMedia: Decodable, Sendable {
  typealias CodingKeys = TwitterMediaKeys
  let id: Int
  let idString: String
  @Resilient var indices: [Int]
  let mediaURL: String
  let mediaURLHTTPS: String
  let url: String
  let displayURL: String
  let expandedURL: String
  @Resilient var type: TwitterMediaType
  @Resilient var sizes: [String: ResilientTwitterMediaSize]
  @Resilient var sourceStatusID: Int?
  @Resilient var sourceStatusIDString: String?
}

struct ResilientTwitterGeo: Decodable, Sendable {
  typealias CodingKeys = TwitterGeoKeys
  let type: String
  @Resilient var coordinates: [Double]
}

struct ResilientTwitterPlace: Decodable, Sendable {
  typealias CodingKeys = TwitterPlaceKeys
  let id: String
  @Resilient var name: String?
  @Resilient var fullName: String?
  @Resilient var countryCode: String?
}

// MARK: - From @Resilient to plain, to compare

extension ResilientTwitterFeed {
  var plain: PlainTwitterFeed {
    PlainTwitterFeed(statuses: statuses.map(\.plain), searchMetadata: searchMetadata.plain)
  }
}

extension ResilientTwitterSearchMetadata {
  var plain: PlainTwitterSearchMetadata {
    PlainTwitterSearchMetadata(
      completedIn: completedIn, maxID: maxID, maxIDString: maxIDString, nextResults: nextResults,
      query: query, refreshURL: refreshURL, count: count, sinceID: sinceID,
      sinceIDString: sinceIDString)
  }
}

extension ResilientTwitterStatus {
  var plain: PlainTwitterStatus {
    PlainTwitterStatus(
      metadata: metadata.plain, createdAt: createdAt, id: id, idString: idString, text: text,
      source: source, truncated: truncated, inReplyToStatusID: inReplyToStatusID,
      inReplyToStatusIDString: inReplyToStatusIDString, inReplyToUserID: inReplyToUserID,
      inReplyToUserIDString: inReplyToUserIDString, inReplyToScreenName: inReplyToScreenName,
      user: user.plain, geo: geo?.plain, coordinates: coordinates?.plain, place: place?.plain,
      contributors: contributors, retweetedStatus: retweetedStatus?.plain,
      retweetCount: retweetCount, favoriteCount: favoriteCount, entities: entities.plain,
      favorited: favorited, retweeted: retweeted, possiblySensitive: possiblySensitive,
      lang: lang)
  }
}

extension ResilientTwitterRetweet {
  var plain: PlainTwitterRetweet {
    PlainTwitterRetweet(
      metadata: metadata.plain, createdAt: createdAt, id: id, idString: idString, text: text,
      source: source, truncated: truncated, inReplyToStatusID: inReplyToStatusID,
      inReplyToStatusIDString: inReplyToStatusIDString, inReplyToUserID: inReplyToUserID,
      inReplyToUserIDString: inReplyToUserIDString, inReplyToScreenName: inReplyToScreenName,
      user: user.plain, geo: geo?.plain, coordinates: coordinates?.plain, place: place?.plain,
      contributors: contributors, retweetCount: retweetCount, favoriteCount: favoriteCount,
      entities: entities.plain, favorited: favorited, retweeted: retweeted,
      possiblySensitive: possiblySensitive, lang: lang)
  }
}

extension ResilientTwitterStatusMetadata {
  var plain: PlainTwitterStatusMetadata {
    PlainTwitterStatusMetadata(resultType: resultType, isoLanguageCode: isoLanguageCode)
  }
}

extension ResilientTwitterUser {
  var plain: PlainTwitterUser {
    PlainTwitterUser(
      id: id, idString: idString, name: name, screenName: screenName, location: location,
      description: description, url: url, entities: entities?.plain, protected: protected,
      followersCount: followersCount, friendsCount: friendsCount, listedCount: listedCount,
      createdAt: createdAt, favouritesCount: favouritesCount, utcOffset: utcOffset,
      timeZone: timeZone, geoEnabled: geoEnabled, verified: verified,
      statusesCount: statusesCount, lang: lang, contributorsEnabled: contributorsEnabled,
      isTranslator: isTranslator, isTranslationEnabled: isTranslationEnabled,
      profileBackgroundColor: profileBackgroundColor,
      profileBackgroundImageURL: profileBackgroundImageURL,
      profileBackgroundImageURLHTTPS: profileBackgroundImageURLHTTPS,
      profileBackgroundTile: profileBackgroundTile, profileImageURL: profileImageURL,
      profileImageURLHTTPS: profileImageURLHTTPS, profileBannerURL: profileBannerURL,
      profileLinkColor: profileLinkColor, profileSidebarBorderColor: profileSidebarBorderColor,
      profileSidebarFillColor: profileSidebarFillColor, profileTextColor: profileTextColor,
      profileUseBackgroundImage: profileUseBackgroundImage, defaultProfile: defaultProfile,
      defaultProfileImage: defaultProfileImage, following: following,
      followRequestSent: followRequestSent, notifications: notifications)
  }
}

extension ResilientTwitterUserEntities {
  var plain: PlainTwitterUserEntities {
    PlainTwitterUserEntities(url: url?.plain, description: description?.plain)
  }
}

extension ResilientTwitterURLList {
  var plain: PlainTwitterURLList { PlainTwitterURLList(urls: urls.map(\.plain)) }
}

extension ResilientTwitterURL {
  var plain: PlainTwitterURL {
    PlainTwitterURL(url: url, expandedURL: expandedURL, displayURL: displayURL, indices: indices)
  }
}

extension ResilientTwitterEntities {
  var plain: PlainTwitterEntities {
    PlainTwitterEntities(
      hashtags: hashtags.map(\.plain), symbols: symbols.map(\.plain), urls: urls.map(\.plain),
      userMentions: userMentions.map(\.plain), media: media?.map(\.plain))
  }
}

extension ResilientTwitterHashtag {
  var plain: PlainTwitterHashtag { PlainTwitterHashtag(text: text, indices: indices) }
}

extension ResilientTwitterMention {
  var plain: PlainTwitterMention {
    PlainTwitterMention(
      screenName: screenName, name: name, id: id, idString: idString, indices: indices)
  }
}

extension ResilientTwitterMedia {
  var plain: PlainTwitterMedia {
    PlainTwitterMedia(
      id: id, idString: idString, indices: indices, mediaURL: mediaURL,
      mediaURLHTTPS: mediaURLHTTPS, url: url, displayURL: displayURL, expandedURL: expandedURL,
      type: type, sizes: sizes.mapValues(\.plain), sourceStatusID: sourceStatusID,
      sourceStatusIDString: sourceStatusIDString)
  }
}

extension ResilientTwitterGeo {
  var plain: PlainTwitterGeo { PlainTwitterGeo(type: type, coordinates: coordinates) }
}

extension ResilientTwitterPlace {
  var plain: PlainTwitterPlace {
    PlainTwitterPlace(id: id, name: name, fullName: fullName, countryCode: countryCode)
  }
}
