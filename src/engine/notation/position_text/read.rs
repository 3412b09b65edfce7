//! Reading position text: the one-pass reader of well-formed text ([`fast_parse`],
//! [`fast_scan`]) and the reporting reader that says what is wrong with any other text
//! ([`parse_reporting`]); ranks in the comma form or the SFEN form (the Forsyth–Edwards
//! notation of shogi: single letters and digit runs, no commas).

use super::report::{cell_problem, PositionProblem};
use super::tokens::parse_piece_token;
use crate::engine::core::color::Color;
use crate::engine::core::piece::Piece;
use crate::engine::core::shape::Shape;
use crate::engine::core::square::MAX_RANKS;
use crate::engine::notation::echo::echo;
use crate::engine::position::{Extra, Setup};
use crate::engine::variant::{pack_token, Variant};

/// The longest position text accepted (a full tai position is about 1.3 KB).
pub const MAX_POSITION_TEXT: usize = 16 * 1024;

/// The parse of well-formed text in one pass over its bytes, without reporting: `None`
/// for anything [`parse_reporting`] might reject (which then says why). Whatever it
/// accepts, `parse_reporting` accepts with the same result (a test checks this on valid
/// and mutated texts).
pub(super) fn fast_parse(variant: &Variant, text: &str) -> Option<Setup> {
    let mut board = OntoSetup {
        variant,
        board: vec![None; variant.shape().len()],
    };
    let scan = fast_scan(variant, text, &mut board)?;
    Some(Setup {
        board: board.board,
        side: scan.side,
        extra: scan.extra,
        move_number: scan.move_number,
    })
}

/// Where the one-pass reading puts the pieces it reads, and how it looks their tokens up.
pub(super) trait Placer {
    /// What a piece token stands for.
    type Token: Copy;

    /// The piece token of `len` bytes packed by [`pack_token`]; `None` ends the reading.
    fn token(&self, len: usize, packed: u64) -> Option<Self::Token>;

    /// Puts the piece of `token` on the square at file index `x` and rank index `y`,
    /// whose index is `i`.
    fn place(&mut self, x: usize, y: usize, i: usize, token: Self::Token);
}

/// The pieces of a [`Setup`] board, by square index.
struct OntoSetup<'a> {
    variant: &'a Variant,
    board: Vec<Option<Piece>>,
}

impl Placer for OntoSetup<'_> {
    type Token = Piece;

    #[inline(always)]
    fn token(&self, len: usize, packed: u64) -> Option<Piece> {
        self.variant.token_piece_packed(len, packed)
    }

    #[inline(always)]
    fn place(&mut self, _x: usize, _y: usize, i: usize, piece: Piece) {
        self.board[i] = Some(piece);
    }
}

/// What the one-pass reading found besides the pieces.
pub(super) struct Scan {
    pub(super) side: Color,
    pub(super) extra: Extra,
    pub(super) move_number: u32,
    /// The ranks' places in the text, when every rank is written as
    /// [`format_position_of`] would write it.
    ///
    /// [`format_position_of`]: super::format_position_of
    pub(super) ranks: Option<RankSpans>,
}

/// Where each rank's text ends in position text whose every rank is written as
/// [`format_position_of`] writes it: printing a later position of the same game can copy
/// from that text the ranks that did not change (see [`format_position_after`]).
///
/// [`format_position_of`]: super::format_position_of
/// [`format_position_after`]: super::format_position_after
#[derive(Clone, Copy, Debug)]
pub struct RankSpans {
    /// The byte offset just past each rank (before its `/` or the space after the board).
    pub(super) ends: [u16; MAX_RANKS],
}

const _: () = assert!(
    MAX_POSITION_TEXT <= u16::MAX as usize,
    "rank offsets fit in 16 bits"
);

/// The one-pass reading behind [`fast_parse`]: hands every piece to `placer` with its
/// square index and returns the other fields.
pub(super) fn fast_scan(variant: &Variant, text: &str, placer: &mut impl Placer) -> Option<Scan> {
    let shape = variant.shape();
    if text.len() > MAX_POSITION_TEXT {
        return None;
    }
    // Fields separated by single spaces; any other spacing goes the reporting way.
    let mut fields = text.split(' ');
    let board = fields.next()?.as_bytes();
    let side = match fields.next()? {
        "b" => Color::Black,
        "w" => Color::White,
        _ => return None,
    };
    let extra = parse_extra(shape, fields.next()?)?;
    let number = fields.next()?;
    if fields.next().is_some() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let move_number = number.parse::<u32>().ok().filter(|&v| v >= 1)?;
    let files = shape.files as usize;
    let printed_comma_form = variant.multi_letter_codes();
    let mut ranks = RankSpans {
        ends: [0; MAX_RANKS],
    };
    let mut canonical = true;
    let mut i = 0;
    for y in 0..shape.ranks as usize {
        if y > 0 {
            if board.get(i) != Some(&b'/') {
                return None;
            }
            i += 1;
        }
        let mut cells = RankCells {
            y,
            base: y * files,
            files,
            filled: 0,
            run_end: usize::MAX,
            canonical: true,
        };
        // Each rank's bytes up to its `/`, tokens handed over at each comma; a rank without
        // a comma is in the SFEN form and read again as such.
        let rank_start = i;
        let mut token_start = i;
        let mut packed = 0u64;
        let mut comma_form = false;
        while let Some(&b) = board.get(i) {
            if b == b'/' {
                break;
            }
            if b == b',' {
                comma_form = true;
                cells.token(i - token_start, packed, placer)?;
                token_start = i + 1;
                packed = 0;
            } else {
                packed = packed << 8 | u64::from(b);
            }
            i += 1;
        }
        if comma_form {
            cells.token(i - token_start, packed, placer)?;
            canonical &= cells.canonical && printed_comma_form;
        } else {
            let rank = &board[rank_start..i];
            cells.sfen_rank(rank, placer)?;
            // A rank of one run of empty cells reads the same in both forms.
            canonical &= !printed_comma_form || rank.iter().all(u8::is_ascii_digit);
        }
        if cells.filled != files {
            return None;
        }
        ranks.ends[y] = i as u16;
    }
    (i == board.len()).then_some(Scan {
        side,
        extra,
        move_number,
        ranks: canonical.then_some(ranks),
    })
}

/// The cells of one rank being read: the rank's first square index (`base`), how many
/// of its cells the tokens so far describe, and whether they are written as
/// [`format_position_of`] would write them. (Piece tokens always are: the one-pass
/// reader knows no other spelling.)
///
/// [`format_position_of`]: super::format_position_of
struct RankCells {
    y: usize,
    base: usize,
    files: usize,
    filled: usize,
    /// Where the last run of empty cells ended.
    run_end: usize,
    /// No run so far follows a run.
    canonical: bool,
}

impl RankCells {
    /// A rank in the SFEN form: digit runs, single letters, `+` and a letter.
    fn sfen_rank(&mut self, rank: &[u8], placer: &mut impl Placer) -> Option<()> {
        let mut i = 0;
        while i < rank.len() {
            let start = i;
            if rank[i].is_ascii_digit() {
                while i < rank.len() && rank[i].is_ascii_digit() {
                    i += 1;
                }
            } else {
                i += if rank[i] == b'+' { 2 } else { 1 };
            }
            let token = rank.get(start..i)?;
            self.token(token.len(), pack_token(token), placer)?;
        }
        Some(())
    }

    /// One token of `len` bytes, given packed by [`pack_token`]: a run of empty cells (no
    /// leading zero) or a piece, placed at the next cell; `None` when it is empty or
    /// malformed, or the rank overflows.
    #[inline(always)]
    fn token(&mut self, len: usize, packed: u64, placer: &mut impl Placer) -> Option<()> {
        // Piece tokens have at most seven bytes, runs at most two digits (ranks have fewer
        // than 100 cells).
        if !(1..=7).contains(&len) {
            return None;
        }
        let first = (packed >> (8 * (len - 1))) as u8;
        match first {
            b'0' => return None,
            b'1'..=b'9' => {
                let run = match len {
                    1 => usize::from(first - b'0'),
                    2 if (packed as u8).is_ascii_digit() => {
                        usize::from(first - b'0') * 10 + usize::from(packed as u8 - b'0')
                    }
                    _ => return None,
                };
                if run > self.files {
                    return None;
                }
                self.canonical &= self.run_end != self.filled;
                self.filled += run;
                self.run_end = self.filled;
            }
            _ => {
                let token = placer.token(len, packed)?;
                self.filled += 1;
                if self.filled > self.files {
                    return None;
                }
                let x = self.files - self.filled;
                placer.place(x, self.y, self.base + x, token);
            }
        }
        (self.filled <= self.files).then_some(())
    }
}

/// The reporting parse behind [`parse_position`].
///
/// [`parse_position`]: super::parse_position
pub(super) fn parse_reporting(
    variant: &Variant,
    text: &str,
) -> Result<Setup, Vec<PositionProblem>> {
    let shape = variant.shape();
    if text.len() > MAX_POSITION_TEXT {
        return Err(vec![PositionProblem::new(
            "too_long",
            format!("position text is longer than {MAX_POSITION_TEXT} bytes"),
        )]);
    }
    let fields: Vec<&str> = text.split_whitespace().collect();
    let mut problems = Vec::new();
    if fields.len() != 4 {
        problems.push(PositionProblem::new(
            "field_count",
            format!(
                "expected 4 fields (board, side, extra, move number), found {}",
                fields.len()
            ),
        ));
        if fields.is_empty() {
            return Err(problems);
        }
    }
    let files = shape.files as usize;
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != shape.ranks as usize {
        problems.push(PositionProblem::new(
            "rank_count",
            format!("expected {} ranks, found {}", shape.ranks, ranks.len()),
        ));
    }
    let mut board = vec![None; shape.len()];
    for (r, rank_text) in ranks.iter().enumerate() {
        let cells = match parse_rank(variant, rank_text) {
            Ok(cells) => cells,
            Err(mut ps) => {
                for p in &mut ps {
                    let file = p
                        .file
                        .and_then(|c| (files as u32).checked_sub(c).filter(|&f| f >= 1));
                    *p = p.clone().at(r, file);
                }
                problems.extend(ps);
                continue;
            }
        };
        if cells.len() != files {
            problems.push(
                PositionProblem::new(
                    "rank_width",
                    format!("rank has {} cells, expected {files}", cells.len()),
                )
                .at(r, None),
            );
            continue;
        }
        if r < shape.ranks as usize {
            for (c, piece) in cells.into_iter().enumerate() {
                let x = files - 1 - c;
                board[r * files + x] = piece;
            }
        }
    }
    let side = match fields.get(1) {
        Some(&"b") => Color::Black,
        Some(&"w") => Color::White,
        Some(other) => {
            problems.push(PositionProblem::new(
                "bad_side",
                format!("side must be `b` or `w`, found `{}`", echo(other)),
            ));
            Color::Black
        }
        None => Color::Black,
    };
    let extra = match fields.get(2) {
        None => Extra::None,
        Some(other) => parse_extra(shape, other).unwrap_or_else(|| {
            problems.push(PositionProblem::new(
                "bad_extra",
                format!(
                    "extra field must be `-`, a square, or `D`, `d`, `Dd` (ko shogi), found `{}`",
                    echo(other)
                ),
            ));
            Extra::None
        }),
    };
    let move_number = match fields.get(3) {
        None => 1,
        Some(n) => match n.parse::<u32>() {
            Ok(v) if v >= 1 && !n.starts_with('+') => v,
            _ => {
                problems.push(PositionProblem::new(
                    "bad_move_number",
                    format!(
                        "move number must be a positive integer, found `{}`",
                        echo(n)
                    ),
                ));
                1
            }
        },
    };
    if problems.is_empty() {
        Ok(Setup {
            board,
            side,
            extra,
            move_number,
        })
    } else {
        Err(problems)
    }
}

/// The extra field: `-`, a square (chu shogi's counter-strike square), or `D`, `d`, `Dd`
/// (ko shogi: the sides whose pawns have lost their forward step).
fn parse_extra(shape: Shape, text: &str) -> Option<Extra> {
    match text {
        "-" => Some(Extra::None),
        "D" => Some(Extra::DrumsLost(1)),
        "d" => Some(Extra::DrumsLost(2)),
        "Dd" => Some(Extra::DrumsLost(3)),
        t => shape.parse_square(t).map(Extra::LionCapture),
    }
}

/// Parses one rank into cells, left (highest file) first. Problems carry the cell index
/// (from the left) in `file`, converted by the caller.
fn parse_rank(variant: &Variant, text: &str) -> Result<Vec<Option<Piece>>, Vec<PositionProblem>> {
    let limit = variant.shape().files as usize;
    let mut cells = Vec::with_capacity(limit);
    let mut problems = Vec::new();
    let tokens: Box<dyn Iterator<Item = &str>> = if text.contains(',') {
        Box::new(text.split(','))
    } else {
        Box::new(sfen_tokens(text))
    };
    for token in tokens {
        let at = cells.len() as u32;
        if token.is_empty() {
            problems.push(cell_problem(
                "empty_token",
                "empty token between commas",
                at,
            ));
            continue;
        }
        if token.bytes().all(|b| b.is_ascii_digit()) {
            match token.parse::<usize>() {
                Ok(n) if n >= 1 && n <= limit && !token.starts_with('0') => {
                    cells.extend(std::iter::repeat_n(None, n))
                }
                _ => {
                    problems.push(cell_problem(
                        "bad_empty_run",
                        format!(
                            "`{}` is not a run of 1 to {limit} empty squares",
                            echo(token)
                        ),
                        at,
                    ));
                    return Err(problems);
                }
            }
        } else {
            match parse_piece_token(variant, token) {
                Ok(piece) => cells.push(Some(piece)),
                Err((code, message)) => {
                    problems.push(cell_problem(code, message, at));
                    cells.push(None);
                }
            }
        }
        if cells.len() > limit {
            break;
        }
    }
    if problems.is_empty() {
        Ok(cells)
    } else {
        Err(problems)
    }
}

/// Splits a rank without commas the SFEN way: digit runs, `+` prefixes, single letters.
fn sfen_tokens(text: &str) -> impl Iterator<Item = &str> {
    let b = text.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        let start = i;
        let c = *b.get(i)?;
        i += 1;
        if c.is_ascii_digit() {
            while b.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
        } else if c == b'+' && i < b.len() {
            i += 1;
        }
        // Keep whole characters: a multi-byte character is one (bad) token.
        while !text.is_char_boundary(i) {
            i += 1;
        }
        Some(&text[start..i])
    })
}
