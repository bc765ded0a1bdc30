#if DEBUG
  extension Resilient {
    /// What a `@Resilient` property knows about its own decoding (DEBUG builds only).
    ///
    /// Every property has ``outcome`` and ``error``. Arrays and sets (optional or not) add
    /// `errors` and `results: [Result<Element, Error>]`; dictionaries add `errors` and
    /// `results: [String: Result<Value, Error>]`. Those are looked up dynamically in
    /// ``ResilientDecodingOutcome/ArrayDecodingError`` and
    /// ``ResilientDecodingOutcome/DictionaryDecodingError``.
    @dynamicMemberLookup
    public struct ProjectedValue {
      /// What happened when the property was decoded.
      public let outcome: ResilientDecodingOutcome

      @usableFromInline
      let value: Value

      @usableFromInline
      let elementsInDecodingOrder: DecodingOrder?

      @inlinable
      init(
        outcome: ResilientDecodingOutcome, value: Value, elementsInDecodingOrder: DecodingOrder?
      ) {
        self.outcome = outcome
        self.value = value
        self.elementsInDecodingOrder = elementsInDecodingOrder
      }

      /// The error the property recovered from, or `nil` if there was none.
      ///
      /// A missing key or a `null` is not an error for an optional or a collection. For a
      /// collection whose elements failed one by one, this is the
      /// ``ResilientDecodingOutcome/ArrayDecodingError`` or
      /// ``ResilientDecodingOutcome/DictionaryDecodingError`` holding every result.
      public var error: (any Error)? {
        outcome.error
      }
    }
  }

  // MARK: Arrays and sets

  extension Resilient.ProjectedValue {
    /// `results` and `errors` of an array property.
    public subscript<Element, Property>(
      dynamicMember keyPath: KeyPath<ResilientDecodingOutcome.ArrayDecodingError<Element>, Property>
    ) -> Property where Value == [Element] {
      arrayDecodingError(elements: value)[keyPath: keyPath]
    }

    /// `results` and `errors` of an optional array property.
    public subscript<Element, Property>(
      dynamicMember keyPath: KeyPath<ResilientDecodingOutcome.ArrayDecodingError<Element>, Property>
    ) -> Property where Value == [Element]? {
      arrayDecodingError(elements: value ?? [])[keyPath: keyPath]
    }

    /// `results` and `errors` of a set property, in the order the elements were decoded.
    public subscript<Element, Property>(
      dynamicMember keyPath: KeyPath<ResilientDecodingOutcome.ArrayDecodingError<Element>, Property>
    ) -> Property where Value == Set<Element> {
      arrayDecodingError(elements: decodingOrder(of: value))[keyPath: keyPath]
    }

    /// `results` and `errors` of an optional set property, in the order the elements were
    /// decoded.
    public subscript<Element, Property>(
      dynamicMember keyPath: KeyPath<ResilientDecodingOutcome.ArrayDecodingError<Element>, Property>
    ) -> Property where Value == Set<Element>? {
      arrayDecodingError(elements: value.map(decodingOrder(of:)) ?? [])[keyPath: keyPath]
    }

    /// The elements of a set in the order they were decoded, when that was recorded.
    private func decodingOrder<Element>(of set: Set<Element>) -> [Element] {
      (elementsInDecodingOrder?.elements as? [Element]) ?? Array(set)
    }

    /// The element results: every element succeeded when decoding did, the recorded results
    /// when some failed, and a single failure when the whole value was unusable.
    private func arrayDecodingError<Element>(
      elements: @autoclosure () -> [Element]
    ) -> ResilientDecodingOutcome.ArrayDecodingError<Element> {
      switch outcome {
      case .decodedSuccessfully:
        return .init(elements: elements(), failures: [])
      case .keyNotFound, .valueWasNil:
        return .init(results: [])
      case .recoveredFrom(let error as ResilientDecodingOutcome.ArrayDecodingError<Element>, _):
        return error
      case .recoveredFrom(let error, _):
        return .init(results: [.failure(error)])
      }
    }
  }

  // MARK: Dictionaries

  extension Resilient.ProjectedValue {
    /// `results` and `errors` of a dictionary property.
    public subscript<Key, DictionaryValue, Property>(
      dynamicMember keyPath: KeyPath<
        ResilientDecodingOutcome.DictionaryDecodingError<DictionaryValue>, Property
      >
    ) -> Property where Value == [Key: DictionaryValue] {
      dictionaryDecodingError(entries: value)[keyPath: keyPath]
    }

    /// `results` and `errors` of an optional dictionary property.
    public subscript<Key, DictionaryValue, Property>(
      dynamicMember keyPath: KeyPath<
        ResilientDecodingOutcome.DictionaryDecodingError<DictionaryValue>, Property
      >
    ) -> Property where Value == [Key: DictionaryValue]? {
      dictionaryDecodingError(entries: value ?? [:])[keyPath: keyPath]
    }

    /// The entry results, keyed by each key as written in the data.
    private func dictionaryDecodingError<Key, DictionaryValue>(
      entries: @autoclosure () -> [Key: DictionaryValue]
    ) -> ResilientDecodingOutcome.DictionaryDecodingError<DictionaryValue> {
      switch outcome {
      case .decodedSuccessfully:
        if let asWritten = elementsInDecodingOrder?.elements as? [String: DictionaryValue] {
          return .init(results: asWritten.mapValues { .success($0) })
        }
        var results: [String: Result<DictionaryValue, any Error>] = [:]
        for (key, value) in entries() {
          results[DictionaryKeyDescription.string(for: key)] = .success(value)
        }
        return .init(results: results)
      case .keyNotFound, .valueWasNil:
        return .init(results: [:])
      case .recoveredFrom(
        let error as ResilientDecodingOutcome.DictionaryDecodingError<DictionaryValue>, _):
        return error
      case .recoveredFrom(let error, _):
        return .init(wholeValueError: error)
      }
    }
  }

  // MARK: Keys as written

  /// The string form of a dictionary key as written in the data, for `results`.
  enum DictionaryKeyDescription {
    static func string<Key>(for key: Key) -> String {
      if let string = key as? String { return string }
      if #available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *),
        let representable = key as? any CodingKeyRepresentable
      {
        return representable.codingKey.stringValue
      }
      return "\(key)"
    }
  }
#endif
