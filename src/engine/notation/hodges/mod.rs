//! Human move text in the Hodges/TSA style of the English-language shogi literature
//! (George Hodges, 1976, as extended for tai shogi and chu shogi): `P-8h`, `ORx7c+`,
//! `+KR-10l`, `LNx!7d+`, `LNx12ux11t+`; for ko shogi also `LB-17p*17m`, `LB*17m`.
//!
//! # Grammar
//!
//! ```text
//! move  = ["+"] CODE [start] steps [mark] [burns]
//! steps = ("x!" | "-!") square {shot}    one square, the piece ends where it started
//!       | ("-" | "x") square {shot} {("-" | "x") square {shot}}
//!                                        one to three squares (ko shogi: up to six)
//!       | shot {shot}                    ko shogi: a shot in place
//! shot  = "*" square                     ko shogi: a target shot at, at most two
//! mark  = "+" | "="
//! ```
//!
//! (`burns`, a fire demon's burns in tenjiku shogi, is [`write`](mod@write)'s.)
//!
//! - `+` before the code: the piece stands on its promoted side. `CODE` is always the code
//!   of the unpromoted side, as on the board (a promoted kirin is `+KR`, a great dragon that
//!   was never promoted is `GD`). Codes are capital letters whatever the side to move: the
//!   mover is always a piece of the side to move. Aliases of the piece table (`KY`, `FK`)
//!   are accepted on input; output uses the canonical code.
//! - `start`: the start square (`13m`, notation.md's square names). Printed only when
//!   another piece of the side to move with the same face (same code, same side up) has a
//!   legal move with the same text otherwise; accepted on input whether needed or not.
//! - Steps: every square the machine move (`13v12u11t`) lists after its start square, each
//!   preceded by `x` when a capture happens there and by `-` when the piece only moves
//!   there. A simple move is `P-12l` or `Rx5e+`; a lion capturing on 12u and going on to
//!   capture on 11t is `LNx12ux11t+` (the seeds' "double capture appended after the
//!   first"); capturing on 12u and then stepping to the empty 11t is `LNx12u-11t+`.
//! - A range capture (taikyoku.md §4.3) lists its final square only, like its machine
//!   text, with `x` when it removes anything (a passed piece of either side, a friend it
//!   ends on, the enemy there): `GGx18m`; with nothing removed it is `GG-18m`.
//! - Igui (居喰い, "stationary feeding": capturing an adjacent piece without moving) names
//!   the captured square after `x!`: `LNx!12u+`.
//! - Lion dog (狛犬, komainu) moves of up to three steps list every square the machine move
//!   lists, in order: a triple capture along a line is `LDx13lx13kx13j+`; capturing on the
//!   first and second squares and stepping back to the (now empty) first square is
//!   `LDx13lx13k-13l+`; leaping to the second square to capture and coming back to the
//!   empty first square is `LDx13k-13l+`.
//! - A pass (skipping the turn by a piece with lion-like power that steps to an empty
//!   neighbour and back) is written like igui with `-` for "no capture": `LN-!12u`, the
//!   passing piece and the empty square of its machine text. The seeds have no pass form;
//!   this one keeps `!` = "the piece ends on its start square, the named square is where
//!   the action was". As in machine notation, a pass names its piece (the repetition
//!   rules ask what the passing piece attacks) and any empty square that piece could step
//!   to is accepted; the start square is added when another piece of the same face could
//!   pass through the same square.
//! - Mark: `+` when the piece promotes (contagion, the deva's and dark spirit's power to
//!   turn their capturer, counts as promotion, as in machine notation), `=` when a possible
//!   promotion is declined, nothing when the move offers no promotion. Where promotion is
//!   compulsory the `+` is always printed and may be left out on input. Where promotion is
//!   optional (rule option `promotion_trigger=capture_of_promoted`) the mark is required
//!   on input (error `promotion_mark_required`).
//!
//! # Ko shogi (ko.md §5)
//!
//! Ko shogi's points are written as squares. What ko.md §5 fixes: `CODE-dest`, `CODExdest`
//! (`CUx19f+`); `+` and the origin code for a promoted piece (`+MA-10q`, the governor);
//! igui `SWx!12j`; a second or later capture appended (`SWx12jx11i`); shots appended as
//! `*target` (`LB-17p*17m`, `FC-9p*4k*9i`); a pass `SW-!13r`; the start point after the
//! code only where the code alone is ambiguous (`CH17n-17i`); `+` or `=` last, after the
//! shots; burns, reversions and the clerk's side effects never written. Where §5 is
//! silent this module decides:
//!
//! - **Captures along a line or path.** Every point the move captures by displacement is
//!   written, `x` and the point, in the order the piece reaches them, then the final point
//!   with `-` when nothing was captured there. A flag waver (招揺, `+BN`, whose machine
//!   text `10j10f` leaves its captures implied) taking pieces on 10h and 10f is
//!   `+BNx10hx10f`; taking only the one on 10h and stopping on the empty 10f is
//!   `+BNx10h-10f`. A thunderclap (霹靂, `+DR`) lists its path's captures in its machine
//!   text's order (ko.md §5: of the paths with the same effect, the first in square
//!   order), then the final point if nothing was captured there: `+DRx9ix10i-9h`. Double
//!   moves list their leg-1 point where the machine text does (a capture there, or a
//!   fog's shot from it): a cavalry through an enemy is `CVx17o-16m`.
//! - **Shots.** Each `*target` follows the step it was shot from: after the final point
//!   for shots after the move; for a five-li fog (五里霧, `+TP`) or an immaculate light
//!   (`+SM`) shooting between its legs, after the leg-1 point: `+TP-10h*9g-10f*11e`. Two
//!   targets shot from one point are written in the machine text's order (square order:
//!   `FC-9p*4k*9i`); ko.md's own example order `FC-9p*9i*4k` is accepted on input.
//! - **Shot in place** (option O1 `shoot_timing` other than `after_move`): the code, the
//!   start point when needed, and the targets, with no step: `LB*17m`, `FC*4k*9i`,
//!   `LB17p*17m` when another longbow could shoot 17m in place too. It mirrors machine
//!   text's `from*target`.
//! - **Promoted-only codes on input.** Output always writes `+` and the origin code, as
//!   on the board (`+MA-10q`). Input may also name a promoted piece by its promoted-only
//!   kind's own code from the catalogue (`GV-10q` for `+MA-10q`, `FF-10h*9g-10f*11e` for
//!   the fog); a code two origins share (`CO`, the commissar: `+PU` and `+VA`) names
//!   either, with the start point where both could make the move. With `+` before it
//!   (`+GV`) such a code stays an error (`promoted_only_piece`), as in every other
//!   variant, where these codes are never accepted.
//! - **Passes.** A position has one pass (ko.md §5): its text is the canonical pass's
//!   piece and leg-1 point (`SW-!7r` at the start under `qboard`), and any piece of the
//!   side that can pass through the point it names reads as that one move (`SW-!13r`). A
//!   pass that burns its piece (ko.md §3 step 2) is a move of its own: its text names
//!   that piece, with the start point when another piece of the same face could pass
//!   through the same point.
//! - **Equal effects on input.** A text matching no legal move step for step still names
//!   the legal move with the same effect (ko.md §5: final point, points captured by
//!   displacement and shot targets, as sets), so the captures of another route with the
//!   same effect (`+DRx10ix9i-9h`), shots in another order or after another leg, and a
//!   route through an empty point (`SW-12j-11i` for `SW-11i`) are accepted. A pass text
//!   (`-!`) is not read this way.
//!
//! Parsing resolves the text structurally against the legal moves of the position (piece
//! face, start square if given, every step with its capture sign, shots, mark) and returns
//! the unique match; every failure has a stable code (see [`HodgesError::code`]).
//!
//! [`read`] parses the text, [`write`](mod@write) prints it; this module holds the error
//! type and the steps of a move as the text shows them, which both use.

pub(super) mod read;
pub(super) mod write;

use crate::engine::core::moves::{Move, ShotsFrom};
use crate::engine::core::piece::FaceId;
use crate::engine::core::shape::Shape;
use crate::engine::core::square::Square;
use crate::engine::core::square_set::SquareSet;
use crate::engine::movegen::generate_from;
use crate::engine::movement::Kind;
use crate::engine::position::Position;
use crate::engine::variant::Rules;
use std::fmt;

/// Why a Hodges move text does not name a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HodgesError {
    /// Not Hodges text (too long, empty, bad structure or square); the detail says where.
    Malformed(String),
    /// No piece of the variant has this code.
    UnknownPiece(String),
    /// The code names a piece that exists only as a promoted piece (written `+` and the
    /// code of the piece it promoted from).
    PromotedOnlyPiece(String),
    /// A side has no royal piece left: there are no moves.
    GameOver,
    /// The side to move has no piece of this face (on the start square, when one is
    /// given): `piece` is the text's piece, `start` its start square.
    NoSuchPiece {
        piece: String,
        start: Option<String>,
    },
    /// The side has such pieces, but none has a legal move with these steps; `hint` is
    /// the text of the only legal move that differs just in its capture signs (`-` for
    /// `x` or back), if any: code `unreachable` without it, `capture_mark_wrong` (a typo,
    /// not a move) with it.
    Unreachable { hint: Option<String> },
    /// Several pieces could make this move; the start squares of the candidates, in
    /// file-then-rank order. Add one of them after the piece code.
    Ambiguous(Vec<String>),
    /// `=` was given where promotion is compulsory.
    PromotionCompulsory,
    /// `+` or `=` was given for a move that offers no promotion.
    PromotionNotPossible,
    /// Promotion is optional on this move: `+` or `=` must be given.
    PromotionMarkRequired,
}

impl HodgesError {
    /// A stable snake_case code.
    pub fn code(&self) -> &'static str {
        match self {
            HodgesError::Malformed(_) => "malformed",
            HodgesError::UnknownPiece(_) => "unknown_piece",
            HodgesError::PromotedOnlyPiece(_) => "promoted_only_piece",
            HodgesError::GameOver => "game_over",
            HodgesError::NoSuchPiece { .. } => "no_such_piece",
            HodgesError::Unreachable { hint: None } => "unreachable",
            HodgesError::Unreachable { hint: Some(_) } => "capture_mark_wrong",
            HodgesError::Ambiguous(_) => "ambiguous",
            HodgesError::PromotionCompulsory => "promotion_compulsory",
            HodgesError::PromotionNotPossible => "promotion_not_possible",
            HodgesError::PromotionMarkRequired => "promotion_mark_required",
        }
    }
}

impl fmt::Display for HodgesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HodgesError::Malformed(detail) => write!(f, "malformed move text: {detail}"),
            HodgesError::UnknownPiece(code) => write!(f, "unknown piece code `{code}`"),
            HodgesError::PromotedOnlyPiece(code) => write!(
                f,
                "`{code}` exists only as a promoted piece; write `+` and the code of the piece it promoted from"
            ),
            HodgesError::GameOver => {
                write!(f, "the game is over: a side has no royal piece left")
            }
            HodgesError::NoSuchPiece { piece, start: None } => {
                write!(f, "the side to move has no `{piece}` on the board")
            }
            HodgesError::NoSuchPiece {
                piece,
                start: Some(s),
            } => write!(f, "the side to move has no `{piece}` on {s}"),
            HodgesError::Unreachable { hint: None } => {
                write!(f, "no such piece of the side to move can make this move")
            }
            HodgesError::Unreachable { hint: Some(h) } => write!(
                f,
                "no such piece of the side to move can make this move; did you mean `{h}`?"
            ),
            HodgesError::Ambiguous(starts) => write!(
                f,
                "several pieces can make this move; add the start square after the piece code (one of {})",
                starts.join(", ")
            ),
            HodgesError::PromotionCompulsory => write!(f, "promotion is compulsory on this move"),
            HodgesError::PromotionNotPossible => write!(f, "this move offers no promotion"),
            HodgesError::PromotionMarkRequired => write!(
                f,
                "promotion is optional on this move: end the text with `+` (promote) or `=` (decline)"
            ),
        }
    }
}

impl std::error::Error for HodgesError {}

/// One square of a move's text with its sign.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Step {
    /// `x` (a capture happens here) rather than `-`.
    capture: bool,
    /// `!`: the piece ends on its start square (igui or pass); only as the sole step.
    stay: bool,
    /// `*`: a target shot at (ko shogi), written after the step it was shot from.
    shot: bool,
    sq: Square,
}

impl Step {
    /// The piece moves to `sq`, capturing there or not.
    fn to(sq: Square, capture: bool) -> Step {
        Step {
            capture,
            stay: false,
            shot: false,
            sq,
        }
    }

    /// The piece shoots at `sq`.
    fn shot(sq: Square) -> Step {
        Step {
            capture: false,
            stay: false,
            shot: true,
            sq,
        }
    }
}

/// The steps of `mv` as Hodges text shows them, its shots included.
fn steps_of(pos: &Position, rules: &Rules, mv: &Move) -> Vec<Step> {
    let Some(mover) = pos.piece_at(mv.from) else {
        return Vec::new();
    };
    let them = mover.color.opponent();
    let squares = mv.squares();
    let mut steps = if squares.len() == 2 && squares[1] == mv.from {
        vec![Step {
            capture: pos.cell(squares[0]).is_color(them),
            stay: true,
            shot: false,
            sq: squares[0],
        }]
    } else {
        // A line move's captures between its ends, which its machine text leaves out.
        let mut steps: Vec<Step> = implied_captures(pos, rules, mv)
            .into_iter()
            .map(|sq| Step::to(sq, true))
            .collect();
        let mut taken = SquareSet::EMPTY;
        steps.extend(squares.iter().map(|&sq| {
            // A square already captured on is empty when the piece comes back to it.
            let capture = pos.cell(sq).is_color(them) && !taken.contains(sq);
            if capture {
                taken.insert(sq);
            }
            Step::to(sq, capture)
        }));
        // A range capture that removes what it passes (or a friend it ends on) is written
        // as a capture on its final square: `GGx18m` (taikyoku.md §8).
        if let [last] = &mut steps[..] {
            last.capture |= !pos.range_removed(mv, rules).is_empty();
        }
        steps
    };
    let shots = mv.shots();
    if !shots.is_empty() {
        // A shot between the legs follows the leg-1 point (the first listed square).
        let (mid, last) = match mv.shots_from() {
            ShotsFrom::FirstLeg => shots.split_at(1),
            ShotsFrom::Final => shots.split_at(0),
        };
        let at = steps.len().min(1);
        steps.splice(at..at, mid.iter().map(|&t| Step::shot(t)));
        steps.extend(last.iter().map(|&t| Step::shot(t)));
    }
    steps
}

/// The squares of the side to move holding exactly `face`.
fn squares_with_face(pos: &Position, face: FaceId) -> impl Iterator<Item = Square> + '_ {
    pos.occupied(pos.side())
        .iter()
        .filter(move |&sq| pos.cell(sq).face_unchecked() == face)
}

/// The legal moves of the piece on `sq` that start there (not the canonical pass of
/// another piece).
fn moves_from(pos: &Position, rules: &Rules, sq: Square) -> Vec<Move> {
    let mut moves = Vec::new();
    generate_from(pos, rules, sq, &mut moves);
    moves.retain(|m| m.from == sq);
    moves
}

/// The ambiguity between the pieces on `froms`, named in file-then-rank order.
fn ambiguous(shape: Shape, mut froms: Vec<Square>) -> HodgesError {
    froms.sort_by_key(|&s| shape.file_rank_key(s));
    froms.dedup();
    HodgesError::Ambiguous(froms.iter().map(|&s| shape.name(s).to_string()).collect())
}

/// The points a line move (the flag waver's, machine text `from to`, ko.md §4.5) captures
/// before its final point, in the order the piece reaches them; none for any other move.
fn implied_captures(pos: &Position, rules: &Rules, mv: &Move) -> Vec<Square> {
    let lines = pos.piece_at(mv.from).is_some_and(|p| {
        rules.face(p.face).compiled[p.color.index()]
            .kinds
            .contains(Kind::Line)
    });
    match mv.squares() {
        &[to] if lines => {
            let mut caps = pos.displaced(mv, rules);
            caps.retain(|&s| s != to);
            caps
        }
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests;
