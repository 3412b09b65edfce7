#!/usr/bin/env bash
# Engine matches against HaChu (issue 33, acceptance 1), with the release binary as referee:
# HaChu 0.21 (Debian package `hachu`, XBoard/CECP) against the baseline engine
# (`shogi-arbiter baseline-engine`), 4 games each of
#   chu under profile hachu (the baseline over XBoard), chu under profile lishogi (the
#   baseline over USI, lishogi's USI), dai under hachu and tenjiku under hachu (USI, the
#   arbiter's own move and position text),
# then HaChu against HaChu, 2 games of chu under hachu. At 0.1 s a move (HaChu keeps under
# it when told so: `st` and a clock of the same time), at most 200 plies, 2 games in
# parallel; about a minute on two cores. Every game's result and reason is printed, with the
# reproduction of every engine fault the referee caught (HaChu's Debian build crashes as
# soon as it is asked for tenjiku: those games are lost by HaChu, reason `crash`).
#
# With a server's base URL, every match's records (JSON and KIF) are then replayed through
# its `POST /v1/replay` (scripts/replay_records.py): every move legal, the same result.
#
# Fails when the referee itself fails (a non-zero exit, a match over 5 minutes, a game
# without its record) or a record does not replay, never on what the engines do.
#
# Usage: bash .ci/hachu.sh [BINARY [BASE_URL]]
#        (default binary: $CARGO_TARGET_DIR/release/shogi-arbiter; no replay without a URL)
# HaChu is installed with apt-get when /usr/games/hachu is missing.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

binary="${1:-${CARGO_TARGET_DIR:-target}/release/shogi-arbiter}"
base_url="${2:-}"
hachu=/usr/games/hachu
run() {
    printf '\n+ %s\n' "$*"
    "$@"
}

if [ ! -x "$hachu" ]; then
    run apt-get install -y --no-install-recommends hachu
fi
if [ ! -x "$binary" ]; then
    run cargo build --release --locked --bin shogi-arbiter
fi
binary="$(realpath "$binary")"

work="$(mktemp -d "${TMPDIR:-/tmp}/shogi-arbiter-hachu.XXXXXX")"
trap 'rm -rf "$work"' EXIT

HACHU=(--engine name=HaChu "cmd=$hachu" proto=xboard memory=32)
# baseline PROTOCOL PROFILE: the baseline engine's --engine words, in BASELINE.
baseline() {
    BASELINE=(--engine name=baseline "cmd=$binary" arg=baseline-engine arg=--protocol "arg=$1"
        arg=--seed arg=1 "proto=$1" "option.Profile=$2")
}
COMMON=(--st 0.1 --max-plies 200 --concurrency 2)

# report DIR GAMES: every game's record in DIR (players, result, reason, plies, and the
# reproduction of a fault); fails when fewer records than GAMES, or no summary, were written.
report() {
    python3 - "$1" "$2" <<'PY'
import json, pathlib, sys
out, games = pathlib.Path(sys.argv[1]), int(sys.argv[2])
records = sorted(out.glob("game-*.json"))
for path in records:
    g = json.loads(path.read_text())
    plies = len(g.get("moves", []))
    print(f"{path.stem}: {g.get('black')} (black) vs {g.get('white')} (white), "
          f"{g.get('variant')}/{g.get('rules', {}).get('profile')}: "
          f"result {g.get('result')}, reason {g.get('reason')} after {plies} plies: "
          f"{g.get('detail')}")
    fault = g.get("fault")
    if fault:
        print(f"    reproduction: position {fault.get('position')!r}, wire {fault.get('wire')!r}, "
              f"text {fault.get('text')!r}, verdict {fault.get('verdict')}: {fault.get('message')}")
if len(records) != games:
    sys.exit(f"error: {games} games asked for, {len(records)} records in {out}")
if not (out / "summary.json").is_file():
    sys.exit(f"error: no summary.json in {out}")
PY
}

# match NAME GAMES ARGS...: one match (its table on stdout, a line a game on stderr), then
# its games.
match() {
    local name="$1" games="$2" status=0
    shift 2
    run timeout 300 "$binary" match --games "$games" "${COMMON[@]}" --out "$work/$name" "$@" ||
        status=$?
    if [ "$status" != 0 ]; then
        report "$work/$name" "$games" || true
        echo "error: the referee failed (exit $status) in match $name" >&2
        exit 1
    fi
    report "$work/$name" "$games"
    if [ -n "$base_url" ]; then
        run python3 scripts/replay_records.py "$work/$name" "$base_url"
    fi
}

baseline xboard hachu
match chu-hachu 4 --variant chu --profile hachu "${HACHU[@]}" "${BASELINE[@]}"
baseline usi lishogi
match chu-lishogi 4 --variant chu --profile lishogi "${HACHU[@]}" "${BASELINE[@]}"
baseline usi hachu
match dai 4 --variant dai --profile hachu "${HACHU[@]}" "${BASELINE[@]}"
match tenjiku 4 --variant tenjiku --profile hachu "${HACHU[@]}" "${BASELINE[@]}"
match chu-hachu-self 2 --variant chu --profile hachu \
    --engine name=HaChu-1 "cmd=$hachu" proto=xboard memory=32 \
    --engine name=HaChu-2 "cmd=$hachu" proto=xboard memory=32

echo
echo "HaChu games: every match ran"
