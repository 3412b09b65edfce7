//! Printing Hodges move text: [`format_hodges`] for one legal move, [`format_hodges_all`]
//! for a list of them, with the start square added only where another piece of the same
//! face has a move with the same text, a ko shooter's targets (`*` and the square) after
//! the steps they follow, and a fire demon's burns (`x!` list, `*`) at the end.

use super::{moves_from, squares_with_face, steps_of, Step};
use crate::engine::core::moves::{Move, Promo};
use crate::engine::core::piece::{Cell, Piece};
use crate::engine::core::square::Square;
use crate::engine::movegen::{generate_from, pass_via, MoveSink, PassKind, StartFilter};
use crate::engine::movement::KindSet;
use crate::engine::notation::move_text::format_move;
use crate::engine::position::Position;
use crate::engine::variant::Rules;
use std::collections::HashMap;

/// What a move's arrival does besides its steps (tenjiku.md §9.3): the squares a fire
/// demon burns (`x!` and the list) and the mover's own burn (`*`).
#[derive(Default)]
struct Burns {
    burned: Vec<Square>,
    self_burned: bool,
}

impl Burns {
    fn of(pos: &Position, rules: &Rules, mv: &Move) -> Burns {
        if rules.burn.is_none() {
            return Burns::default();
        }
        Burns {
            burned: pos.burn_victims(mv, rules),
            self_burned: pos.self_burned(mv, rules),
        }
    }
}

/// The tails of a move's Hodges text for its burns, as [`Burns`] says.
pub(super) fn burn_tail(rules: &Rules, burned: &[Square], self_burned: bool) -> String {
    let shape = rules.variant.shape();
    let mut out = String::new();
    if !burned.is_empty() {
        out.push_str("x!");
        let names: Vec<String> = burned.iter().map(|&s| shape.name(s).to_string()).collect();
        out.push_str(&names.join(","));
    }
    if self_burned {
        out.push('*');
    }
    out
}

fn write_text(
    rules: &Rules,
    piece: Piece,
    start: Option<Square>,
    steps: &[Step],
    promo: Promo,
    burns: &Burns,
) -> String {
    let shape = rules.variant.shape();
    let mut out = String::with_capacity(16);
    if piece.promoted() {
        out.push('+');
    }
    out.push_str(&rules.variant.kind(piece.kind()).code);
    if let Some(s) = start {
        out.push_str(&shape.name(s).to_string());
    }
    for step in steps {
        if step.shot {
            out.push('*');
            out.push_str(&shape.name(step.sq).to_string());
            continue;
        }
        out.push(if step.capture { 'x' } else { '-' });
        if step.stay {
            out.push('!');
        }
        out.push_str(&shape.name(step.sq).to_string());
    }
    match promo {
        Promo::None => {}
        Promo::Promote => out.push('+'),
        Promo::Decline => out.push('='),
    }
    out.push_str(&burn_tail(rules, &burns.burned, burns.self_burned));
    out
}

/// Collects the moves that start on `from` (not the canonical pass of another piece)
/// and whose first square after it is `first`.
struct FirstSquare {
    from: Square,
    first: Square,
    moves: Vec<Move>,
}

impl MoveSink for FirstSquare {
    #[inline]
    fn push(&mut self, mv: Move) {
        if mv.from == self.from && mv.squares().first() == Some(&self.first) {
            self.moves.push(mv);
        }
    }
}

/// The farthest reach ([`Compiled::start_reach`]) for which the pieces that could be
/// confused with a mover are looked for on the squares around its first square (at most
/// 7 × 7 of them) rather than among all the side's pieces.
///
/// [`Compiled::start_reach`]: crate::engine::movegen::StartFilter::start_reach
const NEAR_REACH: i32 = 3;

/// For a pass (`steps` is `-!` and a square), whether its text needs the start square:
/// whether another piece of the same face could pass through the same square (a pass
/// names its piece). `None` for any other move.
fn pass_needs_start(
    pos: &Position,
    rules: &Rules,
    mv: &Move,
    piece: Piece,
    steps: &[Step],
) -> Option<bool> {
    let [Step {
        capture: false,
        stay: true,
        shot: false,
        sq: via,
    }] = steps[..]
    else {
        return None;
    };
    // Another piece of the same face passing through `via` makes the text name its start,
    // unless both passes are the position's one pass (route rules, ko.md §5).
    let own = pass_via(pos, rules, mv.from, via) != Some(PassKind::Shared);
    Some(
        piece.color == pos.side()
            && squares_with_face(pos, piece.face).any(|sq| {
                sq != mv.from
                    && pass_via(pos, rules, sq, via).is_some_and(|k| own || k == PassKind::Own)
            }),
    )
}

/// The Hodges text of the legal move `mv` in `pos` (the position before the move).
///
/// A move that does not start on a piece (not a legal move) is printed in machine text.
pub fn format_hodges(pos: &Position, rules: &Rules, mv: &Move) -> String {
    let Some(piece) = pos.piece_at(mv.from) else {
        return format_move(rules.variant.shape(), mv);
    };
    let steps = steps_of(pos, rules, mv);
    let burns = Burns::of(pos, rules, mv);
    if let Some(needs_start) = pass_needs_start(pos, rules, mv, piece, &steps) {
        return write_text(
            rules,
            piece,
            needs_start.then_some(mv.from),
            &steps,
            mv.promo,
            &burns,
        );
    }
    let ambiguous = piece.color == pos.side() && confusable(pos, rules, mv, piece, &steps);
    write_text(
        rules,
        piece,
        ambiguous.then_some(mv.from),
        &steps,
        mv.promo,
        &burns,
    )
}

/// Whether another piece of the same face as `piece` (the mover of `mv`, of the side to
/// move) has a legal move whose text without start square is `steps`.
fn confusable(pos: &Position, rules: &Rules, mv: &Move, piece: Piece, steps: &[Step]) -> bool {
    let same_text = |sq: Square| {
        moves_from(pos, rules, sq)
            .iter()
            .any(|m| steps_of(pos, rules, m) == steps)
    };
    // The moves of the route kinds (lines with implied captures, double moves and paths
    // written by effect, shots) are matched on all the moves of the few pieces of the same
    // face.
    let compiled = &rules.face(piece.face).compiled[piece.color.index()];
    let first = match mv.squares().first() {
        Some(&first) if !compiled.kinds.intersects(KindSet::ROUTES) => first,
        _ => {
            return squares_with_face(pos, piece.face)
                .filter(|&sq| sq != mv.from)
                .any(same_text)
        }
    };
    // Equal steps mean an equal first square: only those moves are collected, and only
    // from the pieces whose movement can start towards it at all.
    let geo = &rules.variant.geometry;
    let (first_x, first_y) = geo.xy(first);
    let confusable = |sq: Square| {
        let (x, y) = geo.xy(sq);
        if sq == mv.from || !compiled.may_start_towards(first_x - x, first_y - y) {
            return false;
        }
        let mut sink = FirstSquare {
            from: sq,
            first,
            moves: Vec::new(),
        };
        generate_from(pos, rules, sq, &mut sink);
        sink.moves.iter().any(|m| steps_of(pos, rules, m) == steps)
    };
    // A piece that starts only near its first square is looked for around that square;
    // any other among all the side's pieces.
    let reach = i32::from(compiled.start_reach());
    if reach <= NEAR_REACH {
        let shape = rules.variant.shape();
        let same = Cell::of(piece);
        (first_y - reach..=first_y + reach)
            .flat_map(|y| (first_x - reach..=first_x + reach).map(move |x| (x, y)))
            .filter_map(|(x, y)| shape.square(x, y))
            .filter(|&sq| pos.cell(sq) == same)
            .any(confusable)
    } else {
        squares_with_face(pos, piece.face).any(confusable)
    }
}

/// The Hodges texts of a list of legal moves of `pos` (every legal move, or a subset of
/// them with all the moves they could be confused with): the same texts as
/// [`format_hodges`] gives one by one, with the start square added exactly where another
/// piece of the same face has a move with the same text.
pub fn format_hodges_all(pos: &Position, rules: &Rules, moves: &[Move]) -> Vec<String> {
    let keyed: Vec<(Option<Piece>, Vec<Step>)> = moves
        .iter()
        .map(|m| (pos.piece_at(m.from), steps_of(pos, rules, m)))
        .collect();
    // Per text without its start square (piece and steps): the start of the first move
    // written so, and whether moves from another start are too.
    let mut starts: HashMap<(Piece, &[Step]), (Square, bool)> = HashMap::with_capacity(moves.len());
    for (mv, (piece, steps)) in moves.iter().zip(&keyed) {
        if let Some(piece) = *piece {
            starts
                .entry((piece, steps.as_slice()))
                .and_modify(|(first, shared)| *shared |= *first != mv.from)
                .or_insert((mv.from, false));
        }
    }
    moves
        .iter()
        .zip(&keyed)
        .map(|(mv, (piece, steps))| {
            let Some(piece) = *piece else {
                return format_move(rules.variant.shape(), mv);
            };
            let burns = Burns::of(pos, rules, mv);
            if let Some(needs_start) = pass_needs_start(pos, rules, mv, piece, steps) {
                return write_text(
                    rules,
                    piece,
                    needs_start.then_some(mv.from),
                    steps,
                    mv.promo,
                    &burns,
                );
            }
            let ambiguous = starts
                .get(&(piece, steps.as_slice()))
                .is_some_and(|&(_, shared)| shared);
            write_text(
                rules,
                piece,
                ambiguous.then_some(mv.from),
                steps,
                mv.promo,
                &burns,
            )
        })
        .collect()
}
