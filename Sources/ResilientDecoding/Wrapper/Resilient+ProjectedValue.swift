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

      let value: Value

      /// The results of a collection that decoded without a failure, if the library decoded it.
      let cleanCollectionResults: (any Error)?

      init(
        outcome: ResilientDecodingOutcome, value: Value, cleanCollectionResults: (any Error)?
      ) {
        self.outcome = outcome
        self.value = value
        self.cleanCollectionResults = cleanCollectionResults
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
      arrayDecodingError(elementsMadeInCode: value)[keyPath: keyPath]
    }

    /// `results` and `errors` of an optional array property.
    public subscript<Element, Property>(
      dynamicMember keyPath: KeyPath<ResilientDecodingOutcome.ArrayDecodingError<Element>, Property>
    ) -> Property where Value == [Element]? {
      arrayDecodingError(elementsMadeInCode: value ?? [])[keyPath: keyPath]
    }

    /// `results` and `errors` of a set property, in the order the elements were decoded.
    public subscript<Element, Property>(
      dynamicMember keyPath: KeyPath<ResilientDecodingOutcome.ArrayDecodingError<Element>, Property>
    ) -> Property where Value == Set<Element> {
      arrayDecodingError(elementsMadeInCode: Array(value))[keyPath: keyPath]
    }

    /// `results` and `errors` of an optional set property, in the order the elements were
    /// decoded.
    public subscript<Element, Property>(
      dynamicMember keyPath: KeyPath<ResilientDecodingOutcome.ArrayDecodingError<Element>, Property>
    ) -> Property where Value == Set<Element>? {
      arrayDecodingError(elementsMadeInCode: value.map { Array($0) } ?? [])[keyPath: keyPath]
    }

    /// The element results: those decoding kept when it decoded the collection, with or
    /// without failures; a single failure when the whole value was unusable; none when it was
    /// missing or `null`. A clean array's are built from its elements, each a success, on the
    /// first read and kept; those of a collection made in code, on every read.
    private func arrayDecodingError<Element>(
      elementsMadeInCode: @autoclosure () -> [Element]
    ) -> ResilientDecodingOutcome.ArrayDecodingError<Element> {
      switch outcome {
      case .decodedSuccessfully:
        if let clean = cleanCollectionResults
          as? ResilientDecodingOutcome.ArrayDecodingError<Element>
        {
          return clean
        }
        if let box = cleanCollectionResults as? CleanArrayResults,
          let clean = box.value({
            ResilientDecodingOutcome.ArrayDecodingError(
              elements: elementsMadeInCode(), failures: [])
          }) as? ResilientDecodingOutcome.ArrayDecodingError<Element>
        {
          return clean
        }
        return .init(elements: elementsMadeInCode(), failures: [])
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
      dictionaryDecodingError(entriesMadeInCode: value)[keyPath: keyPath]
    }

    /// `results` and `errors` of an optional dictionary property.
    public subscript<Key, DictionaryValue, Property>(
      dynamicMember keyPath: KeyPath<
        ResilientDecodingOutcome.DictionaryDecodingError<DictionaryValue>, Property
      >
    ) -> Property where Value == [Key: DictionaryValue]? {
      dictionaryDecodingError(entriesMadeInCode: value ?? [:])[keyPath: keyPath]
    }

    /// The entry results, keyed by each key as written in the data: those decoding kept, or,
    /// for a dictionary made in code, its entries keyed as the data would write their keys.
    private func dictionaryDecodingError<Key, DictionaryValue>(
      entriesMadeInCode: @autoclosure () -> [Key: DictionaryValue]
    ) -> ResilientDecodingOutcome.DictionaryDecodingError<DictionaryValue> {
      switch outcome {
      case .decodedSuccessfully:
        if let clean = cleanCollectionResults
          as? ResilientDecodingOutcome.DictionaryDecodingError<DictionaryValue>
        {
          return clean
        }
        var values: [String: DictionaryValue] = [:]
        for (key, value) in entriesMadeInCode() {
          values[DictionaryKeyDescription.string(for: key)] = value
        }
        return .init(values: values, failures: [:])
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
