//! Players over engine processes, one file per protocol: [`xboard`] (XBoard/CECP v2, as
//! HaChu speaks it) and [`usi`] (USI, as lishogi's bots speak it). [`start_player`] starts an
//! engine and runs its handshake; what depends on the variant is set in
//! [`Player::new_game`](super::player::Player::new_game).

pub mod usi;
pub mod xboard;

use super::player::{EngineSpec, Fault, Player, Protocol};
use super::process::EngineProcess;
use crate::engine::core::moves::Move;
use crate::engine::game::Game;
use crate::engine::position::Position;
use crate::engine::variant::Rules;
use std::time::{Duration, Instant};

/// How long an engine may take to exit after its quit command before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(500);

/// Starts the engine of `spec` and runs its protocol's handshake.
///
/// # Errors
/// How the engine failed: it could not start, it crashed, it did not finish the handshake in
/// `spec.handshake_timeout` ([`Fault::Protocol`]), or it flooded its output.
pub fn start_player(spec: &EngineSpec) -> Result<Box<dyn Player>, Fault> {
    Ok(match spec.protocol {
        Protocol::Xboard => Box::new(xboard::XboardPlayer::start(spec)?),
        Protocol::Usi => Box::new(usi::UsiPlayer::start(spec)?),
    })
}

/// The protocol texts of the game's moves from ply `from` on, each written by `to_wire` from
/// the position before it.
fn wire_moves(
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
fn handshake_fault(fault: Fault, waited_for: &str, timeout: Duration) -> Fault {
    match fault {
        Fault::TimedOut => Fault::Protocol(format!(
            "no {waited_for} within the handshake timeout of {:.3} s",
            timeout.as_secs_f64()
        )),
        other => other,
    }
}

/// Reads lines until one satisfies `done`, until `deadline`.
fn read_until(
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
fn millis(d: Duration) -> u128 {
    d.as_millis()
}
