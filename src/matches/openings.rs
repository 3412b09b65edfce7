//! The openings file of a match (`--openings FILE`): one opening per line, each checked
//! against the match's rules before any game starts ([`read_openings`], [`parse_openings`]).
//!
//! A line is a position text (`<board> <side> <extra> <move number>`), optionally followed
//! by ` moves m1 m2 …`, or `moves m1 m2 …` alone or after USI's word `startpos` (from the
//! variant's initial setup). Moves
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
    let start = if position.is_empty() || position == ["startpos"] {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::variant::by_id;

    fn chu() -> Rules {
        Rules::default_for(by_id("chu").expect("chu is built in"))
    }

    /// A chu position: kings, a few pawns, Black's gold next to White's king.
    const SMALL: &str = "6k5/6G5/12/pppp8/12/12/12/12/8PPPP/12/12/6K5 b - 1";

    fn lines(err: OpeningsError) -> (Vec<LineProblem>, usize) {
        match err {
            OpeningsError::Lines { problems, broken } => (problems, broken),
            OpeningsError::File(why) => panic!("a file error: {why}"),
        }
    }

    #[test]
    fn good_lines_are_read_with_canonical_moves() {
        let rules = chu();
        let initial = format_position_of(rules.variant, &Position::start(&rules));
        let text = format!(
            "# a comment\n\nmoves 7i7h 7d7e\r\n  {SMALL}  \n{SMALL} moves 1i1h\n{initial} moves\n"
        );
        let got = parse_openings(text.as_bytes(), &rules).expect("all good");
        assert_eq!(got.len(), 4);
        assert_eq!(got[0].line, 3);
        assert!(got[0].start_is_initial);
        assert_eq!(got[0].moves, ["7i7h", "7d7e"]);
        assert_eq!(got[0].start_text, initial);
        assert_eq!(got[1].line, 4);
        assert!(!got[1].start_is_initial);
        assert_eq!(got[1].start_text, SMALL);
        assert!(got[1].moves.is_empty());
        assert_eq!(got[2].moves, ["1i1h"]);
        assert_eq!(got[2].start, got[1].start);
        // The initial setup written out is the initial setup.
        assert!(got[3].start_is_initial);
        assert!(got[3].moves.is_empty());
    }

    #[test]
    fn openings_are_read_under_each_variants_rules() {
        for id in ["tai", "tenjiku", "dai", "ko"] {
            let rules = Rules::default_for(by_id(id).expect("built in"));
            let start = Position::start(&rules);
            let first = crate::engine::movegen::legal_moves(&start, &rules)[0];
            let mv = format_move(rules.variant.shape(), &first);
            let text = format_position_of(rules.variant, &start);
            let file = format!("{text} moves {mv}\nmoves {mv}\n");
            let got = parse_openings(file.as_bytes(), &rules).expect("good lines");
            assert_eq!(got.len(), 2, "{id}");
            for o in &got {
                assert!(o.start_is_initial, "{id}");
                assert_eq!(o.moves, std::slice::from_ref(&mv), "{id}");
            }
            // Chu's text is not a position of this variant.
            let chu = format_position_of(chu().variant, &Position::start(&chu()));
            let (problems, _) = lines(parse_openings(chu.as_bytes(), &rules).unwrap_err());
            assert!(
                problems[0].reason.starts_with("not a valid position"),
                "{id}"
            );
        }
    }

    #[test]
    fn hodges_moves_are_kept_in_machine_text() {
        let rules = chu();
        let got = parse_openings(b"moves P-7h", &rules).expect("a Hodges pawn move");
        assert_eq!(got[0].moves, ["7i7h"]);
    }

    /// USI's `startpos` names the initial setup; any other single word is no position.
    #[test]
    fn startpos_is_the_initial_setup() {
        let rules = chu();
        let got = parse_openings(b"startpos moves 7i7h", &rules).expect("startpos");
        assert!(got[0].start_is_initial);
        assert_eq!(got[0].moves, ["7i7h"]);
        assert!(parse_openings(b"start moves 7i7h", &rules).is_err());
    }

    #[test]
    fn every_kind_of_broken_line_is_reported_with_its_number() {
        let rules = chu();
        let long = "x".repeat(MAX_LINE_BYTES + 1);
        let many = format!("moves{}", " 7i7h".repeat(MAX_OPENING_MOVES + 1));
        let mut text = Vec::new();
        for line in [
            "moves 7i7h",                                 // 1 good
            "xyz b - 1",                                  // 2 not a position
            "moves 7i7g",                                 // 3 a pawn cannot step twice
            "moves 7i7h 7i7g",                            // 4 the second move: empty square
            &format!("{SMALL} moves 6b6a"),               // 5 the king taken: over
            "12/12/12/12/12/12/12/12/12/12/12/6K5 b - 1", // 6 over at the start
            &many,                                        // 7 too many moves
            &long,                                        // 8 too long
            "moves hello",                                // 9 no move's text
        ] {
            text.extend_from_slice(line.as_bytes());
            text.push(b'\n');
        }
        text.extend_from_slice(b"moves \xff\xfe\n"); // 10 not UTF-8
        let (problems, broken) = lines(parse_openings(&text, &rules).unwrap_err());
        assert_eq!(broken, 9);
        let at: Vec<usize> = problems.iter().map(|p| p.line).collect();
        assert_eq!(at, [2, 3, 4, 5, 6, 7, 8, 9, 10]);
        let says = |line: usize, what: &str| {
            let p = problems.iter().find(|p| p.line == line).expect("reported");
            assert!(p.reason.contains(what), "line {line}: {}", p.reason);
        };
        says(2, "not a valid position");
        says(3, "move 1 `7i7g` is not legal");
        says(4, "move 2 `7i7g` is not legal");
        says(4, "empty_square");
        says(5, "the game is over after the moves (royals_captured)");
        says(6, "the game is over at the start");
        says(7, "1001 moves: an opening has at most 1000");
        says(8, "longer than 65536 bytes");
        says(9, "move 1 `hello` is not legal");
        says(10, "not UTF-8");
        let shown = OpeningsError::Lines { problems, broken }.to_string();
        assert!(
            shown.starts_with("openings file: 9 broken line(s)\n  line 2: "),
            "{shown}"
        );
    }

    #[test]
    fn only_the_first_broken_lines_are_listed_with_the_count_of_the_rest() {
        let rules = chu();
        let text = "moves 1a1a\n".repeat(MAX_REPORTED + 5);
        let err = parse_openings(text.as_bytes(), &rules).unwrap_err();
        let shown = err.to_string();
        let (problems, broken) = lines(err);
        assert_eq!(problems.len(), MAX_REPORTED);
        assert_eq!(broken, MAX_REPORTED + 5);
        assert!(shown.ends_with("\n  … and 5 more"), "{shown}");
    }

    #[test]
    fn a_file_without_openings_is_an_error() {
        let rules = chu();
        let err = parse_openings(b"# only a comment\n\n", &rules).unwrap_err();
        assert_eq!(err, OpeningsError::File("the file holds no opening".into()));
    }

    #[test]
    fn too_many_openings_stop_the_reading() {
        let rules = chu();
        let text = "moves\n".repeat(MAX_OPENINGS + 1);
        let err = parse_openings(text.as_bytes(), &rules).unwrap_err();
        assert_eq!(
            err,
            OpeningsError::File(format!("more than {MAX_OPENINGS} openings"))
        );
        // Exactly the limit is read.
        let text = "moves\n".repeat(MAX_OPENINGS);
        assert_eq!(
            parse_openings(text.as_bytes(), &rules)
                .expect("at the limit")
                .len(),
            MAX_OPENINGS
        );
    }

    #[test]
    fn too_many_moves_in_all_stop_the_reading() {
        let rules = chu();
        // 1000 moves a line (pawns there and back: a repetition soon makes one illegal,
        // but the limit counts the moves written, judged or not), 201 lines: 201,000.
        let round = " 7i7h 7d7e 7h7i 7e7d".repeat(MAX_OPENING_MOVES / 4);
        let line = format!("moves{round}\n");
        let text = line.repeat(MAX_TOTAL_MOVES / MAX_OPENING_MOVES + 1);
        let err = parse_openings(text.as_bytes(), &rules).unwrap_err();
        assert_eq!(
            err,
            OpeningsError::File(format!("more than {MAX_TOTAL_MOVES} opening moves in all"))
        );
    }

    #[test]
    fn files_are_read_within_their_limits() {
        let rules = chu();
        let dir = std::env::temp_dir().join(format!("openings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let good = dir.join("good.txt");
        std::fs::write(&good, "moves 7i7h\n").expect("written");
        assert_eq!(
            read_openings(&good, &rules).expect("read")[0].moves,
            ["7i7h"]
        );
        let missing = dir.join("missing.txt");
        let err = read_openings(&missing, &rules).unwrap_err().to_string();
        assert!(err.starts_with("openings file: cannot open"), "{err}");
        // A sparse file past the size limit is refused before it is read.
        let big = dir.join("big.txt");
        let f = std::fs::File::create(&big).expect("created");
        f.set_len(MAX_FILE_BYTES + 1).expect("sized");
        let err = read_openings(&big, &rules).unwrap_err().to_string();
        assert!(err.ends_with("is larger than 64 MiB"), "{err}");
        std::fs::remove_dir_all(&dir).expect("removed");
    }

    #[test]
    #[cfg(unix)]
    fn an_endless_device_is_cut_at_the_size_limit() {
        let err = read_openings(Path::new("/dev/zero"), &chu())
            .unwrap_err()
            .to_string();
        assert!(err.ends_with("is larger than 64 MiB"), "{err}");
    }
}
