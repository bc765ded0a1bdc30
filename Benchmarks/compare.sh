#!/usr/bin/env bash
# Compares @Resilient with plain Codable and with a hand-written floor on every workload, and
# checks the performance limits on instruction counts.
#
#   ./compare.sh                  release build: wall time (ratios, allocations) of a full-size
#                                 run, then instructions of one decode of each side under
#                                 valgrind's callgrind at a tenth of the sizes (repeatable for
#                                 one binary, whatever else the machine is doing); fails if an
#                                 instruction ratio is over its limit: resilient / plain <= 1.02
#                                 on clean data, resilient / floor <= 1.05 on dirty data,
#                                 resilient / plain <= 5.0 on recursive chains and <= 1.05 on
#                                 the real payloads (payload.*: twitter.json and
#                                 citm_catalog.json, read from $RESILIENT_BENCHMARK_DATA,
#                                 default ../shared/data beside the repository; skipped when
#                                 missing); and
#                                 ints.hostile: time <= 4.0, peak memory <= 1.5 of plain's and
#                                 <= 1.25 of no reporter's; ints.lastgood: peak memory <= 1.5
#   ./compare.sh --debug          the same with the library and the benchmarks unoptimised
#                                 (DEBUG diagnostics on): limit 1.5 on clean and dirty data
#                                 and payloads, 7.0 on recursive chains, ints.hostile 6.0
#                                 (time) and 16.0 (memory); the other memory limits as in
#                                 release
#   ./compare.sh --no-check       the same, never fails on a ratio
#   ./compare.sh --no-instructions  wall time only (no valgrind needed; only the limits of
#                                 ints.hostile and ints.lastgood are checked)
#   ./compare.sh --no-wall-time   instructions only
#   ./compare.sh --harness        also run the same workloads under ordo-one/benchmark
#                                 (percentiles of wall clock, CPU time, allocations)
#   ./compare.sh --smoke          tiny documents, a few trials, no limits: checks that the whole
#                                 package (harness target included) builds and runs, for CI
#
# Any other argument goes to resilient-compare (e.g. --only array.clean,ints.clean or
# --trials 51); `resilient-compare --help` lists them.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"

configuration=release
check=1
smoke=0
instructions=1
wall_time=1
harness=0
passthrough=()
for argument in "$@"; do
  case "$argument" in
    --no-check) check=0 ;;
    --debug) configuration=debug ;;
    --smoke) smoke=1 ;;
    --instructions) instructions=1 ;;
    --no-instructions) instructions=0 ;;
    --no-wall-time) wall_time=0 ;;
    --harness) harness=1 ;;
    -h | --help)
      sed -n '2,33p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *) passthrough+=("$argument") ;;
  esac
done

clean_limit=1.02
# A clean array of records while a reporter that names records exists: each element holds
# what is reported inside it, to name it (one pass).
identified_limit=1.10
dirty_limit=1.05
recursive_limit=5.0
payload_limit=1.05
limits=()
if [[ $configuration == debug ]]; then
  clean_limit=1.5
  identified_limit=1.5
  dirty_limit=1.5
  recursive_limit=7.0
  payload_limit=1.5
  limits=(--hostile-limit 6.0 --memory-limit 16.0)
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
if [[ $wall_time == 1 ]]; then
  "$bin/resilient-compare" "${limits[@]+"${limits[@]}"}" \
    "${passthrough[@]+"${passthrough[@]}"}" || status=$?
fi

if [[ $instructions == 1 ]]; then
  if ! command -v valgrind > /dev/null || ! command -v callgrind_annotate > /dev/null; then
    echo "# instruction counts need valgrind (callgrind and callgrind_annotate);" \
      "use --no-instructions to measure wall time only" >&2
    exit 2
  fi
  only=()
  for ((i = 0; i < ${#passthrough[@]}; i++)); do
    if [[ ${passthrough[$i]} == --only ]]; then only=(--only "${passthrough[$((i + 1))]}"); fi
  done
  # --list names the workloads that can run here: a payload whose file is missing is not
  # counted (resilient-compare said why in the wall-time run).
  available=$("$bin/resilient-compare" --list)
  if [[ ${#only[@]} -eq 0 ]]; then
    names=$available
  else
    names=""
    for name in $(tr ',' '\n' <<< "${only[1]}"); do
      if grep -qxF "$name" <<< "$available"; then
        names+="$name"$'\n'
      else
        echo "# $name: skipped, its file is missing (see RESILIENT_BENCHMARK_DATA in README.md)"
      fi
    done
  fi
  categories=$("$bin/resilient-compare" --categories)
  scratch="$(mktemp -d)"
  trap 'rm -rf "$scratch"' EXIT
  echo
  echo "# instructions of one decode of each side, at a tenth of the sizes (callgrind, $configuration),"
  echo "# everything the decode runs, the runtime's generic metadata cache included; cache%: the"
  echo "# share of that cache in each side's count, plain/floor/resilient (see README)"
  printf '%-25s %13s %13s %13s %6s %6s %11s %11s %11s %15s\n' workload "instr(plain)" \
    "instr(floor)" "instr(res.)" ÷plain ÷floor "/elem(plain)" "/elem(floor)" "/elem(res.)" \
    "cache%(p/f/r)"
  failures=()
  for name in $names; do
    # Each side is counted in a run of its own, after every side's warm-up. The count is all
    # the decode runs: the lookups in the runtime's cache of generic metadata are paid by the
    # user too. How many probes a lookup takes depends on where the binary's metadata lands,
    # which moves from build to build, so the share of that cache is printed beside the
    # ratios. Counts are printed with %.0f: some pass 2^31, where mawk's %d stops.
    category=$(awk -v n="$name" '$1 == n { print $2 }' <<< "$categories")
    # Memory and big-value workloads are held to their peaks and times only, and take minutes
    # under callgrind.
    if [[ $category == memory || $category == bigValue ]]; then continue; fi
    counts=()
    for side in Plain Floor Resilient; do
      # Only dirty workloads have a floor.
      if [[ $side == Floor && $category != dirty ]]; then
        counts+=("0 0")
        continue
      fi
      out="$scratch/$name.$side.out"
      SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out" \
        --collect-atstart=no --toggle-collect="*rdbenchMeasure$side*" \
        "$bin/resilient-compare" --callgrind --scale tenth --warmups 1 --only "$name" \
        > "$scratch/$name.log" 2>&1
      counts+=("$(callgrind_annotate --auto=no --inclusive=yes "$out" 2> /dev/null | awk '
        /PROGRAM TOTALS/ { gsub(",", "", $1); total = $1 }
        /StableAddressConcurrentReadableHashMap<swift::GenericCacheEntry/ && /getOrInsert/ &&
          cache == "" { gsub(",", "", $1); cache = $1 }
        END { printf "%.0f %.0f", total, cache }')")
    done
    elements=$(awk -v n="$name" '$1 == n { print $2 }' "$scratch/$name.log")
    line=$(awk -v name="$name" -v elements="$elements" -v category="$category" \
      -v clean_limit="$clean_limit" -v identified_limit="$identified_limit" \
      -v dirty_limit="$dirty_limit" \
      -v recursive_limit="$recursive_limit" -v payload_limit="$payload_limit" \
      -v plainCounts="${counts[0]}" -v floorCounts="${counts[1]}" -v resCounts="${counts[2]}" '
      BEGIN {
        split(plainCounts, p, " "); split(floorCounts, f, " "); split(resCounts, r, " ")
        plain = p[1]; floor = f[1]; resilient = r[1]
        byFloor = category == "dirty" && floor > 0
        printf "%-25s %13.0f %13s %13.0f %6.3f %6s %11.0f %11s %11.0f %15s", name, plain,
          byFloor ? sprintf("%.0f", floor) : "-", resilient, resilient / plain,
          byFloor ? sprintf("%.3f", resilient / floor) : "-", plain / elements,
          byFloor ? sprintf("%.0f", floor / elements) : "-", resilient / elements,
          sprintf("%.1f/%s/%.1f", 100 * p[2] / plain,
            byFloor ? sprintf("%.1f", 100 * f[2] / floor) : "-", 100 * r[2] / resilient)
        limit = name == "array.clean.identified" ? identified_limit : clean_limit
        if (category == "clean" && resilient / plain > limit) {
          printf " FAIL %.3f > %.2f (clean, ÷plain)", resilient / plain, limit
        }
        if (byFloor && resilient / floor > dirty_limit) {
          printf " FAIL %.3f > %.2f (dirty, ÷floor)", resilient / floor, dirty_limit
        }
        if (category == "recursive" && resilient / plain > recursive_limit) {
          printf " FAIL %.3f > %.2f (recursive, ÷plain)", resilient / plain, recursive_limit
        }
        if (category == "payload" && resilient / plain > payload_limit) {
          printf " FAIL %.3f > %.2f (payload, ÷plain)", resilient / plain, payload_limit
        }
        printf "\n"
      }')
    echo "$line"
    if [[ $line == *FAIL* ]]; then failures+=("$name"); fi
  done
  if [[ $check == 1 ]]; then
    if [[ ${#failures[@]} -eq 0 ]]; then
      echo "# instruction ratios within limits (clean: resilient / plain <= $clean_limit," \
        "array.clean.identified <= $identified_limit;" \
        "dirty: resilient / floor <= $dirty_limit; recursive: resilient / plain" \
        "<= $recursive_limit; payload: resilient / plain <= $payload_limit)"
    else
      echo "# FAIL instruction ratios over their limits: ${failures[*]}"
      status=1
    fi
  fi
fi

if [[ $harness == 1 ]]; then
  echo
  echo "# ordo-one/benchmark"
  swift package benchmark --no-progress --grouping metric || status=$?
fi

exit "$status"
