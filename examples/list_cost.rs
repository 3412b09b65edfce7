//! What a move list costs: tai shogi's start list (`POST /v1/legal-moves` without HTTP),
//! timed with and without `gives_check`, and its size as objects, as `format: text` and
//! gzip-coded (README, "Legal moves as text").
//!
//! `cargo run --release --example list_cost [runs]` prints the median of `runs` (default
//! 301) timings of each, interleaved: the whole job as it ships (objects, `gives_check`
//! included), the list built the same way with `gives_check` left out (the one call it
//! adds: the engine's test of check on the position after each move), the text form, and
//! the check tests alone.

use shogi_arbiter::api::context::{move_info, move_info_with};
use shogi_arbiter::api::dto::LegalMovesRequest;
use shogi_arbiter::api::gzip::gzip;
use shogi_arbiter::api::routes::moves::legal_moves_job;
use shogi_arbiter::config::Limits;
use shogi_arbiter::engine::core::moves::Move;
use shogi_arbiter::engine::movegen::legal_moves;
use shogi_arbiter::engine::notation::format_hodges_all;
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::rules::check::in_check;
use shogi_arbiter::engine::variant::{self, Rules};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(301);
    let limits = Limits::default();
    let request = |format: &str| -> LegalMovesRequest {
        serde_json::from_value(serde_json::json!({"variant": "tai", "format": format}))
            .expect("a request")
    };
    let (objects, text) = (request("objects"), request("text"));
    let rules = Rules::default_for(variant::tai());
    let pos = Position::start(&rules);
    let mut moves = legal_moves(&pos, &rules);
    moves.sort();

    let job = |body: &LegalMovesRequest| {
        let answer = legal_moves_job(&limits, body).expect("an answer");
        serde_json::to_vec(&answer).expect("a body")
    };
    let list = |check: bool| {
        let hodges = format_hodges_all(&pos, &rules, &moves);
        let infos: Vec<_> = moves
            .iter()
            .zip(hodges)
            .map(|(m, h)| {
                if check {
                    move_info(&rules, &pos, m, h)
                } else {
                    let mut after = pos.clone();
                    let effects = after.play(m, &rules);
                    move_info_with(&rules, m, &effects, h, false)
                }
            })
            .collect();
        serde_json::to_vec(&infos).expect("a body")
    };
    let afters: Vec<Position> = moves.iter().map(|m| after(&pos, &rules, m)).collect();
    let them = pos.side().opponent();
    let checks = || afters.iter().filter(|a| in_check(a, &rules, them)).count();

    let mut times: [Vec<Duration>; 5] = Default::default();
    for _ in 0..runs {
        times[0].push(timed(|| job(black_box(&objects)).len()));
        times[1].push(timed(|| list(black_box(true)).len()));
        times[2].push(timed(|| list(black_box(false)).len()));
        times[3].push(timed(|| job(black_box(&text)).len()));
        times[4].push(timed(checks));
    }
    let [whole, with, without, texts, alone] = times.map(median);
    println!("tai start, {} moves, median of {runs} runs:", moves.len());
    println!(
        "  job, objects (with gives_check) {:>9.1} µs",
        micros(whole)
    );
    println!("  list with gives_check           {:>9.1} µs", micros(with));
    println!(
        "  list without gives_check        {:>9.1} µs",
        micros(without)
    );
    println!(
        "  ratio with/without              {:>9.3}",
        micros(with) / micros(without)
    );
    println!(
        "  the check tests alone           {:>9.1} µs",
        micros(alone)
    );
    println!(
        "  job without them (estimated)    {:>9.3} of the job",
        (micros(whole) - micros(alone)) / micros(whole)
    );
    println!(
        "  job, format text                {:>9.1} µs",
        micros(texts)
    );

    let plain = job(&objects);
    let short = job(&text);
    println!("answer sizes (bytes):");
    for (name, body) in [("objects", &plain), ("text", &short)] {
        let coded = gzip(body).expect("gzip");
        println!(
            "  {name:<8} {:>7} plain {:>7} gzip ({:.1} bytes a move plain)",
            body.len(),
            coded.len(),
            body.len() as f64 / moves.len() as f64
        );
    }
    let gzip_time = median((0..runs).map(|_| timed(|| gzip(&plain))).collect());
    println!("  gzip of the objects answer: {:.1} µs", micros(gzip_time));
}

/// The position after `m`.
fn after(pos: &Position, rules: &Rules, m: &Move) -> Position {
    let mut next = pos.clone();
    next.play(m, rules);
    next
}

fn timed<T>(f: impl FnOnce() -> T) -> Duration {
    let begun = Instant::now();
    black_box(f());
    begun.elapsed()
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}
