@_spi(Testing) import ResilientDecoding

// The library raises an assertion (DEBUG only) when a declaration cannot be made resilient.
// Tests record those assertions instead of stopping the process, through the library's
// `AssertionHandler` hook, and check what they say.

/// Whether the tests were built in DEBUG, where `$x` and the library's assertions exist.
let isDebugBuild: Bool = {
  #if DEBUG
    return true
  #else
    return false
  #endif
}()

/// How many library assertions a block that misuses the library `times` times raises: that
/// many in DEBUG, none in release.
func expectedAssertionCount(_ times: Int) -> Int {
  isDebugBuild ? times : 0
}

/// Runs `body` with the library's assertions recorded instead of stopping the process,
/// restoring the previous handler afterwards, and returns what `body` returned with the
/// messages of the assertions it raised (always none in release).
///
/// The handler is global: tests that call this must not run in parallel with each other
/// (XCTest runs test methods one at a time; Swift Testing suites that use it are `.serialized`).
func recordingAssertions<Value>(
  _ body: () throws -> Value
) rethrows -> (value: Value, messages: [String]) {
  #if DEBUG
    let messages = LockedList<String>()
    let previous = AssertionHandler.current
    AssertionHandler.current = { message, _, _ in messages.append(message) }
    defer { AssertionHandler.current = previous }
    let value = try body()
    return (value, messages.elements)
  #else
    return (try body(), [])
  #endif
}

/// Checks that `messages` holds exactly one assertion (none in release) and that it contains
/// every fragment: the declaration that was wrong and what to write instead.
func assertSingleAssertion(
  _ messages: [String],
  mentioning fragments: [String],
  file: StaticString = #filePath,
  line: UInt = #line
) {
  expectEqual(messages.count, expectedAssertionCount(1), "\(messages)", file: file, line: line)
  guard let message = messages.first else { return }
  for fragment in fragments where !message.contains(fragment) {
    recordFailure("\"\(message)\" does not mention \"\(fragment)\"", file: file, line: line)
  }
}
