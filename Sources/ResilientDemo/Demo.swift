import Foundation
import ResilientDecoding

/// The command line: finds the input, decodes it and prints the report.
///
/// What the tests call is public (`report(of:)`, `explain(_:)`, `Input`), so that they need no
/// `@testable import`, which release builds of an executable do not allow.
public enum Demo {
  /// The usage text, printed for `--help` and after a usage error.
  static let usage = """
    usage: resilient-demo [path/to/feed.json]

    Decodes a listing feed with @Resilient properties and prints what was kept, the
    property-level diagnostics (DEBUG builds), the error digest with the id of each failing
    listing, and the errors grouped by signature. Without a path it decodes the sample feed
    bundled with the demo.
    """

  /// Runs the demo and returns the exit status.
  @available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *)
  static func run(arguments: [String]) -> Int32 {
    if arguments.contains("-h") || arguments.contains("--help") {
      print(usage)
      return 0
    }
    guard arguments.count <= 1 else {
      printError("expected at most one argument, got \(arguments.count)\n\n\(usage)")
      return 2
    }

    let input: Input
    do {
      input = try arguments.first.map(Input.file(atPath:)) ?? Input.bundledSample()
    } catch {
      printError("\(error)")
      return 1
    }

    do {
      print(try report(of: input))
    } catch {
      printError("\(input.name) is not a listing feed: \(explain(error))")
      return 1
    }
    return 0
  }

  /// Decodes `input` as production code would, with a reporter that names each failing
  /// listing by its "id", and returns the report the demo prints.
  @available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *)
  public static func report(of input: Input) throws -> String {
    let decoder = JSONDecoder()
    let reporter = ResilientDecodingErrorReporter(identifyingKeys: ["id"])
    decoder.userInfo[.resilientDecodingErrorReporter] = reporter
    let feed = try decoder.decode(ListingFeed.self, from: input.data)
    let digest = reporter.flushReportedErrors()
    return Report(feed: feed, digest: digest, inputName: input.name, byteCount: input.data.count)
      .text()
  }

  /// Writes `resilient-demo: message` to the standard error.
  static func printError(_ message: String) {
    FileHandle.standardError.write(Data("resilient-demo: \(message)\n".utf8))
  }

  /// Says why a feed could not be decoded at all: invalid JSON, or a required value that is
  /// missing or of the wrong kind where no `@Resilient` property could absorb it.
  public static func explain(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      // Invalid JSON. Apple's Foundation says where in an underlying error; others do not.
      let detail = (context.underlyingError as NSError?)?.userInfo["NSDebugDescription"]
      return "the data is not valid JSON" + (detail.map { " (\($0))" } ?? "")
    case .dataCorrupted(let context):
      return context.debugDescription + location(context.codingPath)
    case .typeMismatch(let type, let context):
      return "expected \(kindName(of: type))\(location(context.codingPath))"
    case .valueNotFound(let type, let context):
      return "found null where \(kindName(of: type)) is required\(location(context.codingPath))"
    case .keyNotFound(let key, let context):
      return "the required key \"\(key.stringValue)\" is missing\(location(context.codingPath))"
    @unknown default:
      return "\(error)"
    }
  }

  /// ` at listings[2].title`, or ` at the top level` for an empty path.
  private static func location(_ codingPath: [any CodingKey]) -> String {
    codingPath.isEmpty ? " at the top level" : " at \(pathString(codingPath))"
  }
}

/// The bytes to decode and a name to call them by.
public struct Input {
  /// How the input is called in messages: its path, or the sample's name.
  public let name: String

  /// The contents of the input.
  public let data: Data

  /// An input called `name` whose contents are `data`.
  public init(name: String, data: Data) {
    self.name = name
    self.data = data
  }

  /// Reads a file given on the command line.
  static func file(atPath path: String) throws -> Input {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw InputError(message: "cannot read \(path): it is a directory, not a JSON file")
    }
    do {
      return Input(name: path, data: try Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
      throw InputError(message: "cannot read \(path): \((error as NSError).localizedDescription)")
    }
  }

  /// Reads the sample feed bundled with the demo as a resource.
  public static func bundledSample() throws -> Input {
    guard let url = Bundle.module.url(forResource: "listings", withExtension: "json") else {
      throw InputError(message: "the bundled listings.json is missing from \(Bundle.module)")
    }
    do {
      return Input(name: "the bundled sample listings.json", data: try Data(contentsOf: url))
    } catch {
      throw InputError(message: "cannot read the bundled listings.json: \(error)")
    }
  }
}

/// An input that could not be read, with the message to show.
struct InputError: Error, CustomStringConvertible {
  /// What went wrong, for people.
  let message: String

  var description: String { message }
}

/// A coding path written as `listings[1].price`: integer keys as `[n]`, others joined by `.`.
func pathString(_ codingPath: [any CodingKey]) -> String {
  var path = ""
  for key in codingPath {
    if let index = key.intValue {
      path += "[\(index)]"
    } else {
      path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
    }
  }
  return path
}

/// A path with every index written `[*]`: `listings[2].photos[0]` as `listings[*].photos[*]`.
func indexPattern(of path: String) -> String {
  var pattern = ""
  var inIndex = false
  for character in path {
    switch character {
    case "[":
      inIndex = true
      pattern += "[*]"
    case "]":
      inIndex = false
    default:
      if !inIndex { pattern.append(character) }
    }
  }
  return pattern
}

/// The JSON kind a Swift type is decoded from, named for people.
func kindName(of type: Any.Type) -> String {
  let name = "\(type)"
  if name.hasPrefix("Dictionary<") { return "an object" }
  if name.hasPrefix("Array<") { return "an array" }
  return "a value of type \(name)"
}

/// A short account of an error recovered from, for the report.
func summary(of error: any Error) -> String {
  switch error {
  case let novel as UnknownNovelValueError:
    return "unknown novel value \"\(novel.novelValue)\""
  case DecodingError.typeMismatch(let type, _):
    return "not \(kindName(of: type))"
  case DecodingError.valueNotFound(let type, _):
    return "null where \(kindName(of: type)) was expected"
  case DecodingError.keyNotFound(let key, _):
    return "the required key \"\(key.stringValue)\" is missing"
  case DecodingError.dataCorrupted(let context):
    return context.debugDescription
  default:
    return "\(error)"
  }
}
