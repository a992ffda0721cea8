#!/usr/bin/env bash
# `npm run bench`: builds the package if needed, then runs every benchmark side by side.
set -euo pipefail
cd "$(dirname "$0")/.."
TURNKEEPER_SKIP_BROWSER=1 bash scripts/bootstrap.sh
[ -f js-package/dist/node.js ] || bash scripts/build.sh
# instructions.mjs is left out: it needs valgrind and takes minutes per build (run it by hand,
# as its header says; the records in docs/records/benchmarks.md give its figures).
for b in scripts/bench/*.mjs; do
  case "$b" in */harness.mjs | */instructions.mjs) continue ;; esac
  node "$b"
done
# With BENCH_BASELINE=<git ref>: the round and the cold start again, beside a build of that ref.
if [ -n "${BENCH_BASELINE:-}" ]; then
  bash scripts/bench-baseline.sh "$BENCH_BASELINE"
fi
