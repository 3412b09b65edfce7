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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::process::testing::{reaped, shell};

    #[test]
    fn start_player_runs_the_handshake_of_the_spec_s_protocol() {
        let xboard = "read a; read b; echo 'feature done=1'; read c";
        let usi = "read a; echo usiok; read b; echo readyok; read c";
        for (script, protocol) in [(xboard, Protocol::Xboard), (usi, Protocol::Usi)] {
            let mut player = start_player(&shell(script, protocol)).expect("handshake");
            assert_eq!(player.name(), "fake");
            let pid = player.pid().expect("a process");
            player.shutdown();
            assert!(reaped(pid));
        }
        let crossed = start_player(&shell(usi, Protocol::Xboard).with_timeout(300));
        assert!(matches!(crossed, Err(Fault::Protocol(_))));
    }
}
