//! How a game ends: its result ([`GameResult`]) and the reason ([`EndReason`]), together an
//! [`Ending`]. The vocabulary the rules (legality, status, repetition) and the game share.

use super::color::Color;

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
    /// A side has no general, no governor, and not both a middle troop and a banner (ko
    /// shogi's loss condition, ko.md §6).
    CommandersLost,
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
            EndReason::CommandersLost => "commanders_lost",
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
