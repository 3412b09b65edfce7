//! What a game's history costs the adjudication job: a request body read from a file (an
//! adjudication in game form), read from JSON, judged and written back, as the server does
//! without HTTP (issue 34, point 1).
//!
//! `cargo run --release --example history_cost -- <body.json> [runs]` prints the median
//! and the minimum of `runs` (default 21) timings of the whole path, in microseconds.
//! Under callgrind, `runs` = 1 measures one request.

use shogi_arbiter::api::dto::{AdjudicateRequest, Body};
use shogi_arbiter::api::routes::moves::adjudicate_job;
use shogi_arbiter::config::Limits;
use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: history_cost <body.json> [runs]");
        return ExitCode::from(2);
    };
    let runs: usize = args
        .get(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(21)
        .max(1);
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let limits = Limits::default();
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let t = Instant::now();
        let body: Body<AdjudicateRequest> = match serde_json::from_slice(black_box(&bytes)) {
            Ok(body) => body,
            Err(e) => {
                eprintln!("{path}: {e}");
                return ExitCode::FAILURE;
            }
        };
        let answer = match adjudicate_job(&limits, &body) {
            Ok(answer) => answer,
            Err(e) => {
                eprintln!("{path}: {e:?}");
                return ExitCode::FAILURE;
            }
        };
        let out = serde_json::to_vec(&answer).unwrap_or_default();
        black_box(out);
        times.push(t.elapsed().as_secs_f64() * 1e6);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{path}: median {:.1} µs, min {:.1} µs over {runs} runs",
        times[runs / 2],
        times[0]
    );
    ExitCode::SUCCESS
}
