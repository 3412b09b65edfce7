//! Human move text in the Hodges/TSA style of the English-language shogi literature
//! (George Hodges, 1976, as extended for tai shogi and chu shogi): `P-8h`, `ORx7c+`,
//! `+KR-10l`, `LNx!7d+`, `LNx12ux11t+`.
//!
//! # Grammar
//!
//! ```text
//! move  = ["+"] CODE [start] steps [mark]
//! steps = ("x!" | "-!") square          one square, the piece ends where it started
//!       | ("-" | "x") square {("-" | "x") square}    one to three squares
//! mark  = "+" | "="
//! ```
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
//! Parsing resolves the text structurally against the legal moves of the position (piece
//! face, start square if given, every step with its capture sign, mark) and returns the
//! unique match; every failure has a stable code (see [`HodgesError::code`]).

use crate::engine::core::moves::{Move, Promo};
use crate::engine::core::piece::FaceId;
use crate::engine::core::piece::{Cell, Piece};
use crate::engine::geometry::{Square, SquareSet};
use crate::engine::movegen::{can_pass_via, generate_from, pass_of, MoveSink, StartFilter};
use crate::engine::notation::{format_move, MAX_MOVE_TEXT};
use crate::engine::position::Position;
use crate::engine::variant::Rules;
use std::collections::HashMap;
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
    /// `x` or back), if any.
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
            HodgesError::Unreachable { .. } => "unreachable",
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
    sq: Square,
}

/// The steps of `mv` as Hodges text shows them.
fn steps_of(pos: &Position, mv: &Move) -> Vec<Step> {
    let Some(mover) = pos.piece_at(mv.from) else {
        return Vec::new();
    };
    let them = mover.color.opponent();
    let squares = mv.squares();
    if squares.len() == 2 && squares[1] == mv.from {
        return vec![Step {
            capture: pos.cell(squares[0]).is_color(them),
            stay: true,
            sq: squares[0],
        }];
    }
    let mut taken = SquareSet::EMPTY;
    squares
        .iter()
        .map(|&sq| {
            // A square already captured on is empty when the piece comes back to it.
            let capture = pos.cell(sq).is_color(them) && !taken.contains(sq);
            if capture {
                taken.insert(sq);
            }
            Step {
                capture,
                stay: false,
                sq,
            }
        })
        .collect()
}

fn write_text(
    rules: &Rules,
    piece: Piece,
    start: Option<Square>,
    steps: &[Step],
    promo: Promo,
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
    out
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
        if mv.from == self.from && mv.squares()[0] == self.first {
            self.moves.push(mv);
        }
    }
}

/// The farthest reach ([`Compiled::start_reach`]) for which the pieces that could be
/// confused with a mover are looked for on the squares around its first square (at most
/// 7 × 7 of them) rather than among all the side's pieces.
///
/// [`Compiled::start_reach`]: crate::engine::movement::Compiled::start_reach
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
        sq: via,
    }] = steps[..]
    else {
        return None;
    };
    Some(
        piece.color == pos.side()
            && squares_with_face(pos, piece.face)
                .any(|sq| sq != mv.from && can_pass_via(pos, rules, sq, via)),
    )
}

/// The Hodges text of the legal move `mv` in `pos` (the position before the move).
///
/// A move that does not start on a piece (not a legal move) is printed in machine text.
pub fn format_hodges(pos: &Position, rules: &Rules, mv: &Move) -> String {
    let Some(piece) = pos.piece_at(mv.from) else {
        return format_move(rules.variant.shape(), mv);
    };
    let steps = steps_of(pos, mv);
    if let Some(needs_start) = pass_needs_start(pos, rules, mv, piece, &steps) {
        return write_text(
            rules,
            piece,
            needs_start.then_some(mv.from),
            &steps,
            mv.promo,
        );
    }
    // Equal steps mean an equal first square: only those moves are collected, and only
    // from the pieces whose movement can start towards it at all.
    let first = mv.squares()[0];
    let geo = &rules.variant.geometry;
    let (first_x, first_y) = geo.xy(first);
    let compiled = &rules.face(piece.face).compiled[piece.color.index()];
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
        sink.moves.iter().any(|m| steps_of(pos, m) == steps)
    };
    // A piece that starts only near its first square is looked for around that square;
    // any other among all the side's pieces.
    let reach = i32::from(compiled.start_reach());
    let ambiguous = piece.color == pos.side()
        && if reach <= NEAR_REACH {
            let shape = rules.variant.shape();
            let same = Cell::of(piece);
            (first_y - reach..=first_y + reach)
                .flat_map(|y| (first_x - reach..=first_x + reach).map(move |x| (x, y)))
                .filter_map(|(x, y)| shape.square(x, y))
                .filter(|&sq| pos.cell(sq) == same)
                .any(confusable)
        } else {
            squares_with_face(pos, piece.face).any(confusable)
        };
    write_text(rules, piece, ambiguous.then_some(mv.from), &steps, mv.promo)
}

/// The Hodges texts of a list of legal moves of `pos` (every legal move, or a subset of
/// them with all the moves they could be confused with): the same texts as
/// [`format_hodges`] gives one by one, with the start square added exactly where another
/// piece of the same face has a move with the same text.
pub fn format_hodges_all(pos: &Position, rules: &Rules, moves: &[Move]) -> Vec<String> {
    let keyed: Vec<(Option<Piece>, Vec<Step>)> = moves
        .iter()
        .map(|m| (pos.piece_at(m.from), steps_of(pos, m)))
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
            if let Some(needs_start) = pass_needs_start(pos, rules, mv, piece, steps) {
                return write_text(
                    rules,
                    piece,
                    needs_start.then_some(mv.from),
                    steps,
                    mv.promo,
                );
            }
            let ambiguous = starts
                .get(&(piece, steps.as_slice()))
                .is_some_and(|&(_, shared)| shared);
            write_text(rules, piece, ambiguous.then_some(mv.from), steps, mv.promo)
        })
        .collect()
}

/// Hodges text split into its parts, not yet checked against a position.
struct Parsed<'a> {
    promoted: bool,
    code: &'a str,
    start: Option<Square>,
    steps: Vec<Step>,
    mark: Option<Promo>,
}

fn malformed(detail: impl Into<String>) -> HodgesError {
    HodgesError::Malformed(detail.into())
}

fn parse_syntax<'a>(rules: &Rules, text: &'a str) -> Result<Parsed<'a>, HodgesError> {
    let shape = rules.variant.shape();
    let t = text.trim();
    if t.is_empty() {
        return Err(malformed("the move text is empty"));
    }
    let b = t.as_bytes();
    let n = b.len();
    let mut i = 0;
    let promoted = b[0] == b'+';
    if promoted {
        i += 1;
    }
    let code_start = i;
    while i < n && b[i].is_ascii_uppercase() {
        i += 1;
    }
    if i == code_start {
        return Err(malformed(
            "expected a piece code in capital letters (`P`, `LN`, `+KR`)",
        ));
    }
    let code = &t[code_start..i];
    // A square: one or two digits and a lowercase rank letter.
    let square = |i: &mut usize| -> Result<Square, HodgesError> {
        let s = *i;
        while *i < n && b[*i].is_ascii_digit() {
            *i += 1;
        }
        if *i < n && b[*i].is_ascii_lowercase() {
            *i += 1;
        }
        let name = &t[s..*i];
        if name.is_empty() {
            return Err(malformed(format!("expected a square at byte {s}")));
        }
        shape
            .parse_square(name)
            .ok_or_else(|| malformed(format!("`{name}` is not a square of this board")))
    };
    let start = if i < n && b[i].is_ascii_digit() {
        Some(square(&mut i)?)
    } else {
        None
    };
    let mut steps = Vec::new();
    while i < n && (b[i] == b'-' || b[i] == b'x') {
        let capture = b[i] == b'x';
        i += 1;
        let stay = i < n && b[i] == b'!';
        if stay {
            i += 1;
        }
        let sq = square(&mut i)?;
        steps.push(Step { capture, stay, sq });
    }
    let mark = match b.get(i) {
        Some(b'+') => Some(Promo::Promote),
        Some(b'=') => Some(Promo::Decline),
        _ => None,
    };
    if mark.is_some() {
        i += 1;
    }
    if i < n {
        let c = t[i..].chars().next().unwrap_or('?');
        return Err(malformed(format!("unexpected `{c}` at byte {i}")));
    }
    if steps.is_empty() {
        return Err(malformed(
            "expected `-` (move) or `x` (capture) and a square after the piece",
        ));
    }
    if steps.len() > 3 {
        return Err(malformed(
            "a move names at most three squares after the piece",
        ));
    }
    if steps.len() > 1 && steps.iter().any(|s| s.stay) {
        return Err(malformed(
            "`x!` (igui) and `-!` (pass) name a single square",
        ));
    }
    Ok(Parsed {
        promoted,
        code,
        start,
        steps,
        mark,
    })
}

/// The piece as the text names it (`+KR`, `S`).
fn text_piece(parsed: &Parsed) -> String {
    let sign = if parsed.promoted { "+" } else { "" };
    format!("{sign}{}", parsed.code)
}

/// The ambiguity between the pieces on `froms`, named in file-then-rank order.
fn ambiguous(shape: crate::engine::geometry::Shape, mut froms: Vec<Square>) -> HodgesError {
    froms.sort_by_key(|&s| shape.file_rank_key(s));
    froms.dedup();
    HodgesError::Ambiguous(froms.iter().map(|&s| shape.name(s).to_string()).collect())
}

/// Parses Hodges text and returns the legal move of `pos` it names.
///
/// Accepted: what [`format_hodges`] prints; the start square also where it is not needed;
/// no `+` where promotion is compulsory; any valid pass text of the position (all passes
/// are one move). Input longer than [`MAX_MOVE_TEXT`] bytes is rejected unread.
///
/// # Errors
/// See [`HodgesError`].
pub fn parse_hodges(pos: &Position, rules: &Rules, text: &str) -> Result<Move, HodgesError> {
    if text.len() > MAX_MOVE_TEXT {
        return Err(malformed(format!(
            "the move text is longer than {MAX_MOVE_TEXT} bytes"
        )));
    }
    let parsed = parse_syntax(rules, text)?;
    let variant = rules.variant;
    let kind = variant
        .kind_by_code(parsed.code)
        .ok_or_else(|| HodgesError::UnknownPiece(parsed.code.to_string()))?;
    if variant.kind(kind).promoted_only {
        return Err(HodgesError::PromotedOnlyPiece(
            variant.kind(kind).code.clone(),
        ));
    }
    if pos.is_terminal() {
        return Err(HodgesError::GameOver);
    }
    let face = Rules::face_of(kind, parsed.promoted);
    let mut starts: Vec<Square> = squares_with_face(pos, face).collect();
    if let Some(s) = parsed.start {
        starts.retain(|&sq| sq == s);
    }
    let shape = variant.shape();
    if starts.is_empty() {
        return Err(HodgesError::NoSuchPiece {
            piece: text_piece(&parsed),
            start: parsed.start.map(|s| shape.name(s).to_string()),
        });
    }
    // A pass names its piece: any of them that can step to the empty square and back.
    if let [Step {
        capture: false,
        stay: true,
        sq: via,
    }] = parsed.steps[..]
    {
        let passers: Vec<Square> = starts
            .iter()
            .copied()
            .filter(|&sq| can_pass_via(pos, rules, sq, via))
            .collect();
        match passers[..] {
            [] => {}
            [from] if parsed.mark.is_none() => {
                return Ok(pass_of(pos, rules, from).expect("the piece can pass"))
            }
            [_] => return Err(HodgesError::PromotionNotPossible),
            _ => return Err(ambiguous(shape, passers)),
        }
    }
    let mut candidates: Vec<Move> = Vec::new();
    let mut near: Vec<Move> = Vec::new();
    for &sq in &starts {
        for m in moves_from(pos, rules, sq) {
            let steps = steps_of(pos, &m);
            if steps == parsed.steps {
                candidates.push(m);
            } else if steps.len() == parsed.steps.len()
                && steps
                    .iter()
                    .zip(&parsed.steps)
                    .all(|(a, b)| a.sq == b.sq && a.stay == b.stay)
            {
                near.push(m);
            }
        }
    }
    if candidates.is_empty() {
        let hint = near.first().copied().filter(|first| {
            near.iter()
                .all(|m| m.from == first.from && m.squares() == first.squares())
        });
        let hint = hint.map(|m| {
            let m = near
                .iter()
                .find(|x| x.promo != Promo::Decline)
                .copied()
                .unwrap_or(m);
            format_hodges(pos, rules, &m)
        });
        return Err(HodgesError::Unreachable { hint });
    }
    let froms: Vec<Square> = candidates.iter().map(|m| m.from).collect();
    if froms.iter().any(|&f| f != froms[0]) {
        return Err(ambiguous(shape, froms));
    }
    let with = |p: Promo| candidates.iter().find(|m| m.promo == p).copied();
    match parsed.mark {
        Some(Promo::Promote) => with(Promo::Promote).ok_or(HodgesError::PromotionNotPossible),
        Some(_) => match (with(Promo::Decline), with(Promo::Promote)) {
            (Some(m), _) => Ok(m),
            (None, Some(_)) => Err(HodgesError::PromotionCompulsory),
            (None, None) => Err(HodgesError::PromotionNotPossible),
        },
        None => match (
            with(Promo::None),
            with(Promo::Promote),
            with(Promo::Decline),
        ) {
            (Some(m), _, _) => Ok(m),
            (None, Some(m), None) => Ok(m),
            (None, Some(_), Some(_)) => Err(HodgesError::PromotionMarkRequired),
            (None, None, Some(m)) => Ok(m),
            (None, None, None) => Err(HodgesError::Unreachable { hint: None }),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::geometry::Color;
    use crate::engine::movegen::legal_moves;
    use crate::engine::notation::parse_valid_position;
    use crate::engine::variant::{tai, RulesRequest};
    use std::collections::HashSet;

    fn rules() -> Rules {
        Rules::default_for(tai())
    }

    /// A position holding `pieces` (square, token; lowercase = White) and both emperors
    /// out of the way (Black's on 25y, White's on 1a).
    fn position(rules: &Rules, pieces: &[(&str, &str)], side: char) -> Position {
        let mut all: Vec<(&str, &str)> = pieces.to_vec();
        all.push(("25y", "E"));
        all.push(("1a", "e"));
        board(rules, &all, side)
    }

    /// A position holding exactly `pieces`.
    fn board(rules: &Rules, pieces: &[(&str, &str)], side: char) -> Position {
        let shape = rules.variant.shape();
        let mut setup = crate::engine::position::Setup {
            board: vec![None; shape.len()],
            side: if side == 'w' {
                Color::White
            } else {
                Color::Black
            },
            extra: Default::default(),
            move_number: 1,
        };
        for &(name, token) in pieces {
            let sq = shape.parse_square(name).expect("square");
            assert!(setup.board[sq.index()].is_none(), "two pieces on {name}");
            setup.board[sq.index()] = Some(
                crate::engine::notation::parse_piece_token(rules.variant, token).expect("token"),
            );
        }
        let text = crate::engine::notation::format_position(rules.variant, &setup);
        parse_valid_position(rules, &text).expect("valid position")
    }

    fn sq(rules: &Rules, name: &str) -> Square {
        rules.variant.shape().parse_square(name).expect("square")
    }

    /// The legal move with these machine squares and mark.
    fn legal(pos: &Position, rules: &Rules, squares: &[&str], promo: Promo) -> Move {
        let from = sq(rules, squares[0]);
        let path: Vec<Square> = squares[1..].iter().map(|s| sq(rules, s)).collect();
        legal_moves(pos, rules)
            .into_iter()
            .find(|m| m.from == from && m.squares() == path && m.promo == promo)
            .unwrap_or_else(|| panic!("{squares:?} {promo:?} is not legal"))
    }

    /// Formats `mv`, checks the text, and parses it back.
    fn check(pos: &Position, rules: &Rules, mv: Move, text: &str) {
        assert_eq!(format_hodges(pos, rules, &mv), text);
        assert_eq!(parse_hodges(pos, rules, text), Ok(mv), "{text}");
    }

    fn err(pos: &Position, rules: &Rules, text: &str) -> &'static str {
        match parse_hodges(pos, rules, text) {
            Ok(m) => panic!("`{text}` parsed as {m:?}"),
            Err(e) => {
                assert!(!e.to_string().is_empty());
                e.code()
            }
        }
    }

    #[test]
    fn pawn_steps() {
        let r = rules();
        let pos = position(&r, &[("12m", "P"), ("11m", "P")], 'b');
        let mv = legal(&pos, &r, &["12m", "12l"], Promo::None);
        check(&pos, &r, mv, "P-12l");
        assert_eq!(parse_hodges(&pos, &r, "P12m-12l"), Ok(mv));
        assert_eq!(parse_hodges(&pos, &r, "  P-12l "), Ok(mv));
        assert_eq!(err(&pos, &r, "P-12k"), "unreachable");
        assert_eq!(err(&pos, &r, "P11m-12l"), "unreachable");
        assert_eq!(err(&pos, &r, "P10m-10l"), "no_such_piece");
        assert_eq!(err(&pos, &r, "P-12l+"), "promotion_not_possible");
        assert_eq!(err(&pos, &r, "P-12l="), "promotion_not_possible");
        // The start position: every pawn's step needs no start square.
        let start = Position::start(&r);
        let mv = legal(&start, &r, &["12s", "12r"], Promo::None);
        check(&start, &r, mv, "P-12r");
    }

    #[test]
    fn capture_with_compulsory_promotion() {
        let r = rules();
        let pos = position(&r, &[("5m", "R"), ("5e", "p")], 'b');
        let mv = legal(&pos, &r, &["5m", "5e"], Promo::Promote);
        check(&pos, &r, mv, "Rx5e+");
        assert_eq!(parse_hodges(&pos, &r, "Rx5e"), Ok(mv));
        assert_eq!(parse_hodges(&pos, &r, "R5mx5e+"), Ok(mv));
        assert_eq!(err(&pos, &r, "Rx5e="), "promotion_compulsory");
        assert_eq!(
            parse_hodges(&pos, &r, "R-5e"),
            Err(HodgesError::Unreachable {
                hint: Some("Rx5e+".into())
            })
        );
        // A move of the promoted rook (a gold under the default table).
        let pos = position(&r, &[("5m", "+R")], 'b');
        let mv = legal(&pos, &r, &["5m", "5l"], Promo::None);
        check(&pos, &r, mv, "+R-5l");
        assert_eq!(err(&pos, &r, "R-5l"), "no_such_piece");
    }

    #[test]
    fn optional_promotion_needs_a_mark() {
        let request = RulesRequest {
            profile: None,
            overrides: vec![("promotion_trigger".into(), "capture_of_promoted".into())],
        };
        let r = Rules::resolve(tai(), &request).unwrap();
        let pos = position(
            &r,
            &[("5m", "R"), ("5e", "p"), ("6m", "B"), ("10i", "+r")],
            'b',
        );
        let up = legal(&pos, &r, &["5m", "5e"], Promo::Promote);
        let down = legal(&pos, &r, &["5m", "5e"], Promo::Decline);
        check(&pos, &r, up, "Rx5e+");
        check(&pos, &r, down, "Rx5e=");
        assert_eq!(err(&pos, &r, "Rx5e"), "promotion_mark_required");
        // Capturing a promoted piece: compulsory again.
        let mv = legal(&pos, &r, &["6m", "10i"], Promo::Promote);
        check(&pos, &r, mv, "Bx10i+");
        assert_eq!(parse_hodges(&pos, &r, "Bx10i"), Ok(mv));
        assert_eq!(err(&pos, &r, "Bx10i="), "promotion_compulsory");
    }

    #[test]
    fn promoted_piece_keeps_its_own_code() {
        let r = rules();
        let pos = position(&r, &[("10m", "+KR"), ("14m", "GD")], 'b');
        let mv = legal(&pos, &r, &["10m", "10l"], Promo::None);
        check(&pos, &r, mv, "+KR-10l");
        // An alias of the code is accepted; a never-promoted great dragon is another face.
        assert_eq!(parse_hodges(&pos, &r, "+KY-10l"), Ok(mv));
        assert_eq!(err(&pos, &r, "GD-10l"), "unreachable");
        let gd = legal(&pos, &r, &["14m", "14l"], Promo::None);
        check(&pos, &r, gd, "GD-14l");
    }

    #[test]
    fn lion_igui_double_capture_and_pass() {
        let r = rules();
        let pos = position(&r, &[("13v", "LN"), ("12u", "p"), ("11t", "g")], 'b');
        let igui = legal(&pos, &r, &["13v", "12u", "13v"], Promo::Promote);
        check(&pos, &r, igui, "LNx!12u+");
        assert_eq!(parse_hodges(&pos, &r, "LNx!12u"), Ok(igui));
        let double = legal(&pos, &r, &["13v", "12u", "11t"], Promo::Promote);
        check(&pos, &r, double, "LNx12ux11t+");
        let on = legal(&pos, &r, &["13v", "12u", "12t"], Promo::Promote);
        check(&pos, &r, on, "LNx12u-12t+");
        let jump = legal(&pos, &r, &["13v", "11t"], Promo::Promote);
        check(&pos, &r, jump, "LNx11t+");
        // The pass: through the lion's first empty neighbour in file-then-rank order
        // (12v: file 12 before 13 and 14, rank v before w), and other spellings of it.
        let pass = Move::new(sq(&r, "13v"), &[sq(&r, "12v"), sq(&r, "13v")], Promo::None);
        assert_eq!(pass_of(&pos, &r, sq(&r, "13v")), Some(pass));
        assert_eq!(format_hodges(&pos, &r, &pass), "LN-!12v");
        assert_eq!(parse_hodges(&pos, &r, "LN-!12v"), Ok(pass));
        assert_eq!(parse_hodges(&pos, &r, "LN-!14u"), Ok(pass));
        assert_eq!(parse_hodges(&pos, &r, "LN13v-!13w"), Ok(pass));
        assert_eq!(err(&pos, &r, "LN-!12v+"), "promotion_not_possible");
        assert_eq!(err(&pos, &r, "LN-!13x"), "unreachable");
        assert_eq!(err(&pos, &r, "LNx!12t"), "unreachable");
        assert_eq!(err(&pos, &r, "LN-!12u"), "unreachable");
        assert_eq!(err(&pos, &r, "LNx!12ux11t"), "malformed");
    }

    #[test]
    fn lion_dog_triple_capture_and_return() {
        let r = rules();
        let pos = position(
            &r,
            &[("13m", "LD"), ("13l", "p"), ("13k", "p"), ("13j", "p")],
            'b',
        );
        let triple = legal(&pos, &r, &["13m", "13l", "13k", "13j"], Promo::Promote);
        check(&pos, &r, triple, "LDx13lx13kx13j+");
        let back = legal(&pos, &r, &["13m", "13l", "13k", "13l"], Promo::Promote);
        check(&pos, &r, back, "LDx13lx13k-13l+");
        let pos = position(&r, &[("13m", "LD"), ("13k", "p")], 'b');
        let leap_back = legal(&pos, &r, &["13m", "13k", "13l"], Promo::Promote);
        check(&pos, &r, leap_back, "LDx13k-13l+");
    }

    #[test]
    fn contagion_is_written_as_promotion() {
        let r = rules();
        let pos = position(&r, &[("5m", "G"), ("5l", "dv")], 'b');
        let mv = legal(&pos, &r, &["5m", "5l"], Promo::Promote);
        check(&pos, &r, mv, "Gx5l+");
        assert_eq!(parse_hodges(&pos, &r, "Gx5l"), Ok(mv));
    }

    #[test]
    fn ambiguous_pieces_need_their_start_square() {
        let r = rules();
        let pos = position(&r, &[("5m", "G"), ("3m", "G")], 'b');
        let a = legal(&pos, &r, &["5m", "4l"], Promo::None);
        let b = legal(&pos, &r, &["3m", "4l"], Promo::None);
        check(&pos, &r, a, "G5m-4l");
        check(&pos, &r, b, "G3m-4l");
        assert_eq!(
            parse_hodges(&pos, &r, "G-4l"),
            Err(HodgesError::Ambiguous(vec!["3m".into(), "5m".into()]))
        );
        // Moves only one of them can make need no start square, but accept one.
        let c = legal(&pos, &r, &["5m", "5l"], Promo::None);
        check(&pos, &r, c, "G-5l");
        assert_eq!(parse_hodges(&pos, &r, "G5m-5l"), Ok(c));
        // White's pieces are written in capitals too.
        let pos = position(&r, &[("5m", "g"), ("3m", "g")], 'w');
        let w = legal(&pos, &r, &["5m", "4n"], Promo::None);
        check(&pos, &r, w, "G5m-4n");
        assert_eq!(err(&pos, &r, "g5m-4n"), "malformed");
        // Two lions capturing the same piece by igui.
        let pos = position(&r, &[("13v", "LN"), ("11v", "LN"), ("12u", "p")], 'b');
        let igui = legal(&pos, &r, &["13v", "12u", "13v"], Promo::Promote);
        check(&pos, &r, igui, "LN13vx!12u+");
        assert_eq!(err(&pos, &r, "LNx!12u+"), "ambiguous");
    }

    #[test]
    fn errors_have_stable_codes() {
        let r = rules();
        let pos = Position::start(&r);
        for text in [
            "",
            "  ",
            "P",
            "P-",
            "P12s",
            "P--12r",
            "P-12r++",
            "P-12r+=",
            "P-26r",
            "P-12z",
            "P-012r",
            "p-12r",
            "-12r",
            "P-12r P",
            "P—12r",
            "LNx!12ux11t",
            "P-12rx12qx12px12o",
        ] {
            assert_eq!(err(&pos, &r, text), "malformed", "`{text}`");
        }
        let long = format!("P-12r{}", " ".repeat(60));
        assert_eq!(err(&pos, &r, &long), "malformed");
        assert_eq!(err(&pos, &r, "ZZ-12r"), "unknown_piece");
        assert_eq!(err(&pos, &r, "FF-12r"), "promoted_only_piece");
        assert_eq!(err(&pos, &r, "+P-12r"), "no_such_piece");
        assert_eq!(err(&pos, &r, "P-12q"), "unreachable");
        let over = board(&r, &[("5m", "G"), ("25y", "E"), ("1a", "p")], 'b');
        assert!(over.is_terminal());
        assert_eq!(err(&over, &r, "G-5l"), "game_over");
        let codes = [
            HodgesError::Malformed(String::new()),
            HodgesError::UnknownPiece(String::new()),
            HodgesError::PromotedOnlyPiece(String::new()),
            HodgesError::GameOver,
            HodgesError::NoSuchPiece {
                piece: String::new(),
                start: None,
            },
            HodgesError::Unreachable { hint: None },
            HodgesError::Ambiguous(Vec::new()),
            HodgesError::PromotionCompulsory,
            HodgesError::PromotionNotPossible,
            HodgesError::PromotionMarkRequired,
        ]
        .map(|e| e.code());
        assert_eq!(codes.len(), codes.iter().collect::<HashSet<_>>().len());
    }

    use crate::engine::test_rng::Rng;

    fn round_trip(pos: &Position, rules: &Rules) -> usize {
        let moves = legal_moves(pos, rules);
        let mut seen = HashSet::new();
        for mv in &moves {
            let text = format_hodges(pos, rules, mv);
            assert!(seen.insert(text.clone()), "`{text}` names two legal moves");
            assert_eq!(parse_hodges(pos, rules, &text), Ok(*mv), "`{text}`");
        }
        moves.len()
    }

    #[test]
    fn every_legal_move_round_trips() {
        let r = rules();
        let start = Position::start(&r);
        assert!(round_trip(&start, &r) > 0);
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut checked = 0;
        for _game in 0..3 {
            let mut pos = start.clone();
            for ply in 0..120 {
                let moves = legal_moves(&pos, &r);
                if moves.is_empty() {
                    break;
                }
                // Prefer captures so that lions, promotions and crowded squares show up.
                let captures: Vec<&Move> =
                    moves.iter().filter(|m| m.promo != Promo::None).collect();
                let mv = if !captures.is_empty() && rng.below(3) != 0 {
                    *captures[rng.below(captures.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                if ply % 10 == 9 {
                    checked += round_trip(&pos, &r);
                }
                pos.play_unchecked(&mv, &r);
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn crowded_random_boards_round_trip() {
        // Many lion-like pieces, duplicates and promoted pieces close together: igui,
        // double and triple captures, passes, contagion and start squares all show up.
        let r = rules();
        let shape = r.variant.shape();
        let lively = [
            "LN", "LD", "SE", "HF", "G", "P", "DV", "DS", "KR", "EB", "WS", "R",
        ];
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let mut checked = 0;
        for _board in 0..6 {
            let mut names: Vec<String> = Vec::new();
            let mut tokens: Vec<String> = Vec::new();
            let mut used = HashSet::new();
            while names.len() < 70 {
                // A 9×9 corner of the board keeps the pieces in contact.
                let (x, y) = (rng.below(9) as i32 + 8, rng.below(9) as i32 + 8);
                let sq = shape.square(x, y).expect("on board");
                let kind = if rng.below(2) == 0 {
                    r.variant
                        .kind_by_code(lively[rng.below(lively.len())])
                        .expect("code")
                } else {
                    rng.below(r.variant.kinds.len()) as u8
                };
                let info = r.variant.kind(kind);
                if info.royal || info.promoted_only || !used.insert(sq) {
                    continue;
                }
                let promoted = rng.below(3) == 0 && r.face(Rules::face_of(kind, true)).exists;
                let mut token = String::new();
                if promoted {
                    token.push('+');
                }
                if rng.below(2) == 0 {
                    token.push_str(&info.code);
                } else {
                    token.push_str(&info.code.to_ascii_lowercase());
                }
                names.push(shape.name(sq).to_string());
                tokens.push(token);
            }
            let pieces: Vec<(&str, &str)> = names
                .iter()
                .zip(&tokens)
                .map(|(n, t)| (n.as_str(), t.as_str()))
                .collect();
            let side = if rng.below(2) == 0 { 'b' } else { 'w' };
            let mut pos = position(&r, &pieces, side);
            for _ply in 0..4 {
                checked += round_trip(&pos, &r);
                let moves = legal_moves(&pos, &r);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len())];
                pos.play_unchecked(&mv, &r);
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
