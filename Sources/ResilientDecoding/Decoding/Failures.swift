// The funnel's entrance: "this value failed, here". Every report of a value goes through
// `Failures.report`, which makes the error what plain `Codable` shows, finds the reporter and
// the record, and hands the report to the holds (`Holds.swift`), which keep, drop or record
// it. DocC: "Reporting in Production"; the internals article lists the hops.

/// The entrance of failure handling.
enum Failures {
  /// Reports that a value failed with `error`, and returns the error as reported: a decoder's
  /// own error for a standard library primitive (`decodedPrimitive`: no `init(from:)` of the
  /// user's ran) as plain `Codable` shows it.
  ///
  /// Each part is asked for only when needed: `reporter` first, `codingPath` (which decoders
  /// build in time that grows with the depth) only for a reporter or to wrap the error, at most
  /// once, and `record` only for a reporter, if the error is not a ``RecordedFailure`` that
  /// brought its own.
  static func report(
    _ error: any Error, decodedPrimitive: @autoclosure () -> Bool,
    codingPath: () -> [any CodingKey],
    reporter: () -> ResilientDecodingErrorReporter?,
    record: (ResilientDecodingErrorReporter) -> ReportedRecord?
  ) -> any Error {
    let (thrown, brought) = RecordedFailure.unwrap(error)
    var path: [any CodingKey]?
    func builtPath() -> [any CodingKey] {
      if let path { return path }
      let built = codingPath()
      path = built
      return built
    }
    let error = plainCodableError(thrown, decodedPrimitive: decodedPrimitive(), at: builtPath())
    guard let reporter = reporter() else { return error }
    Holds.route(
      HeldReport(
        reporter: reporter,
        report: .bounded(
          error: error, codingPath: builtPath(), record: brought ?? record(reporter))))
    return error
  }

  /// An error that decoding a value threw, as plain `Codable` would see it.
  ///
  /// A decoder may throw errors of its own type for a primitive value (`JSONDecoder` does for a
  /// number that does not fit), which plain `Codable` only sees wrapped in
  /// `DecodingError.dataCorrupted` by the top-level decode. Such an error is wrapped the same
  /// way, at the value's path, when `decodedPrimitive` says no `init(from:)` of the user's ran:
  /// its description, and the original underneath, unless that description is longer than a
  /// bounded prefix (a value of 50 million digits), which is then all that is kept. Errors of
  /// the user's `init(from:)`, and novel values, are kept as they are.
  static func plainCodableError(
    _ error: any Error, decodedPrimitive: @autoclosure () -> Bool,
    at codingPath: @autoclosure () -> [any CodingKey]
  ) -> any Error {
    // Comparing the error's type costs a pointer comparison, where a cast costs a dynamic
    // cast, on every failed value.
    let errorType = type(of: error)
    guard errorType != DecodingError.self, errorType != UnknownNovelValueError.self,
      decodedPrimitive()
    else {
      return error
    }
    let (description, isWhole) = BoundedText.describing(error)
    return DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: codingPath(), debugDescription: description,
        underlyingError: isWhole ? error : nil))
  }
}
