//! One canonical text among equal routes (notation.md, "A move through an empty
//! intermediate square …", settled 2026-11-28: the shortest, then the first in square
//! order, compared square by square). On random placements of every variant with a
//! lion-like power (lion, linear lion, lion dog), under the options that add routes
//! (`lion_dog_jump_back`), every text of a lion-like piece that the judge accepts is a
//! spelling of the legal move it names, and that move's own text is the least of them: no
//! longer, and as long, not after it in square order. Texts tried: every route of one to
//! three squares whose first square lies within two of the start, or three along one of
//! its eight lines, and whose later squares are each one step from the square before: the
//! form of every lion-like route and of every equivalent spelling notation.md gives.

use crate::support::{random_setup, rules_for, Rng};
use shogi_arbiter::engine::core::color::Color;
use shogi_arbiter::engine::core::piece::{FaceId, Piece};
use shogi_arbiter::engine::core::square::Square;
use shogi_arbiter::engine::movement::Kind;
use shogi_arbiter::engine::notation::format_move;
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::rules::legality::check_move;
use shogi_arbiter::engine::variant::Rules;

/// The variants with lion-like pieces, under the options that change their routes, and
/// how many pieces stand on a random board besides the lion-like pieces of the side to move.
const SETUPS: &[(&str, &str, usize)] = &[
    ("tai", "lion_dog_jump_back=true", 160),
    ("tai", "profile=wikipedia", 160),
    ("maka-dai-dai", "lion_dog_jump_back=true", 150),
    ("maka-dai-dai", "profile=wikipedia", 150),
    ("dai-dai", "profile=wikipedia", 110),
    ("chu", "profile=lishogi", 50),
    ("tenjiku", "profile=wikipedia", 60),
];

/// Lion-like pieces of the side to move placed on each board.
const LIONS: usize = 4;

/// Random boards per setup.
const BOARDS: usize = 12;

/// The faces whose movement has a lion-like kind, for `color`.
fn lion_like(rules: &Rules, color: Color) -> Vec<FaceId> {
    (0..rules.faces.len() as u16)
        .map(FaceId)
        .filter(|&f| rules.face(f).exists)
        .filter(|&f| {
            let kinds = rules.face(f).compiled[color.index()].kinds;
            [Kind::Lion, Kind::LineLion, Kind::LionDog]
                .into_iter()
                .any(|k| kinds.contains(k))
        })
        .collect()
}

/// A random board with Black to move: a royal each, `LIONS` lion-like pieces of Black and
/// `others` pieces of either side; `None` when the placement is not a valid position.
fn board(rules: &Rules, rng: &mut Rng, lions: &[FaceId], others: usize) -> Option<Position> {
    let first: Vec<Piece> = (0..LIONS)
        .map(|_| Piece {
            color: Color::Black,
            face: lions[rng.below(lions.len())],
        })
        .collect();
    let mut setup = random_setup(rules, rng, &first, others);
    setup.side = Color::Black;
    Position::from_setup(&setup, rules).ok()
}

/// Every text tried for the piece on `from` (see the module's doc), as square lists.
fn candidate_routes(rules: &Rules, from: Square) -> Vec<Vec<Square>> {
    let geo = &rules.variant.geometry;
    let near = |sq: Square, reach: i32| -> Vec<Square> {
        let mut out = Vec::new();
        for dy in -reach..=reach {
            for dx in -reach..=reach {
                let on_line = dx == 0 || dy == 0 || dx.abs() == dy.abs();
                if (dx, dy) != (0, 0) && (dx.abs().max(dy.abs()) <= 2 || on_line) {
                    out.extend(geo.offset(sq, dx, dy));
                }
            }
        }
        out
    };
    let mut out = Vec::new();
    for first in near(from, 3) {
        out.push(vec![first]);
        for second in near(first, 1) {
            out.push(vec![first, second]);
            for third in near(second, 1) {
                out.push(vec![first, second, third]);
            }
        }
    }
    out
}

/// A square list's place in the canonical order: shorter first, then square by square in
/// file-then-rank order.
fn order_key(rules: &Rules, squares: &[Square]) -> (usize, Vec<(i32, i32)>) {
    let shape = rules.variant.shape();
    (
        squares.len(),
        squares.iter().map(|&s| shape.file_rank_key(s)).collect(),
    )
}

/// What the checks saw: accepted texts, those that were another spelling than the move's
/// own text, and among them a lion dog's steps to enemies on its 1st and 2nd squares and
/// back to the 1st.
#[derive(Default)]
struct Seen {
    accepted: usize,
    respelled: usize,
    steps_back: usize,
}

/// The problems of every accepted text of the lion-like pieces of Black on `pos`.
fn check_board(rules: &Rules, pos: &Position, lions: &[FaceId], seen: &mut Seen) -> Vec<String> {
    let shape = rules.variant.shape();
    let mut problems = Vec::new();
    let name =
        |sqs: &[Square]| -> String { sqs.iter().map(|&s| shape.name(s).to_string()).collect() };
    for from in (0..shape.len() as u16).map(Square) {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        if piece.color != Color::Black || !lions.contains(&piece.face) {
            continue;
        }
        for route in candidate_routes(rules, from) {
            let mut full = vec![from];
            full.extend_from_slice(&route);
            let text = name(&full);
            let Ok(mv) = check_move(pos, rules, &text) else {
                continue;
            };
            seen.accepted += 1;
            if mv.from != from {
                problems.push(format!("{text} accepted as {}", format_move(shape, &mv)));
                continue;
            }
            if mv.squares() == route.as_slice() {
                continue;
            }
            seen.respelled += 1;
            let enemy = |s: Square| pos.piece_at(s).is_some_and(|p| p.color == Color::White);
            if let [a, b, c] = route[..] {
                if a == c
                    && enemy(a)
                    && enemy(b)
                    && rules.face(piece.face).compiled[Color::Black.index()].liondog
                {
                    seen.steps_back += 1;
                }
            }
            if order_key(rules, mv.squares()) > order_key(rules, &route) {
                problems.push(format!(
                    "{text} accepted as {}, a longer or later text",
                    format_move(shape, &mv)
                ));
            }
        }
    }
    problems
}

#[test]
fn the_canonical_text_is_the_least_spelling_of_a_lion_like_move() {
    let mut rng = Rng(0x00ca_11a5_7e57);
    let mut problems = Vec::new();
    for &(variant, options, others) in SETUPS {
        let rules = rules_for(variant, options);
        let lions = lion_like(&rules, Color::Black);
        assert!(!lions.is_empty(), "{variant}: no lion-like piece");
        let mut seen = Seen::default();
        let mut boards = 0;
        while boards < BOARDS {
            let Some(pos) = board(&rules, &mut rng, &lions, others) else {
                continue;
            };
            boards += 1;
            for p in check_board(&rules, &pos, &lions, &mut seen) {
                problems.push(format!("{variant} [{options}]: {p}"));
            }
        }
        assert!(
            seen.accepted > 500 && seen.respelled > 50,
            "{variant} [{options}]: only {} accepted texts, {} other spellings",
            seen.accepted,
            seen.respelled
        );
        if options.contains("lion_dog_jump_back=true") {
            assert!(
                seen.steps_back > 0,
                "{variant} [{options}]: no lion dog stepped to two enemies and back"
            );
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
