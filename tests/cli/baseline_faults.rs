//! The baseline engine's faults (`--fault`, `--fault-at`), each as the command line
//! defines it: an illegal move the arbiter refuses, a move the protocol does not read, a
//! hang that answers nothing but stays alive, a slow move that comes after its allowance
//! while pings are answered, a crash with status 3, garbage instead of a move, a flood of
//! 100 MiB and then nothing, a silent handshake. Every child is killed and reaped.

use super::baseline_engine::{Engine, Read, ANSWER};
use shogi_arbiter::engine::game::Game;
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::variant::{self, Rules};
use shogi_arbiter::matches::protocol::{usi, xboard};
use std::time::{Duration, Instant};

const SECOND: Duration = Duration::from_secs(1);

/// An engine of `protocol` with `fault` at its move `at`.
fn faulty(protocol: &str, fault: &str, at: &str) -> Engine {
    Engine::start(&[
        "--protocol",
        protocol,
        "--seed",
        "5",
        "--fault",
        fault,
        "--fault-at",
        at,
    ])
}

/// A USI engine with `fault`, handshake done, asked for its first move from chu's start.
fn usi_asked(fault: &str, at: &str, go: &str) -> Engine {
    let mut engine = faulty("usi", fault, at);
    engine.send("usi");
    engine.until(|l| l == "usiok");
    engine.send("isready");
    engine.until(|l| l == "readyok");
    engine.send("usinewgame");
    engine.send("position startpos");
    engine.send(go);
    engine
}

/// An XBoard engine with `fault`, handshake done, asked to play chu's first move.
fn xboard_asked(fault: &str, at: &str) -> Engine {
    let mut engine = faulty("xboard", fault, at);
    engine.send("xboard");
    engine.send("protover 2");
    engine.until(|l| l.contains("done=1"));
    for line in ["memory 32", "new", "variant chu", "st 0.2", "go"] {
        engine.send(line);
    }
    engine
}

fn chu() -> (Rules, Game) {
    let rules = Rules::default_for(variant::chu());
    let game = Game::new(Position::start(&rules), &rules, true);
    (rules, game)
}

/// The move text after `prefix` on the last line that starts with it.
fn moved(lines: &[String], prefix: &str) -> String {
    let last = lines.last().expect("a line");
    assert!(last.starts_with(prefix), "{lines:?}");
    last[prefix.len()..].to_string()
}

#[test]
fn the_illegal_fault_sends_a_well_formed_move_the_arbiter_refuses() {
    let (rules, game) = chu();
    let engine = usi_asked("illegal", "1", "go btime 1000 wtime 1000");
    let wire = moved(&engine.until(|l| l.starts_with("bestmove ")), "bestmove ");
    let text = usi::move_from_wire(&game.position, &rules, &wire).expect("well formed");
    let reason = game.judge(&rules, &text).expect_err("illegal");
    assert!(!reason.is_unreadable(), "{wire}: {reason}");

    let engine = xboard_asked("illegal", "1");
    let wire = moved(&engine.until(|l| l.starts_with("move ")), "move ");
    let text = xboard::move_from_wire(&game.position, &rules, &wire).expect("well formed");
    let reason = game.judge(&rules, &text).expect_err("illegal");
    assert!(!reason.is_unreadable(), "{wire}: {reason}");
}

#[test]
fn the_fault_comes_at_the_move_asked_for() {
    let (rules, mut game) = chu();
    let mut engine = faulty("usi", "illegal", "3");
    engine.send("usinewgame");
    let mut moves: Vec<String> = vec![];
    for n in 1..=3 {
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        engine.send("go movetime 100");
        let wire = moved(&engine.until(|l| l.starts_with("bestmove ")), "bestmove ");
        let text = usi::move_from_wire(&game.position, &rules, &wire).expect("readable");
        match game.judge(&rules, &text) {
            Ok(candidate) if n < 3 => {
                game.commit(&rules, candidate);
                moves.push(wire);
            }
            Err(reason) if n == 3 => assert!(!reason.is_unreadable(), "{reason}"),
            other => panic!("move {n}: {wire}: {other:?}"),
        }
    }
}

#[test]
fn the_unparsable_fault_sends_what_no_protocol_reads() {
    let (rules, game) = chu();
    let engine = usi_asked("unparsable", "1", "go btime 1000 wtime 1000");
    let wire = moved(&engine.until(|l| l.starts_with("bestmove ")), "bestmove ");
    assert!(
        usi::move_from_wire(&game.position, &rules, &wire).is_err(),
        "{wire}"
    );
    let engine = xboard_asked("unparsable", "1");
    let wire = moved(&engine.until(|l| l.starts_with("move ")), "move ");
    assert!(
        xboard::move_from_wire(&game.position, &rules, &wire).is_err(),
        "{wire}"
    );
}

#[test]
fn the_hang_fault_answers_nothing_and_stays_alive() {
    let mut engine = usi_asked("hang", "2", "go movetime 50");
    engine.until(|l| l.starts_with("bestmove "));
    engine.send("go movetime 50");
    for line in ["stop", "isready", "quit"] {
        engine.send(line);
    }
    assert_eq!(engine.read(SECOND), Read::Nothing);
    assert_eq!(engine.exited(), None, "alive after a second");
    // Its input closed, it still stays alive.
    engine.close();
    assert_eq!(engine.wait_exit(Duration::from_millis(300)), None);

    let mut engine = xboard_asked("hang", "1");
    engine.send("ping 1");
    engine.send("?");
    assert_eq!(engine.read(SECOND), Read::Nothing);
    assert_eq!(engine.exited(), None);
}

#[test]
fn the_slow_fault_moves_after_its_allowance_and_answers_meanwhile() {
    let asked = Instant::now();
    let mut engine = usi_asked("slow", "1", "go movetime 300");
    engine.send("isready");
    assert_eq!(engine.line(), "readyok");
    assert!(asked.elapsed() < Duration::from_millis(300));
    engine.until(|l| l.starts_with("bestmove "));
    assert!(asked.elapsed() >= Duration::from_millis(300));

    // `stop` makes it move at once.
    let mut engine = usi_asked("slow", "1", "go movetime 60000");
    engine.send("isready");
    assert_eq!(engine.line(), "readyok");
    let stopped = Instant::now();
    engine.send("stop");
    engine.until(|l| l.starts_with("bestmove "));
    assert!(stopped.elapsed() < ANSWER);

    let asked = Instant::now();
    let mut engine = xboard_asked("slow", "1");
    engine.send("ping 4");
    assert_eq!(engine.until(|l| !l.starts_with('#')), ["pong 4"]);
    engine.until(|l| l.starts_with("move "));
    assert!(asked.elapsed() >= Duration::from_millis(200));
}

#[test]
fn the_crash_fault_exits_with_status_3_when_asked_to_move() {
    let mut engine = usi_asked("crash", "1", "go movetime 50");
    let status = engine.wait_exit(ANSWER).expect("it exits");
    assert_eq!(status.code(), Some(3));
    let mut engine = xboard_asked("crash", "1");
    let status = engine.wait_exit(ANSWER).expect("it exits");
    assert_eq!(status.code(), Some(3));
}

#[test]
fn the_garbage_fault_prints_junk_instead_of_a_move() {
    for (mut engine, ping, pong) in [
        (
            usi_asked("garbage", "1", "go movetime 50"),
            "isready",
            "readyok",
        ),
        (xboard_asked("garbage", "1"), "ping 2", "pong 2"),
    ] {
        let mut lines = vec![];
        while let Read::Line(line) = engine.read(Duration::from_millis(500)) {
            lines.push(line);
        }
        assert!(lines.iter().any(|l| std::str::from_utf8(l).is_err()));
        assert!(lines.iter().any(|l| l.len() >= 1 << 20));
        assert!(
            !lines
                .iter()
                .any(|l| l.starts_with(b"bestmove") || l.starts_with(b"move")),
            "no move"
        );
        engine.send(ping);
        assert_eq!(engine.line(), pong);
    }
}

#[test]
fn the_flood_fault_prints_100_mib_then_nothing() {
    for engine in [
        usi_asked("flood", "1", "go movetime 50"),
        xboard_asked("flood", "1"),
    ] {
        let mut bytes = 0usize;
        let deadline = Instant::now() + ANSWER;
        while bytes < 100 << 20 {
            assert!(Instant::now() < deadline, "{bytes} bytes so far");
            match engine.read(ANSWER) {
                Read::Line(line) => {
                    assert!(!line.starts_with(b"bestmove") && !line.starts_with(b"move"));
                    bytes += line.len() + 1;
                }
                other => panic!("{other:?} after {bytes} bytes"),
            }
        }
        assert_eq!(engine.read(Duration::from_millis(500)), Read::Nothing);
    }
}

#[test]
fn the_silent_fault_never_answers_the_handshake() {
    for (protocol, hello) in [("usi", &["usi"][..]), ("xboard", &["xboard", "protover 2"])] {
        let mut engine = Engine::start(&["--protocol", protocol, "--fault", "silent"]);
        for line in hello {
            engine.send(line);
        }
        assert_eq!(engine.read(SECOND), Read::Nothing, "{protocol}");
        assert_eq!(engine.exited(), None);
        engine.send("quit");
        assert!(engine.wait_exit(ANSWER).is_some_and(|s| s.success()));
    }
}
