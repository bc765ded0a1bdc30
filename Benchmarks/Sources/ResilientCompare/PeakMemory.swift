// Peak memory on Linux, read from /proc: how far one run of a closure raises the high-water mark
// of the resident set above what was resident before the run.

#if canImport(Glibc)
  import Glibc
#endif

/// Measures the resident memory that one run of a closure needs at its peak, on Linux.
///
/// Before the run, glibc hands the memory freed by earlier runs back to the system
/// (`malloc_trim`), so that the run cannot reuse pages that are already resident without being
/// counted, and the kernel resets the high-water mark to the current resident size (`5`
/// written to `/proc/self/clear_refs`). The measurement is the high-water mark after the run
/// (`VmHWM`) minus the resident size before it (`VmRSS`): the memory the run touched and held
/// at the same time, results included, while what was resident before (the documents) is left
/// out. It counts pages, not bytes asked of `malloc`, so it is what the process costs the
/// system. Where any of this is missing (other systems, a /proc that refuses the reset) there
/// is no measurement.
enum PeakMemory {
  /// Whether the peak can be measured here: the high-water mark can be reset and read.
  static let isAvailable: Bool = {
    var buffer = StatusBuffer()
    return resetHighWaterMark() && buffer.kilobytes(of: "VmHWM:") != nil
  }()

  /// Runs `body` once and returns how many bytes the peak resident set grew by, or `nil` (after
  /// still running `body`) where that cannot be measured.
  static func growth(of body: () -> Void) -> Int? {
    guard isAvailable else {
      body()
      return nil
    }
    // The buffer that reads /proc is allocated, and its pages touched, before the reset.
    var buffer = StatusBuffer()
    releaseFreedMemory()
    guard resetHighWaterMark(), let before = buffer.kilobytes(of: "VmRSS:") else {
      body()
      return nil
    }
    body()
    guard let peak = buffer.kilobytes(of: "VmHWM:") else { return nil }
    return max(0, peak - before) * 1024
  }

  /// Runs `body` once and returns how many bytes of resident memory what it returns keeps,
  /// measured while it is kept, after freed memory went back to the system; `nil` where that
  /// cannot be measured.
  static func retained(by body: () -> Any) -> Int? {
    guard isAvailable else { return nil }
    var buffer = StatusBuffer()
    releaseFreedMemory()
    guard let before = buffer.kilobytes(of: "VmRSS:") else { return nil }
    var kept: Any? = body()
    releaseFreedMemory()
    let during = buffer.kilobytes(of: "VmRSS:")
    withExtendedLifetime(kept) {}
    kept = nil
    return during.map { max(0, $0 - before) * 1024 }
  }

  /// Resets the kernel's high-water mark of the resident set to the current resident size.
  private static func resetHighWaterMark() -> Bool {
    #if os(Linux)
      let descriptor = open("/proc/self/clear_refs", O_WRONLY)
      guard descriptor >= 0 else { return false }
      defer { close(descriptor) }
      let command: [UInt8] = [UInt8(ascii: "5")]
      return write(descriptor, command, command.count) == command.count
    #else
      return false
    #endif
  }

  /// Calls glibc's `malloc_trim(0)`, which returns the free pages of every heap to the system;
  /// Swift's `Glibc` module does not export it, so it is looked up at run time.
  private static func releaseFreedMemory() {
    #if os(Linux)
      typealias MallocTrim = @convention(c) (Int) -> Int32
      guard let symbol = dlsym(nil, "malloc_trim") else { return }
      _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    #endif
  }
}

/// A fixed buffer that reads `/proc/self/status`, so that reading it allocates nothing.
private struct StatusBuffer {
  private var bytes = [UInt8](repeating: 0, count: 16_384)

  /// The value, in kilobytes, of a line such as `VmHWM:   123456 kB`; `nil` if the file or
  /// the line is missing.
  mutating func kilobytes(of field: StaticString) -> Int? {
    #if os(Linux)
      let descriptor = open("/proc/self/status", O_RDONLY)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var length = 0
      while length < bytes.count {
        let read = bytes.withUnsafeMutableBytes { buffer in
          Glibc.read(descriptor, buffer.baseAddress! + length, buffer.count - length)
        }
        guard read > 0 else { break }
        length += read
      }
      return Self.value(of: field, in: bytes[..<length])
    #else
      return nil
    #endif
  }

  /// Finds the line that starts with `field` and parses the number that follows it.
  private static func value(of field: StaticString, in text: ArraySlice<UInt8>) -> Int? {
    let name = UnsafeBufferPointer(start: field.utf8Start, count: field.utf8CodeUnitCount)
    var lineStart = text.startIndex
    while lineStart < text.endIndex {
      let lineEnd = text[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
      let line = text[lineStart..<lineEnd]
      if line.starts(with: name) {
        let digits = line.dropFirst(name.count)
          .drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
          .prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard !digits.isEmpty else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
      }
      lineStart = lineEnd + 1
    }
    return nil
  }
}
