//! The legal-moves and adjudication jobs (`POST /v1/legal-moves`, `POST /v1/adjudicate`):
//! their requests and responses.

use super::examples;
use super::json::{object_or_null, PositionText};
use super::move_texts::MoveTexts;
use super::played::{IllegalInfo, ListFormat, MoveInfo, MoveList, UnreadableInfo};
use super::rules::{RulesEcho, RulesInput, VariantId};
use super::status::GameStatus;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Ask for every legal move of the side to move.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "tai", "moves": ["13s13r"]}))]
pub struct LegalMovesRequest {
    /// Variant id (one of `GET /v1/variants`).
    #[schema(value_type = VariantId)]
    pub variant: String,
    /// Rules profile and overrides.
    #[serde(default, deserialize_with = "object_or_null")]
    pub rules: Option<RulesInput>,
    /// Bare position text (not together with `start`/`moves`).
    #[schema(example = examples::hook_mover_mate, min_length = 1, default = json!(null))]
    pub position: Option<String>,
    /// Game form: start position text (default: the initial setup).
    #[schema(example = examples::hook_mover_mate, min_length = 1, default = json!(null))]
    pub start: Option<String>,
    /// Game form: moves played so far, each in machine or Hodges notation. A move that is
    /// illegal is refused with 422 `illegal_move_in_game`, text that names no move with
    /// 422 `unreadable_move_in_game` (both with `index`, `reason` and `submitted`).
    #[schema(value_type = Option<Vec<String>>, example = json!(["13s13r"]))]
    pub moves: Option<MoveTexts>,
    /// How the moves are listed: `objects` (the default), or `text`, their machine texts
    /// alone.
    #[serde(default)]
    pub format: ListFormat,
}

/// Judge one proposed move.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "tai", "moves": ["13s13r"], "move": "13g13h"}))]
pub struct AdjudicateRequest {
    /// Variant id (one of `GET /v1/variants`).
    #[schema(value_type = VariantId)]
    pub variant: String,
    /// Rules profile and overrides.
    #[serde(default, deserialize_with = "object_or_null")]
    pub rules: Option<RulesInput>,
    /// Bare position text (not together with `start`/`moves`).
    #[schema(example = examples::hook_mover_mate, min_length = 1, default = json!(null))]
    pub position: Option<String>,
    /// Game form: start position text (default: the initial setup).
    #[schema(example = examples::hook_mover_mate, min_length = 1, default = json!(null))]
    pub start: Option<String>,
    /// Game form: moves played so far, each in machine or Hodges notation. A move that is
    /// illegal is refused with 422 `illegal_move_in_game`, text that names no move with
    /// 422 `unreadable_move_in_game` (both with `index`, `reason` and `submitted`).
    #[schema(value_type = Option<Vec<String>>, example = json!(["13s13r"]))]
    pub moves: Option<MoveTexts>,
    /// The proposed move, in machine notation (any equivalent spelling) or Hodges notation
    /// (read as Hodges text when it begins with a capital letter, or `+` and one).
    #[serde(rename = "move")]
    #[schema(example = "13g13h")]
    pub proposed: String,
}

/// Every legal move of the side to move.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LegalMovesResponse {
    /// The rules applied.
    pub rules: RulesEcho,
    /// The position the moves are for.
    #[schema(value_type = String, example = examples::hook_mover_mate)]
    pub position: PositionText,
    /// `black` or `white`.
    #[schema(example = "white")]
    pub side_to_move: String,
    /// Number of legal moves.
    #[schema(example = 304)]
    pub count: usize,
    /// The moves, ascending by machine text compared byte by byte (as jq's `sort` orders
    /// strings; perft's `divide` lists first moves in the same order): objects, or with
    /// `format: text` machine texts alone. None once the game has ended; in the game form,
    /// none that a repetition rule forbids.
    pub moves: MoveList,
    /// The game's status in this position.
    pub status: GameStatus,
}

/// The verdict on one proposed move: legal with `move` and `position_after`, or refused
/// with one of `illegal` and `unreadable` (the others null).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = examples::legal_verdict)]
pub struct AdjudicateResponse {
    /// The rules applied.
    pub rules: RulesEcho,
    /// Whether the move is legal (`false` both for a rule breach, `illegal`, and for text
    /// that names no move, `unreadable`).
    #[schema(example = true)]
    pub legal: bool,
    /// When the move breaks a rule: why, and the ruling that an illegal move loses.
    pub illegal: Option<IllegalInfo>,
    /// When the text names no move (a notation problem, no ruling: ask the player again):
    /// why, and what to send instead.
    pub unreadable: Option<UnreadableInfo>,
    /// When legal: the move in both notations with its effects.
    #[serde(rename = "move")]
    pub played: Option<MoveInfo>,
    /// When legal: the position after the move.
    #[schema(value_type = Option<String>, example = examples::hook_mover_mated)]
    pub position_after: Option<PositionText>,
    /// The game's status: after the move when legal (whether the opponent is now in
    /// check, mate, ...), else unchanged by the refused move.
    pub status: GameStatus,
}
