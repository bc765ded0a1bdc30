// swift-tools-version:6.0
import PackageDescription

// The driver of `Benchmarks/crossings.py`: one program that decodes each failure path's
// document and its clean twin, in a DEBUG build of the library, so that callgrind can count the
// calls between the library's folders. A package of its own, beside the benchmarks, so that
// neither manifest gains a target for it; it depends on the library by path (`../..`).
let package = Package(
  name: "ResilientDecodingCrossings",
  dependencies: [
    .package(name: "ResilientDecoding", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "crossings-driver",
      dependencies: [
        .product(name: "ResilientDecoding", package: "ResilientDecoding")
      ],
      path: "Sources/CrossingsDriver"
    )
  ],
  swiftLanguageModes: [.v6]
)
