#!/usr/bin/env bash
# Proves the README's install line as written: a new client package whose manifest is the
# README's `<!-- sample: manifest -->` block, with only the URL pointed at a local copy of
# this checkout (file://, no network), resolves the package with the README's requirement
# and builds a target that uses @Resilient and the reporter. The copy's `main` branch is this
# checkout's HEAD, so a `branch: "main"` requirement resolves to the commit under test. Then
# the README's Podfile line and the podspec are checked to name the same repository and ref.
# Usage: bash .ci/install-check.sh
set -euo pipefail

cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() {
  printf '\n.ci/install-check.sh: FAILED: %s\n' "$*" >&2
  exit 1
}

readme_url="https://github.com/OWNER/ResilientDecoding.git"
remote="$work/remote/ResilientDecoding"
git clone -q --no-local "$root" "$remote"
git -C "$remote" checkout -q -B main "$(git -C "$root" rev-parse HEAD)"

# The manifest block of the README, its URL replaced.
manifest=$(awk '
  /<!-- sample: manifest -->/ { armed = 1; next }
  armed && /^```swift/ { inside = 1; next }
  inside && /^```/ { exit }
  inside { print }
' README.md)
[[ -n "$manifest" ]] || fail "README.md has no <!-- sample: manifest --> block"
grep -qF "$readme_url" <<<"$manifest" || fail "the README's manifest block does not use $readme_url"
echo "The README's manifest block:"
echo "$manifest"

client="$work/MyApp"
mkdir -p "$client/Sources/MyApp"
{
  echo '// swift-tools-version: 5.9'
  echo 'import PackageDescription'
  echo
  echo 'let package = Package('
  echo '  name: "MyApp",'
  echo "${manifest//$readme_url/file://$remote}"
  echo ')'
} >"$client/Package.swift"
cat >"$client/Sources/MyApp/Listing.swift" <<'EOF'
import Foundation
import ResilientDecoding

public struct Listing: Decodable {
  @Resilient public var prices: [Double]
}

public func decodeListing(_ data: Data) throws -> (Listing, ErrorDigest?) {
  try JSONDecoder().decode(Listing.self, from: data, reportResilientDecodingErrors: true)
}
EOF

(cd "$client" && swift package resolve && swift build) || fail "the README's install line"
echo "The README's install line resolves and builds against this checkout."

# CocoaPods cannot run here: check that the README's Podfile line names this repository and
# branch under the podspec's name (the trunk's `ResilientDecoding` is Airbnb's) and that the
# podspec's source agrees.
pod_line="pod 'ResilientDecodingReimplementation', :git => '$readme_url', :branch => 'main'"
grep -qF "\`$pod_line\`" README.md || fail "README.md does not show the Podfile line $pod_line"
grep -qF "s.source = { :git => '$readme_url', :branch => 'main' }" ResilientDecodingReimplementation.podspec ||
  fail "the podspec's source is not $readme_url at main"
grep -q 'branch: "main"' <<<"$manifest" || fail "the SwiftPM and CocoaPods lines follow different refs"
grep -qF "s.name = 'ResilientDecodingReimplementation'" ResilientDecodingReimplementation.podspec ||
  fail "the podspec's name is not the one the README's Podfile line uses"
echo "The README's Podfile line and the podspec's name and source agree."
