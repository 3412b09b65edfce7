#!/usr/bin/env bash
# Interoperability with lishogi's rules library shogiops (issue 36), against a running
# server: random chu games played and written as KIF by shogiops are read by the server,
# their USI strings round-trip, the server's own KIF is read back by shogiops' parser (its
# known gaps reported), and `count: usi_strings` perft agrees with shogiops' move lists.
# The checks are in .ci/shogiops/interop.mjs.
#
# Usage: bash .ci/shogiops.sh BASE_URL [interop.mjs options, e.g. --games 60 --seed 36]
# Node.js and npm are installed with apt-get when missing; shogiops, pinned, is installed
# with npm into a temporary folder removed at exit.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

SHOGIOPS_VERSION=0.18.0

base_url="$1"
shift
run() {
    printf '\n+ %s\n' "$*"
    "$@"
}

if ! command -v node >/dev/null; then
    run apt-get install -y --no-install-recommends nodejs
fi
if ! command -v npm >/dev/null; then
    run apt-get install -y --no-install-recommends npm
fi
run node --version
modules="$(mktemp -d "${TMPDIR:-/tmp}/shogi-arbiter-shogiops.XXXXXX")"
trap 'rm -rf "$modules"' EXIT
(
    cd "$modules"
    run npm install --no-save --no-audit --no-fund --loglevel=error "shogiops@$SHOGIOPS_VERSION"
)
run node .ci/shogiops/interop.mjs "$base_url" "$modules/node_modules" "$@"
