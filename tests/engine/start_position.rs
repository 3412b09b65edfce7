//! The tai start position's depth-1 moves explained piece kind by piece kind. The expected
//! counts are derived by hand from the setup (the research note "tai_shogi", "Initial
//! setup") and the movement rules (tai.md), not from the engine.

use crate::support::tai_rules;
use shogi_arbiter::engine::core::color::Color;
use shogi_arbiter::engine::movegen::legal_moves;
use shogi_arbiter::engine::position::Position;
use std::collections::BTreeMap;

/// (code, moves, why). Every kind not listed has no move at the start.
const EXPECTED: &[(&str, usize, &str)] = &[
    (
        "E",
        271,
        "a jump to each of the 625 − 2×177 = 271 empty squares; no capture, because every \
         White piece is protected (checked below by a neighbour-step argument)",
    ),
    (
        "P",
        23,
        "one step forward for 23 of the 25 pawns on rank s; the pawns on 18s and 8s are \
         blocked by the go-betweens on 18r and 8r",
    ),
    (
        "GB",
        2,
        "the go-betweens on 18r and 8r step forward to 18q and 8q",
    ),
    (
        "DO",
        2,
        "the donkeys on 22t and 4t jump two squares forward over their pawns to 22r and 4r; \
         every orthogonal step lands on a friend, the backward jump too",
    ),
    (
        "LD",
        6,
        "the lion dog on 13t leaps over the pawns on 14s, 13s, 12s to the 2nd and 3rd square \
         of its forward-left, forward and forward-right lines (15r 16q 13r 13q 11r 10q); \
         squares 1 to 3 of the other five lines hold friends",
    ),
];

#[test]
fn depth_one_from_the_start_position_kind_by_kind() {
    let rules = tai_rules("");
    let pos = Position::start(&rules);
    let mut per_kind: BTreeMap<String, usize> = BTreeMap::new();
    let moves = legal_moves(&pos, &rules);
    for m in &moves {
        let piece = pos.piece_at(m.from).expect("a piece moves");
        let code = rules.variant.kind(piece.kind()).code.clone();
        *per_kind.entry(code).or_default() += 1;
    }
    let expected: BTreeMap<String, usize> = EXPECTED
        .iter()
        .map(|(c, n, _)| (c.to_string(), *n))
        .collect();
    assert_eq!(per_kind, expected);
    assert_eq!(moves.len(), 304, "271 + 23 + 2 + 2 + 6");
}

/// The emperor's zero captures: every White piece at the start has a White neighbour that
/// can step onto its square (derived from each piece's movement row in the data table,
/// without the move generator): so every White piece is protected.
#[test]
fn every_white_piece_is_protected_at_the_start_by_a_neighbour() {
    let rules = tai_rules("");
    let pos = Position::start(&rules);
    let geo = &rules.variant.geometry;
    let shape = geo.shape;
    let mut unprotected = Vec::new();
    for sq in pos.occupied(Color::White).iter() {
        let (x, y) = shape.coords(sq);
        let mut protected = false;
        for dy in -1..=1 {
            for dx in -1..=1 {
                let Some(n) = shape.square(x + dx, y + dy) else {
                    continue;
                };
                let Some(p) = pos
                    .piece_at(n)
                    .filter(|p| p.color == Color::White && n != sq)
                else {
                    continue;
                };
                // White's step from n to sq, seen by White: right = +x, forward = +y.
                let movement = rules.face(p.face).movement.to_string();
                let (right, forward) = (-dx, -dy);
                let dir = match (right, forward) {
                    (0, 1) => "f",
                    (0, -1) => "b",
                    (-1, 0) => "l",
                    (1, 0) => "r",
                    (-1, 1) => "fl",
                    (1, 1) => "fr",
                    (-1, -1) => "bl",
                    _ => "br",
                };
                protected |= movement_steps_toward(&movement, dir);
            }
        }
        if !protected {
            unprotected.push(shape.name(sq).to_string());
        }
    }
    assert!(unprotected.is_empty(), "unprotected: {unprotected:?}");
}

/// Whether a movement (as printed in the data language) includes a one-square move in
/// `dir`: a step, slide or limited slide listing the direction, or lion-like power.
fn movement_steps_toward(movement: &str, dir: &str) -> bool {
    movement.split_whitespace().any(|comp| {
        if comp == "lion" || comp == "liondog" {
            return true;
        }
        let Some((head, dirs)) = comp.split_once('(') else {
            return false;
        };
        let dirs = dirs.trim_end_matches(')');
        (head.starts_with("step") || head.starts_with("slide") || head == "linelion")
            && dirs.split(',').any(|d| d == dir)
    })
}
