import Foundation

// resilient-build-cost: what `@Resilient` costs a client's build. Two layers of models, each
// compiled with `swiftc -c` as plain `Decodable` and with `@Resilient` against the library's
// release module, at -Onone, -O and -Osize, the variants in turn:
//
// - shapes (ModelLayer.swift): every shape the README shows, at several sizes; processor and
//   wall time (medians of the repeats) and code size, as ratios to plain; the limits apply to
//   the largest layer.
// - ten (TenPropertyLayer.swift): 50 internal models of ten `@Resilient` properties, the plain
//   twin without the library's import; wall time (the best of the repeats) and `.text` size,
//   as ratios to plain; `--library-modules` also compiles the resilient file against another
//   build of a library of the same module name (the original, say), beside.
//
// Run through build-cost.sh, which builds the module first; `--help` lists the options.

struct Options {
  var modules = ""
  var swiftc = "swiftc"
  var sizes = [10, 50]
  var repeats = 5
  var optimizations = ["-Onone", "-O", "-Osize"]
  var check = true
  var keep: String?
  var layers = ["shapes", "ten"]
  var tenModels = 50
  var libraryModules: String?
  var instructions = false

  static let usage = """
    usage: resilient-build-cost --modules DIR [--swiftc PATH] [--layers shapes,ten]
                                [--sizes 10,50] [--ten-models 50] [--repeat 5]
                                [--optimizations -Onone,-O,-Osize] [--library-modules DIR]
                                [--instructions] [--no-check] [--smoke] [--keep DIR]
      --modules DIR   where ResilientDecoding.swiftmodule (release) is
      --layers        which layers to compile: shapes (every shape of the README, at
                      --sizes), ten (--ten-models models of ten @Resilient properties); both
      --library-modules DIR
                      also compile the ten layer's resilient file against the
                      ResilientDecoding module in DIR (another build of a library of that
                      name), in turn with the others, and print its ratios (no limits)
      --instructions  also count the instructions of one compilation of each file of the ten
                      layer under valgrind's callgrind, whole and by compiler phase (no limits)
      --smoke         two models, one run of each, no limits
      --keep DIR      also write the largest layer of each variant there
    """

  init(_ arguments: [String]) throws {
    var rest = arguments[...]
    func value(_ name: String) throws -> String {
      guard let value = rest.popFirst() else { throw CompileFailure(description: "\(name)?") }
      return value
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--modules": modules = try value(argument)
      case "--swiftc": swiftc = try value(argument)
      case "--sizes": sizes = try value(argument).split(separator: ",").compactMap { Int($0) }
      case "--repeat": repeats = Int(try value(argument)) ?? repeats
      case "--optimizations":
        optimizations = try value(argument).split(separator: ",").map(String.init)
      case "--no-check": check = false
      case "--keep": keep = try value(argument)
      case "--layers":
        layers = try value(argument).split(separator: ",").map(String.init)
        if let unknown = layers.first(where: { !["shapes", "ten"].contains($0) }) {
          throw CompileFailure(description: "unknown layer \(unknown)\n\(Self.usage)")
        }
      case "--ten-models": tenModels = Int(try value(argument)) ?? tenModels
      case "--library-modules": libraryModules = try value(argument)
      case "--instructions": instructions = true
      case "--smoke":
        sizes = [2]
        tenModels = 2
        repeats = 1
        check = false
      case "-h", "--help":
        print(Self.usage)
        exit(0)
      default: throw CompileFailure(description: "unknown argument \(argument)\n\(Self.usage)")
      }
    }
    guard !modules.isEmpty, !sizes.isEmpty, repeats > 0, tenModels > 0, !layers.isEmpty else {
      throw CompileFailure(description: Self.usage)
    }
  }
}

/// The limits on the largest layer, resilient ÷ plain: machine code at `-O` and `-Osize`, and
/// compile time (the median of the per-repeat ratios of processor time; wall time is printed
/// beside it).
let codeLimit = 1.10
let compileLimits = ["-Onone": 1.25, "-O": 1.20, "-Osize": 1.20]

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func format(_ value: Double, _ decimals: Int) -> String {
  String(format: "%.\(decimals)f", value)
}

func pad(_ text: String, _ width: Int) -> String {
  String(repeating: " ", count: max(0, width - text.count)) + text
}

/// Prints a line at once, also when the output is a file: each line of the table takes a
/// while to measure.
func emit(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Measures the shapes layer at every size of `options.sizes` and returns the limits it
/// exceeded.
func measureShapesLayer(_ options: Options, scratch: String) throws -> [String] {
  emit(
    "# build cost of a layer of models, \(ModelLayer.properties.count) properties each: "
      + "processor and wall time of swiftc -c (medians of \(options.repeats) compilations of "
      + "each variant in turn, and of their per-repeat ratios), bytes of machine code")
  let widths = [12, 7, 10, 10, 7, 10, 10, 7, 11, 11, 7]
  emit(
    [
      "optimization", "models", "cpu(plain)", "cpu(res.)", "÷plain", "wall(plain)", "wall(res.)",
      "÷plain", "code(plain)", "code(res.)", "÷plain",
    ].enumerated().map { pad($1, widths[$0]) }.joined(separator: " "))
  var failures: [String] = []
  for optimization in options.optimizations {
    var results: [Int: [Variant: (cpu: Double, code: Int)]] = [:]
    for size in options.sizes {
      let sources = Dictionary(
        uniqueKeysWithValues: Variant.allCases.map {
          ($0, ModelLayer.source(models: size, variant: $0))
        })
      // Each repeat compiles the variants back to back, alternating the order; a ratio is the
      // median of the per-repeat ratios, which a burst of load from elsewhere on the machine
      // affects little, since it slows the compilations of a repeat alike.
      var costs: [Variant: [CompileCost]] = [:]
      var cpuRatios: [Double] = []
      var wallRatios: [Double] = []
      for repeatIndex in 0..<options.repeats {
        var pair: [Variant: CompileCost] = [:]
        let order = repeatIndex.isMultiple(of: 2) ? Variant.allCases : Variant.allCases.reversed()
        for variant in order {
          let cost = try Compiler.compile(
            sources[variant]!, optimization: optimization, modules: options.modules,
            swiftc: options.swiftc, scratch: scratch)
          pair[variant] = cost
          costs[variant, default: []].append(cost)
        }
        cpuRatios.append(pair[.resilient]!.cpu / pair[.plain]!.cpu)
        wallRatios.append(pair[.resilient]!.wall / pair[.plain]!.wall)
      }
      func summary(_ variant: Variant) -> (cpu: Double, wall: Double, code: Int) {
        let runs = costs[variant]!
        return (median(runs.map(\.cpu)), median(runs.map(\.wall)), runs.last!.code)
      }
      let (plain, resilient) = (summary(.plain), summary(.resilient))
      results[size] = [
        .plain: (plain.cpu, plain.code), .resilient: (resilient.cpu, resilient.code),
      ]
      let timeRatio = median(cpuRatios)
      let codeRatio = Double(resilient.code) / Double(plain.code)
      var line = [
        optimization, "\(size)", format(plain.cpu, 2) + " s", format(resilient.cpu, 2) + " s",
        format(timeRatio, 3), format(plain.wall, 2) + " s", format(resilient.wall, 2) + " s",
        format(median(wallRatios), 3), "\(plain.code)", "\(resilient.code)", format(codeRatio, 3),
      ].enumerated().map { pad($1, widths[$0]) }.joined(separator: " ")
      if size == options.sizes.max(), options.check {
        if let limit = compileLimits[optimization], timeRatio > limit {
          line += " FAIL time \(format(timeRatio, 3)) > \(format(limit, 2))"
          failures.append("\(optimization) time")
        }
        if optimization != "-Onone", codeRatio > codeLimit {
          line += " FAIL code \(format(codeRatio, 3)) > \(format(codeLimit, 2))"
          failures.append("\(optimization) code")
        }
      }
      emit(line)
      if let keep = options.keep, size == options.sizes.max() {
        for variant in Variant.allCases {
          try sources[variant]!.write(
            toFile: "\(keep)/\(variant.rawValue).swift", atomically: true, encoding: .utf8)
        }
      }
    }
    if let small = options.sizes.min(), let large = options.sizes.max(), large > small,
      let first = results[small], let last = results[large]
    {
      let models = Double(large - small)
      func perModel(_ variant: Variant) -> (cpu: Double, code: Double) {
        (
          (last[variant]!.cpu - first[variant]!.cpu) / models,
          Double(last[variant]!.code - first[variant]!.code) / models
        )
      }
      let (plain, resilient) = (perModel(.plain), perModel(.resilient))
      emit(
        [
          optimization, "+1", format(plain.cpu * 1000, 0) + " ms",
          format(resilient.cpu * 1000, 0) + " ms", format(resilient.cpu / plain.cpu, 3), "", "", "",
          format(plain.code, 0), format(resilient.code, 0), format(resilient.code / plain.code, 3),
        ].enumerated().map { pad($1, widths[$0]) }.joined(separator: " "))
    }
  }
  if options.check {
    emit(
      failures.isEmpty
        ? "# within limits (largest layer: code <= \(format(codeLimit, 2))x plain at -O and -Osize; "
          + "processor time <= 1.20x at -O and -Osize, <= 1.25x at -Onone)"
        : "# FAILED: \(failures.joined(separator: ", "))")
  }
  return failures
}

do {
  let options = try Options(Array(CommandLine.arguments.dropFirst()))
  let scratch = FileManager.default.temporaryDirectory
    .appendingPathComponent("resilient-build-cost-\(getpid())").path
  try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: scratch) }
  var failures: [String] = []
  if options.layers.contains("shapes") {
    failures += try measureShapesLayer(options, scratch: scratch)
  }
  if options.layers.contains("ten") {
    if options.layers.contains("shapes") { emit("") }
    failures += try measureTenLayer(options, scratch: scratch)
  }
  exit(failures.isEmpty ? 0 : 1)
} catch {
  FileHandle.standardError.write(Data("resilient-build-cost: \(error)\n".utf8))
  exit(2)
}
