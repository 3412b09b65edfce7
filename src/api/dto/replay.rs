//! The replay job (`POST /v1/replay`): its request, the verdict on each move and the
//! response.

use super::examples;
use super::json::{object_or_null, PositionText};
use super::played::{IllegalInfo, MoveInfo, UnreadableInfo};
use super::rules::{RulesEcho, RulesInput, VariantId};
use super::status::GameStatus;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Replay a whole game: `start` (optional) and `moves`, or a game `record` instead of
/// both. `record` with `start` or `moves` is refused (422 `record_conflict`), and so is
/// a request with neither `moves` nor `record` (422 `missing_moves`).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "tai", "moves": ["13s13r", "13g13h", "13r13q"]}))]
pub struct ReplayRequest {
    /// Variant id (one of `GET /v1/variants`).
    #[schema(value_type = VariantId)]
    pub variant: String,
    /// Rules profile and overrides.
    #[serde(default, deserialize_with = "object_or_null")]
    pub rules: Option<RulesInput>,
    /// Start position text (default: the initial setup).
    #[schema(example = examples::hook_mover_mate, min_length = 1, default = json!(null))]
    pub start: Option<String>,
    /// The moves, each in machine or Hodges notation (required unless `record` is given).
    #[serde(default)]
    #[schema(example = json!(["13s13r", "13g13h", "13r13q"]))]
    pub moves: Option<Vec<String>>,
    /// A game record instead of `start` and `moves`: its start position and moves are
    /// replayed as a move list is.
    #[serde(default, deserialize_with = "object_or_null")]
    pub record: Option<RecordInput>,
    /// Ask for the replayed game back as a record (field `record` of the answer): the
    /// moves judged legal and, when the game ended, how.
    #[serde(default)]
    pub record_format: Option<RecordFormat>,
}

/// A game record format. `kif`: KIF, as lishogi writes chu shogi games, extended to the
/// larger variants (README, "Game records (KIF)").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(example = "kif")]
pub enum RecordFormat {
    Kif,
}

/// A game record sent in.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"format": "kif", "text": "手数----指手---------消費時間--\n   1手目   7八歩兵 （←7九）\n"}))]
pub struct RecordInput {
    /// The record's format.
    pub format: RecordFormat,
    /// The record's text (lines separated by `\n`; `\r\n` is accepted).
    #[schema(example = "手数----指手---------消費時間--\n   1手目   7八歩兵 （←7九）\n")]
    pub text: String,
}

/// A game record sent back.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"format": "kif", "text": "手合割：泰将棋\n先手：\n後手：\n手数----指手---------消費時間--\n   1手目   13十八歩兵 （←13十九）\n"}))]
pub struct RecordOutput {
    /// The record's format.
    pub format: RecordFormat,
    /// The record's text.
    #[schema(
        example = "先手：\n後手：\n手数----指手---------消費時間--\n   1手目   7八歩兵 （←7九）\n"
    )]
    pub text: String,
}

/// The verdict on one move of a replayed game: legal with `move` and `gave_check`, or
/// refused with one of `illegal` and `unreadable` (the others null).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = examples::illegal_replay_verdict)]
pub struct ReplayVerdict {
    /// Index in the move list (0 = first).
    #[schema(example = 0)]
    pub index: usize,
    /// The move as submitted.
    #[schema(example = "13s13r")]
    pub submitted: String,
    /// Whether it was legal (`false` for a rule breach, `illegal`, and for text that
    /// names no move, `unreadable`).
    #[schema(example = true)]
    pub legal: bool,
    /// When legal: the move in both notations with its effects.
    #[serde(rename = "move")]
    pub played: Option<MoveInfo>,
    /// When the move breaks a rule: why, and the ruling that an illegal move loses.
    pub illegal: Option<IllegalInfo>,
    /// When the text names no move (a notation problem, no ruling): why, and a hint.
    pub unreadable: Option<UnreadableInfo>,
    /// When legal: whether the move left the opponent in check.
    #[schema(example = false)]
    pub gave_check: Option<bool>,
    /// For a replayed record: the line (1 = the first) of the move's first line. Absent
    /// for a move list.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = 5)]
    pub line: Option<usize>,
}

/// A replayed game.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReplayResponse {
    /// The rules applied.
    pub rules: RulesEcho,
    /// One verdict per move, up to and including the first illegal or unreadable one.
    #[schema(example = examples::verdicts)]
    pub verdicts: Vec<ReplayVerdict>,
    /// Index of the first illegal move (a rule breach), if the replay stopped at one.
    #[schema(example = json!(null))]
    pub first_illegal: Option<usize>,
    /// Index of the first move whose text names no move, if the replay stopped at one:
    /// the game stops there with no ruling (the status is the game's own).
    #[schema(example = json!(null))]
    pub first_unreadable: Option<usize>,
    /// The position after the last legal move.
    #[schema(value_type = String, example = examples::hook_mover_mated)]
    pub final_position: PositionText,
    /// The game's final status. When the replay stopped at an illegal move, the ruling
    /// that an illegal move loses is applied: ended, won by the other side, reason
    /// `illegal_move` (`perpetual_check` or `repetition` for a move a repetition rule
    /// forbade); a move after the end leaves the earlier ending. When it stopped at text
    /// that names no move, no ruling: the status of the position reached.
    pub status: GameStatus,
    /// The game as a record, when `record_format` asked for one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<RecordOutput>,
}
