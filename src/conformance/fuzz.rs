//! `conformance --fuzz N`: random games (seeded, reproducible), spread over every variant
//! and profile in turn, in which the server's legal-move set is compared with this
//! engine's at every ply. The first disagreement stops the run with a minimal reproduction:
//! the variant, the rules, the position text of that ply (a bare position: no history),
//! the moves only one side lists, and a curl command.

use super::check::set_difference;
use super::client::Client;
use crate::engine::game::Game;
use crate::engine::notation::{format_move, format_position_of};
use crate::engine::position::Position;
use crate::engine::variant::{self, Rules, RulesRequest};
use serde_json::{json, Value};
use std::collections::BTreeSet;

/// What a fuzz run came to.
#[derive(Debug, Default)]
pub struct FuzzReport {
    pub games: usize,
    pub plies: usize,
    /// The first disagreement, as a reproduction to print.
    pub disagreement: Option<String>,
    /// A server error that stopped the run.
    pub error: Option<String>,
}

/// splitmix64: a small seeded generator, the same sequence on every platform.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Every (variant, profile) pair, in catalogue order.
fn pairs(only: &[String]) -> Vec<(&'static str, &'static str)> {
    let mut out = Vec::new();
    for id in variant::VARIANT_IDS {
        if !only.is_empty() && !only.iter().any(|o| o == id) {
            continue;
        }
        if let Some(v) = variant::by_id(id) {
            for profile in &v.profiles {
                out.push((v.id, profile.as_str()));
            }
        }
    }
    out
}

/// Plays `games` random games of at most `max_plies` plies each against the server.
pub fn fuzz(
    client: &Client,
    games: usize,
    seed: u64,
    max_plies: usize,
    only: &[String],
) -> FuzzReport {
    let pairs = pairs(only);
    let mut report = FuzzReport::default();
    if pairs.is_empty() {
        return report;
    }
    for g in 0..games {
        let (id, profile) = pairs[g % pairs.len()];
        let Some(v) = variant::by_id(id) else {
            continue;
        };
        let request = RulesRequest {
            profile: Some(profile.to_string()),
            overrides: Vec::new(),
        };
        let Ok(rules) = Rules::resolve(v, &request) else {
            continue;
        };
        let mut rng = Rng(seed ^ (g as u64).wrapping_mul(0xd1b5_4a32_d192_ed03));
        report.games += 1;
        let mut game = Game::new(Position::start(&rules), &rules, false);
        for ply in 0..=max_plies {
            let text = format_position_of(rules.variant, &game.position);
            let local_moves = Game::new(game.position.clone(), &rules, false).legal_moves(&rules);
            let local: BTreeSet<String> = local_moves
                .iter()
                .map(|m| format_move(rules.variant.shape(), m))
                .collect();
            let body = json!({"variant": id, "rules": {"profile": profile}, "position": text});
            let remote = match client.post("/v1/legal-moves", &body) {
                Ok(answer) => remote_set(&answer),
                Err(e) => {
                    report.error = Some(format!(
                        "fuzz game {g} ({id}, {profile}), ply {ply}: {e}\n  repro: {}",
                        client.curl("/v1/legal-moves", &body)
                    ));
                    return report;
                }
            };
            report.plies += 1;
            if remote != local {
                report.disagreement = Some(format!(
                    "fuzz: first disagreement in game {g} (seed {seed}), ply {ply}\n  \
                     variant: {id}\n  rules: {{\"profile\": \"{profile}\"}}\n  \
                     position: {text}\n  legal moves: {}\n  repro: {}",
                    set_difference(&local, &remote)
                        .replace("only expected", "only this engine")
                        .replace("only answered", "only the server"),
                    client.curl("/v1/legal-moves", &body)
                ));
                return report;
            }
            if ply == max_plies || local_moves.is_empty() {
                break;
            }
            let mv = local_moves[rng.below(local_moves.len())];
            match game.judge_legal(&rules, mv) {
                Ok(candidate) => {
                    game.commit(&rules, candidate);
                }
                Err(_) => break,
            }
        }
    }
    report
}

/// The move texts of a legal-moves answer.
fn remote_set(answer: &Value) -> BTreeSet<String> {
    answer["moves"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|m| m["move"].as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}
