//! Criterion benchmarks of the service's jobs without the network: a request body in, the
//! response body out, on one core (what each request costs beyond the HTTP stack).

use criterion::{criterion_group, criterion_main, Criterion};
use shogi_arbiter::api::dto::AdjudicateRequest;
use shogi_arbiter::api::routes::moves::adjudicate_job;
use shogi_arbiter::config::Limits;
use shogi_arbiter::engine::notation::parse_valid_position;
use shogi_arbiter::engine::variant::{self, Rules};
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    let rules = Rules::default_for(variant::tai());
    let start = rules.variant.setup.clone();
    let body = serde_json::to_vec(&serde_json::json!({
        "variant": "tai",
        "position": start,
        "move": "13s13r",
    }))
    .expect("a JSON body");
    let limits = Limits::default();
    c.bench_function("tai_parse_start_position", |b| {
        b.iter(|| parse_valid_position(&rules, black_box(&start)).expect("valid"))
    });
    c.bench_function("tai_adjudicate_bare_job", |b| {
        b.iter(|| {
            let request: AdjudicateRequest =
                serde_json::from_slice(black_box(&body)).expect("a request");
            let response = adjudicate_job(&limits, &request).expect("a verdict");
            serde_json::to_vec(&response).expect("a response body")
        })
    });
}

criterion_group!(service, benches);
criterion_main!(service);
