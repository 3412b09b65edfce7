//! The board-picture job (`POST /v1/board.svg`, and `GET /v1/board.svg` with the same
//! fields as query parameters, for an `<img src>`): its request. The answer is an SVG
//! document, not JSON.

use super::json::object_or_null;
use super::rules::{RulesInput, VariantId};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

/// Ask for a picture of a position: bare, or a game whose last move is marked.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "chu", "moves": ["7i7h", "6d6e"], "flip": true, "size": 600, "labels": "latin"}))]
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
    /// Drawn as White sees the board: file 1 on the left, the last rank at the top,
    /// White's pieces pointing up.
    #[serde(default)]
    #[schema(example = true)]
    pub flip: bool,
    /// The picture's width in pixels, 100 to 4096 (the height follows; out of range:
    /// 422 `size_out_of_range`). Default: 48 pixels a square.
    #[schema(minimum = 100, maximum = 4096, default = json!(null), example = 600)]
    pub size: Option<u32>,
    /// What the pieces show: `kanji` (their names, drawn as outlines, so that no font
    /// need be installed) or `latin` (their codes, in the viewer's sans-serif font).
    #[serde(default)]
    #[schema(example = "latin")]
    pub labels: PictureLabels,
}

/// What the pieces of a picture show.
#[derive(Debug, Clone, Copy, Default, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
#[schema(example = "kanji")]
pub enum PictureLabels {
    /// The kanji (Japanese characters) of the piece's name, drawn as outlines.
    #[default]
    Kanji,
    /// The piece's code in Latin letters (`N`, `FL`), as position text writes it.
    Latin,
}

/// The fields of [`BoardPictureRequest`] as query parameters (`GET /v1/board.svg`), for a
/// picture in an `<img src>`. Write `+` as `%2B` (in a URL a bare `+` is a space).
#[derive(Debug, Clone, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct BoardPictureQuery {
    /// Variant id (one of `GET /v1/variants`).
    #[param(example = "chu")]
    pub variant: String,
    /// Rules profile and overrides as JSON text, as in the body of the POST form
    /// (`{"profile":"wikipedia"}`).
    pub rules: Option<String>,
    /// Bare position text (not together with `start`/`moves`); nothing is marked.
    #[param(
        example = "4k7/12/12/12/12/12/12/12/12/12/12/4K7 b - 1",
        min_length = 1
    )]
    pub position: Option<String>,
    /// Game form: start position text (default: the initial setup).
    #[param(min_length = 1)]
    pub start: Option<String>,
    /// Game form: the moves played so far, separated by commas (`7i7h,6d6e`); the last one
    /// is marked. A move with a space in it is refused (a `+` not written as `%2B`).
    #[param(example = "7i7h,6d6e")]
    pub moves: Option<String>,
    /// `true`: drawn as White sees the board.
    pub flip: Option<bool>,
    /// Width in pixels, 100 to 4096.
    #[param(minimum = 100, maximum = 4096)]
    pub size: Option<u32>,
    /// `kanji` (default) or `latin`.
    #[param(inline)]
    pub labels: Option<PictureLabels>,
}
