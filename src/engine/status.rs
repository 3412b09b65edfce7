//! Check, mate and stalemate as tai.md defines them: a side is in check when its opponent,
//! if it were to move now, has a legal move after which the side has no royal left; mate
//! is check with no legal move that escapes it (in variants where mate ends the game); a
//! side with no legal move at all is stalemated and loses; a side with no royal left has
//! lost at once. Also chu shogi's material endings (option `bare_king`): a bared royal
//! loses, two lone royals draw.

use super::game::Game;
use super::geometry::{Color, Square};
use super::interrupt::stopped;
use super::movegen::{attacked, emperor_may_capture, generate, generate_from};
use super::moves::Move;
use super::position::Position;
use super::variant::Rules;

/// How a finished game came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// This side won.
    Win(Color),
    /// Drawn (`repetition = jcsa`: a repetition nobody was obliged to avoid).
    Draw,
    /// No contest (`repetition = fourfold_no_contest`).
    NoContest,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// A side has no royal left.
    RoyalsCaptured,
    /// The side to move is in check and no legal move escapes.
    Checkmate,
    /// The side to move has no legal move.
    Stalemate,
    /// A position occurred for the 4th time and nobody was obliged to avoid it.
    Repetition,
    /// A side made the move that perpetual check forbade it (illegal, so it lost).
    PerpetualCheck,
    /// A side made an illegal move (the seeds' rule: it lost).
    IllegalMove,
    /// A side has nothing left but one royal and the other still has material
    /// (`bare_king = true`; the baring side won).
    BareKing,
    /// Each side has nothing left but one royal, neither attacked (`bare_king = true`).
    LoneKings,
}

impl EndReason {
    /// A stable snake_case code.
    pub fn code(self) -> &'static str {
        match self {
            EndReason::RoyalsCaptured => "royals_captured",
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Repetition => "repetition",
            EndReason::PerpetualCheck => "perpetual_check",
            EndReason::IllegalMove => "illegal_move",
            EndReason::BareKing => "bare_king",
            EndReason::LoneKings => "lone_kings",
        }
    }
}

/// The end of a game: result and reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    pub result: GameResult,
    pub reason: EndReason,
}

/// How a position stands, without repetition (which needs the game history).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The game goes on; whether the side to move is in check.
    Ongoing { in_check: bool },
    /// A side has no royal left; the other won.
    RoyalsCaptured { winner: Color },
    /// The side to move is in check and no legal move escapes.
    Checkmate { winner: Color },
    /// The side to move has no legal move.
    Stalemate { winner: Color },
    /// A side was bared (`bare_king = true`).
    BareKing { winner: Color },
    /// Two lone royals (`bare_king = true`).
    LoneKings,
}

/// The squares of `side`'s royal pieces.
pub fn royals(pos: &Position, side: Color) -> Vec<Square> {
    pos.royal_squares(side).iter().collect()
}

/// Whether `side` is in check.
pub fn in_check(pos: &Position, rules: &Rules, side: Color) -> bool {
    let them = side.opponent();
    if pos.royal_count(them) == 0 {
        return false;
    }
    match pos.royal_count(side) {
        0 => false,
        1 => pos.royal_squares(side).iter().any(|r| {
            attacked(pos, rules, r, them, &[])
                || pos
                    .emperors(them)
                    .iter()
                    .any(|f| !stopped() && emperor_may_capture(pos, rules, f, r))
        }),
        _ => !checking_moves(pos, rules, side).is_empty(),
    }
}

/// The opponent's moves that would leave `side` without a royal (empty when not in check).
///
/// With two or more royals only a move that captures several pieces can take them all:
/// a lion, linear-lion or lion-dog move, whose captures all lie within three squares of
/// its start. Only such pieces near the first royal are asked for their moves.
pub fn checking_moves(pos: &Position, rules: &Rules, side: Color) -> Vec<Move> {
    let royals = royals(pos, side);
    if royals.len() < 2 {
        return checking_moves_by_definition(pos, rules, side);
    }
    let them = side.opponent();
    let geo = &rules.variant.geometry;
    let reach = MULTI_CAPTURE_REACH;
    let mut near = Vec::new();
    for dy in -reach..=reach {
        for dx in -reach..=reach {
            let Some(from) = geo.offset(royals[0], dx, dy) else {
                continue;
            };
            let cell = pos.cell(from);
            if !cell.is_color(them) {
                continue;
            }
            let c = &rules.face(cell.face_unchecked()).compiled[them.index()];
            if c.lion || c.liondog || c.linelion_all != 0 {
                near.push(from);
            }
        }
    }
    let mut moves = Vec::new();
    if near.is_empty() {
        return moves;
    }
    let flipped = pos.with_side_to_move(them);
    for from in near {
        generate_from(&flipped, rules, from, &mut moves);
    }
    moves.retain(|m| royals.iter().all(|r| m.squares().contains(r)));
    moves
}

/// How far from its start the captures of one move can lie (a lion dog's third square).
const MULTI_CAPTURE_REACH: i32 = 3;

/// [`checking_moves`] by the definition alone: every opponent move, kept when it takes
/// every royal (the reference the fast version is tested against).
pub fn checking_moves_by_definition(pos: &Position, rules: &Rules, side: Color) -> Vec<Move> {
    let royals = royals(pos, side);
    if royals.is_empty() {
        return Vec::new();
    }
    let flipped = pos.with_side_to_move(side.opponent());
    let mut moves = Vec::new();
    generate(&flipped, rules, &mut moves);
    moves.retain(|m| royals.iter().all(|r| m.squares().contains(r)));
    moves
}

/// Every legal move of the side to move that leaves it out of check or takes the
/// opponent's last royal (repetition aside): empty in a mate. Mate detection stops at the
/// first such move; this lists them all.
pub fn escapes(pos: &Position, rules: &Rules) -> Vec<Move> {
    let side = pos.side();
    let mut moves = Vec::new();
    generate(pos, rules, &mut moves);
    moves.retain(|m| {
        if stopped() {
            return false;
        }
        let mut after = pos.clone();
        after.play_unchecked(m, rules);
        leaves_check(&after, rules, side)
    });
    moves
}

/// Whether `side`, having just moved to `after`, is out of check or has taken the
/// opponent's last royal: the test of an escape.
pub fn leaves_check(after: &Position, rules: &Rules, side: Color) -> bool {
    after.royal_count(side.opponent()) == 0 || !in_check(after, rules, side)
}

/// The position's outcome (repetition aside): the status of a game without history
/// that starts here.
pub fn outcome(pos: &Position, rules: &Rules) -> Outcome {
    let status = Game::new(pos.clone(), rules, false).status();
    match status.ending {
        None => Outcome::Ongoing {
            in_check: status.in_check,
        },
        Some(Ending {
            result: GameResult::Win(winner),
            reason,
        }) => match reason {
            EndReason::RoyalsCaptured => Outcome::RoyalsCaptured { winner },
            EndReason::Stalemate => Outcome::Stalemate { winner },
            EndReason::BareKing => Outcome::BareKing { winner },
            _ => Outcome::Checkmate { winner },
        },
        Some(Ending {
            reason: EndReason::LoneKings,
            ..
        }) => Outcome::LoneKings,
        Some(ending) => unreachable!("a position alone cannot end as {ending:?}"),
    }
}

/// Chu shogi's material endings under `bare_king = true` (chu_lishogi.md §6), judged for
/// both sides after every move. A side X is bared when all it has left, not counting its
/// dead pawns and lances (unpromoted, on its last rank), is one royal, and the opponent Y
/// has more than one piece not counting its unpromoted pawns and go-betweens and its dead
/// pieces, has a royal, and no royal of Y is attacked; when Y has exactly two such pieces,
/// X's royal must also not stand next to either (X could bare Y back: nothing is decided
/// yet). Y wins. Two lone royals, neither attacked, draw.
pub fn material_ending(pos: &Position, rules: &Rules) -> Option<Ending> {
    if !rules.bare_king {
        return None;
    }
    let geo = &rules.variant.geometry;
    // Per side: its live pieces (dead ones left out), and those that count for baring.
    let pieces = |color: Color| {
        let (mut live, mut counted) = (Vec::new(), Vec::new());
        for sq in pos.occupied(color).iter() {
            let face = rules.face(pos.cell(sq).face_unchecked());
            if face.last_rank && rules.on_last_rank(color, sq) {
                continue;
            }
            live.push(sq);
            if !face.pawnlike {
                counted.push(sq);
            }
        }
        (live, counted)
    };
    let sides = Color::ALL.map(pieces);
    let lone = |c: Color| sides[c.index()].0.len() == 1 && pos.royal_count(c) == 1;
    let royal_attacked = |victim: Color| {
        pos.royal_squares(victim)
            .iter()
            .any(|r| attacked(pos, rules, r, victim.opponent(), &[]))
    };
    if lone(Color::Black) && lone(Color::White) {
        return (!royal_attacked(Color::Black) && !royal_attacked(Color::White)).then_some(
            Ending {
                result: GameResult::Draw,
                reason: EndReason::LoneKings,
            },
        );
    }
    Color::ALL.into_iter().find_map(|x| {
        let y = x.opponent();
        let counted = &sides[y.index()].1;
        let bare_royal = sides[x.index()].0.first().copied();
        let bared = lone(x)
            && counted.len() > 1
            && pos.royal_count(y) >= 1
            && !royal_attacked(y)
            && (counted.len() != 2
                || bare_royal.is_some_and(|r| counted.iter().all(|&s| geo.distance(r, s) > 1)));
        bared.then_some(Ending {
            result: GameResult::Win(y),
            reason: EndReason::BareKing,
        })
    })
}
