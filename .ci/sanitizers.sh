#!/usr/bin/env bash
# Runs the whole test suite under the thread sanitizer, then under the address sanitizer,
# each in its own scratch path (.build-tsan, .build-asan), and fails on any test failure or
# sanitizer report. Usage: bash .ci/sanitizers.sh
#
# The suite includes one reporter shared by concurrent decodes, a reporter flushed while
# another thread decodes (SharedReporterTests, HostileInputTests) and the per-thread state of
# dictionaries (ReportScopeTests), which is what the thread sanitizer is here for.
# RESILIENT_SANITIZER asks the hostile-input tests for a smaller flushed array, since the
# instrumented library is much slower.
set -euo pipefail

cd "$(dirname "$0")/.."
export RESILIENT_SANITIZER=1
# Let the sanitizer report a crash itself; Swift's backtracer would only delay it.
export SWIFT_BACKTRACE=enable=no

log=$(mktemp)
trap 'rm -f "$log"' EXIT

run() {
  local sanitizer=$1 scratch=$2
  local started=$SECONDS
  echo "==> swift test --sanitize=$sanitizer --scratch-path $scratch"
  local status=0
  swift test --sanitize="$sanitizer" --scratch-path "$scratch" >"$log" 2>&1 || status=$?
  if grep -qE "(Thread|Address|Leak|UndefinedBehavior)Sanitizer" "$log"; then
    grep -E -A30 "(Thread|Address|Leak|UndefinedBehavior)Sanitizer" "$log" | head -n 80 >&2
    echo "sanitizers: $sanitizer sanitizer reported a problem" >&2
    exit 1
  fi
  if ((status != 0)); then
    grep -E "error:|failed|Fatal error" "$log" | head -n 40 >&2 || tail -n 40 "$log" >&2
    echo "sanitizers: swift test --sanitize=$sanitizer failed (exit $status)" >&2
    exit "$status"
  fi
  local summary
  summary=$(grep -E "^[[:space:]]*Executed [0-9]+ tests?, with 0 failures" "$log" | tail -n 1)
  if [[ -z $summary ]]; then
    tail -n 20 "$log" >&2
    echo "sanitizers: no XCTest summary in the $sanitizer run" >&2
    exit 1
  fi
  local testing
  testing=$(grep -oE "Test run with [0-9]+ tests? in [0-9]+ suites? passed" "$log" | tail -n 1)
  if [[ -z $testing ]]; then
    tail -n 20 "$log" >&2
    echo "sanitizers: no Swift Testing summary in the $sanitizer run" >&2
    exit 1
  fi
  echo "    $sanitizer sanitizer: clean;${summary/	 Executed/ executed}; ${testing,}" \
    "[$((SECONDS - started)) s]"
}

# halt_on_error turns the first report into a failure instead of a line in the log.
TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1${TSAN_OPTIONS:+:$TSAN_OPTIONS}" \
  run thread .build-tsan
# Leak detection is off here: XCTest on Linux never releases its test-case instances (nor the
# fixtures they hold), which LeakSanitizer lists by the dozen, none in the library. Leaks are
# checked by Fuzz/run.sh instead, where LeakSanitizer looks at every input on its own.
ASAN_OPTIONS="halt_on_error=1:detect_leaks=0:strict_string_checks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
  run address .build-asan
echo "sanitizers: 2 runs clean (thread, address)"
