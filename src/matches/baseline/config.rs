//! The baseline engine's command line (`shogi-arbiter baseline-engine`): the protocol, how
//! it chooses its moves, its seed and the fault it is told to commit ([`BaselineArgs`]).

use crate::matches::player::Protocol;

/// `shogi-arbiter baseline-engine`: a small engine over stdin/stdout.
#[derive(Clone, Debug, clap::Args)]
pub struct BaselineArgs {
    /// The protocol to speak on stdin/stdout
    #[arg(long, value_enum)]
    pub protocol: ProtocolArg,
    /// How to choose a move: at random among the legal moves, or the one that captures the
    /// most (royals first, then lions, then promoted pieces), at random among equals
    #[arg(long, value_enum, default_value = "greedy")]
    pub style: Style,
    /// The seed of the random choices (the same seed and the same input give the same
    /// moves); without it, a seed from the clock
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// A fault to commit, for testing referees (see the long help)
    #[arg(long, value_enum, default_value = "none")]
    pub fault: FaultMode,
    /// The engine's own move (counted in each game from 1) at which the fault happens
    #[arg(
        long,
        value_name = "N",
        default_value = "1",
        value_parser = clap::value_parser!(u32).range(1..)
    )]
    pub fault_at: u32,
}

/// `--protocol`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ProtocolArg {
    /// XBoard/CECP version 2
    Xboard,
    /// USI
    Usi,
}

impl From<ProtocolArg> for Protocol {
    fn from(arg: ProtocolArg) -> Protocol {
        match arg {
            ProtocolArg::Xboard => Protocol::Xboard,
            ProtocolArg::Usi => Protocol::Usi,
        }
    }
}

/// How the engine chooses among the legal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Style {
    /// Any legal move, uniformly at random
    Random,
    /// One ply deep: the move that captures the most material, at random among equals
    Greedy,
}

/// A deliberate fault, for testing referees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FaultMode {
    /// No fault
    None,
    /// A well-formed move that is not legal
    Illegal,
    /// A move the protocol cannot read
    Unparsable,
    /// Stops answering anything (ping, isready, stop, quit) but stays alive
    Hang,
    /// Moves only after its allowance has passed; still answers ping and stop
    Slow,
    /// Exits with status 3 when asked to move
    Crash,
    /// Prints junk lines (text of no protocol, bytes that are not UTF-8, a 1 MiB line)
    /// instead of a move
    Garbage,
    /// Prints 100 MiB of output when asked to move, then nothing
    Flood,
    /// Never answers the handshake (`xboard`/`protover`, `usi`) nor anything after it
    Silent,
}

/// The long help of `baseline-engine`.
pub const LONG_ABOUT: &str = "A small engine speaking XBoard/CECP or USI on stdin/stdout, \
    for testing referees and as a start for bot authors: it plays every variant the protocol \
    carries, choosing among the arbiter's legal moves (--style), one line per answer.\n\n\
    It learns the variant from the protocol (XBoard `variant NAME`; USI option `USI_Variant`, \
    default chu) and the rules profile from its option `Profile` (default: the variant's \
    first). It reports a score for every move (XBoard thinking line after `post`; USI \
    `info depth 1 score cp ...`).\n\n\
    --fault makes it fail on purpose at its --fault-at'th move of each game: illegal, \
    unparsable, hang (answers nothing more but stays alive until 60 s after its input \
    closes), slow (moves only after its allowance, plus half a second, has passed), crash \
    (exit status 3), garbage, flood (100 MiB of output), silent (never answers the \
    handshake).";
