import Foundation

// The randomness of the generated tests: a seeded generator, the seeds of a run, and how a run
// is changed or one case replayed from the environment.

/// A SplitMix64 generator: tiny, fast, and the same sequence for a seed on every platform.
struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  /// Creates a generator whose whole sequence is determined by `seed`.
  init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `0..<bound`, without modulo bias worth caring about at these sizes.
  mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0, "below(_:) needs a positive bound")
    return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  /// A number in `range`.
  mutating func int(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.upperBound - range.lowerBound + 1)
  }

  /// `true` with probability `probability`.
  mutating func chance(_ probability: Double) -> Bool {
    Double(next() >> 11) / Double(1 << 53) < probability
  }

  /// One element of a non-empty array.
  mutating func pick<Element>(_ elements: [Element]) -> Element {
    elements[below(elements.count)]
  }

  /// The seed of case `index` of a run whose base seed is `base`: every case can be replayed
  /// alone from its own seed.
  static func caseSeed(base: UInt64, index: Int) -> UInt64 {
    var generator = SeededRandom(seed: base ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
    return generator.next()
  }
}

/// The seeds a generated test runs, read from the environment, and how to replay one of them.
///
/// `RESILIENT_SEED=<seed>` replays exactly one case (decimal or `0x` hexadecimal, as printed
/// in failure messages). `RESILIENT_BASE_SEED` explores another series of cases and
/// `RESILIENT_CASES` changes how many run.
struct GeneratedRun {
  let seeds: [UInt64]
  /// The base seed the cases were derived from; `nil` when one case is replayed.
  let base: UInt64?
  /// The `swift test --filter` value that runs the test alone.
  let filter: String

  /// The seeds for the test `filter` selects, which runs `defaultCount` cases from
  /// `defaultBase` unless the environment says otherwise.
  init(filter: String, defaultBase: UInt64, defaultCount: Int) {
    self.filter = filter
    let environment = ProcessInfo.processInfo.environment
    if let replay = environment["RESILIENT_SEED"].flatMap(Self.parseSeed) {
      seeds = [replay]
      base = nil
      return
    }
    let base = environment["RESILIENT_BASE_SEED"].flatMap(Self.parseSeed) ?? defaultBase
    let count = environment["RESILIENT_CASES"].flatMap { Int($0) } ?? defaultCount
    seeds = (0..<count).map { SeededRandom.caseSeed(base: base, index: $0) }
    self.base = base
  }

  /// The command that replays the case of `seed` alone.
  func replayCommand(_ seed: UInt64) -> String {
    "RESILIENT_SEED=\(Self.describe(seed)) swift test --filter \(filter)"
  }

  /// Where the cases came from, for the summary a run prints.
  var origin: String {
    base.map { "base seed \(Self.describe($0))" } ?? "the replayed seed"
  }

  /// Parses a seed written in decimal or as `0x` hexadecimal.
  static func parseSeed(_ text: String) -> UInt64? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.hasPrefix("0x") { return UInt64(trimmed.dropFirst(2), radix: 16) }
    return UInt64(trimmed)
  }

  /// A seed as it is printed in failure messages.
  static func describe(_ seed: UInt64) -> String {
    let hex = String(seed, radix: 16)
    return "0x" + String(repeating: "0", count: 16 - hex.count) + hex
  }
}
