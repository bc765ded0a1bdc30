#!/usr/bin/env bash
# Compares plain Codable with @Resilient on every workload and checks the performance limits.
#
#   ./compare.sh                 release build; ratios, allocations; fails above the limits
#                                (resilient / plain <= 1.05 on clean data, <= 1.15 on dirty;
#                                ints.hostile: time <= 4.0, peak memory <= 12.0)
#   ./compare.sh --no-check      the same, never fails on a ratio
#   ./compare.sh --debug         debug build of the library and the benchmarks (both
#                                unoptimised, DEBUG diagnostics on); limit 2.0 on clean and
#                                dirty data, ints.hostile 6.0 (time) and 16.0 (memory)
#   ./compare.sh --instructions  also count instructions of one run of each side under
#                                valgrind's callgrind, at a tenth of the sizes (repeatable for
#                                one binary, whatever else the machine is doing)
#   ./compare.sh --harness       also run the same workloads under ordo-one/benchmark
#                                (percentiles of wall clock, CPU time, allocations)
#   ./compare.sh --smoke         tiny documents, a few trials, no limits: checks that the whole
#                                package (harness target included) builds and runs, for CI
#
# Any other argument goes to resilient-compare (e.g. --only array.clean,ints.clean or
# --trials 51); `resilient-compare --help` lists them.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"

configuration=release
check=1
smoke=0
instructions=0
harness=0
passthrough=()
for argument in "$@"; do
  case "$argument" in
    --no-check) check=0 ;;
    --debug) configuration=debug ;;
    --smoke) smoke=1 ;;
    --instructions) instructions=1 ;;
    --harness) harness=1 ;;
    -h | --help)
      sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *) passthrough+=("$argument") ;;
  esac
done

limits=()
if [[ $configuration == debug ]]; then
  limits=(--clean-limit 2.0 --dirty-limit 2.0 --hostile-limit 6.0 --memory-limit 16.0)
fi
if [[ $check == 0 ]]; then
  limits+=(--no-check)
fi

if [[ $smoke == 1 ]]; then
  # Smoke: build every target (the harness benchmark too) in debug, which is the quickest
  # build, then run each workload a few times on tiny documents.
  swift build -c debug >&2
  exec "$(swift build -c debug --show-bin-path)/resilient-compare" --smoke \
    "${passthrough[@]+"${passthrough[@]}"}"
fi

echo "# building resilient-compare ($configuration)" >&2
swift build -c "$configuration" --product resilient-compare >&2
bin="$(swift build -c "$configuration" --show-bin-path)"

status=0
"$bin/resilient-compare" "${limits[@]+"${limits[@]}"}" \
  "${passthrough[@]+"${passthrough[@]}"}" || status=$?

if [[ $instructions == 1 ]]; then
  if ! command -v valgrind > /dev/null || ! command -v callgrind_annotate > /dev/null; then
    echo "# --instructions needs valgrind (callgrind and callgrind_annotate)" >&2
    exit 2
  fi
  only=()
  for ((i = 0; i < ${#passthrough[@]}; i++)); do
    if [[ ${passthrough[$i]} == --only ]]; then only=(--only "${passthrough[$((i + 1))]}"); fi
  done
  if [[ ${#only[@]} -eq 0 ]]; then
    names=$("$bin/resilient-compare" --list)
  else
    names=$(tr ',' '\n' <<< "${only[1]}")
  fi
  scratch="$(mktemp -d)"
  trap 'rm -rf "$scratch"' EXIT
  echo
  echo "# instructions of one decode of each side, at a tenth of the sizes (callgrind)"
  printf '%-22s %16s %16s %6s %18s %18s\n' workload "instr(plain)" "instr(resilient)" ratio \
    "instr/elem(plain)" "instr/elem(res.)"
  for name in $names; do
    out="$scratch/$name.out"
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out" \
      --collect-atstart=no \
      --toggle-collect='*rdbenchMeasurePlain*' --toggle-collect='*rdbenchMeasureResilient*' \
      "$bin/resilient-compare" --callgrind --scale tenth --warmups 1 --only "$name" \
      > "$scratch/$name.log" 2>&1
    elements=$(awk -v n="$name" '$1 == n { print $2 }' "$scratch/$name.log")
    callgrind_annotate --auto=no --inclusive=yes "$out" 2> /dev/null | awk -v name="$name" \
      -v elements="$elements" '
      /rdbenchMeasurePlain/ && !plain { gsub(",", "", $1); plain = $1 }
      /rdbenchMeasureResilient/ && !resilient { gsub(",", "", $1); resilient = $1 }
      END {
        printf "%-22s %16d %16d %6.3f %18.0f %18.0f\n", name, plain, resilient,
          resilient / plain, plain / elements, resilient / elements
      }'
  done
fi

if [[ $harness == 1 ]]; then
  echo
  echo "# ordo-one/benchmark"
  swift package benchmark --no-progress --grouping metric || status=$?
fi

exit "$status"
