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

/// Runs `body` with the library's assertions recorded instead of stopping the process, and
/// returns what `body` returned with the messages of the assertions it raised (always none in
/// release).
///
/// Recording is scoped to the calling task (a task-local recorder behind one handler installed
/// for the whole process), so tests that run in parallel never see each other's assertions.
/// An assertion raised outside any recording, or on a thread the task did not start, stops the
/// process as it would in an app.
func recordingAssertions<Value>(
  _ body: () throws -> Value
) rethrows -> (value: Value, messages: [String]) {
  #if DEBUG
    AssertionRecording.installOnce()
    let messages = LockedList<String>()
    let value = try AssertionRecording.$recorder.withValue(messages) { try body() }
    return (value, messages.elements)
  #else
    return (try body(), [])
  #endif
}

#if DEBUG
  /// The task-local destination of the library's assertions while a test records them.
  enum AssertionRecording {
    @TaskLocal static var recorder: LockedList<String>?

    /// Routes the library's assertions to the recorder of the task that raised them, if any,
    /// and to the library's own handler otherwise.
    private static let handlerInstalled: Bool = {
      let original = AssertionHandler.current
      AssertionHandler.current = { message, file, line in
        if let recorder { recorder.append(message) } else { original(message, file, line) }
      }
      return true
    }()

    static func installOnce() {
      _ = handlerInstalled
    }
  }
#endif
