//! One kit case against the server: the request it makes (perft, adjudication, legal moves,
//! replay) and the comparison of the answer with the case's expectation. Only the fields a
//! case names are compared; a position after a move is compared without its move number
//! (sources count it differently). A case's `lock` (this engine's whole answer, see
//! [`super::lock`]) is compared beside its `expect`: every effect, listed move and status
//! the answer reports. A perft count that differs is explained by the bisection the caller
//! passes (the runner passes its divide bisection).

use super::client::Client;
use super::kit::{JsonCase, PerftCase};
use super::lock::{self, without_number};
use serde_json::{json, Map, Value};
use std::collections::BTreeSet;

/// What one case came to.
#[derive(Debug)]
pub enum Outcome {
    Agree,
    /// The server answered otherwise: what differs, and a curl command that shows it.
    Disagree {
        what: String,
        repro: String,
    },
    /// The server could not answer (a transport failure or an error status).
    Error {
        what: String,
        repro: String,
    },
}

/// Runs a perft line; a count that differs is explained by `bisect`, given the server's
/// count (its lines, and the curl of the deepest differing request when it found one).
pub fn perft(
    client: &Client,
    case: &PerftCase,
    bisect: impl FnOnce(&Client, &PerftCase, u64) -> (String, Option<String>),
) -> Outcome {
    let body = json!({
        "variant": case.variant,
        "rules": {"profile": case.profile},
        "position": case.position,
        "depth": case.depth,
    });
    let path = "/v1/perft";
    match client.post(path, &body) {
        Err(what) => Outcome::Error {
            what: format!("{}: {what}", case.name()),
            repro: client.curl(path, &body),
        },
        Ok(answer) => match answer["nodes"].as_u64() {
            Some(n) if n == case.nodes => Outcome::Agree,
            got => {
                let mut what = format!(
                    "{}: perft {}: expected {}, got {}",
                    case.name(),
                    case.depth,
                    case.nodes,
                    got.map_or("no count".to_string(), |n| n.to_string())
                );
                let mut repro = client.curl(path, &body);
                if let Some(got) = got {
                    let (text, deepest) = bisect(client, case, got);
                    what.push_str(&text);
                    repro = deepest.unwrap_or(repro);
                }
                Outcome::Disagree { what, repro }
            }
        },
    }
}

/// The request fields of a vector or game: variant, rules, and the position (bare, or
/// start and moves when the case has a `moves` list).
fn position_request(case: &Value, variant: &str) -> Map<String, Value> {
    let mut body = Map::new();
    body.insert("variant".into(), json!(variant));
    if let Some(rules) = case.get("rules") {
        body.insert("rules".into(), rules.clone());
    }
    match (case.get("moves"), case.get("position")) {
        (Some(moves), position) => {
            if let Some(p) = position {
                body.insert("start".into(), p.clone());
            }
            body.insert("moves".into(), moves.clone());
        }
        (None, Some(p)) => {
            body.insert("position".into(), p.clone());
        }
        (None, None) => {}
    }
    body
}

/// The request of a rule vector: its path (`job` `adjudicate`, with `move`, or
/// `legal_moves`) and body.
pub fn vector_request(variant: &str, v: &Value) -> (&'static str, Value) {
    let mut body = position_request(v, variant);
    if v["job"] == "adjudicate" {
        body.insert("move".into(), v["move"].clone());
        ("/v1/adjudicate", Value::Object(body))
    } else {
        ("/v1/legal-moves", Value::Object(body))
    }
}

/// The lock of an answer to the request of `path` (see [`super::lock`]).
pub fn lock_of(path: &str, answer: &Value) -> Value {
    match path {
        "/v1/adjudicate" => lock::adjudication(answer),
        "/v1/legal-moves" => lock::legal_moves(answer),
        _ => lock::replay(answer),
    }
}

/// The differences of the answer from the case's lock, when it has one, added to
/// `problems` (a difference already named there is not named twice).
fn lock_problems(problems: &mut Vec<String>, case: &Value, path: &str, answer: &Value) {
    if let Some(want) = case.get("lock") {
        for d in lock::differences(want, &lock_of(path, answer)) {
            if !problems.contains(&d) {
                problems.push(d);
            }
        }
    }
}

/// Runs a rule vector: `job` `adjudicate` (with `move`) or `legal_moves`.
pub fn vector(client: &Client, case: &JsonCase) -> Outcome {
    let v = &case.case;
    let (path, body) = vector_request(&case.variant, v);
    let repro = || client.curl(path, &body);
    let answer = match client.post(path, &body) {
        Ok(a) => a,
        Err(what) => {
            return Outcome::Error {
                what: format!("{}: {what}", v["id"].as_str().unwrap_or("?")),
                repro: repro(),
            }
        }
    };
    let mut problems = vector_problems(path, &v["expect"], &answer);
    if !problems.iter().any(|p| p.starts_with("legal:")) {
        lock_problems(&mut problems, v, path, &answer);
    }
    if problems.is_empty() {
        Outcome::Agree
    } else {
        Outcome::Disagree {
            what: format!(
                "{}: {}",
                v["id"].as_str().unwrap_or("?"),
                problems.join("; ")
            ),
            repro: repro(),
        }
    }
}

/// The differences of an answer to a vector's request (`path`, see [`vector_request`])
/// from the vector's `expect`: only the fields it names.
pub fn vector_problems(path: &str, expect: &Value, answer: &Value) -> Vec<String> {
    if path == "/v1/adjudicate" {
        adjudication_problems(expect, answer)
    } else {
        legal_moves_problems(expect, answer)
    }
}

/// Compares `got` with `want`, noting a difference under `name`.
fn same(problems: &mut Vec<String>, name: &str, want: &Value, got: &Value) {
    if want != got {
        problems.push(format!("{name}: expected {want}, got {got}"));
    }
}

/// The status fields the expectation names (`state`, `result`, `reason`, `in_check`,
/// `check_royals`, `attacking_moves`) against the answer's `status`.
fn status_problems(problems: &mut Vec<String>, want: &Value, status: &Value) {
    for key in ["state", "result", "reason", "in_check"] {
        if let Some(w) = want.get(key) {
            same(problems, &format!("status.{key}"), w, &status[key]);
        }
    }
    let sorted = |v: &Value| -> Value {
        let mut list = lock::strings(v);
        list.sort();
        json!(list)
    };
    if let Some(w) = want.get("check_royals") {
        same(
            problems,
            "status.check.royals",
            &sorted(w),
            &sorted(&status["check"]["royals"]),
        );
    }
    if let Some(w) = want.get("attacking_moves") {
        same(
            problems,
            "status.check.attacking_moves",
            &sorted(w),
            &sorted(&status["check"]["attacking_moves"]),
        );
    }
}

/// The code of a refused move: a rule breach's (`illegal`) or, for text that names no
/// move, its `unreadable` one.
fn refusal_code(verdict: &Value) -> &Value {
    match &verdict["illegal"]["code"] {
        Value::Null => &verdict["unreadable"]["code"],
        code => code,
    }
}

fn adjudication_problems(expect: &Value, answer: &Value) -> Vec<String> {
    let mut p = Vec::new();
    same(&mut p, "legal", &expect["legal"], &answer["legal"]);
    if !p.is_empty() {
        if let Some(code) = refusal_code(answer).as_str() {
            p.push(format!("(refused as {code})"));
        }
        return p;
    }
    let played = &answer["move"];
    if let Some(w) = expect.get("reason") {
        same(&mut p, "reason", w, refusal_code(answer));
    }
    if let Some(w) = expect.get("refused_by").and_then(Value::as_str) {
        refused_by_problems(&mut p, w, refusal_code(answer).as_str().unwrap_or(""));
    }
    effect_problems(&mut p, expect, played);
    if let Some(w) = expect.get("move") {
        same(&mut p, "move", w, &played["move"]);
    }
    if let Some(w) = expect.get("hodges") {
        same(&mut p, "hodges", w, &played["hodges"]);
    }
    if let Some(w) = expect.get("promotion") {
        same(&mut p, "promotion", w, &played["promotion"]);
    }
    if let Some(w) = expect.get("captures") {
        let got: Vec<String> = played["captures"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|c| {
                        format!(
                            "{}:{}",
                            c["square"].as_str().unwrap_or("?"),
                            c["piece"].as_str().unwrap_or("?")
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        same(&mut p, "captures", w, &json!(got));
    }
    let after = answer["position_after"].as_str().unwrap_or("");
    if let Some(w) = expect.get("position_after").and_then(Value::as_str) {
        same(
            &mut p,
            "position_after (without the move number)",
            &json!(without_number(w)),
            &json!(without_number(after)),
        );
    }
    if let Some(w) = expect.get("move_number_after") {
        let number = after.split(' ').nth(3).and_then(|n| n.parse::<u64>().ok());
        same(&mut p, "move number after", w, &json!(number));
    }
    if let Some(w) = expect.get("extra_after") {
        same(
            &mut p,
            "extra field after",
            w,
            &json!(after.split(' ').nth(2).unwrap_or("")),
        );
    }
    if let Some(w) = expect.get("status") {
        status_problems(&mut p, w, &answer["status"]);
    }
    if let Some(w) = expect.get("in_check") {
        same(&mut p, "status.in_check", w, &answer["status"]["in_check"]);
    }
    p
}

/// The codes of the repetition rules' refusals.
const REPETITION_CODES: [&str; 4] = [
    "repetition",
    "perpetual_check",
    "perpetual_attack",
    "pass_cycle",
];

/// `refused_by`: `move_rules` (a rule of the move itself, neither the game being over nor a
/// repetition rule) or `repetition` (a repetition rule).
fn refused_by_problems(p: &mut Vec<String>, want: &str, code: &str) {
    let by_repetition = REPETITION_CODES.contains(&code);
    let agrees = match want {
        "repetition" => by_repetition,
        _ => !by_repetition && code != "game_over",
    };
    if !agrees {
        p.push(format!("refused_by: expected {want}, refused as {code}"));
    }
}

/// A played move's `removed` or `changed` list as `cause square:piece` entries, and the
/// `square:piece` of those marked royal.
fn cause_list(list: &Value) -> (Vec<String>, Vec<String>) {
    let (mut all, mut royal) = (Vec::new(), Vec::new());
    for p in list.as_array().into_iter().flatten() {
        let at = format!(
            "{}:{}",
            p["square"].as_str().unwrap_or("?"),
            p["piece"].as_str().unwrap_or("?")
        );
        all.push(format!("{} {at}", p["cause"].as_str().unwrap_or("?")));
        if p["royal"] == true {
            royal.push(at);
        }
    }
    royal.sort();
    (all, royal)
}

/// The played move's effects the expectation names: `removed` and `changed` (in order),
/// `royals_removed` (as a set), `piece_after`, `passes`.
fn effect_problems(p: &mut Vec<String>, expect: &Value, played: &Value) {
    let (removed, royals) = cause_list(&played["removed"]);
    if let Some(w) = expect.get("removed") {
        same(p, "removed", w, &json!(removed));
    }
    if let Some(w) = expect.get("royals_removed") {
        let mut want = lock::strings(w);
        want.sort();
        same(p, "royals removed", &json!(want), &json!(royals));
    }
    if let Some(w) = expect.get("changed") {
        same(p, "changed", w, &json!(cause_list(&played["changed"]).0));
    }
    if let Some(w) = expect.get("piece_after") {
        same(p, "piece after", w, &played["piece_after"]);
    }
    if let Some(w) = expect.get("passes") {
        same(p, "the move is a pass", w, &json!(played["pass"] == true));
    }
}

/// The listed moves' counts and texts the expectation names: `pass_count`, `pairs_count`
/// (distinct start and final squares of the moves that are not passes), `from_counts` (per
/// start square), `route_counts` (per `START-FINAL`), `listed` and `unlisted` (texts that
/// must be, or must not be, in the list).
fn count_problems(p: &mut Vec<String>, expect: &Value, answer: &Value) {
    let moves: &[Value] = answer["moves"].as_array().map_or(&[], Vec::as_slice);
    let final_square = |m: &Value| m["to"].as_str().unwrap_or("").to_string();
    if let Some(w) = expect.get("pass_count") {
        let got = moves.iter().filter(|m| m["pass"] == true).count();
        same(p, "passes", w, &json!(got));
    }
    if let Some(w) = expect.get("pairs_count") {
        let pairs: BTreeSet<(String, String)> = moves
            .iter()
            .filter(|m| m["pass"] != true)
            .map(|m| {
                (
                    m["from"].as_str().unwrap_or("").to_string(),
                    final_square(m),
                )
            })
            .collect();
        same(p, "start and final pairs", w, &json!(pairs.len()));
    }
    for (sq, w) in expect["from_counts"].as_object().into_iter().flatten() {
        let got = moves.iter().filter(|m| m["from"] == sq.as_str()).count();
        same(p, &format!("moves from {sq}"), w, &json!(got));
    }
    for (route, w) in expect["route_counts"].as_object().into_iter().flatten() {
        let (start, end) = route.split_once('-').unwrap_or((route, ""));
        let got = moves
            .iter()
            .filter(|m| m["from"] == start && final_square(m) == end)
            .count();
        same(p, &format!("moves {route}"), w, &json!(got));
    }
    let texts = move_set(answer, |_| true);
    for text in lock::strings(&expect["listed"]) {
        if !texts.contains(&text) {
            p.push(format!("{text} is not in the list"));
        }
    }
    for text in lock::strings(&expect["unlisted"]) {
        if texts.contains(&text) {
            p.push(format!("{text} is in the list"));
        }
    }
}

/// The set of move texts of `answer["moves"]` that `keep` keeps.
fn move_set(answer: &Value, keep: impl Fn(&Value) -> bool) -> BTreeSet<String> {
    answer["moves"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter(|m| keep(m))
                .filter_map(|m| m["move"].as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// The difference of two move sets in words (`only expected: ...; only answered: ...`).
pub fn set_difference(want: &BTreeSet<String>, got: &BTreeSet<String>) -> String {
    let only = |a: &BTreeSet<String>, b: &BTreeSet<String>| {
        a.difference(b).cloned().collect::<Vec<_>>().join(" ")
    };
    format!(
        "only expected: [{}]; only answered: [{}]",
        only(want, got),
        only(got, want)
    )
}

fn legal_moves_problems(expect: &Value, answer: &Value) -> Vec<String> {
    let mut p = Vec::new();
    if let Some(w) = expect.get("count") {
        same(&mut p, "count", w, &answer["count"]);
    }
    let from = expect["from"].as_str().unwrap_or("");
    let of_piece = |m: &Value| m["from"] == from && m["pass"] != true;
    let want_set = |w: &Value| -> BTreeSet<String> { lock::strings(w).into_iter().collect() };
    if let Some(w) = expect.get("from_moves") {
        let got = move_set(answer, of_piece);
        let want = want_set(w);
        if got != want {
            p.push(format!("moves of {from}: {}", set_difference(&want, &got)));
        }
    }
    if let Some(w) = expect.get("from_captures") {
        let got = move_set(answer, |m| {
            of_piece(m) && m["captures"].as_array().is_some_and(|c| !c.is_empty())
        });
        let want = want_set(w);
        if got != want {
            p.push(format!(
                "captures of {from}: {}",
                set_difference(&want, &got)
            ));
        }
    }
    if let Some(w) = expect.get("pass") {
        let got = !move_set(answer, |m| m["pass"] == true).is_empty();
        same(&mut p, "a pass listed", w, &json!(got));
    }
    if let Some(w) = expect.get("passes_listed") {
        let got: Vec<String> = move_set(answer, |m| m["pass"] == true)
            .into_iter()
            .collect();
        same(&mut p, "passes listed", w, &json!(got));
    }
    count_problems(&mut p, expect, answer);
    if let Some(w) = expect.get("status") {
        status_problems(&mut p, w, &answer["status"]);
    }
    if let Some(w) = expect.get("in_check") {
        same(&mut p, "status.in_check", w, &answer["status"]["in_check"]);
    }
    p
}

/// The body of a game fixture's `/v1/replay` request.
pub fn game_request(variant: &str, g: &Value) -> Value {
    let mut body = Map::new();
    body.insert("variant".into(), json!(variant));
    for key in ["rules", "start"] {
        if let Some(v) = g.get(key) {
            body.insert(key.into(), v.clone());
        }
    }
    body.insert("moves".into(), g["moves"].clone());
    Value::Object(body)
}

/// Runs a game fixture through `/v1/replay`.
pub fn game(client: &Client, case: &JsonCase) -> Outcome {
    let g = &case.case;
    let body = game_request(&case.variant, g);
    let path = "/v1/replay";
    let id = g["id"].as_str().unwrap_or("?");
    let answer = match client.post(path, &body) {
        Ok(a) => a,
        Err(what) => {
            return Outcome::Error {
                what: format!("{id}: {what}"),
                repro: client.curl(path, &body),
            }
        }
    };
    let expect = &g["expect"];
    let mut p = Vec::new();
    let first = &expect["first_illegal"];
    same(&mut p, "first_illegal", first, &answer["first_illegal"]);
    if let (Some(reason), Some(i)) = (expect.get("illegal_reason"), first.as_u64()) {
        let got = refusal_code(&answer["verdicts"][i as usize]);
        same(&mut p, "illegal reason", reason, got);
    }
    if let Some(w) = expect.get("status") {
        status_problems(&mut p, w, &answer["status"]);
    }
    lock_problems(&mut p, g, path, &answer);
    if p.is_empty() {
        Outcome::Agree
    } else {
        Outcome::Disagree {
            what: format!("{id}: {}", p.join("; ")),
            repro: client.curl(path, &body),
        }
    }
}
