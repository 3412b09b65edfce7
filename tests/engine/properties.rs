//! Property tests (proptest) over random placements of every variant's pieces and over
//! near-valid and arbitrary text: position text round-trips; every listed move's machine
//! text is judged legal and normalises to itself; every listed move's Hodges text reads
//! back to it; no text makes a parser or the move check panic. Case counts are kept small
//! (see each `ProptestConfig`) so that the suite stays fast.

use crate::support::{random_placement, rules_for, Rng};
use proptest::prelude::*;
use shogi_arbiter::engine::game::Game;
use shogi_arbiter::engine::movegen::legal_moves;
use shogi_arbiter::engine::notation::{
    format_hodges_all, format_move, format_position, format_position_of, parse_hodges,
    parse_move_text, parse_position, parse_valid_position,
};
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::rules::legality::check_move;
use shogi_arbiter::engine::variant::Rules;
use std::sync::OnceLock;

/// The rules the properties run under: both variants, several profiles and options.
fn all_rules() -> &'static [Rules] {
    static RULES: OnceLock<Vec<Rules>> = OnceLock::new();
    RULES.get_or_init(|| {
        [
            ("tai", "profile=wikipedia"),
            ("tai", "profile=tsa"),
            (
                "tai",
                "emperor_capture=unrestricted furious_fiend=lion_and_lion_dog",
            ),
            ("chu", "profile=lishogi"),
            ("chu", "profile=hachu counter_strike=okazaki"),
        ]
        .iter()
        .map(|(variant, options)| rules_for(variant, options))
        .collect()
    })
}

/// A random placement: rules index, seed, number of pieces besides the two royals.
fn placement() -> impl Strategy<Value = (usize, u64, usize)> {
    (0..all_rules().len(), any::<u64>(), 0usize..200)
}

/// The position of a [`placement`] (fewer pieces on the smaller board), with its rules.
fn position_of((r, seed, pieces): (usize, u64, usize)) -> (&'static Rules, Position) {
    let rules = &all_rules()[r];
    let pieces = pieces * rules.variant.shape().len() / 625;
    let pos = random_placement(rules, &mut Rng(seed | 1), pieces);
    (rules, pos)
}

/// Edits of a text: (where, what, fragment).
pub(crate) fn edits() -> impl Strategy<Value = Vec<(usize, u8, String)>> {
    prop::collection::vec(
        (any::<usize>(), 0u8..4, "[-+=,/ 0-9a-zA-Z]{0,6}|\\PC{0,3}"),
        0..5,
    )
}

/// `base` with the `edits` applied (insert, delete, replace, truncate), on char boundaries.
pub(crate) fn mutate(base: &str, edits: &[(usize, u8, String)]) -> String {
    let mut s = base.to_string();
    for (at, what, fragment) in edits {
        let mut i = at % (s.len() + 1);
        while !s.is_char_boundary(i) {
            i -= 1;
        }
        let mut end = (i + fragment.len().max(1)).min(s.len());
        while !s.is_char_boundary(end) {
            end += 1;
        }
        match what {
            0 => s.insert_str(i, fragment),
            1 => s.replace_range(i..end, ""),
            2 => s.replace_range(i..end, fragment),
            _ => s.truncate(i),
        }
    }
    s
}

/// Reads `text` every way the engine reads text; none may panic.
pub(crate) fn read_every_way(rules: &Rules, pos: &Position, text: &str) {
    let _ = parse_position(rules.variant, text);
    let _ = parse_valid_position(rules, text);
    let _ = parse_move_text(rules.variant.shape(), text);
    let _ = parse_hodges(pos, rules, text);
    let _ = check_move(pos, rules, text);
    let _ = Game::new(pos.clone(), rules, false).judge_either(rules, text);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn position_text_round_trips(p in placement()) {
        let (rules, pos) = position_of(p);
        let text = format_position_of(rules.variant, &pos);
        prop_assert_eq!(&parse_valid_position(rules, &text).expect("printed text parses"), &pos);
        let setup = parse_position(rules.variant, &text).expect("printed text parses");
        prop_assert_eq!(format_position(rules.variant, &setup), text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn every_listed_move_is_judged_legal_in_both_notations(p in placement()) {
        let (rules, pos) = position_of(p);
        let shape = rules.variant.shape();
        let moves = legal_moves(&pos, rules);
        for (mv, hodges) in moves.iter().zip(format_hodges_all(&pos, rules, &moves)) {
            let text = format_move(shape, mv);
            prop_assert_eq!(check_move(&pos, rules, &text), Ok(*mv), "{}", text);
            prop_assert_eq!(parse_hodges(&pos, rules, &hodges), Ok(*mv), "{}", hodges);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn near_valid_text_never_panics(p in placement(), pick in any::<usize>(), e in edits()) {
        let (rules, pos) = position_of(p);
        let moves = legal_moves(&pos, rules);
        let base = match (pick % 3, moves.get(pick / 3 % moves.len().max(1))) {
            (1, Some(mv)) => format_move(rules.variant.shape(), mv),
            (2, Some(mv)) => format_hodges_all(&pos, rules, &[*mv]).remove(0),
            _ => format_position_of(rules.variant, &pos),
        };
        read_every_way(rules, &pos, &mutate(&base, &e));
    }

    #[test]
    fn arbitrary_text_never_panics(r in 0..5usize, text in "\\PC{0,40}|[-+=,/ 0-9a-zA-Z]{0,40}") {
        let rules = &all_rules()[r];
        read_every_way(rules, &Position::start(rules), &text);
    }
}
