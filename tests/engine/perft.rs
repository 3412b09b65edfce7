//! Perft locks as data: every start-position block of the conformance kit's perft files
//! (`conformance/perft/<variant>-<profile>.perft`, each count with its origin in a comment:
//! an outside implementation, a hand count of the rules page, or this engine's own count,
//! a regression lock) and the deeper start-position counts the kit leaves out (its lines
//! stay under 2,000,000 nodes) in `tests/data/deep_perft/perft/`, in the same format and
//! read by the kit's own reader. The other blocks of the kit's files (rule-vector
//! positions) are run by the conformance test of `tests/cli`. Also: divide against perft
//! and the node budget (tai), and maka dai dai's start divide(1) against its page.

use crate::support::tai_rules;
use shogi_arbiter::conformance::{Kit, PerftCase};
use shogi_arbiter::engine::notation::{format_move, format_position_of};
use shogi_arbiter::engine::perft::{divide, perft, perft_bounded, Count, HaltReason};
use shogi_arbiter::engine::position::Position;
use std::path::Path;

/// The start-position perft lines of `variant`: the kit's (`conformance/`) and the deeper
/// ones (`tests/data/deep_perft/`), in file order.
fn start_locks(variant: &str) -> Vec<PerftCase> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut lines = Vec::new();
    for dir in ["conformance", "tests/data/deep_perft"] {
        let kit = Kit::from_dir(&root.join(dir)).unwrap_or_else(|e| panic!("{dir}: {e}"));
        lines.extend(
            kit.perft
                .into_iter()
                .filter(|c| c.variant == variant && c.id == format!("{variant}-start")),
        );
    }
    lines
}

/// Every start-position perft line of `variant` (`lines_expected` of them): its `epd` is
/// the start position the engine sets up under the file's profile, and the engine's perft
/// at the line's depth is the line's count.
fn assert_start_locks(variant: &str, lines_expected: usize) {
    let lines = start_locks(variant);
    assert_eq!(lines.len(), lines_expected, "{variant}: start perft lines");
    for line in &lines {
        let rules = crate::support::rules_for(variant, &format!("profile={}", line.profile));
        let start = Position::start(&rules);
        assert_eq!(
            format_position_of(rules.variant, &start),
            line.position,
            "{}: the epd is the start position",
            line.name()
        );
        assert_eq!(
            perft(&start, &rules, line.depth),
            line.nodes,
            "{}",
            line.name()
        );
    }
}

/// Tai: regression locks (no outside implementation exists); the depth-1 figures are
/// explained by hand in `start_position.rs` (304; tsa 298 because its lion dog has no
/// leap). Depth 3 (default profile): `BENCHMARKS.md`.
#[test]
fn tai_start_perft_locks() {
    assert_start_locks("tai", 7);
}

/// Chu: HaChu 0.21 and shogiops 0.18.0 (lishogi) agree on the start counts.
#[test]
fn chu_start_perft_locks() {
    assert_start_locks("chu", 8);
}

/// Tenjiku (tenjiku.md §10): depth 1 of every profile by hand (§10.1); hachu's counts are
/// HaChu 0.21's with its array and tables corrected (§10.2); the rest are regression locks.
/// Hachu's depth 4 (30,885,805; the page's 30,885,925 is under re-check) is a release
/// command in `BENCHMARKS.md`.
#[test]
fn tenjiku_start_perft_locks() {
    assert_start_locks("tenjiku", 11);
}

/// Dai: HaChu 0.21's start counts, the same under every profile (nothing in three plies
/// reaches the points where they differ).
#[test]
fn dai_start_perft_locks() {
    assert_start_locks("dai", 12);
}

/// Dai dai (dai-dai.md "Outside figures"): the page's counts come from its authors'
/// throwaway script, so they are regression locks; the outside check is QBoard's
/// convention (`qboard.rs`); depth 1 move for move is in `dai_dai.rs`.
#[test]
fn dai_dai_start_perft_locks() {
    assert_start_locks("dai-dai", 9);
}

/// Maka dai dai (maka-dai-dai.md "Outside figures"): the default profile's counts are the
/// page's own (regression locks); depths 1 and 2 of `tsa` and `cvp` are derived by hand
/// from its divide(1) (the donkey steps straight back lost under `donkey = evans`, and
/// under `lion_dog = range3` also the lion dog's three leaps; the armies cannot meet in two
/// plies, so depth 2 is the square).
#[test]
fn maka_dai_dai_start_perft_locks() {
    assert_start_locks("maka-dai-dai", 9);
}

/// Ko: depth 1 is ko.md §8's hand count (under `qboard` it reduces to QBoard's 226 from-to
/// pairs, `qboard.rs`); depths 2 and 3 are regression locks.
#[test]
fn ko_start_perft_locks() {
    assert_start_locks("ko", 6);
}

/// Taikyoku (taikyoku.md §10): depths 1 and 2 of both profiles (159 / 26,270 and 488 /
/// 237,750) are the page's counts, made by a second implementation written from the page
/// alone (not outside figures), and equal to this engine's; depth 3 is a regression lock.
#[test]
fn taikyoku_start_perft_locks() {
    assert_start_locks("taikyoku", 6);
}

#[test]
fn divide_sums_to_perft_and_budget_stops_early() {
    let rules = tai_rules("");
    let start = Position::start(&rules);
    let rows = divide(&start, &rules, 2, Count::Effects, u64::MAX).unwrap();
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
    let halt = perft_bounded(&start, &rules, 3, Count::Effects, 10_000).unwrap_err();
    assert_eq!(halt.reason, HaltReason::Budget);
    assert!(halt.visited <= 10_000, "{halt:?}");
    assert_eq!(
        perft_bounded(&start, &rules, 2, Count::Effects, 1_000_000),
        Ok(92_662)
    );
}

/// The moves from the start are the page's divide(1) list
/// (`tests/data/maka-dai-dai_start_divide1.txt`), and under `donkey = evans` the same list
/// without the donkeys' steps straight back, 19p19q and 1p1q (the page's note on QBoard's 78).
#[test]
fn maka_start_divide_one_is_the_pages_list() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/maka-dai-dai_start_divide1.txt"
    );
    let text = std::fs::read_to_string(path).expect("the divide(1) list");
    let page: std::collections::BTreeSet<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .collect();
    assert_eq!(page.len(), 80);
    for (options, without) in [("", &[][..]), ("donkey=evans", &["19p19q", "1p1q"][..])] {
        let rules = crate::support::rules_for("maka-dai-dai", options);
        let start = Position::start(&rules);
        let listed: std::collections::BTreeSet<String> =
            divide(&start, &rules, 1, Count::Effects, u64::MAX)
                .unwrap()
                .iter()
                .map(|(m, n)| {
                    assert_eq!(*n, 1);
                    format_move(rules.variant.shape(), m)
                })
                .collect();
        let expected: std::collections::BTreeSet<String> = page
            .iter()
            .filter(|m| !without.contains(m))
            .map(|m| m.to_string())
            .collect();
        assert_eq!(listed, expected, "`{options}`");
    }
}
