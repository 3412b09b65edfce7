//! Game records over HTTP: `POST /v1/replay` with a KIF `record` instead of `start` and
//! `moves`, `record_format` for the game back as KIF, and the record's errors (a line that
//! is not KIF, an illegal move with its line, conflicting fields, too many moves).

use crate::helpers::{assert_problem, spawn_app, spawn_app_with, Answer, TestApp};
use serde_json::{json, Value};
use shogi_arbiter::config::Limits;

const HEAD: &str = "先手：\n後手：\n手数----指手---------消費時間--\n";

fn record(text: &str) -> Value {
    json!({"format": "kif", "text": text})
}

/// The answer to a replay of `text`, a KIF record of `variant`.
async fn replay_record(app: &TestApp, variant: &str, text: &str) -> Answer {
    app.post(
        "/v1/replay",
        &json!({"variant": variant, "record": record(text)}),
    )
    .await
}

#[tokio::test]
async fn a_chu_record_is_replayed_and_sent_back() {
    let app = spawn_app().await;
    // shogiops' chu test lines (docs/kif.md): a pawn each, then the lion through 7九.
    let text = format!(
        "{HEAD}   1手目   7八歩兵 （←7九）\n   2手目   7五歩兵 （←7四）\n   3手目一歩目 7九獅子 （←7十）\n   3手目二歩目 6八獅子 （←7九）\n"
    );
    let a = app
        .post(
            "/v1/replay",
            &json!({"variant": "chu", "record": record(&text), "record_format": "kif"}),
        )
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    let verdicts = a.body["verdicts"].as_array().unwrap();
    assert_eq!(verdicts.len(), 3);
    assert_eq!(verdicts[0]["submitted"], "7i7h");
    assert_eq!(verdicts[0]["line"], 4);
    assert_eq!(verdicts[2]["submitted"], "7j7i6h");
    assert_eq!(verdicts[2]["line"], 6);
    assert_eq!(verdicts[2]["move"]["move"], "7j6h");
    assert_eq!(a.body["first_illegal"], Value::Null);
    // The record back: lishogi's lines; the lion's jump is one move, written on one line.
    let back = a.body["record"]["text"].as_str().unwrap();
    assert_eq!(a.body["record"]["format"], "kif");
    assert!(back.ends_with("   3手目   6八獅子 （←7十）\n"), "{back}");
    // A move list answer has no record and no lines.
    let plain = app
        .post("/v1/replay", &json!({"variant": "chu", "moves": ["7i7h"]}))
        .await;
    assert_eq!(plain.status, 200);
    assert!(plain.body.get("record").is_none());
    assert!(plain.body["verdicts"][0].get("line").is_none());
}

#[tokio::test]
async fn a_move_list_comes_back_as_a_record_with_its_ending() {
    let app = spawn_app().await;
    let a = app
        .post(
            "/v1/replay",
            &json!({"variant": "tai", "moves": ["13s13r", "13g13h", "13r13p"], "record_format": "kif"}),
        )
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    let text = a.body["record"]["text"].as_str().unwrap();
    // Tai shogi is 泰将棋 (the README's first paragraph; 大局将棋 is taikyoku shogi).
    assert!(text.starts_with("手合割：泰将棋\n"), "{text}");
    assert!(text.contains("   2手目   13八歩兵 （←13七）\n"), "{text}");
    // The third move was illegal: the record stops before it, and the side that made it
    // lost by a foul.
    assert!(
        text.ends_with("   3   反則負け\nまで2手で後手の勝ち\n"),
        "{text}"
    );
    // Sent back in, the record replays to the same position.
    let again = app
        .post(
            "/v1/replay",
            &json!({"variant": "tai", "record": record(text)}),
        )
        .await;
    assert_eq!(again.status, 200, "{again:?}");
    assert_eq!(again.body["verdicts"].as_array().unwrap().len(), 2);
    assert_eq!(again.body["final_position"], a.body["final_position"]);
}

#[tokio::test]
async fn an_illegal_move_in_a_record_is_a_verdict_with_its_line() {
    let app = spawn_app().await;
    let text = format!("{HEAD}   1手目   7八歩兵 （←7九）\n   2手目   7六歩兵 （←7四）\n");
    let a = app
        .post(
            "/v1/replay",
            &json!({"variant": "chu", "record": record(&text)}),
        )
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["first_illegal"], 1);
    let bad = &a.body["verdicts"][1];
    assert_eq!(bad["legal"], false);
    assert_eq!(bad["line"], 5);
    assert_eq!(bad["submitted"], "7d7f");
    assert_eq!(bad["illegal"]["code"], "unreachable");
    assert_eq!(a.body["status"]["reason"], "illegal_move");
}

#[tokio::test]
async fn records_that_cannot_be_read_are_refused_with_their_line() {
    let app = spawn_app().await;
    let garbage = format!("{HEAD}   1手目   7八歩兵 （←7九）\n   2手目   what\n");
    let a = replay_record(&app, "chu", &garbage).await;
    assert_problem(&a, 422, "invalid_record");
    assert_eq!(a.body["line"], 5);
    assert_eq!(a.body["reason"], "kif_syntax");
    let wrong_variant = format!("手合割：中将棋\n{HEAD}");
    let a = replay_record(&app, "tai", &wrong_variant).await;
    assert_problem(&a, 422, "invalid_record");
    assert_eq!(a.body["reason"], "kif_variant_mismatch");
    assert_eq!(a.body["line"], 1);
    // 大局将棋 is taikyoku shogi's name (which this service once wrote on tai's records):
    // a tai record headed with it is a taikyoku record, the wrong game.
    let taikyoku = format!("手合割：大局将棋\n{HEAD}");
    let a = replay_record(&app, "tai", &taikyoku).await;
    assert_problem(&a, 422, "invalid_record");
    assert_eq!(a.body["reason"], "kif_variant_mismatch");
    assert_eq!(a.body["line"], 1);
    let detail = a.body["detail"].as_str().unwrap();
    assert!(detail.contains("`taikyoku`"), "{detail}");
    for body in [
        json!({"variant": "chu", "record": record(HEAD), "moves": []}),
        json!({"variant": "chu", "record": record(HEAD), "start": "12/12/12/12/12/12/12/12/12/12/12/12 b - 1"}),
    ] {
        assert_problem(&app.post("/v1/replay", &body).await, 422, "record_conflict");
    }
    let a = app.post("/v1/replay", &json!({"variant": "chu"})).await;
    assert_problem(&a, 422, "missing_moves");
    let a = app
        .post(
            "/v1/replay",
            &json!({"variant": "chu", "record": {"format": "pgn", "text": ""}}),
        )
        .await;
    assert!(a.status == 400 || a.status == 422, "{a:?}");
}

#[tokio::test]
async fn oversized_records_fail_fast() {
    // A record longer than the move limit stops at the first move over it.
    let app = spawn_app_with(Limits {
        moves_per_game: 3,
        ..Limits::default()
    })
    .await;
    let mut text = HEAD.to_string();
    text.push_str("   1手目   7八歩兵 （←7九）\n   2手目   7五歩兵 （←7四）\n   3手目   6八歩兵 （←6九）\n   4手目   6五歩兵 （←6四）\n");
    let a = app
        .post(
            "/v1/replay",
            &json!({"variant": "chu", "record": record(&text)}),
        )
        .await;
    assert_problem(&a, 422, "too_many_moves");
    assert_eq!(a.body["line"], 7);
    // A body over the body limit is refused before it is read.
    let app = spawn_app().await;
    let huge = "   1手目   7八歩兵 （←7九）\n".repeat(60_000);
    let started = std::time::Instant::now();
    let a = app
        .post(
            "/v1/replay",
            &json!({"variant": "chu", "record": record(&huge)}),
        )
        .await;
    assert_eq!(a.status, 413, "{a:?}");
    assert!(started.elapsed().as_secs() < 5);
    // A line longer than any KIF line.
    let long = format!("{HEAD}   1手目   7八歩兵 （←7九）{}\n", " ".repeat(2000));
    let a = app
        .post(
            "/v1/replay",
            &json!({"variant": "chu", "record": record(&long)}),
        )
        .await;
    assert_problem(&a, 422, "invalid_record");
    assert_eq!(a.body["reason"], "kif_line_too_long");
}

/// A record's move is held to the limit of every move text (64 bytes in machine text,
/// README "Configuration and limits"), as a move list's is: a ko shogi move of thousands of
/// shot lines is refused at its first line, its text never written whole.
#[tokio::test]
async fn a_record_move_is_held_to_the_move_text_limit() {
    let app = spawn_app().await;
    // README's ko example: a longbow steps to 9l and shoots White's pawn on 9i.
    let start = "9,g,9/19/19/19/19/19/19/19/10,p,8/19/19/19/9,LB,9/19/19/19/19/19/9,G,9 b - 1";
    let a = app
        .post(
            "/v1/replay",
            &json!({"variant": "ko", "start": start, "moves": ["10m9l*9i"], "record_format": "kif"}),
        )
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    let text = a.body["record"]["text"].as_str().unwrap().to_string();
    let shot = text
        .lines()
        .find(|l| l.contains("射撃"))
        .unwrap_or_else(|| panic!("a shot line in {text}"))
        .to_string();
    let first_move_line = text.lines().position(|l| l.contains("1手目")).unwrap() + 1;
    let moves_end = text.find(&shot).unwrap() + shot.len() + 1;
    let again = app
        .post(
            "/v1/replay",
            &json!({"variant": "ko", "record": record(&text[..moves_end])}),
        )
        .await;
    assert_eq!(again.status, 200, "{again:?}");
    assert_eq!(again.body["verdicts"][0]["submitted"], "10m9l*9i");
    for shots in [30, 10_000] {
        let mut long = text[..moves_end].to_string();
        for _ in 0..shots {
            long.push_str(&shot);
            long.push('\n');
        }
        let a = app
            .post(
                "/v1/replay",
                &json!({"variant": "ko", "record": record(&long)}),
            )
            .await;
        assert_problem(&a, 422, "move_text_too_long");
        assert_eq!(a.body["line"], first_move_line, "{shots}");
        assert!(a.raw.len() < 1024, "{shots}: {} bytes", a.raw.len());
    }
}

/// What a record's problem repeats of its lines is cut to 64 characters, as every echo.
#[tokio::test]
async fn record_problems_repeat_at_most_64_characters_of_a_line() {
    let app = spawn_app().await;
    let junk = "獅".repeat(300);
    let cases = [
        (
            format!("{HEAD}   1手目   7八{junk} （←7九）\n"),
            "kif_syntax",
        ),
        (format!("{HEAD}   1手目   {junk} （←7九）\n"), "kif_syntax"),
        (
            format!("{HEAD}   1手目   7八歩兵 （←{junk}）\n"),
            "kif_syntax",
        ),
        (
            format!("手合割：{junk}\n{HEAD}"),
            "kif_unsupported_handicap",
        ),
        (
            format!("#局面：{} b - 1\n{HEAD}", "xx,".repeat(300)),
            "kif_board",
        ),
    ];
    for (text, reason) in cases {
        let a = app
            .post(
                "/v1/replay",
                &json!({"variant": "chu", "record": record(&text)}),
            )
            .await;
        assert_problem(&a, 422, "invalid_record");
        assert_eq!(a.body["reason"], reason, "{a:?}");
        let detail = a.body["detail"].as_str().unwrap();
        if reason != "kif_board" {
            assert!(detail.contains(&"獅".repeat(64)), "{detail}");
        }
        assert!(!detail.contains(&"獅".repeat(65)), "{detail}");
        assert!(detail.chars().count() < 600, "{reason}: {detail}");
    }
}

/// Issue 36: lishogi's rules library shogiops writes `仝` on both step lines when a lion's
/// double move ends on the previous move's destination (the record of
/// `tests/data/shogiops_kif/game_02.kif`: the lion goes 5八, 4七, then takes the go-between
/// that has just moved to 4六). The server reads it; a `仝` that fits no spelling is
/// refused with its line.
#[tokio::test]
async fn shogiops_same_square_on_both_step_lines() {
    let app = spawn_app().await;
    let head = "手合割：\n手数----指手---------消費時間--\n   1手目   5八獅子 （←7十）\n   2手目   4六仲人 （←4五）\n";
    let text = format!("{head}   3手目一歩目 仝獅子 （←5八）\n   3手目二歩目 仝獅子 （←4七）\n");
    let a = replay_record(&app, "chu", &text).await;
    assert_eq!(a.status, 200, "{a:?}");
    let verdicts = a.body["verdicts"].as_array().unwrap();
    let submitted: Vec<&str> = verdicts
        .iter()
        .map(|v| v["submitted"].as_str().unwrap())
        .collect();
    assert_eq!(submitted, ["7j5h", "4e4f", "5h4g4f"]);
    assert_eq!(verdicts[2]["line"], 5);
    assert_eq!(verdicts[2]["legal"], true);
    // Through the empty 4七 to where the lion could jump: the jump.
    assert_eq!(verdicts[2]["move"]["move"], "5h4f");
    // `仝` (4六) on the first line, the second starting from 4七 and ending elsewhere.
    let wrong = format!("{head}   3手目一歩目 仝獅子 （←5八）\n   3手目二歩目 3六獅子 （←4七）\n");
    let a = replay_record(&app, "chu", &wrong).await;
    assert_problem(&a, 422, "invalid_record");
    assert_eq!(a.body["line"], 5, "{a:?}");
    assert_eq!(a.body["reason"], "kif_sequence", "{a:?}");
}
