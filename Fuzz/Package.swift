// swift-tools-version:6.0
import PackageDescription

/// SwiftPM names a path dependency after its directory, which is wherever the repository was
/// cloned: the library is the package one directory up from this one.
let libraryPackage =
  Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init)
  ?? "ResilientDecoding"

let package = Package(
  name: "ResilientFuzz",
  dependencies: [.package(path: "..")],
  targets: [
    .executableTarget(
      name: "ResilientFuzz",
      dependencies: [.product(name: "ResilientDecoding", package: libraryPackage)],
      // libFuzzer supplies `main`: the target must not have an entry point of its own.
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    )
  ],
  swiftLanguageModes: [.v6]
)
