import Foundation
import ResilientDecoding

// The recipes of ComingFromBetterCodable.md, as the article shows them, for the tests of
// `ComingFromBetterCodableTests`. Keep the two in step.

extension ComingFromBetterCodableTests {
  // MARK: Booleans

  /// A `Bool` that also decodes `1`, `0`, `"true"` and `"false"`.
  struct LenientBool: Decodable, Equatable {
    var value: Bool

    init(_ value: Bool) { self.value = value }

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let number = try? container.decode(Int.self), number == 0 || number == 1 {
        value = number == 1
      } else if let text = try? container.decode(String.self), let bool = Bool(text) {
        value = bool
      } else {
        value = try container.decode(Bool.self)
      }
    }
  }

  enum EnabledByDefault: ResilientDefaultProvider {
    static var defaultValue: LenientBool { LenientBool(true) }
  }

  struct Settings: Decodable {
    @ResilientDefault<EnabledByDefault> var enabled: LenientBool
  }

  // MARK: Lossless values

  struct Lossless<Value: LosslessStringConvertible & Decodable>: Decodable {
    var value: Value

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      do {
        value = try container.decode(Value.self)
      } catch {
        guard let text = Self.text(in: container), let converted = Value(text) else {
          throw error
        }
        value = converted
      }
    }

    /// The scalar the data holds, as text, whatever its kind: whole numbers as wide as they
    /// come, signed or not, before any number.
    private static func text(in container: any SingleValueDecodingContainer) -> String? {
      if let text = try? container.decode(String.self) { return text }
      if let number = try? container.decode(Int64.self) { return String(number) }
      if let number = try? container.decode(UInt64.self) { return String(number) }
      if let number = try? container.decode(Double.self) { return String(number) }
      if let bool = try? container.decode(Bool.self) { return String(bool) }
      return nil
    }
  }

  struct Product: Decodable {
    @Resilient var sku: Lossless<String>?
    @Resilient var stock: [Lossless<Int>]
  }

  // MARK: Dates

  /// How the data of one property becomes a `Date`.
  protocol DateFormat {
    static func date(from container: any SingleValueDecodingContainer) throws -> Date
  }

  /// A format that a `DateFormatter` pattern describes, read in UTC unless it has a zone.
  protocol DatePattern: DateFormat {
    static var pattern: String { get }
  }

  enum ISO8601: DatePattern { static let pattern = "yyyy-MM-dd'T'HH:mm:ssXXXXX" }
  enum ISO8601WithFractionalSeconds: DatePattern {
    static let pattern = "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX"
  }
  enum RFC2822: DatePattern { static let pattern = "EEE, d MMM yyyy HH:mm:ss Z" }
  enum YearMonthDay: DatePattern { static let pattern = "y-MM-dd" }

  /// Seconds since 1970, a number.
  enum Timestamp: DateFormat {
    static func date(from container: any SingleValueDecodingContainer) throws -> Date {
      Date(timeIntervalSince1970: try container.decode(Double.self))
    }
  }

  struct FormattedDate<Format: DateFormat>: Decodable, Equatable {
    var date: Date

    init(from decoder: any Decoder) throws {
      date = try Format.date(from: decoder.singleValueContainer())
    }
  }

  struct Event: Decodable {
    @Resilient var updatedAt: FormattedDate<ISO8601WithFractionalSeconds>?
    @Resilient var birthday: FormattedDate<YearMonthDay>?
    let createdAt: FormattedDate<Timestamp>
  }

  /// Every format in one model: what a decoder-wide `dateDecodingStrategy` cannot do.
  struct MixedDates: Decodable {
    @Resilient var iso: FormattedDate<ISO8601>?
    @Resilient var fractional: FormattedDate<ISO8601WithFractionalSeconds>?
    @Resilient var rfc3339: FormattedDate<ISO8601>?
    @Resilient var rfc2822: FormattedDate<RFC2822>?
    @Resilient var timestamp: FormattedDate<Timestamp>?
    @Resilient var day: FormattedDate<YearMonthDay>?
  }

  // MARK: Bytes

  struct Base64Bytes<Bytes: MutableDataProtocol>: Decodable {
    var bytes: Bytes

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      guard let data = Data(base64Encoded: try container.decode(String.self)) else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "not Base64")
      }
      bytes = Bytes()
      bytes.append(contentsOf: data)
    }
  }

  struct Attachment: Decodable {
    @Resilient var thumbnail: Base64Bytes<[UInt8]>?
  }

  // MARK: Enums

  enum Status: String, ResilientRawRepresentable {
    case active, paused, unknown
    static var decodingFallback: Status { .unknown }
  }

  struct Account: Decodable {
    @Resilient var status: Status
  }
}

extension ComingFromBetterCodableTests.DatePattern {
  static func date(from container: any SingleValueDecodingContainer) throws -> Date {
    let text = try container.decode(String.self)
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = pattern
    guard let date = formatter.date(from: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "\"\(text)\" is not a date of the form \(pattern)")
    }
    return date
  }
}
