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

  /// The bytes of the object file's `.text`: its sections named `.text` or `.text.*` (ELF), or
  /// `__TEXT,__text` (Mach-O).
  static func textSize(at path: String) throws -> Int {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let bytes = [UInt8](data)
    if bytes.starts(with: [0x7F, 0x45, 0x4C, 0x46]) { return try elfTextSize(bytes) }
    if bytes.starts(with: [0xCF, 0xFA, 0xED, 0xFE]) { return try machOTextSize(bytes) }
    throw Unreadable(description: "\(path) is neither a 64-bit ELF nor a Mach-O object")
  }

  /// The sum of the sizes of the sections whose name, in the section-name string table
  /// (`e_shstrndx`), is `.text` or begins with `.text.`.
  private static func elfTextSize(_ bytes: [UInt8]) throws -> Int {
    guard bytes.count > 64, bytes[4] == 2, bytes[5] == 1 else {
      throw Unreadable(description: "not a little-endian 64-bit ELF object")
    }
    let sectionHeaders = Int(read64(bytes, 0x28))
    let entrySize = Int(read16(bytes, 0x3A))
    let entries = Int(read16(bytes, 0x3C))
    let namesIndex = Int(read16(bytes, 0x3E))
    func header(_ index: Int) throws -> Int {
      let header = sectionHeaders + index * entrySize
      guard index < entries, header + 64 <= bytes.count else {
        throw Unreadable(description: "truncated")
      }
      return header
    }
    let names = Int(read64(bytes, try header(namesIndex) + 0x18))
    var total = 0
    for index in 0..<entries {
      let header = try header(index)
      var start = names + Int(read32(bytes, header))
      var name: [UInt8] = []
      while start < bytes.count, bytes[start] != 0 {
        name.append(bytes[start])
        start += 1
      }
      let text = String(decoding: name, as: UTF8.self)
      if text == ".text" || text.hasPrefix(".text.") { total += Int(read64(bytes, header + 0x20)) }
    }
    return total
  }

  /// The size of the `__text` section of the `__TEXT` segment.
  private static func machOTextSize(_ bytes: [UInt8]) throws -> Int {
    func name(_ at: Int) -> String {
      String(decoding: bytes[at..<at + 16].prefix { $0 != 0 }, as: UTF8.self)
    }
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
          if name(section) == "__text", name(section + 16) == "__TEXT" {
            total += Int(read64(bytes, section + 40))
          }
        }
      }
      offset += size
    }
    return total
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
