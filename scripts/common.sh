# Shared by the scripts under scripts/ that load a server (sourced, not run): logging,
# wrk, and a release server on a free loopback port that is stopped, with its work
# directory removed, when the script exits.

log() { printf '+ %s\n' "$*" >&2; }

# ensure_package COMMAND PACKAGE: installs PACKAGE with apt-get when COMMAND is found
# neither on the PATH nor in /usr/sbin.
ensure_package() {
    if command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ]; then
        return
    fi
    local sudo=""
    if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
    log "installing $2 with apt-get"
    if ! $sudo apt-get install -y -qq "$2" >/dev/null 2>&1; then
        $sudo apt-get update -qq >/dev/null
        $sudo apt-get install -y -qq "$2" >/dev/null
    fi
}

# Installs wrk with apt-get when it is missing.
ensure_wrk() { ensure_package wrk wrk; }

# Sets $binary: $BINARY when given (another build to load), else this tree's release
# build with jemalloc, built here into $TARGET_DIR.
server_binary() {
    if [ -n "${BINARY:-}" ]; then
        binary="$BINARY"
        log "using the server binary $binary (not built here)"
    else
        log "cargo build --release --locked --features jemalloc --bin shogi-arbiter"
        cargo build --release --locked --features jemalloc --bin shogi-arbiter >&2
        binary="$TARGET_DIR/release/shogi-arbiter"
    fi
}

# A free TCP port of 127.0.0.1.
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# make_work NAME: a fresh directory in $work, removed at exit with the server.
work=""
server_pid=""
make_work() {
    work="$(mktemp -d "${TMPDIR:-/tmp}/shogi-arbiter-$1.XXXXXX")"
    trap stop_all EXIT
}

# Other processes to stop at exit (scripts/load_pods.sh: the second server, nginx).
extra_pids=()

stop_all() {
    local status=$?
    local pid
    for pid in "$server_pid" "${extra_pids[@]}"; do
        if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
            kill "$pid" 2>/dev/null || true
            wait "$pid" 2>/dev/null || true
        fi
    done
    if [ -n "$work" ]; then rm -rf "$work"; fi
    exit "$status"
}

# start_server BINARY [FLAGS...]: the server on a free port of 127.0.0.1, its log in
# $work/server.log; sets $server_pid and $base. A command in the array $server_wrap (e.g.
# taskset -c 0) runs the binary; it must exec it, so that $server_pid is the server's.
server_wrap=()
start_server() {
    local binary=$1
    shift
    local port
    port="$(free_port)"
    base="http://127.0.0.1:$port"
    log "${server_wrap[*]} $binary --host 127.0.0.1 --port $port $*"
    "${server_wrap[@]}" "$binary" --host 127.0.0.1 --port "$port" "$@" >"$work/server.log" 2>&1 &
    server_pid=$!
}

# The `done` of a wrk script: one line "RESULT rps p50_ms p99_ms requests http_errors
# socket_errors", which wrk_result reads.
wrk_result_lua() {
    cat <<'LUA'
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %.1f %.3f %.3f %d %d %d\n",
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.requests, e.status, e.connect + e.read + e.write + e.timeout))
end
LUA
}

# The RESULT line of a wrk run's output (standard input), without its tag.
wrk_result() {
    awk '$1 == "RESULT" { print $2, $3, $4, $5, $6, $7 }'
}
