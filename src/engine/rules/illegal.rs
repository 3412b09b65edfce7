//! Why a proposed move is illegal: the closed set of reasons ([`IllegalReason`]) with their
//! stable codes and messages, each classed once ([`IllegalReason::is_unreadable`]) as a
//! rule breach (the text names a move the rules forbid: a game server may rule on it) or
//! as text that names no move (a notation problem: the player is asked again), and the reading of a promotion mark against the legal forms
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
    /// Whether the text names no move at all (notation.md "Game records", api.md job 3,
    /// settled 2026-11-28): machine text that is not a move; Hodges text that is not
    /// Hodges text, names an unknown piece code or a promoted-only piece without `+`, a
    /// piece the side to move does not have, several pieces without the start square, an
    /// optional promotion without its mark, or a capture mark that fits no move but fits
    /// one with the marks corrected. Such text is no rule breach and carries no ruling on
    /// who wins. Every other reason is a rule breach (or, for `game_over`, the game that
    /// already ended), on which the ruling that an illegal move loses may be applied.
    pub fn is_unreadable(&self) -> bool {
        match self {
            IllegalReason::Malformed(_) => true,
            IllegalReason::Hodges(e) => match e {
                HodgesError::Malformed(_)
                | HodgesError::UnknownPiece(_)
                | HodgesError::PromotedOnlyPiece(_)
                | HodgesError::NoSuchPiece { .. }
                | HodgesError::Ambiguous(_)
                | HodgesError::PromotionMarkRequired
                | HodgesError::Unreachable { hint: Some(_) } => true,
                HodgesError::GameOver
                | HodgesError::Unreachable { hint: None }
                | HodgesError::PromotionCompulsory
                | HodgesError::PromotionNotPossible => false,
            },
            IllegalReason::GameOver(_)
            | IllegalReason::Repetition(..)
            | IllegalReason::EmptySquare
            | IllegalReason::NotYourPiece
            | IllegalReason::OntoOwnPiece
            | IllegalReason::Unreachable
            | IllegalReason::PathBlocked
            | IllegalReason::InvalidRoute
            | IllegalReason::EmperorProtected
            | IllegalReason::BothRoyalsLost
            | IllegalReason::PromotionCompulsory
            | IllegalReason::PromotionNotPossible
            | IllegalReason::Lion(_)
            | IllegalReason::Frozen
            | IllegalReason::InvalidShot => false,
        }
    }

    /// For text that names no move ([`IllegalReason::is_unreadable`]): what to ask the
    /// player for instead.
    pub fn hint(&self) -> Option<String> {
        let hint = match self {
            IllegalReason::Malformed(_) | IllegalReason::Hodges(HodgesError::Malformed(_)) => {
                "write the move as its squares (`13s13r`, `+` to promote, `=` to decline) or in \
                 Hodges text (`P-13r`, `Rx7c+`)"
                    .to_string()
            }
            IllegalReason::Hodges(HodgesError::UnknownPiece(_)) => {
                "use a piece code of the variant's piece table (`GET /v1/variants/{id}`)"
                    .to_string()
            }
            IllegalReason::Hodges(HodgesError::PromotedOnlyPiece(_)) => {
                "write a promoted piece as `+` and the code of the piece it promoted from"
                    .to_string()
            }
            IllegalReason::Hodges(HodgesError::NoSuchPiece { .. }) => {
                "name a piece the side to move has (and its start square, if given, where it \
                 stands)"
                    .to_string()
            }
            IllegalReason::Hodges(HodgesError::Ambiguous(starts)) => format!(
                "add the start square after the piece code: one of {}",
                starts.join(", ")
            ),
            IllegalReason::Hodges(HodgesError::PromotionMarkRequired) => {
                "end the text with `+` (promote) or `=` (decline)".to_string()
            }
            IllegalReason::Hodges(HodgesError::Unreachable { hint: Some(h) }) => {
                format!("the move with its capture marks corrected is `{h}`")
            }
            _ => return None,
        };
        Some(hint)
    }

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
