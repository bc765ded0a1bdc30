import Foundation

// The measurement of the ten-property layer: each variant's file compiled alone, the variants
// in turn, the best wall time of each and its `.text`, as ratios to plain.

/// The limits on the ten-property layer, resilient ÷ plain.
enum TenLayerLimits {
  /// The best wall time of the compiler, by optimization.
  static let wall = ["-Onone": 1.30, "-O": 1.15, "-Osize": 1.18]
  /// The bytes of `.text` at `-O` and `-Osize`.
  static let code = 1.05
  /// The optimizations whose code is held to `code`.
  static let codeOptimizations: Set = ["-O", "-Osize"]
}

/// One file of the ten-property layer: what it is called in the output, its source, and the
/// modules it is compiled against.
private struct TenLayerFile {
  let name: String
  let path: String
  let modules: String
}

/// Measures the ten-property layer at each of `options.optimizations`: `options.repeats`
/// compilations of each file (plain, resilient, and, with `--library-modules`, the resilient
/// file against the other library), in turn, in an order that rotates from one repeat to the
/// next. Prints the best wall time and the `.text` of each, and their ratios to plain, and
/// returns the limits exceeded.
func measureTenLayer(_ options: Options, scratch: String) throws -> [String] {
  let models = options.tenModels
  var files: [TenLayerFile] = []
  for (name, resilient, modules) in [
    ("plain", false, options.modules), ("resilient", true, options.modules),
  ] + (options.libraryModules.map { [("other", true, $0)] } ?? []) {
    // Each file in a folder of its own, under the same name, so that nothing but the source
    // differs between the compilations.
    let folder = "\(scratch)/ten-\(name)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = "\(folder)/Client.swift"
    let source = TenPropertyLayer.source(models: models, resilient: resilient)
    try source.write(toFile: path, atomically: true, encoding: .utf8)
    if let keep = options.keep, name != "other" {
      try source.write(toFile: "\(keep)/ten-\(name).swift", atomically: true, encoding: .utf8)
    }
    files.append(TenLayerFile(name: name, path: path, modules: modules))
  }
  emit(
    "# build cost of \(models) internal models of ten @Resilient properties (their own Item and "
      + "Kind), each file compiled alone as module Client: wall time of swiftc -c, best of "
      + "\(options.repeats) compilations of each file in turn; bytes of .text"
      + (options.libraryModules.map { "; other: the resilient file against \($0)" } ?? ""))
  let names = files.map(\.name)
  var header = ["optimization", "models"]
  header += names.map { "wall(\($0))" } + names.dropFirst().map { "÷plain(\($0))" }
  header += names.map { "text(\($0))" } + names.dropFirst().map { "÷plain(\($0))" }
  let widths = header.map { max(8, $0.count) }
  emit(header.enumerated().map { pad($1, widths[$0]) }.joined(separator: " "))

  var failures: [String] = []
  var summary: [String: [String]] = [:]
  for optimization in options.optimizations {
    var walls = Array(repeating: Double.infinity, count: files.count)
    var processors = Array(repeating: Double.infinity, count: files.count)
    var texts = Array(repeating: 0, count: files.count)
    for repeatIndex in 0..<options.repeats {
      for offset in 0..<files.count {
        let index = (repeatIndex + offset) % files.count
        let file = files[index]
        let (cost, object) = try Compiler.compile(
          file: file.path, moduleName: "Client", optimization: optimization,
          modules: file.modules, swiftc: options.swiftc)
        walls[index] = min(walls[index], cost.wall)
        processors[index] = min(processors[index], cost.cpu)
        texts[index] = try ObjectFile.textSize(at: object)
      }
    }
    let wallRatios = walls.dropFirst().map { $0 / walls[0] }
    let processorRatios = processors.dropFirst().map { $0 / processors[0] }
    let textRatios = texts.dropFirst().map { Double($0) / Double(texts[0]) }
    var line = [optimization, "\(models)"]
    line += walls.map { format($0, 2) + " s" } + wallRatios.map { format($0, 3) }
    line += texts.map { "\($0)" } + textRatios.map { format($0, 3) }
    var text = line.enumerated().map { pad($1, widths[$0]) }.joined(separator: " ")
    // The limits apply to the resilient file against this library: the second file.
    if options.check {
      if let limit = TenLayerLimits.wall[optimization], wallRatios[0] > limit {
        text += " FAIL time \(format(wallRatios[0], 3)) > \(format(limit, 2))"
        failures.append("ten \(optimization) time")
      }
      if TenLayerLimits.codeOptimizations.contains(optimization),
        textRatios[0] > TenLayerLimits.code
      {
        text += " FAIL code \(format(textRatios[0], 3)) > \(format(TenLayerLimits.code, 2))"
        failures.append("ten \(optimization) code")
      }
    }
    emit(text)
    for (offset, name) in names.dropFirst().enumerated() {
      summary[name, default: []].append("\(optimization) \(format(wallRatios[offset], 3))")
      summary["\(name) processor", default: []].append(
        "\(optimization) \(format(processorRatios[offset], 3))")
      if TenLayerLimits.codeOptimizations.contains(optimization) {
        summary["\(name) code", default: []].append(
          "code \(optimization) \(format(textRatios[offset], 3))")
      }
    }
  }
  for name in names.dropFirst() {
    emit(
      "# \(name) ÷ plain, \(models) models: "
        + (summary[name, default: []] + summary["\(name) code", default: []])
        .joined(separator: ", "))
    // Processor time, for the record. When other work keeps the machine busy, both measures of
    // both files grow (the processor itself runs slower), by amounts that need not keep their
    // ratio.
    emit(
      "#   processor time (best of \(options.repeats), no limit): "
        + summary["\(name) processor", default: []].joined(separator: ", "))
  }
  if options.instructions {
    try countTenLayerInstructions(
      files.map { ($0.name, $0.path, $0.modules) }, options, scratch: scratch)
  }
  if options.check {
    emit(
      failures.isEmpty
        ? "# within limits (resilient ÷ plain: wall time <= 1.30 at -Onone, <= 1.15 at -O, "
          + "<= 1.18 at -Osize; .text <= \(format(TenLayerLimits.code, 2)) at -O and -Osize)"
        : "# FAILED: \(failures.joined(separator: ", "))")
  }
  return failures
}
