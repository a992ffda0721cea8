#!/usr/bin/env bash
# Coverage-guided fuzzing (issue 14): every target in fuzz/ under libFuzzer through cargo-fuzz.
#
#   bash scripts/fuzz.sh [SECONDS] [TARGET...]   # each target for SECONDS (default 60)
#   bash scripts/fuzz.sh --smoke                 # npm test: each target ~3 s on its committed corpus
#   bash scripts/fuzz.sh --runs N [TARGET...]    # each target for N executions
#
# cargo-fuzz needs nightly-only compiler flags (-Z sanitizer coverage); the project's one
# stable toolchain accepts them with RUSTC_BOOTSTRAP=1, so no nightly is installed. The
# sanitizer is off (`-s none`): the crate is safe Rust with no unsafe code, so AddressSanitizer
# would only slow the runs; debug assertions and overflow checks are on (`-a`), so an integer
# overflow is a crash like a panic. Each run reads the committed seed corpus fuzz/corpus/T and
# writes what it finds to fuzz/work/T (not committed); a crash lands in fuzz/artifacts/T and the
# script fails. A summary per target (executions, crashes) goes to fuzz/work/summary.tsv.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf '[fuzz] %s\n' "$*"; }

ALL=(notation supplied snapshot_encounter snapshot_journey snapshot_creature
  events_encounter events_journey events_creature commands procedure)

mode=time seconds=60 runs=0
case "${1:-}" in
  --smoke) mode=smoke; seconds=3; shift ;;
  --runs) mode=runs; runs="$2"; shift 2 ;;
  '' | -*) ;;
  *) seconds="$1"; shift ;;
esac
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${ALL[@]}")

if ! cargo fuzz --version >/dev/null 2>&1; then
  say "cargo-fuzz is missing: run scripts/bootstrap.sh"; exit 1
fi

export RUSTC_BOOTSTRAP=1
FUZZ=(cargo fuzz)
FLAGS=(-s none -a)
say "building the targets (release, debug assertions, no sanitizer)"
(cd fuzz && "${FUZZ[@]}" build "${FLAGS[@]}" >/dev/null 2>../fuzz/build.log) || {
  cat fuzz/build.log; exit 1
}

mkdir -p fuzz/work
summary=fuzz/work/summary.tsv
printf 'target\texecutions\tseconds\tcrashes\n' >"$summary"
failed=0
for t in "${targets[@]}"; do
  mkdir -p "fuzz/work/$t" "fuzz/corpus/$t"
  case $mode in
    runs) limit=(-runs="$runs") ;;
    *) limit=(-max_total_time="$seconds") ;;
  esac
  dict=()
  [ "$t" != notation ] || dict=(-dict=notation.dict)
  log="fuzz/work/$t.log"
  start=$(date +%s)
  set +e
  (cd fuzz && "${FUZZ[@]}" run "${FLAGS[@]}" "$t" "work/$t" "corpus/$t" -- \
    "${limit[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    ${dict[@]+"${dict[@]}"} -print_final_stats=1 -close_fd_mask=1) >"$log" 2>&1
  rc=$?
  set -e
  took=$(($(date +%s) - start))
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  crashes=0
  if [ $rc -ne 0 ]; then crashes=1; failed=1; tail -40 "$log"; fi
  printf '%s\t%s\t%s\t%s\n' "$t" "${execs:-?}" "$took" "$crashes" >>"$summary"
  say "$t: ${execs:-?} executions in ${took}s, exit $rc"
done
column -t "$summary"
[ $failed = 0 ] || { say "a target failed: see fuzz/artifacts/ and fuzz/work/*.log"; exit 1; }
