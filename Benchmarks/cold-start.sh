#!/usr/bin/env bash
# Measures the first decode in a large binary: a generated app whose image holds about 76,000
# protocol-conformance records (a ballast of 15,000 empty structs conforming to four protocols
# each and 2,000 Decodable & Hashable structs) decodes 20 models once, first, in a fresh
# process: plain Codable, then @Resilient on clean data, on dirty data, and on dirty data
# with a reporter, and the floor (recovery written by hand) on dirty data without and with a
# log. Release build. Prints the medians of the first decode and their ratios to plain and to
# each one's baseline (plain for clean data, the floor for dirty data), and the
# protocol-conformance scans of each (with gdb); fails if a ratio to the baseline is over 1.05
# (1.10 for the reporter against the floor with a log) or if @Resilient does a conformance
# scan that plain does not.
#
#   ./cold-start.sh                 15 rounds; the first run generates and builds the app (the
#                                   ballast takes minutes to compile; later runs reuse it)
#   ./cold-start.sh --smoke         200 empty structs, 20 Decodable ones, 2 models, 1 round,
#                                   no time limit, but fails on a conformance scan that plain
#                                   does not do (when gdb is there): for CI
#   ./cold-start.sh --instructions  also counts each first decode's instructions under
#                                   valgrind's callgrind (a process each, a few minutes)
#   ./cold-start.sh --no-check      never fails
#   ./cold-start.sh --ballast N     N empty structs (and N / 7.5 Decodable ones); also
#                   --decodable N, --models N, --runs N, --limit R, --reporter-limit R,
#                   --no-scans
#
# The generated package lives in .build/cold-start/ (one folder per size).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"

ballast=15000
decodable=""
models=20
runs=15
measure=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --smoke)
      ballast=200
      decodable=20
      models=2
      runs=1
      measure+=(--scans-only)
      ;;
    --ballast) ballast=$2; shift ;;
    --decodable) decodable=$2; shift ;;
    --models) models=$2; shift ;;
    --runs) runs=$2; shift ;;
    --limit) measure+=(--limit "$2"); shift ;;
    --reporter-limit) measure+=(--reporter-limit "$2"); shift ;;
    --no-check) measure+=(--no-check) ;;
    --instructions)
      if ! command -v valgrind > /dev/null; then
        echo "cold-start.sh: --instructions needs valgrind" >&2
        exit 2
      fi
      measure+=(--valgrind "$(command -v valgrind)")
      ;;
    --no-scans) measure+=(--no-scans) ;;
    -h | --help)
      sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "cold-start.sh: unknown argument $1 (see --help)" >&2
      exit 2
      ;;
  esac
  shift
done
if [[ -z $decodable ]]; then decodable=$((ballast * 2 / 15)); fi
if command -v gdb > /dev/null; then
  measure+=(--gdb "$(command -v gdb)")
else
  measure+=(--no-scans)
  echo "# gdb is not installed: conformance scans are not counted" >&2
fi

echo "# building resilient-cold-start" >&2
swift build -c release --product resilient-cold-start >&2
tool="$(swift build -c release --show-bin-path)/resilient-cold-start"

package="$here/.build/cold-start/ballast-$ballast-$decodable-models-$models"
echo "# generating $package" >&2
"$tool" generate --out "$package" --library "$(cd .. && pwd)" --ballast "$ballast" \
  --decodable "$decodable" --models "$models" >&2
echo "# building the app (release)" >&2
start=$SECONDS
# No debug information: the app is only run and broken into at runtime symbols.
swift build -c release --package-path "$package" -Xswiftc -gnone >&2
echo "# built in $((SECONDS - start)) s" >&2
app="$(swift build -c release --package-path "$package" --show-bin-path)/ColdStartApp"

records=""
if command -v readelf > /dev/null; then
  # Each record of the section is a 4-byte relative pointer.
  # readelf -SW: name, type, address, offset, size.
  size=$(readelf -SW "$app" | awk '{
    for (i = 1; i <= NF; i++) if ($i == "swift5_protocol_conformances") print $(i + 4) }')
  if [[ -n $size ]]; then records=" ($((16#$size / 4)) conformance records in the executable)"; fi
fi
echo "# app: $ballast empty structs, $decodable Decodable structs, $models models$records"
exec "$tool" measure --app "$app" --runs "$runs" "${measure[@]+"${measure[@]}"}"
