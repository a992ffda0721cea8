#!/usr/bin/env bash
# Mutation testing of one rules module with cargo-mutants (issue 14), scoped so a run fits a
# shared machine: only the module's own source files are mutated, and each mutant is tested by
# the crate's unit tests and the integration tests that exercise that module (not the whole
# suite). Results land in target/mutants/MODULE/mutants.out (caught.txt, missed.txt,
# unviable.txt, timeout.txt).
#
#   bash scripts/mutants.sh initiative|effects|dice|creature [--resume] [extra cargo-mutants args]
#   bash scripts/mutants.sh dice --wasm [--resume]   # dice code compiled only for wasm32
#
# --resume continues the module's recorded run, so a module too big for one sitting (dice and
# creature are hours of machine time) is measured over several: it starts from the outcomes kept
# in docs/mutants/MODULE/, skips the mutants already caught or unviable (cargo-mutants'
# `--iterate`), tests the rest in random order (so a run stopped early is an unbiased sample),
# and merges what it learns back into docs/mutants/MODULE/ when it ends or is interrupted.
# `node scripts/mutants-merge.mjs --summary` prints each module's counts.
#
# Each mutant rebuilds the crate and those test binaries: about 20 s per job on a 2-core
# machine, so with MUTANTS_JOBS=2 one mutant every 13 s or so (dice, the largest module, is about
# four and a half hours). Installs cargo-mutants and cargo-nextest if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
module="${1:?usage: scripts/mutants.sh initiative|effects|dice|creature [--resume] [args]}"
shift
resume=0 wasm=0
while [ "${1:-}" = --resume ] || [ "${1:-}" = --wasm ]; do
  if [ "$1" = --resume ]; then resume=1; else wasm=1; fi
  shift
done

case "$module" in
  dice) tests=(dice_api dice_atomic dice_formulas dice_helpers dice_hostile dice_notation dice_stats dice_vectors) ;;
  initiative) tests=(encounter_greyhawk encounter_ose encounter_a5e encounter_hyb encounter_replay
    encounter_roster encounter_snapshot effects_greyhawk vectors_encounter dice_helpers
    engine_properties) ;;
  effects) tests=(effects_expiry effects_greyhawk effects_limits effects_snapshot
    encounter_effects_expiry encounter_snapshot engine_properties) ;;
  creature) tests=(creature_a5e_damage creature_a5e_dying creature_hyb creature_invalid
    creature_ose creature_sheet creature_tracks rest_a5e rest_hyb_ose encounter_creatures_a5e
    engine_properties_more journey_members) ;;
  *) echo "unknown module $module" >&2; exit 2 ;;
esac

if ! cargo mutants --version >/dev/null 2>&1; then
  cargo install cargo-mutants --version 27.1.0
fi

# --cargo-arg, not --cargo-test-arg: cargo-mutants passes test-only arguments to the test phase
# alone, so its build phase (`cargo test --no-run`) would still compile and link every one of the
# crate's ~80 test binaries for each mutant. Naming the targets for both phases builds only the
# binaries that run, which is most of a mutant's time.
args=(--cargo-arg=--lib)
for t in "${tests[@]}"; do args+=("--cargo-arg=--test=$t"); done
# Code compiled only for wasm32 with SIMD (the `v128` impl of the dice lanes) is never built by
# a native test, so natively each of its mutants would pass as "missed" whatever the tests
# check. --wasm tests exactly those mutants on wasm32-wasip1 (each test binary under Node's
# WASI, see .cargo/config.toml); the native run leaves them out.
wasm_only='for v128>'
if [ "$wasm" = 1 ]; then
  [ "$module" = dice ] || { echo "--wasm: only dice has wasm-only code" >&2; exit 2; }
  args+=(--cargo-arg=--target=wasm32-wasip1 --re "$wasm_only")
else
  args+=(--exclude-re "$wasm_only")
fi
mkdir -p "target/mutants/$module"
# No debug info in the mutants' builds: linking the test binaries is most of a mutant's build,
# and a mutant is judged by its tests' outcome, never by a backtrace.
export CARGO_PROFILE_DEV_DEBUG=0 CARGO_PROFILE_TEST_DEBUG=0
# opt-level 1 keeps debug assertions and overflow checks (a mutant that overflows still panics
# and is caught) but runs the statistical dice tests about 15x faster (dice's tests: 11.5 s per
# mutant unoptimised, 0.7 s at opt-level 1). Incremental rebuilds of a one-function change cost
# the same at both levels (about 10 s here), so every mutant is cheaper.
export CARGO_PROFILE_DEV_OPT_LEVEL=1 CARGO_PROFILE_TEST_OPT_LEVEL=1
# Link with the toolchain's own lld when it ships one (rustup's does, under gcc-ld): each mutant
# relinks a dozen test binaries, and lld does that several times faster than the system linker.
gcc_ld="$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin/gcc-ld"
if [ "$wasm" = 1 ]; then
  # The wasm32-wasip1 flags (simd128) and runner come from .cargo/config.toml, which a
  # RUSTFLAGS variable would replace.
  unset RUSTFLAGS
elif [ -x "$gcc_ld/ld.lld" ]; then
  export RUSTFLAGS="${RUSTFLAGS:-} -C link-arg=-B$gcc_ld -C link-arg=-fuse-ld=lld"
fi
# Native runs test with cargo-nextest, stopping at the first failing test and killing those
# still running (`--max-fail=1:immediate`). Under libtest a binary ends only when all its tests
# have, so a mutant that makes one test hang (a rejection loop that never accepts, say) ran to
# the timeout although another test had already failed on it: a "timeout" instead of "caught".
# The wasm32 run keeps cargo test (its binaries run under Node's WASI through cargo's runner).
if [ "$wasm" = 0 ]; then
  if ! cargo nextest --version >/dev/null 2>&1; then
    cargo install cargo-nextest --locked
  fi
  args+=(--test-tool=nextest --cargo-test-arg=--max-fail=1:immediate --cargo-test-arg=--profile=mutants)
fi
# No fixed --timeout: cargo-mutants' own (5x the baseline's test time, at least 20 s) suits
# tests that take a second or two at opt-level 1. MUTANTS_JOBS=2 builds two mutants at once
# (each in its own copy of the tree).
run=(cargo mutants -p turnkeeper -f "crate/src/$module/**" -j "${MUTANTS_JOBS:-1}"
  "${args[@]}" -o "target/mutants/$module")
if [ "$resume" = 0 ]; then
  exec "${run[@]}" "$@"
fi
node scripts/mutants-merge.mjs --seed "$module"
# Merge whatever was learnt, also when the run is stopped (cargo-mutants records each outcome as
# it comes; only the mutant in progress is lost).
trap 'node scripts/mutants-merge.mjs --save "$module"' EXIT
trap 'exit 130' INT TERM
"${run[@]}" --iterate --shuffle "$@"
