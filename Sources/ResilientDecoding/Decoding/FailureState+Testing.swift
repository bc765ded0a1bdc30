// What tests observe of a thread's failure-time state that no decode shows: how much the holds
// keep while a decode runs. A hook for tests only, behind `@_spi(Testing)`.

/// Readings of the calling thread's failure-time state, for tests.
@_spi(Testing)
public enum FailureStateReadings {
  /// How many reports of `reporter` the holds open on this thread keep in full, all told: what
  /// a document that fails everywhere makes them keep, which the reporter's maximum bounds.
  public static func reportsKeptInFull(for reporter: ResilientDecodingErrorReporter) -> Int {
    FailureState.existing.map { Holds.keptCount(of: reporter, in: $0) } ?? 0
  }
}
