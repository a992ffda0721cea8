#!/usr/bin/env bash
# Idempotent set-up: installs only what is missing, says what it does, and is a quick no-op when
# everything is present. Safe to run before every build and test.
set -euo pipefail
cd "$(dirname "$0")/.."

WASM_BINDGEN_VERSION=0.2.130
say() { printf '[bootstrap] %s\n' "$*"; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else say "need root to run: $*"; return 1; fi
}

# 1. Rust toolchain and the wasm32 targets: wasm32-unknown-unknown builds the package;
# wasm32-wasip1 runs the crate's own Rust tests on wasm32 under Node's WASI (npm test).
if ! command -v cargo >/dev/null 2>&1; then
  say "cargo not found: install Rust with rustup (https://rustup.rs) and re-run"; exit 1
fi
if command -v rustup >/dev/null 2>&1; then
  installed="$(rustup target list --installed)"
  for t in wasm32-unknown-unknown wasm32-wasip1; do
    if ! grep -qx "$t" <<<"$installed"; then
      say "adding the $t target"
      rustup target add "$t"
    fi
  done
  for c in rustfmt clippy; do
    if ! rustup component list --installed | grep -q "^$c"; then
      say "adding rustup component $c"; rustup component add "$c"
    fi
  done
fi

# 2. wasm-bindgen CLI, pinned to the crate's exact wasm-bindgen version (no --locked: its
#    lockfile wants crate versions the reachable index may lack; see docs/toolchain.md).
have_wb=""
if command -v wasm-bindgen >/dev/null 2>&1; then have_wb=$(wasm-bindgen --version | awk '{print $2}'); fi
if [ "$have_wb" != "$WASM_BINDGEN_VERSION" ]; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (takes a few minutes, once)"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

# 3. Node dependencies from the committed lockfile (includes wasm-opt from npm `binaryen`,
#    never Debian's older binaryen, whose output fails at instantiation).
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  say "node and npm (Node >= 20) are required"; exit 1
fi
stamp=node_modules/.bootstrap-stamp
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ] || [ ! -x node_modules/.bin/wasm-opt ]; then
  say "installing Node dependencies (npm ci)"
  npm ci --no-audit --no-fund
  touch "$stamp"
fi

# 4. Debian's Chromium and ChromeDriver for browser tests (never a downloaded browser build).
if [ "${TURNKEEPER_SKIP_BROWSER:-0}" != 1 ] && { [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; }; then
  say "installing Debian chromium and chromium-driver"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
fi

# 5. Fuzzing (issue 14; owner: the fuzz targets in fuzz/, run by scripts/fuzz.sh): cargo-fuzz,
#    pinned. It drives libFuzzer on the stable toolchain (RUSTC_BOOTSTRAP=1, set by fuzz.sh),
#    so no nightly toolchain is installed.
CARGO_FUZZ_VERSION=0.13.2
have_cf=""
if cargo fuzz --version >/dev/null 2>&1; then have_cf=$(cargo fuzz --version | awk '{print $2}'); fi
if [ "$have_cf" != "$CARGO_FUZZ_VERSION" ]; then
  say "installing cargo-fuzz $CARGO_FUZZ_VERSION (about a minute, once)"
  cargo install cargo-fuzz --version "$CARGO_FUZZ_VERSION"
fi

say "ready"
