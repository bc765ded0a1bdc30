// How a failed value reaches its reporter: through the decoder of the value, whatever the
// decoder implements beyond the protocols' requirements. DocC: "Using Other Decoders".

extension KeyedDecodingContainer {
  /// Finds the reporter of the value under `key` through a decoder the container makes for a
  /// value, never trusting a super-decoder with a path: the value's own decoder, else (the key
  /// is missing) the first other key's that decodes, which shares its `userInfo`. The value's
  /// own is asked for without asking first whether the key is there: a failed value almost
  /// always has its key, and asking costs a decoder a lookup. Only a missing key with none of
  /// its type's other keys there asks for a super-decoder, which some decoders refuse (Yams)
  /// or do not implement (TOMLKit traps). While no reporter exists, none of this runs.
  func findReporter(forKey key: Key) -> ResilientDecodingErrorReporter? {
    guard ReporterCensus.all.isPositive else { return nil }
    if let probe = try? decode(ReporterProbe.self, forKey: key) {
      return probe.reporter
    }
    for other in allKeys where other.stringValue != key.stringValue {
      if let probe = try? decode(ReporterProbe.self, forKey: other) {
        return probe.reporter
      }
    }
    return (try? superDecoder(forKey: key))?.resilientDecodingErrorReporter
  }
}

extension Decoder {
  /// The reporter registered in this decoder's `userInfo`, if any.
  var resilientDecodingErrorReporter: ResilientDecodingErrorReporter? {
    guard ReporterCensus.all.isPositive else { return nil }
    return userInfo[.resilientDecodingErrorReporter] as? ResilientDecodingErrorReporter
  }
}

/// A value decoded only to read its decoder's `userInfo`: it reads nothing and never fails.
struct ReporterProbe: Decodable {
  let reporter: ResilientDecodingErrorReporter?

  init(from decoder: any Decoder) {
    reporter = decoder.resilientDecodingErrorReporter
  }
}
