// The one entrance to failure handling: "this value failed, here". Everything the rest of the
// library does about a failure goes through `Failures` (this file and `Failures+*.swift`): it
// finds the reporter, makes the error what plain `Codable` shows, names the record and decides
// whether the report is dropped, held or recorded. Decoding calls it; it calls nothing of
// Decoding's. DocC: "Reporting in Production"; the internals document (Documentation/Internals)
// lists the hops.

/// The failure API: the one way the rest of the library reports that a value failed, holds
/// what its values report, or decodes a value again.
enum Failures {}

/// Where a value sits, as failure handling needs to know it: its path, the reporter of its
/// decoder and the record around it.
protocol FailureSite {
  /// The coding path of the value.
  var codingPath: [any CodingKey] { get }

  /// The reporter registered in the `userInfo` of the value's decoder, if any.
  func findReporter() -> ResilientDecodingErrorReporter?

  /// The record holding the value, if `reporter` names records and the record can be read
  /// here.
  func enclosingRecord(for reporter: ResilientDecodingErrorReporter) -> ReportedRecord?
}

/// A value under a key of a keyed container.
struct KeyedSite<Key: CodingKey>: FailureSite {
  let container: KeyedDecodingContainer<Key>
  let key: Key

  var codingPath: [any CodingKey] { container.codingPath + [key] }

  func findReporter() -> ResilientDecodingErrorReporter? {
    container.findReporter(forKey: key)
  }

  /// The record the container reads, through the keys its type declares.
  func enclosingRecord(for reporter: ResilientDecodingErrorReporter) -> ReportedRecord? {
    container.enclosingRecord(for: reporter)
  }
}

/// A value a decoder holds on its own: a top-level value, an element, a generic property.
struct DecoderSite: FailureSite {
  let decoder: any Decoder

  var codingPath: [any CodingKey] { decoder.codingPath }

  func findReporter() -> ResilientDecodingErrorReporter? {
    decoder.resilientDecodingErrorReporter
  }

  /// `nil`: a decoder does not know the record around its value; an element of a `@Resilient`
  /// collection around it may name it (see `Failures.NamingRecord`).
  func enclosingRecord(for reporter: ResilientDecodingErrorReporter) -> ReportedRecord? {
    nil
  }
}

// MARK: - One value

extension Failures {
  /// Reports that the value at `site` failed with `error`, in the record holding it, and
  /// returns the error as reported: a decoder's own error for a standard library primitive
  /// (`decodedPrimitive`: no `init(from:)` of the user's ran) as plain `Codable` shows it.
  @discardableResult
  static func report(
    _ error: any Error, decodedPrimitive: Bool = false, at site: some FailureSite
  ) -> any Error {
    report(
      error, decodedPrimitive: decodedPrimitive, codingPath: site.codingPath,
      reporter: site.findReporter(), record: { site.enclosingRecord(for: $0) })
  }

  /// Reports that the value under `key` of `container` failed, as
  /// ``report(_:decodedPrimitive:at:)`` does for its `KeyedSite`, without making one: in the
  /// library's unspecialised code, a value whose type depends on the client's key type costs a
  /// lookup in the runtime's metadata cache, and so does each function that uses it.
  static func report<Key>(
    _ error: any Error, decodedPrimitive: Bool, forKey key: Key,
    in container: KeyedDecodingContainer<Key>
  ) -> any Error {
    report(
      error, decodedPrimitive: decodedPrimitive,
      codingPath: decoderPath(of: error, decodedPrimitive: decodedPrimitive, forKey: key)
        ?? container.codingPath + [key],
      reporter: container.findReporter(forKey: key),
      record: { container.enclosingRecord(for: $0) })
  }

  /// The path that a decoder's own error gives the value under `key` it could not decode, when
  /// it can stand for the value's path: the error is the `DecodingError` of a standard library
  /// primitive (`decodedPrimitive`: no `init(from:)` of the user's ran, so nothing nested threw
  /// it) and its path ends with `key`. Reading it costs nothing, where the container's path costs
  /// a decoder a walk of its own path, and the digest a comparison of the two paths, on every
  /// failed value.
  private static func decoderPath(
    of error: any Error, decodedPrimitive: Bool, forKey key: some CodingKey
  ) -> [any CodingKey]? {
    guard decodedPrimitive, let path = error.decodingContextPath, let last = path.last,
      last.intValue == key.intValue, last.stringValue == key.stringValue
    else { return nil }
    return path
  }

  /// What both forms of `report` do: the error as plain `Codable` shows it, reported at
  /// `codingPath` (built once, if needed) to the reporter, in the record `record` reads.
  @inline(__always)
  private static func report(
    _ error: any Error, decodedPrimitive: Bool,
    codingPath: @autoclosure () -> [any CodingKey],
    reporter: @autoclosure () -> ResilientDecodingErrorReporter?,
    record: (ResilientDecodingErrorReporter) -> ReportedRecord?
  ) -> any Error {
    var path: [any CodingKey]?
    func builtPath() -> [any CodingKey] {
      if let path { return path }
      let built = codingPath()
      path = built
      return built
    }
    let error = plainCodableError(error, decodedPrimitive: decodedPrimitive, at: builtPath())
    guard let reporter = reporter() else { return error }
    ReportScope.report(
      HeldReport(
        reporter: reporter, error: error, codingPath: builtPath(), record: record(reporter)))
    return error
  }

  /// An error that decoding a value threw, as plain `Codable` would see it.
  ///
  /// A decoder may throw errors of its own type for a primitive value (`JSONDecoder` does for a
  /// number that does not fit), which plain `Codable` only sees wrapped in
  /// `DecodingError.dataCorrupted` by the top-level decode. Such an error is wrapped the same
  /// way, at the value's path, when `decodedPrimitive` says no `init(from:)` of the user's ran.
  /// Errors of the user's `init(from:)`, and novel values, are kept.
  static func plainCodableError(
    _ error: any Error, decodedPrimitive: Bool,
    at codingPath: @autoclosure () -> [any CodingKey]
  ) -> any Error {
    // Comparing the error's type costs a pointer comparison, where a cast costs a dynamic
    // cast, on every failed value.
    let errorType = type(of: error)
    guard decodedPrimitive, errorType != DecodingError.self,
      errorType != UnknownNovelValueError.self
    else {
      return error
    }
    return DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: codingPath(), debugDescription: "\(error)", underlyingError: error))
  }
}

extension KeyedDecodingContainer {
  /// Reports that the value under `key` failed with `error` (see
  /// `Failures.report(_:decodedPrimitive:at:)`), and returns the error as reported: the
  /// entrance of the optionals, defaults and fallbacks that clients inline.
  ///
  /// Out of line, so that a property that decodes carries none of this code.
  @usableFromInline
  internal func _reportFailure(_ error: any Error, forKey key: Key, decodedPrimitive: Bool)
    -> any Error
  {
    // While no reporter exists, the value needs no site to find one through.
    guard ResilientDecodingErrorReporter.anyExists else {
      return Failures.plainCodableError(
        error, decodedPrimitive: decodedPrimitive, at: codingPath + [key])
    }
    return Failures.report(error, decodedPrimitive: decodedPrimitive, forKey: key, in: self)
  }
}
