//! The baseline engine plays over pipes in both protocols on every variant each carries:
//! the handshake, moves both ways (the test's own moves chosen from the arbiter's legal
//! moves), every move the engine makes judged legal by the rules engine, the score it
//! reports, the same moves from the same seed; and input it cannot read answered with an
//! error line, never a crash.

use super::baseline_engine::{Engine, Read};
use shogi_arbiter::engine::game::Game;
use shogi_arbiter::engine::notation::format_move;
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::variant::{self, Rules, VARIANT_IDS};
use shogi_arbiter::matches::protocol::{usi, xboard};
use std::time::Duration;

/// The engine's moves in a game (fewer when the game ends before).
const ENGINE_MOVES: usize = 4;

/// A game of variant `id` from its start, as the test keeps it.
fn game_of(id: &str) -> (Rules, Game) {
    let rules = Rules::default_for(variant::by_id(id).expect("a variant"));
    let game = Game::new(Position::start(&rules), &rules, true);
    (rules, game)
}

/// The test's own move: one of the legal moves, picked by the ply.
fn own_move(rules: &Rules, game: &mut Game) -> shogi_arbiter::engine::core::moves::Move {
    let moves = game.legal_moves(rules);
    assert!(
        !moves.is_empty(),
        "{}: {:?}",
        rules.variant.id,
        game.status()
    );
    let mv = moves[(game.plies() * 7 + 3) % moves.len()];
    let candidate = game.judge_legal(rules, mv).expect("legal");
    game.commit(rules, candidate);
    mv
}

/// Judges and plays the engine's move, given in machine text; its text.
fn judge(rules: &Rules, game: &mut Game, id: &str, machine: &str) -> String {
    let candidate = game
        .judge(rules, machine)
        .unwrap_or_else(|e| panic!("{id}: the engine's {machine} is illegal: {e}"));
    let text = format_move(rules.variant.shape(), &candidate.mv);
    game.commit(rules, candidate);
    text
}

/// A game over USI in variant `id`: the test plays Black, the engine White; the engine's
/// moves in machine text.
fn usi_game(id: &str, seed: &str) -> Vec<String> {
    let mut engine = Engine::start(&["--protocol", "usi", "--seed", seed]);
    engine.send("usi");
    let hello = engine.until(|l| l == "usiok");
    assert!(hello.iter().any(|l| l.starts_with("id name ")), "{hello:?}");
    let combo = hello
        .iter()
        .find(|l| l.starts_with("option name USI_Variant type combo default chu"))
        .unwrap_or_else(|| panic!("{hello:?}"));
    for v in VARIANT_IDS {
        assert!(combo.contains(&format!(" var {v}")), "{combo}");
    }
    assert!(
        hello.contains(&"option name Profile type string default <empty>".to_string()),
        "{hello:?}"
    );
    engine.send(&format!("setoption name USI_Variant value {id}"));
    engine.send("isready");
    assert_eq!(engine.until(|l| l == "readyok"), ["readyok"]);
    engine.send("usinewgame");
    let (rules, mut game) = game_of(id);
    let mut wire_moves: Vec<String> = vec![];
    let mut played = vec![];
    for _ in 0..ENGINE_MOVES {
        if game.status().ending.is_some() {
            break;
        }
        let before = game.position.clone();
        let mv = own_move(&rules, &mut game);
        wire_moves.push(usi::move_to_wire(&before, &rules, &mv));
        engine.send(&format!("position startpos moves {}", wire_moves.join(" ")));
        engine.send("go btime 1000 wtime 1000 byoyomi 100");
        let lines = engine.until(|l| l.starts_with("bestmove "));
        let best = lines.last().expect("bestmove")["bestmove ".len()..].to_string();
        let info = lines
            .iter()
            .find(|l| l.starts_with("info depth 1 score cp "))
            .unwrap_or_else(|| panic!("{id}: no score line: {lines:?}"));
        let fields: Vec<&str> = info.split_whitespace().collect();
        assert!(fields[5].parse::<i32>().is_ok(), "{info}");
        assert_eq!(fields.last(), Some(&best.as_str()), "{info}");
        let machine = usi::move_from_wire(&game.position, &rules, &best)
            .unwrap_or_else(|e| panic!("{id}: {best}: {}", e.why));
        played.push(judge(&rules, &mut game, id, &machine));
        wire_moves.push(best);
    }
    engine.send("quit");
    assert!(engine
        .wait_exit(Duration::from_secs(5))
        .is_some_and(|s| s.success()));
    played
}

/// A game over XBoard in variant `id` (XBoard name `name`): the engine plays first (`go`),
/// then answers the test's moves; the engine's moves in machine text.
fn xboard_game(id: &str, name: &str, seed: &str) -> Vec<String> {
    let mut engine = Engine::start(&["--protocol", "xboard", "--seed", seed]);
    engine.send("xboard");
    engine.send("protover 2");
    let features = engine.until(|l| l.contains("done=1")).join("\n");
    for wanted in [
        "myname=\"",
        "usermove=1",
        "setboard=1",
        "ping=1",
        "memory=1",
        "sigint=0",
        "sigterm=0",
        "option=\"Profile -string",
    ] {
        assert!(features.contains(wanted), "{wanted}: {features}");
    }
    let names: Vec<&str> = VARIANT_IDS
        .iter()
        .filter_map(|v| xboard::variant_name(v))
        .collect();
    assert!(
        features.contains(&format!("variants=\"{}\"", names.join(","))),
        "{features}"
    );
    for line in ["memory 32", "new", &format!("variant {name}"), "post"] {
        engine.send(line);
    }
    engine.send("level 0 0:10 0");
    engine.send("time 1000");
    engine.send("otim 1000");
    engine.send("go");
    let (rules, mut game) = game_of(id);
    let mut played = vec![];
    for n in 0..ENGINE_MOVES {
        if game.status().ending.is_some() {
            break;
        }
        let lines = engine.until(|l| l.starts_with("move "));
        let wire = lines.last().expect("a move")["move ".len()..].to_string();
        let thinking = &lines[lines.len() - 2];
        let fields: Vec<&str> = thinking.split_whitespace().collect();
        assert_eq!(fields.first(), Some(&"1"), "{id}: {lines:?}");
        assert!(fields[1].parse::<i32>().is_ok(), "{thinking}");
        assert_eq!(fields.last(), Some(&wire.as_str()), "{thinking}");
        let machine = xboard::move_from_wire(&game.position, &rules, &wire)
            .unwrap_or_else(|e| panic!("{id}: {wire}: {}", e.why));
        played.push(judge(&rules, &mut game, id, &machine));
        if n + 1 < ENGINE_MOVES && game.status().ending.is_none() {
            let before = game.position.clone();
            let mv = own_move(&rules, &mut game);
            engine.send("time 1000");
            engine.send("otim 1000");
            engine.send(&format!(
                "usermove {}",
                xboard::move_to_wire(&before, &rules, &mv)
            ));
        }
    }
    engine.send("ping 9");
    assert_eq!(engine.until(|l| l.starts_with("pong")), ["pong 9"]);
    engine.send("quit");
    assert!(engine
        .wait_exit(Duration::from_secs(5))
        .is_some_and(|s| s.success()));
    played
}

#[test]
fn the_baseline_engine_plays_legal_moves_over_usi_on_every_variant() {
    for id in VARIANT_IDS {
        let first = usi_game(id, "7");
        // A greedy engine may take a royal the test leaves en prise, ending the game.
        assert!(first.len() >= 2, "{id}: {first:?}");
        assert_eq!(first, usi_game(id, "7"), "{id}: the same seed, other moves");
    }
}

#[test]
fn the_baseline_engine_plays_legal_moves_over_xboard_on_every_variant_it_names() {
    let mut named = 0;
    for id in VARIANT_IDS {
        let Some(name) = xboard::variant_name(id) else {
            continue;
        };
        named += 1;
        let first = xboard_game(id, name, "11");
        assert!(first.len() >= 2, "{id}: {first:?}");
        assert_eq!(
            first,
            xboard_game(id, name, "11"),
            "{id}: the same seed, other moves"
        );
    }
    assert!(named >= 3, "chu, dai and tenjiku at least");
}

#[test]
fn another_seed_plays_other_moves() {
    assert_ne!(usi_game("chu", "1"), usi_game("chu", "2"));
}

#[test]
fn input_it_cannot_read_gets_an_error_line_and_no_crash() {
    let mut usi = Engine::start(&["--protocol", "usi", "--seed", "1"]);
    for line in [
        "position sfen not-a-position b - 1",
        "position startpos moves 99z99z",
        "position startpos moves \u{e9}",
        "setoption name USI_Variant value chess",
        "setoption name Nonesuch value 1",
        "setoption",
        "frobnicate",
    ] {
        usi.send(line);
        let answer = usi.line();
        assert!(answer.starts_with("info string error"), "{line}: {answer}");
    }
    usi.send_bytes(b"\xff\xfe\x00 go\n");
    assert!(usi.line().starts_with("info string error"));
    usi.send_bytes(&vec![b'x'; 2 << 20]);
    usi.send("");
    assert!(usi.line().starts_with("info string error"));
    usi.send("go movetime 10 nodes x depth");
    assert!(usi.until(|l| l.starts_with("bestmove ")).len() >= 2);
    usi.send("isready");
    assert_eq!(usi.line(), "readyok");
    usi.send("quit");
    assert!(usi
        .wait_exit(Duration::from_secs(5))
        .is_some_and(|s| s.success()));

    let mut xb = Engine::start(&["--protocol", "xboard", "--seed", "1"]);
    for (line, answer) in [
        ("usermove ~~", "Illegal move: ~~"),
        ("usermove a1a1a1", "Illegal move: a1a1a1"),
        ("usermove z99z98", "Illegal move: z99z98"),
        ("usermove ,", "Illegal move: ,"),
        ("usermove \u{e9}5\u{e9}6", "Illegal move: \u{e9}5\u{e9}6"),
        ("variant chess", "Error (unsupported variant): chess"),
        ("setboard nonsense", "Error (bad position"),
        ("level x", "Error (bad level)"),
        ("st -", "Error (bad seconds)"),
        ("option Nonesuch=1", "Error (unknown option)"),
        ("option Profile=nonesuch", "Error (bad profile"),
        ("frobnicate", "Error (unknown command): frobnicate"),
    ] {
        xb.send(line);
        let got = xb.until(|l| !l.starts_with('#'));
        assert!(
            got.last().is_some_and(|l| l.starts_with(answer)),
            "{line}: {got:?}"
        );
    }
    xb.send("ping 1");
    assert_eq!(xb.line(), "pong 1");
    xb.close();
    assert!(xb
        .wait_exit(Duration::from_secs(5))
        .is_some_and(|s| s.success()));
    assert_eq!(xb.read(Duration::from_millis(100)), Read::End);
}
