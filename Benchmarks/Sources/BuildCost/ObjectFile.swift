import Foundation

// The size of an object file's machine code: the sections of executable instructions of an
// ELF object (Linux) or a Mach-O object (Apple platforms).

enum ObjectFile {
  struct Unreadable: Error, CustomStringConvertible {
    let description: String
  }

  /// The bytes of executable code in the object file at `path`.
  static func codeSize(at path: String) throws -> Int {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let bytes = [UInt8](data)
    if bytes.starts(with: [0x7F, 0x45, 0x4C, 0x46]) { return try elfCodeSize(bytes) }
    if bytes.starts(with: [0xCF, 0xFA, 0xED, 0xFE]) { return try machOCodeSize(bytes) }
    throw Unreadable(description: "\(path) is neither a 64-bit ELF nor a Mach-O object")
  }

  /// The sum of the sizes of the sections flagged executable (`SHF_EXECINSTR`).
  private static func elfCodeSize(_ bytes: [UInt8]) throws -> Int {
    guard bytes.count > 64, bytes[4] == 2, bytes[5] == 1 else {
      throw Unreadable(description: "not a little-endian 64-bit ELF object")
    }
    let sectionHeaders = Int(read64(bytes, 0x28))
    let entrySize = Int(read16(bytes, 0x3A))
    let entries = Int(read16(bytes, 0x3C))
    var total = 0
    for index in 0..<entries {
      let header = sectionHeaders + index * entrySize
      guard header + 64 <= bytes.count else { throw Unreadable(description: "truncated") }
      let flags = read64(bytes, header + 0x08)
      if flags & 0x4 != 0 { total += Int(read64(bytes, header + 0x20)) }
    }
    return total
  }

  /// The sum of the sizes of the sections that hold instructions.
  private static func machOCodeSize(_ bytes: [UInt8]) throws -> Int {
    let commands = Int(read32(bytes, 16))
    var offset = 32
    var total = 0
    for _ in 0..<commands {
      let command = read32(bytes, offset)
      let size = Int(read32(bytes, offset + 4))
      if command == 0x19 {  // LC_SEGMENT_64
        let sections = Int(read32(bytes, offset + 64))
        for index in 0..<sections {
          let section = offset + 72 + index * 80
          let flags = read32(bytes, section + 64)
          // S_ATTR_PURE_INSTRUCTIONS or S_ATTR_SOME_INSTRUCTIONS.
          if flags & 0x8000_0400 != 0 { total += Int(read64(bytes, section + 40)) }
        }
      }
      offset += size
    }
    return total
  }

  private static func read16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
    UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
  }

  private static func read32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) }
  }

  private static func read64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
    (0..<8).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * $1) }
  }
}
