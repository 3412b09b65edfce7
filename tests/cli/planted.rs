//! The conformance runner against a server with one planted bug of each kind (issue 30,
//! point 5): a fake server answers every job through the API's own jobs (in process) and
//! changes its JSON answer in one way: burns left out of `removed`, igui moves (a piece
//! capturing next to it without moving, glossed in tai.md) left out of legal-move lists and
//! perft divides, the winner of an ended game swapped, or ko shogi's pieces changed in
//! place left out of `changed`. The runner, narrowed to a few cases
//! with `--case`, must exit 1 and name the disagreement (the burned squares, the missing
//! move, the perft bisection's first differing move with its curl, the status field); the
//! same fake without a bug must pass the same cases, so that each test can fail both ways.

use super::conformance::spawn_fake;
use super::run;
use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::{json, Value};
use shogi_arbiter::api::routes::moves::{adjudicate_job, legal_moves_job};
use shogi_arbiter::api::routes::perft::perft_job;
use shogi_arbiter::api::routes::replay::replay_job;
use shogi_arbiter::config::Limits;

/// No bug: the answers as the service gives them.
const NONE: u8 = 0;
/// Every burn (tenjiku's fire demon) left out of every `removed`.
const DROPPED_BURN: u8 = 1;
/// Every igui move left out of every legal-move list and perft divide (with the counts).
const DROPPED_IGUI: u8 = 2;
/// Black and White swapped as the result of every ended game.
const WRONG_WINNER: u8 = 3;
/// Every piece changed in place (ko shogi) left out of every `changed`.
const DROPPED_CHANGE: u8 = 4;

/// The JSON answer of one of the API's jobs to a JSON body (`None`: refused).
fn job<Q, A, E>(body: &Value, run: fn(&Limits, &Q) -> Result<A, E>) -> Option<Value>
where
    Q: serde::de::DeserializeOwned,
    A: serde::Serialize,
{
    let request: Q = serde_json::from_value(body.clone()).ok()?;
    let answer = run(&Limits::default(), &request).ok()?;
    serde_json::to_value(answer).ok()
}

/// Whether a listed move is an igui: it captures and ends where it started, not a pass.
fn igui(m: &Value) -> bool {
    m["from"] == m["to"]
        && m["pass"] != true
        && m["captures"].as_array().is_some_and(|c| !c.is_empty())
}

/// The igui moves of the position a perft request names.
fn igui_moves(body: &Value) -> Vec<Value> {
    let mut request = json!({"variant": body["variant"]});
    for key in ["rules", "position", "start", "moves"] {
        if !body[key].is_null() {
            request[key] = body[key].clone();
        }
    }
    job(&request, legal_moves_job)
        .and_then(|a| a["moves"].as_array().cloned())
        .unwrap_or_default()
        .into_iter()
        .filter(igui)
        .map(|m| m["move"].clone())
        .collect()
}

/// Every value under `v` (itself included), depth first.
fn visit(v: &mut Value, f: &mut impl FnMut(&mut Value)) {
    f(v);
    match v {
        Value::Array(items) => items.iter_mut().for_each(|i| visit(i, f)),
        Value::Object(map) => map.values_mut().for_each(|i| visit(i, f)),
        _ => {}
    }
}

/// The planted bug `bug` applied to the answer of `path` to `body`.
fn plant(bug: u8, path: &str, body: &Value, answer: &mut Value) {
    match bug {
        DROPPED_BURN => visit(answer, &mut |v| {
            if let Some(removed) = v.get_mut("removed").and_then(Value::as_array_mut) {
                removed.retain(|r| r["cause"] != "burn");
            }
        }),
        DROPPED_CHANGE => visit(answer, &mut |v| {
            if let Some(changed) = v.get_mut("changed").and_then(Value::as_array_mut) {
                changed.clear();
            }
        }),
        DROPPED_IGUI if path == "/v1/legal-moves" => {
            if let Some(moves) = answer["moves"].as_array_mut() {
                moves.retain(|m| !igui(m));
                answer["count"] = json!(moves.len());
            }
        }
        DROPPED_IGUI if path == "/v1/perft" => {
            let dropped = igui_moves(body);
            if let Some(rows) = answer["divide"].as_array_mut() {
                rows.retain(|r| !dropped.contains(&r["move"]));
                let nodes: u64 = rows.iter().filter_map(|r| r["nodes"].as_u64()).sum();
                answer["nodes"] = json!(nodes);
            }
        }
        WRONG_WINNER => visit(answer, &mut |v| {
            if v["state"] == "ended" {
                let swapped = match v["result"].as_str() {
                    Some("black") => "white",
                    Some("white") => "black",
                    _ => return,
                };
                v["result"] = json!(swapped);
            }
        }),
        _ => {}
    }
}

/// Every job the runner calls, answered as the service answers it with bug `BUG` planted
/// (a perft divide is always counted, then left out when it was not asked for).
async fn answer<const BUG: u8>(req: HttpRequest, body: web::Json<Value>) -> HttpResponse {
    let body = body.into_inner();
    let path = req.path().to_string();
    let mut asked = body.clone();
    let answered = match path.as_str() {
        "/v1/adjudicate" => job(&asked, adjudicate_job),
        "/v1/legal-moves" => job(&asked, legal_moves_job),
        "/v1/replay" => job(&asked, replay_job),
        _ => {
            asked["divide"] = json!(true);
            job(&asked, perft_job)
        }
    };
    let Some(mut answer) = answered else {
        return HttpResponse::UnprocessableEntity().finish();
    };
    plant(BUG, &path, &body, &mut answer);
    if path == "/v1/perft" && body["divide"] != true {
        answer["divide"] = Value::Null;
    }
    HttpResponse::Ok().json(answer)
}

/// The routes of a fake with bug `BUG`.
fn routes<const BUG: u8>(app: &mut web::ServiceConfig) {
    for path in [
        "/v1/adjudicate",
        "/v1/legal-moves",
        "/v1/replay",
        "/v1/perft",
    ] {
        app.route(path, web::post().to(answer::<BUG>));
    }
}

/// The runner's report on `cases` against a fake with the bug `planted` plants: it must
/// exit 1; the same cases against a fake without a bug must pass.
fn caught(planted: fn(&mut web::ServiceConfig), cases: &[&str]) -> String {
    let against = |routes: fn(&mut web::ServiceConfig)| {
        let url = spawn_fake(routes);
        let mut args = vec!["conformance", "--against", &url];
        for c in cases {
            args.extend(["--case", c]);
        }
        run(&args, &[])
    };
    let (status, out, err) = against(routes::<NONE>);
    assert!(status.success(), "without the bug:\n{out}\n{err}");
    assert!(
        out.contains(&format!(
            ": the kit: {n} cases, {n} agree",
            n = cases_run(&out)
        )),
        "{out}"
    );
    let (status, out, err) = against(planted);
    assert_eq!(status.code(), Some(1), "with the bug:\n{out}\n{err}");
    out
}

/// How many cases the last line says were run.
fn cases_run(out: &str) -> usize {
    let last = out.lines().last().unwrap_or("");
    let n = last
        .split("the kit: ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(n > 0, "no case run: {out}");
    n
}

/// The `DISAGREE` paragraph of case `id` (its line and its repro line).
fn disagreement<'a>(out: &'a str, id: &str) -> &'a str {
    let start = out
        .find(&format!(": {id}: "))
        .unwrap_or_else(|| panic!("no disagreement on {id}:\n{out}"));
    let line_start = out[..start].rfind('\n').map_or(0, |i| i + 1);
    assert!(
        out[line_start..].starts_with("DISAGREE "),
        "{id} is not a disagreement:\n{out}"
    );
    let end = out[start..]
        .find("\n  repro: curl")
        .map_or(out.len(), |i| start + i);
    &out[line_start..end]
}

/// Asserts that the disagreement on case `id` says `text`.
fn names(out: &str, id: &str, text: &str) {
    let d = disagreement(out, id);
    assert!(d.contains(text), "expected `{text}` in:\n{d}");
}

#[test]
fn a_dropped_burn_is_named_with_its_squares() {
    let fire_demon = "FD-03/wikipedia";
    let game = "tenjiku: last royal burned by an enemy fire demon's active burn";
    let out = caught(routes::<DROPPED_BURN>, &[fire_demon, game]);
    // FD-03 (tenjiku.md §5): the fire demon reaching 5j burns the six pieces around it.
    names(
        &out,
        fire_demon,
        "move 8m5j: removed: missing [burn 4i:s, burn 4k:n, burn 5i:g, burn 5k:b, \
         burn 6i:p, burn 6j:r], not expected []",
    );
    // The game's last move burns White's only royal: the verdict names it.
    names(
        &out,
        game,
        "(8m5j): removed: missing [burn 4i:k (royal)], not expected []",
    );
}

#[test]
fn a_dropped_igui_move_is_named_in_the_list() {
    // tests/data/vectors/chu.json: a lion in a crowd on 7g captures the pawn on 6f and the gold on 7f
    // without moving (igui, chu_lishogi.md §3).
    let case = "chu_lion_crowded_all_moves/moves";
    let out = caught(routes::<DROPPED_IGUI>, &[case]);
    let missing = "moves missing from the list: 7g6f7g: removed [capture 6f:p] | \
                   7g7f7g: removed [capture 7f:g]";
    names(&out, case, missing);
}

#[test]
fn a_wrong_perft_count_is_bisected_to_the_dropped_igui_move() {
    // The lion on 13m can capture the pawn on 13l without moving (and promotes, in the
    // zone): the server without igui counts fewer, and the bisection names the move.
    let case = "tai-wikipedia/tai-lion_igui_double_capture_capture_then_step/2";
    let out = caught(routes::<DROPPED_IGUI>, &[case]);
    let d = disagreement(&out, case);
    assert!(d.contains("perft 2: expected 173, got "), "{d}");
    assert!(d.contains("\n  path: (none: the case's position)\n"), "{d}");
    assert!(
        d.contains("first moves: only this engine: [13m13l13m+]; only the server: []"),
        "{d}"
    );
    let repro = out[out.find(d).expect("the paragraph") + d.len()..]
        .lines()
        .nth(1)
        .expect("a repro line");
    assert!(repro.starts_with("  repro: curl"), "{repro}");
    assert!(repro.contains("\"divide\":true"), "{repro}");
    assert!(repro.contains("\"depth\":2"), "{repro}");
}

#[test]
fn a_wrong_winner_is_named_as_the_status_result() {
    // RJ-05 (tenjiku.md §4): the great general captures White's only king: Black wins. The
    // vector's source states no status, so only the lock can see the swapped winner.
    let vector = "RJ-05/wikipedia";
    let game = "tenjiku: stalemate loses";
    let out = caught(routes::<WRONG_WINNER>, &[vector, game]);
    for id in [vector, game] {
        names(&out, id, "status.result: expected \"black\", got \"white\"");
    }
}

#[test]
fn a_dropped_change_is_named_with_its_cause() {
    // V33-1 (ko.md §4.7): the chariot captures White's only Taoist priest, so White's
    // promoted drum on 12b and banner on 8b revert at the end of the move.
    let out = caught(routes::<DROPPED_CHANGE>, &["V33-1/wikipedia"]);
    let reverted = "changed: missing [reversion 8b:bn, reversion 12b:dr], not expected []";
    names(
        &out,
        "V33-1/wikipedia",
        &format!("move 10j10e=: {reverted}"),
    );
}
