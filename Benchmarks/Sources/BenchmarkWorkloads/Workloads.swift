import Foundation
import ResilientDecoding

/// One benchmark workload: the same in-memory JSON decoded by plain `Codable` (with the
/// recovery an app writes by hand when the data is dirty) and by `@Resilient`, and, for dirty
/// data, by a hand-written floor; for a hostile workload, plain `Codable` decodes a clean copy of
/// it instead, and for a memory workload, `@Resilient` decodes a second document in its place.
public struct Workload: Sendable {
  /// What a workload compares, which decides the limits its ratios are held to.
  public enum Category: Sendable {
    /// Clean data, decoded by both sides; the limit applies to resilient ÷ plain.
    case clean
    /// Dirty data, decoded by every side: the plain side recovers with a wrapper (`Lossy`),
    /// the floor with the least code that can; the limit applies to resilient ÷ floor.
    case dirty
    /// Dirty data decoded by `@Resilient`, against a clean copy of it decoded by plain
    /// `Codable`: what bad data costs compared with the best case, in time and in peak memory.
    case hostile
    /// Two documents that `@Resilient` should decode in the same peak memory, both decoded by
    /// it (the plain side decodes the baseline document); the limit applies to the ratio of
    /// their peaks.
    case memory
    /// A model that contains itself, decoded from a deep chain that fails somewhere, against the
    /// least plain `Codable` needs to decode the same document; the limit applies to resilient
    /// ÷ plain, and catches work that grows faster than the chain.
    case recursive
    /// A real API response read from a file (`payload.*`), clean, decoded into models marked
    /// as an app team marks them and into their plain twins; the limit applies to resilient ÷
    /// plain.
    case payload
    /// One huge value that does not decode, against plain `Codable` reading a document of the
    /// same size in which that value is valid: the limits apply to the time ratio and to the
    /// memory the digest keeps.
    case bigValue
    /// A document in which every value `@Resilient` reads fails and is dropped, against plain
    /// `Codable` decoding a twin document in which every value is good (or, for
    /// `drop.records.identified`, against the same decode with a reporter that does not name
    /// records): the limit applies to the time ratio (`timeLimit`).
    case dropping
    /// Documents decoded on one thread and on several at once, each thread with documents and
    /// a decoder of its own (`threadSides`): the limit applies to how `@Resilient`'s throughput
    /// grows with the threads, compared with how plain `Codable`'s does.
    case threads
  }

  /// A limit on the wall-time ratio of the resilient side to the plain side (whatever each
  /// decodes), checked by `resilient-compare`.
  public struct TimeLimit: Sendable {
    /// The limit of a release build.
    public let release: Double
    /// The limit of a debug build, or `nil` for none there (a ratio to plain `Codable`, whose
    /// decoder is optimised in either build while the library is not).
    public let debug: Double?
  }

  /// How a `threads.*` workload decodes on several threads: each thread decodes
  /// `documentsPerRun` documents of its own in a loop, with a decoder of its own.
  public struct ThreadSides: Sendable {
    /// How many documents one thread decodes in one run.
    public let documentsPerRun: Int
    /// Makes the decode of one thread, plain: its own copy of the document and its own
    /// decoder, decoded once by each call of the closure returned.
    public let plain: @Sendable () -> @Sendable () -> Void
    /// The same, `@Resilient`.
    public let resilient: @Sendable () -> @Sendable () -> Void
  }

  /// A short name, such as `shape.clean`, `shape.dirty` or `shape.hostile`.
  public let name: String

  /// What the plain and resilient sides are called in the output of peak memory: `plain` and
  /// `resilient`, unless both sides are `@Resilient`.
  public let sideNames: (plain: String, resilient: String)

  /// What the workload compares.
  public let category: Category

  /// How many elements (array elements, dictionary entries or records) the document holds.
  public let elementCount: Int

  /// The size of the JSON document in bytes (of the dirty one, for a hostile workload).
  public let byteCount: Int

  /// Decodes the document (or its clean copy) the plain way once.
  public let plain: @Sendable () -> Void

  /// Decodes the document with `@Resilient` once.
  public let resilient: @Sendable () -> Void

  /// Decodes the document once with the least work a hand-written decoder can do to recover
  /// from the same failures (reporting them too, where the resilient side reports); `nil` for
  /// clean and hostile workloads, whose baseline is `plain`.
  public let floor: (@Sendable () -> Void)?

  /// Decodes the document with `@Resilient` once, with no reporter registered: for a hostile
  /// workload, what the reporter's memory is compared with; `nil` otherwise.
  public let resilientUnreported: (@Sendable () -> Void)?

  /// Decodes the document with `@Resilient` once and returns what an app keeps afterwards
  /// (the digest), for the memory that stays behind: big-value workloads only.
  public var resilientKept: (@Sendable () -> Any)? = nil

  /// Decodes the document every way and describes how the results differ, or returns `nil`
  /// when they are the same (so that the sides are known to do the same work).
  public let mismatch: @Sendable () -> String?

  /// The limit on the time ratio, for workloads held to one (`nothing.ints`,
  /// `nothing.records`, the dropping workloads); `nil` otherwise.
  public var timeLimit: TimeLimit? = nil

  /// How the workload decodes on several threads: `threads.*` workloads only.
  public var threadSides: ThreadSides? = nil

  /// Creates what must be alive in the process while the workload is checked and measured
  /// (a reporter with identifying keys, which no decode uses), to be released afterwards;
  /// `nil` for none.
  public var environment: (@Sendable () -> AnyObject)? = nil
}

/// How big the documents are.
public struct WorkloadScale: Sendable {
  /// The number of structs, records or dictionary entries in a document.
  public var structs: Int
  /// The number of integers or enums in a document.
  public var scalars: Int
  /// The number of integers in the document of `ints.hostile`, and of strings before (or
  /// after) the one number of `ints.lastgood`.
  public var hostileScalars: Int
  /// How many levels deep the chains of recursive models are.
  public var chainDepth: Int
  /// How many digits the big number of `bignumber` has.
  public var bigValueDigits: Int
  /// How many rows the documents of `nothing.rows` have.
  public var rows: Int
  /// How many values each row of `nothing.rows` has.
  public var rowLength: Int
  /// How many items the document of a `threads.*` workload has.
  public var threadItems: Int
  /// How many documents a thread of a `threads.*` workload decodes in one run.
  public var threadDocuments: Int

  /// 10 000 structs, records and entries, 100 000 integers and enums, a million integers or
  /// records for the hostile, memory and dropping workloads, 1,000 rows of 1,000 values, chains
  /// 200 levels deep, and documents of 1,000 items for the threads, 50 to a run.
  public static let full = WorkloadScale(
    structs: 10_000, scalars: 100_000, hostileScalars: 1_000_000, chainDepth: 200,
    bigValueDigits: 50_000_000, rows: 1_000, rowLength: 1_000, threadItems: 1_000,
    threadDocuments: 50)
  /// A tenth of `full`, for instruction counts under callgrind, which runs code ~50× slower;
  /// but chains as deep, since their depth is what they measure (they decode in milliseconds),
  /// and rows as long.
  public static let tenth = WorkloadScale(
    structs: 1_000, scalars: 10_000, hostileScalars: 100_000, chainDepth: 200,
    bigValueDigits: 5_000_000, rows: 100, rowLength: 1_000, threadItems: 100,
    threadDocuments: 50)
  /// A hundredth of `full`, for the instruction counts of the memory, big-value and dropping
  /// workloads, whose documents take minutes under callgrind at a tenth.
  public static let hundredth = WorkloadScale(
    structs: 100, scalars: 1_000, hostileScalars: 10_000, chainDepth: 200,
    bigValueDigits: 500_000, rows: 10, rowLength: 1_000, threadItems: 100, threadDocuments: 50)
  /// A few hundred elements, to check quickly that everything builds and runs.
  public static let smoke = WorkloadScale(
    structs: 200, scalars: 2_000, hostileScalars: 2_000, chainDepth: 20,
    bigValueDigits: 50_000, rows: 10, rowLength: 100, threadItems: 20, threadDocuments: 2)
}

extension Workload {
  /// The names of every workload, in the order they are reported, those whose files are
  /// missing here included (see `unavailability(of:)`).
  public static var names: [String] {
    builders(scale: .smoke).map(\.name) + payloadFiles.map(\.name)
  }

  /// The workloads named in `names` (every workload when `nil`), in the order they are
  /// reported, but for those whose files are missing. Only the documents of those workloads
  /// are generated or read. The payload workloads have the same size at every scale.
  public static func all(scale: WorkloadScale, names: Set<String>? = nil) -> [Workload] {
    builders(scale: scale).filter { names?.contains($0.name) ?? true }.map { $0.build() }
      + payloads(names: names)
  }

  private static func builders(
    scale: WorkloadScale
  ) -> [(name: String, build: () -> Workload)] {
    let structs = scale.structs
    let scalars = scale.scalars
    func dirtyItems() -> Data {
      DataGenerator.itemArray(count: structs, invalidPercent: 10, seed: 2)
    }
    func dirtyRecords() -> Data {
      DataGenerator.records(count: structs, dirty: true, seed: 4)
    }
    func dirtyDictionary() -> Data {
      DataGenerator.itemDictionary(count: structs, invalidPercent: 10, seed: 6)
    }
    var builders: [(name: String, build: () -> Workload)] = [
      (
        "array.clean",
        {
          make(
            "array.clean", category: .clean, count: structs,
            data: DataGenerator.itemArray(count: structs, invalidPercent: 0, seed: 1),
            plain: { try $0.decode(PlainItems.self, from: $1).items },
            resilient: { try $0.decode(ResilientItems.self, from: $1).items })
        }
      ),
      (
        "array.clean.identified",
        {
          // As array.clean, with a reporter that names records registered for the decode. It
          // lives for the decode only: a reporter alive while other workloads run would make
          // their failures look for it.
          make(
            "array.clean.identified", category: .clean, count: structs,
            data: DataGenerator.itemArray(count: structs, invalidPercent: 0, seed: 1),
            plain: { try $0.decode(PlainItems.self, from: $1).items },
            resilient: { decoder, data in
              decoder.userInfo[.resilientDecodingErrorReporter] = ResilientDecodingErrorReporter(
                identifyingKeys: ["id"])
              defer { decoder.userInfo[.resilientDecodingErrorReporter] = nil }
              return try decoder.decode(ResilientItems.self, from: data).items
            })
        }
      ),
      (
        "array.dirty",
        {
          make(
            "array.dirty", category: .dirty, count: structs, data: dirtyItems(),
            plain: { try $0.decode(LossyItems.self, from: $1).items.compactMap(\.value) },
            resilient: { try $0.decode(ResilientItems.self, from: $1).items },
            floor: .decoding { try $0.decode(FloorItems.self, from: $1).items })
        }
      ),
      (
        "array.dirty.reporter",
        {
          make(
            "array.dirty.reporter", category: .dirty, count: structs, data: dirtyItems(),
            plain: { try $0.decode(LossyItems.self, from: $1).items.compactMap(\.value) },
            resilient: { try decodeReporting(ResilientItems.self, $0, $1) },
            floor: .decoding(
              { try decodeLogging(FloorItems.self, $0, $1) },
              comparing: { Reported(value: $0.value.items, paths: $0.log.paths) },
              { Reported(value: $0.value.items, digest: $0.digest) }),
            comparing: { $0 }, { $0.value.items })
        }
      ),
      (
        "optionals.clean",
        {
          make(
            "optionals.clean", category: .clean, count: structs,
            data: DataGenerator.records(count: structs, dirty: false, seed: 3),
            plain: { try $0.decode(PlainRecords.self, from: $1).records },
            resilient: { try $0.decode(ResilientRecords.self, from: $1).records },
            comparing: { $0 }, { $0.map(\.unwrapped) })
        }
      ),
      (
        "optionals.dirty",
        {
          make(
            "optionals.dirty", category: .dirty, count: structs, data: dirtyRecords(),
            plain: { try $0.decode(LossyRecords.self, from: $1).records },
            resilient: { try $0.decode(ResilientRecords.self, from: $1).records },
            floor: .decoding(
              { try $0.decode(FloorRecords.self, from: $1).records },
              comparing: { $0.map(\.record) }, { $0.map(\.unwrapped) }),
            comparing: { $0.map(\.unwrapped) }, { $0.map(\.unwrapped) })
        }
      ),
      (
        "optionals.dirty.reporter",
        {
          make(
            "optionals.dirty.reporter", category: .dirty, count: structs, data: dirtyRecords(),
            plain: { try $0.decode(LossyRecords.self, from: $1).records },
            resilient: { try decodeReporting(ResilientRecords.self, $0, $1) },
            floor: .decoding(
              { try decodeLogging(LoggingFloorRecords.self, $0, $1) },
              comparing: {
                Reported(value: $0.value.records.map(\.record), paths: $0.log.paths)
              },
              {
                Reported(value: $0.value.records.map(\.unwrapped), digest: $0.digest)
              }),
            comparing: { $0.map(\.unwrapped) }, { $0.value.records.map(\.unwrapped) })
        }
      ),
      (
        "defaults.clean",
        {
          make(
            "defaults.clean", category: .clean, count: structs,
            data: DataGenerator.records(count: structs, dirty: false, seed: 3),
            plain: { try $0.decode(PlainValueRecords.self, from: $1).records },
            resilient: { try $0.decode(DefaultedRecords.self, from: $1).records },
            comparing: { $0 }, { $0.map(\.values) })
        }
      ),
      (
        "defaults.dirty",
        {
          make(
            "defaults.dirty", category: .dirty, count: structs, data: dirtyRecords(),
            plain: { try $0.decode(LossyRecords.self, from: $1).records },
            resilient: { try $0.decode(DefaultedRecords.self, from: $1).records },
            floor: .decoding(
              { try $0.decode(FloorDefaultedRecords.self, from: $1).records },
              comparing: { $0.map(\.values) }, { $0.map(\.values) }),
            comparing: { $0.map(\.unwrapped.defaulted) }, { $0.map(\.values) })
        }
      ),
      (
        "dictionary.clean",
        {
          make(
            "dictionary.clean", category: .clean, count: structs,
            data: DataGenerator.itemDictionary(count: structs, invalidPercent: 0, seed: 5),
            plain: { try $0.decode(PlainDictionary.self, from: $1).items },
            resilient: { try $0.decode(ResilientDictionary.self, from: $1).items })
        }
      ),
      (
        "dictionary.dirty",
        {
          make(
            "dictionary.dirty", category: .dirty, count: structs, data: dirtyDictionary(),
            plain: {
              try $0.decode(LossyDictionary.self, from: $1).items.compactMapValues(\.value)
            },
            resilient: { try $0.decode(ResilientDictionary.self, from: $1).items },
            floor: .decoding { try $0.decode(FloorDictionary.self, from: $1).items })
        }
      ),
      (
        "dictionary.dirty.reporter",
        {
          make(
            "dictionary.dirty.reporter", category: .dirty, count: structs,
            data: dirtyDictionary(),
            plain: {
              try $0.decode(LossyDictionary.self, from: $1).items.compactMapValues(\.value)
            },
            resilient: { try decodeReporting(ResilientDictionary.self, $0, $1) },
            floor: .decoding(
              { try decodeLogging(LoggingFloorDictionary.self, $0, $1) },
              // A dictionary reports in key order; the floor logs in the decoder's order.
              comparing: { Reported(value: $0.value.items, paths: $0.log.paths.sorted()) },
              {
                Reported(value: $0.value.items, digest: $0.digest)
              }),
            comparing: { $0 }, { $0.value.items })
        }
      ),
      (
        "dictionary.dirty.one",
        {
          make(
            "dictionary.dirty.one", category: .dirty, count: structs,
            data: DataGenerator.itemDictionary(count: structs, invalidEntries: 1, seed: 10),
            plain: {
              try $0.decode(LossyDictionary.self, from: $1).items.compactMapValues(\.value)
            },
            resilient: { try $0.decode(ResilientDictionary.self, from: $1).items },
            floor: .decoding { try $0.decode(FloorDictionary.self, from: $1).items })
        }
      ),
      (
        "ints.clean",
        {
          make(
            "ints.clean", category: .clean, count: scalars,
            data: DataGenerator.integers(count: scalars, seed: 7),
            plain: { try $0.decode(PlainIntegers.self, from: $1).values },
            resilient: { try $0.decode(ResilientIntegers.self, from: $1).values })
        }
      ),
      (
        "enums.clean",
        {
          make(
            "enums.clean", category: .clean, count: scalars,
            data: DataGenerator.kinds(count: scalars, novelPercent: 0, seed: 8),
            plain: { try $0.decode(PlainKinds.self, from: $1).kinds },
            resilient: { try $0.decode(ResilientKinds.self, from: $1).kinds })
        }
      ),
      (
        "enums.dirty",
        {
          make(
            "enums.dirty", category: .dirty, count: scalars,
            data: DataGenerator.kinds(count: scalars, novelPercent: 5, seed: 9),
            plain: { try $0.decode(LossyKinds.self, from: $1).kinds.compactMap(\.value) },
            resilient: { try $0.decode(ResilientKinds.self, from: $1).kinds },
            floor: .decoding { try $0.decode(FloorKinds.self, from: $1).kinds })
        }
      ),
      (
        "ints.hostile",
        {
          // Every element is its own index; in the dirty copy every odd one is "x". Both sides
          // must keep the even indices, and the resilient side must report every odd one.
          let count = scale.hostileScalars
          return make(
            "ints.hostile", category: .hostile, count: count,
            data: DataGenerator.indices(count: count, halfInvalid: true),
            cleanCopy: DataGenerator.indices(count: count, halfInvalid: false),
            plain: { try $0.decode(PlainIntegers.self, from: $1).values },
            resilient: { decoder, data in
              let reported = try decodeReporting(ResilientIntegers.self, decoder, data)
              precondition(reported.digest != nil, "the dirty array reported no error")
              return reported
            },
            unreported: { try $0.decode(ResilientIntegers.self, from: $1) },
            comparing: { values in
              let dropped = values.filter { !$0.isMultiple(of: 2) }
              return HostileSummary(
                kept: values.filter { $0.isMultiple(of: 2) }, droppedCount: dropped.count,
                storedPaths: dropped.prefix(
                  ResilientDecodingErrorReporter.defaultMaximumStoredErrors
                )
                .map { "values[\($0)]" })
            },
            {
              HostileSummary(
                kept: $0.value.values,
                droppedCount: ($0.digest?.entries.count ?? 0) + ($0.digest?.omittedErrorCount ?? 0),
                storedPaths: $0.digest?.entries.map(\.path) ?? [])
            })
        }
      ),
      (
        "ints.lastgood",
        {
          // Strings that do not decode as an Int, then one number; the plain side decodes the
          // same strings after the number. Until its first good element an array holds what it
          // reports, at most as many reports as the reporter stores, counting the rest: waiting
          // costs no more memory than reporting straight away.
          let failures = scale.hostileScalars
          let good = 42
          return make(
            "ints.lastgood", category: .memory, count: failures + 1,
            sideNames: ("good element first", "good element last"),
            data: DataGenerator.lastGood(failures: failures, good: good, goodFirst: false),
            cleanCopy: DataGenerator.lastGood(failures: failures, good: good, goodFirst: true),
            plain: { try decodeReporting(ResilientIntegers.self, $0, $1) },
            resilient: { try decodeReporting(ResilientIntegers.self, $0, $1) },
            comparing: { LastGoodSummary($0, failures: failures, goodIndex: 0) },
            { LastGoodSummary($0, failures: failures, goodIndex: failures) },
            expecting: LastGoodSummary(expectingFailures: failures, good: good))
        }
      ),
    ]
    for failing in DataGenerator.Failing.allCases {
      for reported in [true, false] {
        let name = "nothing.\(failing.rawValue)" + (reported ? "" : ".unreported")
        builders.append(
          (name, { nothingDecodes(failing, reported: reported, name: name, scale: scale) }))
      }
    }
    builders += droppingBuilders(scale: scale)
    builders += [
      (
        "bignumber",
        {
          // A number of 50 million digits where an `Int?` is read: plain `Codable` reads a
          // document of the same size in which that number sits under a key it does not read.
          let digits = scale.bigValueDigits
          var workload = make(
            "bignumber", category: .bigValue, count: 1,
            data: DataGenerator.bigNumber(digits: digits, asFiller: false),
            cleanCopy: DataGenerator.bigNumber(digits: digits, asFiller: true),
            plain: { try $0.decode(PlainBigNumber.self, from: $1).value },
            resilient: { try decodeReporting(ResilientBigNumber.self, $0, $1) },
            comparing: { $0 == 7 ? 1 : -1 },
            { $0.value.value == nil ? $0.digest?.entries.count ?? 0 : -1 }, expecting: 1)
          let decoder = JSONDecoder()
          let data = DataGenerator.bigNumber(digits: digits, asFiller: false)
          workload.resilientKept = {
            (try? decoder.decode(
              ResilientBigNumber.self, from: data, reportResilientDecodingErrors: true))?.1 as Any
          }
          return workload
        }
      ),
      (
        "chain.arrays",
        {
          // A reporter that names records by "id" is registered for the decode only, as in
          // array.clean.identified; no node has one, so the outermost array decodes once more
          // to look for it.
          let depth = scale.chainDepth
          return make(
            "chain.arrays", category: .recursive, count: depth + 1,
            data: DataGenerator.nodeChain(depth: depth),
            plain: { try $0.decode(PlainNode.self, from: $1) },
            resilient: { decoder, data in
              let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
              decoder.userInfo[.resilientDecodingErrorReporter] = reporter
              defer { decoder.userInfo[.resilientDecodingErrorReporter] = nil }
              let node = try decoder.decode(ResilientNode.self, from: data)
              return WithDigest(value: node, digest: reporter.flushReportedErrors())
            },
            comparing: { ChainSummary($0) }, { ChainSummary($0) },
            expecting: ChainSummary(
              names: (0..<depth).map { "n\($0)" } + ["leaf"],
              scores: Array(repeating: nil, count: depth + 1),
              reports: [String(repeating: "children[0].", count: depth) + "score in none"]))
        }
      ),
      (
        "chain.dictionaries",
        {
          let depth = scale.chainDepth
          return make(
            "chain.dictionaries", category: .recursive, count: 2 * depth + 1,
            data: DataGenerator.branchChain(depth: depth),
            plain: { try $0.decode(PlainBranch.self, from: $1) },
            resilient: { try decodeReporting(ResilientBranch.self, $0, $1) },
            comparing: { ChainSummary($0) }, { ChainSummary($0) },
            expecting: ChainSummary(
              names: Array(repeating: "a,b", count: depth) + [""],
              scores: Array(repeating: [nil, 1], count: depth).flatMap { $0 } + [nil],
              reports: [String(repeating: "kids.a.", count: depth) + "score"]))
        }
      ),
      (
        "chain.failing",
        {
          // Every link fails: both sides keep no link. No reporter.
          let depth = scale.chainDepth
          return make(
            "chain.failing", category: .recursive, count: depth + 1,
            data: DataGenerator.linkChain(depth: depth),
            plain: { try $0.decode(PlainChain.self, from: $1).links.compactMap(\.value).count },
            resilient: { try $0.decode(ResilientChain.self, from: $1).links.count },
            comparing: { $0 }, { $0 }, expecting: 0)
        }
      ),
    ]
    builders += threadBuilders(scale: scale)
    return builders
  }

  /// A `nothing.*` workload: `failures` values of the kind `failing` names, none of which
  /// decodes, against the same values after one that decodes; with a reporter for the call, or
  /// none.
  private static func nothingDecodes(
    _ failing: DataGenerator.Failing, reported: Bool, name: String, scale: WorkloadScale
  ) -> Workload {
    let failures = scale.hostileScalars
    let expected = NothingSummary(expectingFailures: reported ? failures : 0)
    func side(kept expectedKept: Int) -> @Sendable (JSONDecoder, Data) throws -> NothingSummary {
      { decoder, data in
        let (kept, digest): (Int, ErrorDigest?)
        switch failing {
        case .ints:
          let (value, found) = try decodeMaybeReporting(
            ResilientIntegers.self, decoder, data, reported)
          (kept, digest) = (value.values.count, found)
        case .records:
          let (value, found) = try decodeMaybeReporting(
            ResilientItems.self, decoder, data, reported)
          (kept, digest) = (value.items.count, found)
        case .dictionary:
          let (value, found) = try decodeMaybeReporting(
            ResilientIntDictionary.self, decoder, data, reported)
          (kept, digest) = (value.values.count, found)
        }
        return NothingSummary(kept: kept, expectedKept: expectedKept, digest: digest)
      }
    }
    var workload = make(
      name, category: .memory, count: failures,
      sideNames: ("one good value first", "nothing decodes"),
      data: DataGenerator.nothingDecodes(failing, failures: failures, goodFirst: false),
      cleanCopy: DataGenerator.nothingDecodes(failing, failures: failures, goodFirst: true),
      plain: side(kept: 1), resilient: side(kept: 0), comparing: { $0 }, { $0 },
      expecting: expected)
    // An array where nothing decodes takes no longer than the same array after one good
    // value, in either build: both documents are decoded by `@Resilient`. (A dictionary
    // decodes entry by entry either way.)
    if failing != .dictionary { workload.timeLimit = TimeLimit(release: 1.5, debug: 1.5) }
    return workload
  }

  /// Decodes with a reporter for this call if `reported`, without one otherwise.
  static func decodeMaybeReporting<Value: Decodable>(
    _ type: Value.Type, _ decoder: JSONDecoder, _ data: Data, _ reported: Bool
  ) throws -> (Value, ErrorDigest?) {
    try decoder.decode(type, from: data, reportResilientDecodingErrors: reported)
  }

  /// Decodes with a reporter for this call, returning the value and what was reported.
  static func decodeReporting<Value: Decodable>(
    _ type: Value.Type, _ decoder: JSONDecoder, _ data: Data
  ) throws -> WithDigest<Value> {
    let (value, digest) = try decoder.decode(type, from: data, reportResilientDecodingErrors: true)
    return WithDigest(value: value, digest: digest)
  }

  /// Decodes with a floor's log registered for this call, returning the value and the log.
  private static func decodeLogging<Value: Decodable>(
    _ type: Value.Type, _ decoder: JSONDecoder, _ data: Data
  ) throws -> WithLog<Value> {
    let log = FloorLog()
    decoder.userInfo[FloorLog.key] = log
    defer { decoder.userInfo[FloorLog.key] = nil }
    return WithLog(value: try decoder.decode(type, from: data), log: log)
  }

  /// A workload whose plain and resilient sides produce the same type.
  private static func make<Output: Equatable & Sendable>(
    _ name: String, category: Category, count: Int, data: Data,
    plain: @escaping @Sendable (JSONDecoder, Data) throws -> Output,
    resilient: @escaping @Sendable (JSONDecoder, Data) throws -> Output,
    floor: FloorSide<Output>? = nil
  ) -> Workload {
    make(
      name, category: category, count: count, data: data, plain: plain, resilient: resilient,
      floor: floor, comparing: { $0 }, { $0 })
  }

  /// A workload whose plain and resilient sides are compared through `summarisePlain` and
  /// `summariseResilient` (and, when `expected` is given, each with it), and its floor (if any)
  /// through its own comparison; the plain side decodes `cleanCopy` when there is one.
  static func make<
    PlainOutput: Sendable, ResilientOutput: Sendable, Summary: Equatable & Sendable
  >(
    _ name: String, category: Category, count: Int,
    sideNames: (plain: String, resilient: String) = ("plain", "resilient"), data: Data,
    cleanCopy: Data? = nil,
    plain: @escaping @Sendable (JSONDecoder, Data) throws -> PlainOutput,
    resilient: @escaping @Sendable (JSONDecoder, Data) throws -> ResilientOutput,
    floor: FloorSide<ResilientOutput>? = nil,
    unreported: (@Sendable (JSONDecoder, Data) throws -> Any)? = nil,
    comparing summarisePlain: @escaping @Sendable (PlainOutput) -> Summary,
    _ summariseResilient: @escaping @Sendable (ResilientOutput) -> Summary,
    expecting expected: Summary? = nil
  ) -> Workload {
    precondition((floor != nil) == (category == .dirty), "\(name): a floor is for dirty data")
    let plainData = cleanCopy ?? data
    let plainDecoder = JSONDecoder()
    let resilientDecoder = JSONDecoder()
    let floorDecoder = JSONDecoder()
    var measuredFloor: (@Sendable () -> Void)?
    if let floor {
      measuredFloor = { floor.run(floorDecoder, data, name) }
    }
    return Workload(
      name: name, sideNames: sideNames, category: category, elementCount: count,
      byteCount: data.count,
      plain: { blackHole(decodeOrDie(plain, plainDecoder, plainData, name)) },
      resilient: { blackHole(decodeOrDie(resilient, resilientDecoder, data, name)) },
      floor: measuredFloor,
      resilientUnreported: unreported.map { unreported in
        let decoder = JSONDecoder()
        return { blackHole(decodeOrDie(unreported, decoder, data, name)) }
      },
      mismatch: {
        let plainSummary = summarisePlain(decodeOrDie(plain, plainDecoder, plainData, name))
        let resilientOutput = decodeOrDie(resilient, resilientDecoder, data, name)
        let resilientSummary = summariseResilient(resilientOutput)
        if let expected, plainSummary != expected {
          return "\(name): the \(sideNames.plain) side gives \(plainSummary), not \(expected)"
        }
        if let expected, resilientSummary != expected {
          return
            "\(name): the \(sideNames.resilient) side gives \(resilientSummary), not \(expected)"
        }
        if plainSummary != resilientSummary {
          return "\(name): plain and resilient decoding disagree"
        }
        if let floor, floor.disagrees(floorDecoder, data, name, resilientOutput) {
          return "\(name): the floor and resilient decoding disagree"
        }
        return nil
      })
  }
}

/// The hand-written floor of a dirty workload: the decode that is measured, and whether what
/// it decodes agrees with the resilient side.
struct FloorSide<ResilientOutput: Sendable>: Sendable {
  let run: @Sendable (JSONDecoder, Data, String) -> Void
  let disagrees: @Sendable (JSONDecoder, Data, String, ResilientOutput) -> Bool

  /// A floor compared with the resilient side through a summary of each.
  static func decoding<Output: Sendable, Summary: Equatable & Sendable>(
    _ decode: @escaping @Sendable (JSONDecoder, Data) throws -> Output,
    comparing summariseFloor: @escaping @Sendable (Output) -> Summary,
    _ summariseResilient: @escaping @Sendable (ResilientOutput) -> Summary
  ) -> Self {
    FloorSide(
      run: { blackHole(decodeOrDie(decode, $0, $1, $2)) },
      disagrees: { summariseFloor(decodeOrDie(decode, $0, $1, $2)) != summariseResilient($3) })
  }

  /// A floor that decodes to the same type as the resilient side.
  static func decoding(
    _ decode: @escaping @Sendable (JSONDecoder, Data) throws -> ResilientOutput
  ) -> Self where ResilientOutput: Equatable {
    decoding(decode, comparing: { $0 }, { $0 })
  }
}

/// Runs a decode that must not fail: a failure means the workload itself is broken.
@inline(__always)
func decodeOrDie<Output>(
  _ decode: (JSONDecoder, Data) throws -> Output, _ decoder: JSONDecoder, _ data: Data,
  _ name: String
) -> Output {
  do {
    return try decode(decoder, data)
  } catch {
    fatalError("\(name): decoding failed: \(error)")
  }
}

/// Keeps a value alive so that the optimiser cannot drop the work that produced it.
@inline(never)
@_optimize(none)
public func blackHole<T>(_ value: T) {}
