#!/usr/bin/env bash
# Measures what @Resilient costs a client's build, on two layers of generated models, each
# compiled as plain Decodable and with @Resilient against the library's release module, at
# -Onone, -O and -Osize, the variants in turn:
#
# - shapes: every shape the README shows, each model with its own element types, at 10 and 50
#   models; processor and wall time (medians) and code size as ratios to plain. Fails if the
#   50-model layer is over a limit: code <= 1.10x plain at -O and -Osize, processor time
#   <= 1.20x at -O and -Osize and <= 1.25x at -Onone.
# - ten: 50 internal models of ten @Resilient properties (Int?, String?, Double?, [Item],
#   [String: Item], Kind, Set<String>, [Kind], [Int], Kind?), each with its own Item and Kind;
#   the plain twin without the wrappers and without importing the library. Each file compiled
#   alone as module Client; wall time, best of five; .text of the object. Fails over: wall
#   time 1.30x plain at -Onone, 1.15x at -O, 1.18x at -Osize; .text 1.05x at -O and -Osize.
#
#   ./build-cost.sh              both layers, five compilations of each file, interleaved
#   ./build-cost.sh --layers ten the ten-property layer only (or --layers shapes)
#   ./build-cost.sh --smoke      two models per layer, one compilation each, no limits: for CI
#   ./build-cost.sh --no-check   never fails on a ratio
#   ./build-cost.sh --layers ten --library-modules DIR
#                                also compiles the ten layer's resilient file against the
#                                ResilientDecoding module in DIR, another build of a library of
#                                that name (such as the original, built with
#                                `swift build -c release --scratch-path S` in its checkout; DIR
#                                is then S/release/Modules), in turn with the others; its ratios
#                                are printed beside, with no limit
#
# Other arguments go to resilient-build-cost (e.g. --sizes 10,25,50 --repeat 5 --keep DIR);
# `resilient-build-cost --help` lists them.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"

echo "# building the library's release module and resilient-build-cost" >&2
swift build -c release --target ResilientDecoding >&2
swift build -c release --product resilient-build-cost >&2
bin="$(swift build -c release --show-bin-path)"
exec "$bin/resilient-build-cost" --modules "$bin/Modules" --swiftc "$(command -v swiftc)" "$@"
