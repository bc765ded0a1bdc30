import ResilientDecoding

// Assertions shared by the tests of the shapes of `@Resilient` properties.

#if DEBUG
  /// Checks that a collection property's elements or entries failed one by one (DocC "Inspecting
  /// Errors in DEBUG"): the outcome was recovered from without being reported, since each element's
  /// own error was, and its error is the collection's error holding every result (an
  /// `ArrayDecodingError` or a `DictionaryDecodingError` of `CollectionError`'s type).
  func assertFailedOneByOne<CollectionError: Error>(
    _ outcome: ResilientDecodingOutcome,
    as _: CollectionError.Type,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    assertOutcome(outcome, .recovered(wasReported: false), file: file, line: line)
    if case .recoveredFrom(let error, _) = outcome, !(error is CollectionError) {
      recordFailure("Expected a \(CollectionError.self), got \(error)", file: file, line: line)
    }
  }
#endif
