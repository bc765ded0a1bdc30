// How a failed value reaches the reporter: the reporter found through the decoder of the value,
// and the error reported at the value's own path, through the thread's report scope. Shapes
// only say "this failed here"; everything else is here and in `ReportScope`.

extension ResilientValueSource {
  /// Reports an error at the value's own coding path.
  func report(_ error: any Error) {
    guard let reporter = findReporter() else { return }
    ReportScope.report(
      error, at: codingPath, to: reporter, record: enclosingRecord(for: reporter))
  }
}

extension KeyedDecodingContainer {
  /// Reports that the value under `key` failed with `error`, and returns the error as reported:
  /// a decoder's own error for a standard library primitive (`decodedPrimitive`) as plain
  /// `Codable` shows it (see ``plainCodableError(_:decodedPrimitive:at:)``).
  ///
  /// Out of line, so that a property that decodes carries none of this code.
  @usableFromInline
  func reportFailure(_ error: any Error, forKey key: Key, decodedPrimitive: Bool) -> any Error {
    let error = plainCodableError(error, decodedPrimitive: decodedPrimitive, at: codingPath + [key])
    // While no reporter exists, the value needs no source to find one through.
    if ResilientDecodingErrorReporter.anyExists {
      KeyedValueSource(container: self, key: key).report(error)
    }
    return error
  }
}

extension KeyedValueSource {
  /// Finds the reporter through a decoder the container makes for a value, never trusting a
  /// super-decoder with a path: the value's own decoder when the key is there, else the first
  /// other key's that decodes, which shares its `userInfo`. Only a missing key with none of
  /// its type's other keys there asks for a super-decoder, which some decoders refuse (Yams)
  /// or do not implement (TOMLKit traps). While no reporter exists, none of this runs.
  func findReporter() -> ResilientDecodingErrorReporter? {
    guard ResilientDecodingErrorReporter.anyExists else { return nil }
    if container.contains(key), let probe = try? container.decode(ReporterProbe.self, forKey: key) {
      return probe.reporter
    }
    for other in container.allKeys where other.stringValue != key.stringValue {
      if let probe = try? container.decode(ReporterProbe.self, forKey: other) {
        return probe.reporter
      }
    }
    return (try? container.superDecoder(forKey: key))?.resilientDecodingErrorReporter
  }
}

extension KeyedValueSource {
  /// The record holding the value: the container's, if it has an identifier.
  func enclosingRecord(for reporter: ResilientDecodingErrorReporter) -> ReportedRecord? {
    container.enclosingRecord(for: reporter)
  }
}

extension DecoderSource {
  /// The reporter in the decoder's own `userInfo`.
  func findReporter() -> ResilientDecodingErrorReporter? {
    decoder.resilientDecodingErrorReporter
  }

  /// `nil`: a decoder does not know the record around its value; an element of a `@Resilient`
  /// array around it may name it (see ``IdentifiedElement``).
  func enclosingRecord(for reporter: ResilientDecodingErrorReporter) -> ReportedRecord? {
    nil
  }
}

/// A value decoded only to read its decoder's `userInfo`: it reads nothing and never fails.
struct ReporterProbe: Decodable {
  let reporter: ResilientDecodingErrorReporter?

  init(from decoder: any Decoder) {
    reporter = decoder.resilientDecodingErrorReporter
  }
}
