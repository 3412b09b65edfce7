#!/usr/bin/env bash
# Storm and soak of a release build on loopback (issue 14), in one bounded run:
#   1. each attack class alone, 20 connections for STORM seconds, while one more
#      connection asks GET /healthz as fast as it can:
#        perft depth 2 on a tai position with an emperor on every other square,
#        legal moves of that position (about 97,000 moves), its adjudication,
#        a replay of a 10,000-ply tai game;
#   2. all four classes at once (80 connections) with /healthz beside;
#   3. memory: 64 connections replaying 10,000-ply tai games; peak RSS, then RSS after
#      IDLE seconds without load, against RSS before any storm (also after IDLE seconds
#      without load);
#   4. a soak: SOAK seconds of mixed load at saturation (every job, bare and game forms,
#      tai and chu, the attack classes among them) with /healthz beside; RSS sampled every
#      second, drift = the median of the last tenth of the soak against the median of
#      its second tenth (the first is warm-up); RSS after IDLE seconds idle; 5xx count.
# For each: requests, answers by status class (2xx, 422, 429, other 4xx, 5xx), socket
# errors and /healthz p50/p99/max. Prints markdown tables.
#
# Usage: bash scripts/storm.sh
# Knobs (environment): STORM (seconds per storm row, default 15), SOAK (600), IDLE (15:
# longer than the 10 s an idle blocking thread lives),
# SOAK_CONNECTIONS (32), SERVER_FLAGS (extra flags for the server, default none: the
# defaults are what is measured).
#
# Uses wrk (installed with apt-get when missing). Only 127.0.0.1 is loaded; the server is
# stopped at exit.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

STORM="${STORM:-15}"
SOAK="${SOAK:-600}"
IDLE="${IDLE:-15}"
SOAK_CONNECTIONS="${SOAK_CONNECTIONS:-32}"
SERVER_FLAGS="${SERVER_FLAGS:-}"
TARGET_DIR="${CARGO_TARGET_DIR:-target}"

# shellcheck source=scripts/common.sh
source scripts/common.sh
ensure_wrk

log "cargo build --release --locked --features jemalloc --bin shogi-arbiter --example random_game"
cargo build --release --locked --features jemalloc --bin shogi-arbiter --example random_game >&2
binary="$TARGET_DIR/release/shogi-arbiter"
games="$TARGET_DIR/release/examples/random_game"

make_work storm

# --- the request bodies ---------------------------------------------------------------
log "games: tai 10,000 and 300 plies, chu 1,000 and 300 plies"
"$games" tai 10000 >"$work/tai10000.json"
"$games" tai 300 >"$work/tai300.json"
"$games" chu 1000 >"$work/chu1000.json"
"$games" chu 300 >"$work/chu300.json"

# shellcheck disable=SC2086
start_server "$binary" $SERVER_FLAGS

python3 - "$base" "$work" <<'PY'
import json, sys, time, urllib.request

base, work = sys.argv[1], sys.argv[2]

def call(path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)

for _ in range(100):
    try:
        call("/readyz")
        break
    except OSError:
        time.sleep(0.1)
else:
    sys.exit("the server did not become ready")

def load(name):
    with open(f"{work}/{name}.json") as f:
        return json.load(f)

tai_start = call("/v1/variants/tai")[1]["start_position"]
chu_start = call("/v1/variants/chu")[1]["start_position"]
rank = lambda first: ",1,".join(("E" if (i % 2 == 0) == first else "e") for i in range(13))
emperors = "/".join(rank(r % 2 == 0) for r in range(25)) + " b - 1"
tai10000, tai300, chu1000, chu300 = (load(n) for n in ("tai10000", "tai300", "chu1000", "chu300"))

# name: (path, body, the statuses it may get)
bodies = {
    # The attack classes.
    "perft_emperors": ("/v1/perft", {"variant": "tai", "depth": 2, "position": emperors}),
    "legal_emperors": ("/v1/legal-moves", {"variant": "tai", "position": emperors}),
    "adjudicate_emperors": ("/v1/adjudicate", {"variant": "tai", "position": emperors, "move": "25a24b"}),
    "replay_tai10000": ("/v1/replay", {"variant": "tai", "moves": tai10000}),
    # The rest of the soak's mix.
    "adjudicate_tai_bare": ("/v1/adjudicate", {"variant": "tai", "position": tai_start, "move": "13s13r"}),
    "adjudicate_tai_game": ("/v1/adjudicate", {"variant": "tai", "moves": tai300[:-1], "move": tai300[-1]}),
    "adjudicate_chu_bare": ("/v1/adjudicate", {"variant": "chu", "position": chu_start, "move": "6i6h"}),
    "adjudicate_chu_game": ("/v1/adjudicate", {"variant": "chu", "moves": chu300[:-1], "move": chu300[-1]}),
    "legal_tai_bare": ("/v1/legal-moves", {"variant": "tai", "position": tai_start}),
    "legal_tai_game": ("/v1/legal-moves", {"variant": "tai", "moves": tai300}),
    "legal_chu_bare": ("/v1/legal-moves", {"variant": "chu", "position": chu_start}),
    "legal_chu_game": ("/v1/legal-moves", {"variant": "chu", "moves": chu300}),
    "replay_chu1000": ("/v1/replay", {"variant": "chu", "moves": chu1000}),
    "replay_tai300": ("/v1/replay", {"variant": "tai", "moves": tai300}),
    "perft_tai_2": ("/v1/perft", {"variant": "tai", "depth": 2}),
    "perft_chu_3": ("/v1/perft", {"variant": "chu", "depth": 3}),
    "perft_chu_game_2": ("/v1/perft", {"variant": "chu", "depth": 2, "moves": chu300}),
}
for name, (path, body) in bodies.items():
    status, answer = call(path, body)
    if status >= 500 or status not in (200, 422):
        sys.exit(f"{name}: {status} {answer}")
    what = answer.get("code") or answer.get("count") or answer.get("nodes") or answer.get("legal")
    print(f"{name}: {status} {what}", file=sys.stderr)
    with open(f"{work}/{name}.body", "w") as f:
        json.dump(body, f)
    with open(f"{work}/{name}.path", "w") as f:
        f.write(path)
PY

# --- wrk scripts ------------------------------------------------------------------------
# LOAD_LIST: a file of body names; each request takes the next (per connection thread).
cat >"$work/load.lua" <<'LUA'
local dir = os.getenv("LOAD_DIR")
local list = os.getenv("LOAD_LIST")
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args)
  c2, c422, c429, c4, c5 = 0, 0, 0, 0, 0
  requests_ = {}
  n = 0
  if list and list ~= "" then
    for name in io.lines(list) do
      local p = assert(io.open(dir .. "/" .. name .. ".path")):read("*a")
      local b = assert(io.open(dir .. "/" .. name .. ".body")):read("*a")
      table.insert(requests_, wrk.format("POST", p, {["Content-Type"] = "application/json"}, b))
    end
  end
end
function request()
  if #requests_ == 0 then return wrk.format("GET", wrk.path) end
  n = n % #requests_ + 1
  return requests_[n]
end
function response(status, headers, body)
  if status >= 500 then c5 = c5 + 1
  elseif status == 422 then c422 = c422 + 1
  elseif status == 429 then c429 = c429 + 1
  elseif status >= 400 then c4 = c4 + 1
  else c2 = c2 + 1 end
end
function done(summary, latency, requests)
  local t = {0, 0, 0, 0, 0}
  for _, th in ipairs(threads) do
    t[1] = t[1] + th:get("c2"); t[2] = t[2] + th:get("c422"); t[3] = t[3] + th:get("c429")
    t[4] = t[4] + th:get("c4"); t[5] = t[5] + th:get("c5")
  end
  local e = summary.errors
  io.write(string.format("RESULT %d %d %d %d %d %d %d %.2f %.2f %.2f\n",
    summary.requests, t[1], t[2], t[3], t[4], t[5], e.connect + e.read + e.write + e.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
LUA

rss_kib() { awk '$1 == "VmRSS:" { print $2 }' "/proc/$server_pid/status"; }

# storm LABEL SECONDS CONNECTIONS NAME... : the named bodies in turn on CONNECTIONS
# connections, /healthz on one more; one table row.
rows=()
storm() {
    local label=$1 seconds=$2 connections=$3
    shift 3
    printf '%s\n' "$@" >"$work/list.txt"
    log "storm: $label (${seconds}s, $connections connections, /healthz beside)"
    LOAD_DIR=$work LOAD_LIST=$work/list.txt \
        wrk -t 2 -c "$connections" -d "${seconds}s" --timeout 30s -s "$work/load.lua" \
        "$base/" >"$work/storm.txt" &
    local storm_pid=$!
    LOAD_DIR=$work LOAD_LIST="" \
        wrk -t 1 -c 1 -d "${seconds}s" --timeout 30s -s "$work/load.lua" \
        "$base/healthz" >"$work/health.txt"
    wait "$storm_pid"
    local s h
    s="$(awk '$1 == "RESULT" { print $2, $3, $4, $5, $6, $7, $8 }' "$work/storm.txt")"
    h="$(awk '$1 == "RESULT" { print $2, $9, $10, $11, $7 }' "$work/health.txt")"
    [ -n "$s" ] && [ -n "$h" ] || { echo "error: no result for $label" >&2; exit 1; }
    rows+=("$label|$s|$h")
}

table() {
    echo "| load | requests | 2xx | 422 | 429 | other 4xx | 5xx | socket errors | /healthz requests | /healthz p50 ms | p99 ms | max ms | /healthz 5xx |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    for row in "${rows[@]}"; do
        IFS='|' read -r label s h <<<"$row"
        read -r req c2 c422 c429 c4 c5 sock <<<"$s"
        read -r hreq hp50 hp99 hmax h5 <<<"$h"
        printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' \
            "$label" "$req" "$c2" "$c422" "$c429" "$c4" "$c5" "$sock" "$hreq" "$hp50" "$hp99" "$hmax" "$h5"
    done
}

# The level to return to: idle, like the reading after the storms.
sleep "$IDLE"
rss_before="$(rss_kib)"
log "RSS before the storms, after ${IDLE}s idle: $rss_before KiB"

# --- 1 and 2: the attack classes ------------------------------------------------------
for name in perft_emperors legal_emperors adjudicate_emperors replay_tai10000; do
    storm "$name" "$STORM" 20 "$name"
done
storm "all four classes" "$STORM" 80 perft_emperors legal_emperors adjudicate_emperors replay_tai10000
storm_rows=("${rows[@]}")

# --- 3: memory ------------------------------------------------------------------------
log "memory: 64 connections replaying 10,000-ply games for ${STORM}s"
printf 'replay_tai10000\n' >"$work/list.txt"
LOAD_DIR=$work LOAD_LIST=$work/list.txt \
    wrk -t 2 -c 64 -d "${STORM}s" --timeout 30s -s "$work/load.lua" "$base/" >"$work/mem.txt" &
mem_pid=$!
rss_peak=0
while kill -0 "$mem_pid" 2>/dev/null; do
    r="$(rss_kib)"
    if [ "$r" -gt "$rss_peak" ]; then rss_peak=$r; fi
    sleep 0.2
done
wait "$mem_pid"
mem="$(awk '$1 == "RESULT" { print $2, $3, $4, $5, $6, $7, $8 }' "$work/mem.txt")"
sleep "$IDLE"
rss_idle="$(rss_kib)"

# --- 4: the soak ----------------------------------------------------------------------
rows=()
soak_names=(adjudicate_tai_bare adjudicate_tai_game adjudicate_chu_bare adjudicate_chu_game
    legal_tai_bare legal_tai_game legal_chu_bare legal_chu_game replay_chu1000 replay_tai300
    perft_tai_2 perft_chu_3 perft_chu_game_2 perft_emperors legal_emperors adjudicate_emperors
    replay_tai10000)
(
    for _ in $(seq "$SOAK"); do
        rss_kib
        sleep 1
    done
) >"$work/rss_soak.txt" &
sampler_pid=$!
storm "soak, every job mixed" "$SOAK" "$SOAK_CONNECTIONS" "${soak_names[@]}"
soak_rows=("${rows[@]}")
wait "$sampler_pid"
sleep "$IDLE"
rss_soak_idle="$(rss_kib)"

server_5xx="$(grep -c 'status=5' "$work/server.log" || true)"
cores="$(nproc)"
echo
echo "shogi-arbiter $(git rev-parse --short HEAD 2>/dev/null || echo unknown); $cores cores shared by server and wrk; server flags: ${SERVER_FLAGS:-(defaults)}"
echo
echo "Storms (${STORM}s each; 20 connections per class):"
echo
rows=("${storm_rows[@]}")
table
echo
read -r mreq m2 m422 m429 m4 m5 msock <<<"$mem"
echo "Memory, 64 connections replaying 10,000-ply tai games for ${STORM}s: $mreq requests ($m2 2xx, $m422 422, $m429 429, $m4 other 4xx, $m5 5xx, $msock socket errors)."
awk -v b="$rss_before" -v p="$rss_peak" -v i="$rss_idle" -v idle="$IDLE" 'BEGIN {
    printf "RSS before the storms (idle) %.1f MiB; peak during the replays %.1f MiB; after %ss idle %.1f MiB (%+.1f%% against before)\n",
        b / 1024, p / 1024, idle, i / 1024, (i - b) * 100 / b }'
echo
echo "Soak (${SOAK}s, $SOAK_CONNECTIONS connections, ${#soak_names[@]} bodies in turn):"
echo
rows=("${soak_rows[@]}")
table
echo
python3 - "$work/rss_soak.txt" "$rss_soak_idle" "$rss_before" "$IDLE" <<'PY'
import statistics, sys
samples = [int(line) for line in open(sys.argv[1]) if line.strip()]
idle, before, idle_s = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
tenth = max(len(samples) // 10, 1)
early = statistics.median(samples[tenth:2 * tenth])
late = statistics.median(samples[-tenth:])
mib = lambda k: k / 1024
print(f"RSS during the soak ({len(samples)} samples, one a second): median of its second tenth "
      f"{mib(early):.1f} MiB, of its last tenth {mib(late):.1f} MiB: drift {(late - early) * 100 / early:+.1f}%; "
      f"max {mib(max(samples)):.1f} MiB")
print(f"RSS after the soak and {idle_s}s idle {mib(idle):.1f} MiB ({(idle - before) * 100 / before:+.1f}% against before the storms)")
PY
echo "5xx lines in the server log: $server_5xx"
