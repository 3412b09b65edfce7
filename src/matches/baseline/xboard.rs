//! The baseline engine over XBoard/CECP version 2: the `feature` handshake, the game
//! commands (`new`, `variant`, `force`, `go`, `playother`, `usermove`, `setboard`, `undo`,
//! `remove`, `result`), the clocks (`time`, `otim`, `level`, `st`), `ping`, `post`, `?`,
//! `option Profile=NAME` and `quit`. Moves are XBoard text
//! ([`crate::matches::protocol::xboard`]). `new` plays chu again (as HaChu does; the referee
//! sends `variant` after it) and the engine the second player. `setboard` takes the
//! arbiter's position text, or its board field alone (the first player, sente, to move: the
//! form HaChu reads).

use super::config::BaselineArgs;
use super::session::{guarded, serve, Pending, Reply, Session, Speaker};
use crate::engine::core::color::Color;
use crate::engine::variant::VARIANT_IDS;
use crate::matches::protocol::{usi, xboard};
use std::time::{Duration, Instant};

/// What the engine knows of the clocks.
#[derive(Default)]
struct Clocks {
    /// `st`: seconds a move.
    per_move: Option<f64>,
    /// `level`'s increment, in seconds.
    increment: f64,
    /// `time`: the engine's clock, in centiseconds.
    own: Option<f64>,
}

impl Clocks {
    /// The time the engine may take for this move.
    fn allowance(&self) -> Option<Duration> {
        let secs = match (self.per_move, self.own) {
            (Some(st), _) => st,
            (None, Some(cs)) => cs / 100.0 + self.increment,
            (None, None) => return None,
        };
        Duration::try_from_secs_f64(secs.max(0.0)).ok()
    }
}

/// The engine's state in the protocol.
struct State {
    force: bool,
    /// The side the engine plays when not in force mode.
    engine: Color,
    post: bool,
    clocks: Clocks,
    pending: Option<Pending>,
}

/// Runs the engine until `quit` or the end of its input.
pub fn run(args: &BaselineArgs) {
    let mut s = Session::new(args);
    if s.silent() {
        return;
    }
    let mut st = State {
        force: false,
        engine: Color::White,
        post: false,
        clocks: Clocks::default(),
        pending: None,
    };
    serve(&mut s, &mut st);
}

impl Speaker for State {
    const TOO_LONG: &'static str = "Error (line too long): the line was dropped";

    fn pending(&self) -> Option<&Pending> {
        self.pending.as_ref()
    }

    fn emit(&mut self, s: &mut Session) {
        emit(s, self);
    }

    fn command(&mut self, s: &mut Session, line: &str) -> bool {
        command(s, self, line)
    }
}

/// Handles one command; false on `quit`.
fn command(s: &mut Session, st: &mut State, line: &str) -> bool {
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    let rest = rest.trim();
    match word {
        "" | "xboard" | "accepted" | "rejected" | "hard" | "easy" | "random" | "computer"
        | "name" | "ics" | "draw" | "sd" | "nps" | "cores" | "egtpath" | "memory" | "hint"
        | "bk" | "white" | "black" | "otim" => {}
        "quit" => return false,
        "protover" => features(s),
        "new" => {
            let _ = s.brain.set_variant("chu");
            s.new_game();
            st.force = false;
            st.engine = Color::White;
            st.pending = None;
        }
        "variant" => match xboard_variant(rest) {
            Some(id) => {
                if let Ok(Some(warning)) = s.brain.set_variant(id) {
                    s.out.line(&format!("# {warning}"));
                }
                s.new_game();
            }
            None => s.out.line(&format!("Error (unsupported variant): {rest}")),
        },
        "force" => {
            st.force = true;
            st.pending = None;
        }
        "result" => {
            st.force = true;
            st.pending = None;
        }
        "go" => {
            st.force = false;
            st.engine = s.brain.side();
            think(s, st);
        }
        "playother" => {
            st.force = false;
            st.engine = s.brain.side().opponent();
        }
        "usermove" => usermove(s, st, rest),
        "?" => {
            if let Some(p) = st.pending.as_mut() {
                p.due = Some(Instant::now());
            }
        }
        "ping" => s.out.line(&format!("pong {rest}")),
        "post" => st.post = true,
        "nopost" => st.post = false,
        "st" => match rest.parse::<f64>() {
            Ok(secs) if secs.is_finite() => st.clocks.per_move = Some(secs),
            _ => s.out.line(&format!("Error (bad seconds): {line}")),
        },
        "level" => match level_increment(rest) {
            Some(inc) => {
                st.clocks.per_move = None;
                st.clocks.increment = inc;
            }
            None => s.out.line(&format!("Error (bad level): {line}")),
        },
        "time" => match rest.parse::<f64>() {
            Ok(cs) if cs.is_finite() => st.clocks.own = Some(cs),
            _ => s.out.line(&format!("Error (bad time): {line}")),
        },
        "option" => option(s, rest),
        "setboard" => setboard(s, st, rest),
        "undo" | "remove" => {
            s.brain.undo(if word == "undo" { 1 } else { 2 });
            st.pending = None;
        }
        _ => s.out.line(&format!("Error (unknown command): {line}")),
    }
    true
}

/// The `feature` lines.
fn features(s: &mut Session) {
    let variants: Vec<&str> = VARIANT_IDS
        .iter()
        .filter_map(|id| xboard::variant_name(id))
        .collect();
    s.out.line(&format!(
        "feature myname=\"shogi-arbiter baseline {}\" variants=\"{}\"",
        env!("CARGO_PKG_VERSION"),
        variants.join(",")
    ));
    s.out
        .line("feature usermove=1 setboard=1 ping=1 memory=1 sigint=0 sigterm=0 colors=0 debug=1");
    s.out.line("feature option=\"Profile -string \"");
    s.out.line("feature done=1");
}

/// Our variant id of an XBoard variant name.
fn xboard_variant(name: &str) -> Option<&'static str> {
    VARIANT_IDS
        .iter()
        .copied()
        .find(|id| xboard::variant_name(id) == Some(name))
}

/// `level MPS BASE INC`: the increment in seconds, when the three fields read.
fn level_increment(rest: &str) -> Option<f64> {
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let [mps, base, inc] = fields[..] else {
        return None;
    };
    mps.parse::<u32>().ok()?;
    for part in base.split(':') {
        part.parse::<f64>().ok().filter(|v| v.is_finite())?;
    }
    inc.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// `option NAME=VALUE`.
fn option(s: &mut Session, rest: &str) {
    match rest.split_once('=') {
        Some(("Profile", value)) => {
            if let Err(e) = s.brain.set_profile(value.trim()) {
                s.out
                    .line(&format!("Error (bad profile: {e}): option {rest}"));
            }
        }
        _ => s
            .out
            .line(&format!("Error (unknown option): option {rest}")),
    }
}

/// `setboard`: the arbiter's position text, or its board field alone.
fn setboard(s: &mut Session, st: &mut State, text: &str) {
    let full = if text.split_whitespace().count() == 1 {
        format!("{} b - 1", text.trim_end_matches('/'))
    } else {
        text.to_string()
    };
    let rules = &s.brain.rules;
    match guarded(|| usi::position_from_wire(rules, &full).map_err(|e| e.why)) {
        Ok(pos) => {
            s.brain.set_position(pos);
            st.pending = None;
        }
        Err(why) => s
            .out
            .line(&format!("Error (bad position: {why}): setboard {text}")),
    }
}

/// `usermove MOVE`: plays it, then moves when it is the engine's turn.
fn usermove(s: &mut Session, st: &mut State, wire: &str) {
    let readable = wire.is_ascii() && wire.split(',').all(|leg| leg.len() >= 2);
    let translated = if readable {
        let (pos, rules) = (&s.brain.game.position, &s.brain.rules);
        guarded(|| xboard::move_from_wire(pos, rules, wire).map_err(|e| e.why))
    } else {
        Err(format!("not an XBoard move: {wire:?}"))
    };
    let played = translated.and_then(|text| s.brain.play(&text));
    match played {
        Ok(()) => {
            st.pending = None;
            if !st.force && s.brain.side() == st.engine {
                think(s, st);
            }
        }
        Err(why) => {
            s.out.line(&format!("# {why}"));
            s.out.line(&format!("Illegal move: {wire}"));
        }
    }
}

/// Decides a move (sent when it is due).
fn think(s: &mut Session, st: &mut State) {
    st.pending = s.decide(st.clocks.allowance(), "#", xboard::move_to_wire);
    if st.pending.as_ref().is_some_and(Pending::is_due) {
        emit(s, st);
    }
}

/// Sends the move held back.
fn emit(s: &mut Session, st: &mut State) {
    let Some(pending) = st.pending.take() else {
        return;
    };
    match pending.reply {
        Reply::Move {
            mv,
            wire,
            score,
            nodes,
        } => {
            if st.post {
                s.out.line(&format!("1 {score} 0 {nodes} {wire}"));
            }
            s.out.line(&format!("move {wire}"));
            s.brain.play_legal(mv);
        }
        Reply::Fault(wire) => s.out.line(&format!("move {wire}")),
        Reply::Resign => s.out.line("resign"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_reads_both_base_forms() {
        assert_eq!(level_increment("40 5 0"), Some(0.0));
        assert_eq!(level_increment("0 0:10 2.5"), Some(2.5));
        assert_eq!(level_increment("0 x 1"), None);
        assert_eq!(level_increment("0 1"), None);
    }

    #[test]
    fn every_variant_xboard_names_maps_back() {
        for id in VARIANT_IDS {
            if let Some(name) = xboard::variant_name(id) {
                assert_eq!(xboard_variant(name), Some(*id));
            }
        }
        assert_eq!(xboard_variant("chess"), None);
    }
}
