//! The match referee's protocol translation (issue 33, acceptance 3): every legal move of
//! 1,000 positions per variant, reached by random legal play from the start, written as
//! XBoard text and as USI text and read back, is judged by the arbiter to be the same move
//! it was; positions round-trip through USI's `position sfen` text and, where HaChu can
//! read the board, through XBoard's `setboard`.

use crate::invariants::pick_move;
use crate::support::{rules_for, Rng};
use shogi_arbiter::engine::core::moves::Move;
use shogi_arbiter::engine::movegen::legal_moves;
use shogi_arbiter::engine::position::{Extra, Position};
use shogi_arbiter::engine::rules::legality::check_move;
use shogi_arbiter::engine::variant::{Rules, VARIANT_IDS};
use shogi_arbiter::matches::protocol::{usi, xboard};
use std::time::Instant;

/// Positions checked per variant (and per chu profile).
const POSITIONS: usize = 1000;

/// What one variant's round trip saw: positions, moves, and the XBoard texts of the forms
/// the translation has to get right.
#[derive(Debug, Default)]
struct Seen {
    positions: usize,
    moves: usize,
    /// Moves of more than one leg (`f5f6,f6e7`).
    legs: usize,
    /// Passes written as the square twice (`f5f5`).
    passes: usize,
    /// Promotions (`+`).
    promotions: usize,
    /// Ko shogi's shots (`*`).
    shots: usize,
    /// Squares whose file takes two letters (taikyoku shogi's files past 26).
    double_letter_files: usize,
    /// Positions with something in the extra field (chu shogi's counter-strike square).
    extra: usize,
}

/// Whether an XBoard move is a pass written as one square twice.
fn is_same_square(wire: &str) -> bool {
    let half = wire.len() / 2;
    wire.len().is_multiple_of(2) && wire.is_char_boundary(half) && wire[..half] == wire[half..]
}

/// Checks one legal move both ways through both protocols.
fn check_one(pos: &Position, rules: &Rules, mv: &Move, seen: &mut Seen) {
    let judge = |text: &str| check_move(pos, rules, text);
    let x = xboard::move_to_wire(pos, rules, mv);
    let from_x = xboard::move_from_wire(pos, rules, &x)
        .unwrap_or_else(|e| panic!("XBoard {x} does not read back: {}", e.why));
    assert_eq!(judge(&from_x), Ok(*mv), "XBoard {x} read back as {from_x}");
    let u = usi::move_to_wire(pos, rules, mv);
    let from_u = usi::move_from_wire(pos, rules, &u)
        .unwrap_or_else(|e| panic!("USI {u} does not read back: {}", e.why));
    // The same machine text is judged the same: judge it once.
    if from_u != from_x {
        assert_eq!(judge(&from_u), Ok(*mv), "USI {u} read back as {from_u}");
    }
    seen.moves += 1;
    seen.legs += usize::from(x.contains(','));
    seen.passes += usize::from(is_same_square(&x));
    seen.promotions += usize::from(x.ends_with('+'));
    seen.shots += usize::from(x.contains('*'));
    let bytes = x.as_bytes();
    seen.double_letter_files += bytes
        .windows(2)
        .filter(|w| w[0].is_ascii_lowercase() && w[1].is_ascii_lowercase())
        .count();
}

/// Checks a position's texts: USI's `position sfen` text and XBoard's `setboard` board.
fn check_position_texts(pos: &Position, rules: &Rules) {
    let text = usi::position_to_wire(rules, pos);
    let back = usi::position_from_wire(rules, &text)
        .unwrap_or_else(|e| panic!("USI position {text} does not read back: {}", e.why));
    assert_eq!(&back, pos, "{text}");
    if let Some(board) = xboard::setboard_to_wire(rules, pos) {
        let back = xboard::setboard_from_wire(rules, &board)
            .unwrap_or_else(|e| panic!("setboard {board} does not read back: {}", e.why));
        // The board alone says no move number: compare the boards and the side to move.
        assert_eq!(
            usi::position_to_wire(rules, &back).split(' ').next(),
            Some(board.as_str())
        );
        assert_eq!(back.side(), pos.side());
    }
}

/// [`POSITIONS`] positions of random legal play from the start (a new game after
/// `plies` plies or when the game has no move), every legal move of each checked.
fn round_trip(rules: &Rules, plies: usize, seed: u64) -> Seen {
    let mut rng = Rng(seed);
    let start = Position::start(rules);
    let mut pos = start.clone();
    let mut ply = 0;
    let mut seen = Seen::default();
    while seen.positions < POSITIONS {
        let moves = legal_moves(&pos, rules);
        if moves.is_empty() || ply == plies {
            assert!(ply > 0, "the start position has moves");
            pos = start.clone();
            ply = 0;
            continue;
        }
        seen.positions += 1;
        seen.extra += usize::from(pos.extra() != Extra::None);
        check_position_texts(&pos, rules);
        for mv in &moves {
            check_one(&pos, rules, mv, &mut seen);
        }
        let mv = pick_move(&pos, &moves, &mut rng);
        pos.play(&mv, rules);
        ply += 1;
    }
    seen
}

/// Acceptance 3: every variant under every one of its rule profiles (chu shogi's `lishogi`
/// and `hachu` among them), 200 plies a game.
#[test]
fn every_legal_move_round_trips_through_xboard_and_usi() {
    let clock = Instant::now();
    let mut runs = 0;
    for (i, &id) in VARIANT_IDS.iter().enumerate() {
        let profiles = &rules_for(id, "").variant.profiles;
        for (k, profile) in profiles.iter().enumerate() {
            let rules = rules_for(id, &format!("profile={profile}"));
            let started = Instant::now();
            let seen = round_trip(&rules, 200, 0x5eed_0033 + 16 * i as u64 + k as u64);
            eprintln!(
                "{id} {profile}: {} positions, {} moves, {:.1} s ({seen:?})",
                seen.positions,
                seen.moves,
                started.elapsed().as_secs_f64()
            );
            assert_eq!(seen.positions, POSITIONS);
            // Every variant has lion-like pieces that pass and move in legs, and pieces
            // that promote: the forms with rules of their own came up.
            assert!(
                seen.legs > 0 && seen.passes > 0 && seen.promotions > 0,
                "{id} {profile}"
            );
            assert_eq!(
                seen.shots > 0,
                id == "ko",
                "{id} {profile}: shots only in ko"
            );
            assert_eq!(
                seen.double_letter_files > 0,
                id == "taikyoku",
                "{id} {profile}: files past 26 only in taikyoku"
            );
            if id == "chu" {
                assert!(
                    seen.extra > 0,
                    "chu {profile}: a counter-strike square came up"
                );
            }
            runs += 1;
        }
    }
    assert!(runs > VARIANT_IDS.len(), "chu has two profiles");
    eprintln!("{runs} runs in {:.1} s", clock.elapsed().as_secs_f64());
}
