//! A perft disagreement bisected to its first differing move: the server's `divide` (the
//! count under each first move) against this engine's, one depth at a time, down the first
//! move (in this engine's generation order) whose counts differ, until a move only one side
//! lists or a leaf count that differs. What it prints: the path of moves from the case's
//! position, the position where the difference shows, the difference, and a curl command
//! that reproduces the deepest differing request. Bounded: at most the case's depth levels,
//! each server call by the case's and the run's deadlines (see [`super::client`]), this
//! engine's count of a level by the same deadline and by [`NODE_BUDGET`].

use super::check::set_difference;
use super::client::Client;
use super::kit::PerftCase;
use crate::engine::core::moves::Move;
use crate::engine::interrupt::Interrupt;
use crate::engine::notation::{format_move, format_position_of, parse_valid_position};
use crate::engine::perft::{divide, Count};
use crate::engine::variant::{self, Rules, RulesRequest};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};

/// Most nodes this engine visits to count one level of a bisection.
const NODE_BUDGET: u64 = 500_000_000;

/// Bisects `case`, whose count the server answered as `got`: where the bisection ended, in
/// lines (indented, to follow the disagreement), and the curl command of the deepest request
/// whose answer differs from this engine's.
pub fn bisect(client: &Client, case: &PerftCase, got: u64) -> (String, Option<String>) {
    let mut lines = vec!["bisected against this engine's divide:".to_string()];
    let mut repro = None;
    let mut path: Vec<String> = Vec::new();
    match walk(client, case, got, &mut path, &mut repro) {
        Ok(found) | Err(found) => {
            let moves = if path.is_empty() {
                "(none: the case's position)".to_string()
            } else {
                path.join(" ")
            };
            lines.push(format!("path: {moves}"));
            lines.extend(found);
        }
    }
    let text = lines.iter().map(|l| format!("\n  {l}")).collect::<String>();
    (text, repro)
}

/// The descent (`got` the server's count of the case): `Ok` with the lines of the difference found, `Err` with why it stopped
/// before one (a failed call, the deadline, a position that does not read); `path` and
/// `repro` hold the moves and the deepest differing request so far.
fn walk(
    client: &Client,
    case: &PerftCase,
    got: u64,
    path: &mut Vec<String>,
    repro: &mut Option<String>,
) -> Result<Vec<String>, Vec<String>> {
    let stop = |why: String| vec![format!("stopped: {why}")];
    let rules = rules_of(case).map_err(stop)?;
    let mut pos = parse_valid_position(&rules, &case.position)
        .map_err(|_| stop("the case's position does not read here".to_string()))?;
    let shape = rules.variant.shape();
    let path_text = "/v1/perft";
    for depth in (1..=case.depth).rev() {
        let text = if path.is_empty() {
            case.position.clone()
        } else {
            format_position_of(rules.variant, &pos)
        };
        let body = json!({
            "variant": case.variant,
            "rules": {"profile": case.profile},
            "position": text,
            "depth": depth,
            "divide": true,
        });
        let here = format!("position: {text} (depth {depth})");
        let answer = client
            .post(path_text, &body)
            .map_err(|e| vec![here.clone(), format!("stopped: the divide failed: {e}")])?;
        let remote = remote_rows(&answer);
        let deadline = client.case_deadline();
        let local = Interrupt::new(Some(deadline))
            .run(|| divide(&pos, &rules, depth, Count::Effects, NODE_BUDGET))
            .map_err(|_| ())
            .and_then(|r| r.map_err(|_| ()))
            .map_err(|()| {
                vec![
                    here.clone(),
                    format!(
                        "stopped: this engine's divide did not end within the case's deadline \
                         or {NODE_BUDGET} nodes"
                    ),
                ]
            })?;
        let local: Vec<(String, Move, u64)> = local
            .into_iter()
            .map(|(m, n)| (format_move(shape, &m), m, n))
            .collect();
        let ours: BTreeSet<String> = local.iter().map(|r| r.0.clone()).collect();
        let theirs: BTreeSet<String> = remote.keys().cloned().collect();
        if ours != theirs {
            *repro = Some(client.curl(path_text, &body));
            let difference = set_difference(&ours, &theirs)
                .replace("only expected", "only this engine")
                .replace("only answered", "only the server");
            return Ok(vec![here, format!("first moves: {difference}")]);
        }
        let Some((name, mv, n)) = local.iter().find(|(t, _, n)| remote.get(t) != Some(n)) else {
            let total: u64 = remote.values().sum();
            let above = if path.is_empty() && got == total {
                "the kit's count is not this engine's (check the kit: `shogi-arbiter perft`)"
            } else if path.is_empty() {
                "its count without divide differs"
            } else {
                "its count under this move one level up differs"
            };
            return Ok(vec![
                here,
                format!(
                    "the server's divide here agrees with this engine ({total} nodes); {above}"
                ),
            ]);
        };
        *repro = Some(client.curl(path_text, &body));
        let got = remote.get(name).copied().unwrap_or(0);
        path.push(name.clone());
        if depth == 1 {
            return Ok(vec![
                here,
                format!("leaf count under {name}: this engine {n}, the server {got}"),
            ]);
        }
        pos.play_unchecked(mv, &rules);
        if client.run_over() {
            return Err(stop(client.run_over_reason()));
        }
    }
    Err(stop("depth 0: nothing to divide".to_string()))
}

/// The rules of a perft case: its variant under its profile.
fn rules_of(case: &PerftCase) -> Result<Rules, String> {
    let v = variant::by_id(&case.variant)
        .ok_or_else(|| format!("this engine has no variant `{}`", case.variant))?;
    let request = RulesRequest {
        profile: Some(case.profile.clone()),
        overrides: Vec::new(),
    };
    Rules::resolve(v, &request).map_err(|e| e.to_string())
}

/// The server's divide rows, move text to count (a repeated move's counts added).
fn remote_rows(answer: &Value) -> BTreeMap<String, u64> {
    let mut rows = BTreeMap::new();
    for row in answer["divide"].as_array().into_iter().flatten() {
        if let Some(text) = row["move"].as_str() {
            *rows.entry(text.to_string()).or_insert(0) += row["nodes"].as_u64().unwrap_or(0);
        }
    }
    rows
}
