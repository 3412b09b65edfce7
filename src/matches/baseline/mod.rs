//! The baseline engine (`shogi-arbiter baseline-engine`): a small engine speaking XBoard/CECP
//! or USI on stdin/stdout, for the referee's tests and as a start for bot authors. It plays
//! every variant its protocol carries, choosing among the arbiter's legal moves (at random,
//! or one ply deep the move that captures the most), and can fail on purpose (an illegal or
//! unparsable move, a hang, a slow move, a crash, garbage, a flood, a silent handshake).
//!
//! Floors, lowest first: [`config`] (the command line), [`io`] (input read on a thread,
//! bounded lines; output flushed line by line), [`brain`] (the game and the choice of a
//! move), [`session`] (what both protocols share: the input loop, the decision, the
//! faults, a move held back), [`xboard`] and [`usi`] (one file per protocol).

pub mod brain;
pub mod config;
pub mod io;
pub mod session;
pub mod usi;
pub mod xboard;

pub use config::{BaselineArgs, FaultMode, ProtocolArg, Style, LONG_ABOUT};

/// Runs the engine until `quit` or the end of its input.
pub fn run(args: &BaselineArgs) {
    match args.protocol {
        ProtocolArg::Xboard => xboard::run(args),
        ProtocolArg::Usi => usi::run(args),
    }
}
