#!/usr/bin/env bash
# Slow clients on kept-alive connections against a release build on loopback (issue 29):
# CONNECTIONS connections each complete one request (GET /healthz), then send the next
# request's head one byte a second, for DURATION seconds; a connection the server closes
# (its head timed out) is opened again the same way, so that CONNECTIONS are held
# throughout. Beside them a probe opens a new connection every 20 ms and asks GET
# /healthz, as a load balancer's health check would.
# Prints one markdown row: the connections held (the server's descriptors, sampled), how
# many were closed by the head timeout (an empty 408 seen), refusals (503), the probes'
# answers and latency p50/p99/max, the server's RSS (before, max during) and descriptors.
#
# Usage: bash scripts/slowloris.sh
# Knobs (environment): CONNECTIONS (2000), DURATION (seconds, 30), SERVER_FLAGS (extra flags for the
# server, default none: the defaults are what is measured).
#
# Only 127.0.0.1 is used; every loop is bounded in time; the server is stopped at exit.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

CONNECTIONS="${CONNECTIONS:-2000}"
DURATION="${DURATION:-30}"
SERVER_FLAGS="${SERVER_FLAGS:-}"
TARGET_DIR="${CARGO_TARGET_DIR:-target}"

# shellcheck source=scripts/common.sh
source scripts/common.sh

log "cargo build --release --locked --features jemalloc --bin shogi-arbiter"
cargo build --release --locked --features jemalloc --bin shogi-arbiter >&2
binary="$TARGET_DIR/release/shogi-arbiter"

make_work slowloris
# The clients need a descriptor each, the server one per connection.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
# shellcheck disable=SC2086
start_server "$binary" $SERVER_FLAGS

python3 - "$base" "$server_pid" "$CONNECTIONS" "$DURATION" <<'PY'
import os, selectors, socket, statistics, sys, threading, time

base, pid, want, seconds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
host, port = base.removeprefix("http://").split(":")
addr = (host, int(port))
HEALTHZ = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
DRIP = b"GET /healthz?" + b"a" * 4000

def rss_kib():
    with open(f"/proc/{pid}/status") as f:
        return next(int(l.split()[1]) for l in f if l.startswith("VmRSS:"))

def descriptors():
    return len(os.listdir(f"/proc/{pid}/fd"))

deadline = time.monotonic() + 10
while True:
    try:
        socket.create_connection(addr, timeout=1).close()
        break
    except OSError:
        if time.monotonic() > deadline:
            sys.exit("the server did not start")
        time.sleep(0.05)
time.sleep(1)
rss_before, fds_before = rss_kib(), descriptors()

stop = time.monotonic() + seconds
latencies, probe_status = [], {}

def probe():
    # A new connection every 20 ms, each bounded by a 5 s timeout.
    while time.monotonic() < stop:
        began = time.monotonic()
        try:
            with socket.create_connection(addr, timeout=5) as s:
                s.sendall(HEALTHZ)
                data = b""
                while b"\r\n\r\n" not in data:
                    chunk = s.recv(4096)
                    if not chunk:
                        break
                    data += chunk
            status = data.split(b" ")[1].decode() if data.startswith(b"HTTP/") else "none"
        except OSError as e:
            status = type(e).__name__
        latencies.append((time.monotonic() - began) * 1000)
        probe_status[status] = probe_status.get(status, 0) + 1
        time.sleep(max(0.0, 0.02 - (time.monotonic() - began)))

sel = selectors.DefaultSelector()
# socket -> [phase, bytes dripped, buffer]; phase "answer" (waiting for the first
# answer) or "drip".
conns = {}
counts = {"opened": 0, "closed_408": 0, "refused_503": 0, "closed_other": 0, "errors": 0}

def open_one():
    s = socket.socket()
    s.setblocking(False)
    try:
        s.connect(addr)
    except BlockingIOError:
        pass
    except OSError:
        counts["errors"] += 1
        s.close()
        return
    conns[s] = ["connect", 0, b""]
    sel.register(s, selectors.EVENT_WRITE)
    counts["opened"] += 1

def close_one(s, why):
    counts[why] += 1
    sel.unregister(s)
    s.close()
    del conns[s]

t = threading.Thread(target=probe)
t.start()
fds_max, rss_max, held = 0, 0, []
next_drip = time.monotonic() + 1
next_sample = time.monotonic()
opened_cap = want * 20
while time.monotonic() < stop:
    while len(conns) < want and counts["opened"] < opened_cap:
        open_one()
    for key, events in sel.select(timeout=0.05):
        s = key.fileobj
        state = conns.get(s)
        if state is None:
            continue
        if state[0] == "connect" and events & selectors.EVENT_WRITE:
            try:
                s.send(HEALTHZ)
                state[0] = "answer"
                sel.modify(s, selectors.EVENT_READ)
            except OSError:
                close_one(s, "errors")
            continue
        try:
            chunk = s.recv(65536)
        except OSError:
            close_one(s, "errors")
            continue
        if not chunk:
            text = state[2]
            close_one(s, "closed_408" if b" 408 " in text[:20] or b"HTTP/1.1 408" in text
                      else "refused_503" if b"HTTP/1.1 503" in text else "closed_other")
            continue
        state[2] = (state[2] + chunk)[-256:]
        if state[0] == "answer" and b"\r\n\r\n" in state[2]:
            if state[2].startswith(b"HTTP/1.1 503"):
                close_one(s, "refused_503")
                continue
            state[0], state[2] = "drip", b""
    now = time.monotonic()
    if now >= next_drip:
        next_drip = now + 1
        for s, state in list(conns.items()):
            if state[0] == "drip" and state[1] < len(DRIP):
                try:
                    s.send(DRIP[state[1]:state[1] + 1])
                    state[1] += 1
                except OSError:
                    close_one(s, "errors")
    if now >= next_sample:
        next_sample = now + 0.5
        fds = descriptors()
        fds_max, rss_max = max(fds_max, fds), max(rss_max, rss_kib())
        held.append(sum(1 for st in conns.values() if st[0] == "drip"))
t.join(timeout=10)
for s in list(conns):
    close_one(s, "closed_other")

lat = sorted(latencies)
pct = lambda p: lat[min(len(lat) - 1, int(len(lat) * p))] if lat else float("nan")
held_median = statistics.median(held) if held else 0
print()
print(f"Slow clients: {want} connections dripping one byte a second after one request each, "
      f"{seconds:.0f} s; server flags: {os.environ.get('SERVER_FLAGS') or '(defaults)'}")
print()
print("| dripping connections held (median) | opened | closed by the head timeout (408) | refused (503) | other closes | socket errors | /healthz probes | probe answers | p50 ms | p99 ms | max ms | RSS before MiB | RSS max MiB | descriptors before | descriptors max |")
print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
answers = ", ".join(f"{k}: {v}" for k, v in sorted(probe_status.items()))
print(f"| {held_median:.0f} | {counts['opened']} | {counts['closed_408']} | {counts['refused_503']} | "
      f"{counts['closed_other']} | {counts['errors']} | {len(lat)} | {answers} | {pct(0.5):.1f} | {pct(0.99):.1f} | "
      f"{lat[-1] if lat else float('nan'):.1f} | {rss_before / 1024:.1f} | {rss_max / 1024:.1f} | {fds_before} | {fds_max} |")
PY
