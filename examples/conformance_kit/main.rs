//! Writes the conformance kit (`conformance/`) and `src/conformance/embedded.rs` from the
//! hand-derived vectors and fixtures of `tests/data/` and the perft files kept in
//! `conformance/perft/`: `cargo run --release --example conformance_kit` from the
//! repository root.

mod generate;

use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (path, text) in generate::kit(root) {
        let target = root.join(&path);
        if let Some(dir) = target.parent() {
            std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        }
        std::fs::write(&target, text).unwrap_or_else(|e| panic!("{}: {e}", target.display()));
        println!("{path}");
    }
}
