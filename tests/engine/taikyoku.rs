//! Taikyoku shogi over random games (taikyoku.md): under both profiles and option sets of
//! random values, from the start (36×36, 402 pieces a side) and from random placements,
//! every listed move is judged legal and every accepted text is listed
//! (`check_position`, which also round-trips position and machine move text), every Hodges
//! text reads back as its move, the effects of each move rebuild the position after it
//! (every removed piece taken off its square, passed pieces of a range capture in order of
//! distance, the mover on its final square as the face the effects name), and the fast
//! check test agrees with check by its definition; and text near a valid position or move
//! text (double-letter ranks `aa`..`jj` included) never makes a reader panic. Games are few
//! and short: a taikyoku position lists hundreds of moves.

use crate::invariants::{attack_lookups_over, random_games_over};
use crate::maka::hodges_round_trip;
use crate::properties::{edits, mutate, read_every_way};
use crate::support::{random_placement, rules_for, Rng};
use proptest::prelude::*;
use shogi_arbiter::engine::core::color::Color;
use shogi_arbiter::engine::core::moves::{Cause, Move};
use shogi_arbiter::engine::core::piece::Piece;
use shogi_arbiter::engine::movegen::legal_moves;
use shogi_arbiter::engine::notation::{format_hodges_all, format_move, format_position_of};
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::variant::Rules;

/// The variant under test.
const ID: &str = "taikyoku";

/// The option sets played: both profiles, then `random` sets of one random value for every
/// option of the variant (seeded with `seed`), each as `option=value ...` text.
fn option_sets(random: usize, seed: u64) -> Vec<String> {
    let variant = shogi_arbiter::engine::variant::by_id(ID).expect("a built-in variant");
    let mut rng = Rng(seed);
    let mut sets = vec!["profile=wikipedia".to_string(), "profile=ats".to_string()];
    for _ in 0..random {
        let mut entries = vec![format!(
            "profile={}",
            variant.profiles[rng.below(variant.profiles.len())]
        )];
        for option in &variant.options {
            let value = &option.values[rng.below(option.values.len())];
            entries.push(format!("{}={value}", option.name));
        }
        sets.push(entries.join(" "));
    }
    sets
}

/// Plays `mv` and checks that its effects rebuild the position after it; returns the
/// position after and whether the move removed two or more pieces along one line (a range
/// capture that passed pieces).
fn play_checked(pos: &Position, rules: &Rules, mv: &Move) -> (Position, bool) {
    let mut after = pos.clone();
    let effects = after.play(mv, rules);
    let mut fast = pos.clone();
    fast.play_unchecked(mv, rules);
    assert_eq!(after, fast, "play and play_unchecked differ");
    // The effects rebuild the board: every removed piece leaves its square (it stood
    // there before the move), the mover leaves its start and stands on its final square
    // as the face the effects name.
    let shape = rules.variant.shape();
    let mut board = pos.to_setup(rules.variant).board;
    for e in &effects.events {
        assert!(
            matches!(e.cause, Cause::Removed(_)),
            "{mv:?}: taikyoku changes no piece in place"
        );
        assert_eq!(board[e.square.index()], Some(e.piece), "{mv:?}: {e:?}");
        board[e.square.index()] = None;
    }
    let mover = pos.piece_at(mv.from).expect("a move starts on a piece");
    assert_eq!(effects.face_before, mover.face);
    board[mv.from.index()] = None;
    board[mv.to().index()] = Some(Piece {
        color: mover.color,
        face: effects.face_after,
    });
    assert_eq!(
        board,
        after.to_setup(rules.variant).board,
        "{mv:?}: the effects do not rebuild the position"
    );
    let rebuilt = Position::from_setup(&after.to_setup(rules.variant), rules)
        .expect("a played position is valid");
    assert_eq!(rebuilt, after, "{mv:?}: kept and rebuilt positions differ");
    // A move of one segment removes what it passes in order of distance (taikyoku.md §6).
    let removed: Vec<_> = effects.events.iter().map(|e| e.square).collect();
    let along_one_line = mv.squares().len() == 1 && removed.len() >= 2;
    if along_one_line {
        let (fx, fy) = shape.coords(mv.from);
        let distance = |s| {
            let (x, y) = shape.coords(s);
            (x - fx).abs().max((y - fy).abs())
        };
        assert!(
            removed.windows(2).all(|w| distance(w[0]) < distance(w[1])),
            "{mv:?}: removed out of order of distance"
        );
    }
    let royals = |p: &Position| p.royal_count(Color::Black) + p.royal_count(Color::White);
    let new_royal = rules.face(effects.face_after).royal && !rules.face(mover.face).royal;
    assert_eq!(
        royals(pos) + u16::from(new_royal),
        royals(&after) + effects.royals_lost().len() as u16,
        "{mv:?}"
    );
    (after, along_one_line)
}

#[test]
fn taikyoku_random_games() {
    let sets = option_sets(3, 0x7a1c_0b0c);
    let sets: Vec<&str> = sets.iter().map(String::as_str).collect();
    let (plies, moves, passed) = random_games_over(
        ID,
        &sets,
        (0x7a1c_5eed, 61, 1300),
        (8, 2),
        (&[40, 160], 8, 2),
        hodges_round_trip,
        play_checked,
    );
    assert!(
        plies >= 60 && moves > 5_000 && passed >= 1,
        "only {plies} plies, {moves} moves checked, {passed} range captures that passed pieces"
    );
}

#[test]
fn taikyoku_attacks_agree_with_the_protection_map() {
    let sets = option_sets(2, 0x7a1c_a77a);
    let sets: Vec<&str> = sets.iter().map(String::as_str).collect();
    // 2 option sets × 2 colours × (40 + 200 random pieces and 2 royals each), less at
    // most 2 vacated squares per colour and position: at least 960 squares checked.
    assert!(attack_lookups_over(ID, &sets, &[40, 200], 0xa7_7a1c) >= 960);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Position, machine move and Hodges text of taikyoku positions (the start or a random
    /// placement, either profile), edited at random, never make a reader or the move check
    /// panic: squares with doubled rank letters (`12aa`, `1jj`) cut or doubled anywhere.
    #[test]
    fn taikyoku_near_valid_text_never_panics(
        ats in any::<bool>(),
        seed in any::<u64>(),
        pieces in 0usize..300,
        pick in any::<usize>(),
        e in edits(),
    ) {
        let rules = rules_for(ID, if ats { "profile=ats" } else { "profile=wikipedia" });
        let pos = if pieces < 20 {
            Position::start(&rules)
        } else {
            random_placement(&rules, &mut Rng(seed | 1), pieces)
        };
        let moves = legal_moves(&pos, &rules);
        let base = match (pick % 3, moves.get(pick / 3 % moves.len().max(1))) {
            (1, Some(mv)) => format_move(rules.variant.shape(), mv),
            (2, Some(mv)) => format_hodges_all(&pos, &rules, &[*mv]).remove(0),
            _ => format_position_of(rules.variant, &pos),
        };
        read_every_way(&rules, &pos, &mutate(&base, &e));
    }
}
