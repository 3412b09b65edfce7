//! What both protocols of the baseline engine share: the engine's state between lines
//! ([`Session`]: what it knows of the game, its fault, its ends), the input loop ([`serve`]
//! over a protocol's [`Speaker`]), the decision taken when it is asked to move
//! ([`Session::decide`], where faults that stop the engine, crash, hang, flood and garbage,
//! are committed), a move held back until a moment ([`Pending`]: the slow fault, USI `go
//! infinite`) and what the silent fault does instead of anything.

use super::brain::Brain;
use super::config::{BaselineArgs, FaultMode};
use super::io::{Event, Input, Output};
use crate::engine::core::moves::Move;
use crate::engine::position::Position;
use crate::engine::variant::Rules;
use std::time::{Duration, Instant};

/// How long a hanging engine stays alive after its input has closed.
pub const HANG_AFTER_CLOSE: Duration = Duration::from_secs(60);
/// How much the flood fault writes.
pub const FLOOD_BYTES: usize = 100 << 20;
/// How long the slow fault waits beyond its allowance.
pub const SLOW_EXTRA: Duration = Duration::from_millis(500);
/// The allowance assumed when the protocol told none.
pub const DEFAULT_ALLOWANCE: Duration = Duration::from_secs(1);

/// What the engine answers when asked to move.
#[derive(Clone, Debug)]
pub enum Reply {
    /// A move of the game, in the protocol's text, with its score and the moves looked at.
    Move {
        mv: Move,
        wire: String,
        score: i32,
        nodes: usize,
    },
    /// Text sent as a move that is not one the engine may play (the illegal and unparsable
    /// faults).
    Fault(String),
    /// No legal move: the engine gives up.
    Resign,
}

/// A reply held back until `due` (`None`: until asked for it).
#[derive(Clone, Debug)]
pub struct Pending {
    pub reply: Reply,
    pub due: Option<Instant>,
}

impl Pending {
    /// Whether the reply is due now.
    pub fn is_due(&self) -> bool {
        matches!(self.due, Some(at) if at <= Instant::now())
    }
}

/// One protocol's side of the engine: its state between lines and its answers.
pub trait Speaker {
    /// What an input line over [`super::io::MAX_LINE`] is answered with.
    const TOO_LONG: &'static str;
    /// The reply held back, if any.
    fn pending(&self) -> Option<&Pending>;
    /// Sends the reply held back.
    fn emit(&mut self, s: &mut Session);
    /// Handles one line (trimmed); false on `quit`.
    fn command(&mut self, s: &mut Session, line: &str) -> bool;
}

/// Runs `speaker` until `quit` or the end of the input: each line handled, a reply held
/// back sent when it is due.
pub fn serve<S: Speaker>(s: &mut Session, speaker: &mut S) {
    loop {
        let event = match speaker.pending() {
            Some(p) if p.is_due() => Event::Timeout,
            Some(p) => s.input.next(p.due),
            None => s.input.next(None),
        };
        match event {
            Event::Closed => return,
            Event::Timeout => speaker.emit(s),
            Event::TooLong => s.out.line(S::TOO_LONG),
            Event::Line(line) => {
                if !speaker.command(s, line.trim()) {
                    return;
                }
            }
        }
    }
}

/// The engine between two lines.
pub struct Session {
    pub brain: Brain,
    pub out: Output,
    pub input: Input,
    fault: FaultMode,
    fault_at: u32,
    /// The engine's own moves asked for in this game.
    asked: u32,
}

impl Session {
    /// A session on standard input and output.
    pub fn new(args: &BaselineArgs) -> Session {
        let seed = args.seed.unwrap_or_else(clock_seed);
        Session {
            brain: Brain::new(args.style, seed),
            out: Output::stdout(),
            input: Input::stdin(),
            fault: args.fault,
            fault_at: args.fault_at,
            asked: 0,
        }
    }

    /// A new game: the engine's moves are counted from 1 again.
    pub fn new_game(&mut self) {
        self.asked = 0;
    }

    /// With the silent fault: reads and ignores every line but `quit` (true), and then
    /// ends; without it, does nothing (false).
    pub fn silent(&mut self) -> bool {
        if self.fault != FaultMode::Silent {
            return false;
        }
        loop {
            match self.input.next(None) {
                Event::Line(line) if line.trim() == "quit" => return true,
                Event::Closed => return true,
                _ => {}
            }
        }
    }

    /// Decides the answer to a request to move, `allowance` being the time the protocol
    /// gave for it; `comment` starts a line the protocol's reader skips. Crash, hang, flood
    /// and garbage happen here (the last two answer nothing: `None`).
    pub fn decide(
        &mut self,
        allowance: Option<Duration>,
        comment: &str,
        to_wire: fn(&Position, &Rules, &Move) -> String,
    ) -> Option<Pending> {
        self.asked += 1;
        let fault = if self.asked == self.fault_at {
            self.fault
        } else {
            FaultMode::None
        };
        let pos = &self.brain.game.position;
        let rules = &self.brain.rules;
        let reply = match fault {
            FaultMode::Crash => std::process::exit(3),
            FaultMode::Hang => self.hang(),
            FaultMode::Flood => {
                self.flood(comment);
                return None;
            }
            FaultMode::Garbage => {
                self.garbage();
                return None;
            }
            FaultMode::Illegal => match self.brain.illegal_move() {
                Some(mv) => Reply::Fault(to_wire(pos, rules, &mv)),
                None => Reply::Fault(UNPARSABLE.to_string()),
            },
            FaultMode::Unparsable => Reply::Fault(UNPARSABLE.to_string()),
            FaultMode::None | FaultMode::Slow | FaultMode::Silent => match self.brain.choose() {
                Some(c) => Reply::Move {
                    mv: c.mv,
                    wire: to_wire(&self.brain.game.position, &self.brain.rules, &c.mv),
                    score: c.score,
                    nodes: c.nodes,
                },
                None => Reply::Resign,
            },
        };
        let due = match fault {
            FaultMode::Slow => Instant::now() + allowance.unwrap_or(DEFAULT_ALLOWANCE) + SLOW_EXTRA,
            _ => Instant::now(),
        };
        Some(Pending {
            reply,
            due: Some(due),
        })
    }

    /// The hang fault: reads and ignores everything, and stays alive until
    /// [`HANG_AFTER_CLOSE`] after the input has closed.
    fn hang(&mut self) -> ! {
        while self.input.next(None) != Event::Closed {}
        std::thread::sleep(HANG_AFTER_CLOSE);
        std::process::exit(0)
    }

    /// The flood fault: [`FLOOD_BYTES`] of lines the protocol's reader skips, each 1 KiB.
    fn flood(&mut self, comment: &str) {
        let mut line = comment.as_bytes().to_vec();
        line.resize(1023, b'~');
        line.push(b'\n');
        for _ in 0..FLOOD_BYTES / line.len() {
            self.out.bytes(&line);
        }
        self.out.flush();
    }

    /// The garbage fault: a line of no protocol, a line that is not UTF-8, and a line of
    /// 1 MiB.
    fn garbage(&mut self) {
        self.out
            .line("the baseline engine's garbage fault: no move follows");
        self.out.bytes(b"\xff\xfe\x00\x01 not text\n");
        self.out.bytes(&vec![b'x'; 1 << 20]);
        self.out.line("");
    }
}

/// Runs a translation of text an opponent or a referee sent, turning a panic into an error:
/// hostile input must never end the engine.
///
/// # Errors
/// The translation's error, or a panic's in words.
pub fn guarded<T>(translate: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(translate))
        .unwrap_or_else(|_| Err("the text could not be translated".to_string()))
}

/// What the unparsable fault sends as its move: no protocol reads it.
pub const UNPARSABLE: &str = "~~~~";

/// A seed from the clock and the process id.
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ u64::from(std::process::id()).rotate_left(32)
}
