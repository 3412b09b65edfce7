//! Game records and the match summary: what the referee keeps of every game
//! ([`GameRecord`]), written as JSON (with the body of a `POST /v1/replay` request that
//! replays it) and as KIF. (Issue 33: writers completed by the records' helper.)

use serde::Serialize;

/// The rules a game was played under, as given (echoed in every record).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RulesEcho {
    /// The profile's name (the variant's first profile when none was given).
    pub profile: String,
    /// Options over the profile, as given.
    pub options: Vec<(String, String)>,
}

/// One move of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveRecord {
    /// 1 for the first move of the game (opening moves included).
    pub ply: usize,
    /// `black` or `white`.
    pub side: &'static str,
    /// From the openings file, not chosen by an engine.
    pub opening: bool,
    /// The protocol text the engine wrote (empty for an opening move).
    pub wire: String,
    /// The move in canonical machine text, as played.
    pub text: String,
    /// The move in Hodges notation.
    pub hodges: String,
    /// Milliseconds the engine took (0 for an opening move).
    pub time_ms: u64,
    /// Milliseconds left on the mover's clock after the move.
    pub clock_ms: u64,
    /// The engine's score in centipawns from its own side, when it gave one.
    pub score: Option<i32>,
    pub depth: Option<u32>,
}

/// How the game ended against an engine that failed: where, what it sent and the
/// arbiter's verdict, enough to reproduce the ruling with `POST /v1/moves` or
/// `POST /v1/replay`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reproduction {
    /// The position text before the offending move.
    pub position: String,
    /// What the engine wrote (empty when it wrote nothing).
    pub wire: String,
    /// Its translation into machine text, when it had one.
    pub text: Option<String>,
    /// The verdict's stable code (`illegal_move`, an `IllegalReason` code, `unparsable`,
    /// `time_forfeit`, `crash`, `hang`, ...).
    pub verdict: String,
    /// The verdict in words.
    pub message: String,
}

/// A game as the referee kept it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameRecord {
    /// 1 for the match's first game.
    pub round: usize,
    pub black: String,
    pub white: String,
    /// The variant's id.
    pub variant: &'static str,
    pub rules: RulesEcho,
    /// The start position text (before the opening moves).
    pub start: String,
    /// Whether `start` is the variant's initial setup.
    pub start_is_initial: bool,
    /// The time control as given on the command line.
    pub time_control: String,
    pub margin_ms: u64,
    pub moves: Vec<MoveRecord>,
    /// `black`, `white`, `draw` or `none` (no result: the match was stopped).
    pub result: &'static str,
    /// The ending's stable code (an `EndReason` code, or the referee's: `illegal_move`,
    /// `unparsable_move`, `time_forfeit`, `crash`, `hang`, `resign`, `max_plies`,
    /// `adjudicated_draw`, `adjudicated_resign`, `refused_legal_move`, ...).
    pub reason: String,
    /// The ending in words.
    pub detail: String,
    /// When an engine failed: the reproduction.
    pub fault: Option<Reproduction>,
}
