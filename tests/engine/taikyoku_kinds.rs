//! The movement kinds taikyoku shogi adds, on a test variant of their pieces
//! (`tests/data/taikyoku_kinds.variant`, 36×36): the leap then range `jumpslide(N;D)` and
//! `jumpslide(N,M;D)`, the flying move `fly(D)`, and the triple-slashed arrow `triple(D)`
//! under both readings of option `triple_arrow` (profiles `jump23` and `pass3`). Expected
//! moves are worked out by hand from the rules as this project plays them (taikyoku
//! shogi's §4.1, §4.4, §4.6 equal effect, §8 "which squares a move lists"), written as the
//! distances along one line of the moves a piece has along it. Then attacks (check is "the
//! opponent has a move after which no royal is left", so every capture these kinds make must
//! be an attack), random placements and games (generation, legality, move text, Hodges
//! text, the first-square filter, the attack test against the moves generated), and perft
//! from the start and one middle position as a regression lock (the engine's own counts,
//! not outside figures).

use crate::invariants::{attack_lookup_agrees, random_game_checked};
use crate::support::{load_test_variant, position, random_setup, Rng};
use shogi_arbiter::engine::attack::attacked;
use shogi_arbiter::engine::core::color::Color;
use shogi_arbiter::engine::core::moves::Move;
use shogi_arbiter::engine::core::square::Square;
use shogi_arbiter::engine::movegen::{legal_moves, StartFilter};
use shogi_arbiter::engine::notation::{format_hodges, format_move, parse_hodges};
use shogi_arbiter::engine::perft::perft;
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::rules::check::in_check;
use shogi_arbiter::engine::variant::{Rules, RulesRequest, Variant};
use std::collections::HashSet;
use std::sync::OnceLock;

/// The test variant's data file.
const DATA: &str = include_str!("../data/taikyoku_kinds.variant");

/// The two kings of every hand-made position, off every line through 18r and 35ii.
const KINGS: &str = "K@1jj k@36a";

fn variant() -> &'static Variant {
    static VARIANT: OnceLock<&'static Variant> = OnceLock::new();
    VARIANT.get_or_init(|| load_test_variant(DATA, ""))
}

/// The rules of a profile: `jump23` or `pass3`, the two readings of the triple arrow.
fn rules(profile: &str) -> Rules {
    let request = RulesRequest {
        profile: Some(profile.to_string()),
        overrides: Vec::new(),
    };
    Rules::resolve(variant(), &request).expect("the test profile resolves")
}

fn square(rules: &Rules, name: &str) -> Square {
    rules
        .variant
        .shape()
        .parse_square(name)
        .unwrap_or_else(|| panic!("square {name}"))
}

/// A position with `pieces` (`CODE@SQUARE`, lowercase White) and the two kings, Black to
/// move.
fn board(rules: &Rules, pieces: &str) -> Position {
    position(rules, &format!("{KINGS} {pieces}"), 'b')
}

/// The distances from `from`, along the line through its neighbour `toward`, of the final
/// squares of the piece's moves that list one square on that line, nearest first. No
/// square may be listed twice (one move per effect).
fn along(rules: &Rules, pos: &Position, from: &str, toward: &str) -> Vec<i32> {
    let shape = rules.variant.shape();
    let (fx, fy) = shape.coords(square(rules, from));
    let (tx, ty) = shape.coords(square(rules, toward));
    let (dx, dy) = (tx - fx, ty - fy);
    assert!(dx.abs() <= 1 && dy.abs() <= 1, "{toward} is next to {from}");
    let mut out = Vec::new();
    for m in legal_moves(pos, rules) {
        if m.from != square(rules, from) || m.squares().len() != 1 {
            continue;
        }
        let (x, y) = shape.coords(m.squares()[0]);
        let k = (x - fx).abs().max((y - fy).abs());
        if (x - fx, y - fy) == (dx * k, dy * k) {
            out.push(k);
        }
    }
    out.sort_unstable();
    let distinct: HashSet<i32> = out.iter().copied().collect();
    assert_eq!(distinct.len(), out.len(), "a square listed twice: {out:?}");
    out
}

/// Plays the move `text` (machine text) and returns the position after it.
fn after(rules: &Rules, pos: &Position, text: &str) -> Position {
    let m = legal_moves(pos, rules)
        .into_iter()
        .find(|m| format_move(rules.variant.shape(), m) == text)
        .unwrap_or_else(|| panic!("{text} is not listed"));
    let mut next = pos.clone();
    next.play(&m, rules);
    next
}

fn range(a: i32, b: i32) -> Vec<i32> {
    (a..=b).collect()
}

#[test]
fn jumpslide_leaps_over_friend_and_foe_and_ranges_on() {
    let r = rules("jump23");
    // Free eagle: forward its own pawn on the 1st square, an enemy pawn on the 2nd, its
    // own pawn on the 5th. The leap to the 2nd captures there and ends; the leap to the
    // 3rd passes both pawns and ranges on to the 4th; the slide is blocked.
    let pos = board(&r, "FE@18r P@18q p@18p P@18m");
    assert_eq!(along(&r, &pos, "18r", "18q"), [2, 3, 4]);
    // Nothing jumped is captured.
    let next = after(&r, &pos, "18r18o");
    assert!(next.cell(square(&r, "18p")).is_color(Color::White));
    assert!(next.cell(square(&r, "18q")).is_color(Color::Black));
    // Forward-diagonally the leap to the 4th square passes three own pieces and ranges on
    // to the edge (1a); backward-diagonally it has no such leap.
    let pos = board(&r, "FE@18r P@17q P@16p P@15o P@17s P@16t P@15u");
    assert_eq!(along(&r, &pos, "18r", "17q"), range(4, 17));
    assert_eq!(along(&r, &pos, "18r", "17s"), Vec::<i32>::new());
    // The roc master's leap to the 3rd square forward-diagonally, with no range along
    // that line: over a friend and a foe to the 3rd, then on.
    let pos = board(&r, "RM@18r P@17q p@16p p@13m");
    assert_eq!(along(&r, &pos, "18r", "17q"), [3, 4, 5]);
}

#[test]
fn the_leap_and_the_range_to_a_square_are_one_move() {
    let r = rules("jump23");
    // On an empty line the free eagle's slide and its leaps to the 2nd and 3rd squares
    // reach the same squares: each once (18r to 18a: 17 squares).
    let pos = board(&r, "FE@18r");
    assert_eq!(along(&r, &pos, "18r", "18q"), range(1, 17));
    // An enemy on the 1st square: the slide captures it, the leaps go on behind it.
    let pos = board(&r, "FE@18r p@18q");
    assert_eq!(along(&r, &pos, "18r", "18q"), range(1, 17));
    // Mountain falcon: `slide2(f)` and `jumpslide(2;f)` meet on the 2nd square.
    for (pieces, expected) in [
        ("MF@18r", range(1, 17)),
        ("MF@18r P@18q", range(2, 17)),
        ("MF@18r p@18q", range(1, 17)),
        ("MF@18r P@18p", vec![1]),
    ] {
        let pos = board(&r, pieces);
        assert_eq!(along(&r, &pos, "18r", "18q"), expected, "{pieces}");
    }
    // Lion hawk (vector T28): its lion leap and its leap-slide reach 16p over its own pawn
    // on 17q: one move; the leap-slide ranges on to 1a.
    let pos = board(&r, "LI@18r P@17q");
    assert_eq!(along(&r, &pos, "18r", "17q"), range(2, 17));
    // The test leaper: `jump(0:3)` and the range on from its leap to the 2nd square meet
    // on the 3rd square.
    let pos = board(&r, "JL@18r P@18q");
    assert_eq!(along(&r, &pos, "18r", "18q"), range(2, 17));
    let pos = board(&r, "JL@18r P@18q P@18p");
    assert_eq!(along(&r, &pos, "18r", "18q"), [3]);
}

/// A lion-power piece's range along the longest diagonal of the 36×36 board reaches its
/// 33rd and 34th squares (distances whose bit lies past 32 in the table of skipped
/// distances).
#[test]
fn a_range_beside_lion_power_reaches_the_far_end_of_the_longest_line() {
    let r = rules("jump23");
    let pos = board(&r, "LI@35ii");
    assert_eq!(along(&r, &pos, "35ii", "34hh"), range(1, 34));
}

#[test]
fn the_wooden_doves_range_on_is_limited() {
    let r = rules("jump23");
    // `jumpslide(3,2;diag)`: the 3rd square whatever stands between, then at most two
    // more; its slide is blocked by its own pawn.
    for (pieces, expected) in [
        ("WO@18r P@17q", vec![3, 4, 5]),
        ("WO@18r P@17q p@14n", vec![3, 4]),
        ("WO@18r P@17q P@15o", vec![]),
        ("WO@18r P@17q p@15o", vec![3]),
        ("WO@18r", range(1, 17)),
    ] {
        let pos = board(&r, pieces);
        assert_eq!(along(&r, &pos, "18r", "17q"), expected, "{pieces}");
    }
}

#[test]
fn the_triple_arrow_reads_as_the_option_says() {
    let (jump23, pass3) = (rules("jump23"), rules("pass3"));
    // Teaching king forward: own, enemy, own, enemy, then empty squares. jump23: the slide
    // is blocked, the leap to the 2nd captures, the 3rd holds a friend. pass3: captures
    // the 2nd (one piece passed) and the 4th (three passed), and passes no 4th piece.
    let pieces = "TK@18r P@18q p@18p P@18o p@18n";
    assert_eq!(along(&jump23, &board(&jump23, pieces), "18r", "18q"), [2]);
    assert_eq!(along(&pass3, &board(&pass3, pieces), "18r", "18q"), [2, 4]);
    // With nothing in the way both are a range.
    for r in [&jump23, &pass3] {
        assert_eq!(along(r, &board(r, "TK@18r"), "18r", "18q"), range(1, 17));
    }
    // Golden bird (vectors T21, T21b): three own pawns on the forward-right diagonal;
    // jump23 lands only on them, pass3 passes them to 14n and on to 1a. A fourth pawn
    // stops pass3 too.
    let three = "GO@18r P@17q P@16p P@15o";
    assert_eq!(
        along(&jump23, &board(&jump23, three), "18r", "17q"),
        Vec::<i32>::new()
    );
    assert_eq!(
        along(&pass3, &board(&pass3, three), "18r", "17q"),
        range(4, 17)
    );
    let four = "GO@18r P@17q P@16p P@15o P@14n";
    for r in [&jump23, &pass3] {
        assert_eq!(along(r, &board(r, four), "18r", "17q"), Vec::<i32>::new());
    }
    // Nothing passed is captured.
    let pos = board(&pass3, "TK@18r P@18q p@18p P@18o p@18n");
    let next = after(&pass3, &pos, "18r18n");
    for (sq, color) in [
        ("18q", Color::Black),
        ("18p", Color::White),
        ("18o", Color::Black),
    ] {
        assert!(next.cell(square(&pass3, sq)).is_color(color), "{sq}");
    }
}

#[test]
fn fly_passes_any_number_of_pieces() {
    let r = rules("jump23");
    // Rain demon (vector T21c): four own pawns and an enemy pawn on its forward-right
    // diagonal; it flies past all of them (capturing the enemy on 10j or passing it).
    let pos = board(&r, "RD@18r P@17q P@16p P@15o P@14n p@10j");
    assert_eq!(along(&r, &pos, "18r", "17q"), range(5, 17));
    let next = after(&r, &pos, "18r5e");
    assert!(next.cell(square(&r, "10j")).is_color(Color::White));
    assert!(next.cell(square(&r, "14n")).is_color(Color::Black));
    // Its other lines are plain ranges: `slide3(f)` stops at its own pawn.
    let pos = board(&r, "RD@18r P@18p");
    assert_eq!(along(&r, &pos, "18r", "18q"), [1]);
}

#[test]
fn royals_are_attacked_over_pieces() {
    let (jump23, pass3) = (rules("jump23"), rules("pass3"));
    // (rules, pieces with White's lone royal `k` somewhere else, its square, attacked)
    let cases: &[(&Rules, &str, &str, bool)] = &[
        // Leaps to the 2nd and 3rd squares over pieces (the enemy's pawns do not attack
        // for Black; Black's own pawns attack only the square before them).
        (&jump23, "FE@18r p@18q", "18p", true),
        (&jump23, "FE@18r p@18q p@18p", "18o", true),
        (&jump23, "FE@18r P@18q p@18o", "18n", false),
        (&jump23, "FE@18r P@18q p@18p p@18n", "18m", false),
        (&jump23, "FE@18r P@18q p@18p", "18m", true),
        // The leap to the 4th forward-diagonally only.
        (&jump23, "FE@18r P@17q P@16p P@15o", "14n", true),
        (&jump23, "FE@18r P@17s P@16t P@15u", "14v", false),
        (&jump23, "FE@18r P@17q p@16p P@15o", "12l", true),
        // The wooden dove's range on ends on its 5th square.
        (&jump23, "WO@18r P@17q", "13m", true),
        (&jump23, "WO@18r P@17q", "12l", false),
        // Flying over four pieces of both sides.
        (&jump23, "RD@18r P@17q p@16p P@15o P@14n", "13m", true),
        // The triple arrow under each reading.
        (&pass3, "TK@18r P@18q p@18p p@18o", "18n", true),
        (&pass3, "TK@18r P@18q p@18p p@18o p@18n", "18m", false),
        (&jump23, "TK@18r P@18q p@18p p@18o", "18n", false),
        (&jump23, "TK@18r P@18q", "18o", true),
    ];
    for &(r, pieces, royal, expected) in cases {
        let pos = position(r, &format!("K@1jj k@{royal} {pieces}"), 'b');
        assert_eq!(
            attacked(&pos, r, square(r, royal), Color::Black, &[]),
            expected,
            "{pieces}, royal on {royal}"
        );
        assert_eq!(
            in_check(&pos, r, Color::White),
            expected,
            "{pieces}, royal on {royal}"
        );
    }
}

/// Over random placements of every piece under both readings: the attack test agrees with
/// the protection map and with the captures the generated moves make; every move's first
/// square is within the first-square filter; Hodges text reads back as the move.
#[test]
fn random_placements_agree_with_generation() {
    let mut rng = Rng(0x7a1c_0b0c);
    let mut captures = 0;
    for profile in ["jump23", "pass3"] {
        let r = rules(profile);
        assert!(attack_lookup_agrees(&r, &[10, 40, 160, 400], &mut rng) > 1000);
        let geo = &r.variant.geometry;
        for density in [20, 80, 300] {
            for side in Color::ALL {
                let mut setup = random_setup(&r, &mut rng, &[], density);
                setup.side = side;
                let pos = Position::from_setup(&setup, &r).expect("a valid placement");
                let moves = legal_moves(&pos, &r);
                let captured: HashSet<Square> = moves
                    .iter()
                    .flat_map(|m| m.squares().iter().copied())
                    .filter(|&s| pos.cell(s).is_color(side.opponent()))
                    .collect();
                for s in pos.occupied(side.opponent()).iter() {
                    assert_eq!(
                        attacked(&pos, &r, s, side, &[]),
                        captured.contains(&s),
                        "{profile}: {} attacked by {side:?}",
                        r.variant.shape().name(s)
                    );
                }
                captures += captured.len();
                for m in &moves {
                    let piece = pos.piece_at(m.from).expect("a move starts on a piece");
                    let c = &r.face(piece.face).compiled[piece.color.index()];
                    let (fx, fy) = geo.xy(m.from);
                    let (x, y) = geo.xy(m.squares()[0]);
                    let (dx, dy) = (x - fx, y - fy);
                    assert!(
                        c.may_start_towards(dx, dy),
                        "{}",
                        r.face(piece.face).movement
                    );
                    assert!(dx.abs().max(dy.abs()) <= i32::from(c.start_reach()));
                    let hodges = format_hodges(&pos, &r, m);
                    assert_eq!(parse_hodges(&pos, &r, &hodges).ok(), Some(*m), "{hodges}");
                }
            }
        }
    }
    assert!(captures > 100, "{captures}");
}

/// Random games from the start and from random placements under both readings: every
/// listed move is judged legal, every accepted text is listed, texts round-trip, and the
/// fast check test agrees with check by definition.
#[test]
fn random_games_keep_the_invariants() {
    let mut rng = Rng(0x6a3e);
    for (i, profile) in ["jump23", "pass3"].into_iter().enumerate() {
        let r = rules(profile);
        let play = |pos: &Position, m: &Move| {
            let mut next = pos.clone();
            next.play(m, &r);
            (next, false)
        };
        let starts = [
            Position::start(&r),
            Position::from_setup(&random_setup(&r, &mut rng, &[], 60), &r).expect("valid"),
        ];
        for (k, start) in starts.into_iter().enumerate() {
            let seed = 0x51 + 10 * i as u64 + k as u64;
            let (played, checked, _) = random_game_checked(&r, start, (60, seed, 3), |_| {}, play);
            assert!(
                played > 10 && checked > played,
                "{profile}: {played}, {checked}"
            );
        }
    }
}

/// Perft of the test variant as a regression lock: these are this engine's counts, not
/// outside figures (the start position, and a middle position with every piece in play).
#[test]
fn perft_regression_lock() {
    let middle = "K@36jj k@1a FE@18r WO@20t LI@15p MF@22u RM@10v RD@26x GO@12z TK@19y JL@5s \
                  P@18q P@16p P@21t fe@19h wo@17k li@22n mf@14m rm@27i rd@11g go@25l tk@18e \
                  jl@32j p@18o p@20q p@15n";
    for (profile, start, mid) in [
        ("jump23", [586, 342_695], [673, 398_083]),
        ("pass3", [600, 359_021], [684, 439_442]),
    ] {
        let r = rules(profile);
        let s = Position::start(&r);
        let m = position(&r, middle, 'b');
        let counts = [perft(&s, &r, 1), perft(&s, &r, 2)];
        let mids = [perft(&m, &r, 1), perft(&m, &r, 2)];
        assert_eq!((counts, mids), (start, mid), "{profile}");
    }
}
