//! Fuzz target: move text. The first byte chooses a fixed position (start positions and
//! positions from random games, every variant and profile); the rest is read as machine
//! text and as Hodges text. No reader may panic, and any move accepted is legal; a move
//! the machine-text check accepts normalises to its canonical text, which reads back to it.

#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_arbiter::engine::rules::legality::check_move;
use shogi_arbiter::engine::notation::{format_move, parse_hodges, parse_move_text};
use shogi_arbiter_fuzz::{fixtures, split, within_time_bound};

fuzz_target!(|data: &[u8]| within_time_bound(|| run(data)));

fn run(data: &[u8]) {
    let Some((first, text)) = split(data) else {
        return;
    };
    let all = fixtures();
    let f = &all[first as usize % all.len()];
    let (pos, rules) = (f.position(), f.rules);
    let shape = rules.variant.shape();
    let _ = parse_move_text(shape, &text);
    if let Ok(mv) = check_move(pos, rules, &text) {
        assert!(f.is_legal(&mv), "check_move accepted an illegal {text:?}");
        let canonical = format_move(shape, &mv);
        assert_eq!(
            check_move(pos, rules, &canonical).ok(),
            Some(mv),
            "{canonical}"
        );
    }
    if let Ok(mv) = parse_hodges(pos, rules, &text) {
        assert!(f.is_legal(&mv), "parse_hodges accepted an illegal {text:?}");
    }
    if let Ok(candidate) = f.game.judge_either(rules, &text) {
        assert!(
            f.is_legal(&candidate.mv),
            "judge_either accepted an illegal {text:?}"
        );
    }
}
