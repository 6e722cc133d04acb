#!/usr/bin/env bash
# `npm run test:lts`: the whole vitest suite (both projects) again on the current Node LTS,
# the npm-distributed binary of the `node` package, installed once under node_modules/.cache.
# Arguments go to vitest (`npm run test:lts -- --project fast`). Builds only when nothing is built.
set -euo pipefail
cd "$(dirname "$0")/.."
LTS_VERSION="${AMAZEING_LTS_NODE:-26.10.0}"
DIR="node_modules/.cache/node-lts-$LTS_VERSION"
NODE="$PWD/$DIR/node_modules/node/bin/node"
if [ ! -x "$NODE" ]; then
  echo "test:lts: installing node@$LTS_VERSION from the npm registry into $DIR" >&2
  npm install --prefix "$DIR" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node@$LTS_VERSION" >&2
fi
if [ ! -f packages/cli/bundle/main.js ] || [ ! -f packages/cli/viewer/index.html ] || [ ! -f packages/mazegen/dist/mazegen.js ]; then
  npm run build
fi
echo "test:lts: vitest on node $("$NODE" --version)" >&2
# The node on PATH is the LTS one too, so every child the tests spawn (the CLI, npm's scripts) runs on it.
PATH="$(dirname "$NODE"):$PATH" exec "$NODE" node_modules/vitest/vitest.mjs run "$@"
