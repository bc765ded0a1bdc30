import Foundation

// The ten-property layer's compilations counted in instructions under valgrind's callgrind,
// whole and by phase of the compiler. Wall time is what the limits are on, but the share of
// the compiler's phases in it moves with the processor's speed: type checking, which waits on
// memory, slows less than code generation when the processor slows down. An instruction count
// does not move, and its phases say where a difference is.

/// A phase of one compilation, and the functions of the frontend whose inclusive count is its
/// count (the first that the compilation ran).
private struct CompilerPhase {
  let name: String
  let functions: [String]

  static let all = [
    CompilerPhase(name: "sema", functions: ["swift::CompilerInstance::performSema()"]),
    CompilerPhase(name: "silgen", functions: ["swift::performASTLowering("]),
    CompilerPhase(name: "mandatory", functions: ["swift::runSILDiagnosticPasses("]),
    CompilerPhase(
      name: "silopt",
      functions: ["swift::runSILOptimizationPasses(", "swift::runSILPassesForOnone("]),
    CompilerPhase(name: "irgen", functions: ["swift::performIRGeneration("]),
    CompilerPhase(name: "llvm", functions: ["swift::performLLVM("]),
  ]
}

/// What one compilation counted: the whole and each phase of `CompilerPhase.all`, in order.
private struct InstructionCount {
  let total: Int
  let phases: [Int]
}

/// Counts the instructions of one compilation of each of `files` at each of
/// `options.optimizations` under callgrind (the files of an optimization at the same time: a
/// count does not depend on what else runs) and prints them, and each phase's, as ratios to the
/// first file's. No limit applies to them.
func countTenLayerInstructions(
  _ files: [(name: String, path: String, modules: String)], _ options: Options, scratch: String
) throws {
  emit(
    "# instructions of one compilation of each file under callgrind (the frontend job of "
      + "swiftc -c), and of its phases: sema (type checking), silgen, mandatory (SIL "
      + "diagnostic passes), silopt (SIL optimization; at -Onone, its few passes), irgen, "
      + "llvm; ÷plain for each")
  let names = files.map(\.name)
  var header = ["optimization"] + names.map { "instr(\($0))" }
  header += names.dropFirst().map { "÷plain(\($0))" }
  for phase in CompilerPhase.all {
    header += names.map { "\(phase.name)(\($0))" } + names.dropFirst().map { _ in "÷plain" }
  }
  let widths = header.map { max(8, $0.count) }
  emit(header.enumerated().map { pad($1, widths[$0]) }.joined(separator: " "))
  for optimization in options.optimizations {
    let outputs = files.map { "\(scratch)/callgrind-\($0.name)\(optimization).out" }
    var children: [Process] = []
    for (file, output) in zip(files, outputs) {
      let frontend = try frontendJob(
        file: file.path, optimization: optimization, modules: file.modules,
        swiftc: options.swiftc)
      children.append(
        try start(
          ["valgrind", "--tool=callgrind", "--callgrind-out-file=\(output)"] + frontend))
    }
    for child in children {
      child.waitUntilExit()
      guard child.terminationStatus == 0 else {
        throw CompileFailure(
          description: "valgrind exited with \(child.terminationStatus): \(child.arguments ?? [])")
      }
    }
    let counts = try outputs.map(count(in:))
    func ratio(_ value: Int, _ base: Int) -> String {
      base == 0 ? "-" : format(Double(value) / Double(base), 3)
    }
    var line = [optimization] + counts.map { "\($0.total)" }
    line += counts.dropFirst().map { ratio($0.total, counts[0].total) }
    for index in CompilerPhase.all.indices {
      line += counts.map { "\($0.phases[index])" }
      line += counts.dropFirst().map { ratio($0.phases[index], counts[0].phases[index]) }
    }
    emit(line.enumerated().map { pad($1, widths[$0]) }.joined(separator: " "))
  }
}

/// The frontend job that `swiftc -c` runs for `file`, as `swiftc -###` prints it.
private func frontendJob(file: String, optimization: String, modules: String, swiftc: String)
  throws -> [String]
{
  let output = (file as NSString).deletingPathExtension + "-counted.o"
  let printed = try read([
    swiftc, "-c", optimization, "-parse-as-library", "-module-name", "Client", "-I", modules,
    file, "-o", output, "-###",
  ])
  guard let job = printed.split(separator: "\n").first, !job.contains("\"") else {
    // A path with a space would be quoted; the scratch folder and the modules have none.
    throw CompileFailure(description: "no frontend job to run in: \(printed)")
  }
  return job.split(separator: " ").map(String.init)
}

/// The whole count and each phase's in a callgrind output file, as `callgrind_annotate`
/// totals them (inclusive: a phase counts everything it calls).
private func count(in output: String) throws -> InstructionCount {
  let annotated = try read([
    "callgrind_annotate", "--inclusive=yes", "--threshold=99.9", output,
  ])
  func number(onLineWith text: String) -> Int? {
    guard let line = annotated.split(separator: "\n").first(where: { $0.contains(text) }),
      let first = line.split(separator: " ").first
    else { return nil }
    return Int(first.replacingOccurrences(of: ",", with: ""))
  }
  guard let total = number(onLineWith: "PROGRAM TOTALS") else {
    throw CompileFailure(description: "no total in \(output)")
  }
  return InstructionCount(
    total: total,
    phases: CompilerPhase.all.map { phase in
      phase.functions.lazy.compactMap { number(onLineWith: $0) }.first ?? 0
    })
}

/// Starts `arguments` (the first looked up in `PATH`), its output discarded.
private func start(_ arguments: [String]) throws -> Process {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = arguments
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  try process.run()
  return process
}

/// Runs `arguments` (the first looked up in `PATH`) to its end and returns what it printed on
/// its standard output; throws if it fails.
private func read(_ arguments: [String]) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = arguments
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = FileHandle.nullDevice
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw CompileFailure(
      description: "\(arguments[0]) exited with \(process.terminationStatus): \(arguments)")
  }
  return String(decoding: data, as: UTF8.self)
}
