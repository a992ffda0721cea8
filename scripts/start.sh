#!/usr/bin/env bash
# `npm start`: set up what is missing, build the package, serve the demo on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
TURNKEEPER_SKIP_BROWSER=1 bash scripts/bootstrap.sh
bash scripts/build.sh
exec node scripts/serve.mjs "${PORT:-8080}"
