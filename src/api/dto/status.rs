//! The game's status in answers: ongoing or ended (with result and reason), check,
//! repetition.

use super::examples;
use serde::Serialize;
use utoipa::ToSchema;

/// Whether the game goes on.
#[derive(Debug, Clone, Copy, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
#[schema(example = "ongoing")]
pub enum StatusState {
    /// The side to move has a legal move and nothing ended the game.
    Ongoing,
    /// The game is over; `result` and `reason` say how.
    Ended,
}

/// How an ended game came out.
#[derive(Debug, Clone, Copy, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
#[schema(example = "white")]
pub enum StatusResult {
    /// Black won.
    Black,
    /// White won.
    White,
    /// Drawn (`repetition = jcsa` or `lishogi`: a 4th occurrence nobody was obliged to
    /// avoid or lose by; chu `bare_king = true`: two lone royals).
    Draw,
    /// No contest (`repetition = fourfold_no_contest`: a 4th occurrence).
    NoContest,
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
#[schema(example = "checkmate")]
pub enum StatusReason {
    /// A side has no royal piece left: captured, or in tenjiku burned (by an enemy fire
    /// demon's arrival, or on moving next to one).
    RoyalsCaptured,
    /// Ko shogi: a side has no general, no governor, and not both a middle troop and a
    /// banner (ko.md §6), by capture, shot, burn or its own flame.
    CommandersLost,
    /// The side to move is in check and no legal move escapes (tai shogi; chu shogi has
    /// no mate: royals are captured).
    Checkmate,
    /// The side to move has no legal move at all (it loses).
    Stalemate,
    /// A position occurred for the 4th time and nobody was obliged to avoid it, or (in a
    /// replayed game) a side made a move a repetition rule forbade.
    Repetition,
    /// (Replayed game) a side made the move that perpetual check forbade it; under chu's
    /// `repetition = lishogi`, the 4th occurrence of a cycle in which the loser attacked
    /// (gave check or threatened a capture) with every move and the winner did not.
    PerpetualCheck,
    /// (Replayed game) a side made an illegal move; the seeds' rule: it lost.
    IllegalMove,
    /// Chu shogi, `bare_king = true`: the loser has nothing left but one royal while the
    /// winner still has material and could not be bared back at once.
    BareKing,
    /// Chu shogi, `bare_king = true`: each side has nothing left but one royal (a draw).
    LoneKings,
}

/// Whether repetition was judged.
#[derive(Debug, Clone, Copy, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
#[schema(example = "evaluated")]
pub enum RepetitionJudged {
    /// Game form: the whole history is known and the `repetition` option applied.
    Evaluated,
    /// Bare position: no history, so no repetition ruling (the response says so rather
    /// than guessing).
    NotEvaluated,
}

/// The side to move's check: its royals and the opponent moves that would take them all.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"royals": ["1y"], "attacking_moves": ["3w1y+"]}))]
pub struct CheckInfo {
    /// Squares of the side's royal pieces.
    #[schema(example = json!(["1y"]))]
    pub royals: Vec<String>,
    /// The opponent's moves (canonical text) after which the side would have no royal.
    #[schema(example = json!(["3w1y+"]))]
    pub attacking_moves: Vec<String>,
}

/// The game's status: ongoing or ended (with result and reason), check, repetition.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = examples::game_status)]
pub struct GameStatus {
    /// `ongoing` or `ended`.
    pub state: StatusState,
    /// When ended: who won, or draw / no contest.
    pub result: Option<StatusResult>,
    /// When ended: why.
    pub reason: Option<StatusReason>,
    /// `black` or `white`.
    #[schema(example = "black")]
    pub side_to_move: String,
    /// Whether the side to move is in check (its opponent, moving now, could leave it
    /// without a royal).
    #[schema(example = false)]
    pub in_check: bool,
    /// When in check: the royals and the attacking moves.
    pub check: Option<CheckInfo>,
    /// Whether repetition was judged (`not_evaluated` for a bare position).
    pub repetition: RepetitionJudged,
    /// Game form: how many times this position (board, side to move, extra field) has
    /// occurred, this time included.
    #[schema(example = 1)]
    pub occurrences: Option<usize>,
}
