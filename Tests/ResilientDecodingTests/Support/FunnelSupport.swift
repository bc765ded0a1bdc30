import Foundation
import ResilientDecoding

// Reports made through the library's own funnel, as a custom `init(from:)` makes them, for the
// tests of pass control and holds: each named, so that what was held or recorded can be listed.

/// Reports an ``UnknownNovelValueError`` named `name` at `path` to `reporter`, through
/// `Decoder.reportError(_:)`.
func report(_ name: String, at path: [String] = [], to reporter: ResilientDecodingErrorReporter) {
  TreeDecoder(
    .null, codingPath: path.map { NamedKey($0) },
    userInfo: [.resilientDecodingErrorReporter: reporter]
  ).reportError(UnknownNovelValueError(novelValue: name))
}

/// The names of reported errors, in order.
func names(_ errors: [any Error]) -> [String] {
  errors.map { "\(($0 as? UnknownNovelValueError)?.novelValue ?? "?")" }
}

/// The names of what `reporter` recorded since its last flush, which this flushes.
func recorded(by reporter: ResilientDecodingErrorReporter) -> [String] {
  names(reporter.flushReportedErrors()?.errors(includeUnknownNovelValueErrors: true) ?? [])
}

/// Makes the library raise one DEBUG assertion (none in release): a `@Resilient` value with no
/// resilient behaviour.
func raiseLibraryAssertion() {
  _ = try? Resilient<Int>(from: TreeDecoder(1))
}
