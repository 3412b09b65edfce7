# syntax=docker/dockerfile:1
#
# shogi-arbiter: a release build in a Rust image, then a small non-root runtime image.
#
#   docker build -t shogi-arbiter .
#   docker run --rm -p 8080:8080 shogi-arbiter
#
# Settings are the SHOGI_ARBITER_* environment variables (see `shogi-arbiter --help`),
# e.g. `-e SHOGI_ARBITER_MAX_MOVES=2000`. The health check reads SHOGI_ARBITER_PORT.

ARG RUST_VERSION=1.95
ARG DEBIAN_RELEASE=trixie

FROM rust:${RUST_VERSION}-slim-${DEBIAN_RELEASE} AS build
WORKDIR /src
# make: the image's binary allocates with jemalloc (the `jemalloc` feature: it gives memory
# back once idle), whose crate runs jemalloc's configure script and make; the slim image has
# a C compiler but no make. The version is trixie's.
RUN apt-get update \
    && apt-get install -y --no-install-recommends make=4.4.1-2 \
    && rm -rf /var/lib/apt/lists/*
# Cargo checks that every target named in Cargo.toml (benches, tests) exists, so the
# whole context is copied; .dockerignore keeps target/ and .git out of it.
COPY . .
# The cache mounts keep the registry and build artefacts between builds, so the binary is
# copied out of the mounted target/ in the same step.
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked --features jemalloc --bin shogi-arbiter \
    && cp target/release/shogi-arbiter /usr/local/bin/shogi-arbiter

# A statically linked busybox: its `wget` applet is the health check's HTTP client, so the
# runtime image needs no package manager step.
FROM busybox:1.37-musl AS busybox

FROM debian:${DEBIAN_RELEASE}-slim AS runtime
RUN groupadd --system --gid 10001 arbiter \
    && useradd --system --no-log-init --uid 10001 --gid arbiter \
       --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin arbiter
COPY --from=busybox /bin/wget /usr/local/bin/wget
COPY --from=build /usr/local/bin/shogi-arbiter /usr/local/bin/shogi-arbiter
ENV SHOGI_ARBITER_HOST=0.0.0.0 \
    SHOGI_ARBITER_PORT=8080 \
    SHOGI_ARBITER_LOG_FORMAT=json
EXPOSE 8080
USER 10001:10001
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s --retries=3 \
    CMD ["/bin/sh", "-c", "wget -q -O /dev/null \"http://127.0.0.1:${SHOGI_ARBITER_PORT}/healthz\" || exit 1"]
ENTRYPOINT ["/usr/local/bin/shogi-arbiter"]
CMD ["serve"]
