@_spi(Testing) import ResilientDecoding

// TEMPORARY, removed once every test records assertions with `recordingAssertions`.

struct Captured<Value> {
  let value: Value
  #if DEBUG
    let assertions: [String]
  #endif
}

func capturingAssertions<Value>(_ body: () throws -> Value) rethrows -> Captured<Value> {
  let (value, messages) = try recordingAssertions(body)
  #if DEBUG
    return Captured(value: value, assertions: messages)
  #else
    _ = messages
    return Captured(value: value)
  #endif
}
