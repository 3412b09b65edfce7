#!/usr/bin/env bash
# Board pictures in a real browser (issue 19), against a running server:
#
#   bash .ci/board-render.sh BASE_URL
#
# Installs Chromium (Debian package `chromium`) with apt-get when it is missing (as root,
# or through sudo); no CJK font: the pictures draw their kanji as outlines, and Chromium
# is given a font configuration with Latin fonts only. Then runs .ci/board_png.py: it
# fetches POST /v1/board.svg for the start position of every variant, a chu game whose
# last move is a lion's double capture with promoted pieces on the board, and a tai game
# whose last move is a capture, and GET /v1/board.svg for that chu game flipped, chu's
# start with Latin labels and 600 pixels wide, a chu position in check and a chu game
# that has ended; renders each to PNG in headless Chromium; and checks on the
# pixels that the picture is not blank, that pieces stand in exactly the occupied cells of
# the position text (file 1 on the right), that Black's pieces point up and White's down,
# that the kanji are drawn (pieces of one kind alike, of different kinds not), that red
# appears exactly on promoted pieces, and that the last move and the removed pieces are
# marked on their squares and nowhere else, the check mark on the royal in check only, the
# end-of-game band on the finished game only. The PNGs are kept in BOARD_PNG_DIR when it is
# set (else a temporary folder, removed at exit).
set -euo pipefail

base_url="${1:?usage: board-render.sh BASE_URL}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

as_root() {
    if [ "$(id -u)" = 0 ]; then
        "$@"
    elif command -v sudo >/dev/null; then
        sudo "$@"
    else
        echo "error: $* needs root (no sudo)" >&2
        exit 1
    fi
}

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
if [ "${#missing[@]}" -gt 0 ]; then
    echo "+ apt-get install ${missing[*]}"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${missing[@]}" >/dev/null
fi

out="${BOARD_PNG_DIR:-}"
if [ -z "$out" ]; then
    out="$(mktemp -d "${TMPDIR:-/tmp}/board-render.XXXXXX")"
    trap 'rm -rf "$out"' EXIT
fi
python3 "$here/board_png.py" "$base_url" "$out" /usr/bin/chromium
