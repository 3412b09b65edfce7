//! Fuzz target: position text. The first byte chooses the rules (a variant under its
//! default rules or a profile); the rest is read as position text by the structural parser
//! and by the validating parser. Whatever parses must print and read back to the same
//! value, and printing a position reached by one move from it, copying unchanged ranks
//! from the input, must give the same text as printing it afresh.

#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_arbiter::engine::movegen::legal_moves;
use shogi_arbiter::engine::notation::{
    format_position, format_position_after, format_position_of, parse_position,
    parse_valid_position, parse_valid_position_spans,
};
use shogi_arbiter_fuzz::{all_rules, split, within_time_bound};

fuzz_target!(|data: &[u8]| within_time_bound(|| run(data)));

fn run(data: &[u8]) {
    let Some((first, text)) = split(data) else {
        return;
    };
    let all = all_rules();
    let rules = &all[first as usize % all.len()];
    let variant = rules.variant;
    if let Ok(setup) = parse_position(variant, &text) {
        let printed = format_position(variant, &setup);
        let again = parse_position(variant, &printed).expect("printed setup parses");
        assert_eq!(again, setup, "setup round trip through {printed}");
        assert_eq!(format_position(variant, &again), printed);
    }
    if let Ok((pos, ranks)) = parse_valid_position_spans(rules, &text) {
        let printed = format_position_of(variant, &pos);
        let again = parse_valid_position(rules, &printed).expect("printed position parses");
        assert_eq!(&again, &*pos, "position round trip through {printed}");
        if let Some(ranks) = ranks {
            if let Some(mv) = legal_moves(&pos, rules).first() {
                let mut after = pos.clone();
                after.play_unchecked(mv, rules);
                assert_eq!(
                    format_position_after(variant, &after, &pos, &text, &ranks),
                    format_position_of(variant, &after)
                );
            }
        }
    }
}
