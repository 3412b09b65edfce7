//! Deadlines, cancellation and the heavy-call queue (issue 14): engine work past its
//! deadline stops with how far it got, work whose client went away stops, a full queue
//! is refused with 429, and work too long for an I/O thread moves to the blocking pool.
//! Short deadlines, no long runs.

use crate::helpers::{assert_problem, long_perft, spawn_app_with, unbudgeted, Answer, TestApp};
use serde_json::{json, Value};
use shogi_arbiter::config::Limits;
use shogi_arbiter::engine::game::Game;
use shogi_arbiter::engine::notation::format_move;
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::variant::{self, Rules, RulesRequest};
use std::time::{Duration, Instant};

/// A perft count of a few milliseconds (chu, depth 1).
fn short_perft() -> Value {
    json!({"variant": "chu", "depth": 1})
}

/// A tai position with an emperor (a piece that may jump to any square) on every other
/// square, Black's and White's by turns: each emperor's captures each need a protection
/// test, so listing its moves takes long.
fn emperors_everywhere() -> String {
    let rank = |first: bool| {
        (0..13)
            .map(|i| if (i % 2 == 0) == first { "E" } else { "e" })
            .collect::<Vec<_>>()
            .join(",1,")
    };
    let ranks: Vec<String> = (0..25).map(|r| rank(r % 2 == 0)).collect();
    format!("{} b - 1", ranks.join("/"))
}

/// `n` plies of a deterministic game of chu shogi from the start (a game built with the
/// engine only to have a long legal move list; nothing here checks its rulings).
fn long_chu_game(n: usize) -> Vec<String> {
    let chu = variant::by_id("chu").expect("chu");
    let rules = Rules::resolve(chu, &RulesRequest::default()).expect("default rules");
    let mut game = Game::new(Position::start(&rules), &rules, true);
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut texts = Vec::with_capacity(n);
    while texts.len() < n {
        // Quiet moves only: nothing is captured, so no royal is and the game goes on.
        let mut moves = game.legal_moves(&rules);
        moves.retain(|m| {
            m.squares()
                .iter()
                .all(|&s| game.position.cell(s).is_empty())
        });
        assert!(
            !moves.is_empty(),
            "the game ended after {} plies",
            texts.len()
        );
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mv = moves[(seed % moves.len() as u64) as usize];
        texts.push(format_move(rules.variant.shape(), &mv));
        let candidate = game
            .judge_legal(&rules, mv)
            .expect("a listed move is legal");
        game.commit(&rules, candidate);
    }
    texts
}

fn assert_stopped_by_deadline(a: &Answer, stage: &str, unit: &str) -> u64 {
    assert_problem(a, 422, "deadline_exceeded");
    let progress = &a.body["progress"];
    assert_eq!(progress["stage"], stage, "{}", a.body);
    assert_eq!(progress["unit"], unit, "{}", a.body);
    progress["done"].as_u64().expect("a count of what was done")
}

/// Waits until the only heavy slot is taken (a short count is refused with 429), so a
/// test does not guess how long a call takes to start on a loaded machine.
async fn wait_until_busy(app: &TestApp) {
    let started = Instant::now();
    loop {
        let a = app.post("/v1/perft", &short_perft()).await;
        if a.status == 429 {
            assert_problem(&a, 429, "too_busy");
            return;
        }
        assert_eq!(a.status, 200, "{}", a.body);
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "the long call never took the slot"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// Sends the long count until it is admitted (a probe of [`wait_until_busy`] may hold
/// the only slot for a moment), then answers what became of it and when.
fn occupy(
    client: reqwest::Client,
    url: String,
) -> tokio::task::JoinHandle<(reqwest::Result<reqwest::Response>, Instant)> {
    tokio::spawn(async move {
        loop {
            let sent = client.post(&url).json(&long_perft()).send().await;
            if !matches!(&sent, Ok(r) if r.status() == 429) {
                return (sent, Instant::now());
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    })
}

async fn post_timed(app: &TestApp, path: &str, body: &Value) -> (Answer, Duration) {
    let started = Instant::now();
    let a = app.post(path, body).await;
    (a, started.elapsed())
}

#[tokio::test]
async fn a_perft_past_its_deadline_answers_how_far_it_got() {
    let deadline = Duration::from_millis(100);
    let app = spawn_app_with(Limits {
        deadline,
        ..unbudgeted()
    })
    .await;
    let (a, took) = post_timed(&app, "/v1/perft", &long_perft()).await;
    let nodes = assert_stopped_by_deadline(&a, "perft", "nodes");
    assert!(nodes > 0, "{}", a.body);
    assert!(
        a.body["detail"].as_str().unwrap().contains("100 ms"),
        "{}",
        a.body
    );
    let ran = a.body["progress"]["elapsed_ms"].as_u64().unwrap();
    assert!((100..1_000).contains(&ran), "ran {ran} ms");
    assert!(took < Duration::from_secs(2), "answered after {took:?}");
}

#[tokio::test]
async fn a_replay_past_its_deadline_answers_how_many_plies_it_played() {
    let moves = long_chu_game(3_000);
    let app = spawn_app_with(Limits {
        deadline: Duration::from_millis(1),
        ..unbudgeted()
    })
    .await;
    let body = json!({"variant": "chu", "moves": moves});
    let a = app.post("/v1/replay", &body).await;
    let plies = assert_stopped_by_deadline(&a, "replay", "plies");
    assert!(plies < 3_000, "{}", a.body["progress"]);
    assert_eq!(a.body["progress"]["total"], 3_000);

    // The game form of the other jobs stops in the same stage.
    let body = json!({"variant": "chu", "moves": moves, "move": "6i6h"});
    let a = app.post("/v1/adjudicate", &body).await;
    assert_stopped_by_deadline(&a, "replay", "plies");
}

#[tokio::test]
async fn listing_the_moves_of_a_crowd_of_emperors_stops_at_the_deadline() {
    let app = spawn_app_with(Limits {
        deadline: Duration::from_millis(20),
        ..unbudgeted()
    })
    .await;
    let body = json!({"variant": "tai", "position": emperors_everywhere()});
    let (a, took) = post_timed(&app, "/v1/legal-moves", &body).await;
    assert_problem(&a, 422, "deadline_exceeded");
    assert!(took < Duration::from_secs(2), "answered after {took:?}");
    let (a, _) = post_timed(
        &app,
        "/v1/perft",
        &json!({"variant": "tai", "depth": 2, "position": emperors_everywhere()}),
    )
    .await;
    assert_problem(&a, 422, "deadline_exceeded");
}

#[tokio::test]
async fn a_full_queue_is_refused_with_429_and_retry_after() {
    let app = spawn_app_with(Limits {
        heavy_concurrency: 1,
        heavy_queue: 1,
        deadline: Duration::from_millis(1_500),
        ..unbudgeted()
    })
    .await;
    let body = long_perft();
    let (a, b, c) = tokio::join!(
        app.post("/v1/perft", &body),
        app.post("/v1/perft", &body),
        app.post("/v1/perft", &body)
    );
    let answers = [a, b, c];
    let refused: Vec<&Answer> = answers.iter().filter(|a| a.status == 429).collect();
    let stopped = answers.iter().filter(|a| a.status == 422).count();
    // One runs (and meets its deadline), one waits (for a slot that frees as its own
    // wait ends: either), the third finds the queue full.
    assert!(!refused.is_empty() && stopped >= 1, "{answers:?}");
    assert_eq!(refused.len() + stopped, 3, "{answers:?}");
    for r in refused {
        assert_problem(r, 429, "too_busy");
        assert_eq!(r.headers.get("retry-after").unwrap(), "1");
    }
}

#[tokio::test]
async fn a_queued_call_runs_when_a_slot_frees() {
    let app = spawn_app_with(Limits {
        heavy_concurrency: 1,
        heavy_queue: 2,
        ..unbudgeted()
    })
    .await;
    let body = short_perft();
    let (a, b, c) = tokio::join!(
        app.post("/v1/perft", &body),
        app.post("/v1/perft", &body),
        app.post("/v1/perft", &body)
    );
    for a in [a, b, c] {
        assert_eq!(a.status, 200, "{:?}", a.body);
    }
}

#[tokio::test]
async fn a_call_whose_client_went_away_is_stopped() {
    let app = spawn_app_with(Limits {
        heavy_concurrency: 1,
        heavy_queue: 0,
        deadline: Duration::from_secs(60),
        ..unbudgeted()
    })
    .await;
    let impatient = reqwest::Client::builder()
        .timeout(Duration::from_millis(400))
        .build()
        .unwrap();
    let url = format!("{}/v1/perft", app.address);
    let gave_up = occupy(impatient, url);
    wait_until_busy(&app).await;

    let (sent, gave_up) = gave_up.await.unwrap();
    assert!(sent.is_err(), "the count cannot finish in 400 ms");
    loop {
        let a = app.post("/v1/perft", &short_perft()).await;
        if a.status == 200 {
            break;
        }
        assert_problem(&a, 429, "too_busy");
        assert!(
            gave_up.elapsed() < Duration::from_secs(2),
            "the slot was not freed after the client went away"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[tokio::test]
async fn a_call_too_long_for_an_io_thread_moves_to_the_blocking_pool() {
    let app = spawn_app_with(Limits {
        heavy_concurrency: 1,
        heavy_queue: 0,
        deadline: Duration::from_secs(3),
        ..unbudgeted()
    })
    .await;
    let url = format!("{}/v1/perft", app.address);
    let client = app.client.clone();
    let hog = occupy(client, url);
    wait_until_busy(&app).await;
    // The only slot is taken: a call that outgrows its slice on the I/O thread needs one.
    let body = json!({"variant": "tai", "position": emperors_everywhere()});
    let a = app.post("/v1/legal-moves", &body).await;
    assert_problem(&a, 429, "too_busy");
    // A light call is answered on the I/O thread all the same (in an optimised build;
    // unoptimised, the engine is too slow for the slice). The slice is wall-clock time,
    // so on a machine busy with other tests one try in three may be pre-empted past it.
    if !cfg!(debug_assertions) {
        let mut statuses = Vec::new();
        for _ in 0..3 {
            let a = app
                .post("/v1/adjudicate", &json!({"variant": "chu", "move": "6i6h"}))
                .await;
            statuses.push(a.status);
            if a.status == 200 {
                assert_eq!(a.body["legal"], true, "{}", a.body);
                break;
            }
            assert_problem(&a, 429, "too_busy");
        }
        assert_eq!(statuses.last(), Some(&200), "{statuses:?}");
    }
    let hogged = hog.await.unwrap().0.unwrap();
    assert_eq!(hogged.status(), 422);
}
