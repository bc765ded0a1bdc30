#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

// A resilient string-keyed dictionary has to decode its entries through a wrapper that catches
// each entry's error: decoders only keep the keys as written (ignoring `keyDecodingStrategy`)
// for a `[String: X]`, so the entries cannot be read one by one from a keyed container. With
// `JSONDecoder` the wrapper costs as much again as a small struct per entry (about 9% of
// decoding a `[String: Item]`), the same as a hand-written `Lossy<T>` wrapper would.
//
// Clean data needs no wrapper, so a dictionary of plain `Decodable` values is first decoded
// as plain `Codable` decodes `[String: T]`. If that succeeds, the result is exactly what the
// entry-by-entry decoding gives, for a fraction of the cost. If it throws, the dictionary is
// decoded again, entry by entry. So that the first attempt has no effect that the second would
// repeat, errors reported and (in DEBUG) misuse asserted while it runs are not passed on: they
// only mark the attempt as spoiled, and a spoiled attempt is decoded again too.
//
// A failed attempt costs the decoder's set-up of the dictionary (about 12% with `JSONDecoder`)
// plus the entries decoded before the one that failed; `init(from:)` of those entries runs
// twice. To keep that off data that is dirty all the time, a thread that saw an attempt fail
// for a type of values decodes that type entry by entry straight away for its next
// `skippedAttemptsAfterFailure` dictionaries.
//
// The same per-thread state holds back the reports made while a dictionary decodes entry by
// entry (see `beginCapture()`), so that the dictionary can pass them on in key order: decoders
// hand entries over in hash order, and errors from inside an entry's value (a nested
// `@Resilient` property) would otherwise come in a different order on every run.
//
// The state is per thread (decoding is synchronous, so everything an attempt triggers runs on
// the thread that started it). Where threads have no POSIX thread-local storage, there are no
// attempts.

#if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
  /// What one thread knows about optimistic decoding: whether an attempt is running, whether it
  /// was spoiled, and which types of values recently failed an attempt.
  @usableFromInline
  final class OptimisticDecoding {
    /// How many dictionaries of a type are decoded entry by entry after an attempt failed.
    static let skippedAttemptsAfterFailure = 32

    /// How many attempts are running on this thread, nested in one another.
    private var depth = 0

    /// Whether something was reported or asserted during the innermost running attempt.
    private var isSpoiled = false

    /// For each type of values whose attempt failed recently, how many attempts to skip.
    private var skipsLeft: [ObjectIdentifier: Int] = [:]

    /// The reports held back by the dictionaries decoding entry by entry, innermost last.
    private var captures: [[CapturedReport]] = []

    private init() {}

    /// The state of the current thread.
    private static var current: OptimisticDecoding {
      if let state = pthread_getspecific(threadKey) {
        return Unmanaged<OptimisticDecoding>.fromOpaque(state).takeUnretainedValue()
      }
      let state = OptimisticDecoding()
      pthread_setspecific(threadKey, Unmanaged.passRetained(state).toOpaque())
      return state
    }

    /// The key of the per-thread state; the state is released when its thread ends.
    private static let threadKey: pthread_key_t = {
      var key = pthread_key_t()
      pthread_key_create(&key) { state in releaseState(state) }
      return key
    }()

    /// Starts an optimistic attempt at decoding values of type `Values`, unless an attempt for
    /// that type failed recently on this thread.
    ///
    /// - Returns: Whether the attempt started; if so, end it with ``end(_:for:succeeded:)``.
    @usableFromInline
    static func begin<Values>(for _: Values.Type) -> Attempt? {
      let state = current
      let type = ObjectIdentifier(Values.self)
      if let skips = state.skipsLeft[type] {
        state.skipsLeft[type] = skips > 1 ? skips - 1 : nil
        return nil
      }
      let attempt = Attempt(outerIsSpoiled: state.isSpoiled)
      state.depth += 1
      state.isSpoiled = false
      return attempt
    }

    /// Ends an attempt started by ``begin(for:)``.
    ///
    /// - Parameter succeeded: Whether the values decoded.
    /// - Returns: Whether the values that decoded may be used: nothing was reported or
    ///   asserted while they did.
    @usableFromInline
    static func end<Values>(_ attempt: Attempt, for _: Values.Type, succeeded: Bool) -> Bool {
      let state = current
      let usable = succeeded && !state.isSpoiled
      state.depth -= 1
      state.isSpoiled = attempt.outerIsSpoiled
      if !usable { state.skipsLeft[ObjectIdentifier(Values.self)] = skippedAttemptsAfterFailure }
      return usable
    }

    /// What an attempt restores when it ends.
    @usableFromInline
    struct Attempt {
      let outerIsSpoiled: Bool
    }

    /// Forgets that an attempt for `Values` failed, when it failed only because the value was
    /// not a dictionary at all (a missing key, `null`, another kind of value).
    @usableFromInline
    static func forgetFailure<Values>(for _: Values.Type) {
      current.skipsLeft[ObjectIdentifier(Values.self)] = nil
    }

    /// Starts holding back the reports made on this thread, until ``endCapture()``.
    @usableFromInline
    static func beginCapture() {
      current.captures.append([])
    }

    /// Stops holding back reports and returns those made since the matching
    /// ``beginCapture()``, in the order they were made.
    @usableFromInline
    static func endCapture() -> [CapturedReport] {
      current.captures.removeLast()
    }

    /// Holds back a report if a capture is running on this thread.
    ///
    /// - Returns: Whether the report was held back.
    static func capture(
      _ error: any Error, at codingPath: [any CodingKey],
      for reporter: ResilientDecodingErrorReporter
    ) -> Bool {
      guard let state = pthread_getspecific(threadKey) else { return false }
      let optimistic = Unmanaged<OptimisticDecoding>.fromOpaque(state).takeUnretainedValue()
      guard !optimistic.captures.isEmpty else { return false }
      optimistic.captures[optimistic.captures.count - 1].append(
        CapturedReport(reporter: reporter, error: error, codingPath: codingPath))
      return true
    }

    /// Whether an attempt is running on this thread; if so, marks it as spoiled, since an
    /// error is being reported or an assertion raised.
    static func spoilRunningAttempt() -> Bool {
      guard let state = pthread_getspecific(threadKey) else { return false }
      let optimistic = Unmanaged<OptimisticDecoding>.fromOpaque(state).takeUnretainedValue()
      guard optimistic.depth > 0 else { return false }
      optimistic.isSpoiled = true
      return true
    }
  }

  /// Releases the state of a thread that ends (the parameter's optionality differs between
  /// platforms, hence a function rather than a closure).
  private func releaseState(_ state: UnsafeMutableRawPointer?) {
    guard let state else { return }
    Unmanaged<OptimisticDecoding>.fromOpaque(state).release()
  }
#else
  /// No thread-local storage here: dictionaries are always decoded entry by entry.
  @usableFromInline
  enum OptimisticDecoding {
    @usableFromInline
    enum Attempt {}

    @usableFromInline
    static func begin<Values>(for _: Values.Type) -> Attempt? { nil }

    @usableFromInline
    static func end<Values>(_ attempt: Attempt, for _: Values.Type, succeeded: Bool) -> Bool {}

    @usableFromInline
    static func forgetFailure<Values>(for _: Values.Type) {}

    @usableFromInline
    static func beginCapture() {}

    @usableFromInline
    static func endCapture() -> [CapturedReport] { [] }

    static func capture(
      _ error: any Error, at codingPath: [any CodingKey],
      for reporter: ResilientDecodingErrorReporter
    ) -> Bool { false }

    static func spoilRunningAttempt() -> Bool { false }
  }
#endif

/// A report held back while a dictionary decodes, to be passed on in key order.
@usableFromInline
struct CapturedReport {
  @usableFromInline let reporter: ResilientDecodingErrorReporter
  @usableFromInline let error: any Error
  @usableFromInline let codingPath: [any CodingKey]
}
