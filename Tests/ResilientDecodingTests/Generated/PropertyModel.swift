// The model the property-based tests decode: one `@Resilient` property of every kind the
// library supports, and its canonical form for comparison with the oracle.

import Foundation
import ResilientDecoding

/// A raw-value enum with a fallback that is not frozen: novel values are `UnknownNovelValueError`s.
enum PropColor: String, ResilientRawRepresentable, CaseIterable {
  case red, green, blue, unknown
  static var decodingFallback: PropColor { .unknown }
}

/// A raw-value enum with a fallback that is frozen: novel values are corrupt data.
enum PropShape: String, ResilientRawRepresentable, CaseIterable {
  case circle, square, triangle, other
  static var decodingFallback: PropShape { .other }
  static var isFrozen: Bool { true }
}

/// A raw-value enum without a fallback that is not frozen, also used as a dictionary key.
///
/// `choc` is a prefix of `chocolate`, so that a truncated string can become another case.
enum PropFlavor: String, ResilientRawRepresentable, CaseIterable, CodingKeyRepresentable {
  case vanilla, chocolate, choc
  case creme = "crème brûlée"
}

/// An integer raw-value enum without a fallback that is frozen.
enum PropSize: Int, ResilientRawRepresentable, CaseIterable {
  case small = 1
  case medium = 2
  case large = 3
  case huge = 10
  static var isFrozen: Bool { true }
}

/// A nested type with resilient properties between two required ones: a bad `id` fails it at
/// once, a bad `name` only after its resilient properties have reported their own errors.
struct PropItem: Decodable {
  let id: Int
  @Resilient var price: Double?
  @Resilient var tags: [String]
  @Resilient var flavor: PropFlavor?
  let name: String
}

/// A generic type, whose property goes through the run-time dispatch of `@Resilient`.
struct PropEnvelope<Payload: Decodable>: Decodable {
  @Resilient var payload: Payload
}

/// Every kind of `@Resilient` property, in the order their keys are written.
struct PropModel: Decodable {
  @Resilient var count: Int?
  @Resilient var title: String?
  @Resilient var ratio: Double?
  @Resilient var flag: Bool?
  @Resilient var color: PropColor
  @Resilient var shape: PropShape
  @Resilient var accent: PropColor?
  @Resilient var flavor: PropFlavor?
  @Resilient var size: PropSize?
  @Resilient var numbers: [Int]
  @Resilient var words: [String]?
  @Resilient var flavors: [PropFlavor]
  @Resilient var sizes: [PropSize]?
  @Resilient var scores: [String: Int]
  @Resilient var notes: [String: String]?
  @Resilient var colorsByName: [String: PropColor]
  @Resilient var shapesByName: [String: PropShape]?
  @Resilient var tags: Set<String>
  @Resilient var codes: Set<Int>?
  @Resilient var flavorSet: Set<PropFlavor>
  @Resilient var sizeSet: Set<PropSize>?
  @Resilient var namesById: [Int: String]
  @Resilient var sizesById: [Int: PropSize]?
  @Resilient var countsByFlavor: [PropFlavor: Int]?
  @Resilient var items: [PropItem]
  @Resilient var child: PropItem?
  @Resilient var itemsByKey: [String: PropItem]?
  @Resilient var envelope: PropEnvelope<[Int]?>?
}

// MARK: - Canonical forms

extension PropColor: PropCanonical {
  var propCanonical: PropValue { .string(rawValue) }
}

extension PropShape: PropCanonical {
  var propCanonical: PropValue { .string(rawValue) }
}

extension PropFlavor: PropCanonical, PropCanonicalKey {
  var propCanonical: PropValue { .string(rawValue) }
  var propKey: String { rawValue }
}

extension PropSize: PropCanonical {
  var propCanonical: PropValue { .int(rawValue) }
}

#if DEBUG
  extension PropItem: PropCanonical {
    var propCanonical: PropValue {
      .map([
        "id": .int(id),
        "price": propProperty(price, $price),
        "tags": propProperty(tags, $tags),
        "flavor": propProperty(flavor, $flavor),
        "name": .string(name),
      ])
    }
  }

  extension PropEnvelope: PropCanonical where Payload == [Int]? {
    var propCanonical: PropValue { .map(["payload": propProperty(payload, $payload)]) }
  }

  extension PropModel: PropCanonical {
    var propCanonical: PropValue {
      .map([
        "count": propProperty(count, $count),
        "title": propProperty(title, $title),
        "ratio": propProperty(ratio, $ratio),
        "flag": propProperty(flag, $flag),
        "color": propProperty(color, $color),
        "shape": propProperty(shape, $shape),
        "accent": propProperty(accent, $accent),
        "flavor": propProperty(flavor, $flavor),
        "size": propProperty(size, $size),
        "numbers": propProperty(numbers, $numbers),
        "words": propProperty(words, $words),
        "flavors": propProperty(flavors, $flavors),
        "sizes": propProperty(sizes, $sizes),
        "scores": propProperty(scores, $scores),
        "notes": propProperty(notes, $notes),
        "colorsByName": propProperty(colorsByName, $colorsByName),
        "shapesByName": propProperty(shapesByName, $shapesByName),
        "tags": propProperty(tags, $tags),
        "codes": propProperty(codes, $codes),
        "flavorSet": propProperty(flavorSet, $flavorSet),
        "sizeSet": propProperty(sizeSet, $sizeSet),
        "namesById": propProperty(namesById, $namesById),
        "sizesById": propProperty(sizesById, $sizesById),
        "countsByFlavor": propProperty(countsByFlavor, $countsByFlavor),
        "items": propProperty(items, $items),
        "child": propProperty(child, $child),
        "itemsByKey": propProperty(itemsByKey, $itemsByKey),
        "envelope": propProperty(envelope, $envelope),
      ])
    }
  }
#else
  extension PropItem: PropCanonical {
    var propCanonical: PropValue {
      .map([
        "id": .int(id), "price": price.propCanonical, "tags": tags.propCanonical,
        "flavor": flavor.propCanonical, "name": .string(name),
      ])
    }
  }

  extension PropEnvelope: PropCanonical where Payload == [Int]? {
    var propCanonical: PropValue { .map(["payload": payload.propCanonical]) }
  }

  extension PropModel: PropCanonical {
    var propCanonical: PropValue {
      .map([
        "count": count.propCanonical,
        "title": title.propCanonical,
        "ratio": ratio.propCanonical,
        "flag": flag.propCanonical,
        "color": color.propCanonical,
        "shape": shape.propCanonical,
        "accent": accent.propCanonical,
        "flavor": flavor.propCanonical,
        "size": size.propCanonical,
        "numbers": numbers.propCanonical,
        "words": words.propCanonical,
        "flavors": flavors.propCanonical,
        "sizes": sizes.propCanonical,
        "scores": scores.propCanonical,
        "notes": notes.propCanonical,
        "colorsByName": colorsByName.propCanonical,
        "shapesByName": shapesByName.propCanonical,
        "tags": tags.propCanonical,
        "codes": codes.propCanonical,
        "flavorSet": flavorSet.propCanonical,
        "sizeSet": sizeSet.propCanonical,
        "namesById": namesById.propCanonical,
        "sizesById": sizesById.propCanonical,
        "countsByFlavor": countsByFlavor.propCanonical,
        "items": items.propCanonical,
        "child": child.propCanonical,
        "itemsByKey": itemsByKey.propCanonical,
        "envelope": envelope.propCanonical,
      ])
    }
  }
#endif
