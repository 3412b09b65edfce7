//! The game-end fixtures (`tests/data/game_end.json`): hand-built positions and games,
//! each with the ruling tai.md gives and the reasoning in `why`. Shared by the engine and
//! API tests (each includes this file as a module), so every fixture runs both ways.

use serde::Deserialize;
use std::collections::BTreeMap;

/// One fixture: rules, a start position as placements, the moves, the expected ruling.
#[derive(Debug, Deserialize)]
pub struct Fixture {
    pub name: String,
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

/// Every fixture.
pub fn fixtures() -> Vec<Fixture> {
    let text = include_str!("../data/game_end.json");
    let all: Vec<Fixture> = serde_json::from_str(text).expect("game_end.json parses");
    assert!(all.len() >= 20, "fixtures went missing");
    all
}
