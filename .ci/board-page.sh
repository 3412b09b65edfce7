#!/usr/bin/env bash
# The analysis board page (issue 35) in a real browser, against a running server:
#
#   bash .ci/board-page.sh BASE_URL
#
# Installs Chromium (Debian package `chromium`) with apt-get when it is missing, as
# .ci/board-render.sh does, then runs .ci/board_page.py: headless Chromium driven through
# its DevTools protocol over a pipe (standard library only) plays a chu lion double capture
# by clicks, steps back with the arrow key, checks the highlights in the page and on the
# screenshot's pixels, loads a KIF record, shows bad input's problems, loads the page
# behind a path prefix, and measures first paint and a click's highlight time in the page.
# The screenshots (every variant's start, a 300-ply tai game, the lion's steps) are kept
# in BOARD_PAGE_PNG_DIR when it is set (else a temporary folder, removed at exit).
set -euo pipefail

base_url="${1:?usage: board-page.sh BASE_URL}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

if [ ! -x /usr/bin/chromium ]; then
    as_root=()
    if [ "$(id -u)" != 0 ]; then
        command -v sudo >/dev/null || { echo "error: installing chromium needs root (no sudo)" >&2; exit 1; }
        as_root=(sudo)
    fi
    echo "+ apt-get install chromium"
    "${as_root[@]}" apt-get update -qq
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        chromium >/dev/null
fi

out="${BOARD_PAGE_PNG_DIR:-}"
if [ -z "$out" ]; then
    out="$(mktemp -d "${TMPDIR:-/tmp}/board-page.XXXXXX")"
    trap 'rm -rf "$out"' EXIT
fi
python3 "$here/board_page.py" "$base_url" "$out" /usr/bin/chromium
