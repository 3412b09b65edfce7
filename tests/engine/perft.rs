//! Perft from the start positions. Tai: regression locks. These numbers were produced by
//! this engine (no outside implementation exists for tai); the depth-1 figures are
//! explained by hand in `start_position.rs` (304; tsa 298 because its lion dog has no
//! leap). Depth 3: `BENCHMARKS.md`. Tenjiku: see [`tenjiku_perft_per_profile`].

use crate::support::tai_rules;
use shogi_arbiter::engine::notation::format_move;
use shogi_arbiter::engine::perft::{divide, perft, perft_bounded, HaltReason};
use shogi_arbiter::engine::position::Position;

#[test]
fn perft_locks_per_profile() {
    for (profile, expected) in [
        ("profile=wikipedia", [304, 92_662]),
        ("profile=japanese", [304, 92_662]),
        ("profile=tsa", [298, 89_050]),
    ] {
        let rules = tai_rules(profile);
        let start = Position::start(&rules);
        for (depth, n) in expected.iter().enumerate() {
            assert_eq!(
                perft(&start, &rules, depth as u32 + 1),
                *n,
                "{profile} depth {}",
                depth + 1
            );
        }
    }
}

#[test]
fn perft_depth_three_default_profile() {
    let rules = tai_rules("");
    assert_eq!(perft(&Position::start(&rules), &rules, 3), 28_473_901);
}

#[test]
fn divide_sums_to_perft_and_budget_stops_early() {
    let rules = tai_rules("");
    let start = Position::start(&rules);
    let rows = divide(&start, &rules, 2, u64::MAX).unwrap();
    assert_eq!(rows.len(), 304);
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), 92_662);
    let lion_dog = rows
        .iter()
        .find(|(m, _)| format_move(rules.variant.shape(), m) == "13t13q")
        .expect("lion dog leap listed");
    assert!(
        lion_dog.1 > 250,
        "White answers a lion dog leap with at least its emperor's jumps"
    );
    let halt = perft_bounded(&start, &rules, 3, 10_000).unwrap_err();
    assert_eq!(halt.reason, HaltReason::Budget);
    assert!(halt.visited <= 10_000, "{halt:?}");
    assert_eq!(perft_bounded(&start, &rules, 2, 1_000_000), Ok(92_662));
}

/// Tenjiku shogi from the start position (tenjiku.md §10). Outside figures: depth 1 of
/// every profile is derived by hand in §10.1 (hachu 70, tsa 70, wikipedia 72); hachu's
/// 70 / 4,950 / 387,633 are HaChu 0.21's counts with its array and tables corrected,
/// counting equal effects once (§10.2). Every other figure is this engine's own, a
/// regression lock: tsa and wikipedia at depths 2 to 4. Hachu's depth 4 (30,885,805; the
/// page's 30,885,925 is under re-check) is a release command in `BENCHMARKS.md`.
#[test]
fn tenjiku_perft_per_profile() {
    for (profile, expected) in [
        ("profile=hachu", &[70, 4_950, 387_633][..]),
        ("profile=tsa", &[70, 4_949, 397_247, 32_500_321][..]),
        ("profile=wikipedia", &[72, 5_246, 430_482, 36_023_253][..]),
    ] {
        let rules = crate::support::rules_for("tenjiku", profile);
        let start = Position::start(&rules);
        for (depth, n) in expected.iter().enumerate() {
            assert_eq!(
                perft(&start, &rules, depth as u32 + 1),
                *n,
                "{profile} depth {}",
                depth + 1
            );
        }
    }
}

/// Dai dai shogi from the start position, default profile (dai-dai.md "Outside figures"):
/// 58 / 3,346 / 196,606 are the page's counts, made by the page authors' throwaway
/// reference script. They are regression locks, not outside figures: nothing independent
/// checks them (sources/daifamily_open_questions.md Q12). The outside check is QBoard's
/// convention (`qboard.rs`); depth 1 move for move is in `dai_dai.rs`.
#[test]
fn dai_dai_perft_default_profile() {
    let rules = crate::support::rules_for("dai-dai", "profile=wikipedia");
    let start = Position::start(&rules);
    for (depth, n) in [58, 3_346, 196_606].into_iter().enumerate() {
        assert_eq!(
            perft(&start, &rules, depth as u32 + 1),
            n,
            "depth {}",
            depth + 1
        );
    }
}
