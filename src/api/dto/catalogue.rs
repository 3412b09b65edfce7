//! The variant catalogue (`GET /v1/variants`, `GET /v1/variants/{variant}`): the list,
//! and one variant's board, profiles, options with their choices and sources, and pieces.

use super::examples;
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// A variant in the list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct VariantSummary {
    /// Id used in requests.
    #[schema(example = "tai")]
    pub id: String,
    /// Display name.
    #[schema(example = "Tai shogi")]
    pub name: String,
    /// Board width.
    #[schema(example = 25)]
    pub files: u8,
    /// Board height.
    #[schema(example = 25)]
    pub ranks: u8,
}

/// A rule option.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OptionInfo {
    /// Option name.
    #[schema(example = "emperor_capture")]
    pub name: String,
    /// Allowed values.
    #[schema(example = json!(["unprotected", "royals_only", "unrestricted"]))]
    pub values: Vec<String>,
    /// The value under each profile.
    #[schema(example = json!({"japanese": "unprotected", "tsa": "unprotected", "wikipedia": "unprotected"}))]
    pub defaults: BTreeMap<String, String>,
    /// What it decides and the source of each reading.
    #[schema(example = examples::emperor_capture_description)]
    pub description: String,
    /// Each value of `values`, in the same order, with what it means and the sources
    /// that read the rule that way.
    #[schema(example = examples::emperor_capture_choices)]
    pub choices: Vec<ChoiceInfo>,
}

/// One value of a rule option: what it means and who reads the rule that way.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChoiceInfo {
    /// The value, as given in `rules.options`.
    #[schema(example = "royals_only")]
    pub value: String,
    /// What the rule is under this value, in one sentence.
    #[schema(
        example = "Only a royal victim must be unprotected; the emperor takes any other piece it can land on."
    )]
    pub meaning: String,
    /// The texts and programs that read the rule this way: names listed in the
    /// variant's `sources`.
    #[schema(example = json!(["seed 000"]))]
    pub sources: Vec<String>,
}

/// A rule profile: a named choice of a value for every option.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProfileInfo {
    /// Profile name, as given in `rules.profile`.
    #[schema(example = "tsa")]
    pub name: String,
    /// What the profile follows, in one line.
    #[schema(
        example = "The Shogi Association's readings as in Steve Evans' program: lion dog a plain 1-3 range piece, Evans' moves for the turtle-snake, fierce eagle, donkey and others."
    )]
    pub description: String,
}

/// A text or program that an option's value is sourced to.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SourceInfo {
    /// The name used in `options[].choices[].sources`.
    #[schema(example = "Evans")]
    pub name: String,
    /// What it is and where it was read.
    #[schema(
        example = "Steve Evans' Shogi Variants program data (Debian shogivar-data 1.55b: Tai.dat, Tai.rul), whose rule text follows George Hodges and The Shogi Association."
    )]
    pub description: String,
}

/// A piece kind.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PieceInfo {
    /// Canonical code (uppercase; lowercase on the board for White).
    #[schema(example = "LN")]
    pub code: String,
    /// English name.
    #[schema(example = "Lion")]
    pub name: String,
    /// Japanese name.
    #[schema(example = "獅子")]
    pub kanji: String,
    /// Romanised Japanese name.
    #[schema(example = "shishi")]
    pub romaji: String,
    /// Default movement in the project's movement language (`step(orth)`, `slide(diag)`,
    /// `lion`, ...; see the README).
    #[schema(example = "lion")]
    pub movement: String,
    /// What it promotes to under each promotion table (`null` = no promotion).
    #[schema(example = json!({"en": "FF", "ja": "FF"}))]
    pub promotes: BTreeMap<String, Option<String>>,
    /// Whether losing every royal loses the game.
    #[schema(example = false)]
    pub royal: bool,
    /// Whether the kind exists only as a promoted side.
    #[schema(example = false)]
    pub promoted_only: bool,
    /// Other codes accepted on input.
    #[schema(example = json!(["KY"]))]
    pub aliases: Vec<String>,
}

/// Board size.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"files": 25, "ranks": 25}))]
pub struct BoardInfo {
    /// Number of files (numbered from Black's right).
    #[schema(example = 25)]
    pub files: u8,
    /// Number of ranks (lettered from the top).
    #[schema(example = 25)]
    pub ranks: u8,
}

/// Everything about one variant.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct VariantDetail {
    /// Id used in requests.
    #[schema(example = "tai")]
    pub id: String,
    /// Display name.
    #[schema(example = "Tai shogi")]
    pub name: String,
    /// Board size.
    pub board: BoardInfo,
    /// The initial position.
    #[schema(example = examples::tai_start)]
    pub start_position: String,
    /// The profile used when a request names none.
    #[schema(example = "wikipedia")]
    pub default_profile: String,
    /// Every profile name, the default first.
    #[schema(example = json!(["wikipedia", "japanese", "tsa"]))]
    pub profiles: Vec<String>,
    /// Every profile with what it follows, in the order of `profiles`.
    #[schema(example = examples::tai_profiles)]
    pub profile_details: Vec<ProfileInfo>,
    /// Every rule option.
    #[schema(example = examples::emperor_capture_option)]
    pub options: Vec<OptionInfo>,
    /// The texts and programs the options' values are sourced to.
    #[schema(example = examples::sources)]
    pub sources: Vec<SourceInfo>,
    /// Every piece kind.
    #[schema(example = json!([{
        "code": "LN", "name": "Lion", "kanji": "獅子", "romaji": "shishi", "movement": "lion",
        "promotes": {"en": "FF", "ja": "FF"}, "royal": false, "promoted_only": false, "aliases": []
    }]))]
    pub pieces: Vec<PieceInfo>,
}
