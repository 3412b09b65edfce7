//! Machine move text (USI-like): squares concatenated (`13y13x`, `13v12u11t`), each
//! followed by the targets shot from it (`18q17p*17k`, ko.md §5), then `+` (promotes) or
//! `=` (declines a possible promotion; `?`, lishogi's other spelling, is read as `=`).
//! [`trimmed_move_text`] is how every move text is read, machine or Hodges: ASCII white
//! space at either end dropped, anything else outside printable ASCII refused by name.

use crate::engine::core::moves::{Move, Promo, ShotsFrom, MAX_LISTED};
use crate::engine::core::shape::Shape;
use crate::engine::core::square::{RankName, Square};
use crate::engine::notation::echo::char_name;
use std::fmt;

/// The longest move text accepted.
pub const MAX_MOVE_TEXT: usize = 64;

/// A parsed move text: the start and up to six squares, the shots, and an optional mark.
/// Not yet checked against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    pub squares: TextSquares,
    /// Each shot target with the index in `squares` of the square it was shot from.
    pub shots: Vec<(usize, Square)>,
    /// `Some(Promote)` for `+`, `Some(Decline)` for `=` or `?`, `None` when absent.
    pub mark: Option<Promo>,
}

/// A move text's squares, the start first, held in place (reading a move allocates
/// nothing); read as a slice.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct TextSquares {
    squares: [Square; MAX_LISTED + 1],
    len: u8,
}

impl TextSquares {
    /// Adds a square; `false` when the list is full.
    fn push(&mut self, sq: Square) -> bool {
        let Some(slot) = self.squares.get_mut(usize::from(self.len)) else {
            return false;
        };
        *slot = sq;
        self.len += 1;
        true
    }
}

impl std::ops::Deref for TextSquares {
    type Target = [Square];

    fn deref(&self) -> &[Square] {
        &self.squares[..usize::from(self.len)]
    }
}

impl fmt::Debug for TextSquares {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Why a move text does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveTextError {
    TooLong,
    Empty,
    /// A character outside printable ASCII (once ASCII white space is dropped at the ends),
    /// with its byte offset in the text as given.
    UnexpectedChar {
        found: char,
        at: usize,
    },
    BadSquare(String),
    TooFewSquares,
    TooManySquares,
    /// Shot targets in a variant without shooting.
    Shots,
}

impl MoveTextError {
    /// A stable snake_case code.
    pub fn code(&self) -> &'static str {
        match self {
            MoveTextError::TooLong => "move_text_too_long",
            MoveTextError::Empty => "empty_move_text",
            MoveTextError::UnexpectedChar { .. } => "unexpected_character",
            MoveTextError::BadSquare(_) => "bad_square",
            MoveTextError::TooFewSquares => "too_few_squares",
            MoveTextError::TooManySquares => "too_many_squares",
            MoveTextError::Shots => "unexpected_shot",
        }
    }
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveTextError::TooLong => write!(f, "move text is longer than {MAX_MOVE_TEXT} bytes"),
            MoveTextError::Empty => write!(f, "move text is empty"),
            MoveTextError::UnexpectedChar { found, at } => {
                write!(f, "unexpected character {} at byte {at}", char_name(*found))
            }
            MoveTextError::BadSquare(s) => write!(f, "`{s}` is not a square of this board"),
            MoveTextError::TooFewSquares => {
                write!(
                    f,
                    "a move names at least two squares, or a square and a shot"
                )
            }
            MoveTextError::TooManySquares => write!(
                f,
                "a move names at most four squares (ko shogi: seven, and two shots)"
            ),
            MoveTextError::Shots => write!(f, "shots (`*`) exist only in ko shogi"),
        }
    }
}

/// Move text as it is read, machine or Hodges: ASCII white space (space, tab, line feed,
/// form feed, carriage return) at either end dropped; every other character must be
/// printable ASCII, as both notations are.
///
/// # Errors
/// The first other character (a no-break or ideographic space, a letter of another
/// script, a control character), with its byte offset in `text`.
pub fn trimmed_move_text(text: &str) -> Result<&str, MoveTextError> {
    let start = text.trim_ascii_start();
    let offset = text.len() - start.len();
    let trimmed = start.trim_ascii_end();
    // Every byte before the first one outside printable ASCII is ASCII: that byte begins
    // a character.
    match trimmed.bytes().position(|b| !b.is_ascii_graphic()) {
        Some(at) => Err(MoveTextError::UnexpectedChar {
            found: trimmed[at..].chars().next().unwrap_or_default(),
            at: offset + at,
        }),
        None => Ok(trimmed),
    }
}

/// Parses machine move text on a board of `shape`.
///
/// # Errors
/// Too long, a character outside printable ASCII (see [`trimmed_move_text`]), empty, a
/// malformed or off-board square, fewer than 2 squares (1 with a shot), more than 7
/// squares or 2 shots.
pub fn parse_move_text(shape: Shape, text: &str) -> Result<MoveText, MoveTextError> {
    if let Some(read) = plain_move_text(shape, text.as_bytes()) {
        return Ok(read);
    }
    parse_any_move_text(shape, text)
}

/// The common shape read at once: two squares on the board, each 1 or 2 digits and one
/// letter, then an optional mark (`7i7h`, `12l11k+`), nothing around them. `None` for
/// anything else, left to the full reading, which reads these texts the same.
fn plain_move_text(shape: Shape, bytes: &[u8]) -> Option<MoveText> {
    let (&last, _) = bytes.split_last()?;
    let (body, mark) = match last {
        b'+' => (&bytes[..bytes.len() - 1], Some(Promo::Promote)),
        b'=' | b'?' => (&bytes[..bytes.len() - 1], Some(Promo::Decline)),
        _ => (bytes, None),
    };
    let (from, rest) = plain_square(shape, body)?;
    let (to, rest) = plain_square(shape, rest)?;
    if !rest.is_empty() {
        return None;
    }
    let mut squares = [Square(0); MAX_LISTED + 1];
    squares[0] = from;
    squares[1] = to;
    Some(MoveText {
        squares: TextSquares { squares, len: 2 },
        shots: Vec::new(),
        mark,
    })
}

/// A square at the start of `bytes` written as 1 or 2 digits (not starting with `0`) and
/// one letter not followed by another, on the board; with the bytes after it.
fn plain_square(shape: Shape, bytes: &[u8]) -> Option<(Square, &[u8])> {
    let (file, rest) = match *bytes {
        [d, e, ref rest @ ..] if d.is_ascii_digit() && e.is_ascii_digit() => {
            (u32::from(d - b'0') * 10 + u32::from(e - b'0'), rest)
        }
        [d, ref rest @ ..] if d.is_ascii_digit() => (u32::from(d - b'0'), rest),
        _ => return None,
    };
    if bytes[0] == b'0' {
        return None;
    }
    let (&rank, rest) = rest.split_first()?;
    if !rank.is_ascii_lowercase() || rest.first().is_some_and(u8::is_ascii_lowercase) {
        return None;
    }
    let sq = shape.square(file as i32 - 1, i32::from(rank - b'a'))?;
    Some((sq, rest))
}

/// [`parse_move_text`] for every text: the full reading.
fn parse_any_move_text(shape: Shape, text: &str) -> Result<MoveText, MoveTextError> {
    if text.len() > MAX_MOVE_TEXT {
        return Err(MoveTextError::TooLong);
    }
    let text = trimmed_move_text(text)?;
    if text.is_empty() {
        return Err(MoveTextError::Empty);
    }
    let (body, mark) = match text.as_bytes()[text.len() - 1] {
        b'+' => (&text[..text.len() - 1], Some(Promo::Promote)),
        b'=' | b'?' => (&text[..text.len() - 1], Some(Promo::Decline)),
        _ => (text, None),
    };
    let bytes = body.as_bytes();
    let mut squares = TextSquares {
        squares: [Square(0); MAX_LISTED + 1],
        len: 0,
    };
    let mut shots = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let shot = bytes[i] == b'*';
        if shot {
            if squares.is_empty() {
                return Err(MoveTextError::BadSquare("*".into()));
            }
            i += 1;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        // The rank: the maximal run of letters (`a`, `aa`).
        let letters = i;
        while i < bytes.len() && bytes[i].is_ascii_lowercase() {
            i += 1;
        }
        if i == letters {
            let end = (i + 1).min(bytes.len());
            let bad = String::from_utf8_lossy(&bytes[start..end]).into_owned();
            return Err(MoveTextError::BadSquare(bad));
        }
        let sq = square_named(shape, &bytes[start..letters], &body[letters..i])
            .ok_or_else(|| MoveTextError::BadSquare(body[start..i].to_string()))?;
        if shot {
            shots.push((squares.len() - 1, sq));
        } else if !squares.push(sq) {
            return Err(MoveTextError::TooManySquares);
        }
        if shots.len() > 2 {
            return Err(MoveTextError::TooManySquares);
        }
    }
    if squares.len() < 2 && shots.is_empty() {
        return Err(MoveTextError::TooFewSquares);
    }
    Ok(MoveText {
        squares,
        shots,
        mark,
    })
}

/// The square named by a file's `digits` and a rank's `letters` (not empty), as
/// [`Shape::parse_square`] reads their concatenation: one or two digits without a leading
/// zero, a rank name, on the board.
fn square_named(shape: Shape, digits: &[u8], letters: &str) -> Option<Square> {
    let file = match *digits {
        [d] if d != b'0' => i32::from(d - b'0'),
        [d, e] if d != b'0' => i32::from(d - b'0') * 10 + i32::from(e - b'0'),
        _ => return None,
    };
    shape.square(file - 1, RankName::parse(letters)? as i32)
}

/// Prints a move in canonical machine text.
pub fn format_move(shape: Shape, mv: &Move) -> String {
    let mut out = shape.name(mv.from).to_string();
    let squares = mv.squares();
    let shots = mv.shots();
    let shot = |out: &mut String, targets: &[Square]| {
        for &t in targets {
            out.push('*');
            out.push_str(&shape.name(t).to_string());
        }
    };
    // The shots made after the first leg follow its square; the others the final one.
    let (mid, last) = match mv.shots_from() {
        ShotsFrom::FirstLeg => shots.split_at(1),
        ShotsFrom::Final => shots.split_at(0),
    };
    for (i, &sq) in squares.iter().enumerate() {
        out.push_str(&shape.name(sq).to_string());
        if i == 0 {
            shot(&mut out, mid);
        }
    }
    shot(&mut out, last);
    match mv.promo {
        Promo::None => {}
        Promo::Promote => out.push('+'),
        Promo::Decline => out.push('='),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A square read from its file's digits and its rank's letters is the square
    /// `Shape::parse_square` reads from the whole name, on and off every board size.
    #[test]
    fn squares_read_from_their_parts_as_from_their_names() {
        let mut digits: Vec<String> = (0..=120).map(|n| n.to_string()).collect();
        digits.extend(["", "00", "01", "09", "007"].map(String::from));
        let mut letters: Vec<String> = ('a'..='z').map(String::from).collect();
        letters.extend(('a'..='k').map(|c| format!("{c}{c}")));
        letters.extend(["ab", "aaa", "za"].map(String::from));
        let mut read = 0;
        for (files, ranks) in [(12, 12), (25, 25), (36, 36)] {
            let shape = Shape { files, ranks };
            for d in &digits {
                for l in &letters {
                    let whole = shape.parse_square(&format!("{d}{l}"));
                    assert_eq!(square_named(shape, d.as_bytes(), l), whole, "{d}{l}");
                    read += usize::from(whole.is_some());
                }
            }
        }
        assert_eq!(read, 12 * 12 + 25 * 25 + 36 * 36);
    }

    /// The first character outside printable ASCII is named with its byte offset in the
    /// text as given, whatever precedes it.
    #[test]
    fn the_first_unexpected_character_is_found_by_its_byte_offset() {
        for (text, found, at) in [
            (" 13s\u{a0}13r", '\u{a0}', 4),
            ("13s13r\u{3000}x", '\u{3000}', 6),
            ("\t1é", 'é', 2),
            ("1a\u{7}", '\u{7}', 2),
        ] {
            assert_eq!(
                trimmed_move_text(text),
                Err(MoveTextError::UnexpectedChar { found, at }),
                "{text:?}"
            );
        }
        assert_eq!(trimmed_move_text(" \t13s13r+\n"), Ok("13s13r+"));
    }

    const SHAPES: [Shape; 4] = [
        Shape { files: 9, ranks: 9 },
        Shape {
            files: 12,
            ranks: 12,
        },
        Shape {
            files: 25,
            ranks: 25,
        },
        Shape {
            files: 36,
            ranks: 36,
        },
    ];

    /// Every two-square text, on and off every board size, with every mark: the shortcut
    /// reads what the full reading reads, and reads every such text that is on the board.
    #[test]
    fn plain_texts_read_as_the_full_reading_reads_them() {
        let mut names: Vec<String> = Vec::new();
        for file in [
            "0", "00", "01", "1", "9", "10", "12", "25", "36", "37", "99", "100",
        ] {
            for rank in ["a", "i", "l", "y", "z", "aa", "ab"] {
                names.push(format!("{file}{rank}"));
            }
        }
        let mut plain = 0;
        for shape in SHAPES {
            for a in &names {
                for b in &names {
                    for mark in ["", "+", "=", "?", "*"] {
                        let text = format!("{a}{b}{mark}");
                        let full = parse_any_move_text(shape, &text);
                        if let Some(read) = plain_move_text(shape, text.as_bytes()) {
                            assert_eq!(Ok(read), full, "{text}");
                            plain += 1;
                        }
                        assert_eq!(parse_move_text(shape, &text), full, "{text}");
                    }
                }
            }
        }
        // On each board every on-board pair of one-letter names, four marks.
        let on = |shape: Shape| {
            let files = ["1", "9", "10", "12", "25", "36"]
                .iter()
                .filter(|f| f.parse::<u16>().is_ok_and(|n| n <= u16::from(shape.files)))
                .count();
            let ranks = ["a", "i", "l", "y", "z"]
                .iter()
                .filter(|r| u16::from(r.as_bytes()[0] - b'a') < u16::from(shape.ranks))
                .count();
            files * ranks
        };
        let expected: usize = SHAPES.iter().map(|&s| on(s) * on(s) * 4).sum();
        assert_eq!(plain, expected);
    }

    proptest::proptest! {
        /// Any text of move-text characters reads the same through the shortcut as
        /// through the full reading.
        #[test]
        fn any_text_reads_as_the_full_reading_reads_it(
            picks in proptest::collection::vec(0usize..19, 0..14),
            board in 0usize..4,
        ) {
            let alphabet = b"0123456789aijyz+=?*";
            let text: String = picks.iter().map(|&i| char::from(alphabet[i])).collect();
            let shape = SHAPES[board];
            proptest::prop_assert_eq!(
                parse_move_text(shape, &text),
                parse_any_move_text(shape, &text)
            );
        }
    }
}
