//! Criterion benchmarks of the tai engine on one core: legal-move generation, the
//! legality check and the check test (fast, and by the definition) in the start position;
//! perft(3) from the start position counted in bulk and with every leaf move
//! materialised; mate detection in a position in check with both armies on the board;
//! replaying a 2,000-ply game with repetition bookkeeping. Chu shogi: legal moves of the
//! start position, a lion capture judged under the lion-trading rules, perft(4) from the
//! start position (the figure issue #5 sets a goal for). Tenjiku shogi (issue #16): legal
//! moves of the start position, judging a fire demon's burning move (vector FD-03), and
//! perft(4) from the start position under each profile. The dai family (issue #17): perft(4)
//! from each start position under its default profile (the goal: at most 1 s on
//! one core). Ko shogi (issue #18): legal moves and the check test of the start position
//! (goals: under 20 µs each), and perft(3) from the start position under each profile
//! (goal: at most 2 s).

use criterion::{criterion_group, criterion_main, Criterion};
use shogi_arbiter::engine::core::color::Color;
use shogi_arbiter::engine::game::{replay, Game};
use shogi_arbiter::engine::movegen::legal_moves;
use shogi_arbiter::engine::notation::{format_move, parse_position};
use shogi_arbiter::engine::perft::perft;
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::record::kif::{read_kif, write_kif};
use shogi_arbiter::engine::rules::check::{checking_moves_by_definition, escapes, in_check};
use shogi_arbiter::engine::rules::legality::check_move;
use shogi_arbiter::engine::rules::repetition::Completion;
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

/// The start position with White's lion moved from 13d onto Black's left general's square
/// 14x (the general taken): next to the prince on 13x and the emperor on 13y, it could take
/// both in one move, so Black is in check with 176 pieces against 177. The escape search
/// goes through Black's pieces from rank r on; the first escapes (capturing the lion, the
/// emperor's jump) sit on ranks w to y, so most of Black's moves are tried first.
fn lion_check_position(rules: &Rules) -> Position {
    let mut setup = parse_position(rules.variant, &rules.variant.setup).expect("setup");
    let shape = rules.variant.shape();
    let sq = |name: &str| shape.parse_square(name).expect("square").index();
    let lion = setup.board[sq("13d")].take();
    setup.board[sq("14x")] = lion;
    Position::from_setup(&setup, rules).expect("valid")
}

/// A deterministic 2,000-ply game from the start position: random legal moves, but half
/// of the time a side moves back the piece it moved two plies before, so positions recur
/// (up to three times; no move that ends the game is chosen).
fn long_game(rules: &Rules, plies: usize) -> (Vec<String>, usize) {
    let shape = rules.variant.shape();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    'attempt: loop {
        let mut rng = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut game = Game::new(Position::start(rules), rules, true);
        let mut texts = Vec::with_capacity(plies);
        let mut max_occurrences = 1;
        while texts.len() < plies {
            let mut moves = game.legal_moves(rules);
            let back = game
                .played
                .len()
                .checked_sub(2)
                .map(|i| game.played[i].mv)
                .and_then(|m| {
                    moves
                        .iter()
                        .position(|x| x.from == m.to() && x.to() == m.from)
                });
            if let (Some(i), true) = (back, rng() % 2 == 0) {
                moves.swap(0, i);
            } else if moves.len() > 1 {
                let i = (rng() % moves.len() as u64) as usize;
                moves.swap(0, i);
            }
            let chosen = moves.iter().find_map(|&mv| {
                game.judge_legal(rules, mv)
                    .ok()
                    .filter(|c| !c.after.is_terminal() && c.completion == Completion::Continues)
            });
            let Some(candidate) = chosen else {
                continue 'attempt;
            };
            texts.push(format_move(shape, &candidate.mv));
            game.commit(rules, candidate);
            if game.status().ending.is_some() {
                continue 'attempt;
            }
            max_occurrences = max_occurrences.max(game.occurrences().unwrap_or(1));
        }
        return (texts, max_occurrences);
    }
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
    let checked = lion_check_position(&rules);
    assert!(in_check(&checked, &rules, Color::Black));
    c.bench_function("tai_mate_detection_full_armies", |b| {
        b.iter(|| Game::new(black_box(&checked).clone(), &rules, false).status())
    });
    c.bench_function("tai_escapes_every_move_full_armies", |b| {
        b.iter(|| escapes(black_box(&checked), &rules))
    });
    let (game, most) = long_game(&rules, 2000);
    assert!(
        most >= 3,
        "the game should repeat positions (at most {most} occurrences)"
    );
    let (replayed, illegal) = replay(&rules, None, &game).expect("start");
    assert!(illegal.is_none() && replayed.played.len() == 2000);
    eprintln!("2,000-ply game: a position occurs up to {most} times");
    c.bench_function("tai_replay_2000_plies", |b| {
        b.iter(|| replay(&rules, None, black_box(&game)).expect("start"))
    });
    // Game records: a 300-ply game written as KIF, and the record read back (every move
    // judged).
    let (record_game, _) = long_game(&rules, 300);
    let (played, illegal) = replay(&rules, None, &record_game).expect("start");
    assert!(illegal.is_none());
    let kif = write_kif(&rules, &played, None);
    assert_eq!(
        read_kif(&rules, &kif, 1000)
            .expect("reads")
            .game
            .played
            .len(),
        300
    );
    eprintln!("300-ply tai record: {} bytes of KIF", kif.len());
    c.bench_function("tai_kif_write_300_plies", |b| {
        b.iter(|| write_kif(&rules, black_box(&played), None))
    });
    c.bench_function("tai_kif_read_300_plies", |b| {
        b.iter(|| read_kif(&rules, black_box(&kif), 1000).expect("reads"))
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

fn chu_benches(c: &mut Criterion) {
    let rules = Rules::default_for(variant::chu());
    let start = Position::start(&rules);
    c.bench_function("chu_legal_moves_start", |b| {
        b.iter(|| legal_moves(black_box(&start), &rules))
    });
    // A lion two squares from a protected enemy lion (conformance row `7g7e`, illegal).
    let setup = parse_position(
        rules.variant,
        "11k/12/12/5g6/5n6/12/5N6/12/12/12/12/K11 b - 1",
    )
    .expect("position");
    let lions = Position::from_setup(&setup, &rules).expect("valid");
    c.bench_function("chu_check_move_protected_lion", |b| {
        b.iter(|| check_move(black_box(&lions), &rules, "7g7e"))
    });
    let mut group = c.benchmark_group("chu_perft4");
    group.sample_size(20);
    group.bench_function("bulk_count", |b| {
        b.iter(|| perft(black_box(&start), &rules, 4))
    });
    group.finish();
}

fn tenjiku_benches(c: &mut Criterion) {
    let rules = Rules::default_for(variant::tenjiku());
    let start = Position::start(&rules);
    c.bench_function("tenjiku_legal_moves_start", |b| {
        b.iter(|| legal_moves(black_box(&start), &rules))
    });
    // Vector FD-03 (tests/data/vectors/tenjiku.json): the demon's arrival on 5j burns six pieces.
    let setup = parse_position(
        rules.variant,
        "15,k/16/16/16/16/16/16/16/10,p,g,s,3/10,r,1,P,3/11,b,n,3/16/8,FD,7/16/16/K,15 b - 1",
    )
    .expect("position");
    let burning = Position::from_setup(&setup, &rules).expect("valid");
    c.bench_function("tenjiku_check_move_burning", |b| {
        b.iter(|| check_move(black_box(&burning), &rules, "8m5j"))
    });
    let mut group = c.benchmark_group("tenjiku_perft4");
    group.sample_size(10);
    for profile in ["wikipedia", "tsa", "hachu"] {
        let rules = Rules::resolve(
            variant::tenjiku(),
            &variant::RulesRequest {
                profile: Some(profile.to_string()),
                overrides: Vec::new(),
            },
        )
        .expect("a profile");
        let start = Position::start(&rules);
        group.bench_function(profile, |b| b.iter(|| perft(black_box(&start), &rules, 4)));
    }
    group.finish();
}

fn dai_family_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("dai_family_perft4");
    group.sample_size(10);
    for id in ["dai", "dai-dai", "maka-dai-dai"] {
        let rules = Rules::default_for(variant::by_id(id).expect("built in"));
        let start = Position::start(&rules);
        group.bench_function(id, |b| b.iter(|| perft(black_box(&start), &rules, 4)));
    }
    group.finish();
}

fn ko_benches(c: &mut Criterion) {
    let rules = Rules::default_for(variant::ko());
    let start = Position::start(&rules);
    c.bench_function("ko_legal_moves_start", |b| {
        b.iter(|| legal_moves(black_box(&start), &rules))
    });
    c.bench_function("ko_in_check_start", |b| {
        b.iter(|| in_check(black_box(&start), &rules, Color::Black))
    });
    let mut group = c.benchmark_group("ko_perft3");
    group.sample_size(10);
    for profile in ["wikipedia", "qboard"] {
        let rules = Rules::resolve(
            variant::ko(),
            &variant::RulesRequest {
                profile: Some(profile.to_string()),
                overrides: Vec::new(),
            },
        )
        .expect("a profile");
        let start = Position::start(&rules);
        group.bench_function(profile, |b| b.iter(|| perft(black_box(&start), &rules, 3)));
    }
    group.finish();
}

criterion_group!(
    engine,
    benches,
    chu_benches,
    tenjiku_benches,
    dai_family_benches,
    ko_benches
);
criterion_main!(engine);
