import Foundation
import ResilientDecoding

// The real-payload workloads: files of the public JSON benchmark set, read from disk, decoded
// into models an app team would write (TwitterModels.swift, CatalogModels.swift) with
// `@Resilient` and as plain `Codable`. The files are not in this repository: they are read
// from `$RESILIENT_BENCHMARK_DATA`, by default `../shared/data` next to the repository's root.
// Where a file is missing (a fresh clone), its workload is skipped, never failed.

extension Workload {
  /// The payload workloads: their names and the file each decodes.
  static let payloadFiles: [(name: String, file: String)] = [
    ("payload.twitter", "twitter.json"),
    ("payload.citm", "citm_catalog.json"),
  ]

  /// Where the payload files are read from: `$RESILIENT_BENCHMARK_DATA`, or `../shared/data`
  /// relative to the repository's root.
  public static var payloadDirectory: URL {
    if let directory = ProcessInfo.processInfo.environment["RESILIENT_BENCHMARK_DATA"],
      !directory.isEmpty
    {
      return URL(fileURLWithPath: directory, isDirectory: true)
    }
    // This file is Benchmarks/Sources/BenchmarkWorkloads/Payloads.swift in the repository.
    var root = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { root.deleteLastPathComponent() }
    return root.deletingLastPathComponent().appendingPathComponent("shared/data", isDirectory: true)
  }

  /// Why the workload `name` cannot run here (its file is missing), in one line; `nil` if it
  /// can, or if it reads no file.
  public static func unavailability(of name: String) -> String? {
    guard let file = payloadFiles.first(where: { $0.name == name })?.file else { return nil }
    let path = payloadDirectory.appendingPathComponent(file).path
    if FileManager.default.isReadableFile(atPath: path) { return nil }
    return "\(name): skipped, \(path) is missing (set RESILIENT_BENCHMARK_DATA to the folder "
      + "that holds \(file))"
  }

  /// The payload workloads named in `names` (all when `nil`) whose files are present.
  static func payloads(names: Set<String>?) -> [Workload] {
    payloadFiles.compactMap { name, file in
      guard names?.contains(name) ?? true, unavailability(of: name) == nil else { return nil }
      let url = payloadDirectory.appendingPathComponent(file)
      guard let data = try? Data(contentsOf: url) else { return nil }
      // Every decode names its model: the decodes are what an app writes, not generic code.
      switch name {
      case "payload.twitter":
        return payload(
          name, data: data,
          plain: { try $0.decode(PlainTwitterFeed.self, from: $1) },
          resilient: { try $0.decode(ResilientTwitterFeed.self, from: $1) },
          reporting: {
            try JSONDecoder().decode(
              ResilientTwitterFeed.self, from: $0, reportResilientDecodingErrors: true
            ).1
          },
          toPlain: \.plain,
          count: { $0.statuses.count + $0.statuses.filter { $0.retweetedStatus != nil }.count })
      default:
        return payload(
          name, data: data,
          plain: { try $0.decode(PlainCatalog.self, from: $1) },
          resilient: { try $0.decode(ResilientCatalog.self, from: $1) },
          reporting: {
            try JSONDecoder().decode(
              ResilientCatalog.self, from: $0, reportResilientDecodingErrors: true
            ).1
          },
          toPlain: \.plain, count: { $0.events.count + $0.performances.count })
      }
    }
  }

  /// A payload workload: `data` decoded by `plain` and by `resilient`, which must give the
  /// same values, and by `reporting` (`resilient` with a reporter), which must report nothing.
  /// Its elements are the records `count` finds (statuses and retweets, events and
  /// performances).
  private static func payload<Plain: Equatable & Sendable, Model: Sendable>(
    _ name: String, data: Data,
    plain: @escaping @Sendable (JSONDecoder, Data) throws -> Plain,
    resilient: @escaping @Sendable (JSONDecoder, Data) throws -> Model,
    reporting: @escaping @Sendable (Data) throws -> ErrorDigest?,
    toPlain: @escaping @Sendable (Model) -> Plain, count: (Plain) -> Int
  ) -> Workload {
    let decoded: Plain
    do {
      decoded = try plain(JSONDecoder(), data)
    } catch {
      fatalError("\(name): plain Codable cannot decode the file: \(error)")
    }
    let workload = make(
      name, category: .payload, count: count(decoded), data: data, plain: plain,
      resilient: resilient, comparing: { $0 }, { toPlain($0) })
    return workload.checking {
      do {
        guard let digest = try reporting(data) else { return nil }
        return "\(name): the resilient side reported \(digest.entries.count) error(s), "
          + "the first at \(digest.entries.first?.path ?? "?")"
      } catch {
        return "\(name): decoding with a reporter failed: \(error)"
      }
    }
  }

  /// The workload, whose `mismatch` also runs `check` when the sides agree.
  func checking(_ check: @escaping @Sendable () -> String?) -> Workload {
    let mismatch = self.mismatch
    return Workload(
      name: name, sideNames: sideNames, category: category, elementCount: elementCount,
      byteCount: byteCount, plain: plain, resilient: resilient, floor: floor,
      resilientUnreported: resilientUnreported, mismatch: { mismatch() ?? check() })
  }
}
