#!/usr/bin/env bash
# Builds the npm package in js-package/dist: release wasm → wasm-bindgen (web target) →
# wasm-opt (npm binaryen) → TypeScript facade → inline entry. Usage: scripts/build.sh
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf '[build] %s\n' "$*"; }

# Three wasm modules from the one crate (issue 12): the core (`wasm-core`: dice, encounters,
# journeys, creatures), the rule procedures (`wasm-procedures`: the `ose`, `hyb` and `a5e`
# namespaces), so a page that needs only the core downloads and compiles less, and the dice
# alone (`wasm-dice`, issue 38) for the `turnkeeper/dice` entry. Each feature set
# is built in a target directory of its own (issue 39): both write the crate's cdylib as
# `turnkeeper.wasm`, and in one directory each build replaced the other's output, so cargo
# recompiled both with LTO on every run. Apart, cargo's own cache keeps both, and with nothing
# changed nothing is compiled. (One cdylib crate per module was tried: the same exports, but
# LLVM inlined differently across the crate boundary and the core came out 7 % larger gzipped.)
profile=release
profile_flag=(--release)
if [ "${TURNKEEPER_FAST:-0}" = 1 ]; then
  profile=debug
  profile_flag=()
fi
module_wasm() { echo "target/module-$1/wasm32-unknown-unknown/$profile/turnkeeper.wasm"; }
# The dice module has no wasm-bindgen (crate/src/wasm/dice_abi.rs): getrandom reaches
# `crypto.getRandomValues` through its "custom" backend, which the glue supplies. RUSTFLAGS
# replaces .cargo/config.toml's flags, so the SIMD flag is repeated here.
# LLVM's inliner is held to a threshold of 25 for this module alone (opt-level 3's is 250):
# most of the module is the parser, the renderer and the JSON helpers, run once per notation or
# call, where inlining only copies code, and the module comes out 4.7 KB smaller gzipped (68.3
# against 73.0 KB; issue 38's budget is 60). The dice hot paths keep their speed: their
# small helpers are `#[inline]` (the hint's threshold, 325, still applies) or `#[inline(always)]`
# (the ChaCha rounds, the lanes): the dice rows of scripts/bench/dice.mjs stay within 1–6 %.
# opt-level "s" or "z" for this module was measured too: 5.8 and 9.6 KB smaller, but the seeded
# and pre-parsed rows ran 2–3 times slower (no unrolling of the face mapping and rounds' loops).
dice_rustflags='-C target-feature=+simd128 --cfg getrandom_backend="custom" -C llvm-args=-inline-threshold=25'
for module in core procedures dice; do
  say "cargo build ($profile, wasm32, $module)"
  flags=()
  [ "$module" = dice ] && flags=(env RUSTFLAGS="$dice_rustflags")
  "${flags[@]}" cargo build "${profile_flag[@]}" --target wasm32-unknown-unknown -p turnkeeper --no-default-features \
    --features "wasm-$module" --target-dir "target/module-$module"
done

# Each later step is skipped when its inputs are what the last build used (a stamp holding their
# digest), so `npm start` with nothing changed costs cargo's own check and a few hashes instead
# of wasm-opt and tsc. A stamp names the step's inputs in full: the modules cargo wrote and the
# flags, then the glue and every file the package is assembled from.
read -r -a opt_flags <<< "${WASM_OPT_LEVEL:--Oz -ocimfs=0 -aimfs=0 -fimfs=0}"
pkg=js-package/pkg
pkg_stamp="$pkg/.stamp"
pkg_inputs=$( (sha256sum "$(module_wasm core)" "$(module_wasm procedures)" "$(module_wasm dice)"; echo "fast=${TURNKEEPER_FAST:-0} opt=${opt_flags[*]} by-name"; wasm-bindgen --version) | sha256sum | cut -c1-64)
if [ -f "$pkg_stamp" ] && [ "$(cat "$pkg_stamp")" = "$pkg_inputs" ] && [ -f "$pkg/turnkeeper_bg.wasm" ] && [ -f "$pkg/procedures_bg.wasm" ] && [ -f "$pkg/dice_bg.wasm" ]; then
  say "wasm-bindgen and wasm-opt: up to date"
else
rm -rf "$pkg" && mkdir -p "$pkg"
# The core keeps the name `turnkeeper` (its glue and `.wasm` are where they always were).
for module in core procedures dice; do
  name=$module
  [ "$module" = core ] && name=turnkeeper
  if [ "$module" = dice ]; then
    # No wasm-bindgen for the dice module: its glue is the facade's own. wasm-opt below strips
    # the names and producers as wasm-bindgen's flags do for the others (and the debug build
    # keeps them, as theirs do not matter there either).
    cp "$(module_wasm dice)" "$pkg/dice_bg.wasm"
  else
    say "wasm-bindgen ($module)"
    wasm-bindgen "$(module_wasm "$module")" --out-name "$name" \
      --out-dir "$pkg" --target web --weak-refs --remove-producers-section
  fi

  if [ "${TURNKEEPER_FAST:-0}" != 1 ]; then
    # -Oz without binaryen's own inlining (-ocimfs/-aimfs/-fimfs=0): LLVM has already inlined
    # what pays at opt-level 3, and binaryen's extra inlining (functions with one caller, small
    # ones) made the module 3.8 % larger after gzip with no gain in instruction counts (README,
    # "Where the .wasm's bytes go"). WASM_OPT_LEVEL replaces the whole set of flags.
    # Then the functions are put in order of their names, which are still in the module
    # (wasm-bindgen keeps them; --strip-debug drops them after): functions of one module and
    # one type sit side by side, and gzip finds their likenesses. The core is 12 KB gzip
    # smaller for it, the instructions run are the same (docs/records/benchmarks.md, session
    # 26).
    say "wasm-opt ${opt_flags[*]} (npm binaryen, $module)"
    node_modules/.bin/wasm-opt "$pkg/${name}_bg.wasm" "${opt_flags[@]}" --enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int \
      --enable-reference-types --enable-sign-ext --enable-mutable-globals --enable-multivalue \
      --reorder-functions-by-name --strip-debug --strip-producers -o "$pkg/${name}_bg.opt.wasm"
    mv "$pkg/${name}_bg.opt.wasm" "$pkg/${name}_bg.wasm"
  fi
done
echo "$pkg_inputs" >"$pkg_stamp"
fi

# The stamp lives outside dist/, which is published as it is.
dist_stamp=target/js-dist.stamp
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
  mkdir -p target && echo "$dist_inputs" >"$dist_stamp"
fi
# The API reference (docs/api, served by `npm start` at /docs/api/): TypeDoc over the facade's
# sources and the generated declarations, then its links checked. Its inputs are the package's.
api_stamp=target/api-docs.stamp
api_inputs=$( (cat "$dist_stamp"; sha256sum js-package/typedoc.json docs/api-index.md scripts/api-docs.mjs) | sha256sum | cut -c1-64)
if [ -f "$api_stamp" ] && [ -f docs/api/index.html ] && [ "$(cat "$api_stamp")" = "$api_inputs" ]; then
  say "API reference: up to date"
else
  say "API reference (TypeDoc)"
  node scripts/api-docs.mjs
  echo "$api_inputs" >"$api_stamp"
fi
node scripts/demo-precache.mjs
say "done: js-package/dist"
