//! The openings file of a match (`--openings FILE`): one opening per line, each checked
//! against the match's rules before any game starts ([`read_openings`], [`parse_openings`]).
//!
//! A line is a position text (`<board> <side> <extra> <move number>`), optionally followed
//! by ` moves m1 m2 …`, or `moves m1 m2 …` alone (from the variant's initial setup). Moves
//! are in machine or Hodges text. Blank lines and lines starting with `#` are skipped.
//! Every line is checked: the position is valid under the rules, every move is legal in
//! turn, and the game is not over after them. The broken lines are reported together
//! (line number and reason, the first [`MAX_REPORTED`]), so that a user fixes a file in
//! one go.
//!
//! Hostile files are bounded: the file's size ([`MAX_FILE_BYTES`]), a line's length
//! ([`MAX_LINE_BYTES`]), the number of openings ([`MAX_OPENINGS`]), the moves of one
//! opening ([`MAX_OPENING_MOVES`]) and of the whole file ([`MAX_TOTAL_MOVES`], which bounds
//! the time spent judging them).

use crate::engine::game::Game;
use crate::engine::notation::{echo, format_move, format_position_of, parse_valid_position};
use crate::engine::position::Position;
use crate::engine::variant::Rules;
use std::fmt;
use std::io::Read;
use std::path::Path;

/// The largest openings file read.
pub const MAX_FILE_BYTES: u64 = 64 << 20;
/// The longest line read (a position text of the largest board is at most 16 KiB).
pub const MAX_LINE_BYTES: usize = 64 << 10;
/// The most openings a file may hold (each keeps a position: a few KiB).
pub const MAX_OPENINGS: usize = 10_000;
/// The most moves one opening may have.
pub const MAX_OPENING_MOVES: usize = 1_000;
/// The most moves a whole file may have.
pub const MAX_TOTAL_MOVES: usize = 200_000;
/// How many broken lines an error lists.
pub const MAX_REPORTED: usize = 20;

/// One opening: where a game starts and the moves played for both sides before the
/// engines take over.
#[derive(Clone, Debug)]
pub struct Opening {
    /// Its line in the file (1 = the first).
    pub line: usize,
    /// The position before the moves.
    pub start: Position,
    /// `start` as canonical position text.
    pub start_text: String,
    /// Whether `start` is the variant's initial setup.
    pub start_is_initial: bool,
    /// The moves in canonical machine text.
    pub moves: Vec<String>,
}

/// A broken line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineProblem {
    /// 1 = the first line.
    pub line: usize,
    pub reason: String,
}

/// Why an openings file cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningsError {
    /// The file as a whole: unreadable, too large, too many openings or moves, none.
    File(String),
    /// Broken lines: the first [`MAX_REPORTED`], and how many there are in all.
    Lines {
        problems: Vec<LineProblem>,
        broken: usize,
    },
}

impl fmt::Display for OpeningsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningsError::File(why) => write!(f, "openings file: {why}"),
            OpeningsError::Lines { problems, broken } => {
                write!(f, "openings file: {broken} broken line(s)")?;
                for p in problems {
                    write!(f, "\n  line {}: {}", p.line, p.reason)?;
                }
                if *broken > problems.len() {
                    write!(f, "\n  … and {} more", broken - problems.len())?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for OpeningsError {}

/// Reads and checks the openings file at `path` under `rules`.
///
/// # Errors
/// The file cannot be read or breaks a limit, or some lines are broken (all listed).
pub fn read_openings(path: &Path, rules: &Rules) -> Result<Vec<Opening>, OpeningsError> {
    let shown = path.display();
    let file = std::fs::File::open(path)
        .map_err(|e| OpeningsError::File(format!("cannot open {shown}: {e}")))?;
    let too_large = || {
        OpeningsError::File(format!(
            "{shown} is larger than {} MiB",
            MAX_FILE_BYTES >> 20
        ))
    };
    if file.metadata().is_ok_and(|m| m.len() > MAX_FILE_BYTES) {
        return Err(too_large());
    }
    // Read at most one byte past the limit: a file that grows, or a device that never
    // ends, is caught without being read whole.
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| OpeningsError::File(format!("cannot read {shown}: {e}")))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large());
    }
    parse_openings(&bytes, rules)
}

/// Checks the openings of a file's contents under `rules`.
///
/// # Errors
/// As [`read_openings`].
pub fn parse_openings(bytes: &[u8], rules: &Rules) -> Result<Vec<Opening>, OpeningsError> {
    let mut openings = Vec::new();
    let mut problems = Vec::new();
    let mut broken = 0usize;
    let mut budget = MAX_TOTAL_MOVES;
    for (i, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = i + 1;
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let text = if raw.len() > MAX_LINE_BYTES {
            Err(format!("the line is longer than {MAX_LINE_BYTES} bytes"))
        } else {
            std::str::from_utf8(raw)
                .map(str::trim)
                .map_err(|_| "the line is not UTF-8 text".to_string())
        };
        if matches!(text, Ok(t) if t.is_empty() || t.starts_with('#')) {
            continue;
        }
        if openings.len() + broken >= MAX_OPENINGS {
            return Err(OpeningsError::File(format!(
                "more than {MAX_OPENINGS} openings"
            )));
        }
        let checked = match text {
            Ok(text) => read_line(text, line, rules, &mut budget)?,
            Err(why) => Err(why),
        };
        match checked {
            Ok(opening) => openings.push(opening),
            Err(reason) => {
                broken += 1;
                if problems.len() < MAX_REPORTED {
                    problems.push(LineProblem { line, reason });
                }
            }
        }
    }
    if broken > 0 {
        return Err(OpeningsError::Lines { problems, broken });
    }
    if openings.is_empty() {
        return Err(OpeningsError::File("the file holds no opening".into()));
    }
    Ok(openings)
}

/// One line that is not blank or a comment: the opening, or why the line is broken
/// (inner `Err`); the outer `Err` when the whole file breaks the move limit.
fn read_line(
    text: &str,
    line: usize,
    rules: &Rules,
    budget: &mut usize,
) -> Result<Result<Opening, String>, OpeningsError> {
    let words: Vec<&str> = text.split_ascii_whitespace().collect();
    let (position, moves) = match words.iter().position(|&w| w == "moves") {
        Some(at) => (&words[..at], &words[at + 1..]),
        None => (&words[..], &words[..0]),
    };
    if moves.len() > MAX_OPENING_MOVES {
        return Ok(Err(format!(
            "{} moves: an opening has at most {MAX_OPENING_MOVES}",
            moves.len()
        )));
    }
    let start = if position.is_empty() {
        Position::start(rules)
    } else {
        match parse_valid_position(rules, &position.join(" ")) {
            Ok(pos) => pos,
            Err(found) => {
                let said: Vec<String> = found
                    .iter()
                    .take(3)
                    .map(|p| format!("{} ({})", p.message, p.code))
                    .collect();
                return Ok(Err(format!("not a valid position: {}", said.join("; "))));
            }
        }
    };
    if *budget < moves.len() {
        return Err(OpeningsError::File(format!(
            "more than {MAX_TOTAL_MOVES} opening moves in all"
        )));
    }
    *budget -= moves.len();
    let shape = rules.variant.shape();
    let mut game = Game::new(start.clone(), rules, true);
    let mut canonical = Vec::with_capacity(moves.len());
    for (k, &mv) in moves.iter().enumerate() {
        match game.play_text(rules, mv) {
            Ok(played) => canonical.push(format_move(shape, &played.mv)),
            Err(reason) => {
                return Ok(Err(format!(
                    "move {} `{}` is not legal: {reason} ({})",
                    k + 1,
                    echo(mv),
                    reason.code()
                )))
            }
        }
    }
    if let Some(ending) = game.status().ending {
        let when = if moves.is_empty() {
            "at the start"
        } else {
            "after the moves"
        };
        return Ok(Err(format!(
            "the game is over {when} ({})",
            ending.reason.code()
        )));
    }
    Ok(Ok(Opening {
        line,
        start_is_initial: start == Position::start(rules),
        start_text: format_position_of(rules.variant, &start),
        start,
        moves: canonical,
    }))
}
