#!/usr/bin/env bash
# `BENCH_BASELINE=<git ref> npm run bench` (or `bash scripts/bench-baseline.sh <git ref>`): the
# encounter round and the cold start of this build beside a build of <ref> (say `main` before
# your change), in one run, alternating, because this machine kind's speed varies up to 2×
# between sessions and only figures from the same run compare (docs/design.md, "Budgets").
#
# <ref> is checked out in a git worktree under target/bench-baseline and built there with its
# own cargo target directory (the first time takes as long as a fresh build; later runs rebuild
# only what changed). Today's benchmark scripts are copied over that checkout's own, so both
# builds are measured by the same code; rows for entries the baseline lacks say so.
set -euo pipefail
cd "$(dirname "$0")/.."
ref="${1:-${BENCH_BASELINE:-}}"
if [ -z "$ref" ]; then
  echo "usage: bash scripts/bench-baseline.sh <git ref>   (or BENCH_BASELINE=<git ref> npm run bench)" >&2
  exit 2
fi
say() { printf '[bench-baseline] %s\n' "$*"; }
root=$(pwd)
base="$root/target/bench-baseline"
commit=$(git rev-parse --verify "$ref^{commit}")

if [ ! -e "$base/.git" ]; then
  say "checking out $ref ($commit) in $base"
  mkdir -p "$root/target"
  git worktree add --detach "$base" "$commit" >/dev/null
else
  say "baseline checkout: moving to $ref ($commit)"
  git -C "$base" checkout --quiet --detach "$commit"
fi

# The baseline uses this checkout's npm dependencies (same lockfile or close enough for the
# build tools), except that `turnkeeper` must be the baseline's own package.
mkdir -p "$base/node_modules"
for entry in "$root"/node_modules/* "$root"/node_modules/.bin; do
  name=$(basename "$entry")
  [ "$name" = turnkeeper ] && continue
  [ -e "$base/node_modules/$name" ] || ln -s "$entry" "$base/node_modules/$name"
done
ln -sfn ../js-package "$base/node_modules/turnkeeper"

say "building the baseline"
(cd "$base" && bash scripts/build.sh) | sed 's/^/  [baseline] /'
[ -f js-package/dist/node.js ] || bash scripts/build.sh

# The same measuring code for both builds.
cp scripts/bench/*.mjs "$base/scripts/bench/"
cp tests/browser/harness.mjs "$base/tests/browser/harness.mjs"

for round in 1 2; do
  for b in encounter cold-start; do
    echo
    echo "######## $b, run $round: baseline $ref (${commit:0:8})"
    (cd "$base" && node "scripts/bench/$b.mjs") || echo "(the baseline could not run $b.mjs)"
    echo
    echo "######## $b, run $round: this build ($(git rev-parse --short HEAD)$(git diff --quiet HEAD -- crate js-package/src || echo ', with uncommitted changes'))"
    node "scripts/bench/$b.mjs"
  done
done
# Chromium's cold start in parts, with the baseline's whole interleaved in the same browser.
echo
echo "######## cold start's parts, beside the baseline's whole"
COLD_START_BASELINE="$base/js-package" node scripts/bench/cold-start-parts.mjs
