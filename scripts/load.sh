#!/usr/bin/env bash
# Load test of a release build on loopback, in one bounded run:
#   (a) GET  /healthz
#   (b) POST /v1/adjudicate: one move (13s13r) from the bare tai start position
#   (c) POST /v1/adjudicate: one more move after a 300-ply game, in game form
#   (d) POST /v1/legal-moves of the tai start position, (e) of the chu start position
#   (f) POST /v1/adjudicate: the first listed move of the chu start position
#   (g) the mix: (b), (d), (e) and (f) in turn on every connection
#   (h) POST /v1/adjudicate: the next move of a game of NEXT_PLIES plies, in game form,
#       each request one ply further than the one before on its wrk thread (NEXT_STEPS
#       plies, then round again): a game server following its game, the case the cache
#       of game states serves (issue 34)
# For each: requests/s, p50 and p99 latency, HTTP error answers (4xx/5xx) and socket
# errors; at the end the ratios (b)/(a) and (h)/(b), the server's peak RSS (VmHWM) and its
# game cache's counters (hits, misses, evictions, bytes held). Prints a markdown table.
#
# Usage: bash scripts/load.sh
# Knobs (environment): DURATION (per scenario, default 10s), THREADS (2), CONNECTIONS (32),
# PLIES (length of the game for (c), 300), NEXT_PLIES (length of the game for (h), 1000),
# NEXT_STEPS (plies (h) walks, 100), GAME_CACHE_BYTES (the server's --game-cache-bytes;
# unset, its default; 0 turns the cache off), WORKERS (server HTTP workers, 0 = one per core),
# SERVER_CPUS (a taskset CPU list, e.g. 0: the server runs on those CPUs only, wrk on the
# others; unset, both share every CPU), BINARY (a server binary to load instead of building
# this tree's, e.g. another commit's jemalloc build, to compare two in one sitting).
#
# Uses wrk (installed with apt-get when missing). Only 127.0.0.1 is loaded; the server is
# stopped at exit.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

DURATION="${DURATION:-10s}"
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-32}"
PLIES="${PLIES:-300}"
NEXT_PLIES="${NEXT_PLIES:-1000}"
NEXT_STEPS="${NEXT_STEPS:-100}"
GAME_CACHE_BYTES="${GAME_CACHE_BYTES:-}"
WORKERS="${WORKERS:-0}"
SERVER_CPUS="${SERVER_CPUS:-}"
TARGET_DIR="${CARGO_TARGET_DIR:-target}"
BINARY="${BINARY:-}"

# shellcheck source=scripts/common.sh
source scripts/common.sh

# --- the load generator ---------------------------------------------------------------
ensure_wrk

# --- the server -----------------------------------------------------------------------
server_binary

make_work load
# Request logs go to a file (one line per request at the default `info` level, as in
# production); the file is removed at exit.
# Pinned, the server counts only its CPUs, so WORKERS=0 gives one worker per pinned CPU.
wrk_pin=()
if [ -n "$SERVER_CPUS" ]; then
    wrk_cpus="$(python3 - "$SERVER_CPUS" <<'PY'
import os, sys
server = set()
for part in sys.argv[1].split(","):
    lo, _, hi = part.partition("-")
    server.update(range(int(lo), int(hi or lo) + 1))
rest = sorted(set(os.sched_getaffinity(0)) - server)
if not rest:
    sys.exit("SERVER_CPUS leaves no CPU for wrk")
print(",".join(map(str, rest)))
PY
)"
    wrk_pin=(taskset -c "$wrk_cpus")
    server_wrap=(taskset -c "$SERVER_CPUS")
fi
cache_flags=()
if [ -n "$GAME_CACHE_BYTES" ]; then
    cache_flags=(--game-cache-bytes "$GAME_CACHE_BYTES")
fi
start_server "$binary" --workers "$WORKERS" "${cache_flags[@]}"

# --- the request bodies (and a check that each is answered as expected) ---------------
log "waiting for /readyz, then building the bodies (a game of max($PLIES, $NEXT_PLIES + $NEXT_STEPS) plies via /v1/legal-moves)"
python3 - "$base" "$work" "$PLIES" "$NEXT_PLIES" "$NEXT_STEPS" <<'PY'
import json, random, sys, time, urllib.request

base, work, plies = sys.argv[1], sys.argv[2], int(sys.argv[3])
next_plies, next_steps = int(sys.argv[4]), int(sys.argv[5])

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

# One game serves (c) and (h): its first PLIES + 1 moves are those of a game of PLIES + 1.
rng = random.Random(300)
moves = []
for ply in range(max(plies + 1, next_plies + next_steps)):
    answer = call("/v1/legal-moves", {"variant": "tai", "moves": moves})
    choices = [m["move"] for m in answer["moves"] if playable(m)]
    if not choices:
        sys.exit(f"no ordinary move at ply {ply}")
    moves.append(rng.choice(choices))
game, last = moves[:plies], moves[plies]

chu_first = call("/v1/legal-moves", {"variant": "chu", "moves": []})["moves"][0]["move"]
bodies = {
    "bare": {"variant": "tai", "position": variant["start_position"], "move": "13s13r"},
    "game": {"variant": "tai", "moves": game, "move": last},
    "chu-adjudicate": {"variant": "chu", "moves": [], "move": chu_first},
}
for name, body in bodies.items():
    answer = call("/v1/adjudicate", body)
    if answer.get("legal") is not True:
        sys.exit(f"the {name} body is not answered legal: {answer}")
    with open(f"{work}/{name}.json", "w") as f:
        json.dump(body, f)
for v in ("tai", "chu"):
    body = {"variant": v, "moves": []}
    if not call("/v1/legal-moves", body)["moves"]:
        sys.exit(f"no legal move listed for the {v} start position")
    with open(f"{work}/{v}-legal.json", "w") as f:
        json.dump(body, f)
with open(f"{work}/next.txt", "w") as f:
    for n in range(next_plies, next_plies + next_steps):
        body = {"variant": "tai", "moves": moves[:n], "move": moves[n]}
        if n in (next_plies, next_plies + next_steps - 1) and call("/v1/adjudicate", body).get("legal") is not True:
            sys.exit(f"the next-move body of ply {n} is not answered legal")
        with open(f"{work}/next-{n}.json", "w") as g:
            json.dump(body, g)
        f.write(f"/v1/adjudicate {work}/next-{n}.json\n")
with open(f"{work}/mix.txt", "w") as f:
    for path, name in (("/v1/adjudicate", "bare"), ("/v1/legal-moves", "tai-legal"),
                       ("/v1/legal-moves", "chu-legal"), ("/v1/adjudicate", "chu-adjudicate")):
        f.write(f"{path} {work}/{name}.json\n")
PY

# --- the runs -------------------------------------------------------------------------
cat >"$work/load.lua" <<'LUA'
local function slurp(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("*a")
  f:close()
  return text
end
wrk.method = os.getenv("LOAD_METHOD") or "GET"
local path = os.getenv("LOAD_BODY")
if path and path ~= "" then
  wrk.body = slurp(path)
  wrk.headers["Content-Type"] = "application/json"
end
-- LOAD_MIX: a file of "PATH BODY_FILE" lines, POSTed in turn on every connection. The
-- requests are built in init, once wrk has set the Host header (built when the script is
-- loaded, they would go without it and every answer would be a 400).
local mix = os.getenv("LOAD_MIX")
if mix and mix ~= "" then
  local requests, i = {}, 0
  init = function(args)
    for line in io.lines(mix) do
      local target, file = line:match("^(%S+) (%S+)$")
      requests[#requests + 1] = wrk.format("POST", target,
        { ["Host"] = wrk.headers["Host"], ["Content-Type"] = "application/json" }, slurp(file))
    end
  end
  request = function()
    i = i % #requests + 1
    return requests[i]
  end
end
LUA
wrk_result_lua >>"$work/load.lua"

# Prints "rps p50_ms p99_ms requests http_errors socket_errors".
measure() {
    local method=$1 path=$2 body=${3:-} mix=${4:-}
    LOAD_METHOD=$method LOAD_BODY=$body LOAD_MIX=$mix \
        "${wrk_pin[@]}" wrk -t "$THREADS" -c "$CONNECTIONS" -d "$DURATION" --timeout 10s \
        -s "$work/load.lua" "$base$path" >"$work/out.txt"
    wrk_result <"$work/out.txt"
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
run_one "POST /v1/legal-moves, tai start position" POST /v1/legal-moves "$work/tai-legal.json"
run_one "POST /v1/legal-moves, chu start position" POST /v1/legal-moves "$work/chu-legal.json"
run_one "POST /v1/adjudicate, chu start position, first listed move" POST /v1/adjudicate "$work/chu-adjudicate.json"
run_one "mix: (b), (d), (e), (f) in turn" POST / "" "$work/mix.txt"
run_one "POST /v1/adjudicate, next move of a $NEXT_PLIES-ply tai game, ply by ply" POST / "" "$work/next.txt"

peak_rss_kib="$(awk '$1 == "VmHWM:" { print $2 }' "/proc/$server_pid/status")"
cores="$(nproc)"
workers=$WORKERS
server_cores=$cores
placement="$cores cores shared by server and wrk"
if [ -n "$SERVER_CPUS" ]; then
    server_cores="$(taskset -c "$SERVER_CPUS" nproc)"
    placement="server pinned to CPU(s) $SERVER_CPUS, wrk on $wrk_cpus"
fi
if [ "$workers" = 0 ]; then workers=$server_cores; fi

echo
built="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
if [ -n "$BINARY" ]; then built="$BINARY"; fi
echo "shogi-arbiter $built; wrk, $DURATION per row, $THREADS threads, $CONNECTIONS connections; $workers server workers; $placement; load average before the runs: $loadavg_before"
echo
echo "| scenario | requests/s | p50 ms | p99 ms | requests | HTTP errors | socket errors |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
for row in "${rows[@]}"; do
    label="${row%%|*}"
    read -r rps p50 p99 total http_errs sock_errs <<<"${row#*|}"
    printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$label" "$rps" "$p50" "$p99" "$total" "$http_errs" "$sock_errs"
done
echo
rps_of() {
    local row="${rows[$1]#*|}"
    echo "${row%% *}"
}
awk -v a="$(rps_of 0)" -v b="$(rps_of 1)" -v h="$(rps_of 7)" 'BEGIN {
    printf "ratios: bare adjudication (b) / healthz (a) %.1f%%; next move (h) / bare adjudication (b) %.1f%%\n", 100 * b / a, 100 * h / b
}'
awk -v k="$peak_rss_kib" 'BEGIN { printf "server peak RSS (VmHWM): %d KiB (%.1f MiB)\n", k, k / 1024 }'
curl -s "$base/metrics" | awk '
    $1 == "shogi_arbiter_game_cache_hits_total" { h = $2 }
    $1 == "shogi_arbiter_game_cache_misses_total" { m = $2 }
    $1 == "shogi_arbiter_game_cache_evictions_total" { e = $2 }
    $1 == "shogi_arbiter_game_cache_bytes" { b = $2 }
    END {
        if (h + m == 0) { print "game cache: not used (off, or no game of 8 plies or more)"; exit }
        printf "game cache: %d hits, %d misses (%.1f%% hits), %d evictions, %.1f MiB held\n", h, m, 100 * h / (h + m), e, b / 1048576
    }'
