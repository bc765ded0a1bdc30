// Times plain `Codable`, the hand-written floor (dirty workloads) and `@Resilient` on every
// workload in one process: interleaved trials, the median wall-clock time of each side, the
// medians of the trials' ratios, and allocations per element counted by the malloc
// interposer; for hostile and memory workloads, also the peak memory of each side
// (PeakMemory.swift); for threads workloads, the throughput on one thread and on several
// (Threads.swift). The limits of clean, dirty and recursive workloads apply to instruction
// counts, which `compare.sh` measures under callgrind with this program's `--callgrind` mode,
// and it counts the locks of repeated decodes with the `--locks` mode; see README.md.

import BenchmarkWorkloads
import Foundation
import MallocInterposerSwift

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The command line.
struct Options {
  var scale = WorkloadScale.full
  var chainDepth: Int?
  var trials = 31
  var warmups = 3
  var only: Set<String> = []
  var hostileLimit = 4.0
  var memoryLimit = 1.5
  var reporterMemoryLimit = 1.25
  var pairMemoryLimit = 1.5
  var memoryRuns = 3
  var bigValueTimeLimit = 10.0
  var bigValueKeptLimit = 20.0
  var scalingLimit = 0.97
  var threadCounts = [1, 2]
  var check = true
  var callgrind = false
  var locks: Int?
  var countAllocations = true
  var verbose = false

  static let usage = """
    usage: resilient-compare [--smoke] [--scale full|tenth|hundredth|smoke] [--trials N]
                             [--warmups N] [--only NAME[,NAME…]] [--chain-depth N]
                             [--hostile-limit R] [--memory-limit R] [--memory-runs N]
                             [--reporter-memory-limit R] [--pair-memory-limit R]
                             [--big-value-time-limit R] [--big-value-kept-limit MB]
                             [--threads N,N…] [--scaling-limit R]
                             [--no-check] [--no-allocations] [--verbose] [--callgrind]
                             [--locks N] [--list] [--categories]
      --threads       thread counts of the threads.* workloads (1,2): the scaling is the
                      throughput at the last count ÷ at the first
      --scaling-limit the least resilient scaling ÷ plain scaling (0.97)
      --callgrind     one decode of each side in rdbenchMeasure{Plain,Floor,Resilient}, for
                      compare.sh to count under callgrind
      --locks N       N decodes of each side in rdbenchLocks{Plain,Resilient}, for compare.sh
                      to count pthread_mutex_lock calls under callgrind
    """

  static func parse(_ arguments: [String]) -> Options {
    var options = Options()
    var rest = arguments[...]
    func value(_ flag: String) -> String {
      guard let value = rest.popFirst() else { fail("\(flag) needs a value\n\(usage)") }
      return value
    }
    func number(_ flag: String) -> Double {
      guard let number = Double(value(flag)) else { fail("\(flag) needs a number\n\(usage)") }
      return number
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--smoke":
        options.scale = .smoke
        options.trials = 3
        options.warmups = 1
        options.check = false
      case "--scale":
        switch value(argument) {
        case "full": options.scale = .full
        case "tenth": options.scale = .tenth
        case "hundredth": options.scale = .hundredth
        case "smoke": options.scale = .smoke
        default: fail("--scale takes full, tenth, hundredth or smoke\n\(usage)")
        }
      case "--chain-depth": options.chainDepth = max(1, Int(number(argument)))
      case "--trials": options.trials = max(1, Int(number(argument)))
      case "--warmups": options.warmups = max(0, Int(number(argument)))
      case "--only": options.only.formUnion(value(argument).split(separator: ",").map(String.init))
      case "--hostile-limit": options.hostileLimit = number(argument)
      case "--memory-limit": options.memoryLimit = number(argument)
      case "--reporter-memory-limit": options.reporterMemoryLimit = number(argument)
      case "--pair-memory-limit": options.pairMemoryLimit = number(argument)
      case "--memory-runs": options.memoryRuns = max(1, Int(number(argument)))
      case "--big-value-time-limit": options.bigValueTimeLimit = number(argument)
      case "--big-value-kept-limit": options.bigValueKeptLimit = number(argument)
      case "--scaling-limit": options.scalingLimit = number(argument)
      case "--threads":
        let counts = value(argument).split(separator: ",").compactMap { Int($0) }
        guard counts.count >= 2, counts.allSatisfy({ $0 > 0 }) else {
          fail("--threads takes two thread counts or more, such as 1,2\n\(usage)")
        }
        options.threadCounts = counts
      case "--locks": options.locks = max(1, Int(number(argument)))
      case "--no-check": options.check = false
      case "--no-allocations": options.countAllocations = false
      case "--verbose": options.verbose = true
      case "--callgrind": options.callgrind = true
      case "--list":
        // The workloads that can run here: not those whose files are missing.
        for name in Workload.names where Workload.unavailability(of: name) == nil { print(name) }
        exit(0)
      case "--categories":
        for workload in Workload.all(scale: .smoke) { print(workload.name, workload.category) }
        exit(0)
      case "--help", "-h":
        print(usage)
        exit(0)
      default: fail("unknown argument \(argument)\n\(usage)")
      }
    }
    if let chainDepth = options.chainDepth { options.scale.chainDepth = chainDepth }
    return options
  }
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(2)
}

/// Monotonic time in nanoseconds.
func now() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let middle = sorted.count / 2
  if sorted.count % 2 == 1 { return sorted[middle] }
  return (sorted[middle - 1] + sorted[middle]) / 2
}

/// Allocations made by one run of `body`.
func allocations(_ body: () -> Void) -> Int {
  MallocInterposerSwift.reset()
  MallocInterposerSwift.hook()
  body()
  MallocInterposerSwift.unhook()
  return MallocInterposerSwift.getStatistics().mallocCount
}

// Entry points for instruction counts: `compare.sh` runs this program with `--callgrind` under
// `valgrind --tool=callgrind --toggle-collect='*rdbenchMeasurePlain*' …`, so that exactly one
// run of each side is counted, after warm-up. Their names must stay unique in the binary.
@inline(never)
func rdbenchMeasurePlain(_ workload: Workload) {
  workload.plain()
}

@inline(never)
func rdbenchMeasureFloor(_ workload: Workload) {
  workload.floor?()
}

@inline(never)
func rdbenchMeasureResilient(_ workload: Workload) {
  workload.resilient()
}

// Entry points for lock counts: `compare.sh` runs this program with `--locks N` under
// `valgrind --tool=callgrind --toggle-collect='*rdbenchLocksPlain*' …` and adds up the calls of
// `pthread_mutex_lock` made within.
@inline(never)
func rdbenchLocksPlain(_ workload: Workload, _ decodes: Int) {
  for _ in 0..<decodes { workload.plain() }
}

@inline(never)
func rdbenchLocksResilient(_ workload: Workload, _ decodes: Int) {
  for _ in 0..<decodes { workload.resilient() }
}

/// Peak memory ratios of a hostile or memory workload.
struct MemoryRatios {
  /// Resilient, with a reporter ÷ plain on the clean copy (hostile); the second document ÷ the
  /// first (memory).
  var byPlain: Double?
  /// Resilient with a reporter ÷ resilient without one.
  var byUnreported: Double?
}

/// Measures the peak memory of each side of `workload` (`options.memoryRuns` runs each, in
/// rotation): plain, resilient with a reporter and, if the workload has it, resilient without
/// one. Prints the medians under the workload's line and returns their ratios; `nil` where
/// peak memory cannot be measured.
func measurePeakMemory(_ workload: Workload) -> MemoryRatios? {
  guard PeakMemory.isAvailable else {
    print("  peak memory: not measured (needs Linux's /proc/self/clear_refs and status)")
    return nil
  }
  var sides: [(name: String, run: @Sendable () -> Void)] = [
    (workload.sideNames.plain, workload.plain),
    (workload.sideNames.resilient, workload.resilient),
  ]
  if let unreported = workload.resilientUnreported {
    sides.append(("resilient without a reporter", unreported))
  }
  var peaks = Array(repeating: [Double](), count: sides.count)
  for run in 0..<options.memoryRuns {
    for offset in 0..<sides.count {
      let side = (offset + run) % sides.count
      guard let bytes = PeakMemory.growth(of: sides[side].run) else {
        print("  peak memory: not measured (/proc/self/status could not be read)")
        return nil
      }
      peaks[side].append(Double(bytes))
    }
  }
  let medians = peaks.map(median)
  let ratio = { (numerator: Double, denominator: Double) in
    denominator > 0 ? numerator / denominator : nil
  }
  let ratios = MemoryRatios(
    byPlain: ratio(medians[1], medians[0]),
    byUnreported: medians.count > 2 ? ratio(medians[1], medians[2]) : nil)
  let megabytes = { (bytes: Double) in String(format: "%.1f", bytes / 1e6) }
  let format = { (ratio: Double?) in ratio.map { String(format: "%.3f", $0) } ?? "n/a" }
  print(
    "  peak memory (MB, medians of \(options.memoryRuns) runs): "
      + zip(sides, medians).map { "\($0.name) \(megabytes($1))" }.joined(separator: ", ")
      + "; \(workload.sideNames.resilient) ÷ \(workload.sideNames.plain) "
      + format(ratios.byPlain)
      + (medians.count > 2 ? ", reporter ÷ no reporter \(format(ratios.byUnreported))" : ""))
  if options.verbose {
    print(
      "  peak memory runs (MB): "
        + zip(sides, peaks).map { "\($0.name) \($1.map(megabytes).joined(separator: " "))" }
        .joined(separator: ", "))
  }
  return ratios
}

let options = Options.parse(Array(CommandLine.arguments.dropFirst()))
let unknown = options.only.subtracting(Workload.names)
if !unknown.isEmpty { fail("unknown workload(s): \(unknown.sorted().joined(separator: ", "))") }
let workloads = Workload.all(scale: options.scale, names: options.only.isEmpty ? nil : options.only)
for name in Workload.names where options.only.isEmpty || options.only.contains(name) {
  if let reason = Workload.unavailability(of: name) { print("# \(reason)") }
}

MallocInterposerSwift.initialize()

if let decodes = options.locks {
  for workload in workloads {
    let environment = workload.environment?()
    for _ in 0..<max(1, options.warmups) {
      workload.plain()
      workload.resilient()
    }
    rdbenchLocksPlain(workload, decodes)
    rdbenchLocksResilient(workload, decodes)
    withExtendedLifetime(environment) {}
    print(workload.name, decodes)
  }
  exit(0)
}

if options.callgrind {
  for workload in workloads {
    let environment = workload.environment?()
    for _ in 0..<max(1, options.warmups) {
      workload.plain()
      workload.floor?()
      workload.resilient()
    }
    rdbenchMeasurePlain(workload)
    rdbenchMeasureFloor(workload)
    rdbenchMeasureResilient(workload)
    withExtendedLifetime(environment) {}
    print(workload.name, workload.elementCount)
  }
  exit(0)
}

#if DEBUG
  let configuration = "debug"
  /// The value of a workload's time limit that applies to this build.
  func applying(_ limit: Workload.TimeLimit) -> Double? { limit.debug }
#else
  let configuration = "release"
  /// The value of a workload's time limit that applies to this build.
  func applying(_ limit: Workload.TimeLimit) -> Double? { limit.release }
#endif
print(
  "# \(configuration) build, \(options.trials) interleaved trials after \(options.warmups) "
    + "warm-up runs (memory, big-value and dropping workloads: \(min(options.trials, 5)) after "
    + "\(min(options.warmups, 1))); times are medians in ms, ratios the medians of per-trial "
    + "ratios")
print(
  "workload".padding(toLength: 25, withPad: " ", startingAt: 0)
    + " plain(ms) floor(ms) resilient(ms) ÷plain ÷floor allocs/elem(plain) "
    + "allocs/elem(floor) allocs/elem(resilient)")

/// One side of a workload: its name in the output, and one decode.
typealias Side = (name: String, decode: @Sendable () -> Void)

var failures: [String] = []
for workload in workloads {
  // What must be alive while the workload is checked and measured, released after it.
  let environment = workload.environment?()
  defer { withExtendedLifetime(environment) {} }
  if let mismatch = workload.mismatch() { fail(mismatch) }
  var sides: [Side] = [("plain", workload.plain), ("resilient", workload.resilient)]
  if let floor = workload.floor { sides.append(("floor", floor)) }
  // A decode of a memory, big-value or dropping workload takes up to seconds: its times come
  // from a few trials after one warm-up run.
  let isMemory = [.memory, .bigValue, .dropping].contains(workload.category)
  for _ in 0..<(isMemory ? min(options.warmups, 1) : options.warmups) {
    for side in sides { side.decode() }
  }
  var times: [String: [Double]] = [:]
  var plainRatios: [Double] = []
  var floorRatios: [Double] = []
  let trials = isMemory ? min(options.trials, 5) : options.trials
  for trial in 0..<trials {
    // A trial times every side back to back, rotating which goes first so that none always
    // runs on a warmer cache. A ratio is the median of the trials' own ratios: a burst of load
    // from elsewhere on the machine slows the sides of a trial alike.
    var elapsed: [String: Double] = [:]
    for offset in 0..<sides.count {
      let side = sides[(trial + offset) % sides.count]
      let start = now()
      side.decode()
      elapsed[side.name] = Double(now() - start)
    }
    for (name, time) in elapsed { times[name, default: []].append(time) }
    plainRatios.append(elapsed["resilient"]! / elapsed["plain"]!)
    if let floor = elapsed["floor"] { floorRatios.append(elapsed["resilient"]! / floor) }
  }
  let milliseconds = { (name: String, width: Int) -> String in
    guard let samples = times[name] else { return String(repeating: " ", count: width - 1) + "-" }
    return String(format: "%\(width).3f", median(samples) / 1e6)
  }
  let plainRatio = median(plainRatios)
  let floorRatio = floorRatios.isEmpty ? nil : median(floorRatios)
  var allocationColumns = "               n/a                n/a                    n/a"
  if options.countAllocations {
    let perElement = { (decode: () -> Void) in
      String(format: "%.2f", Double(allocations(decode)) / Double(workload.elementCount))
    }
    allocationColumns =
      perElement(workload.plain).leftPadded(to: 18) + " "
      + (workload.floor.map(perElement) ?? "-").leftPadded(to: 18) + " "
      + perElement(workload.resilient).leftPadded(to: 22)
  }
  print(
    workload.name.padding(toLength: 25, withPad: " ", startingAt: 0)
      + " \(milliseconds("plain", 9)) \(milliseconds("floor", 9)) \(milliseconds("resilient", 13))"
      + String(format: " %6.3f ", plainRatio)
      + (floorRatio.map { String(format: "%6.3f", $0) } ?? "     -") + " " + allocationColumns)
  if options.verbose {
    // The mean shows what the median hides: occasional slow trials, such as the first attempts
    // at decoding a dictionary of a type that was dirty before.
    let labelled = [("÷plain", plainRatios), ("÷floor", floorRatios)]
    for (label, ratios) in labelled where !ratios.isEmpty {
      let mean = ratios.reduce(0, +) / Double(ratios.count)
      print(
        "  " + label
          + String(format: " mean %.3f, min %.3f, max %.3f", mean, ratios.min()!, ratios.max()!))
    }
  }
  if workload.category == .hostile {
    if plainRatio > options.hostileLimit {
      failures.append(
        "\(workload.name): time ratio " + String(format: "%.3f", plainRatio)
          + " exceeds the hostile limit " + String(format: "%.2f", options.hostileLimit))
    }
    let memory = measurePeakMemory(workload)
    if let byPlain = memory?.byPlain, byPlain > options.memoryLimit {
      failures.append(
        "\(workload.name): peak memory ratio " + String(format: "%.3f", byPlain)
          + " exceeds the memory limit " + String(format: "%.2f", options.memoryLimit))
    }
    if let byUnreported = memory?.byUnreported, byUnreported > options.reporterMemoryLimit {
      failures.append(
        "\(workload.name): peak memory with a reporter ÷ without one "
          + String(format: "%.3f", byUnreported) + " exceeds the limit "
          + String(format: "%.2f", options.reporterMemoryLimit))
    }
  }
  if workload.category == .bigValue {
    if plainRatio > options.bigValueTimeLimit {
      failures.append(
        "\(workload.name): time ratio " + String(format: "%.3f", plainRatio)
          + " exceeds the big-value limit " + String(format: "%.2f", options.bigValueTimeLimit))
    }
    if let keep = workload.resilientKept, let bytes = PeakMemory.retained(by: keep) {
      let megabytes = Double(bytes) / 1e6
      print("  kept after the decode (MB): " + String(format: "%.1f", megabytes))
      if megabytes > options.bigValueKeptLimit {
        failures.append(
          "\(workload.name): the digest keeps " + String(format: "%.1f MB", megabytes)
            + ", over the limit of " + String(format: "%.0f MB", options.bigValueKeptLimit))
      }
    }
  }
  if let limit = workload.timeLimit {
    if let value = applying(limit) {
      if plainRatio > value {
        failures.append(
          "\(workload.name): time \(workload.sideNames.resilient) ÷ \(workload.sideNames.plain) "
            + String(format: "%.3f", plainRatio) + " exceeds the limit "
            + String(format: "%.2f", value))
      }
    } else {
      print("  time ratio: no limit in a debug build")
    }
  }
  if let sides = workload.threadSides, let scaling = measureScaling(workload.name, sides),
    scaling < options.scalingLimit
  {
    failures.append(
      "\(workload.name): resilient scaling ÷ plain scaling " + String(format: "%.3f", scaling)
        + " is under the limit " + String(format: "%.2f", options.scalingLimit))
  }
  if workload.category == .memory, let ratio = measurePeakMemory(workload)?.byPlain,
    ratio > options.pairMemoryLimit
  {
    failures.append(
      "\(workload.name): peak memory \(workload.sideNames.resilient) ÷ "
        + "\(workload.sideNames.plain) " + String(format: "%.3f", ratio) + " exceeds the limit "
        + String(format: "%.2f", options.pairMemoryLimit))
  }
}

if options.check {
  if failures.isEmpty {
    print(
      String(
        format: "# hostile ratios within limits (time <= %.2f, peak memory <= %.2f, with a "
          + "reporter <= %.2f of without); memory workloads' peaks <= %.2f of their baseline's; "
          + "big values: time <= %.2f of plain's, kept <= %.0f MB; time ratios within each "
          + "workload's limit; threads: resilient scaling >= %.2f of plain's; clean, dirty, "
          + "recursive and payload limits apply to instruction counts (compare.sh)",
        options.hostileLimit, options.memoryLimit, options.reporterMemoryLimit,
        options.pairMemoryLimit, options.bigValueTimeLimit, options.bigValueKeptLimit,
        options.scalingLimit))
  } else {
    for failure in failures { print("# FAIL \(failure)") }
    exit(1)
  }
}

extension String {
  /// The string with spaces before it, to `width` characters.
  func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}
