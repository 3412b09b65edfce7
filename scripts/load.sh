#!/usr/bin/env bash
# Load test of a release build on loopback, in one bounded run:
#   (a) GET  /healthz
#   (b) POST /v1/adjudicate: one move (13s13r) from the bare tai start position
#   (c) POST /v1/adjudicate: one more move after a 300-ply game, in game form
# For each: requests/s, p50 and p99 latency, HTTP error answers (4xx/5xx) and socket
# errors; at the end the server's peak RSS (VmHWM). Prints a markdown table.
#
# Usage: bash scripts/load.sh
# Knobs (environment): DURATION (per scenario, default 10s), THREADS (2), CONNECTIONS (32),
# PLIES (length of the game for (c), 300), WORKERS (server HTTP workers, 0 = one per core).
#
# Uses wrk (installed with apt-get when missing). Only 127.0.0.1 is loaded; the server is
# stopped at exit.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

DURATION="${DURATION:-10s}"
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-32}"
PLIES="${PLIES:-300}"
WORKERS="${WORKERS:-0}"
TARGET_DIR="${CARGO_TARGET_DIR:-target}"

# shellcheck source=scripts/common.sh
source scripts/common.sh

# --- the load generator ---------------------------------------------------------------
ensure_wrk

# --- the server -----------------------------------------------------------------------
log "cargo build --release --locked --bin shogi-arbiter"
cargo build --release --locked --bin shogi-arbiter >&2
binary="$TARGET_DIR/release/shogi-arbiter"

make_work load
# Request logs go to a file (one line per request at the default `info` level, as in
# production); the file is removed at exit.
start_server "$binary" --workers "$WORKERS"

# --- the request bodies (and a check that each is answered as expected) ---------------
log "waiting for /readyz, then building the bodies (a ${PLIES}-ply game via /v1/legal-moves)"
python3 - "$base" "$work" "$PLIES" <<'PY'
import json, random, sys, time, urllib.request

base, work, plies = sys.argv[1], sys.argv[2], int(sys.argv[3])

def call(path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)

for _ in range(100):
    try:
        call("/readyz")
        break
    except OSError:
        time.sleep(0.1)
else:
    sys.exit("the server did not become ready")

variant = call("/v1/variants/tai")
emperors = {p["code"] for p in variant["pieces"] if p["name"].lower() == "emperor"}

def playable(m):
    # A deterministic, ordinary game: no emperor moves, no passes, no royal captures.
    return (m["piece_after"].lstrip("+").upper() not in emperors
            and not m["pass"]
            and not any(c["royal"] for c in m["captures"]))

rng = random.Random(300)
moves = []
for ply in range(plies + 1):
    answer = call("/v1/legal-moves", {"variant": "tai", "moves": moves})
    choices = [m["move"] for m in answer["moves"] if playable(m)]
    if not choices:
        sys.exit(f"no ordinary move at ply {ply}")
    moves.append(rng.choice(choices))
game, last = moves[:-1], moves[-1]

bodies = {
    "bare": {"variant": "tai", "position": variant["start_position"], "move": "13s13r"},
    "game": {"variant": "tai", "moves": game, "move": last},
}
for name, body in bodies.items():
    answer = call("/v1/adjudicate", body)
    if answer.get("legal") is not True:
        sys.exit(f"the {name} body is not answered legal: {answer}")
    with open(f"{work}/{name}.json", "w") as f:
        json.dump(body, f)
print(f"game: {len(game)} plies, then {last}; body {len(json.dumps(bodies['game']))} bytes",
      file=sys.stderr)
PY

# --- the runs -------------------------------------------------------------------------
cat >"$work/load.lua" <<'LUA'
wrk.method = os.getenv("LOAD_METHOD") or "GET"
local path = os.getenv("LOAD_BODY")
if path and path ~= "" then
  local f = assert(io.open(path, "rb"))
  wrk.body = f:read("*a")
  f:close()
  wrk.headers["Content-Type"] = "application/json"
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %.1f %.3f %.3f %d %d %d\n",
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.requests, e.status, e.connect + e.read + e.write + e.timeout))
end
LUA

# Prints "rps p50_ms p99_ms requests http_errors socket_errors".
measure() {
    local method=$1 path=$2 body=${3:-}
    LOAD_METHOD=$method LOAD_BODY=$body \
        wrk -t "$THREADS" -c "$CONNECTIONS" -d "$DURATION" --timeout 10s \
        -s "$work/load.lua" "$base$path" >"$work/out.txt"
    awk '$1 == "RESULT" { print $2, $3, $4, $5, $6, $7 }' "$work/out.txt"
}

loadavg_before="$(cut -d' ' -f1-3 /proc/loadavg)"
rows=()
run_one() {
    local label=$1
    shift
    log "wrk: $label ($DURATION, $THREADS threads, $CONNECTIONS connections)"
    local result
    result="$(measure "$@")"
    [ -n "$result" ] || { echo "error: no result for $label" >&2; exit 1; }
    rows+=("$label|$result")
}
run_one "GET /healthz" GET /healthz
run_one "POST /v1/adjudicate, bare start position, 13s13r" POST /v1/adjudicate "$work/bare.json"
run_one "POST /v1/adjudicate, game form after $PLIES plies" POST /v1/adjudicate "$work/game.json"

peak_rss_kib="$(awk '$1 == "VmHWM:" { print $2 }' "/proc/$server_pid/status")"
cores="$(nproc)"
workers=$WORKERS
if [ "$workers" = 0 ]; then workers=$cores; fi

echo
echo "shogi-arbiter $(git rev-parse --short HEAD 2>/dev/null || echo unknown); wrk, $DURATION per row, $THREADS threads, $CONNECTIONS connections; $workers server workers; $cores cores shared by server and wrk; load average before the runs: $loadavg_before"
echo
echo "| scenario | requests/s | p50 ms | p99 ms | requests | HTTP errors | socket errors |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
for row in "${rows[@]}"; do
    label="${row%%|*}"
    read -r rps p50 p99 total http_errs sock_errs <<<"${row#*|}"
    printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$label" "$rps" "$p50" "$p99" "$total" "$http_errs" "$sock_errs"
done
echo
awk -v k="$peak_rss_kib" 'BEGIN { printf "server peak RSS (VmHWM): %d KiB (%.1f MiB)\n", k, k / 1024 }'
