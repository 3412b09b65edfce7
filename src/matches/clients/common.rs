//! What both protocol clients share: the engine's process with its name and handshake
//! timeout ([`Engine`]), the moves of a game in a protocol's text, reading up to an awaited
//! line, and the words of a handshake that did not end in time.

use crate::engine::core::moves::Move;
use crate::engine::game::Game;
use crate::engine::position::Position;
use crate::engine::variant::Rules;
use crate::matches::player::{EngineSpec, Fault};
use crate::matches::process::EngineProcess;
use std::time::{Duration, Instant};

/// How long an engine may take to exit after its quit command before it is killed.
pub(super) const QUIT_GRACE: Duration = Duration::from_millis(500);

/// An engine's process, with what both clients keep of its spec.
pub(super) struct Engine {
    pub name: String,
    pub process: EngineProcess,
    pub handshake_timeout: Duration,
}

impl Engine {
    /// Starts the engine of `spec`.
    pub fn spawn(spec: &EngineSpec) -> Result<Engine, Fault> {
        Ok(Engine {
            name: spec.name.clone(),
            process: EngineProcess::spawn(spec)?,
            handshake_timeout: spec.handshake_timeout,
        })
    }
}

/// The protocol texts of the game's moves from ply `from` on, each written by `to_wire` from
/// the position before it.
pub(super) fn wire_moves(
    game: &Game,
    rules: &Rules,
    from: usize,
    to_wire: fn(&Position, &Rules, &Move) -> String,
) -> Vec<String> {
    if from >= game.plies() {
        return Vec::new();
    }
    let mut pos = game.position_at(rules, from);
    game.played[from..]
        .iter()
        .map(|p| {
            let text = to_wire(&pos, rules, &p.mv);
            pos.play_unchecked(&p.mv, rules);
            text
        })
        .collect()
}

/// A handshake step that did not end in time, in words.
pub(super) fn handshake_fault(fault: Fault, waited_for: &str, timeout: Duration) -> Fault {
    match fault {
        Fault::TimedOut => Fault::Protocol(format!(
            "no {waited_for} within the handshake timeout of {:.3} s",
            timeout.as_secs_f64()
        )),
        other => other,
    }
}

/// Reads lines until one satisfies `done`, until `deadline`.
pub(super) fn read_until(
    process: &mut EngineProcess,
    deadline: Instant,
    mut done: impl FnMut(&str) -> bool,
) -> Result<String, Fault> {
    loop {
        let line = process.recv(deadline)?;
        if done(&line) {
            return Ok(line);
        }
    }
}

/// Milliseconds, for protocol commands.
pub(super) fn millis(d: Duration) -> u128 {
    d.as_millis()
}

/// A turn at the given clock (both sides), due in as much time.
#[cfg(test)]
pub(super) fn turn_in<'a>(
    game: &'a Game,
    rules: &'a Rules,
    ms: u64,
) -> crate::matches::player::Turn<'a> {
    let t = Duration::from_millis(ms);
    crate::matches::player::Turn {
        game,
        rules,
        own: t,
        opponent: t,
        deadline: Instant::now() + t,
    }
}
