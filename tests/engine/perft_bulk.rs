//! Perft's bulk counting against the full walk: at the last ply perft counts the moves of
//! a position without playing them (and, counting lishogi's USI strings, weighs each by
//! its spellings). Here the same counts come from a plain recursion that plays every move
//! down to the leaves, on positions reached by random play from the start of every
//! variant under several profiles and options; depth 1 and depth 2 must agree. Tenjiku
//! shogi's burning (a fire demon removes the enemies next to where it ends; a piece ending
//! next to an enemy demon is removed, and so has no promotion choice) gets positions of
//! its own: random placements crowded with fire demons and water buffaloes (which promote
//! to demons), under every profile and every value of the options that change moves. Ko
//! shogi's last two plies are counted from sibling counts under its route rules: there
//! every profile and every option value is checked, on positions of random games and of
//! random placements of every piece ko has (nets, flames, fogs, lights, thunderclaps), to
//! depth 3 on the small ones.

use crate::support::{random_placement, random_setup, rules_for, Rng};
use shogi_arbiter::engine::core::color::Color;
use shogi_arbiter::engine::core::moves::Move;
use shogi_arbiter::engine::core::piece::{FaceId, Piece};
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
    ("tai", "profile=wikipedia emperor_capture=royals_only"),
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

/// Depth two on every rule set whose board is above 400 squares (`large`) or not, one
/// random game each from `seed`.
fn depth_two(large: bool, seed: u64, plies: usize, every: usize) {
    for (i, (variant, options)) in RULE_SETS.iter().enumerate() {
        let rules = rules_for(variant, options);
        if (rules.variant.shape().len() > 400) != large {
            continue;
        }
        let leaves = check_game(&rules, seed ^ (i as u64) << 8, plies, every, 2);
        assert!(leaves > 0, "{variant} {options}: no move compared");
    }
}

#[test]
fn bulk_counts_equal_the_full_walk_at_depth_two() {
    depth_two(false, 0x2545_f491_4f6c_dd1d, 120, 8);
}

/// The boards above 400 squares at depth two, on fewer positions: there the last two
/// plies keep the emperor's count per victim between sibling positions.
#[test]
fn bulk_counts_equal_the_full_walk_at_depth_two_on_the_large_boards() {
    depth_two(true, 0x5851_f42d_4c95_7f2d, 96, 24);
}

/// Tai shogi at depth two deep into random games, where pieces stand apart and the
/// emperor's captures turn on lines that other moves open and close: the emperor's count
/// kept per victim between sibling positions against the full walk.
#[test]
fn emperor_counts_kept_per_victim_equal_the_full_walk() {
    let rules = rules_for("tai", "profile=wikipedia");
    let mut compared = 0;
    for seed in 0..3 {
        let mut rng = Rng(0x0000_ddb1_a5e5 ^ seed << 16);
        for pos in random_game(&rules, &mut rng, 900)
            .iter()
            .skip(150)
            .step_by(50)
        {
            let text = format_position_of(rules.variant, pos);
            let full = full_walk(pos, &rules, 2, &|_, _| 1);
            assert_eq!(perft(pos, &rules, 2), full, "perft(2) of {text}");
            compared += 1;
        }
    }
    assert!(compared > 10, "only {compared} positions compared");
}

/// Tenjiku shogi's profiles, and options over them so that every value of every option
/// that changes what is generated (tenjiku.md §8) appears at least once.
const BURNING_RULE_SETS: &[&str] = &[
    "profile=wikipedia",
    "profile=tsa",
    "profile=hachu",
    "profile=wikipedia both_royals_lost=illegal water_buffalo_burns_on_promotion=false \
     last_rank=must_promote",
    "profile=tsa both_royals_lost=draw range_jump=always jump_capture_victim=any \
     free_eagle=queen",
    "profile=hachu both_royals_lost=illegal area_moves=true promotion_right=zone_contact \
     free_eagle=wikipedia heavenly_tetrarch=no_vertical",
    "profile=hachu range_jump=always water_buffalo_burns_on_promotion=true \
     fire_demon_range=sideways lion_hawk=bishop_area2 last_rank=second_chance",
];

/// A random tenjiku placement: both royals, two fire demons and a water buffalo a side,
/// then `others` random pieces.
fn burning_position(rules: &Rules, rng: &mut Rng, others: usize) -> Position {
    let faces = || (0..rules.faces.len() as u16).map(FaceId);
    let demon = faces()
        .find(|&f| rules.face(f).exists && rules.face(f).fire_demon)
        .expect("tenjiku has a fire demon");
    let buffalo = faces()
        .find(|&f| {
            let rule = rules.face(f);
            rule.exists
                && !rule.fire_demon
                && rule.promotes_to.is_some_and(|p| rules.face(p).fire_demon)
        })
        .expect("a water buffalo promotes to a fire demon");
    let first: Vec<Piece> = Color::ALL
        .iter()
        .flat_map(|&color| [demon, demon, buffalo].map(|face| Piece { color, face }))
        .collect();
    let setup = random_setup(rules, rng, &first, others);
    Position::from_setup(&setup, rules).expect("random placement is valid")
}

#[test]
fn burning_counts_equal_the_full_walk() {
    for (i, options) in BURNING_RULE_SETS.iter().enumerate() {
        let rules = rules_for("tenjiku", options);
        let mut rng = Rng(0x51_7cc1_b727_220a ^ (i as u64) << 8);
        // The moves of the full walks that end next to an enemy fire demon and burn their
        // piece: what makes a count read beyond its pieces' lines.
        let burned = std::cell::Cell::new(0);
        let weigh = |p: &Position, mv: &Move| {
            burned.set(burned.get() + u64::from(p.self_burned(mv, &rules)));
            1
        };
        for _ in 0..16 {
            let pos = burning_position(&rules, &mut rng, 40);
            let text = format_position_of(rules.variant, &pos);
            let full = full_walk(&pos, &rules, 2, &weigh);
            assert_eq!(
                perft(&pos, &rules, 2),
                full,
                "{options}: perft(2) of {text}"
            );
        }
        assert!(burned.get() > 0, "{options}: no move burned its piece");
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
