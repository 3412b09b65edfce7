#!/usr/bin/env bash
# Two pods on loopback behind nginx (issue 34, point 2): how the requests of one game reach
# one pod, and what that is worth to the cache of game states. Two release servers and an
# nginx in front of them, as deploy/k8s/ingress.yaml routes (consistent hashing on the
# X-Game-Id header), and for contrast the same two behind round-robin routing.
#
# The games: GAMES games of the same NEXT_PLIES + NEXT_STEPS tai moves, told apart by the
# move number of their start position text (a game of its own to the cache, which keys on
# the start text; the same moves stay legal). wrk walks each game ply by ply from ply
# NEXT_PLIES (NEXT_STEPS plies, then round again), every request an adjudication of the
# next move in game form with the game's X-Game-Id, each wrk thread walking its share of
# the games in turn. Rows:
#   (1) two pods behind nginx, `hash $http_x_game_id consistent`
#   (2) two pods behind nginx, round robin
#   (3) one pod, directly: every game on one server
#   (4) the bare adjudication of load.sh's (b) through (1), a game id of its own
# For each: requests/s, p50 and p99 latency, HTTP and socket errors, each pod's cache hits
# and misses during the row and the bytes its cache holds after it (the rows run in this
# order, so (1) shows how the games are shared out). Prints a markdown table.
#
# Usage: bash scripts/load_pods.sh
# Knobs (environment): DURATION (per row, default 10s), THREADS (2), CONNECTIONS (32),
# GAMES (8), NEXT_PLIES (1000), NEXT_STEPS (100), WORKERS (HTTP workers of each server,
# default 1: two pods of one worker on a 2-core machine), BINARY (a server binary instead
# of building this tree's).
#
# Uses wrk and nginx (both installed with apt-get when missing). Only 127.0.0.1 is loaded;
# the servers and nginx are stopped at exit.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

DURATION="${DURATION:-10s}"
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-32}"
GAMES="${GAMES:-8}"
NEXT_PLIES="${NEXT_PLIES:-1000}"
NEXT_STEPS="${NEXT_STEPS:-100}"
WORKERS="${WORKERS:-1}"
TARGET_DIR="${CARGO_TARGET_DIR:-target}"
BINARY="${BINARY:-}"

# shellcheck source=scripts/common.sh
source scripts/common.sh

ensure_wrk
ensure_package nginx nginx-light
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
server_binary

make_work pods
# The first pod is start_server's; the second is started the same way here.
start_server "$binary" --workers "$WORKERS"
pod_a="$base"
port_b="$(free_port)"
pod_b="http://127.0.0.1:$port_b"
log "$binary --host 127.0.0.1 --port $port_b --workers $WORKERS"
"$binary" --host 127.0.0.1 --port "$port_b" --workers "$WORKERS" >"$work/server-b.log" 2>&1 &
extra_pids+=($!)

hashed_port="$(free_port)"
round_port="$(free_port)"
mkdir -p "$work/nginx"
cat >"$work/nginx/nginx.conf" <<NGINX
user $(id -un);
daemon off;
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_buffer_size 128k;
    client_body_temp_path $work/nginx/body;
    proxy_temp_path $work/nginx/proxy;
    fastcgi_temp_path $work/nginx/fastcgi;
    uwsgi_temp_path $work/nginx/uwsgi;
    scgi_temp_path $work/nginx/scgi;
    upstream hashed {
        hash \$http_x_game_id consistent;
        server ${pod_a#http://};
        server 127.0.0.1:$port_b;
        keepalive 64;
    }
    upstream round {
        server ${pod_a#http://};
        server 127.0.0.1:$port_b;
        keepalive 64;
    }
    server {
        listen 127.0.0.1:$hashed_port;
        location / {
            proxy_pass http://hashed;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
        }
    }
    server {
        listen 127.0.0.1:$round_port;
        location / {
            proxy_pass http://round;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
        }
    }
}
NGINX
log "nginx in front of both: hashed on X-Game-Id at :$hashed_port, round robin at :$round_port"
"$nginx_bin" -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" &
extra_pids+=($!)

log "waiting for both pods, then building the games (a tai game of $((NEXT_PLIES + NEXT_STEPS)) plies via /v1/legal-moves)"
python3 - "$pod_a" "$pod_b" "http://127.0.0.1:$hashed_port" "$work" "$GAMES" "$NEXT_PLIES" "$NEXT_STEPS" <<'PY'
import json, random, sys, time, urllib.request

pod_a, pod_b, hashed, work = sys.argv[1:5]
games, next_plies, next_steps = map(int, sys.argv[5:8])

def call(base, path, body=None, game=None):
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if game is not None:
        headers["X-Game-Id"] = game
    req = urllib.request.Request(base + path, data=data, headers=headers)
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)

for base in (pod_a, pod_b, hashed):
    for _ in range(100):
        try:
            call(base, "/readyz")
            break
        except OSError:
            time.sleep(0.1)
    else:
        sys.exit(f"{base} did not become ready")

variant = call(pod_a, "/v1/variants/tai")
emperors = {p["code"] for p in variant["pieces"] if p["name"].lower() == "emperor"}
start = variant["start_position"]
board, side, extra, number = start.rsplit(" ", 3)
if number != "1":
    sys.exit(f"unexpected move number in the start position: {start}")

rng = random.Random(34)
moves = []
for ply in range(next_plies + next_steps):
    answer = call(pod_a, "/v1/legal-moves", {"variant": "tai", "moves": moves})
    choices = [m["move"] for m in answer["moves"]
               if m["piece_after"].lstrip("+").upper() not in emperors
               and not m["pass"] and not any(c["royal"] for c in m["captures"])]
    if not choices:
        sys.exit(f"no ordinary move at ply {ply}")
    moves.append(rng.choice(choices))

for g in range(games):
    game_start = f"{board} {side} {extra} {g + 1}"
    game_id = f"game-{g}"
    with open(f"{work}/game-{g}.txt", "w") as f:
        for n in range(next_plies, next_plies + next_steps):
            body = {"variant": "tai", "start": game_start, "moves": moves[:n], "move": moves[n]}
            if n in (next_plies, next_plies + next_steps - 1) and \
                    call(hashed, "/v1/adjudicate", body, game_id).get("legal") is not True:
                sys.exit(f"game {g}: the body of ply {n} is not answered legal")
            path = f"{work}/game-{g}-{n}.json"
            with open(path, "w") as b:
                json.dump(body, b)
            f.write(path + "\n")
bare = {"variant": "tai", "position": start, "move": "13s13r"}
if call(hashed, "/v1/adjudicate", bare, "bare").get("legal") is not True:
    sys.exit("the bare body is not answered legal")
with open(f"{work}/bare.json", "w") as f:
    json.dump(bare, f)
PY

cat >"$work/pods.lua" <<'LUA'
-- Each thread walks its share of the games (game g goes to thread g mod threads), one
-- request of each game in turn, each game ply by ply; or (LOAD_BARE) the bare body.
local threads, counter = {}, 0
function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
  table.insert(threads, thread)
end
local function slurp(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("*a")
  f:close()
  return text
end
local games, at, turn = {}, {}, 0
function init(args)
  local work, count, nthreads = os.getenv("LOAD_WORK"), tonumber(os.getenv("GAMES")), tonumber(os.getenv("THREADS"))
  local headers = function(game)
    return { ["Host"] = wrk.headers["Host"], ["Content-Type"] = "application/json", ["X-Game-Id"] = game }
  end
  if os.getenv("LOAD_BARE") == "1" then
    games[1] = { wrk.format("POST", "/v1/adjudicate", headers("bare"), slurp(work .. "/bare.json")) }
  else
    for g = id, count - 1, nthreads do
      local requests = {}
      for path in io.lines(work .. "/game-" .. g .. ".txt") do
        requests[#requests + 1] = wrk.format("POST", "/v1/adjudicate", headers("game-" .. g), slurp(path))
      end
      games[#games + 1] = requests
    end
  end
  for i = 1, #games do at[i] = 0 end
end
function request()
  turn = turn % #games + 1
  at[turn] = at[turn] % #games[turn] + 1
  return games[turn][at[turn]]
end
LUA
wrk_result_lua >>"$work/pods.lua"

# "hits misses bytes" of a pod's cache so far.
counters() {
    curl -s "$1/metrics" | awk '
        $1 == "shogi_arbiter_game_cache_hits_total" { h = $2 }
        $1 == "shogi_arbiter_game_cache_misses_total" { m = $2 }
        $1 == "shogi_arbiter_game_cache_bytes" { b = $2 }
        END { printf "%d %d %d\n", h, m, b }'
}

rows=()
run_row() {
    local label=$1 url=$2 bare=$3
    local a_before b_before a_after b_after result
    a_before="$(counters "$pod_a")"
    b_before="$(counters "$pod_b")"
    log "wrk: $label ($DURATION, $THREADS threads, $CONNECTIONS connections)"
    result="$(LOAD_WORK=$work GAMES=$GAMES THREADS=$THREADS LOAD_BARE=$bare \
        wrk -t "$THREADS" -c "$CONNECTIONS" -d "$DURATION" --timeout 10s -s "$work/pods.lua" "$url" \
        | wrk_result)"
    [ -n "$result" ] || { echo "error: no result for $label" >&2; exit 1; }
    a_after="$(counters "$pod_a")"
    b_after="$(counters "$pod_b")"
    local pods
    pods="$(awk -v a0="$a_before" -v a1="$a_after" -v b0="$b_before" -v b1="$b_after" 'BEGIN {
        split(a0, x); split(a1, y); split(b0, u); split(b1, v)
        printf "%d / %d, %.1f MiB", y[1] - x[1], y[2] - x[2], y[3] / 1048576
        printf "|%d / %d, %.1f MiB", v[1] - u[1], v[2] - u[2], v[3] / 1048576
    }')"
    rows+=("$label|$result|$pods")
}
run_row "(1) two pods, nginx hashing on X-Game-Id" "http://127.0.0.1:$hashed_port" 0
run_row "(2) two pods, nginx round robin" "http://127.0.0.1:$round_port" 0
run_row "(3) one pod, directly" "$pod_a" 0
run_row "(4) bare adjudication through (1)" "http://127.0.0.1:$hashed_port" 1

echo
built="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
if [ -n "$BINARY" ]; then built="$BINARY"; fi
echo "shogi-arbiter $built; two pods of $WORKERS worker(s) and nginx $("$nginx_bin" -v 2>&1 | sed 's|.*/||'); wrk, $DURATION per row, $THREADS threads, $CONNECTIONS connections; $GAMES games walked from ply $NEXT_PLIES; $(nproc) cores shared by all; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| row | requests/s | p50 ms | p99 ms | requests | HTTP errors | socket errors | pod A hits / misses, held | pod B hits / misses, held |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for row in "${rows[@]}"; do
    IFS='|' read -r label result pod_a_row pod_b_row <<<"$row"
    read -r rps p50 p99 total http_errs sock_errs <<<"$result"
    printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$label" "$rps" "$p50" "$p99" "$total" "$http_errs" "$sock_errs" "$pod_a_row" "$pod_b_row"
done
