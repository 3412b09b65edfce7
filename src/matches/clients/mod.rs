//! Players over engine processes, one file per protocol: [`xboard`] (XBoard/CECP v2, as
//! HaChu speaks it) and [`usi`] (USI, as lishogi's bots speak it). [`start_player`] starts an
//! engine and runs its handshake; what depends on the variant is set in
//! [`Player::new_game`](super::player::Player::new_game).

mod common;
pub mod usi;
pub mod xboard;

use super::player::{EngineSpec, Fault, Player, Protocol};

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
