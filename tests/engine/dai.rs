//! Dai shogi (大将棋, "large shogi") over random games (dai.md): from the start under each
//! profile, and from random placements under every value of every option, every listed
//! move is judged legal and every accepted text is listed, text round-trips, and playing a
//! move is deterministic (`invariants::random_game`). Dense placements make lions meet and
//! dead-end pieces reach their last ranks, so the lion-trading and dead-end rules come up.
//! Also: the start divide(1) against the rules page's list.

use crate::invariants::random_game;
use crate::support::{random_placement, rules_for, Rng};
use shogi_arbiter::engine::notation::format_move;
use shogi_arbiter::engine::perft::{divide, Count};
use shogi_arbiter::engine::position::Position;
use std::collections::BTreeSet;
use std::path::Path;

/// Option sets that, with the four profiles, give every option value of dai.options.
const OPTION_SETS: &[&str] = &[
    "zone_rule=any_zone_move dead_end_promotion=may_stay",
    "dead_end_promotion=when_offered lion_trading=chu lion_protection=after_move",
    "lion_trading=chu counter_strike=okazaki promoted_kirin_recapture=forbidden",
    "bare_king=true repetition=lishogi",
    "repetition=no_repeat dead_end_promotion=compulsory",
];

#[test]
fn dai_random_games() {
    let mut rng = Rng(0xda1);
    let (mut plies, mut moves, mut struck) = (0, 0, 0);
    for (i, profile) in ["wikipedia", "hachu", "evans", "chu"].iter().enumerate() {
        let rules = rules_for("dai", &format!("profile={profile}"));
        for game in 0..3 {
            let seed = 11 + 17 * i as u64 + game;
            let (p, m, _) = random_game(&rules, Position::start(&rules), 120, seed);
            plies += p;
            moves += m;
        }
    }
    for (i, options) in OPTION_SETS.iter().enumerate() {
        let rules = rules_for("dai", options);
        for (k, density) in [10, 40, 90].into_iter().enumerate() {
            let start = random_placement(&rules, &mut rng, density);
            let (p, m, s) = random_game(&rules, start, 60, 900 + i as u64 * 10 + k as u64);
            plies += p;
            moves += m;
            struck += s;
        }
    }
    assert!(
        plies >= 1_500 && moves > 20_000 && struck >= 1,
        "only {plies} plies, {moves} moves checked, {struck} under counter-strike"
    );
}

/// The start divide(1) is the page's list of 71 moves (`tests/data/dai_start_divide1.txt`).
#[test]
fn dai_start_moves_are_the_pages_list() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/dai_start_divide1.txt");
    let text = std::fs::read_to_string(&path).expect("divide file");
    let want: BTreeSet<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .collect();
    assert_eq!(want.len(), 71);
    let rules = rules_for("dai", "");
    let rows = divide(
        &Position::start(&rules),
        &rules,
        1,
        Count::Effects,
        u64::MAX,
    )
    .expect("divide");
    let got: BTreeSet<String> = rows
        .iter()
        .map(|(mv, _)| format_move(rules.variant.shape(), mv))
        .collect();
    assert_eq!(got, want.iter().map(|s| s.to_string()).collect());
}
