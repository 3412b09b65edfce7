//! Chu shogi perft in both counting modes. Outside figures: shogiops' raw perft from the
//! start and its de-duplicated one (`tests/data/chu_shogiops_perft.tsv`). Hand-derived:
//! the number of USI strings lishogi lists in positions of lishogi's chu rule vectors (`tests/data/vectors/chu.json`)
//! and a lone lion, counted from the rules of the research note "chu_lishogi" §3
//! (every direct move once; every first step a lion-power piece may take, times every
//! second step from there, back to the start included), never from this engine's output.

use crate::support::rules_for;
use shogi_arbiter::engine::notation::{format_move, parse_valid_position};
use shogi_arbiter::engine::perft::{divide, perft_bounded, Count};
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::rules::legality::check_move;
use std::collections::BTreeSet;
use std::path::Path;

/// (depth, usi_strings, effects) rows of the shogiops figures.
fn shogiops_figures() -> Vec<(u32, u64, u64)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/chu_shogiops_perft.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("depth") && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<u64> = l
                .split('\t')
                .map(|x| x.parse().expect("a number"))
                .collect();
            (f[0] as u32, f[1], f[2])
        })
        .collect()
}

#[test]
fn start_perft_in_both_counts_matches_shogiops() {
    let rules = rules_for("chu", "");
    let start = Position::start(&rules);
    let figures = shogiops_figures();
    assert_eq!(figures.len(), 4, "depths 1 to 4");
    // Depth 4 also tells that a move counts as many times as it is spelled at every ply,
    // not only at the last (weighting the last ply only gives 1,960,988).
    for (depth, strings, effects) in figures {
        for (count, want) in [(Count::UsiStrings, strings), (Count::Effects, effects)] {
            let got = perft_bounded(&start, &rules, depth, count, u64::MAX).unwrap();
            assert_eq!(got, want, "depth {depth} {count:?}");
        }
    }
    let rows = divide(&start, &rules, 3, Count::UsiStrings, u64::MAX).unwrap();
    assert_eq!(
        rows.len(),
        36,
        "no first move from the start has a second spelling"
    );
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), 52_599);
}

/// A position's perft(1) in both counts, and its divide(1) rows under `usi_strings` as
/// text, each one accepted by the move parser.
fn depth_one(sfen: &str) -> (u64, u64, Vec<String>) {
    let rules = rules_for("chu", "");
    let pos = parse_valid_position(&rules, sfen).expect("the position reads");
    let effects = perft_bounded(&pos, &rules, 1, Count::Effects, u64::MAX).unwrap();
    let strings = perft_bounded(&pos, &rules, 1, Count::UsiStrings, u64::MAX).unwrap();
    let rows: Vec<String> = divide(&pos, &rules, 1, Count::UsiStrings, u64::MAX)
        .unwrap()
        .iter()
        .map(|(mv, n)| {
            assert_eq!(*n, 1);
            format_move(rules.variant.shape(), mv)
        })
        .collect();
    for row in &rows {
        assert!(
            check_move(&pos, &rules, row).is_ok(),
            "`{row}` is listed but does not read as a legal move"
        );
    }
    let distinct: BTreeSet<&String> = rows.iter().collect();
    assert_eq!(
        distinct.len(),
        rows.len(),
        "a string listed twice: {rows:?}"
    );
    (effects, strings, rows)
}

fn lists(rows: &[String], listed: &[&str], unlisted: &[&str]) {
    for s in listed {
        assert!(rows.iter().any(|r| r == s), "`{s}` missing from {rows:?}");
    }
    for s in unlisted {
        assert!(!rows.iter().any(|r| r == s), "`{s}` listed: {rows:?}");
    }
}

/// The first position of the vectors: Black king 12l, gold 9g, lion 7g; White silver 7f,
/// gold 3c, king 1a. King 3 moves (11l, 12k, 11k), gold 6 (three forward, two sideways,
/// straight back; all empty). Lion: 23 direct moves (24 squares within two, less the gold's
/// 9g), igui on 7f, 7 second steps after taking 7f (its neighbours but 7g), one pass:
/// 32 effects, 41 in all. Strings: a two-step route through each empty neighbour m of 7g
/// (8f, 6f, 8g, 6g, 8h, 7h, 6h) to each neighbour of m but 7g and 9g: 6 + 7 + 6 + 7 + 6 +
/// 7 + 7 = 46 routes, 7 passes (one per empty neighbour), 23 + 46 + 7 + 1 + 7 = 84 for
/// the lion, 93 in all (as §3's formula: 23 direct, 8 first steps × their second steps
/// 6+1, 7+1, 6+1, 7+1, 6+1, 7+1, 7+1 and 8 through the silver = 61).
#[test]
fn lone_lion_vector_position_by_hand() {
    let (effects, strings, rows) = depth_one("11k/12/9g2/12/12/5s6/3G1N6/12/12/12/12/K11 b - 1");
    assert_eq!((effects, strings), (41, 93));
    assert_eq!(rows.len(), 93);
    lists(
        &rows,
        &["7g5e", "7g6f5e", "7g8g7g", "7g6f7g", "7g7f7g", "7g8f7f"],
        &["7g6f4d", "7g8g9g", "7g5e+", "7g6f5e+"],
    );
    let passes = rows
        .iter()
        .filter(|r| r.len() == 6 && r.starts_with("7g") && r.ends_with("7g") && r != &"7g7f7g")
        .count();
    assert_eq!(passes, 7, "one pass per empty neighbour");
}

/// The falcon and eagle position of the vectors: Black king 12l, horned falcon 7g, soaring
/// eagle 5g; White pawn 5f, king 1a. King 3. Falcon ranges: left 5, right 1 (6g; the
/// eagle on 5g), back 5, forward-left 5, forward-right 6 (to the king on 1a), back-left 4
/// (its king on 12l), back-right 5 = 31; straight forward a step to 7f and a jump to 7e.
/// Eagle ranges: forward 1 (takes 5f), back 5, left 1 (6g), right 4, back-left 5,
/// back-right 4 = 20; on each forward diagonal a step and a jump (6f, 7e; 4f, 3e). One
/// pass: 3 + 33 + 24 + 1 = 61 effects. Strings add the routes 7g7f7e, 5g6f7e and 5g4f3e
/// and count the passes 7g7f7g, 5g6f5g, 5g4f5g: 3 + 35 + 28 = 66.
#[test]
fn falcon_and_eagle_vector_position_by_hand() {
    let (effects, strings, rows) = depth_one("11k/12/12/12/12/7p4/5+H1+D4/12/12/12/12/K11 b - 1");
    assert_eq!((effects, strings), (61, 66));
    lists(
        &rows,
        &[
            "7g7e", "7g7f7e", "7g7f7g", "5g4f3e", "5g3e", "5g6f7e", "5g6f5g", "5g4f5g",
        ],
        &["7g6g7g", "5g5f5g", "5g5f5e"],
    );
}

/// The promoted kirin (a lion) of the vectors on 7g, a White pawn on 6f: king 3; 24 direct
/// moves, igui on 6f, 7 second steps after it, one pass = 36 effects. Strings: every one
/// of the 8 first steps times 8 second steps (64: 7 empty first squares × 7 onward routes
/// = 49, 7 passes, igui, 7 after the capture) + 24 direct = 88, as shogiops' lone lion in
/// the open; 91 in all.
#[test]
fn promoted_kirin_vector_position_by_hand() {
    let (effects, strings, rows) = depth_one("11k/12/12/12/12/6p5/5+O6/12/12/12/12/K11 b - 1");
    assert_eq!((effects, strings), (36, 91));
    lists(&rows, &["7g6f7g", "7g7f6e", "7g6e"], &[]);
}

/// A lone lion in the open (7g) with the kings in corners and a White pawn far away (so
/// that nobody is bared): shogiops lists 88 strings for such a lion (24 + 8 × 8, §3) and
/// scalashogi's solo lion fixture 91 with the king's 3 moves; 24 + 1 + 3 = 28 effects.
#[test]
fn lone_lion_in_the_open() {
    let (effects, strings, _) = depth_one("k11/11p/12/12/12/12/5N6/12/12/12/12/11K b - 1");
    assert_eq!((effects, strings), (28, 91));
}

#[test]
fn usi_strings_are_chus_only() {
    for id in ["tai", "tenjiku", "dai", "dai-dai", "maka-dai-dai", "ko"] {
        let rules = rules_for(id, "");
        assert!(Count::Effects.available(&rules), "{id}");
        assert!(!Count::UsiStrings.available(&rules), "{id}");
    }
    let chu = rules_for("chu", "");
    assert!(Count::Effects.available(&chu) && Count::UsiStrings.available(&chu));
}
