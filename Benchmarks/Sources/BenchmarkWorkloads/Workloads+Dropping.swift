import Foundation
import ResilientDecoding

// Workloads where every value `@Resilient` reads fails and is dropped: what a payload that is
// all wrong costs against plain `Codable` decoding a twin payload that is all right.

extension Workload {
  /// `nothing.rows` (and `.unreported`), `drop.records` and `drop.records.identified`.
  static func droppingBuilders(scale: WorkloadScale) -> [(name: String, build: () -> Workload)] {
    var builders: [(name: String, build: () -> Workload)] = []
    for reported in [true, false] {
      let name = "nothing.rows" + (reported ? "" : ".unreported")
      builders.append((name, { nothingRows(reported: reported, name: name, scale: scale) }))
    }
    let count = scale.hostileScalars
    builders += [
      (
        "drop.records",
        {
          // A million records, none with the `name` that `Rec` requires: every one is dropped
          // and reported. The twin has every name.
          var workload = make(
            "drop.records", category: .dropping, count: count,
            data: DataGenerator.recs(count: count, whole: false),
            cleanCopy: DataGenerator.recs(count: count, whole: true),
            plain: { try $0.decode(PlainRecs.self, from: $1) },
            resilient: { try decodeReporting(ResilientRecs.self, $0, $1) },
            comparing: { DropSummary.of($0) }, { DropSummary.of($0, identified: false) },
            expecting: count)
          workload.timeLimit = TimeLimit(release: 2.3, debug: nil)
          return workload
        }
      ),
      (
        "drop.records.identified",
        {
          // The same records, with a reporter that names records by "id", against the same
          // decode with a reporter that does not (drop.records' resilient side), interleaved:
          // what naming a dropped record costs.
          let data = DataGenerator.recs(count: count, whole: false)
          var workload = make(
            "drop.records.identified", category: .dropping, count: count,
            sideNames: ("reporter", "identifying reporter"), data: data,
            plain: { try decodeReporting(ResilientRecs.self, $0, $1) },
            resilient: { decoder, data in
              let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
              decoder.userInfo[.resilientDecodingErrorReporter] = reporter
              defer { decoder.userInfo[.resilientDecodingErrorReporter] = nil }
              let value = try decoder.decode(ResilientRecs.self, from: data)
              return WithDigest(value: value, digest: reporter.flushReportedErrors())
            },
            comparing: { DropSummary.of($0, identified: false) },
            { DropSummary.of($0, identified: true) },
            expecting: count)
          workload.timeLimit = TimeLimit(release: 1.5, debug: 1.5)
          return workload
        }
      ),
    ]
    return builders
  }

  /// `nothing.rows`: rows of values none of which decodes, each row `@Resilient` in an array
  /// that is `@Resilient`, with a reporter for the call or none; against the twin, plain
  /// `Codable` decoding the same shape where every value is the integer `1`.
  private static func nothingRows(
    reported: Bool, name: String, scale: WorkloadScale
  ) -> Workload {
    let (rows, length) = (scale.rows, scale.rowLength)
    var workload = make(
      name, category: .dropping, count: rows * length,
      data: DataGenerator.rows(rows, length: length, good: false),
      cleanCopy: DataGenerator.rows(rows, length: length, good: true),
      plain: { try $0.decode(PlainRows.self, from: $1) },
      resilient: { decoder, data in
        let (value, digest) = try decodeMaybeReporting(ResilientRows.self, decoder, data, reported)
        return WithDigest(value: value, digest: digest)
      },
      comparing: { RowsSummary($0) },
      { RowsSummary($0.value, digest: $0.digest, valuesPerRow: length) },
      expecting: RowsSummary(rows: rows, values: rows * length))
    workload.timeLimit = TimeLimit(release: 7.0, debug: nil)
    return workload
  }
}
