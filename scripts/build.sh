#!/usr/bin/env bash
# Builds the npm package in js-package/dist: release wasm → wasm-bindgen (web target) →
# wasm-opt (npm binaryen) → TypeScript facade → inline entry. Usage: scripts/build.sh
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf '[build] %s\n' "$*"; }

if [ "${TURNKEEPER_FAST:-0}" = 1 ]; then
  say "cargo build (dev profile, wasm32; TURNKEEPER_FAST=1)"
  cargo build -q --target wasm32-unknown-unknown -p turnkeeper --features wasm
  wasm_in=target/wasm32-unknown-unknown/debug/turnkeeper.wasm
else
  say "cargo build (release, wasm32)"
  cargo build -q --release --target wasm32-unknown-unknown -p turnkeeper --features wasm
  wasm_in=target/wasm32-unknown-unknown/release/turnkeeper.wasm
fi

# Each later step is skipped when its inputs are what the last build used (a stamp holding their
# digest), so `npm start` with nothing changed costs cargo's own check and a few hashes instead
# of wasm-opt and tsc. A stamp names the step's inputs in full: the module cargo wrote and the
# flags, then the glue and every file the package is assembled from.
read -r -a opt_flags <<< "${WASM_OPT_LEVEL:--Oz -ocimfs=0 -aimfs=0 -fimfs=0}"
pkg=js-package/pkg
pkg_stamp="$pkg/.stamp"
pkg_inputs=$( (sha256sum "$wasm_in"; echo "fast=${TURNKEEPER_FAST:-0} opt=${opt_flags[*]}"; wasm-bindgen --version) | sha256sum | cut -c1-64)
if [ -f "$pkg_stamp" ] && [ "$(cat "$pkg_stamp")" = "$pkg_inputs" ] && [ -f "$pkg/turnkeeper_bg.wasm" ]; then
  say "wasm-bindgen and wasm-opt: up to date"
else
rm -rf "$pkg" && mkdir -p "$pkg"
say "wasm-bindgen"
wasm-bindgen "$wasm_in" \
  --out-dir "$pkg" --target web --weak-refs --remove-name-section --remove-producers-section

if [ "${TURNKEEPER_FAST:-0}" != 1 ]; then
  # -Oz without binaryen's own inlining (-ocimfs/-aimfs/-fimfs=0): LLVM has already inlined
  # what pays at opt-level 3, and binaryen's extra inlining (functions with one caller, small
  # ones) made the module 3.8 % larger after gzip with no gain in instruction counts (README,
  # "Where the .wasm's bytes go"). WASM_OPT_LEVEL replaces the whole set of flags.
  say "wasm-opt ${opt_flags[*]} (npm binaryen)"
  node_modules/.bin/wasm-opt "$pkg/turnkeeper_bg.wasm" "${opt_flags[@]}" --enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-reference-types --enable-sign-ext --enable-mutable-globals --enable-multivalue \
    -o "$pkg/turnkeeper_bg.opt.wasm"
  mv "$pkg/turnkeeper_bg.opt.wasm" "$pkg/turnkeeper_bg.wasm"
fi
echo "$pkg_inputs" >"$pkg_stamp"
fi

dist_stamp=js-package/dist/.stamp
dist_inputs=rebuild
git rev-parse --git-dir >/dev/null 2>&1 && dist_inputs=$( (cat "$pkg_stamp"; git ls-files -co --exclude-standard -z -- js-package/src js-package/package.json \
  js-package/tsconfig.json js-package/README.md scripts/build-package.mjs scripts/build-kits.mjs docs/NOTATION.md \
  LICENSE-MIT LICENSE-APACHE demo/owlbear demo/foundry package-lock.json |
  sort -z | xargs -0 sha256sum) | sha256sum | cut -c1-64)
if [ -f "$dist_stamp" ] && [ -f js-package/dist/index.js ] && [ "$(cat "$dist_stamp")" = "$dist_inputs" ]; then
  say "TypeScript facade and kits: up to date"
else
  say "TypeScript facade"
  node scripts/build-package.mjs
  echo "$dist_inputs" >"$dist_stamp"
fi
node scripts/demo-precache.mjs
say "done: js-package/dist"
