import Foundation

// resilient-build-cost: what `@Resilient` costs a client's build. Generates a layer of models
// (see ModelLayer.swift) at several sizes, compiles each with `swiftc -c` as plain `Decodable`,
// with `@Resilient` against the library's release module and with `PropertyWrapperFloor`'s
// wrapper, at -Onone, -O and -Osize, and prints compile time (processor time,
// median of the repeats) and code size, as ratios to plain. The limits apply to `@Resilient`'s
// largest layer. Run through build-cost.sh, which builds the modules first; `--help` lists the
// options.

struct Options {
  var modules = ""
  var swiftc = "swiftc"
  var sizes = [10, 50]
  var repeats = 5
  var optimizations = ["-Onone", "-O", "-Osize"]
  var check = true
  var keep: String?

  static let usage = """
    usage: resilient-build-cost --modules DIR [--swiftc PATH] [--sizes 10,50] [--repeat 3]
                                [--optimizations -Onone,-O,-Osize] [--no-check] [--smoke]
                                [--keep DIR]
      --modules DIR   where ResilientDecoding.swiftmodule and PropertyWrapperFloor.swiftmodule
                      (release) are
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
      case "--smoke":
        sizes = [2]
        repeats = 1
        check = false
      case "-h", "--help":
        print(Self.usage)
        exit(0)
      default: throw CompileFailure(description: "unknown argument \(argument)\n\(Self.usage)")
      }
    }
    guard !modules.isEmpty, !sizes.isEmpty, repeats > 0 else {
      throw CompileFailure(description: Self.usage)
    }
  }
}

/// The limits on the largest layer, resilient ÷ plain: machine code at `-O` and `-Osize`, and
/// compile time. At `-Onone` the wrapper floor, measured in the same run, already compiles in
/// more than 1.25x plain's time: the syntax `@Resilient var`, which code written for the
/// original library keeps, costs that (README.md, "Build cost"). The limit there is whichever of
/// 1.25 and the floor's ratio is higher.
let codeLimit = 1.15
let compileLimits = ["-Onone": 1.25, "-O": 1.25, "-Osize": 1.25]

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

do {
  let options = try Options(Array(CommandLine.arguments.dropFirst()))
  let scratch = FileManager.default.temporaryDirectory
    .appendingPathComponent("resilient-build-cost-\(getpid())").path
  try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: scratch) }

  emit(
    "# build cost of a layer of models, \(ModelLayer.properties.count) properties each: "
      + "processor time of swiftc -c (medians of \(options.repeats) interleaved compilations, "
      + "and of their ratios), bytes of machine code")
  emit(
    "# floor: every property @WrapperFloor, the least a decoding property wrapper can be "
      + "(PropertyWrapperFloor), ÷plain")
  emit(
    [
      "optimization", "models", "time(plain)", "time(res.)", "÷plain", "floor", "code(plain)",
      "code(res.)", "÷plain", "floor",
    ].enumerated().map { pad($1, [12, 7, 12, 11, 7, 6, 12, 11, 7, 6][$0]) }
      .joined(separator: " "))
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
      var times: [Variant: [Double]] = [:]
      var ratios: [Variant: [Double]] = [:]
      var code: [Variant: Int] = [:]
      for repeatIndex in 0..<options.repeats {
        var pair: [Variant: Double] = [:]
        let order = repeatIndex.isMultiple(of: 2) ? Variant.allCases : Variant.allCases.reversed()
        for variant in order {
          let cost = try Compiler.compile(
            sources[variant]!, optimization: optimization, modules: options.modules,
            swiftc: options.swiftc, scratch: scratch)
          pair[variant] = cost.cpu
          times[variant, default: []].append(cost.cpu)
          code[variant] = cost.code
        }
        for variant in Variant.allCases where variant != .plain {
          ratios[variant, default: []].append(pair[variant]! / pair[.plain]!)
        }
      }
      let plain = (cpu: median(times[.plain]!), code: code[.plain]!)
      let resilient = (cpu: median(times[.resilient]!), code: code[.resilient]!)
      results[size] = [.plain: plain, .resilient: resilient]
      let timeRatio = median(ratios[.resilient]!)
      let codeRatio = Double(resilient.code) / Double(plain.code)
      func floorCodeRatio(_ variant: Variant) -> String {
        format(Double(code[variant]!) / Double(plain.code), 3)
      }
      var line = [
        pad(optimization, 12), pad("\(size)", 7), pad(format(plain.cpu, 2) + " s", 12),
        pad(format(resilient.cpu, 2) + " s", 11), pad(format(timeRatio, 3), 7),
        pad(format(median(ratios[.wrapperFloor]!), 3), 6),
        pad("\(plain.code)", 12), pad("\(resilient.code)", 11), pad(format(codeRatio, 3), 7),
        pad(floorCodeRatio(.wrapperFloor), 6),
      ].joined(separator: " ")
      if size == options.sizes.max(), options.check {
        let floorRatio = median(ratios[.wrapperFloor]!)
        if var limit = compileLimits[optimization] {
          if optimization == "-Onone" { limit = max(limit, floorRatio) }
          if timeRatio > limit {
            line += " FAIL time \(format(timeRatio, 3)) > \(format(limit, 3))"
            failures.append("\(optimization) time")
          }
        }
        if optimization != "-Onone", codeRatio > codeLimit {
          line += " FAIL code \(format(codeRatio, 3)) > \(codeLimit)"
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
          pad(optimization, 12), pad("+1", 7), pad(format(plain.cpu * 1000, 0) + " ms", 12),
          pad(format(resilient.cpu * 1000, 0) + " ms", 11),
          pad(format(resilient.cpu / plain.cpu, 3), 7), pad("", 6),
          pad(format(plain.code, 0), 12), pad(format(resilient.code, 0), 11),
          pad(format(resilient.code / plain.code, 3), 7),
        ].joined(separator: " "))
    }
  }
  if options.check {
    emit(
      failures.isEmpty
        ? "# within limits (largest layer: code <= \(codeLimit)x plain at -O and -Osize; "
          + "compile time <= 1.25x at -O and -Osize, at -Onone 1.25x or the wrapper floor's)"
        : "# FAILED: \(failures.joined(separator: ", "))")
  }
  exit(failures.isEmpty ? 0 : 1)
} catch {
  FileHandle.standardError.write(Data("resilient-build-cost: \(error)\n".utf8))
  exit(2)
}
