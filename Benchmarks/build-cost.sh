#!/usr/bin/env bash
# Measures what @Resilient costs a client's build: a generated layer of models compiled as
# plain Decodable and with @Resilient against the library's release module, at -Onone, -O and
# -Osize, and with the least a decoding property wrapper can be (PropertyWrapperFloor, in two
# forms), to show what the wrapper syntax costs on its own. Prints compile time (processor
# time) and code size as ratios to plain, and fails if the largest layer (50 models) is over a
# limit: code <= 1.15x plain at -O and -Osize, compile time <= 1.25x at -O and -Osize, and at
# -Onone <= 1.25x or the wrapper floor's ratio in the same run, whichever is higher
# (@Resilient only).
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
swift build -c release --target PropertyWrapperFloor >&2
swift build -c release --product resilient-build-cost >&2
bin="$(swift build -c release --show-bin-path)"
exec "$bin/resilient-build-cost" --modules "$bin/Modules" --swiftc "$(command -v swiftc)" "$@"
