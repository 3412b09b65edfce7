//! `shogi-arbiter conformance` against a server started here (port 0): the whole kit and
//! random games agree. Against a deliberately wrong server (a small actix app answering as
//! the service does, but one perft count off for chu and one legal move missing for dai):
//! the disagreement is reported with its reproduction, and the exit code is 1.

use super::run;
use actix_web::{web, App, HttpResponse, HttpServer};
use shogi_arbiter::api::dto::{
    AdjudicateRequest, LegalMovesRequest, MoveList, PerftRequest, ReplayRequest,
};
use shogi_arbiter::api::routes::moves::{adjudicate_job, legal_moves_job};
use shogi_arbiter::api::routes::perft::perft_job;
use shogi_arbiter::api::routes::replay::replay_job;
use shogi_arbiter::config::{Limits, Settings};
use shogi_arbiter::startup::Application;
use std::sync::mpsc;

/// Starts the service on a free port in a thread of its own; its base URL.
pub(super) fn spawn_server() -> String {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let settings = Settings {
                port: 0,
                workers: 2,
                ..Settings::default()
            };
            let app = Application::build(&settings).expect("the app builds");
            tx.send(app.port()).expect("the test waits");
            app.run_until_stopped().await.expect("the service runs");
        });
    });
    format!("http://127.0.0.1:{}", rx.recv().expect("a port"))
}

/// An answer of the real job, or a 422 when it refuses.
pub(super) fn answer<T: serde::Serialize, E>(result: Result<T, E>) -> HttpResponse {
    match result {
        Ok(body) => HttpResponse::Ok().json(body),
        Err(_) => HttpResponse::UnprocessableEntity().finish(),
    }
}

/// Perft as the service counts it, but one node more for chu at depth 2.
async fn wrong_perft(body: web::Json<PerftRequest>) -> HttpResponse {
    answer(perft_job(&Limits::default(), &body).map(|mut r| {
        if body.variant == "chu" && body.depth == 2 {
            r.nodes += 1;
        }
        r
    }))
}

/// Legal moves as the service lists them, but dai's without their first move.
async fn wrong_legal_moves(body: web::Json<LegalMovesRequest>) -> HttpResponse {
    answer(legal_moves_job(&Limits::default(), &body).map(|mut r| {
        if let (true, MoveList::Objects(moves)) = (body.variant == "dai", &mut r.moves) {
            if !moves.is_empty() {
                moves.remove(0);
                r.count -= 1;
            }
        }
        r
    }))
}

async fn adjudicate(body: web::Json<AdjudicateRequest>) -> HttpResponse {
    answer(adjudicate_job(&Limits::default(), &body))
}

async fn replay(body: web::Json<ReplayRequest>) -> HttpResponse {
    answer(replay_job(&Limits::default(), &body))
}

/// Starts the wrong server on a free port; its base URL.
pub(super) fn spawn_wrong_server() -> String {
    spawn_fake(|app| {
        app.route("/v1/perft", web::post().to(wrong_perft))
            .route("/v1/legal-moves", web::post().to(wrong_legal_moves))
            .route("/v1/adjudicate", web::post().to(adjudicate))
            .route("/v1/replay", web::post().to(replay));
    })
}

/// Starts a fake server of the routes `routes` sets on a free port (one worker, in a
/// thread of its own); its base URL.
pub(super) fn spawn_fake(routes: fn(&mut web::ServiceConfig)) -> String {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let server = HttpServer::new(move || App::new().configure(routes))
                .workers(1)
                .bind(("127.0.0.1", 0))
                .expect("a free port");
            tx.send(server.addrs()[0].port()).expect("the test waits");
            server.run().await.expect("the fake runs");
        });
    });
    format!("http://127.0.0.1:{}", rx.recv().expect("a port"))
}

#[test]
fn the_kit_and_random_games_agree_with_the_service() {
    let url = spawn_server();
    let (status, out, err) = run(&["conformance", "--against", &url, "--fuzz", "7"], &[]);
    assert!(status.success(), "{status}\n{out}\n{err}");
    let total = out
        .lines()
        .find(|l| l.starts_with("total"))
        .expect("a total line");
    let n: Vec<usize> = total
        .split_whitespace()
        .skip(1)
        .map(|x| x.parse().expect("a count"))
        .collect();
    assert!(n[0] > 2000, "{total}");
    assert_eq!((n[1], n[2], n[3]), (n[0], 0, 0), "{out}");
    for variant in [
        "tai",
        "chu",
        "tenjiku",
        "dai",
        "dai-dai",
        "maka-dai-dai",
        "ko",
    ] {
        for kind in ["perft", "vectors", "games"] {
            assert!(
                out.lines()
                    .any(|l| l.starts_with(&format!("{variant} ")) && l.contains(kind)),
                "no {kind} row for {variant}: {out}"
            );
        }
    }
    assert!(out.contains("fuzz: 7 games"), "{out}");
    assert!(out.contains("all legal-move sets agree"), "{out}");
}

#[test]
fn a_wrong_perft_count_is_reported_with_its_repro() {
    let url = spawn_wrong_server();
    let (status, out, err) = run(&["conformance", "--against", &url, "--only", "chu"], &[]);
    assert_eq!(status.code(), Some(1), "{out}\n{err}");
    let row = out
        .lines()
        .find(|l| l.starts_with("chu ") && l.contains("perft"))
        .expect("a chu perft row");
    let n: Vec<&str> = row.split_whitespace().collect();
    // Two chu perft lines are at depth 2 per profile file (three positions, two profiles).
    assert_eq!(&n[2..], &["21", "15", "6", "0"], "{out}");
    assert!(
        out.contains("DISAGREE chu perft: chu-hachu/chu-start/2: perft 2: expected 1296, got 1297"),
        "{out}"
    );
    assert!(out.contains("repro: curl -s -X POST "), "{out}");
    assert!(
        out.contains("/v1/perft -H 'content-type: application/json' -d '{"),
        "{out}"
    );
    assert!(
        err.contains(&format!("the server at {url} does not agree: the kit: "))
            && err.contains(" agree, 6 disagree, 0 errors (details above)"),
        "{err}"
    );
    assert!(!out.contains("tai "), "--only chu runs chu only: {out}");
}

#[test]
fn a_missing_legal_move_stops_the_fuzz_with_a_minimal_repro() {
    let url = spawn_wrong_server();
    let (status, out, err) = run(
        &[
            "conformance",
            "--against",
            &url,
            "--skip-kit",
            "--only",
            "dai",
            "--fuzz",
            "3",
            "--seed",
            "5",
        ],
        &[],
    );
    assert_eq!(status.code(), Some(1), "{out}\n{err}");
    assert!(
        out.contains("fuzz: first disagreement in game 0 (seed 5), ply 0"),
        "{out}"
    );
    assert!(out.contains("variant: dai\n"), "{out}");
    assert!(
        err.contains("does not agree: fuzz: 1 games, 1 plies compared, stopped at a disagreement")
            && !err.contains("kit"),
        "{err}"
    );
    assert!(out.contains("rules: {\"profile\": \"wikipedia\"}"), "{out}");
    // The start position (ply 0), not a game.
    assert!(
        out.contains("position: l,n,sg,i,c,s,g,k,g,s,c,i,sg,n,l/"),
        "{out}"
    );
    let moves = out
        .lines()
        .find(|l| l.trim_start().starts_with("legal moves:"))
        .expect("the move difference");
    assert!(moves.contains("only the server: []"), "{moves}");
    let only_ours = moves
        .split("only this engine: [")
        .nth(1)
        .and_then(|r| r.split(']').next())
        .expect("only this engine");
    assert_eq!(only_ours.split_whitespace().count(), 1, "{moves}");
    assert!(
        out.contains("/v1/legal-moves -H 'content-type: application/json' -d '{"),
        "{out}"
    );
    assert!(out.contains("\"position\":\"l,n,sg"), "{out}");
}
