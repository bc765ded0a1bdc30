// swift-tools-version:6.1
import PackageDescription

// The benchmarks live in their own package so that the library's manifest stays free of
// dependencies. `..` is the library; ordo-one/benchmark drives the harness benchmarks and its
// malloc interposer counts allocations for `resilient-compare`, the self-timed comparison that
// `compare.sh` runs.
let package = Package(
  name: "ResilientDecodingBenchmarks",
  platforms: [
    .macOS(.v13)
  ],
  dependencies: [
    .package(name: "ResilientDecoding", path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1",
      traits: ["MallocInterposer"]),
    // Already a dependency of the harness; named here so that `resilient-compare` can count
    // allocations without linking the whole harness.
    .package(url: "https://github.com/ordo-one/malloc-interposer.git", from: "1.6.1"),
  ],
  targets: [
    .target(
      name: "BenchmarkWorkloads",
      dependencies: [
        .product(name: "ResilientDecoding", package: "ResilientDecoding")
      ]
    ),
    .executableTarget(
      name: "resilient-compare",
      dependencies: [
        "BenchmarkWorkloads",
        .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
      ],
      path: "Sources/ResilientCompare"
    ),
    .executableTarget(
      name: "resilient-build-cost",
      path: "Sources/BuildCost"
    ),
    .executableTarget(
      name: "resilient-cold-start",
      path: "Sources/ColdStart"
    ),
    .executableTarget(
      name: "ResilientDecodingBenchmarks",
      dependencies: [
        "BenchmarkWorkloads",
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/ResilientDecodingBenchmarks",
      plugins: [
        .plugin(name: "BenchmarkPlugin", package: "benchmark")
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
