import Foundation

// The plain twins of the generated types: the same fields without `@Resilient`, decoded by
// the code `Codable` synthesises, and written in the same canonical form. What a twin decodes
// to is the bar the rule "never worse than plain `Codable`" sets for the resilient type.

/// The raw values of ``Mood`` and ``FrozenMood`` as a plain enum.
enum PlainMood: String, Decodable, CanonicalRepresentable {
  case happy, sad, unknown

  var canonical: CanonicalValue { .string(rawValue) }
}

/// ``GenFlavor`` as a plain enum, also a dictionary key.
enum PlainFlavor: String, Decodable, CodingKeyRepresentable, CanonicalRepresentable,
  CanonicalKey
{
  case vanilla, chocolate, choc
  case creme = "crème brûlée"

  var canonical: CanonicalValue { .string(rawValue) }
  var canonicalKey: String { rawValue }
}

/// ``GenSize`` as a plain enum.
enum PlainSize: Int, Decodable, CanonicalRepresentable {
  case small = 1
  case medium = 2
  case large = 3
  case huge = 10

  var canonical: CanonicalValue { .int(rawValue) }
}

/// The plain twin of ``GenItem``.
struct PlainItem: Decodable, CanonicalRepresentable {
  let id: Int
  let price: Double?
  let tags: [String]
  let flavor: PlainFlavor?
  let name: String

  var canonical: CanonicalValue {
    .map([
      "id": .int(id), "price": price.canonical, "tags": tags.canonical,
      "flavor": flavor.canonical, "name": .string(name),
    ])
  }
}

/// The plain twin of `GenEnvelope<[Int]?>`.
struct PlainEnvelope: Decodable, CanonicalRepresentable {
  let payload: [Int]?

  var canonical: CanonicalValue { .map(["payload": payload.canonical]) }
}

/// The plain twin of `GenBox<Attachment>`.
struct PlainBox: Decodable, CanonicalRepresentable {
  let content: Attachment

  var canonical: CanonicalValue { .map(["content": content.canonical]) }
}

/// The plain twin of ``GeneratedModel``: the same fields, in the same order. ``Theme`` and
/// ``Attachment`` are their own twins: `ResilientDecodable` changes nothing outside `@Resilient`
/// properties (DocC: "Choosing a Property Kind").
struct PlainGeneratedModel: Decodable, CanonicalRepresentable {
  let count: Int?
  let title: String?
  let ratio: Double?
  let flag: Bool?
  let mood: PlainMood
  let frozenMood: PlainMood
  let accent: PlainMood?
  let flavor: PlainFlavor?
  let size: PlainSize?
  let numbers: [Int]
  let words: [String]?
  let flavors: [PlainFlavor]
  let sizes: [PlainSize]?
  let scores: [String: Int]
  let maybeScores: [String: Int?]
  let maybeCounts: [String: Int?]?
  let notes: [String: String]?
  let moodsByName: [String: PlainMood]
  let frozenMoodsByName: [String: PlainMood]?
  let tags: Set<String>
  let codes: Set<Int>?
  let flavorSet: Set<PlainFlavor>
  let sizeSet: Set<PlainSize>?
  let namesById: [Int: String]
  let sizesById: [Int: PlainSize]?
  let countsByFlavor: [PlainFlavor: Int]?
  let items: [PlainItem]
  let child: PlainItem?
  let itemsByKey: [String: PlainItem]?
  let envelope: PlainEnvelope?
  let theme: Theme
  let sidebar: Theme?
  let cover: Attachment
  let attachments: [Attachment]?
  let attachmentsByKey: [String: Attachment]
  let box: PlainBox?
  let stock: Int
  let isNew: Bool

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
