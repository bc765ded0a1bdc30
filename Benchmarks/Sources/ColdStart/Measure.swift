import Foundation

// The measurement: fresh processes of the generated app, the first decode of every model in
// each, plain and @Resilient in turn; and the protocol-conformance scans of one process of
// each, counted under gdb.

struct MeasureOptions {
  var app = ""
  var runs = 15
  var limit = 1.05
  /// The limit of the reporter's first decode ÷ the floor's with a log: a failure's code runs
  /// cold in the library, where the floor's is in the app (decided in the project's issue 36).
  var reporterLimit = 1.10
  var check = true
  /// Whether the time ratios are checked too; off, only conformance scans fail (`--smoke`).
  var checkTimes = true
  var scans = true
  var gdb = "gdb"
  /// valgrind, to count the instructions of each first decode (`--instructions`); `nil`: not
  /// counted.
  var valgrind: String?
}

/// The processes the app runs as: plain, the situations of `@Resilient`, and the floors.
let variants = ["plain", "clean", "dirty", "reporter", "floor", "floor-reporter"]

/// The baseline of each situation of `@Resilient`, which its limit applies to: plain `Codable`
/// for clean data; for dirty data, which plain `Codable` cannot decode, the floor, as in
/// `compare.sh`: the same recovery written by hand, which pays what the decoder's failures
/// cost (its errors, their messages and paths) as `@Resilient` does.
let baselines = ["clean": "plain", "dirty": "floor", "reporter": "floor-reporter"]

/// What each process decodes, for the output.
let descriptions = [
  "plain": "plain Codable, clean document",
  "clean": "@Resilient, clean document",
  "dirty": "@Resilient, dirty document (8 bad values per model)",
  "reporter": "@Resilient, dirty document, reporter on the decoder",
  "floor": "hand-written recovery, dirty document",
  "floor-reporter": "hand-written recovery, dirty document, a log of each failure",
]

/// Runs `executable` with `arguments` (and `environment` added to this process's); returns its
/// exit status and standard output (and standard error, with `errors`).
func run(
  _ executable: String, _ arguments: [String], errors: Bool = false,
  environment: [String: String] = [:]
) -> (status: Int32, output: String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  if !environment.isEmpty {
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
  }
  // Nothing to read: gdb, on an internal error, asks whether to quit and would otherwise wait
  // for an answer from this process's own input.
  process.standardInput = FileHandle.nullDevice
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = errors ? pipe : FileHandle.nullDevice
  do {
    try process.run()
  } catch {
    fail("cannot run \(executable): \(error)")
  }
  let output = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// A 95% confidence interval of the median of `values`, free of any assumption about their
/// distribution: the values of ranks k and n + 1 − k in order, where the number of values
/// below the median is binomial (n, ½), approximated as normal. `nil` below 6 values, too few
/// for one.
func medianInterval(_ values: [Double]) -> (low: Double, high: Double)? {
  let count = values.count
  let k = Int((Double(count) / 2 - 1.96 * Double(count).squareRoot() / 2).rounded(.down))
  guard count >= 6, k >= 1 else { return nil }
  let sorted = values.sorted()
  return (sorted[k - 1], sorted[count - k])
}

/// The first and warm decode times of one fresh process of `variant`, in milliseconds.
func time(_ app: String, _ variant: String) -> (first: Double, warm: Double) {
  let (status, output) = run(app, [variant])
  let fields = output.split(whereSeparator: \.isWhitespace)
  guard status == 0, fields.count >= 4, fields[0] == "first", fields[2] == "warm",
    let first = Double(fields[1]), let warm = Double(fields[3])
  else {
    fail("\(variant): the app failed (status \(status)): \(output)")
  }
  return (first / 1e6, warm / 1e6)
}

/// The conformance scans of the first decode of one process of `variant`, as
/// `type : protocol`, in order; a failure with the reason if they cannot be counted here.
func scans(_ options: MeasureOptions, _ variant: String) -> Result<[String], MeasureFailure> {
  // Registers of the arguments of the method ConformanceState::cacheResult(type, protocol,
  // …) after `this`: the type's metadata and the protocol's descriptor.
  #if arch(x86_64)
    let (type, proto) = ("$rsi", "$rdx")
  #elseif arch(arm64)
    let (type, proto) = ("$x1", "$x2")
  #else
    return .failure(MeasureFailure(reason: "no register names for this architecture"))
  #endif
  // Each hit of the breakpoint is a scan of every conformance record of the process that
  // missed the runtime's cache, between the two marker calls around the first decode. A
  // nominal type's metadata points to its descriptor (after the kind: struct 0x200, enum
  // 0x201, optional 0x202; after 40 bytes for a class, whose kind is a pointer), and a
  // descriptor holds a relative pointer to its name 8 bytes in.
  let script = """
    set pagination off
    set confirm off
    set breakpoint pending on
    break getppid
    run
    delete
    break ConformanceState::cacheResult
    commands
    silent
    set $kind = *(long *)\(type)
    set $descriptor = (char *)0
    if $kind >= 0x200 && $kind <= 0x202
    set $descriptor = *(char **)((char *)\(type) + 8)
    end
    if $kind > 0x7ff
    set $descriptor = *(char **)((char *)\(type) + 40)
    end
    if $descriptor != 0
    printf "scan %s : ", $descriptor + 8 + *(int *)($descriptor + 8)
    else
    printf "scan (kind %lx) : ", $kind
    end
    printf "%s\\n", (char *)\(proto) + 8 + *(int *)((char *)\(proto) + 8)
    continue
    end
    break getpgrp
    commands
    silent
    printf "first decode ended\\n"
    kill
    end
    continue
    quit

    """
  let scriptURL = FileManager.default.temporaryDirectory.appendingPathComponent(
    "resilient-cold-start-\(getpid()).gdb")
  do {
    try script.write(to: scriptURL, atomically: true, encoding: .utf8)
  } catch {
    return .failure(MeasureFailure(reason: "cannot write the gdb script: \(error)"))
  }
  defer { try? FileManager.default.removeItem(at: scriptURL) }
  let (_, output) = run(
    options.gdb, ["-batch", "-nx", "-x", scriptURL.path, "--args", options.app, variant],
    errors: true)
  let lines = output.split(separator: "\n").map(String.init)
  guard lines.contains("first decode ended") else {
    return .failure(
      MeasureFailure(reason: "gdb did not reach the end of the first decode (\(variant))"))
  }
  if lines.contains(where: { $0.contains("cacheResult") && $0.contains("not defined") }) {
    return .failure(MeasureFailure(reason: "gdb found no ConformanceState::cacheResult"))
  }
  return .success(lines.filter { $0.hasPrefix("scan ") }.map { String($0.dropFirst(5)) })
}

/// Why something could not be counted (conformance scans, instructions).
struct MeasureFailure: Error {
  let reason: String
}

/// What callgrind counts in the first decode of one process of `variant`: instructions, misses
/// of the simulated first-level instruction cache (code run for the first time), and the
/// generic types whose metadata the runtime made (each once per process, a few microseconds).
struct FirstDecodeCounts {
  let instructions: Int
  let instructionCacheMisses: Int
  let genericMetadata: Int
}

/// Counts the first decode of one process of `variant` under callgrind: only inside the app's
/// function that decodes every model (`decodeResilient`, `decodePlain` or `decodeFloor`), which
/// the app calls once when `COLD_START_FIRST_ONLY` is set, with deterministic hashing so that
/// the counts repeat. A failure with the reason if nothing was counted.
func instructions(_ valgrind: String, _ app: String, _ variant: String)
  -> Result<FirstDecodeCounts, MeasureFailure>
{
  // Mangled names of main.swift's functions in the module ColdStartApp (Generate.swift).
  let function =
    variant == "plain"
    ? "$s12ColdStartApp11decodePlainyy*"
    : variant.hasPrefix("floor")
      ? "$s12ColdStartApp11decodeFlooryy*" : "$s12ColdStartApp15decodeResilientyy*"
  let out = FileManager.default.temporaryDirectory.appendingPathComponent(
    "resilient-cold-start-\(getpid())-\(variant).callgrind")
  defer { try? FileManager.default.removeItem(at: out) }
  let (status, output) = run(
    valgrind,
    [
      "--tool=callgrind", "--cache-sim=yes", "--collect-atstart=no", "--compress-strings=no",
      "--toggle-collect=\(function)", "--callgrind-out-file=\(out.path)", app, variant,
    ], errors: true,
    environment: ["COLD_START_FIRST_ONLY": "1", "SWIFT_DETERMINISTIC_HASHING": "1"])
  guard status == 0, let text = try? String(contentsOf: out, encoding: .utf8) else {
    return .failure(MeasureFailure(reason: "callgrind failed (\(variant)): \(output.suffix(300))"))
  }
  // "events: Ir … I1mr …" names the columns of "summary: …".
  let lines = text.split(separator: "\n")
  guard let events = lines.first(where: { $0.hasPrefix("events:") })?.split(separator: " "),
    let summary = lines.first(where: { $0.hasPrefix("summary:") })?.split(separator: " "),
    let ir = events.firstIndex(of: "Ir"), let i1 = events.firstIndex(of: "I1mr"),
    ir < summary.count, i1 < summary.count,
    let instructions = Int(summary[ir]), let misses = Int(summary[i1]), instructions > 0
  else {
    return .failure(MeasureFailure(reason: "callgrind counted nothing in \(function) (\(variant))"))
  }
  // Each generic type's metadata is made by one of these two runtime functions. Uncompressed,
  // every call site names its callee in a `cfn=` line, followed by `calls=<count> …`.
  var genericMetadata = 0
  var callee: Substring = ""
  for line in lines {
    if line.hasPrefix("cfn=") {
      callee = line.dropFirst(4)
    } else if line.hasPrefix("calls="),
      callee == "swift_allocateGenericValueMetadata"
        || callee == "swift_allocateGenericClassMetadata",
      let count = Int(line.dropFirst(6).prefix { $0.isNumber })
    {
      genericMetadata += count
    }
  }
  return .success(
    FirstDecodeCounts(
      instructions: instructions, instructionCacheMisses: misses, genericMetadata: genericMetadata
    ))
}

/// `name` with its digits replaced by `#`, so that the scans for the types of model 3 and
/// of model 17 count as one kind.
func kind(_ name: String) -> String {
  var result = ""
  for character in name {
    if character.isNumber {
      if result.last != "#" { result.append("#") }
    } else {
      result.append(character)
    }
  }
  return result
}

/// How many times each kind of scan occurs in `scans`.
func histogram(_ scans: [String]) -> [String: Int] {
  scans.reduce(into: [:]) { $0[kind($1), default: 0] += 1 }
}

/// Measures; returns whether every limit held (or `options.check` is off).
func measure(_ options: MeasureOptions) -> Bool {
  let (status, output) = run(options.app, ["check"])
  guard status == 0 else { fail("the app's values are wrong: \(output)") }
  print("# \(output.trimmingCharacters(in: .whitespacesAndNewlines))")

  var first: [String: [Double]] = [:]
  var warm: [String: [Double]] = [:]
  var ratios: [String: [Double]] = [:]
  var baselineRatios: [String: [Double]] = [:]
  for round in 0..<options.runs {
    var roundFirst: [String: Double] = [:]
    for offset in 0..<variants.count {
      let variant = variants[(round + offset) % variants.count]
      let times = time(options.app, variant)
      first[variant, default: []].append(times.first)
      warm[variant, default: []].append(times.warm)
      roundFirst[variant] = times.first
    }
    for variant in variants.dropFirst() {
      ratios[variant, default: []].append(roundFirst[variant]! / roundFirst["plain"]!)
      if let baseline = baselines[variant] {
        baselineRatios[variant, default: []].append(roundFirst[variant]! / roundFirst[baseline]!)
      }
    }
  }

  var scanCounts: [String: [String]] = [:]
  var scanNote: String?
  if options.scans {
    for variant in variants {
      switch scans(options, variant) {
      case .success(let list): scanCounts[variant] = list
      case .failure(let failure):
        scanNote = failure.reason
        scanCounts = [:]
      }
      if scanNote != nil { break }
    }
  } else {
    scanNote = "not counted (--no-scans)"
  }

  print(
    "# first decode of every model in a fresh process, \(options.runs) rounds of the "
      + "\(variants.count) processes in rotating order; medians in ms; ratios: medians of the "
      + "rounds' ratios to plain and to the baseline the limit applies to (plain for clean "
      + "data, the floor for dirty data), and a 95% interval of the latter (ranks)")
  print(
    "variant".padding(toLength: 15, withPad: " ", startingAt: 0)
      + "  first(ms)  warm(ms)  ÷plain  ÷base     interval  scans  what it decodes")
  var failures: [String] = []
  for variant in variants {
    let ratio = ratios[variant].map(median)
    let baselineRatio = baselineRatios[variant].map(median)
    let scanText = scanCounts[variant].map { String($0.count) } ?? "-"
    var line =
      variant.padding(toLength: 15, withPad: " ", startingAt: 0)
      + String(format: " %10.3f %9.3f ", median(first[variant]!), median(warm[variant]!))
      + (ratio.map { String(format: "%7.3f", $0) } ?? "      -")
      + (baselineRatio.map { String(format: "%7.3f", $0) } ?? "      -")
      + (baselineRatios[variant].flatMap(medianInterval).map {
        String(format: "  %.3f-%.3f", $0.low, $0.high)
      } ?? "             ")
      + scanText.leftPadded(to: 7) + "  " + descriptions[variant]!
    let limit = variant == "reporter" ? options.reporterLimit : options.limit
    if options.check, options.checkTimes, let baselineRatio, baselineRatio > limit {
      let baseline = baselines[variant]!
      line += String(format: "  FAIL %.3f > %.2f", baselineRatio, limit)
      failures.append(
        String(format: "%@ first decode %.3f of %@'s", variant, baselineRatio, baseline))
    }
    print(line)
  }

  if let scanNote {
    print("# conformance scans: \(scanNote); the scan check is skipped")
  } else if let plainScans = scanCounts["plain"] {
    let plainKinds = histogram(plainScans)
    print("# conformance scans of plain, by kind (digits as #):")
    for (kind, count) in plainKinds.sorted(by: { $0.key < $1.key }) {
      print("#   \(count.description.leftPadded(to: 4)) \(kind)")
    }
    for variant in variants.dropFirst() {
      guard let list = scanCounts[variant] else { continue }
      var extra = histogram(list)
      for (kind, count) in plainKinds { extra[kind, default: 0] -= count }
      let more = extra.filter { $0.value > 0 }
      if more.isEmpty {
        print("# \(variant): no conformance scan that plain does not do")
        continue
      }
      let total = more.values.reduce(0, +)
      print("# \(variant): \(total) conformance scan(s) that plain does not do, by kind:")
      for (kind, count) in more.sorted(by: { $0.key < $1.key }) {
        print("#   \(count.description.leftPadded(to: 4)) \(kind)")
      }
      // Only `@Resilient`'s scans are checked; the floor's are shown.
      if baselines[variant] != nil {
        failures.append("\(variant) does \(total) conformance scan(s) that plain does not")
      }
    }
  }

  if let valgrind = options.valgrind {
    print(
      "# instructions of the first decode (callgrind, one process each, the first decode only; "
        + "I1 misses: simulated first-level instruction cache; metadata: generic types whose "
        + "metadata the runtime made; not checked)")
    print("variant           instructions  ÷plain   ÷base  over base   I1 misses  metadata")
    var counts: [String: FirstDecodeCounts] = [:]
    for variant in variants {
      switch instructions(valgrind, options.app, variant) {
      case .success(let count): counts[variant] = count
      case .failure(let failure): print("# \(failure.reason)")
      }
    }
    for variant in variants {
      guard let count = counts[variant] else { continue }
      let ratio = counts["plain"].map { Double(count.instructions) / Double($0.instructions) }
      let base = baselines[variant].flatMap { counts[$0] }
      let baseRatio = base.map { Double(count.instructions) / Double($0.instructions) }
      let overBase = base.map { String(count.instructions - $0.instructions) } ?? "-"
      print(
        variant.padding(toLength: 15, withPad: " ", startingAt: 0)
          + String(count.instructions).leftPadded(to: 15)
          + (ratio.map { String(format: "%8.3f", $0) } ?? "       -")
          + (baseRatio.map { String(format: "%8.3f", $0) } ?? "       -")
          + overBase.leftPadded(to: 11)
          + String(count.instructionCacheMisses).leftPadded(to: 12)
          + String(count.genericMetadata).leftPadded(to: 10))
    }
  }

  guard options.check else { return true }
  if failures.isEmpty {
    print(
      String(
        format: options.checkTimes
          ? "# within limits: first decode resilient / baseline <= %.2f (reporter <= %.2f), no "
            + "conformance scan that plain does not do"
          : "# no conformance scan that plain does not do",
        options.limit, options.reporterLimit))
    return true
  }
  for failure in failures { print("# FAIL \(failure)") }
  return false
}

extension String {
  /// The string with spaces before it, to `width` characters.
  func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}
