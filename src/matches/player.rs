//! What the referee asks of a player ([`Player`]), what it tells the player about the game
//! ([`GameStart`], [`Turn`]), what a player answers ([`Reply`]) and how a player fails
//! ([`Fault`]). A player is usually an engine process behind a protocol client
//! ([`super::clients`]); tests also use scripted players in process.

use crate::engine::core::color::Color;
use crate::engine::core::ending::GameResult;
use crate::engine::game::Game;
use crate::engine::position::Position;
use crate::engine::variant::Rules;
use serde::Serialize;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::clock::TimeControl;

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Protocol {
    /// XBoard/CECP version 2 (the Chess Engine Communication Protocol), as HaChu speaks it.
    Xboard,
    /// USI (the Universal Shogi Interface), as lishogi's bots speak it.
    Usi,
}

/// How to start an engine and what to tell it before its first game.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    /// The name used in records and the summary.
    pub name: String,
    pub program: PathBuf,
    pub args: Vec<String>,
    pub protocol: Protocol,
    /// Engine options, passed through as given (XBoard `option NAME=VALUE`, USI
    /// `setoption name NAME value VALUE`).
    pub options: Vec<(String, String)>,
    /// Hash memory in MiB, for engines that ask for it (XBoard `memory`, USI `USI_Hash`).
    pub memory_mib: u32,
    /// How long the engine may take to answer the handshake (`xboard`/`protover 2` up to
    /// `feature done=1`, `usi` up to `usiok`, `isready` up to `readyok`).
    pub handshake_timeout: Duration,
}

/// What a player is told before a game: the variant, its rules, the start position (before
/// any opening moves), the side it plays and the time control.
#[derive(Clone, Copy, Debug)]
pub struct GameStart<'a> {
    /// The variant's id (`chu`, `dai`, ...: `engine::variant::VARIANT_IDS`).
    pub variant: &'static str,
    pub rules: &'a Rules,
    pub start: &'a Position,
    /// Whether `start` is the variant's initial setup (a protocol may then say so instead
    /// of sending the position).
    pub start_is_initial: bool,
    pub side: Color,
    pub time_control: &'a TimeControl,
}

/// One turn of a player: the game so far (opening moves and the opponent's last move
/// included) and the clocks.
#[derive(Clone, Copy, Debug)]
pub struct Turn<'a> {
    pub game: &'a Game,
    pub rules: &'a Rules,
    /// Main time left on the mover's clock.
    pub own: Duration,
    /// Main time left on the opponent's clock.
    pub opponent: Duration,
    /// The latest instant a reply may arrive: the mover's allowance for this move plus the
    /// referee's margin. A client stops waiting then ([`Fault::TimedOut`]).
    pub deadline: Instant,
}

/// What a player does on its turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A move in the arbiter's machine text, translated from the protocol's text (it may
    /// still be illegal: the referee judges it).
    Move(String),
    /// The engine resigned (XBoard `resign`, USI `bestmove resign`).
    Resign,
}

/// A player's answer on its turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub action: Action,
    /// What the engine wrote for it, as written (an XBoard lion move's two lines joined).
    pub wire: String,
    /// The engine's last reported score for this move, in centipawns from its own side.
    pub score: Option<i32>,
    /// The depth of that score.
    pub depth: Option<u32>,
}

/// How a player failed. Each ends the game against that player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The process ended: its exit status and the last lines it wrote to stderr.
    Crashed { status: String, stderr: String },
    /// No answer before the deadline.
    TimedOut,
    /// A move the protocol's syntax does not read.
    Unparsable { wire: String, why: String },
    /// Output beyond the limits (a line too long, too many bytes in one turn).
    Flood { what: String },
    /// A protocol step failed (no `feature done=1` or `usiok`, a malformed handshake, a
    /// write to a closed pipe).
    Protocol(String),
    /// The engine refused a move of the game that the arbiter judged legal (XBoard
    /// `Illegal move`): the engine's rules and the match's rules disagree.
    Refused { wire: String, message: String },
}

/// A player: told about a game, asked for moves, told the result, shut down.
pub trait Player: Send {
    /// The name used in records.
    fn name(&self) -> &str;
    /// Starts a new game.
    ///
    /// # Errors
    /// How the player failed (the game then ends against it before its first move).
    fn new_game(&mut self, start: &GameStart<'_>) -> Result<(), Fault>;
    /// Asks for a move in the game as it stands; the player learns the moves played since
    /// its last turn from `turn.game`.
    ///
    /// # Errors
    /// How the player failed.
    fn think(&mut self, turn: &Turn<'_>) -> Result<Reply, Fault>;
    /// After [`Fault::TimedOut`]: asks the engine to stop thinking and answer (XBoard `?`
    /// and `ping`, USI `stop`) and says whether it answered within `grace`. An engine that
    /// answers lost on time; one that does not hangs (the referee then kills it).
    fn probe(&mut self, grace: Duration) -> bool;
    /// Tells the player how the game ended (`None`: no result, the game was stopped).
    fn game_over(&mut self, result: Option<GameResult>, reason: &str);
    /// Ends the player: asks it to quit, waits briefly, kills it and reaps the process.
    fn shutdown(&mut self);
    /// The engine's process id, for checking that it was reaped (`None`: no process, e.g. a
    /// scripted player).
    fn pid(&self) -> Option<u32> {
        None
    }
}
