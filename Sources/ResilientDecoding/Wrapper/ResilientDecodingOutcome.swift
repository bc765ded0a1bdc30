import Foundation

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
      let elements: [Element]

      /// The errors of the elements that failed, each with its position among all results, in
      /// the order they were decoded (increasing positions, from every decoder that keeps its
      /// place).
      let failures: [(index: Int, error: any Error)]

      /// ``results``, once read.
      private let cache = BuiltWhenRead<[Result<Element, any Error>]>()

      // Decoding keeps the elements and the failures apart, as it found them, and does no work
      // per element for `results`: they are interleaved when first read.
      /// One result per element of the input, in order: the decoded value or its error.
      ///
      /// A debugger's variables view shows the stored `elements` and `failures`; printing the
      /// error shows `results`.
      ///
      /// - Complexity: O(*n*) on the first read, for *n* elements; O(1) on later reads, which
      ///   return the same results.
      public var results: [Result<Element, any Error>] {
        cache.value { Self.interleave(elements, failures) }
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
      /// those that failed, each at its position among all results, as decoding makes them.
      package init(elements: [Element], failures: [(index: Int, error: any Error)]) {
        self.elements = elements
        self.failures = failures
      }

      /// The elements and the failures as one result per element, each failure at its position.
      private static func interleave(
        _ elements: [Element], _ failures: [(index: Int, error: any Error)]
      ) -> [Result<Element, any Error>] {
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
    }

    /// The entry-by-entry results of a resilient dictionary whose values failed to decode
    /// (DEBUG builds only).
    public struct DictionaryDecodingError<Value>: Error {
      /// The values that decoded, by their keys as written in the data.
      let values: [String: Value]

      /// The errors of the entries that failed, by their keys as written.
      let failures: [String: any Error]

      /// The error that made the whole value unusable (for example, a string where an object
      /// was expected), if that is what happened.
      let wholeValueError: (any Error)?

      /// The errors of values that the decoder decoded and then dropped, with their keys as
      /// written, in the order they failed: a key written twice, whose entry ``results`` holds
      /// once.
      let droppedEntryErrors: [(key: String, error: any Error)]

      /// ``results``, once read.
      private let cache = BuiltWhenRead<[String: Result<Value, any Error>]>()

      /// One result per entry of the input, by its key as written in the data.
      ///
      /// - Complexity: O(*n*) on the first read, for *n* entries; O(1) on later reads, which
      ///   return the same results.
      public var results: [String: Result<Value, any Error>] {
        cache.value {
          var results = values.mapValues { Result<Value, any Error>.success($0) }
          for (key, error) in failures { results[key] = .failure(error) }
          return results
        }
      }

      /// The errors of the entries that failed, ordered by key (the order of the keys' Unicode
      /// scalars); or, when the value as a whole could not be decoded, that one error.
      ///
      /// A key written twice whose values failed twice has both errors here, the one in
      /// ``results`` first.
      public var errors: [any Error] {
        if let wholeValueError { return [wholeValueError] }
        var ordered = failures.map { (key: $0.key, rank: 0, error: $0.value) }
        for (offset, dropped) in droppedEntryErrors.enumerated() {
          ordered.append((dropped.key, offset + 1, dropped.error))
        }
        return ordered.sorted {
          let order = $0.key.comparedInKeyOrder(with: $1.key)
          return order != 0 ? order < 0 : $0.rank < $1.rank
        }.map(\.error)
      }

      /// Creates the results of decoding a dictionary.
      public init(results: [String: Result<Value, any Error>]) {
        var values: [String: Value] = [:]
        var failures: [String: any Error] = [:]
        for (key, result) in results {
          switch result {
          case .success(let value): values[key] = value
          case .failure(let error): failures[key] = error
          }
        }
        self.init(values: values, failures: failures)
      }

      /// Creates the results of decoding a dictionary from the values that decoded and the
      /// errors of the entries that failed, by their keys as written, and the errors of values
      /// its decoder dropped.
      init(
        values: [String: Value], failures: [String: any Error],
        droppedEntryErrors: [(key: String, error: any Error)] = []
      ) {
        self.values = values
        self.failures = failures
        self.wholeValueError = nil
        self.droppedEntryErrors = droppedEntryErrors
      }

      /// Creates the result of a dictionary that could not be decoded at all.
      init(wholeValueError: any Error) {
        self.values = [:]
        self.failures = [:]
        self.wholeValueError = wholeValueError
        self.droppedEntryErrors = []
      }
    }
  }

  /// A value built on its first read and kept for the next ones, safely from any thread: the
  /// `results` of a collection (DEBUG builds only).
  class BuiltWhenRead<Value>: @unchecked Sendable {
    // `@unchecked`: `built` is only read and written holding `builtWhenReadLock`.
    private var built: Value?

    /// The value, built with `build` if this is the first read.
    func value(_ build: () -> Value) -> Value {
      builtWhenReadLock.lock()
      if let built {
        builtWhenReadLock.unlock()
        return built
      }
      builtWhenReadLock.unlock()
      // Built without the lock: two first reads at once build it twice, and keep one.
      let value = build()
      builtWhenReadLock.lock()
      defer { builtWhenReadLock.unlock() }
      if let built { return built }
      built = value
      return value
    }
  }

  /// Where the `results` of an array that decoded without a failure are kept once read: they
  /// are built from the array's own elements, so decoding makes only this empty box, whose type
  /// does not depend on the elements' (DEBUG builds only).
  final class CleanArrayResults: BuiltWhenRead<any Error>, Error, @unchecked Sendable {}

  /// The lock of every ``BuiltWhenRead``: reads of DEBUG results are rare and short.
  private let builtWhenReadLock = NSLock()

  extension ResilientDecodingOutcome.ArrayDecodingError: CustomReflectable {
    /// Shows ``results`` as they read, not the elements and failures they are built from, so
    /// that printing the error or reflecting on it sees one result per element.
    public var customMirror: Mirror {
      Mirror(self, children: ["results": results], displayStyle: .struct)
    }
  }

  extension ResilientDecodingOutcome.DictionaryDecodingError: CustomReflectable {
    /// Shows ``results`` as they read, with the whole value's error and the errors of dropped
    /// values when there are any.
    public var customMirror: Mirror {
      var children: [(label: String?, value: Any)] = [("results", results)]
      if wholeValueError != nil { children.append(("wholeValueError", wholeValueError as Any)) }
      if !droppedEntryErrors.isEmpty { children.append(("droppedEntryErrors", droppedEntryErrors)) }
      return Mirror(self, children: children, displayStyle: .struct)
    }
  }

  // `Error` requires `Sendable`. The elements, failures and results are immutable once decoding
  // has built them, and they hold values that were just decoded, so sharing them is as safe as
  // sharing the values.
  extension ResilientDecodingOutcome.ArrayDecodingError: @unchecked Sendable {}
  extension ResilientDecodingOutcome.DictionaryDecodingError: @unchecked Sendable {}
#endif
