//! The perft job (`POST /v1/perft`): its request, the divide rows and the response.

use super::examples;
use super::json::{integer, object_or_null};
use super::played::ListFormat;
use super::rules::{RulesEcho, RulesInput, VariantId};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Count move sequences to a depth.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "tai", "depth": 2, "divide": false}))]
pub struct PerftRequest {
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
    /// Game form: moves played first, each in machine or Hodges notation.
    #[schema(example = json!(["13s13r"]))]
    pub moves: Option<Vec<String>>,
    /// Depth (1 = the number of legal moves), at most the configured limit
    /// (`--perft-max-depth`, 6 by default; 422 `perft_depth_exceeded` above it). An
    /// integer written as one: `2.0`, `2e0` and `-0` are refused (422 `invalid_request`).
    #[schema(example = 2, minimum = 0, maximum = 4294967295_u64, format = Int64)]
    #[serde(deserialize_with = "integer")]
    pub depth: u32,
    /// Also return the count under each first move (under `usi_strings`: one row per USI
    /// string lishogi lists for it).
    #[serde(default)]
    #[schema(example = true)]
    pub divide: bool,
    /// What to count (default `effects`).
    #[serde(default)]
    pub count: PerftCount,
    /// How the divide rows are listed: `objects` (the default), or `text`, each row as
    /// one string `move nodes` (the CLI's `--divide` line).
    #[serde(default)]
    pub format: ListFormat,
}

/// What a perft count counts. `effects`: one per sequence of distinct effects, the moves
/// this service lists (a pass once per position, a route through an empty square as the
/// direct move): HaChu's count, and shogiops' after de-duplication (chu 36 / 1,296 /
/// 48,315 / 1,801,639). `usi_strings`: one per sequence of the USI strings lishogi's rules
/// library shogiops lists (a pass once per piece and empty square it passes through, a lion
/// move once more per empty square a two-step route crosses; chu 36 / 1,296 / 52,599 /
/// 2,134,748); chu only, any other variant is refused with a 422 `count_unavailable`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(example = "effects")]
pub enum PerftCount {
    /// Distinct effects (every variant).
    #[default]
    Effects,
    /// lishogi's USI strings (chu only).
    UsiStrings,
}

/// Leaf count under one first move.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DivideRow {
    /// The first move (under `usi_strings`: one of lishogi's strings for it, written in this
    /// service's notation, so a declined promotion keeps its `=`).
    #[serde(rename = "move")]
    #[schema(example = "13s13r")]
    pub text: String,
    /// Leaf nodes under it.
    #[schema(example = 304)]
    pub nodes: u64,
}

/// A perft count.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PerftResponse {
    /// The rules applied.
    pub rules: RulesEcho,
    /// Depth counted.
    #[schema(example = 2)]
    pub depth: u32,
    /// What was counted (the request's `count`, `effects` by default).
    pub count: PerftCount,
    /// Leaf nodes.
    #[schema(example = 92662)]
    pub nodes: u64,
    /// Per first move, when asked for, ascending by the move's machine text compared byte
    /// by byte (the order of `legal-moves`): objects, or with `format: text` one string
    /// `move nodes` per row.
    pub divide: Option<DivideList>,
}

/// Divide rows in the form the request's `format` asked for.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(untagged)]
#[schema(example = json!([{"move": "18r18q", "nodes": 304}, {"move": "8r8q", "nodes": 304}]))]
pub enum DivideList {
    /// `format: objects`: one object per row.
    #[schema(example = json!([{"move": "18r18q", "nodes": 304}, {"move": "8r8q", "nodes": 304}]))]
    Objects(Vec<DivideRow>),
    /// `format: text`: one string `move nodes` per row.
    #[schema(example = json!(["18r18q 304", "8r8q 304"]))]
    Text(Vec<String>),
}
