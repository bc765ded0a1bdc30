/// A coding key known only by its name: for coding paths written as text, and for encoding
/// trees whose keys are strings.
struct NamedKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }

  init(_ stringValue: String) { self.stringValue = stringValue }
  init(stringValue: String) { self.init(stringValue) }
  init?(intValue: Int) { nil }
}
