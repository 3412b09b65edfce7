//! Criterion benchmarks of the tai engine on one core: legal-move generation, the
//! legality check and the check test (fast, and by the definition) in the start position, perft(3) from the start position counted in bulk
//! and with every leaf move materialised.

use criterion::{criterion_group, criterion_main, Criterion};
use shogi_arbiter::engine::geometry::Color;
use shogi_arbiter::engine::legality::check_move;
use shogi_arbiter::engine::movegen::legal_moves;
use shogi_arbiter::engine::perft::perft;
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::status::{checking_moves_by_definition, in_check};
use shogi_arbiter::engine::variant::{self, Rules};
use std::hint::black_box;

/// perft that lists every move at the leaves instead of counting them in bulk.
fn perft_materialised(pos: &Position, rules: &Rules, depth: u32) -> u64 {
    let moves = legal_moves(pos, rules);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m, rules);
            perft_materialised(&child, rules, depth - 1)
        })
        .sum()
}

fn benches(c: &mut Criterion) {
    let rules = Rules::default_for(variant::tai());
    let start = Position::start(&rules);
    c.bench_function("tai_legal_moves_start", |b| {
        b.iter(|| legal_moves(black_box(&start), &rules))
    });
    c.bench_function("tai_check_move_start", |b| {
        b.iter(|| check_move(black_box(&start), &rules, "13t13q"))
    });
    c.bench_function("tai_in_check_start", |b| {
        b.iter(|| in_check(black_box(&start), &rules, Color::Black))
    });
    c.bench_function("tai_in_check_start_by_definition", |b| {
        b.iter(|| checking_moves_by_definition(black_box(&start), &rules, Color::Black))
    });
    let mut group = c.benchmark_group("tai_perft3");
    group.sample_size(10);
    group.bench_function("bulk_count", |b| {
        b.iter(|| perft(black_box(&start), &rules, 3))
    });
    group.bench_function("materialised", |b| {
        b.iter(|| perft_materialised(black_box(&start), &rules, 3))
    });
    group.finish();
}

criterion_group!(engine, benches);
criterion_main!(engine);
