//! Writes every variant's rules page (`docs/rules/<id>.md`) from the variant data and the
//! prose fragments of `src/engine/variant/prose/`: `cargo run --release --example
//! rules_pages` from the repository root. `tests/engine/rules_pages.rs` fails when a
//! committed page differs from what this writes.

use shogi_arbiter::engine::variant::{rules_page, VARIANT_IDS};
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules");
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for id in VARIANT_IDS {
        let page = rules_page(id).expect("a built-in variant");
        let target = dir.join(format!("{id}.md"));
        std::fs::write(&target, page).unwrap_or_else(|e| panic!("{}: {e}", target.display()));
        println!("docs/rules/{id}.md");
    }
}
