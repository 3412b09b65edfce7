//! The board-picture job (`POST /v1/board.svg`): its request. The answer is an SVG
//! document, not JSON.

use super::json::object_or_null;
use super::rules::{RulesInput, VariantId};
use serde::Deserialize;
use utoipa::ToSchema;

/// Ask for a picture of a position: bare, or a game whose last move is marked.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "chu", "moves": ["7i7h", "6d6e"]}))]
pub struct BoardPictureRequest {
    /// Variant id (one of `GET /v1/variants`).
    #[schema(value_type = VariantId)]
    pub variant: String,
    /// Rules profile and overrides (they decide, for instance, what a promoted piece is).
    #[serde(default, deserialize_with = "object_or_null")]
    pub rules: Option<RulesInput>,
    /// Bare position text (not together with `start`/`moves`); nothing is marked.
    #[schema(example = "4k7/12/12/12/12/12/12/12/12/12/12/4K7 b - 1", min_length = 1, default = json!(null))]
    pub position: Option<String>,
    /// Game form: start position text (default: the initial setup).
    #[schema(example = "4k7/12/12/12/12/12/12/12/12/12/12/4K7 b - 1", min_length = 1, default = json!(null))]
    pub start: Option<String>,
    /// Game form: moves played so far, each in machine or Hodges notation; the last one
    /// is marked on the picture.
    #[schema(example = json!(["7i7h", "6d6e"]))]
    pub moves: Option<Vec<String>>,
}
