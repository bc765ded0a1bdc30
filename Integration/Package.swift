// swift-tools-version:6.2
import PackageDescription

/// SwiftPM names a path dependency after its directory, which is wherever the repository was
/// cloned: the library is the package one directory up from this one.
let libraryPackage =
  Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init)
  ?? "ResilientDecoding"

// Tests of `@Resilient` through decoders other than Foundation's, in their own package so that
// the library's manifest stays free of dependencies. Each dependency is pinned to the version
// the tests were written against; README.md says what each decoder needs and the limits found.
let package = Package(
  name: "ResilientIntegration",
  platforms: [
    .macOS(.v10_15)
  ],
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
    .package(url: "https://github.com/CoreOffice/XMLCoder", exact: "0.18.2"),
    .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
  ],
  targets: [
    .testTarget(
      name: "IntegrationTests",
      dependencies: [
        .product(name: "ResilientDecoding", package: libraryPackage),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "TOMLKit", package: "TOMLKit"),
        .product(name: "XMLCoder", package: "XMLCoder"),
        .product(name: "Yams", package: "Yams"),
      ],
      // As in CI's builds of the library: a warning in these tests is an error. The packages
      // tested against are built with their warnings suppressed, as SwiftPM does for them.
      swiftSettings: [.treatAllWarnings(as: .error)]
    )
  ],
  swiftLanguageModes: [.v6]
)
