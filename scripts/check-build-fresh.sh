#!/usr/bin/env bash
# Issue 39: with nothing changed, `scripts/build.sh` (and so `npm start`) compiles nothing and
# rebuilds no step. Run last in `npm test`, after every test, so that a test that leaves the
# build's inputs changed fails here too (a fresh clone's `npm test` then `npm start` must serve at
# once). Fails if cargo compiled a crate, if any built module or the package's entry was written
# again, or if a stamped step ran again.
set -euo pipefail
cd "$(dirname "$0")/.."
profile=release
[ "${TURNKEEPER_FAST:-0}" = 1 ] && profile=debug
outputs=(
  "target/module-core/wasm32-unknown-unknown/$profile/turnkeeper.wasm"
  "target/module-procedures/wasm32-unknown-unknown/$profile/turnkeeper.wasm"
  js-package/pkg/turnkeeper_bg.wasm
  js-package/pkg/procedures_bg.wasm
  js-package/dist/index.js
  docs/api/index.html
)
for f in "${outputs[@]}"; do
  [ -f "$f" ] || { echo "check-build-fresh: $f is missing: run scripts/build.sh first" >&2; exit 1; }
done
before=$(stat -c '%n %.9Y' "${outputs[@]}")
log=$(mktemp)
trap 'rm -f "$log"' EXIT
start=$(date +%s%N)
bash scripts/build.sh >"$log" 2>&1 || { cat "$log"; echo "check-build-fresh: the build failed" >&2; exit 1; }
ms=$((($(date +%s%N) - start) / 1000000))
after=$(stat -c '%n %.9Y' "${outputs[@]}")
failed=0
if grep -E '^\s*Compiling ' "$log" >/dev/null; then
  echo "check-build-fresh: cargo compiled on an unchanged tree:" >&2
  grep -E '^\s*Compiling ' "$log" >&2
  failed=1
fi
if [ "$before" != "$after" ]; then
  echo "check-build-fresh: outputs were written again on an unchanged tree:" >&2
  diff <(echo "$before") <(echo "$after") >&2 || true
  failed=1
fi
for step in "wasm-bindgen and wasm-opt: up to date" "TypeScript facade and kits: up to date" "API reference: up to date"; do
  grep -qF "$step" "$log" || { echo "check-build-fresh: expected \"$step\"" >&2; failed=1; }
done
if [ "$failed" = 1 ]; then cat "$log"; exit 1; fi
echo "check-build-fresh: nothing rebuilt on an unchanged tree (scripts/build.sh took ${ms} ms)"
