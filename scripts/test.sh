#!/usr/bin/env bash
# `npm test`: set up what is missing, then every check: formatting, lints (native and wasm),
# native tests, the wasm build, TypeScript type checks, JS tests against the built package,
# packaging smoke tests and browser tests in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n==== %s\n' "$*"; }

step "bootstrap"
bash scripts/bootstrap.sh

step "cargo fmt --check"
cargo fmt --all --check

step "unique TypeScript type names (check-ts-names)"
python3 scripts/check-ts-names.py

step "cargo clippy (native, all targets) -D warnings"
cargo clippy -q --all-targets -- -D warnings

step "cargo clippy (wasm glue) -D warnings"
cargo clippy -q --target wasm32-unknown-unknown --features wasm -p turnkeeper -- -D warnings
# Each of the two modules alone (what scripts/build.sh builds), so neither carries dead glue.
cargo clippy -q --target wasm32-unknown-unknown --no-default-features --features wasm-core -p turnkeeper -- -D warnings
cargo clippy -q --target wasm32-unknown-unknown --no-default-features --features wasm-procedures -p turnkeeper -- -D warnings
# The dice module alone, as scripts/build.sh builds it (no wasm-bindgen; getrandom's custom
# backend, the same flags), in its own target directory so the flags do not rebuild the others.
RUSTFLAGS='-C target-feature=+simd128 --cfg getrandom_backend="custom" -C llvm-args=-inline-threshold=25' cargo clippy -q --target wasm32-unknown-unknown \
  --no-default-features --features wasm-dice -p turnkeeper --target-dir target/module-dice -- -D warnings

step "cargo fmt --check (fuzz targets)"
cargo fmt --manifest-path fuzz/Cargo.toml --check

step "cargo test (native)"
cargo test -q --workspace

step "cargo test (dice on wasm32 with SIMD, each test binary under Node's WASI)"
# The seeded dice take a different code path on wasm32 (the v128 lanes of
# crate/src/dice/lanes.rs): the crate's unit tests and every dice test run there too, so the
# native and wasm builds are held to the same assertions, not only to the shared vectors.
cargo test -q -p turnkeeper --target wasm32-wasip1 --lib --test 'dice_*'

step "cargo test (the glue's own tests: creature spec and JSON limits with the wasm feature; the dice module's rolls, packed buffers and exports; native)"
cargo test -q -p turnkeeper --features wasm --lib wasm::
# The dice module's glue (crate/src/wasm/rolls.rs, packed.rs and dice_abi.rs: the rolls, the
# packed buffers, handles, argument and output buffers, kept errors, lent words), natively.
cargo test -q -p turnkeeper --no-default-features --features wasm-dice --lib wasm::

step "build the npm package (wasm + facade)"
bash scripts/build.sh

step "TypeScript type check (package and tests)"
node_modules/.bin/tsc -p js-package/tsconfig.json --noEmit
node_modules/.bin/tsc -p tests/tsconfig.json

step "TypeScript check of the integration kits against the hosts' published types (Owlbear SDK, Foundry v13)"
node_modules/.bin/tsc -p tests/owlbear/tsconfig.json
node_modules/.bin/tsc -p tests/foundry/tsconfig.json

step "size report (strict: a module or entry over its docs/design.md budget fails the run)"
node scripts/size-report.mjs --strict

step "JS, packaging and browser tests (node:test)"
node --test --test-concurrency=1 tests/js/*.test.mjs tests/browser/*.test.mjs

step "fuzz smoke: every fuzz target briefly on its committed corpus (long runs: npm run fuzz)"
bash scripts/fuzz.sh --smoke

step "the build again on the unchanged tree: nothing compiled, no step rebuilt (issue 39)"
# Last, after every test: a test that changed the build's inputs would make the next
# `npm start` rebuild, and fails here instead.
bash scripts/check-build-fresh.sh
