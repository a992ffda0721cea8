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

pkg=js-package/pkg
rm -rf "$pkg" && mkdir -p "$pkg"
say "wasm-bindgen"
wasm-bindgen "$wasm_in" \
  --out-dir "$pkg" --target web --weak-refs --remove-name-section --remove-producers-section

if [ "${TURNKEEPER_FAST:-0}" != 1 ]; then
  # -Oz without binaryen's own inlining (-ocimfs/-aimfs/-fimfs=0): LLVM has already inlined
  # what pays at opt-level 3, and binaryen's extra inlining (functions with one caller, small
  # ones) made the module 3.8 % larger after gzip with no gain in instruction counts (README,
  # "Where the .wasm's bytes go"). WASM_OPT_LEVEL replaces the whole set of flags.
  read -r -a opt_flags <<< "${WASM_OPT_LEVEL:--Oz -ocimfs=0 -aimfs=0 -fimfs=0}"
  say "wasm-opt ${opt_flags[*]} (npm binaryen)"
  node_modules/.bin/wasm-opt "$pkg/turnkeeper_bg.wasm" "${opt_flags[@]}" --enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-reference-types --enable-sign-ext --enable-mutable-globals --enable-multivalue \
    -o "$pkg/turnkeeper_bg.opt.wasm"
  mv "$pkg/turnkeeper_bg.opt.wasm" "$pkg/turnkeeper_bg.wasm"
fi

say "TypeScript facade"
node scripts/build-package.mjs
node scripts/demo-precache.mjs
say "done: js-package/dist"
