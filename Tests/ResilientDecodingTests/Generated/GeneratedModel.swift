import Foundation
import ResilientDecoding

// The model the generated tests decode: one `@Resilient` property of every kind the library
// supports, the fields the generator writes for it, and its canonical form.

/// A raw-value enum without a fallback that is not frozen, also used as a dictionary key.
///
/// `choc` is a prefix of `chocolate`, so that a truncated string can become another case.
enum GenFlavor: String, ResilientRawRepresentable, CaseIterable, CodingKeyRepresentable {
  case vanilla, chocolate, choc
  case creme = "crème brûlée"
}

/// An integer raw-value enum without a fallback that is frozen.
enum GenSize: Int, ResilientRawRepresentable, CaseIterable {
  case small = 1
  case medium = 2
  case large = 3
  case huge = 10
  static var isFrozen: Bool { true }
}

/// A nested type with resilient properties between two required ones: a bad `id` fails it at
/// once, a bad `name` only after its resilient properties have reported their own errors.
struct GenItem: Decodable {
  let id: Int
  @Resilient var price: Double?
  @Resilient var tags: [String]
  @Resilient var flavor: GenFlavor?
  let name: String
}

/// A generic type, whose property goes through the run-time dispatch of `@Resilient`.
struct GenEnvelope<Payload: Decodable>: Decodable {
  @Resilient var payload: Payload
}

/// A generic type whose argument is a `ResilientDecodable` type: its property finds the
/// fallback through the run-time dispatch of `@Resilient`.
struct GenBox<Content: Decodable>: Decodable {
  @Resilient var content: Content
}

/// Every kind of `@Resilient` property, in the order their keys are written.
struct GeneratedModel: Decodable {
  @Resilient var count: Int?
  @Resilient var title: String?
  @Resilient var ratio: Double?
  @Resilient var flag: Bool?
  @Resilient var mood: Mood
  @Resilient var frozenMood: FrozenMood
  @Resilient var accent: Mood?
  @Resilient var flavor: GenFlavor?
  @Resilient var size: GenSize?
  @Resilient var numbers: [Int]
  @Resilient var words: [String]?
  @Resilient var flavors: [GenFlavor]
  @Resilient var sizes: [GenSize]?
  @Resilient var scores: [String: Int]
  @Resilient var maybeScores: [String: Int?]
  @Resilient var maybeCounts: [String: Int?]?
  @Resilient var notes: [String: String]?
  @Resilient var moodsByName: [String: Mood]
  @Resilient var frozenMoodsByName: [String: FrozenMood]?
  @Resilient var tags: Set<String>
  @Resilient var codes: Set<Int>?
  @Resilient var flavorSet: Set<GenFlavor>
  @Resilient var sizeSet: Set<GenSize>?
  @Resilient var namesById: [Int: String]
  @Resilient var sizesById: [Int: GenSize]?
  @Resilient var countsByFlavor: [GenFlavor: Int]?
  @Resilient var items: [GenItem]
  @Resilient var child: GenItem?
  @Resilient var itemsByKey: [String: GenItem]?
  @Resilient var envelope: GenEnvelope<[Int]?>?
  @Resilient var theme: Theme
  @Resilient var sidebar: Theme?
  @Resilient var cover: Attachment
  @Resilient var attachments: [Attachment]?
  @Resilient var attachmentsByKey: [String: Attachment]
  @Resilient var box: GenBox<Attachment>?
  @ResilientZero var stock: Int
  @ResilientFalse var isNew: Bool
}

/// The fields the generator writes for ``GeneratedModel``, in declaration order.
let generatedModelFields: [GeneratedField] = [
  GeneratedField("count", .optional(fallback: nil), .int),
  GeneratedField("title", .optional(fallback: nil), .string),
  GeneratedField("ratio", .optional(fallback: nil), .double),
  GeneratedField("flag", .optional(fallback: nil), .bool),
  GeneratedField("mood", .required(fallback: Mood.unknown.canonical), .mood),
  GeneratedField("frozenMood", .required(fallback: FrozenMood.unknown.canonical), .frozenMood),
  GeneratedField("accent", .optional(fallback: Mood.unknown.canonical), .mood),
  GeneratedField("flavor", .optional(fallback: nil), .flavor),
  GeneratedField("size", .optional(fallback: nil), .size),
  GeneratedField("numbers", .array(optional: false), .int),
  GeneratedField("words", .array(optional: true), .string),
  GeneratedField("flavors", .array(optional: false), .flavor),
  GeneratedField("sizes", .array(optional: true), .size),
  GeneratedField("scores", .dictionary(optional: false, keys: .string), .int),
  GeneratedField("maybeScores", .dictionary(optional: false, keys: .string), .optionalInt),
  GeneratedField("maybeCounts", .dictionary(optional: true, keys: .string), .optionalInt),
  GeneratedField("notes", .dictionary(optional: true, keys: .string), .string),
  GeneratedField("moodsByName", .dictionary(optional: false, keys: .string), .mood),
  GeneratedField("frozenMoodsByName", .dictionary(optional: true, keys: .string), .frozenMood),
  GeneratedField("tags", .set(optional: false), .string),
  GeneratedField("codes", .set(optional: true), .int),
  GeneratedField("flavorSet", .set(optional: false), .flavor),
  GeneratedField("sizeSet", .set(optional: true), .size),
  GeneratedField("namesById", .dictionary(optional: false, keys: .int), .string),
  GeneratedField("sizesById", .dictionary(optional: true, keys: .int), .size),
  GeneratedField("countsByFlavor", .dictionary(optional: true, keys: .flavor), .int),
  GeneratedField("items", .array(optional: false), .item),
  GeneratedField("child", .optional(fallback: nil), .item),
  GeneratedField("itemsByKey", .dictionary(optional: true, keys: .string), .item),
  GeneratedField("envelope", .optional(fallback: nil), .envelope),
  GeneratedField("theme", .required(fallback: Theme(accent: "blue").canonical), .theme),
  GeneratedField("sidebar", .optional(fallback: Theme(accent: "blue").canonical), .theme),
  GeneratedField("cover", .required(fallback: Attachment.unsupported.canonical), .attachment),
  GeneratedField("attachments", .array(optional: true), .attachment),
  GeneratedField("attachmentsByKey", .dictionary(optional: false, keys: .string), .attachment),
  GeneratedField("box", .optional(fallback: nil), .box),
  GeneratedField("stock", .defaulted(.int(0)), .int),
  GeneratedField("isNew", .defaulted(.bool(false)), .bool),
]

// MARK: - Canonical forms

extension Mood: CanonicalRepresentable {
  var canonical: CanonicalValue { .string(rawValue) }
}

extension FrozenMood: CanonicalRepresentable {
  var canonical: CanonicalValue { .string(rawValue) }
}

extension GenFlavor: CanonicalRepresentable, CanonicalKey {
  var canonical: CanonicalValue { .string(rawValue) }
  var canonicalKey: String { rawValue }
}

extension GenSize: CanonicalRepresentable {
  var canonical: CanonicalValue { .int(rawValue) }
}

extension Theme: CanonicalRepresentable {
  var canonical: CanonicalValue { .map(["accent": .string(accent)]) }
}

extension Attachment: CanonicalRepresentable {
  /// Each kind as a map from its tag to its member; the fallback as a string.
  var canonical: CanonicalValue {
    switch self {
    case .image(let url): .map(["image": .string(url)])
    case .note(let text): .map(["note": .string(text)])
    case .unsupported: .string("unsupported")
    }
  }
}

// In DEBUG each property is compared with its outcome and results; release builds have only
// the values.
#if DEBUG
  extension GenItem: CanonicalRepresentable {
    var canonical: CanonicalValue {
      .map([
        "id": .int(id),
        "price": observedProperty(price, $price),
        "tags": observedProperty(tags, $tags),
        "flavor": observedProperty(flavor, $flavor),
        "name": .string(name),
      ])
    }
  }

  extension GenEnvelope: CanonicalRepresentable where Payload == [Int]? {
    var canonical: CanonicalValue { .map(["payload": observedProperty(payload, $payload)]) }
  }

  extension GenBox: CanonicalRepresentable where Content == Attachment {
    var canonical: CanonicalValue { .map(["content": observedProperty(content, $content)]) }
  }

  extension GeneratedModel: CanonicalRepresentable {
    var canonical: CanonicalValue {
      .map([
        "count": observedProperty(count, $count),
        "title": observedProperty(title, $title),
        "ratio": observedProperty(ratio, $ratio),
        "flag": observedProperty(flag, $flag),
        "mood": observedProperty(mood, $mood),
        "frozenMood": observedProperty(frozenMood, $frozenMood),
        "accent": observedProperty(accent, $accent),
        "flavor": observedProperty(flavor, $flavor),
        "size": observedProperty(size, $size),
        "numbers": observedProperty(numbers, $numbers),
        "words": observedProperty(words, $words),
        "flavors": observedProperty(flavors, $flavors),
        "sizes": observedProperty(sizes, $sizes),
        "scores": observedProperty(scores, $scores),
        "maybeScores": observedProperty(maybeScores, $maybeScores),
        "maybeCounts": observedProperty(maybeCounts, $maybeCounts),
        "notes": observedProperty(notes, $notes),
        "moodsByName": observedProperty(moodsByName, $moodsByName),
        "frozenMoodsByName": observedProperty(frozenMoodsByName, $frozenMoodsByName),
        "tags": observedProperty(tags, $tags),
        "codes": observedProperty(codes, $codes),
        "flavorSet": observedProperty(flavorSet, $flavorSet),
        "sizeSet": observedProperty(sizeSet, $sizeSet),
        "namesById": observedProperty(namesById, $namesById),
        "sizesById": observedProperty(sizesById, $sizesById),
        "countsByFlavor": observedProperty(countsByFlavor, $countsByFlavor),
        "items": observedProperty(items, $items),
        "child": observedProperty(child, $child),
        "itemsByKey": observedProperty(itemsByKey, $itemsByKey),
        "envelope": observedProperty(envelope, $envelope),
        "theme": observedProperty(theme, $theme),
        "sidebar": observedProperty(sidebar, $sidebar),
        "cover": observedProperty(cover, $cover),
        "attachments": observedProperty(attachments, $attachments),
        "attachmentsByKey": observedProperty(attachmentsByKey, $attachmentsByKey),
        "box": observedProperty(box, $box),
        "stock": observedProperty(stock, $stock),
        "isNew": observedProperty(isNew, $isNew),
      ])
    }
  }
#else
  extension GenItem: CanonicalRepresentable {
    var canonical: CanonicalValue {
      .map([
        "id": .int(id), "price": price.canonical, "tags": tags.canonical,
        "flavor": flavor.canonical, "name": .string(name),
      ])
    }
  }

  extension GenEnvelope: CanonicalRepresentable where Payload == [Int]? {
    var canonical: CanonicalValue { .map(["payload": payload.canonical]) }
  }

  extension GenBox: CanonicalRepresentable where Content == Attachment {
    var canonical: CanonicalValue { .map(["content": content.canonical]) }
  }

  extension GeneratedModel: CanonicalRepresentable {
    var canonical: CanonicalValue {
      .map([
        "count": count.canonical,
        "title": title.canonical,
        "ratio": ratio.canonical,
        "flag": flag.canonical,
        "mood": mood.canonical,
        "frozenMood": frozenMood.canonical,
        "accent": accent.canonical,
        "flavor": flavor.canonical,
        "size": size.canonical,
        "numbers": numbers.canonical,
        "words": words.canonical,
        "flavors": flavors.canonical,
        "sizes": sizes.canonical,
        "scores": scores.canonical,
        "maybeScores": maybeScores.canonical,
        "maybeCounts": maybeCounts.canonical,
        "notes": notes.canonical,
        "moodsByName": moodsByName.canonical,
        "frozenMoodsByName": frozenMoodsByName.canonical,
        "tags": tags.canonical,
        "codes": codes.canonical,
        "flavorSet": flavorSet.canonical,
        "sizeSet": sizeSet.canonical,
        "namesById": namesById.canonical,
        "sizesById": sizesById.canonical,
        "countsByFlavor": countsByFlavor.canonical,
        "items": items.canonical,
        "child": child.canonical,
        "itemsByKey": itemsByKey.canonical,
        "envelope": envelope.canonical,
        "theme": theme.canonical,
        "sidebar": sidebar.canonical,
        "cover": cover.canonical,
        "attachments": attachments.canonical,
        "attachmentsByKey": attachmentsByKey.canonical,
        "box": box.canonical,
        "stock": stock.canonical,
        "isNew": isNew.canonical,
      ])
    }
  }
#endif

extension Resilient<[GenItem]> {
  /// A top-level array's canonical form: in DEBUG with its outcome and results, as a property.
  var canonical: CanonicalValue {
    #if DEBUG
      observedProperty(wrappedValue, projectedValue)
    #else
      wrappedValue.canonical
    #endif
  }
}
