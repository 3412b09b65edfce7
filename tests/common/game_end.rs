//! The game-end fixtures (`tests/data/game_end/<variant>.json`, one file per variant):
//! hand-built positions and games, each with the ruling its rules page gives and the
//! reasoning in `why`. Shared by the engine and API tests (each includes this file as a
//! module), so every fixture runs both ways; the conformance kit's game files are made from
//! the same files.

use serde::Deserialize;
use shogi_arbiter::engine::variant::VARIANT_IDS;
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

/// The fewest fixtures a variant's file may hold (a file that lost fixtures fails its
/// test).
const LEAST: usize = 20;

/// The fixtures of one variant, from `tests/data/game_end/<variant>.json`, read when the
/// test runs.
pub fn fixtures_of(variant: &str) -> Vec<Fixture> {
    let path = format!(
        "{}/tests/data/game_end/{variant}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let fixtures: Vec<Fixture> =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert!(
        fixtures.len() >= LEAST,
        "{path}: {} fixtures, at least {LEAST} expected",
        fixtures.len()
    );
    for f in &fixtures {
        assert_eq!(
            f.variant, variant,
            "{path}: fixture `{}` names its variant",
            f.name
        );
    }
    fixtures
}

/// That `tested` names every variant the engine plays, in the engine's order: one test,
/// and so one fixture file, per variant.
pub fn assert_every_variant_tested(tested: &[&str]) {
    assert_eq!(tested, VARIANT_IDS, "one game-end test per variant");
}

/// Declares one test per fixture file, named as given, each handing its variant to the
/// check function (`async` under `#[tokio::test]`), so that each file names its own
/// failures; and a test that no variant is left without one.
macro_rules! one_test_per_file {
    (@every $($variant:literal),*) => {
        #[test]
        fn every_variant_has_a_game_end_test() {
            crate::game_end::assert_every_variant_tested(&[$($variant),*]);
        }
    };
    (#[test] $check:ident { $($test:ident: $variant:literal),* $(,)? }) => {
        $(
            #[test]
            fn $test() {
                $check($variant);
            }
        )*
        one_test_per_file!(@every $($variant),*);
    };
    (#[tokio::test] $check:ident { $($test:ident: $variant:literal),* $(,)? }) => {
        $(
            #[tokio::test]
            async fn $test() {
                $check($variant).await;
            }
        )*
        one_test_per_file!(@every $($variant),*);
    };
}
pub(crate) use one_test_per_file;
