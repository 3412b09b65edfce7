//! Why a proposed move is illegal: the closed set of reasons ([`IllegalReason`]) with their
//! stable codes and messages, and the reading of a promotion mark against the legal forms
//! of a move ([`resolve_mark`]), shared by the judging of every variant's moves.

use super::lion_trading::LionBan;
use super::repetition::{rule_name, Ban};
use crate::engine::core::ending::Ending;
use crate::engine::core::moves::{Move, Promo};
use crate::engine::notation::{HodgesError, MoveTextError};
use crate::engine::variant::Repetition;
use std::fmt;

/// Why a proposed move is illegal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    /// The text is not a move (see [`MoveTextError`]).
    Malformed(MoveTextError),
    /// The game has already ended (how: the ending).
    GameOver(Ending),
    /// A repetition rule forbids the move (option `repetition` with its value).
    Repetition(Ban, Repetition),
    /// No piece stands on the start square.
    EmptySquare,
    /// The piece on the start square belongs to the opponent.
    NotYourPiece,
    /// The destination holds a piece of the mover's own side.
    OntoOwnPiece,
    /// The piece cannot go there by any of its movements.
    Unreachable,
    /// The piece could go there on an empty board, but pieces are in the way.
    PathBlocked,
    /// The listed squares are not a route this piece can take.
    InvalidRoute,
    /// The emperor may not capture a protected piece (option `emperor_capture`).
    EmperorProtected,
    /// The mover's last royal would take the last enemy royal and be burned on arrival, so
    /// that both sides lose their last royal (tenjiku shogi, `both_royals_lost = illegal`).
    BothRoyalsLost,
    /// `=` was given where promotion is compulsory.
    PromotionCompulsory,
    /// `+` (or `=`) was given for a move that offers no promotion.
    PromotionNotPossible,
    /// A lion-trading rule forbids the capture (chu shogi).
    Lion(LionBan),
    /// The piece is frozen by an enemy net (ko shogi, ko.md §4.4).
    Frozen,
    /// The move names shots its piece cannot make there (ko shogi, ko.md §4.2).
    InvalidShot,
    /// Hodges text that names no legal move (not Hodges text, no such piece, unreachable,
    /// ambiguous, a promotion mark missing or wrong; see [`HodgesError`]).
    Hodges(HodgesError),
}

impl IllegalReason {
    /// A stable snake_case code.
    pub fn code(&self) -> &'static str {
        match self {
            IllegalReason::Malformed(_) => "malformed",
            IllegalReason::GameOver(_) => "game_over",
            IllegalReason::Repetition(ban, _) => ban.code(),
            IllegalReason::EmptySquare => "empty_square",
            IllegalReason::NotYourPiece => "not_your_piece",
            IllegalReason::OntoOwnPiece => "onto_own_piece",
            IllegalReason::Unreachable => "unreachable",
            IllegalReason::PathBlocked => "path_blocked",
            IllegalReason::InvalidRoute => "invalid_route",
            IllegalReason::EmperorProtected => "emperor_capture_protected",
            IllegalReason::BothRoyalsLost => "both_royals_lost",
            IllegalReason::PromotionCompulsory => "promotion_compulsory",
            IllegalReason::PromotionNotPossible => "promotion_not_possible",
            IllegalReason::Lion(ban) => ban.code(),
            IllegalReason::Frozen => "frozen",
            IllegalReason::InvalidShot => "invalid_shot",
            IllegalReason::Hodges(e) => e.code(),
        }
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::Malformed(e) => write!(f, "malformed move text: {e}"),
            IllegalReason::GameOver(ending) => {
                write!(f, "the game has already ended ({})", ending.reason.code())
            }
            IllegalReason::Repetition(ban, rule) => {
                write!(f, "{ban} (repetition = {})", rule_name(*rule))
            }
            IllegalReason::EmptySquare => write!(f, "there is no piece on the start square"),
            IllegalReason::NotYourPiece => {
                write!(f, "the piece on the start square belongs to the opponent")
            }
            IllegalReason::OntoOwnPiece => {
                write!(f, "the destination holds one of the mover's own pieces")
            }
            IllegalReason::Unreachable => write!(f, "the piece cannot reach that square"),
            IllegalReason::PathBlocked => write!(f, "the path is blocked"),
            IllegalReason::InvalidRoute => {
                write!(f, "the listed squares are not a route this piece can take")
            }
            IllegalReason::EmperorProtected => {
                write!(f, "the emperor may not capture a protected piece")
            }
            IllegalReason::BothRoyalsLost => write!(
                f,
                "both sides would lose their last royal (both_royals_lost = illegal)"
            ),
            IllegalReason::PromotionCompulsory => write!(f, "promotion is compulsory on this move"),
            IllegalReason::PromotionNotPossible => write!(f, "this move offers no promotion"),
            IllegalReason::Lion(ban) => write!(f, "{ban}"),
            IllegalReason::Frozen => write!(f, "the piece is frozen by an enemy net"),
            IllegalReason::InvalidShot => {
                write!(f, "the piece cannot make these shots after this movement")
            }
            IllegalReason::Hodges(e) => write!(f, "{e} (Hodges text)"),
        }
    }
}

/// The legal move a text's promotion mark names among `candidates`, the legal forms of one
/// move: no mark takes the unmarked form, else the declining one, else the promoting one;
/// `+` the promoting form (or the unmarked one where `ignored_plus`); `=` the declining form
/// (or the unmarked one where `lenient_decline`).
///
/// # Errors
/// The mark does not fit: `promotion_not_possible`, `promotion_compulsory`.
pub(super) fn resolve_mark(
    candidates: &[&Move],
    mark: Option<Promo>,
    ignored_plus: bool,
    lenient_decline: bool,
) -> Result<Move, IllegalReason> {
    let has = |p: Promo| candidates.iter().find(|m| m.promo == p).copied();
    match mark {
        None => has(Promo::None)
            .or(has(Promo::Decline))
            .or(has(Promo::Promote))
            .copied()
            .ok_or(IllegalReason::Unreachable),
        Some(Promo::Promote) => has(Promo::Promote)
            .or(has(Promo::None).filter(|_| ignored_plus))
            .copied()
            .ok_or(IllegalReason::PromotionNotPossible),
        Some(_) => match (has(Promo::Decline), has(Promo::Promote)) {
            (Some(m), _) => Ok(*m),
            (None, Some(_)) => Err(IllegalReason::PromotionCompulsory),
            (None, None) => has(Promo::None)
                .filter(|_| lenient_decline)
                .copied()
                .ok_or(IllegalReason::PromotionNotPossible),
        },
    }
}
