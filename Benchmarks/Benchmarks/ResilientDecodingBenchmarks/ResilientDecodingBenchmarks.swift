// The workloads under ordo-one/benchmark: `swift package benchmark` from Benchmarks/ runs each
// side of each workload as its own benchmark (`array.clean plain`, `array.clean resilient`…)
// and reports wall-clock percentiles, instructions (where the kernel exposes them) and
// allocations. `compare.sh` gives the ratios from one process; this gives the distributions.

import Benchmark
import BenchmarkWorkloads

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .cpuTotal, .instructions, .mallocCountTotal, .peakMemoryResident],
    warmupIterations: 3,
    maxDuration: .seconds(2),
    maxIterations: 100
  )
  for workload in Workload.all(scale: .full) {
    // What a workload needs alive while it runs (a reporter with identifying keys) lives for
    // the benchmark's iterations only.
    Benchmark("\(workload.name) plain") { benchmark in
      let environment = workload.environment?()
      for _ in benchmark.scaledIterations { workload.plain() }
      withExtendedLifetime(environment) {}
    }
    Benchmark("\(workload.name) resilient") { benchmark in
      let environment = workload.environment?()
      for _ in benchmark.scaledIterations { workload.resilient() }
      withExtendedLifetime(environment) {}
    }
  }
}
