//! The game-end fixtures (`tests/data/game_end.json` for tai shogi,
//! `tests/data/chu_game_end.json` for chu shogi): hand-built positions and games, each with
//! the ruling the rules page gives and the reasoning in `why`. Shared by the engine and API
//! tests (each includes this file as a module), so every fixture runs both ways.

use serde::Deserialize;
use std::collections::BTreeMap;

/// One fixture: rules, a start position as placements, the moves, the expected ruling.
#[derive(Debug, Deserialize)]
pub struct Fixture {
    pub name: String,
    /// The variant (`tai` when absent).
    #[serde(default = "tai")]
    pub variant: String,
    /// How the expectation follows from the rules.
    pub why: String,
    /// Option overrides.
    pub rules: BTreeMap<String, String>,
    /// Pieces (`CODE@SQUARE`, lowercase = White).
    pub placements: String,
    /// Side to move at the start: `b` or `w`.
    pub side: char,
    pub moves: Vec<String>,
    pub expect: Expect,
}

/// The expected ruling: the replay's first illegal move and its reason code, and the
/// final status as the API spells it.
#[derive(Debug, Deserialize)]
pub struct Expect {
    pub first_illegal: Option<usize>,
    #[serde(default)]
    pub illegal_code: Option<String>,
    pub state: String,
    #[serde(default)]
    pub result: Option<String>,
    #[serde(default)]
    pub reason: Option<String>,
    pub in_check: bool,
    /// When given: the royals named in the final check.
    #[serde(default)]
    pub check_royals: Option<Vec<String>>,
    /// When given: the attacking moves named in the final check.
    #[serde(default)]
    pub attacking_moves: Option<Vec<String>>,
}

fn tai() -> String {
    "tai".to_string()
}

/// Every fixture, tai's then chu's.
pub fn fixtures() -> Vec<Fixture> {
    let tai: Vec<Fixture> =
        serde_json::from_str(include_str!("../data/game_end.json")).expect("game_end.json parses");
    let chu: Vec<Fixture> = serde_json::from_str(include_str!("../data/chu_game_end.json"))
        .expect("chu_game_end.json parses");
    assert!(tai.len() >= 20, "tai fixtures went missing");
    assert!(chu.len() >= 14, "chu fixtures went missing");
    assert!(
        chu.iter().all(|f| f.variant == "chu"),
        "chu fixtures say so"
    );
    tai.into_iter().chain(chu).collect()
}
