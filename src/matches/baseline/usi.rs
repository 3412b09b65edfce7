//! The baseline engine over USI: `usi` (its options `USI_Variant`, a combo of every variant
//! id, default chu, and `Profile`, a string, empty for the variant's first profile),
//! `setoption`, `isready`, `usinewgame`, `position startpos|sfen … [moves …]`, `go` (with
//! `btime`, `wtime`, `byoyomi`, `binc`, `winc`, `movetime`, `infinite`, `ponder`), `stop`,
//! `ponderhit`, `gameover` and `quit`. Positions and moves are USI text
//! ([`crate::matches::protocol::usi`]: lishogi's for chu, the arbiter's own for the other
//! variants).

use super::config::BaselineArgs;
use super::session::{guarded, serve, Pending, Reply, Session, Speaker};
use crate::engine::core::color::Color;
use crate::engine::position::Position;
use crate::engine::variant::VARIANT_IDS;
use crate::matches::protocol::usi;
use std::time::{Duration, Instant};

/// Runs the engine until `quit` or the end of its input.
pub fn run(args: &BaselineArgs) {
    let mut s = Session::new(args);
    if s.silent() {
        return;
    }
    serve(&mut s, &mut Usi { pending: None });
}

/// The engine's state in the protocol: the reply held back.
struct Usi {
    pending: Option<Pending>,
}

impl Speaker for Usi {
    const TOO_LONG: &'static str = "info string error: the line was too long";

    fn pending(&self) -> Option<&Pending> {
        self.pending.as_ref()
    }

    fn emit(&mut self, s: &mut Session) {
        emit(s, &mut self.pending);
    }

    fn command(&mut self, s: &mut Session, line: &str) -> bool {
        command(s, &mut self.pending, line)
    }
}

/// Handles one command; false on `quit`.
fn command(s: &mut Session, pending: &mut Option<Pending>, line: &str) -> bool {
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    let rest = rest.trim();
    match word {
        "" => {}
        "quit" => return false,
        "usi" => {
            s.out.line(&format!(
                "id name shogi-arbiter baseline {}",
                env!("CARGO_PKG_VERSION")
            ));
            s.out.line("id author the shogi-arbiter authors");
            let vars: Vec<String> = VARIANT_IDS.iter().map(|id| format!("var {id}")).collect();
            s.out.line(&format!(
                "option name USI_Variant type combo default chu {}",
                vars.join(" ")
            ));
            s.out
                .line("option name Profile type string default <empty>");
            s.out.line("usiok");
        }
        "isready" => s.out.line("readyok"),
        "setoption" => setoption(s, rest),
        "usinewgame" => {
            s.brain.new_game();
            s.new_game();
            *pending = None;
        }
        "position" => {
            *pending = None;
            if let Err(e) = position(s, rest) {
                s.out.line(&format!("info string error: {e}"));
            }
        }
        "go" => go(s, pending, rest),
        "stop" | "ponderhit" => {
            if let Some(p) = pending.as_mut() {
                p.due = Some(Instant::now());
            }
        }
        "gameover" => *pending = None,
        _ => s
            .out
            .line(&format!("info string error: unknown command: {line}")),
    }
    true
}

/// `setoption name NAME [value VALUE]`.
fn setoption(s: &mut Session, rest: &str) {
    let Some(rest) = rest.strip_prefix("name ") else {
        s.out.line("info string error: setoption without a name");
        return;
    };
    let (name, value) = match rest.split_once(" value") {
        Some((name, value)) => (name.trim(), value.trim()),
        None => (rest.trim(), ""),
    };
    let outcome = match name {
        "USI_Variant" => s.brain.set_variant(value).map(|warning| {
            if let Some(w) = warning {
                s.out.line(&format!("info string {w}"));
            }
        }),
        "Profile" => s
            .brain
            .set_profile(if value == "<empty>" { "" } else { value }),
        "USI_Hash" | "USI_Ponder" => Ok(()),
        _ => Err(format!("unknown option {name:?}")),
    };
    if let Err(e) = outcome {
        s.out.line(&format!("info string error: {e}"));
    }
}

/// `position startpos|sfen TEXT [moves M...]`; on a move that does not play, the position
/// stays at the move before it.
fn position(s: &mut Session, rest: &str) -> Result<(), String> {
    let (setup, moves) = match rest.split_once("moves") {
        Some((setup, moves)) => (setup.trim(), moves.split_whitespace().collect()),
        None => (rest.trim(), vec![]),
    };
    let start = if setup == "startpos" {
        Position::start(&s.brain.rules)
    } else if let Some(text) = setup.strip_prefix("sfen ") {
        let rules = &s.brain.rules;
        guarded(|| usi::position_from_wire(rules, text.trim()).map_err(|e| e.why))?
    } else {
        return Err(format!("not a position: {setup:?}"));
    };
    s.brain.set_position(start);
    for wire in moves {
        let (pos, rules) = (&s.brain.game.position, &s.brain.rules);
        guarded(|| usi::move_from_wire(pos, rules, wire).map_err(|e| e.why))
            .and_then(|text| s.brain.play(&text))
            .map_err(|why| format!("move {wire}: {why}"))?;
    }
    Ok(())
}

/// `go ...`: the allowance for this move, then the move (held back for `go infinite` or
/// `go ponder` until `stop` or `ponderhit`).
fn go(s: &mut Session, pending: &mut Option<Pending>, rest: &str) {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let ms = |key: &str| -> Option<f64> {
        let at = words.iter().position(|w| *w == key)?;
        words
            .get(at + 1)?
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
    };
    let (own, inc) = match s.brain.side() {
        Color::Black => ("btime", "binc"),
        Color::White => ("wtime", "winc"),
    };
    let allowance_ms = ms("movetime").or_else(|| {
        let parts = [ms(own), ms("byoyomi"), ms(inc)];
        parts
            .iter()
            .any(Option::is_some)
            .then(|| parts.iter().flatten().sum())
    });
    let allowance = allowance_ms.and_then(|v| Duration::try_from_secs_f64(v.max(0.0) / 1e3).ok());
    let wait = words.iter().any(|w| *w == "infinite" || *w == "ponder");
    *pending = s.decide(allowance, "info string", usi::move_to_wire);
    if let Some(p) = pending.as_mut() {
        if wait {
            p.due = None;
        }
    }
    if pending.as_ref().is_some_and(Pending::is_due) {
        emit(s, pending);
    }
}

/// Sends the move held back.
fn emit(s: &mut Session, pending: &mut Option<Pending>) {
    let Some(p) = pending.take() else {
        return;
    };
    match p.reply {
        Reply::Move {
            wire, score, nodes, ..
        } => {
            s.out.line(&format!(
                "info depth 1 score cp {score} nodes {nodes} pv {wire}"
            ));
            s.out.line(&format!("bestmove {wire}"));
        }
        Reply::Fault(wire) => s.out.line(&format!("bestmove {wire}")),
        Reply::Resign => s.out.line("bestmove resign"),
    }
}
