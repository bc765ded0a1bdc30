import Foundation

// resilient-cold-start: what the first decode costs in a large binary. `generate` writes a
// package (Generate.swift) whose executable links a ballast of protocol conformances and holds
// the models; `measure` runs that executable in fresh processes, plain and @Resilient in turn,
// and compares their first decodes, in time and in conformance scans (counted with gdb).
// Run through cold-start.sh, which generates, builds and measures; `--help` lists the options.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let usage = """
  usage: resilient-cold-start generate --out DIR --library DIR [--ballast N] [--decodable N]
                                       [--models N]
         resilient-cold-start measure --app PATH [--runs N] [--limit R] [--reporter-limit R]
                                      [--no-check]
                                      [--scans-only] [--no-scans] [--gdb PATH]
                                      [--valgrind PATH]
    generate  writes the package into DIR (unchanged files are left alone); prints how many
              files it wrote
      --ballast N     empty structs of four conformances each (15000)
      --decodable N   Decodable & Hashable structs (2000)
      --models N      model types, each @Resilient, plain and hand-recovered (20)
    measure   runs the app: `check` once, then --runs rounds of plain, clean, dirty, reporter,
              floor and floor-reporter (each a fresh process, in rotating order); prints
              medians and the ratios of the first decode to plain's and to the baseline's;
              counts conformance scans under gdb
      --limit R       first decode resilient / baseline (median of the rounds' ratios) (1.05)
      --reporter-limit R  the same for the reporter's first decode / the floor's with a log
                      (1.10)
      --no-check      never fails on a ratio or a scan
      --scans-only    fails on a conformance scan that plain does not do, never on a ratio
      --no-scans      does not count conformance scans
      --valgrind PATH also counts the instructions of each first decode under callgrind
  """

func fail(_ message: String, status: Int32 = 2) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(status)
}

/// The command line, read one argument at a time.
struct Arguments {
  var rest = CommandLine.arguments.dropFirst()

  mutating func popFirst() -> String? { rest.popFirst() }

  /// The value that follows `flag`.
  mutating func value(_ flag: String) -> String {
    guard let value = rest.popFirst() else { fail("\(flag) needs a value\n\(usage)") }
    return value
  }

  /// The number that follows `flag`.
  mutating func number(_ flag: String) -> Int {
    guard let number = Int(value(flag)), number >= 0 else { fail("\(flag) needs a number") }
    return number
  }
}

var arguments = Arguments()

switch arguments.popFirst() {
case "generate":
  var package = GeneratedPackage(
    emptyStructs: 15_000, decodableStructs: 2_000, models: 20, library: "")
  var out: String?
  while let argument = arguments.popFirst() {
    switch argument {
    case "--out": out = arguments.value(argument)
    case "--library": package.library = arguments.value(argument)
    case "--ballast": package.emptyStructs = arguments.number(argument)
    case "--decodable": package.decodableStructs = arguments.number(argument)
    case "--models": package.models = max(1, arguments.number(argument))
    default: fail("unknown argument \(argument)\n\(usage)")
    }
  }
  guard let out, !package.library.isEmpty else { fail(usage) }
  do {
    let written = try package.write(to: URL(fileURLWithPath: out, isDirectory: true))
    print("\(written) file(s) written")
  } catch {
    fail("cannot write the package: \(error)")
  }
case "measure":
  var options = MeasureOptions()
  while let argument = arguments.popFirst() {
    switch argument {
    case "--app": options.app = arguments.value(argument)
    case "--runs": options.runs = max(1, arguments.number(argument))
    case "--limit":
      guard let limit = Double(arguments.value(argument)) else { fail("--limit needs a number") }
      options.limit = limit
    case "--reporter-limit":
      guard let limit = Double(arguments.value(argument)) else {
        fail("--reporter-limit needs a number")
      }
      options.reporterLimit = limit
    case "--no-check": options.check = false
    case "--scans-only": options.checkTimes = false
    case "--no-scans": options.scans = false
    case "--gdb": options.gdb = arguments.value(argument)
    case "--valgrind": options.valgrind = arguments.value(argument)
    default: fail("unknown argument \(argument)\n\(usage)")
    }
  }
  guard !options.app.isEmpty else { fail(usage) }
  exit(measure(options) ? 0 : 1)
case "-h", "--help":
  print(usage)
default:
  fail(usage)
}
