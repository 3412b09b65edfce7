//! The replay job (`POST /v1/replay`): its request, the verdict on each move and the
//! response.

use super::examples;
use super::json::{object_or_null, PositionText};
use super::played::{IllegalInfo, MoveInfo};
use super::rules::{RulesEcho, RulesInput, VariantId};
use super::status::GameStatus;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Replay a whole game.
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
    /// The moves, in machine notation.
    #[schema(example = json!(["13s13r", "13g13h", "13r13q"]))]
    pub moves: Vec<String>,
}

/// The verdict on one move of a replayed game.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReplayVerdict {
    /// Index in the move list (0 = first).
    #[schema(example = 0)]
    pub index: usize,
    /// The move as submitted.
    #[schema(example = "13s13r")]
    pub submitted: String,
    /// Whether it was legal.
    #[schema(example = true)]
    pub legal: bool,
    /// When legal: the move in both notations with its effects.
    #[serde(rename = "move")]
    pub played: Option<MoveInfo>,
    /// When illegal: why.
    pub illegal: Option<IllegalInfo>,
    /// When legal: whether the move left the opponent in check.
    #[schema(example = false)]
    pub gave_check: Option<bool>,
}

/// A replayed game.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReplayResponse {
    /// The rules applied.
    pub rules: RulesEcho,
    /// One verdict per move, up to and including the first illegal one.
    #[schema(example = examples::verdicts)]
    pub verdicts: Vec<ReplayVerdict>,
    /// Index of the first illegal move, if any.
    #[schema(example = 1)]
    pub first_illegal: Option<usize>,
    /// The position after the last legal move.
    #[schema(value_type = String, example = examples::hook_mover_mated)]
    pub final_position: PositionText,
    /// The game's final status. When the replay stopped at an illegal move, the ruling
    /// that an illegal move loses is applied: ended, won by the other side, reason
    /// `illegal_move` (`perpetual_check` or `repetition` for a move a repetition rule
    /// forbade); a move after the end leaves the earlier ending.
    pub status: GameStatus,
}
