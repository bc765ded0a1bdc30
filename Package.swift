// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "ResilientDecoding",
  platforms: [
    .iOS(.v12),
    .macOS(.v10_14),
    .tvOS(.v12),
    .watchOS(.v5),
  ],
  products: [
    .library(name: "ResilientDecoding", targets: ["ResilientDecoding"])
  ],
  targets: [
    .target(name: "ResilientDecoding"),
    .executableTarget(
      name: "resilient-demo",
      dependencies: ["ResilientDecoding"],
      path: "Sources/ResilientDemo",
      resources: [.copy("listings.json")]
    ),
    .testTarget(
      name: "ResilientDecodingTests",
      // The demo too: its output is held by a test.
      dependencies: ["ResilientDecoding", "resilient-demo"],
      exclude: ["Documentation/DemoOutput"]
    ),
    // A client in the Swift 5 language mode: the wrappers work the same there.
    .testTarget(
      name: "ResilientDecodingSwift5Tests",
      dependencies: ["ResilientDecoding"],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
  ],
  swiftLanguageModes: [.v6]
)
