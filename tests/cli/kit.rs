//! The committed conformance kit (`conformance/` and `src/conformance/embedded.rs`) against
//! its generator (`examples/conformance_kit/generate.rs`, run here on `tests/data/`): a test
//! fails when they drift. Regenerate with `cargo run --release --example conformance_kit`.

#[path = "../../examples/conformance_kit/generate.rs"]
#[allow(dead_code)]
mod generate;

use std::collections::BTreeSet;
use std::path::Path;

#[test]
fn the_committed_kit_is_the_generators_output() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let kit = generate::kit(root);
    let mut drifted = Vec::new();
    for (path, text) in &kit {
        match std::fs::read_to_string(root.join(path)) {
            Ok(committed) if committed == *text => {}
            Ok(_) => drifted.push(format!("{path} differs")),
            Err(e) => drifted.push(format!("{path}: {e}")),
        }
    }
    // No kit file the generator does not write (a stale one would be run too).
    let written: BTreeSet<&str> = kit.keys().map(String::as_str).collect();
    for sub in ["perft", "vectors", "games"] {
        for entry in std::fs::read_dir(root.join("conformance").join(sub)).expect("kit folder") {
            let name = entry.expect("entry").file_name();
            let path = format!("conformance/{sub}/{}", name.to_string_lossy());
            if !written.contains(path.as_str()) {
                drifted.push(format!("{path} is not the generator's"));
            }
        }
    }
    assert!(
        drifted.is_empty(),
        "the kit drifted from its generator (cargo run --release --example conformance_kit):\n{}",
        drifted.join("\n")
    );
}

#[test]
fn the_kit_covers_every_variant_and_profile() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let kit = generate::kit(root);
    for id in shogi_arbiter::engine::variant::VARIANT_IDS {
        let v = shogi_arbiter::engine::variant::by_id(id).expect("a variant");
        for profile in &v.profiles {
            let path = format!("conformance/perft/{id}-{profile}.perft");
            let text = kit.get(&path).unwrap_or_else(|| panic!("{path} missing"));
            assert!(
                text.matches("\nperft ").count() >= 3,
                "{path}: too few perft lines"
            );
        }
        assert!(
            kit.contains_key(&format!("conformance/vectors/{id}.json")),
            "{id}: no vectors"
        );
    }
}
