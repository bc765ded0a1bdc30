#if DEBUG
  /// What happened when a `@Resilient` property was decoded (DEBUG builds only).
  ///
  /// Read it through the projected value: `$property.outcome`. Release builds do not have this
  /// type, so that a `Resilient` value there costs nothing beyond its wrapped value.
  public enum ResilientDecodingOutcome: Sendable {
    /// The value decoded without any error.
    case decodedSuccessfully
    /// The key was absent; the property holds its "missing" value (`nil`, `[]` or `[:]`).
    case keyNotFound
    /// The key held `null`; the property holds its "missing" value (`nil`, `[]` or `[:]`).
    case valueWasNil
    /// Decoding failed, or partly failed, and the property holds the value recovered to.
    ///
    /// For a collection whose elements failed one by one, the error is an
    /// ``ArrayDecodingError`` or ``DictionaryDecodingError`` and `wasReported` is `false`:
    /// each element's own error was reported instead.
    case recoveredFrom(any Error, wasReported: Bool)
  }

  extension ResilientDecodingOutcome {
    /// The error recovered from, if any.
    @usableFromInline
    var error: (any Error)? {
      switch self {
      case .decodedSuccessfully, .keyNotFound, .valueWasNil:
        return nil
      case .recoveredFrom(let error, _):
        return error
      }
    }
  }

  extension ResilientDecodingOutcome {
    /// The element-by-element results of a resilient array or set whose elements failed to
    /// decode (DEBUG builds only).
    public struct ArrayDecodingError<Element>: Error {
      /// One result per element of the input, in order: the decoded value or its error.
      public let results: [Result<Element, any Error>]

      /// The errors of the elements that failed, in order.
      public var errors: [any Error] {
        results.compactMap { result in
          if case .failure(let error) = result { return error }
          return nil
        }
      }

      /// Creates the results of decoding a collection.
      public init(results: [Result<Element, any Error>]) {
        self.results = results
      }
    }

    /// The entry-by-entry results of a resilient dictionary whose values failed to decode
    /// (DEBUG builds only).
    public struct DictionaryDecodingError<Value>: Error {
      /// One result per entry of the input, by its key as written in the data.
      public let results: [String: Result<Value, any Error>]

      /// The error that made the whole value unusable (for example, a string where an object
      /// was expected), if that is what happened.
      @usableFromInline
      let wholeValueError: (any Error)?

      /// The errors of the entries that failed, ordered by key (the order of the keys' Unicode
      /// scalars); or, when the value as a whole could not be decoded, that one error.
      public var errors: [any Error] {
        if let wholeValueError { return [wholeValueError] }
        return results.sorted { $0.key.precedesInKeyOrder($1.key) }.compactMap { entry in
          if case .failure(let error) = entry.value { return error }
          return nil
        }
      }

      /// Creates the results of decoding a dictionary.
      public init(results: [String: Result<Value, any Error>]) {
        self.results = results
        self.wholeValueError = nil
      }

      @usableFromInline
      init(wholeValueError: any Error) {
        self.results = [:]
        self.wholeValueError = wholeValueError
      }
    }
  }

  // `Error` requires `Sendable`. The results are immutable once decoding has built them, and
  // they hold values that were just decoded, so sharing them is as safe as sharing the values.
  extension ResilientDecodingOutcome.ArrayDecodingError: @unchecked Sendable {}
  extension ResilientDecodingOutcome.DictionaryDecodingError: @unchecked Sendable {}
#endif
