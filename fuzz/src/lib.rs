//! What the fuzz targets share: the rules they read input under (every variant under its
//! default rules and each of its profiles), fixed positions with their legal moves for the
//! move-text target, the limits of the request target, and how an input's first byte
//! chooses among them. The seed generator (`examples/make_seeds.rs`) uses the same lists,
//! so a seed's first byte means what the targets read it as.

use shogi_arbiter::config::Limits;
use shogi_arbiter::engine::game::Game;
use shogi_arbiter::engine::movegen::{legal_moves, pass_of};
use shogi_arbiter::engine::core::moves::Move;
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::variant::{self, Rules, RulesRequest, VARIANT_IDS};
use std::borrow::Cow;
use std::collections::HashSet;
use std::sync::OnceLock;

/// Every variant under its default rules and under each of its profiles.
pub fn all_rules() -> &'static [Rules] {
    static RULES: OnceLock<Vec<Rules>> = OnceLock::new();
    RULES.get_or_init(|| {
        let mut out = Vec::new();
        for id in VARIANT_IDS {
            let v = variant::by_id(id).expect("a listed variant");
            out.push(Rules::default_for(v));
            for profile in &v.profiles {
                let request = RulesRequest {
                    profile: Some(profile.clone()),
                    overrides: Vec::new(),
                };
                out.push(Rules::resolve(v, &request).expect("a listed profile resolves"));
            }
        }
        out
    })
}

/// Splits an input into its selector byte and its text (invalid UTF-8 replaced, so that
/// no input is wasted).
pub fn split(data: &[u8]) -> Option<(u8, Cow<'_, str>)> {
    let (&first, rest) = data.split_first()?;
    Some((first, String::from_utf8_lossy(rest)))
}

/// A position to read move text against, with its legal moves.
pub struct Fixture {
    pub rules: &'static Rules,
    pub game: Game,
    pub legal: HashSet<Move>,
    /// Whether the list holds a pass (all passes are one move, listed once).
    pub lists_pass: bool,
}

impl Fixture {
    fn new(rules: &'static Rules, pos: Position) -> Fixture {
        let moves = legal_moves(&pos, rules);
        let lists_pass = moves.iter().any(|m| is_pass(&pos, m));
        Fixture {
            rules,
            legal: moves.into_iter().collect(),
            lists_pass,
            game: Game::new(pos, rules, false),
        }
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.game.position
    }

    /// Whether `mv` is legal here: listed, or the named piece's pass while a pass is listed.
    pub fn is_legal(&self, mv: &Move) -> bool {
        let pos = self.position();
        self.legal.contains(mv)
            || (is_pass(pos, mv)
                && self.lists_pass
                && pass_of(pos, self.rules, mv.from) == Some(*mv))
    }
}

/// Whether `mv` steps to an empty neighbour and back.
pub fn is_pass(pos: &Position, mv: &Move) -> bool {
    let sq = mv.squares();
    sq.len() == 2 && sq[1] == mv.from && pos.cell(sq[0]).is_empty()
}

/// xorshift64*: the deterministic random plies of the fixed positions.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n as u64) as usize
    }
}

/// The position after `plies` random moves from the start (fewer if the game ends).
pub fn random_game_position(rules: &Rules, plies: usize, seed: u64) -> Position {
    let mut rng = Rng(seed | 1);
    let mut pos = Position::start(rules);
    for _ in 0..plies {
        let moves = legal_moves(&pos, rules);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        pos.play_unchecked(&mv, rules);
    }
    pos
}

/// Random plies played to reach the fixed positions of each rules set.
pub const FIXTURE_PLIES: [usize; 3] = [0, 12, 60];

/// For every rules set of [`all_rules`], the start position and the positions after
/// [`FIXTURE_PLIES`] random plies. Built once per thread (a [`Game`] is not `Sync`; the
/// fuzzer runs one thread) and kept for the life of the process.
pub fn fixtures() -> &'static [Fixture] {
    thread_local! {
        static FIXTURES: &'static [Fixture] = Box::leak(build_fixtures().into_boxed_slice());
    }
    FIXTURES.with(|f| *f)
}

fn build_fixtures() -> Vec<Fixture> {
    let mut out = Vec::new();
    for (i, rules) in all_rules().iter().enumerate() {
        for (k, plies) in FIXTURE_PLIES.into_iter().enumerate() {
            let pos = random_game_position(rules, plies, 0x5eed + 97 * i as u64 + k as u64);
            out.push(Fixture::new(rules, pos));
        }
    }
    out
}

/// The request jobs a body can be sent to, chosen by an input's first byte.
pub const JOBS: [&str; 4] = ["legal-moves", "adjudicate", "replay", "perft"];

/// The limits the request target runs under: small, so that every input stays fast (perft
/// depth at most 2 on a small node budget, short move lists).
pub fn fuzz_limits() -> Limits {
    Limits {
        body_bytes: 1 << 16,
        moves_per_game: 32,
        perft_max_depth: 2,
        perft_node_budget: 2_000,
        heavy_concurrency: 1,
        ..Limits::default()
    }
}

/// Runs one input, and when `SHOGI_FUZZ_SLOW_MS` is set, panics (so the fuzzer saves the
/// input as a crash) if it took longer than that many milliseconds. libFuzzer's own
/// `-timeout` counts whole seconds, which is too coarse for the 100 ms bound.
pub fn within_time_bound(run: impl FnOnce()) {
    static BOUND: OnceLock<Option<u128>> = OnceLock::new();
    let bound = *BOUND.get_or_init(|| {
        // What every target builds once is built before the first input is timed.
        fixtures();
        for id in VARIANT_IDS {
            let v = variant::by_id(id).expect("a listed variant");
            let _ = Rules::resolve_shared(v, &RulesRequest::default());
        }
        std::env::var("SHOGI_FUZZ_SLOW_MS")
            .ok()
            .and_then(|v| v.parse().ok())
    });
    let started = std::time::Instant::now();
    run();
    if let Some(ms) = bound {
        let took = started.elapsed().as_millis();
        assert!(took <= ms, "slow input: {took} ms (bound {ms} ms)");
    }
}
