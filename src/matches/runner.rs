//! A match between two engines ([`run_match`]): N games, colours alternated (game 2k+1:
//! the first engine plays Black; game 2k+2: the same opening with colours swapped),
//! openings cycled, games played in parallel by workers that each keep one process per
//! engine across games (restarted after a fault, all shut down at the end), a progress line
//! per finished game, the score with its Elo interval and an optional SPRT (sequential
//! probability ratio test) that stops the match early, and the records written to the
//! output folder.

use crate::engine::core::color::Color;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use super::openings::Opening;
use super::player::{EngineSpec, Fault, Player};
use super::record::{GameRecord, GameSummary, MatchSummary, RefereeCost};
use super::referee::{lost_before_start, play_game, GameConfig};
use super::stats::{Decision, Sprt};

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
    pub sprt: Option<Sprt>,
    /// Where records go: `game-0001.json`, `game-0001.kif`, ..., `summary.json`.
    pub out: Option<PathBuf>,
}

/// Starts a player for an engine (the protocol clients' `start_player`, or a test's).
pub type StartPlayer<'a> = dyn Fn(&EngineSpec) -> Result<Box<dyn Player>, Fault> + Sync + 'a;

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
    let mut summary = MatchSummary::new(
        [cfg.engines[0].name.clone(), cfg.engines[1].name.clone()],
        cfg.game.variant,
        cfg.game.rules_echo.clone(),
        cfg.game.tc_text.clone(),
        Vec::new(),
        cfg.sprt,
        Some(RefereeCost::default()),
    );
    summary.games_planned = cfg.games;
    let mut cost = RefereeCost::default();
    let mut stopped_early = false;
    // The SPRT's state when it decided: games already under way then still finish and
    // count in the score, but do not reopen the decision.
    let mut decided = None;
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
            let mut record = done.record;
            if failure.is_none() {
                if let Some(dir) = &cfg.out {
                    if let Err(e) = write_game(dir, &cfg.game, &mut record) {
                        failure = Some(e);
                        stop.store(true, Ordering::SeqCst);
                    }
                }
            }
            cost.merge(&record.referee_cost);
            summary.add(GameSummary::of(&record, done.first == Color::Black));
            progress(&finished_line(&record));
            for line in summary.table().lines() {
                progress(line);
            }
            if let Some(state) = summary.sprt.filter(|s| s.decision != Decision::Continue) {
                if decided.is_none() {
                    decided = Some(state);
                    stop.store(true, Ordering::SeqCst);
                    stopped_early = next.load(Ordering::SeqCst) < cfg.games;
                }
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    summary.referee_cost = Some(cost);
    summary.stopped_early = stopped_early;
    if decided.is_some() {
        summary.sprt = decided;
    }
    if let Some(dir) = &cfg.out {
        write_file(&dir.join("summary.json"), &summary.to_json())?;
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

/// Writes a game's records, `game-NNNN.json` and `game-NNNN.kif`; the time it takes
/// counts as the referee's.
fn write_game(dir: &Path, cfg: &GameConfig, record: &mut GameRecord) -> Result<(), String> {
    let began = Instant::now();
    let kif = record.to_kif(&cfg.rules)?;
    let stem = format!("game-{:04}", record.round);
    write_file(&dir.join(format!("{stem}.kif")), &kif)?;
    let spent = began.elapsed();
    record.referee_cost.total_us = record
        .referee_cost
        .total_us
        .saturating_add(u64::try_from(spent.as_micros()).unwrap_or(u64::MAX));
    write_file(&dir.join(format!("{stem}.json")), &record.to_json())
}

fn write_file(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::super::scripted::{config, scripted, Step};
    use super::*;
    use crate::engine::game::Game;
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
            .games
            .iter()
            .map(|g| (g.black.as_str(), g.white.as_str()))
            .collect();
        assert_eq!(colours, [("A", "B"), ("B", "A"), ("A", "B"), ("B", "A")]);
        assert!(summary.games.iter().all(|g| g.reason == "resign"));
        assert_eq!(
            (
                summary.tally.wins,
                summary.tally.losses,
                summary.tally.draws
            ),
            (0, 4, 0)
        );
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
            summary
                .table()
                .contains("Elo difference: unbounded (score 0%)"),
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
        let reasons: Vec<&str> = summary.games.iter().map(|g| g.reason.as_str()).collect();
        // Game 1: B's first start fails: it loses as White. Game 2: B starts afresh as
        // Black and moves, A crashes. Game 3: A, started afresh, crashes as Black.
        assert_eq!(reasons, ["protocol_error", "crash", "crash"]);
        let results: Vec<&str> = summary.games.iter().map(|g| g.result).collect();
        assert_eq!(results, ["black", "black", "white"]);
        assert_eq!((summary.tally.wins, summary.tally.losses), (1, 2));
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
            line: 1,
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
        assert_eq!(summary.tally.draws, 4, "{:?}", summary.games);
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
        cfg.sprt = Some(Sprt::new(0.0, 10.0, 0.05, 0.05).expect("valid"));
        // A resigns at once in three games of four and draws the fourth (two moves each:
        // the ply limit is 4), so that the scores vary; B takes 5 ms a move, so that the
        // games do not all finish before the match has counted the first ones.
        let factory = |spec: &EngineSpec| -> Result<Box<dyn Player>, Fault> {
            started.lock().unwrap()[usize::from(spec.name == "B")] += 1;
            Ok(if spec.name == "A" {
                let steps = (0..100)
                    .map(|k| match k % 5 {
                        0..=2 => Step::Resign,
                        _ => Step::Late(Duration::from_millis(1)),
                    })
                    .collect();
                Box::new(scripted("A", steps))
            } else {
                let steps = (0..100)
                    .map(|_| Step::Late(Duration::from_millis(5)))
                    .collect();
                Box::new(scripted("B", steps))
            })
        };
        let summary = run_match(&cfg, &factory, &mut |_| {}).expect("runs");
        let sprt = summary.sprt.as_ref().expect("an SPRT");
        assert_eq!(sprt.decision, Decision::H0Accepted);
        assert!(summary.stopped_early);
        assert!(summary.games_played < 200, "{}", summary.games_played);
        assert!(sprt.llr <= sprt.lower, "{sprt:?}");
        assert!(
            summary.table().contains("H0 accepted"),
            "{}",
            summary.table()
        );
    }
}
