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
#                                 <= 1.25 of no reporter's; ints.lastgood: peak memory <= 1.5;
#                                 nothing.ints, nothing.records (and .unreported): time and
#                                 peak memory <= 1.5 of the baseline document's; dropping
#                                 workloads: nothing.rows time <= 7.0 of plain's on the twin,
#                                 drop.records <= 2.3, drop.records.identified <= 1.5 of
#                                 drop.records' resilient side; threads.*: resilient scaling
#                                 from 1 to 2 threads >= 0.97 of plain's; and, under callgrind,
#                                 threads.clean: no more pthread_mutex_lock calls than plain in
#                                 100 decodes. Every workload's instructions are counted and
#                                 printed (memory, big-value and dropping workloads at a
#                                 hundredth of the sizes, with no limit on them)
#   ./compare.sh --debug          the same with the library and the benchmarks unoptimised
#                                 (DEBUG diagnostics on): limit 1.25 on clean and dirty data
#                                 and payloads, 7.0 on recursive chains, ints.hostile 6.0
#                                 (time) and 16.0 (memory); no time limit on ratios to plain
#                                 Codable of the dropping workloads; the other limits as in
#                                 release
#   ./compare.sh --no-check       the same, never fails on a ratio
#   ./compare.sh --no-instructions  wall time only (no valgrind needed; only the limits of
#                                 ints.hostile and ints.lastgood are checked)
#   ./compare.sh --no-wall-time   instructions only
#   ./compare.sh --harness        also run the same workloads under ordo-one/benchmark
#                                 (percentiles of wall clock, CPU time, allocations)
#   ./compare.sh --smoke          tiny documents, a few trials, no limits: checks that the whole
#                                 package (harness target included) builds and runs, and, where
#                                 valgrind is, that locks are counted, for CI
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
      sed -n '2,45p' "$0" | sed 's/^# \{0,1\}//'
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
  clean_limit=1.25
  identified_limit=1.25
  dirty_limit=1.25
  recursive_limit=7.0
  payload_limit=1.25
  limits=(--hostile-limit 6.0 --memory-limit 16.0)
fi
if [[ $check == 0 ]]; then
  limits+=(--no-check)
fi

# The workloads named by --only, one a line; empty for all of them.
only_names=""
for ((i = 0; i < ${#passthrough[@]}; i++)); do
  if [[ ${passthrough[$i]} == --only ]]; then
    only_names+="$(tr ',' '\n' <<< "${passthrough[$((i + 1))]:-}")"$'\n'
  fi
done
selected() {
  [[ -z $only_names ]] || grep -qxF "$1" <<< "$only_names"
}

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# Sums the calls of pthread_mutex_lock in a callgrind output file: each `calls=` line after a
# `cfn=` that names it. callgrind compresses names: `(id) name` the first time, `(id)` after.
mutex_calls='
  /^c?fn=/ {
    line = substr($0, index($0, "=") + 1)
    if (match(line, /^\([0-9]+\)/)) {
      id = substr(line, 2, RLENGTH - 2)
      rest = substr(line, RLENGTH + 2)
      if (rest != "") names[id] = rest
      name = names[id]
    } else {
      name = line
    }
    if ($0 ~ /^cfn=/) callee = name
    next
  }
  /^calls=/ {
    split(substr($0, 7), parts, " ")
    if (callee ~ /^_*pthread_mutex_lock(@.*)?$/) total += parts[1]
  }
  END { printf "%.0f", total }'

# Prints "plain resilient": the calls of pthread_mutex_lock that $2 decodes of each side of
# workload $1 make at scale $3, counted under callgrind after a warm-up, each side in a run of
# its own (resilient-compare --locks).
count_locks() {
  local name=$1 decodes=$2 scale=$3 side out counts=()
  for side in Plain Resilient; do
    out="$scratch/$name.locks.$side.out"
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out" \
      --collect-atstart=no --toggle-collect="*rdbenchLocks$side*" \
      "$bin/resilient-compare" --locks "$decodes" --scale "$scale" --warmups 1 --only "$name" \
      > "$scratch/$name.locks.log" 2>&1
    counts+=("$(awk "$mutex_calls" "$out")")
  done
  echo "${counts[*]}"
}

if [[ $smoke == 1 ]]; then
  # Smoke: build every target (the harness benchmark too) in debug, which is the quickest
  # build, then run each workload a few times on tiny documents, and count the locks of a few
  # decodes of threads.clean where valgrind is (no limit).
  swift build -c debug >&2
  bin="$(swift build -c debug --show-bin-path)"
  "$bin/resilient-compare" --smoke "${passthrough[@]+"${passthrough[@]}"}"
  if selected threads.clean && command -v valgrind > /dev/null; then
    read -r plain resilient <<< "$(count_locks threads.clean 10 smoke)"
    echo "# pthread_mutex_lock calls in 10 decodes of threads.clean (smoke, no limit):" \
      "plain $plain, resilient $resilient"
    if [[ $plain -le 0 ]]; then
      echo "# FAIL no pthread_mutex_lock call counted: the count is broken" >&2
      exit 1
    fi
  fi
  exit 0
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
  # --list names the workloads that can run here: a payload whose file is missing is not
  # counted (resilient-compare said why in the wall-time run).
  available=$("$bin/resilient-compare" --list)
  if [[ -z $only_names ]]; then
    names=$available
  else
    names=""
    for name in $only_names; do
      if grep -qxF "$name" <<< "$available"; then
        names+="$name"$'\n'
      else
        echo "# $name: skipped, its file is missing (see RESILIENT_BENCHMARK_DATA in README.md)"
      fi
    done
  fi
  categories=$("$bin/resilient-compare" --categories)
  echo
  echo "# instructions of one decode of each side, at a tenth of the sizes (a hundredth for memory,"
  echo "# big-value and dropping workloads; callgrind, $configuration), everything the decode"
  echo "# runs, the runtime's generic metadata cache included; cache%: the share of that cache in"
  echo "# each side's count, plain/floor/resilient (see README); ÷plain: ÷ the workload's first"
  echo "# side (for memory and drop.records.identified workloads, the baseline document or decode)"
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
    # Memory, big-value and dropping workloads are held to their peaks and times only; at a
    # tenth of the sizes they take minutes under callgrind, so they are counted at a hundredth,
    # for the record.
    scale=tenth
    if [[ $category == memory || $category == bigValue || $category == dropping ]]; then
      scale=hundredth
    fi
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
        "$bin/resilient-compare" --callgrind --scale "$scale" --warmups 1 --only "$name" \
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

  # Locks: the calls of pthread_mutex_lock in 100 decodes of each side of the threads
  # workloads, after a warm-up. JSONDecoder itself takes locks, so plain's count is not zero;
  # on a clean array, @Resilient must take no more (a lock per decode serialises threads).
  lock_names=$(awk '$2 == "threads" { print $1 }' <<< "$categories")
  printed=0
  for name in $lock_names; do
    if ! selected "$name"; then continue; fi
    if [[ $printed == 0 ]]; then
      echo
      echo "# pthread_mutex_lock calls in 100 decodes of each side, after a warm-up (callgrind,"
      echo "# $configuration, a tenth of the sizes); limit: threads.clean, resilient <= plain"
      printf '%-25s %13s %13s %13s\n' workload "locks(plain)" "locks(res.)" "res. - plain"
      printed=1
    fi
    read -r plain resilient <<< "$(count_locks "$name" 100 tenth)"
    line=$(printf '%-25s %13s %13s %13s' "$name" "$plain" "$resilient" "$((resilient - plain))")
    if [[ $plain -le 0 ]]; then
      line+=" FAIL no lock counted on the plain side: the count is broken"
    elif [[ $name == threads.clean && $resilient -gt $plain ]]; then
      line+=" FAIL $((resilient - plain)) more than plain"
    fi
    echo "$line"
    if [[ $line == *FAIL* && $check == 1 ]]; then status=1; fi
  done
fi

if [[ $harness == 1 ]]; then
  echo
  echo "# ordo-one/benchmark"
  swift package benchmark --no-progress --grouping metric || status=$?
fi

exit "$status"
