//! A match between two engines ([`run_match`]): N games, colours alternated (game 2k+1:
//! the first engine plays Black; game 2k+2: the same opening with colours swapped),
//! openings cycled, games played in parallel by workers that each keep one process per
//! engine across games (restarted after a fault, all shut down at the end), a progress line
//! per finished game, the score with its Elo interval and an optional SPRT (sequential
//! probability ratio test) that stops the match early, and the records written to the
//! output folder.

use crate::engine::core::color::Color;
use crate::engine::game::Game;
use crate::engine::position::Position;
use crate::engine::record::kif::write_kif;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use super::player::{EngineSpec, Fault, Player};
use super::record::GameRecord;
use super::referee::{lost_before_start, play_game, side_name, GameConfig};

/// A start for a pair of games: a position and moves played from it before the engines
/// take over.
#[derive(Clone, Debug)]
pub struct Opening {
    pub start: Position,
    pub start_text: String,
    pub start_is_initial: bool,
    /// Moves in machine text.
    pub moves: Vec<String>,
}

/// The SPRT's hypotheses: Elo `elo0` (H0) against `elo1` (H1), with the error rates
/// `alpha` (accepting H1 when H0 holds) and `beta` (accepting H0 when H1 holds).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SprtSpec {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Everything a match is played under.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The first engine and the second (results are the first's).
    pub engines: [EngineSpec; 2],
    pub games: usize,
    /// Games played at once (at least 1).
    pub concurrency: usize,
    /// Every game's settings; each game's start and opening moves are its opening's.
    pub game: GameConfig,
    /// Openings, cycled a pair of games each; none: the game's own start.
    pub openings: Vec<Opening>,
    pub sprt: Option<SprtSpec>,
    /// Where records go: `game-0001.json`, `game-0001.kif`, ..., `summary.json`.
    pub out: Option<PathBuf>,
}

/// Starts a player for an engine (the protocol clients' `start_player`, or a test's).
pub type StartPlayer<'a> = dyn Fn(&EngineSpec) -> Result<Box<dyn Player>, Fault> + Sync + 'a;

/// One finished game in the summary.
#[derive(Clone, Debug, Serialize)]
pub struct GameLine {
    pub round: usize,
    pub black: String,
    pub white: String,
    pub result: &'static str,
    pub reason: String,
}

/// The SPRT's state.
#[derive(Clone, Debug, Serialize)]
pub struct SprtState {
    #[serde(flatten)]
    pub spec: SprtSpec,
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    /// `H0`, `H1`, or `continue`.
    pub decision: &'static str,
}

/// What a match came to, from the first engine's side.
#[derive(Clone, Debug, Serialize)]
pub struct MatchSummary {
    pub engines: [String; 2],
    pub variant: &'static str,
    pub time_control: String,
    pub games_planned: usize,
    pub games_played: usize,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// Games without a result (no contest, a broken opening).
    pub no_result: u32,
    /// The first engine's Elo difference and the half-width of its 95% interval (`None`
    /// while it is infinite: all wins or all losses).
    pub elo: Option<f64>,
    pub elo_margin: Option<f64>,
    pub sprt: Option<SprtState>,
    /// Whether the SPRT stopped the match before its last game.
    pub stopped_early: bool,
    pub results: Vec<GameLine>,
}

impl MatchSummary {
    /// The result table printed at the end.
    pub fn table(&self) -> String {
        let [a, b] = &self.engines;
        let mut out = format!(
            "Results of {a} vs {b} ({}, {}, {} of {} games{}):\n",
            self.variant,
            self.time_control,
            self.games_played,
            self.games_planned,
            if self.stopped_early {
                ", stopped early by the SPRT"
            } else {
                ""
            }
        );
        out.push_str(&self.score_line());
        out.push('\n');
        out.push_str(&self.elo_line());
        out.push('\n');
        if self.no_result > 0 {
            out.push_str(&format!("Games without a result: {}\n", self.no_result));
        }
        if let Some(s) = &self.sprt {
            out.push_str(&sprt_line(s));
            out.push('\n');
        }
        out
    }

    /// `Score of A vs B: 3 - 1 - 2  [0.667] 6`.
    fn score_line(&self) -> String {
        let n = self.wins + self.losses + self.draws;
        let ratio = if n == 0 {
            0.0
        } else {
            (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(n)
        };
        format!(
            "Score of {} vs {}: {} - {} - {}  [{ratio:.3}] {n}",
            self.engines[0], self.engines[1], self.wins, self.losses, self.draws
        )
    }

    /// `Elo difference: 120.4 +/- 210.3, DrawRatio: 33.3 %`.
    fn elo_line(&self) -> String {
        let n = self.wins + self.losses + self.draws;
        let draws = if n == 0 {
            0.0
        } else {
            100.0 * f64::from(self.draws) / f64::from(n)
        };
        let elo = match (self.elo, self.elo_margin) {
            // `+ 0.0` writes an even score's -0 as 0.
            (Some(e), Some(m)) => format!("{:.1} +/- {m:.1}", e + 0.0),
            (Some(e), None) => format!("{:.1} +/- inf", e + 0.0),
            _ if self.wins > 0 && self.losses == 0 => "+inf".to_string(),
            _ if self.losses > 0 && self.wins == 0 => "-inf".to_string(),
            _ => "unknown".to_string(),
        };
        format!("Elo difference: {elo}, DrawRatio: {draws:.1} %")
    }

    fn count(&mut self, record: &GameRecord, first: Color) {
        self.games_played += 1;
        match record.result {
            "draw" => self.draws += 1,
            "black" | "white" if record.result == side_name(first) => self.wins += 1,
            "black" | "white" => self.losses += 1,
            _ => self.no_result += 1,
        }
        self.results.push(GameLine {
            round: record.round,
            black: record.black.clone(),
            white: record.white.clone(),
            result: record.result,
            reason: record.reason.clone(),
        });
        let (elo, margin) = interim_stats::elo_interval(self.wins, self.losses, self.draws);
        self.elo = elo;
        self.elo_margin = margin;
        if let Some(s) = self.sprt.as_mut() {
            s.llr = interim_stats::llr(&s.spec, self.wins, self.losses, self.draws);
            s.decision = if s.llr >= s.upper {
                "H1"
            } else if s.llr <= s.lower {
                "H0"
            } else {
                "continue"
            };
        }
    }
}

/// `SPRT: llr 1.20, lbound -2.94, ubound 2.94 (elo0 0, elo1 10, alpha 0.05, beta 0.05):
/// continue`.
fn sprt_line(s: &SprtState) -> String {
    let verdict = match s.decision {
        "H1" => "H1 accepted",
        "H0" => "H0 accepted",
        other => other,
    };
    format!(
        "SPRT: llr {:.2}, lbound {:.2}, ubound {:.2} (elo0 {}, elo1 {}, alpha {}, beta {}): \
         {verdict}",
        s.llr, s.lower, s.upper, s.spec.elo0, s.spec.elo1, s.spec.alpha, s.spec.beta
    )
}

/// The progress line of a finished game: `Finished game 3 (A vs B): 1-0 {checkmate}`
/// (Black named first; `1-0`: Black won).
fn finished_line(record: &GameRecord) -> String {
    let score = match record.result {
        "black" => "1-0",
        "white" => "0-1",
        "draw" => "1/2-1/2",
        _ => "*",
    };
    format!(
        "Finished game {} ({} vs {}): {score} {{{}}}",
        record.round, record.black, record.white, record.reason
    )
}

/// What a worker sends the match when a game is over.
struct Finished {
    record: GameRecord,
    /// The first engine's colour in the game.
    first: Color,
}

/// Plays the match; `progress` gets every line meant for the user as the match goes.
///
/// # Errors
/// The output folder cannot be written (the match stops).
pub fn run_match(
    cfg: &MatchConfig,
    start: &StartPlayer<'_>,
    progress: &mut dyn FnMut(&str),
) -> Result<MatchSummary, String> {
    if let Some(dir) = &cfg.out {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let mut summary = MatchSummary {
        engines: [cfg.engines[0].name.clone(), cfg.engines[1].name.clone()],
        variant: cfg.game.variant,
        time_control: cfg.game.tc_text.clone(),
        games_planned: cfg.games,
        games_played: 0,
        wins: 0,
        losses: 0,
        draws: 0,
        no_result: 0,
        elo: None,
        elo_margin: None,
        sprt: cfg.sprt.map(|spec| {
            let (lower, upper) = interim_stats::bounds(&spec);
            SprtState {
                spec,
                llr: 0.0,
                lower,
                upper,
                decision: "continue",
            }
        }),
        stopped_early: false,
        results: Vec::new(),
    };
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let workers = cfg.concurrency.clamp(1, cfg.games.max(1));
    let mut failure = None;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<Finished>();
        for _ in 0..workers {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || worker(cfg, start, next, stop, &tx));
        }
        drop(tx);
        for done in rx {
            summary.count(&done.record, done.first);
            progress(&finished_line(&done.record));
            progress(&summary.score_line());
            progress(&summary.elo_line());
            if let Some(s) = &summary.sprt {
                progress(&sprt_line(s));
                if s.decision != "continue" && !stop.swap(true, Ordering::SeqCst) {
                    summary.stopped_early = next.load(Ordering::SeqCst) < cfg.games;
                }
            }
            if failure.is_none() {
                if let Some(dir) = &cfg.out {
                    if let Err(e) = write_game(dir, &cfg.game, &done.record) {
                        failure = Some(e);
                        stop.store(true, Ordering::SeqCst);
                    }
                }
            }
        }
    });
    summary.results.sort_by_key(|g| g.round);
    if let Some(e) = failure {
        return Err(e);
    }
    if let Some(dir) = &cfg.out {
        let text = serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())?;
        write_file(&dir.join("summary.json"), &text)?;
    }
    Ok(summary)
}

/// A worker: takes the next game until none is left or the match stops, keeping one
/// player per engine across its games.
fn worker(
    cfg: &MatchConfig,
    start: &StartPlayer<'_>,
    next: &AtomicUsize,
    stop: &AtomicBool,
    tx: &mpsc::Sender<Finished>,
) {
    let mut players: [Option<Box<dyn Player>>; 2] = [None, None];
    while !stop.load(Ordering::SeqCst) {
        let index = next.fetch_add(1, Ordering::SeqCst);
        if index >= cfg.games {
            break;
        }
        let first = if index.is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        };
        let game = game_config(cfg, index / 2);
        let record = play_one(cfg, start, &game, index + 1, first, &mut players);
        if tx.send(Finished { record, first }).is_err() {
            break;
        }
    }
    for p in players.iter_mut().flatten() {
        p.shutdown();
    }
}

/// The settings of the games of pair `pair` (its opening).
fn game_config(cfg: &MatchConfig, pair: usize) -> GameConfig {
    let mut game = cfg.game.clone();
    if !cfg.openings.is_empty() {
        let o = &cfg.openings[pair % cfg.openings.len()];
        game.start = o.start.clone();
        game.start_text = o.start_text.clone();
        game.start_is_initial = o.start_is_initial;
        game.opening_moves = o.moves.clone();
    }
    game
}

/// Plays game `round` with the first engine on `first`'s side, starting the players it
/// needs; a player that failed in it is shut down (started afresh for the next game).
fn play_one(
    cfg: &MatchConfig,
    start: &StartPlayer<'_>,
    game: &GameConfig,
    round: usize,
    first: Color,
    players: &mut [Option<Box<dyn Player>>; 2],
) -> GameRecord {
    // Engine index by colour: Black's engine first.
    let by_colour = match first {
        Color::Black => [0, 1],
        Color::White => [1, 0],
    };
    for side in Color::ALL {
        let engine = by_colour[side.index()];
        if players[engine].is_none() {
            match start(&cfg.engines[engine]) {
                Ok(p) => players[engine] = Some(p),
                Err(fault) => {
                    let names = by_colour.map(|e| cfg.engines[e].name.as_str());
                    return lost_before_start(game, round, names, side, &fault);
                }
            }
        }
    }
    let [p0, p1] = players;
    let (Some(a), Some(b)) = (p0.as_deref_mut(), p1.as_deref_mut()) else {
        unreachable!("both players were started above")
    };
    let (black, white): (&mut dyn Player, &mut dyn Player) = match first {
        Color::Black => (a, b),
        Color::White => (b, a),
    };
    let record = play_game(game, round, black, white);
    if record.fault.is_some() {
        let loser = match record.result {
            "black" => Some(Color::White),
            "white" => Some(Color::Black),
            _ => None,
        };
        if let Some(loser) = loser {
            if let Some(mut p) = players[by_colour[loser.index()]].take() {
                p.shutdown();
            }
        }
    }
    record
}

/// Writes a game's records: `game-NNNN.json` and `game-NNNN.kif`. (Until the records'
/// writers `GameRecord::to_json` and `GameRecord::to_kif` are merged, issue 33: the JSON is
/// the record as serde writes it, the KIF the engine's writer of the replayed game.)
fn write_game(dir: &Path, cfg: &GameConfig, record: &GameRecord) -> Result<(), String> {
    let json = serde_json::to_string_pretty(record).map_err(|e| e.to_string())?;
    let mut game = Game::new(cfg.start.clone(), &cfg.rules, true);
    for m in &record.moves {
        if game.play_text(&cfg.rules, &m.text).is_err() {
            break;
        }
    }
    let kif = write_kif(&cfg.rules, &game, game.status().ending);
    let stem = format!("game-{:04}", record.round);
    write_file(&dir.join(format!("{stem}.json")), &json)?;
    write_file(&dir.join(format!("{stem}.kif")), &kif)
}

fn write_file(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The Elo interval and the SPRT's log-likelihood ratio (until `stats.rs` is merged, issue
/// 33): the normal approximation over the per-game scores (1, ½, 0).
mod interim_stats {
    use super::SprtSpec;

    /// The expected score at an Elo difference.
    fn score_of(elo: f64) -> f64 {
        1.0 / (1.0 + 10f64.powf(-elo / 400.0))
    }

    /// The Elo difference at an expected score in (0, 1).
    fn elo_of(score: f64) -> f64 {
        -400.0 * (1.0 / score - 1.0).log10()
    }

    /// Games, mean score and per-game variance; with `prior`, the variance counts half a
    /// win and half a loss more (so that it is never 0, as after games all lost).
    fn moments(w: u32, l: u32, d: u32, prior: bool) -> Option<(f64, f64, f64)> {
        let n = f64::from(w + l + d);
        if n == 0.0 {
            return None;
        }
        let (w, l, d) = (f64::from(w), f64::from(l), f64::from(d));
        let s = (w + d / 2.0) / n;
        let (extra, m) = if prior { (0.5, n + 1.0) } else { (0.0, n) };
        let var =
            ((w + extra) * (1.0 - s).powi(2) + (l + extra) * s.powi(2) + d * (0.5 - s).powi(2)) / m;
        Some((n, s, var))
    }

    /// The Elo difference and the half-width of its 95% interval.
    pub fn elo_interval(w: u32, l: u32, d: u32) -> (Option<f64>, Option<f64>) {
        let Some((n, s, var)) = moments(w, l, d, false) else {
            return (None, None);
        };
        if s <= 0.0 || s >= 1.0 {
            return (None, None);
        }
        let half = 1.959_964 * (var / n).sqrt();
        let (lo, hi) = (s - half, s + half);
        let margin = (lo > 0.0 && hi < 1.0).then(|| (elo_of(hi) - elo_of(lo)) / 2.0);
        (Some(elo_of(s)), margin)
    }

    /// The SPRT's bounds: ln(β/(1−α)) and ln((1−β)/α).
    pub fn bounds(spec: &SprtSpec) -> (f64, f64) {
        (
            (spec.beta / (1.0 - spec.alpha)).ln(),
            ((1.0 - spec.beta) / spec.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 over H0 after these games.
    pub fn llr(spec: &SprtSpec, w: u32, l: u32, d: u32) -> f64 {
        let Some((n, s, var)) = moments(w, l, d, true) else {
            return 0.0;
        };
        let (s0, s1) = (score_of(spec.elo0), score_of(spec.elo1));
        n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }
}

#[cfg(test)]
mod tests {
    use super::super::scripted::{config, scripted, Step};
    use super::*;
    use crate::engine::notation::format_move;
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    fn spec(name: &str) -> EngineSpec {
        EngineSpec {
            name: name.to_string(),
            program: PathBuf::from("none"),
            args: Vec::new(),
            protocol: super::super::player::Protocol::Usi,
            options: Vec::new(),
            memory_mib: 16,
            handshake_timeout: Duration::from_secs(1),
        }
    }

    fn match_config(games: usize, concurrency: usize) -> MatchConfig {
        let mut game = config(None);
        game.max_plies = 4;
        MatchConfig {
            engines: [spec("A"), spec("B")],
            games,
            concurrency,
            game,
            openings: Vec::new(),
            sprt: None,
            out: None,
        }
    }

    /// Engine `A` resigns on its first move of every game it plays; `B` plays on.
    /// Counts the players started per engine.
    fn resigning_a(
        started: &Mutex<[usize; 2]>,
    ) -> impl Fn(&EngineSpec) -> Result<Box<dyn Player>, Fault> + Sync + '_ {
        move |spec: &EngineSpec| {
            let mut counts = started.lock().unwrap();
            if spec.name == "A" {
                counts[0] += 1;
                let steps = (0..100).map(|_| Step::Resign).collect();
                Ok(Box::new(scripted("A", steps)) as Box<dyn Player>)
            } else {
                counts[1] += 1;
                Ok(Box::new(scripted("B", vec![])) as Box<dyn Player>)
            }
        }
    }

    #[test]
    fn colours_alternate_and_players_are_kept_across_games() {
        let started = Mutex::new([0, 0]);
        let cfg = match_config(4, 1);
        let mut lines = Vec::new();
        let summary = run_match(&cfg, &resigning_a(&started), &mut |l| {
            lines.push(l.to_string())
        })
        .expect("no output folder");
        let colours: Vec<(&str, &str)> = summary
            .results
            .iter()
            .map(|g| (g.black.as_str(), g.white.as_str()))
            .collect();
        assert_eq!(colours, [("A", "B"), ("B", "A"), ("A", "B"), ("B", "A")]);
        assert!(summary.results.iter().all(|g| g.reason == "resign"));
        assert_eq!((summary.wins, summary.losses, summary.draws), (0, 4, 0));
        assert_eq!(*started.lock().unwrap(), [1, 1], "one process per engine");
        assert!(
            lines[0].starts_with("Finished game 1 (A vs B): 0-1 {resign}"),
            "{lines:?}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l == "Score of A vs B: 0 - 4 - 0  [0.000] 4"),
            "{lines:?}"
        );
        assert!(
            summary.table().contains("Elo difference: -inf"),
            "{}",
            summary.table()
        );
    }

    #[test]
    fn a_player_that_failed_is_started_afresh_and_a_start_failure_loses() {
        let started = Mutex::new([0, 0]);
        let factory = |spec: &EngineSpec| -> Result<Box<dyn Player>, Fault> {
            let mut counts = started.lock().unwrap();
            if spec.name == "A" {
                counts[0] += 1;
                let crash = Fault::Crashed {
                    status: "exit status: 3".to_string(),
                    stderr: String::new(),
                };
                Ok(Box::new(scripted("A", vec![Step::Fail(crash)])))
            } else {
                counts[1] += 1;
                if counts[1] == 1 {
                    return Err(Fault::Protocol("no usiok".to_string()));
                }
                Ok(Box::new(scripted("B", vec![])))
            }
        };
        let summary = run_match(&match_config(3, 1), &factory, &mut |_| {}).expect("runs");
        let reasons: Vec<&str> = summary.results.iter().map(|g| g.reason.as_str()).collect();
        // Game 1: B's first start fails: it loses as White. Game 2: B starts afresh as
        // Black and moves, A crashes. Game 3: A, started afresh, crashes as Black.
        assert_eq!(reasons, ["protocol_error", "crash", "crash"]);
        let results: Vec<&str> = summary.results.iter().map(|g| g.result).collect();
        assert_eq!(results, ["black", "black", "white"]);
        assert_eq!((summary.wins, summary.losses), (1, 2));
        assert_eq!(*started.lock().unwrap(), [2, 2]);
    }

    #[test]
    fn games_run_in_parallel_and_records_are_written() {
        let dir = std::env::temp_dir().join(format!("referee-runner-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let started = Mutex::new([0, 0]);
        let mut cfg = match_config(4, 2);
        cfg.out = Some(dir.clone());
        let rules = Arc::clone(&cfg.game.rules);
        let mv = Game::new(cfg.game.start.clone(), &rules, true).legal_moves(&rules)[5];
        let text = format_move(rules.variant.shape(), &mv);
        cfg.openings = vec![Opening {
            start: cfg.game.start.clone(),
            start_text: cfg.game.start_text.clone(),
            start_is_initial: true,
            moves: vec![text.clone()],
        }];
        // Every move takes 20 ms: both workers have a game in hand at once.
        let factory = |spec: &EngineSpec| -> Result<Box<dyn Player>, Fault> {
            let mut counts = started.lock().unwrap();
            let (name, at) = if spec.name == "A" { ("A", 0) } else { ("B", 1) };
            counts[at] += 1;
            let steps = (0..20)
                .map(|_| Step::Late(Duration::from_millis(20)))
                .collect();
            Ok(Box::new(scripted(name, steps)))
        };
        let summary = run_match(&cfg, &factory, &mut |_| {}).expect("written");
        assert_eq!(summary.games_played, 4);
        assert_eq!(summary.draws, 4, "{:?}", summary.results);
        let counts = *started.lock().unwrap();
        assert_eq!(counts, [2, 2], "one process per engine per worker");
        for round in 1..=4 {
            let json =
                std::fs::read_to_string(dir.join(format!("game-{round:04}.json"))).expect("json");
            let value: serde_json::Value = serde_json::from_str(&json).expect("reads");
            assert_eq!(value["round"], round);
            assert_eq!(value["moves"][0]["text"], text.as_str());
            assert_eq!(value["moves"][0]["opening"], true);
            let kif =
                std::fs::read_to_string(dir.join(format!("game-{round:04}.kif"))).expect("kif");
            assert!(kif.contains("手数----指手"), "{kif}");
        }
        let summary_json = std::fs::read_to_string(dir.join("summary.json")).expect("summary");
        let value: serde_json::Value = serde_json::from_str(&summary_json).expect("reads");
        assert_eq!(value["games_played"], 4);
        assert_eq!(value["draws"], 4);
        std::fs::remove_dir_all(&dir).expect("clean up");
    }

    #[test]
    fn the_sprt_stops_the_match_early() {
        let started = Mutex::new([0, 0]);
        let mut cfg = match_config(200, 1);
        cfg.sprt = Some(SprtSpec {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        });
        // A resigns at once; B takes 5 ms a move, so that the games do not all finish
        // before the match has counted the first ones.
        let factory = |spec: &EngineSpec| -> Result<Box<dyn Player>, Fault> {
            started.lock().unwrap()[usize::from(spec.name == "B")] += 1;
            Ok(if spec.name == "A" {
                Box::new(scripted("A", (0..100).map(|_| Step::Resign).collect()))
            } else {
                let steps = (0..100)
                    .map(|_| Step::Late(Duration::from_millis(5)))
                    .collect();
                Box::new(scripted("B", steps))
            })
        };
        let summary = run_match(&cfg, &factory, &mut |_| {}).expect("runs");
        let sprt = summary.sprt.as_ref().expect("an SPRT");
        assert_eq!(sprt.decision, "H0");
        assert!(summary.stopped_early);
        assert!(summary.games_played < 200, "{}", summary.games_played);
        assert!(sprt.llr <= sprt.lower, "{sprt:?}");
        assert!(
            summary.table().contains("H0 accepted"),
            "{}",
            summary.table()
        );
    }

    #[test]
    fn the_elo_interval_follows_the_score() {
        let (elo, margin) = interim_stats::elo_interval(30, 10, 10);
        // 35 of 50: a score of 0.7, 147.2 Elo.
        assert!((elo.expect("finite") - 147.2).abs() < 0.1, "{elo:?}");
        let margin = margin.expect("finite");
        assert!(margin > 50.0 && margin < 150.0, "{margin}");
        assert_eq!(interim_stats::elo_interval(5, 0, 0), (None, None));
        let (even, _) = interim_stats::elo_interval(10, 10, 5);
        assert_eq!(even, Some(0.0));
    }
}
