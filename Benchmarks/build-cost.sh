#!/usr/bin/env bash
# Measures what @Resilient costs a client's build: a generated layer of models with every shape
# the README shows, each model with its own element types, compiled as plain Decodable and with
# @Resilient against the library's release module, at -Onone, -O and -Osize, the variants in
# turn. Prints processor and wall time and code size as ratios to plain, and fails if the
# largest layer (50 models) is over a limit: code <= 1.10x plain at -O and -Osize, processor
# time <= 1.20x at -O and -Osize and <= 1.25x at -Onone.
#
#   ./build-cost.sh              sizes 10 and 50, five compilations of each, interleaved
#   ./build-cost.sh --smoke      two models, one compilation each, no limits: for CI
#   ./build-cost.sh --no-check   never fails on a ratio
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
