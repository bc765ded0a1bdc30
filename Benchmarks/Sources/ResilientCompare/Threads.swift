// Throughput on several threads at once: for a `threads.*` workload, documents decoded per
// second by plain `Codable` and by `@Resilient` on each thread count of `--threads`, and how
// each side's throughput grows from the first count to the last (its scaling).

import BenchmarkWorkloads
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The processor time of the whole process so far, every thread's (those that ended too), in
/// nanoseconds.
func processorTime() -> Double {
  var usage = rusage()
  #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)
  #else
    getrusage(RUSAGE_SELF, &usage)
  #endif
  let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
  return (seconds(usage.ru_utime) + seconds(usage.ru_stime)) * 1e9
}

/// Runs `decodes` on as many threads at once, each thread calling its own closure `documents`
/// times, and returns the nanoseconds from the moment every thread is ready to the end of the
/// last one, and the processor time the process took meanwhile.
func runOnThreads(
  _ decodes: [@Sendable () -> Void], documents: Int
) -> (elapsed: Double, processor: Double) {
  let ready = DispatchSemaphore(value: 0)
  let start = DispatchSemaphore(value: 0)
  let done = DispatchGroup()
  for decode in decodes {
    done.enter()
    let thread = Thread {
      ready.signal()
      start.wait()
      for _ in 0..<documents { decode() }
      done.leave()
    }
    thread.start()
  }
  // Threads are started before the clock, so that what is timed is the decoding.
  for _ in decodes { ready.wait() }
  let processorBefore = processorTime()
  let begin = now()
  for _ in decodes { start.signal() }
  done.wait()
  let elapsed = Double(now() - begin)
  return (elapsed, processorTime() - processorBefore)
}

/// Measures the throughput of both sides of a threads workload on each of
/// `options.threadCounts` threads, prints it under the workload's line, and returns the
/// resilient side's scaling ÷ the plain side's (the median of the trials' own ratios).
///
/// Every trial runs each side on each thread count once, in rotating order, so that a burst
/// of load from elsewhere on the machine weighs on all of them alike; a side's scaling is its
/// throughput on the last thread count ÷ on the first, within one trial.
func measureScaling(_ name: String, _ sides: Workload.ThreadSides) -> Double? {
  let counts = options.threadCounts
  let largest = counts.max()!
  // One decode per thread and side, each with its own copy of the document and its decoder,
  // made once and reused by every run.
  let plain = (0..<largest).map { _ in sides.plain() }
  let resilient = (0..<largest).map { _ in sides.resilient() }
  let configurations = counts.flatMap { count in
    [(side: "plain", count: count), (side: "resilient", count: count)]
  }
  // Documents per second, and how many cores were busy on average: the processor time over the
  // wall time. Fewer busy cores than threads means the threads waited, for each other or for
  // a machine that other work kept busy.
  func run(_ configuration: (side: String, count: Int)) -> (throughput: Double, cores: Double) {
    let decodes = configuration.side == "plain" ? plain : resilient
    let (elapsed, processor) = runOnThreads(
      Array(decodes.prefix(configuration.count)), documents: sides.documentsPerRun)
    let documents = Double(configuration.count * sides.documentsPerRun)
    return (documents / (elapsed / 1e9), processor / elapsed)
  }
  for _ in 0..<options.warmups {
    for configuration in configurations { _ = run(configuration) }
  }
  var cores: [String: [Double]] = [:]
  var throughputs: [String: [Double]] = [:]
  var scalings: [String: [Double]] = [:]
  var ratios: [Double] = []
  for trial in 0..<options.trials {
    var trialThroughput: [String: Double] = [:]
    for offset in 0..<configurations.count {
      let configuration = configurations[(trial + offset) % configurations.count]
      let key = "\(configuration.side) \(configuration.count)"
      let measured = run(configuration)
      trialThroughput[key] = measured.throughput
      throughputs[key, default: []].append(measured.throughput)
      cores[key, default: []].append(measured.cores)
    }
    for side in ["plain", "resilient"] {
      scalings[side, default: []].append(
        trialThroughput["\(side) \(counts.last!)"]! / trialThroughput["\(side) \(counts[0])"]!)
    }
    ratios.append(scalings["resilient"]!.last! / scalings["plain"]!.last!)
  }
  let scaling = median(ratios)
  func describe(_ side: String) -> String {
    counts.map { count in
      let key = "\(side) \(count)"
      return "\(count): "
        + String(format: "%.0f (%.2f cores)", median(throughputs[key]!), median(cores[key]!))
    }.joined(separator: ", ") + String(format: ", scaling %.3f", median(scalings[side]!))
  }
  print(
    "  documents/s by thread count, and cores busy (medians of \(options.trials) trials; each "
      + "thread decodes \(sides.documentsPerRun) documents a run): plain \(describe("plain")); "
      + "resilient \(describe("resilient")); scaling resilient ÷ plain "
      + String(format: "%.3f", scaling))
  // On a machine shared with other work, the threads may get fewer cores than there are
  // threads (Linux's autogroup gives each session its share): then both sides are measured on
  // what the machine lent them, and the scaling says little.
  let lent = ["plain", "resilient"].map { median(cores["\($0) \(largest)"]!) }.min()!
  if lent < 0.75 * Double(largest) {
    print(
      "  note: \(largest) threads had "
        + String(format: "%.2f", lent)
        + " cores busy on average; the machine is busy elsewhere, and the scaling measures it")
  }
  if options.verbose {
    print(
      "  scaling resilient ÷ plain per trial: "
        + ratios.map { String(format: "%.3f", $0) }.joined(separator: " "))
  }
  return scaling
}
