import Foundation
import ResilientDecoding

// Workloads decoded on several threads at once: whether `@Resilient` scales with the threads
// as plain `Codable` does (it shares nothing between decodes that plain `Codable` does not).

extension Workload {
  /// `threads.clean`, `threads.dirty` and `threads.identified`.
  static func threadBuilders(scale: WorkloadScale) -> [(name: String, build: () -> Workload)] {
    let items = scale.threadItems
    func clean() -> Data {
      DataGenerator.itemArray(count: items, invalidPercent: 0, seed: 11)
    }
    return [
      (
        "threads.clean",
        {
          threads(
            "threads.clean", scale: scale, data: clean(),
            plain: { try $0.decode(PlainItems.self, from: $1).items })
        }
      ),
      (
        "threads.dirty",
        {
          // 10% of the items invalid; the plain side recovers as an app does without the
          // library, with `Lossy` (as array.dirty's plain side).
          threads(
            "threads.dirty", scale: scale,
            data: DataGenerator.itemArray(count: items, invalidPercent: 10, seed: 12),
            plain: { try $0.decode(LossyItems.self, from: $1).items.compactMap(\.value) })
        }
      ),
      (
        "threads.identified",
        {
          // As threads.clean, while a reporter with identifying keys is alive in the process;
          // no decode uses it.
          var workload = threads(
            "threads.identified", scale: scale, data: clean(),
            plain: { try $0.decode(PlainItems.self, from: $1).items })
          workload.environment = { ResilientDecodingErrorReporter(identifyingKeys: ["id"]) }
          return workload
        }
      ),
    ]
  }

  /// A threads workload: `data`, an array of items, decoded as `@Resilient var items: [Item]`
  /// and by `plain`, once by each side (for the check and the single-thread figures) or on
  /// each thread in a loop, each thread with a copy of `data` and a decoder of its own.
  private static func threads(
    _ name: String, scale: WorkloadScale, data: Data,
    plain: @escaping @Sendable (JSONDecoder, Data) throws -> [Item]
  ) -> Workload {
    let resilient: @Sendable (JSONDecoder, Data) throws -> [Item] = {
      try $0.decode(ResilientItems.self, from: $1).items
    }
    var workload = make(
      name, category: .threads, count: scale.threadItems, data: data, plain: plain,
      resilient: resilient, comparing: { $0 }, { $0 })
    func perThread(
      _ decode: @escaping @Sendable (JSONDecoder, Data) throws -> [Item]
    ) -> @Sendable () -> @Sendable () -> Void {
      {
        // Storage of its own, not shared with any other thread's document.
        let document = Data([UInt8](data))
        let decoder = JSONDecoder()
        return { blackHole(decodeOrDie(decode, decoder, document, name)) }
      }
    }
    workload.threadSides = ThreadSides(
      documentsPerRun: scale.threadDocuments, plain: perThread(plain),
      resilient: perThread(resilient))
    return workload
  }
}
