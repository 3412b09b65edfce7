//! Perft's bulk counting against the full walk: at the last ply perft counts the moves of
//! a position without playing them (and, counting lishogi's USI strings, weighs each by
//! its spellings). Here the same counts come from a plain recursion that plays every move
//! down to the leaves, on positions reached by random play from the start of every
//! variant under several profiles and options; depth 1 and depth 2 must agree. Ko shogi's
//! last two plies are counted from sibling counts under its route rules: there every
//! profile and every option value is checked, on positions of random games and of random
//! placements of every piece ko has (nets, flames, fogs, lights, thunderclaps), to depth 3
//! on the small ones.

use crate::support::{random_placement, rules_for, Rng};
use shogi_arbiter::engine::core::moves::Move;
use shogi_arbiter::engine::movegen::legal_moves;
use shogi_arbiter::engine::notation::format_position_of;
use shogi_arbiter::engine::perft::usi_strings::spellings;
use shogi_arbiter::engine::perft::{divide, perft, perft_bounded, Count};
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::variant::{self, Rules};

/// Every variant, each under all its profiles, and some options beyond them (those that
/// change what is generated: lion trading, emperor captures, burning, zones, shots).
const RULE_SETS: &[(&str, &str)] = &[
    ("chu", "profile=lishogi"),
    ("chu", "profile=hachu"),
    (
        "chu",
        "profile=hachu counter_strike=okazaki lion_protection=before_move",
    ),
    ("dai", "profile=wikipedia"),
    ("dai", "profile=hachu"),
    ("dai", "profile=evans"),
    ("dai", "profile=chu"),
    ("tenjiku", "profile=wikipedia"),
    ("tenjiku", "profile=tsa"),
    ("tenjiku", "profile=hachu"),
    (
        "tenjiku",
        "profile=hachu range_jump=always jump_capture_victim=any",
    ),
    ("ko", "profile=wikipedia"),
    ("ko", "profile=qboard"),
    (
        "ko",
        "profile=wikipedia shoot_timing=after_move_or_in_place",
    ),
    ("tai", "profile=wikipedia"),
    ("tai", "profile=japanese"),
    ("tai", "profile=tsa"),
    (
        "tai",
        "profile=wikipedia promotion_trigger=capture_of_promoted lion_dog_jump_back=true",
    ),
    ("dai-dai", "profile=wikipedia"),
    ("dai-dai", "profile=japanese"),
    ("maka-dai-dai", "profile=wikipedia"),
    ("maka-dai-dai", "profile=tsa"),
    ("maka-dai-dai", "profile=cvp"),
    ("taikyoku", "profile=wikipedia"),
    ("taikyoku", "profile=ats"),
];

/// The leaves `depth` plies below `pos`, playing every move (each weighing `weight`).
fn full_walk(
    pos: &Position,
    rules: &Rules,
    depth: u32,
    weight: &dyn Fn(&Position, &Move) -> u64,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    legal_moves(pos, rules)
        .iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv, rules);
            weight(pos, mv) * full_walk(&child, rules, depth - 1, weight)
        })
        .sum()
}

/// The positions of a random game of `plies` plies from the start (fewer if it ends).
fn random_game(rules: &Rules, rng: &mut Rng, plies: usize) -> Vec<Position> {
    let mut pos = Position::start(rules);
    let mut out = vec![pos.clone()];
    for _ in 0..plies {
        let moves = legal_moves(&pos, rules);
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(&moves[rng.below(moves.len())], rules);
        out.push(pos.clone());
    }
    out
}

/// Checks perft (effects and, where defined, USI strings) against the full walk on every
/// `every`-th position of a random game; returns how many leaves were compared.
fn check_game(rules: &Rules, seed: u64, plies: usize, every: usize, depth: u32) -> u64 {
    let mut rng = Rng(seed);
    let strings = Count::UsiStrings.available(rules);
    let mut leaves = 0;
    for pos in random_game(rules, &mut rng, plies).iter().step_by(every) {
        let text = format_position_of(rules.variant, pos);
        let full = full_walk(pos, rules, depth, &|_, _| 1);
        assert_eq!(perft(pos, rules, depth), full, "perft({depth}) of {text}");
        leaves += full;
        if strings {
            let weigh = |p: &Position, mv: &Move| spellings(p, rules, mv).len() as u64;
            let full = full_walk(pos, rules, depth, &weigh);
            let bulk = perft_bounded(pos, rules, depth, Count::UsiStrings, u64::MAX);
            assert_eq!(bulk, Ok(full), "usi_strings perft({depth}) of {text}");
            let rows = divide(pos, rules, depth, Count::UsiStrings, u64::MAX)
                .unwrap_or_else(|h| panic!("divide stopped: {h:?}"));
            assert_eq!(rows.iter().map(|(_, n)| n).sum::<u64>(), full);
        }
    }
    leaves
}

#[test]
fn bulk_counts_equal_the_full_walk_at_depth_one() {
    for (i, (variant, options)) in RULE_SETS.iter().enumerate() {
        let rules = rules_for(variant, options);
        let big = rules.variant.shape().len() > 400;
        let (games, plies, every) = if big { (1, 120, 12) } else { (3, 160, 4) };
        let mut leaves = 0;
        for g in 0..games {
            let seed = 0x9e37_79b9_7f4a_7c15 ^ ((i as u64) << 8 | g as u64);
            leaves += check_game(&rules, seed, plies, every, 1);
        }
        assert!(leaves > 0, "{variant} {options}: no move compared");
    }
}

#[test]
fn bulk_counts_equal_the_full_walk_at_depth_two() {
    for (i, (variant, options)) in RULE_SETS.iter().enumerate() {
        let rules = rules_for(variant, options);
        if rules.variant.shape().len() > 400 {
            continue;
        }
        let seed = 0x2545_f491_4f6c_dd1d ^ (i as u64) << 8;
        let leaves = check_game(&rules, seed, 120, 8, 2);
        assert!(leaves > 0, "{variant} {options}: no move compared");
    }
}

/// Every ko rule set to check: each profile alone, and each profile with each option value
/// that differs from the profile's own.
fn ko_rule_sets() -> Vec<String> {
    let ko = variant::by_id("ko").expect("ko is built in");
    let mut out = Vec::new();
    for (p, profile) in ko.profiles.iter().enumerate() {
        out.push(format!("profile={profile}"));
        for option in &ko.options {
            for (v, value) in option.values.iter().enumerate() {
                if option.defaults.get(p) != Some(&v) {
                    out.push(format!("profile={profile} {}={value}", option.name));
                }
            }
        }
    }
    out
}

/// Checks perft against the full walk at `depth` on each of `positions`; returns the
/// leaves compared.
fn check_positions(rules: &Rules, entries: &str, positions: &[Position], depth: u32) -> u64 {
    let mut leaves = 0;
    for pos in positions {
        let full = full_walk(pos, rules, depth, &|_, _| 1);
        let text = format_position_of(rules.variant, pos);
        assert_eq!(
            perft(pos, rules, depth),
            full,
            "ko {entries}: perft({depth}) of {text}"
        );
        leaves += full;
    }
    leaves
}

/// A few plies of random play from `pos` (fewer if the game ends).
fn random_plies(rules: &Rules, rng: &mut Rng, mut pos: Position, plies: usize) -> Position {
    for _ in 0..plies {
        let moves = legal_moves(&pos, rules);
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(&moves[rng.below(moves.len())], rules);
    }
    pos
}

#[test]
fn ko_bulk_counts_equal_the_full_walk_under_every_profile_and_option() {
    let sets = ko_rule_sets();
    assert!(sets.len() > 40, "ko's options are listed: {}", sets.len());
    for (i, entries) in sets.iter().enumerate() {
        let rules = rules_for("ko", entries);
        let mut rng = Rng(0x6a09_e667_f3bc_c908 ^ (i as u64) << 8);
        // A game from the start, then random placements of every piece ko has (after a
        // few plies): a dense one to depth 2, sparse ones to depth 3.
        let mut positions: Vec<Position> = random_game(&rules, &mut rng, 90)
            .into_iter()
            .step_by(45)
            .collect();
        let dense = random_placement(&rules, &mut rng, 60);
        positions.push(random_plies(&rules, &mut rng, dense, 2));
        let mut leaves = check_positions(&rules, entries, &positions, 2);
        let sparse: Vec<Position> = (0..2)
            .map(|_| {
                let start = random_placement(&rules, &mut rng, 4);
                random_plies(&rules, &mut rng, start, 3)
            })
            .collect();
        leaves += check_positions(&rules, entries, &sparse, 3);
        assert!(leaves > 0, "ko {entries}: no move compared");
    }
}
