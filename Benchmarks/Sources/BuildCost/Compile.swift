import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

// One compilation of a model layer, timed: the processor time of the compiler (user and system
// time of the driver and every process it waited for) and the wall time.

/// What one compilation cost.
struct CompileCost {
  /// Processor seconds of the compiler and its child processes.
  var cpu: Double
  /// Wall-clock seconds.
  var wall: Double
  /// Bytes of machine code in the object file.
  var code: Int
}

struct CompileFailure: Error, CustomStringConvertible {
  let description: String
}

enum Compiler {
  /// Compiles `source` to an object file with `swiftc -c` at `optimization`, against the modules
  /// in `modules`, and returns what it cost.
  static func compile(
    _ source: String, optimization: String, modules: String, swiftc: String, scratch: String
  ) throws -> CompileCost {
    let input = "\(scratch)/Models.swift"
    try source.write(toFile: input, atomically: true, encoding: .utf8)
    let (cost, output) = try compile(
      file: input, moduleName: "Models", optimization: optimization, modules: modules,
      swiftc: swiftc)
    return CompileCost(cpu: cost.cpu, wall: cost.wall, code: try ObjectFile.codeSize(at: output))
  }

  /// Compiles the file at `file` alone with `swiftc -c -parse-as-library` at `optimization`, as
  /// module `moduleName`, against the modules in `modules`, into an object file beside it.
  /// Returns what it cost (with no code size: `code` is 0) and the object file's path.
  static func compile(
    file: String, moduleName: String, optimization: String, modules: String, swiftc: String
  ) throws -> (cost: CompileCost, object: String) {
    let output = (file as NSString).deletingPathExtension + ".o"
    try? FileManager.default.removeItem(atPath: output)
    let arguments = [
      swiftc, "-c", optimization, "-parse-as-library", "-module-name", moduleName, "-I", modules,
      file, "-o", output,
    ]
    let (status, cpu, wall) = try run(arguments)
    guard status == 0 else {
      throw CompileFailure(description: "swiftc exited with \(status): \(arguments)")
    }
    return (CompileCost(cpu: cpu, wall: wall, code: 0), output)
  }

  /// Runs a command to its end and returns its exit status, its processor time and its wall
  /// time.
  private static func run(_ arguments: [String]) throws -> (Int32, Double, Double) {
    var pid = pid_t()
    let argv = arguments.map { strdup($0) } + [nil]
    defer {
      for argument in argv { free(argument) }
    }
    let started = Date()
    let spawned = posix_spawnp(&pid, arguments[0], nil, nil, argv, environ)
    guard spawned == 0 else {
      throw CompileFailure(description: "could not start \(arguments[0]): error \(spawned)")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) == -1 {
      guard errno == EINTR else { throw CompileFailure(description: "wait4 failed: \(errno)") }
    }
    let wall = Date().timeIntervalSince(started)
    let cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime)
    let exited = status & 0x7F == 0
    return (exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), cpu, wall)
  }

  private static func seconds(_ time: timeval) -> Double {
    Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000
  }
}
