//! The `shogi-arbiter` command: `serve` (the default) runs the HTTP service; `perft`
//! counts move sequences; `openapi` prints the OpenAPI document. The arguments and the
//! commands live in [`shogi_arbiter::cli`].

fn main() -> std::process::ExitCode {
    shogi_arbiter::cli::main()
}
/// jemalloc with the `jemalloc` feature, else the system allocator (`shogi_arbiter::api::memory`).
#[global_allocator]
static ALLOCATOR: shogi_arbiter::api::memory::Allocator = shogi_arbiter::api::memory::ALLOCATOR;
