#!/usr/bin/env bash
# Builds the libFuzzer target (address sanitizer on, library instrumented for coverage) and
# fuzzes ResilientDecoding for N seconds, default 60: bash Fuzz/run.sh [N]
#
# Fuzzing starts from a working copy of the seed corpus in Fuzz/corpus-work/ (ignored by git,
# kept between runs so that coverage accumulates). An input that breaks an invariant is saved
# as Fuzz/crash-<hash> (leak-, timeout-, oom- for those); replay it with
# Fuzz/.build/debug/ResilientFuzz Fuzz/crash-<hash>.
# The last line says how many inputs were executed. Exits non-zero if fuzzing found a bug.
set -euo pipefail

seconds=${1:-60}
if ! [[ $seconds =~ ^[0-9]+$ ]] || ((seconds < 1)); then
  echo "usage: bash Fuzz/run.sh [seconds]" >&2
  exit 2
fi
cd "$(dirname "$0")"
fuzz_dir=$PWD

# `--sanitize=fuzzer --sanitize=address` alone builds and links a libFuzzer binary, but the
# compiler keeps only the last `-sanitize=` it is given, so the code would not be
# instrumented for coverage; the combined flag restores it, for the library too. The linker
# lists every address-sanitizer helper it cannot export: that is noise, filtered out.
echo "==> Building the fuzz target"
build_log=$(mktemp)
trap 'rm -f "$build_log"' EXIT
if ! swift build --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address \
  >"$build_log" 2>&1; then
  grep -v "Cannot export local symbol" "$build_log" >&2 || true
  exit 1
fi
grep -v "Cannot export local symbol" "$build_log" | tail -n 1
binary=$(swift build --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address \
  --show-bin-path)/ResilientFuzz

mkdir -p corpus-work
cp corpus/*.json corpus-work/

echo "==> Fuzzing for $seconds s"
fuzz_log=$(mktemp)
trap 'rm -f "$build_log" "$fuzz_log"' EXIT
status=0
# A crash is left to libFuzzer (Swift's own backtracer would only slow it down); leak
# detection stays on, as with any ASan build.
SWIFT_BACKTRACE=enable=no "$binary" corpus-work \
  -max_total_time="$seconds" -dict=json.dict -timeout=10 -rss_limit_mb=4096 \
  -artifact_prefix="$fuzz_dir/" -print_final_stats=1 >"$fuzz_log" 2>&1 || status=$?

grep -E "^#[0-9]+[[:space:]]+(INITED|DONE)|^SUMMARY|Fatal error|^input: |Test unit written" \
  "$fuzz_log" || true
executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$fuzz_log")
corpus_size=$(find corpus-work -type f | wc -l)
if ((status != 0)); then
  echo "(full libFuzzer log: rerun the binary on the saved input)" >&2
  echo "Fuzz: FAILED after ${executions:-?} executions; the input is saved as" \
    "$fuzz_dir/{crash,leak,timeout,oom}-<hash>" >&2
  exit "$status"
fi
echo "Fuzz: ${executions} executions in ${seconds} s, no invariant broken" \
  "(corpus: ${corpus_size} inputs)"
