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
      /// The elements that decoded, in order.
      @usableFromInline
      let elements: [Element]

      /// The errors of the elements that failed, each with its position among all results, in
      /// the order they were decoded (increasing positions, from every decoder that keeps its
      /// place).
      @usableFromInline
      let failures: [(index: Int, error: any Error)]

      /// One result per element of the input, in order: the decoded value or its error.
      ///
      /// Built on every read, in O(*n*): decoding keeps the elements and the failures apart,
      /// as it found them, and does no work per element for `results`. Keep it in a local when
      /// reading it more than once. A debugger's variables view shows the stored `elements`
      /// and `failures`; printing the error shows `results`.
      public var results: [Result<Element, any Error>] {
        var results: [Result<Element, any Error>] = []
        results.reserveCapacity(elements.count + failures.count)
        var next = elements.startIndex
        for failure in failures {
          // A failure recorded past the end (by a decoder that lost its place) still counts.
          while results.count < failure.index, next < elements.endIndex {
            results.append(.success(elements[next]))
            next += 1
          }
          results.append(.failure(failure.error))
        }
        for element in elements[next...] {
          results.append(.success(element))
        }
        return results
      }

      /// The errors of the elements that failed, in order.
      public var errors: [any Error] {
        failures.map(\.error)
      }

      /// Creates the results of decoding a collection.
      public init(results: [Result<Element, any Error>]) {
        var elements: [Element] = []
        var failures: [(index: Int, error: any Error)] = []
        for (index, result) in results.enumerated() {
          switch result {
          case .success(let element): elements.append(element)
          case .failure(let error): failures.append((index, error))
          }
        }
        self.init(elements: elements, failures: failures)
      }

      /// Creates the results of a collection from the elements that decoded and the errors of
      /// those that failed, each at its position among all results.
      @inlinable
      package init(elements: [Element], failures: [(index: Int, error: any Error)]) {
        self.elements = elements
        self.failures = failures
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

      /// The errors of values that the decoder decoded and then dropped, with their keys as
      /// written, in the order they failed: a key written twice, whose entry ``results`` holds
      /// once.
      @usableFromInline
      let droppedEntryErrors: [(key: String, error: any Error)]

      /// The errors of the entries that failed, ordered by key (the order of the keys' Unicode
      /// scalars); or, when the value as a whole could not be decoded, that one error.
      ///
      /// A key written twice whose values failed twice has both errors here, the one in
      /// ``results`` first.
      public var errors: [any Error] {
        if let wholeValueError { return [wholeValueError] }
        var failures: [(key: String, rank: Int, error: any Error)] = []
        for (key, result) in results {
          if case .failure(let error) = result { failures.append((key, 0, error)) }
        }
        for (offset, dropped) in droppedEntryErrors.enumerated() {
          failures.append((dropped.key, offset + 1, dropped.error))
        }
        return failures.sorted {
          let order = $0.key.comparedInKeyOrder(with: $1.key)
          return order != 0 ? order < 0 : $0.rank < $1.rank
        }.map(\.error)
      }

      /// Creates the results of decoding a dictionary.
      public init(results: [String: Result<Value, any Error>]) {
        self.init(results: results, droppedEntryErrors: [])
      }

      /// Creates the results of decoding a dictionary whose decoder dropped values that
      /// failed.
      @usableFromInline
      init(
        results: [String: Result<Value, any Error>],
        droppedEntryErrors: [(key: String, error: any Error)]
      ) {
        self.results = results
        self.wholeValueError = nil
        self.droppedEntryErrors = droppedEntryErrors
      }

      @usableFromInline
      init(wholeValueError: any Error) {
        self.results = [:]
        self.wholeValueError = wholeValueError
        self.droppedEntryErrors = []
      }
    }
  }

  extension ResilientDecodingOutcome.ArrayDecodingError: CustomReflectable {
    /// Shows ``results`` as they read, not the elements and failures they are built from, so
    /// that printing the error or reflecting on it sees one result per element.
    public var customMirror: Mirror {
      Mirror(self, children: ["results": results], displayStyle: .struct)
    }
  }

  // `Error` requires `Sendable`. The elements, failures and results are immutable once decoding
  // has built them, and they hold values that were just decoded, so sharing them is as safe as
  // sharing the values.
  extension ResilientDecodingOutcome.ArrayDecodingError: @unchecked Sendable {}
  extension ResilientDecodingOutcome.DictionaryDecodingError: @unchecked Sendable {}
#endif
