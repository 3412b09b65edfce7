//! `shogi-arbiter match` against the baseline engine's faulty modes (issue 33, acceptance 2
//! and 5): an illegal move, an unparsable move, a slow engine (time forfeit), a crash and
//! a hang each end the game against the faulty engine with the right reason, over both
//! protocols, within a bound on wall time; an engine that floods its output or never
//! answers the handshake gets a clear result without unbounded memory; and no engine
//! process is left behind (each test gives its engines a unique `--seed` as a marker and
//! looks for it in every process's command line once the match has exited).

use super::command;
use serde_json::Value;
use shogi_arbiter::engine::game::Game;
use shogi_arbiter::engine::notation::parse_valid_position;
use shogi_arbiter::engine::variant::{chu, Rules};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_shogi-arbiter");

/// A marker no other test's engines carry.
fn marker() -> String {
    static NEXT: AtomicU32 = AtomicU32::new(1);
    let n = NEXT.fetch_add(1, Ordering::SeqCst);
    format!("{}{:03}", std::process::id(), n)
}

/// The `--engine` words of the baseline engine over `proto`, named `name`, with `extra`
/// baseline-engine flags and the marker as its seed.
fn baseline(name: &str, proto: &str, extra: &[&str], marker: &str) -> Vec<String> {
    let mut words = vec![
        format!("name={name}"),
        format!("cmd={BIN}"),
        format!("proto={proto}"),
        "arg=baseline-engine".to_string(),
        "arg=--protocol".to_string(),
        format!("arg={proto}"),
        "arg=--seed".to_string(),
        format!("arg={marker}"),
    ];
    words.extend(extra.iter().map(|a| format!("arg={a}")));
    words
}

/// What a match run came to.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    elapsed: Duration,
    /// The highest resident memory of the referee's process seen while it ran, in KiB.
    peak_kib: u64,
    out: PathBuf,
}

impl Run {
    /// Game `n`'s JSON record.
    fn game(&self, n: usize) -> Value {
        let path = self.out.join(format!("game-{n:04}.json"));
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e}\n{}", path.display(), self.stderr));
        serde_json::from_str(&text).expect("the record is JSON")
    }
}

/// The peak resident memory of process `pid` so far (KiB), 0 once it is gone.
fn peak_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

/// The processes still alive whose command line holds `marker`.
fn left_behind(marker: &str) -> Vec<String> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return found;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .filter(|n| n.bytes().all(|b| b.is_ascii_digit()))
        else {
            continue;
        };
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let words: Vec<String> = cmdline
            .split(|&b| b == 0)
            .map(|w| String::from_utf8_lossy(w).into_owned())
            .collect();
        if words.iter().any(|w| w == marker) {
            found.push(format!("{pid}: {}", words.join(" ")));
        }
    }
    found
}

/// Runs `match` with the flags `flags` and the two engines, its records in a fresh folder;
/// kills it after 60 s. Checks that no engine process with `marker` outlives it.
fn run_match(flags: &[&str], engines: [Vec<String>; 2], marker: &str) -> Run {
    let out = std::env::temp_dir().join(format!("shogi-arbiter-match-{marker}"));
    let _ = std::fs::remove_dir_all(&out);
    let mut args: Vec<String> = vec!["match".into(), "--variant".into(), "chu".into()];
    args.extend(flags.iter().map(|f| f.to_string()));
    for words in engines {
        args.push("--engine".into());
        args.extend(words);
    }
    args.extend(["--out".to_string(), out.display().to_string()]);
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let began = Instant::now();
    let mut child = command(&refs, &[])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let pid = child.id();
    let mut stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let readers = (
        std::thread::spawn(move || read_all(&mut stdout)),
        std::thread::spawn(move || read_all(&mut stderr)),
    );
    let mut peak = 0;
    let status = loop {
        peak = peak.max(peak_kib(pid));
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if began.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`shogi-arbiter {}` did not end within 60 s", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let elapsed = began.elapsed();
    let stdout = readers.0.join().expect("stdout read");
    let stderr = readers.1.join().expect("stderr read");
    let left = left_behind(marker);
    assert!(
        left.is_empty(),
        "engine processes left behind: {left:#?}\n{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    Run {
        code: status.code(),
        stdout,
        stderr,
        elapsed,
        peak_kib: peak,
        out,
    }
}

fn read_all(r: &mut impl std::io::Read) -> String {
    let mut bytes = Vec::new();
    let _ = r.read_to_end(&mut bytes);
    String::from_utf8_lossy(&bytes).into_owned()
}

fn clean(out: &Path) {
    let _ = std::fs::remove_dir_all(out);
}

/// One game of `good` against the baseline engine with `--fault fault` on its first move,
/// over `proto`; the faulty engine plays `faulty_side` (`black` or `white`).
fn fault_game(proto: &str, fault: &str, faulty_side: &str, flags: &[&str]) -> (Run, Value) {
    let marker = marker();
    let good = baseline("good", proto, &[], &marker);
    let bad = baseline(
        "bad",
        proto,
        &["--fault", fault, "--fault-at", "1"],
        &marker,
    );
    let engines = if faulty_side == "black" {
        [bad, good]
    } else {
        [good, bad]
    };
    let mut all = vec!["--games", "1", "--st", "0.2", "--margin", "0.1"];
    all.extend(flags);
    let run = run_match(&all, engines, &marker);
    assert_eq!(run.code, Some(0), "{fault} over {proto}: {}", run.stderr);
    let game = run.game(1);
    assert_eq!(
        game["black"],
        if faulty_side == "black" {
            "bad"
        } else {
            "good"
        }
    );
    let winner = if faulty_side == "black" {
        "white"
    } else {
        "black"
    };
    assert_eq!(game["result"], winner, "{fault} over {proto}: {game}");
    assert!(
        run.stderr.contains("Finished game 1 ("),
        "a progress line: {}",
        run.stderr
    );
    assert!(run.stdout.contains("Score of "), "{}", run.stdout);
    (run, game)
}

/// Game 1's reason and its reproduction's verdict.
fn reason(game: &Value) -> (&str, &str) {
    (
        game["reason"].as_str().unwrap_or(""),
        game["fault"]["verdict"].as_str().unwrap_or(""),
    )
}

#[test]
fn an_illegal_move_loses_with_a_reproduction() {
    for (proto, side) in [("usi", "white"), ("xboard", "black")] {
        let (run, game) = fault_game(proto, "illegal", side, &[]);
        assert_eq!(reason(&game).0, "illegal_move", "{proto}: {game}");
        let fault = &game["fault"];
        // The arbiter's verdict is one of its illegal-move codes, the position the one the
        // move was played in, the move both as written and as machine text.
        let verdict = fault["verdict"].as_str().expect("a verdict");
        assert!(!verdict.is_empty() && verdict != "illegal_move", "{fault}");
        // The arbiter, asked again from the reproduction, gives the same verdict.
        let rules = Rules::default_for(chu());
        let position = fault["position"].as_str().expect("a position");
        let pos = parse_valid_position(&rules, position).expect("the position reads");
        assert_eq!(pos.side().letter(), if side == "black" { 'b' } else { 'w' });
        let text = fault["text"].as_str().expect("the machine text");
        let judged = Game::new(pos, &rules, false).judge(&rules, text);
        assert_eq!(
            judged.map(|_| ()).map_err(|e| e.code()),
            Err(verdict),
            "{fault}"
        );
        assert!(
            fault["wire"].as_str().is_some_and(|w| !w.is_empty()),
            "{fault}"
        );
        assert!(
            fault["text"].as_str().is_some_and(|t| !t.is_empty()),
            "{fault}"
        );
        assert!(run.elapsed < Duration::from_secs(5), "{:?}", run.elapsed);
        clean(&run.out);
    }
}

#[test]
fn an_unparsable_move_loses() {
    for proto in ["usi", "xboard"] {
        let (run, game) = fault_game(proto, "unparsable", "white", &[]);
        assert_eq!(reason(&game), ("unparsable_move", "unparsable"), "{game}");
        assert!(run.elapsed < Duration::from_secs(5), "{:?}", run.elapsed);
        clean(&run.out);
    }
}

#[test]
fn a_slow_engine_loses_on_time_within_the_time_control_and_the_margin() {
    for proto in ["usi", "xboard"] {
        let (run, game) = fault_game(proto, "slow", "white", &[]);
        assert_eq!(reason(&game), ("time_forfeit", "time_forfeit"), "{game}");
        // Black's one move (0.2 s at most), White's 0.2 s, the margin, the probe's answer
        // and the engines' starts and ends: far below 5 s.
        assert!(run.elapsed < Duration::from_secs(5), "{:?}", run.elapsed);
        clean(&run.out);
    }
}

#[test]
fn a_crash_loses() {
    for proto in ["usi", "xboard"] {
        let (run, game) = fault_game(proto, "crash", "black", &[]);
        assert_eq!(reason(&game), ("crash", "crash"), "{game}");
        assert!(
            game["moves"].as_array().is_some_and(Vec::is_empty),
            "{game}"
        );
        assert!(run.elapsed < Duration::from_secs(5), "{:?}", run.elapsed);
        clean(&run.out);
    }
}

#[test]
fn a_hang_ends_the_game_at_the_deadline_plus_the_grace() {
    for proto in ["usi", "xboard"] {
        let (run, game) = fault_game(proto, "hang", "white", &[]);
        assert_eq!(reason(&game), ("hang", "hang"), "{game}");
        // The deadline (0.2 s + 0.1 s) and the probe's grace (1 s) after Black's move,
        // then the hung engine is killed: the whole run stays under 5 s.
        assert!(run.elapsed < Duration::from_secs(5), "{:?}", run.elapsed);
        clean(&run.out);
    }
}

#[test]
fn an_engine_that_floods_its_output_loses_without_unbounded_memory() {
    let (run, game) = fault_game("usi", "flood", "white", &[]);
    assert_eq!(reason(&game), ("output_flood", "output_flood"), "{game}");
    // It prints 100 MB; the referee keeps far less.
    assert!(run.peak_kib < 64 * 1024, "peak {} KiB", run.peak_kib);
    assert!(run.elapsed < Duration::from_secs(10), "{:?}", run.elapsed);
    clean(&run.out);
}

#[test]
fn an_engine_that_never_answers_the_handshake_loses_after_the_timeout() {
    for proto in ["usi", "xboard"] {
        let (run, game) = fault_game(proto, "silent", "white", &["--handshake-timeout", "1"]);
        assert_eq!(
            reason(&game),
            ("protocol_error", "protocol_error"),
            "{game}"
        );
        assert!(
            game["moves"].as_array().is_some_and(Vec::is_empty),
            "{game}"
        );
        let detail = game["detail"].as_str().unwrap_or("");
        assert!(detail.contains("white"), "{detail}");
        assert!(run.elapsed >= Duration::from_secs(1), "{:?}", run.elapsed);
        assert!(run.elapsed < Duration::from_secs(5), "{:?}", run.elapsed);
        clean(&run.out);
    }
}

#[test]
fn two_healthy_engines_play_colours_alternated_and_their_records_replay() {
    let marker = marker();
    let engines = [
        baseline("one", "usi", &[], &marker),
        baseline("two", "xboard", &[], &marker),
    ];
    let run = run_match(
        &[
            "--games",
            "2",
            "--st",
            "0.1",
            "--max-plies",
            "20",
            "--concurrency",
            "2",
        ],
        engines,
        &marker,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    for (n, black) in [(1, "one"), (2, "two")] {
        let game = run.game(n);
        assert_eq!(game["black"], black);
        assert!(game["fault"].is_null(), "{game}");
        // Every recorded move replays from the recorded start under the same rules.
        let rules = Rules::default_for(chu());
        let start = game["start"].as_str().expect("a start");
        let pos = parse_valid_position(&rules, start).expect("the start reads");
        let mut replayed = Game::new(pos, &rules, true);
        let moves = game["moves"].as_array().expect("moves");
        for m in moves {
            let text = m["text"].as_str().expect("a move's text");
            replayed
                .play_text(&rules, text)
                .expect("a recorded move is legal");
        }
        let ended = replayed.status().ending.map(|e| e.reason.code());
        match game["reason"].as_str() {
            Some("max_plies") => assert_eq!((moves.len(), ended), (20, None), "{game}"),
            reason => assert_eq!(ended, reason, "{game}"),
        }
        assert!(run.out.join(format!("game-{n:04}.kif")).exists());
    }
    let summary: Value = serde_json::from_str(
        &std::fs::read_to_string(run.out.join("summary.json")).expect("a summary"),
    )
    .expect("JSON");
    assert_eq!(summary["games_played"], 2);
    assert!(run.stdout.contains("Elo difference: "), "{}", run.stdout);
    assert_eq!(
        run.stderr.matches("Finished game ").count(),
        2,
        "{}",
        run.stderr
    );
    clean(&run.out);
}
