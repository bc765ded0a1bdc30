// resilient-demo: decodes a messy listing feed with ResilientDecoding and shows what survived
// and what was recovered from.
//
//   swift run resilient-demo                 decodes the bundled sample (listings.json)
//   swift run resilient-demo path/to.json    decodes your own feed
//
// Exit status: 0 when the feed decoded, 1 when the input cannot be read or is not a feed,
// 2 for a usage error.

import Foundation

if #available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *) {
  exit(Demo.run(arguments: Array(CommandLine.arguments.dropFirst())))
} else {
  Demo.printError("resilient-demo needs macOS 12.3 or newer: its models use Int-keyed dictionaries")
  exit(1)
}
