#!/usr/bin/env bash
# Builds the repository's Dockerfile, unchanged, with buildah, then starts the image and
# asks it for /healthz.
#
#   bash .ci/image.sh            (from the repository root, as root)
#
# No Docker engine runs on the CI machine and Docker Hub is out of reach, so:
#   - buildah (Debian's package) builds with vfs storage and chroot isolation, in a storage
#     root inside a temporary directory, and pulls nothing (--pull=never);
#   - the three images the Dockerfile starts FROM are made here first, from Debian's
#     packages, under the names the Dockerfile asks for:
#       debian:<release>-slim     a minbase Debian root made by mmdebstrap;
#       rust:<version>-slim-<release>
#                                 the same plus what the official rust:*-slim image adds
#                                 (ca-certificates, gcc, libc6-dev), this machine's Rust
#                                 toolchain under /usr/local without its documentation, and
#                                 the host's certificate bundle (the network's TLS proxy);
#       busybox:<version>-musl    Debian's static busybox as /bin/wget (the only file the
#                                 Dockerfile copies from it).
# The build itself is the Dockerfile's: a cold `cargo build --release --locked` that fetches
# the crates from crates.io. The script prints the image's size and the time from starting
# the container to the first answer of /healthz.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

RELEASE="$(sed -n 's/^ARG DEBIAN_RELEASE=//p' Dockerfile)"
BUSYBOX_TAG="$(sed -n 's/^FROM busybox:\([^ ]*\) .*/\1/p' Dockerfile)"
RUST_VERSION="$(rustc --version | sed -E 's/^rustc ([0-9]+\.[0-9]+).*/\1/')"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

run() {
    printf '\n+ %s\n' "$*"
    "$@"
}

missing=()
for tool in buildah mmdebstrap; do
    command -v "$tool" >/dev/null || missing+=("$tool")
done
if [ "${#missing[@]}" -gt 0 ]; then
    run apt-get update -qq
    run env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        buildah mmdebstrap uidmap ca-certificates
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/shogi-arbiter-image.XXXXXX")"
server_pid=""
cleanup() {
    local status=$?
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    # vfs layers are plain directories; buildah's own removal knows their owners.
    buildah "${storage[@]}" rm --all >/dev/null 2>&1 || true
    buildah "${storage[@]}" rmi --all --force >/dev/null 2>&1 || true
    rm -rf "$work"
    exit "$status"
}
storage=(--root "$work/storage" --runroot "$work/run" --storage-driver vfs)
trap cleanup EXIT

# A root file system from Debian's packages, as a tar file.
debian_root() {
    local tar="$1"
    shift
    run mmdebstrap --quiet --variant=minbase --include="$(IFS=,; echo "$*")" \
        "$RELEASE" "$tar" "$MIRROR"
}

# An image named $1 from the tar file $2 (the root file system), with the environment
# variables that follow. CA_BUNDLE, when set, replaces the image's certificate bundle.
image_from_tar() {
    local name="$1" tar="$2"
    shift 2
    local container
    container="$(buildah "${storage[@]}" from scratch)"
    run buildah "${storage[@]}" add "$container" "$tar" /
    if [ -n "${CA_BUNDLE:-}" ]; then
        run buildah "${storage[@]}" copy "$container" "$CA_BUNDLE" /etc/ssl/certs/ca-certificates.crt
    fi
    local env
    for env in "$@"; do
        run buildah "${storage[@]}" config --env "$env" "$container"
    done
    run buildah "${storage[@]}" config --cmd /bin/sh "$container"
    run buildah "${storage[@]}" commit --quiet --rm "$container" "$name" >/dev/null
}

# --- the base images ---------------------------------------------------------------
debian_root "$work/debian.tar" debian-archive-keyring
image_from_tar "docker.io/library/debian:$RELEASE-slim" "$work/debian.tar" \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

debian_root "$work/rust.tar" ca-certificates gcc libc6-dev
sysroot="$(rustc --print sysroot)"
run tar -C "$sysroot" --exclude=./share/doc --transform 's,^\.,./usr/local,' \
    -rf "$work/rust.tar" .
# The build stage reaches crates.io through this machine's network, whose TLS proxy only the
# host's certificate bundle trusts: the stand-in rust image gets that bundle.
CA_BUNDLE=/etc/ssl/certs/ca-certificates.crt \
    image_from_tar "docker.io/library/rust:$RUST_VERSION-slim-$RELEASE" "$work/rust.tar" \
    CARGO_HOME=/usr/local/cargo \
    PATH=/usr/local/cargo/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

run mmdebstrap --quiet --variant=extract --include=busybox-static "$RELEASE" \
    "$work/busybox" "$MIRROR"
mkdir -p "$work/busybox-root/bin"
cp "$work/busybox/usr/bin/busybox" "$work/busybox-root/bin/wget"
tar -C "$work/busybox-root" -cf "$work/busybox.tar" .
image_from_tar "docker.io/library/busybox:$BUSYBOX_TAG" "$work/busybox.tar"

# --- the Dockerfile -----------------------------------------------------------------
started=$(date +%s)
run buildah "${storage[@]}" build --isolation chroot --pull=never --layers=false \
    --build-arg "RUST_VERSION=$RUST_VERSION" --tag localhost/shogi-arbiter:ci .
echo "image built in $(( $(date +%s) - started )) s"
run buildah "${storage[@]}" images localhost/shogi-arbiter:ci

# --- start it and ask for /healthz --------------------------------------------------
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
container="$(buildah "${storage[@]}" from --pull=never localhost/shogi-arbiter:ci)"
started_ns=$(date +%s%N)
# chroot isolation shares the host's network, so the service is reached on loopback. The
# entry point and user are the image's own (ENTRYPOINT, CMD, USER of the Dockerfile).
buildah "${storage[@]}" run --isolation chroot --env "SHOGI_ARBITER_PORT=$port" \
    --env SHOGI_ARBITER_HOST=127.0.0.1 "$container" \
    -- /usr/local/bin/shogi-arbiter serve >"$work/server.log" 2>&1 &
server_pid=$!
answered=""
for _ in $(seq 1 1000); do
    if ! kill -0 "$server_pid" 2>/dev/null; then
        echo "error: the container exited; its log:" >&2
        cat "$work/server.log" >&2
        exit 1
    fi
    if python3 - "http://127.0.0.1:$port/healthz" <<'PY' 2>/dev/null; then
import sys, urllib.request
with urllib.request.urlopen(sys.argv[1], timeout=1) as r:
    sys.exit(0 if r.status == 200 else 1)
PY
        answered=yes
        break
    fi
    sleep 0.01
done
if [ -z "$answered" ]; then
    echo "error: /healthz did not answer within 10 s; the log:" >&2
    cat "$work/server.log" >&2
    exit 1
fi
echo "healthz answered $(( ($(date +%s%N) - started_ns) / 1000000 )) ms after the container started"
# The image's own health check client, as the HEALTHCHECK runs it.
run buildah "${storage[@]}" run --isolation chroot "$container" \
    -- /usr/local/bin/wget -q -O - "http://127.0.0.1:$port/healthz"
echo
echo "image: built from the Dockerfile and answering"
