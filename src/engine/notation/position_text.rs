//! Position text: `<board> <side> <extra> <move number>`, ranks from `a` down separated by
//! `/`, cells from the highest file to file 1; comma-separated tokens in the comma form,
//! single letters and digit runs in the SFEN form (a rank without a comma). Parsing is
//! strict and reports every problem with a stable code and its rank/file.

use crate::engine::core::piece::{Cell, Piece};
use crate::engine::geometry::{padded_index, Color, Square, MAX_FILES, MAX_RANKS};
use crate::engine::position::{Extra, Position, Setup};
use crate::engine::variant::{pack_token, Placement, Rules, Variant};

/// The longest position text accepted (a full tai position is about 1.3 KB).
pub const MAX_POSITION_TEXT: usize = 16 * 1024;

/// One problem found in position text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionProblem {
    /// Stable snake_case code.
    pub code: &'static str,
    /// The rank letter where it was found, if it concerns a rank.
    pub rank: Option<char>,
    /// The file number where it was found, if it concerns a cell.
    pub file: Option<u32>,
    pub message: String,
}

impl PositionProblem {
    fn new(code: &'static str, message: impl Into<String>) -> PositionProblem {
        PositionProblem {
            code,
            rank: None,
            file: None,
            message: message.into(),
        }
    }

    fn at(mut self, rank: usize, file: Option<u32>) -> PositionProblem {
        self.rank = Some((b'a' + rank.min(25) as u8) as char);
        self.file = file;
        self
    }
}

/// Parses position text for `variant`, reporting every problem found.
///
/// # Errors
/// Every structural problem: field count, rank count, cells per rank, unknown codes, a
/// `+` on a piece that never promotes, bad side, extra field or move number.
pub fn parse_position(variant: &Variant, text: &str) -> Result<Setup, Vec<PositionProblem>> {
    match fast_parse(variant, text) {
        Some(setup) => Ok(setup),
        None => parse_reporting(variant, text),
    }
}

/// The parse of well-formed text in one pass over its bytes, without reporting: `None`
/// for anything [`parse_reporting`] might reject (which then says why). Whatever it
/// accepts, `parse_reporting` accepts with the same result (a test checks this on valid
/// and mutated texts).
fn fast_parse(variant: &Variant, text: &str) -> Option<Setup> {
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
trait Placer {
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

/// Straight onto a position's board; faces that do not exist under the rules have no
/// placement, which ends the reading.
struct OntoPosition<'a> {
    pos: &'a mut Position,
    rules: &'a Rules,
}

impl Placer for OntoPosition<'_> {
    type Token = Placement;

    #[inline(always)]
    fn token(&self, len: usize, packed: u64) -> Option<Placement> {
        self.rules.placement_packed(len, packed)
    }

    #[inline(always)]
    fn place(&mut self, x: usize, y: usize, i: usize, placement: Placement) {
        self.pos
            .place_with(Square(i as u16), padded_index(x, y), placement);
    }
}

/// What the one-pass reading found besides the pieces.
struct Scan {
    side: Color,
    extra: Extra,
    move_number: u32,
    /// The ranks' places in the text, when every rank is written as
    /// [`format_position_of`] would write it.
    ranks: Option<RankSpans>,
}

/// Where each rank's text ends in position text whose every rank is written as
/// [`format_position_of`] writes it: printing a later position of the same game can copy
/// from that text the ranks that did not change (see [`format_position_after`]).
#[derive(Clone, Copy, Debug)]
pub struct RankSpans {
    /// The byte offset just past each rank (before its `/` or the space after the board).
    ends: [u16; MAX_RANKS],
}

const _: () = assert!(
    MAX_POSITION_TEXT <= u16::MAX as usize,
    "rank offsets fit in 16 bits"
);

/// The one-pass reading behind [`fast_parse`]: hands every piece to `placer` with its
/// square index and returns the other fields.
fn fast_scan(variant: &Variant, text: &str, placer: &mut impl Placer) -> Option<Scan> {
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
    let extra = match fields.next()? {
        "-" => Extra::None,
        t => Extra::LionCapture(shape.parse_square(t)?),
    };
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
fn parse_reporting(variant: &Variant, text: &str) -> Result<Setup, Vec<PositionProblem>> {
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
                format!("side must be `b` or `w`, found `{}`", truncate(other)),
            ));
            Color::Black
        }
        None => Color::Black,
    };
    let extra = match fields.get(2) {
        Some(&"-") | None => Extra::None,
        Some(other) => match shape.parse_square(other) {
            Some(sq) => Extra::LionCapture(sq),
            None => {
                problems.push(PositionProblem::new(
                    "bad_extra",
                    format!(
                        "extra field must be `-` or a square, found `{}`",
                        truncate(other)
                    ),
                ));
                Extra::None
            }
        },
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
                        truncate(n)
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

fn truncate(s: &str) -> String {
    s.chars().take(32).collect()
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
                            truncate(token)
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

fn cell_problem(code: &'static str, message: impl Into<String>, at: u32) -> PositionProblem {
    let mut p = PositionProblem::new(code, message);
    p.file = Some(at);
    p
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

/// Parses one piece token (`LN`, `+kr`): uppercase Black, lowercase White, `+` promoted.
///
/// # Errors
/// The problem's code and message: not a code, mixed case, unknown code, a `+` on a piece
/// that never promotes, a promoted-only kind.
pub fn parse_piece_token(variant: &Variant, token: &str) -> Result<Piece, (&'static str, String)> {
    parse_piece_bytes(variant, token.as_bytes()).map_err(|problem| {
        let message = match problem {
            TokenProblem::BadToken => format!("`{}` is not a piece code", truncate(token)),
            TokenProblem::MixedCase => {
                format!("`{}` mixes upper and lower case", truncate(token))
            }
            TokenProblem::UnknownPiece => format!(
                "unknown piece code `{}`",
                truncate(token.strip_prefix('+').unwrap_or(token))
            ),
            TokenProblem::CannotPromote(kind) => {
                format!("`{}` has no promoted side", variant.kind(kind).code)
            }
            TokenProblem::PromotedOnly(kind) => format!(
                "`{}` exists only as a promoted piece; write `+` and the code of the piece it promoted from",
                variant.kind(kind).code
            ),
        };
        (problem.code(), message)
    })
}

/// Why a piece token is not a piece.
#[derive(Clone, Copy, Debug)]
enum TokenProblem {
    BadToken,
    MixedCase,
    UnknownPiece,
    CannotPromote(crate::engine::core::piece::KindId),
    PromotedOnly(crate::engine::core::piece::KindId),
}

impl TokenProblem {
    fn code(self) -> &'static str {
        match self {
            TokenProblem::BadToken => "bad_token",
            TokenProblem::MixedCase => "mixed_case",
            TokenProblem::UnknownPiece => "unknown_piece",
            TokenProblem::CannotPromote(_) => "cannot_promote",
            TokenProblem::PromotedOnly(_) => "promoted_only_piece",
        }
    }
}

/// [`parse_piece_token`] on bytes, without building messages: one pass over the code
/// packs its [`code_key`](crate::engine::variant::code_key) and notes its case.
#[inline]
fn parse_piece_bytes(variant: &Variant, token: &[u8]) -> Result<Piece, TokenProblem> {
    let (promoted, code) = match token.split_first() {
        Some((b'+', rest)) => (true, rest),
        _ => (false, token),
    };
    // Counted without branching; `b & 31` is a letter's place in the alphabet in either
    // case (the key is only read when every byte is a letter).
    let (mut upper, mut lower, mut key) = (0usize, 0usize, 0u32);
    for &b in code {
        upper += usize::from(b.is_ascii_uppercase());
        lower += usize::from(b.is_ascii_lowercase());
        key = key << 5 | u32::from(b & 31);
    }
    if code.is_empty() || upper + lower != code.len() {
        return Err(TokenProblem::BadToken);
    }
    if upper > 0 && lower > 0 {
        return Err(TokenProblem::MixedCase);
    }
    let color = if upper > 0 {
        Color::Black
    } else {
        Color::White
    };
    let entry = (code.len() <= 6)
        .then(|| variant.code_entry(key))
        .flatten()
        .ok_or(TokenProblem::UnknownPiece)?;
    if promoted && !entry.can_promote {
        return Err(TokenProblem::CannotPromote(entry.kind));
    }
    if entry.promoted_only {
        return Err(TokenProblem::PromotedOnly(entry.kind));
    }
    Ok(Piece {
        color,
        face: entry.kind * 2 + promoted as u8,
    })
}

/// Prints a setup in canonical position text (comma form for variants with multi-letter
/// codes, SFEN form otherwise).
pub fn format_position(variant: &Variant, setup: &Setup) -> String {
    let cells: Vec<Cell> = setup
        .board
        .iter()
        .map(|p| p.map_or(Cell::EMPTY, Cell::of))
        .collect();
    write_position(variant, &cells, setup.side, setup.extra, setup.move_number)
}

/// [`format_position`] of a validated position, read straight from its board.
pub fn format_position_of(variant: &Variant, pos: &Position) -> String {
    write_position(
        variant,
        pos.cells(variant.shape().len()),
        pos.side(),
        pos.extra(),
        pos.move_number(),
    )
}

/// Prints `after`, a position reached from `before`, whose text `before_text` was read
/// with the rank places `ranks` (by [`parse_valid_position_spans`]): the ranks that did
/// not change are copied from that text, the others written afresh. The same text as
/// [`format_position_of`] gives.
pub fn format_position_after(
    variant: &Variant,
    after: &Position,
    before: &Position,
    before_text: &str,
    ranks: &RankSpans,
) -> String {
    let len = variant.shape().len();
    let files = variant.shape().files as usize;
    let mut out = String::with_capacity(before_text.len() + 16);
    let mut start = 0;
    let mut line = RankLine::new(variant);
    for (y, (now, then)) in after
        .cells(len)
        .chunks_exact(files)
        .zip(before.cells(len).chunks_exact(files))
        .enumerate()
    {
        let end = usize::from(ranks.ends[y]);
        if y > 0 {
            out.push('/');
        }
        // Every cell compared, without stopping early, so that the loop is vectorised.
        let difference = now
            .iter()
            .zip(then)
            .fold(0, |d, (a, b)| d | (a.bits() ^ b.bits()));
        // (A text that does not match `ranks` gets its ranks written afresh.)
        match before_text.get(start..end).filter(|_| difference == 0) {
            Some(same) => out.push_str(same),
            None => out.push_str(line.write(now)),
        }
        start = end + 1;
    }
    finish_position(
        variant,
        out,
        after.side(),
        after.extra(),
        after.move_number(),
    )
}

/// Prints the board `cells` (by square index) and the other fields.
fn write_position(
    variant: &Variant,
    cells: &[Cell],
    side: Color,
    extra: Extra,
    move_number: u32,
) -> String {
    let files = variant.shape().files as usize;
    let mut out = String::with_capacity(1600);
    let mut line = RankLine::new(variant);
    for (y, rank) in cells.chunks_exact(files).enumerate() {
        if y > 0 {
            out.push('/');
        }
        out.push_str(line.write(rank));
    }
    finish_position(variant, out, side, extra, move_number)
}

/// Appends the fields after the board to the board's text `out`.
fn finish_position(
    variant: &Variant,
    mut out: String,
    side: Color,
    extra: Extra,
    move_number: u32,
) -> String {
    out.push(' ');
    out.push(side.letter());
    out.push(' ');
    match extra {
        Extra::None => out.push('-'),
        Extra::LionCapture(sq) => out.push_str(&variant.shape().name(sq).to_string()),
    }
    out.push(' ');
    push_number(&mut out, move_number);
    out
}

/// A fixed buffer that one rank is written into: every cell text is copied as one 8-byte
/// word (`+` and six letters, then the separator) and the length advanced by its real
/// length; a run of empty cells takes at most three bytes.
struct RankLine<'a> {
    variant: &'a Variant,
    comma_form: bool,
    bytes: [u8; 8 * MAX_FILES + 3],
}

impl<'a> RankLine<'a> {
    fn new(variant: &'a Variant) -> RankLine<'a> {
        RankLine {
            variant,
            comma_form: variant.multi_letter_codes(),
            bytes: [0; 8 * MAX_FILES + 3],
        }
    }

    /// The text of the rank with these cells (file 1 first).
    fn write(&mut self, rank: &[Cell]) -> &str {
        let line = &mut self.bytes;
        let mut len = 0;
        let mut run = 0;
        // From the highest file (the left) to file 1; every cell text ends with the
        // separator, and the rank's last one is taken back.
        for &cell in rank.iter().rev() {
            if cell.is_empty() {
                run += 1;
                continue;
            }
            len = write_run(line, len, run, self.comma_form);
            run = 0;
            let text = self
                .variant
                .cell_text(cell.face_unchecked(), cell.color_unchecked());
            line[len..len + 8].copy_from_slice(&text.bytes);
            len += usize::from(text.len);
        }
        len = write_run(line, len, run, self.comma_form);
        if self.comma_form {
            len -= 1;
        }
        std::str::from_utf8(&line[..len]).expect("cell texts are ASCII")
    }
}

/// Writes a run of `run` empty cells (none when 0; at most two digits) and its separator
/// into `line` at `at`; returns the new length.
#[inline]
fn write_run(line: &mut [u8], at: usize, run: usize, comma_form: bool) -> usize {
    if run == 0 {
        return at;
    }
    let mut at = at;
    if run >= 10 {
        line[at] = b'0' + (run / 10) as u8;
        at += 1;
    }
    line[at] = b'0' + (run % 10) as u8;
    at += 1;
    if comma_form {
        line[at] = b',';
        at += 1;
    }
    at
}

const _: () = assert!(
    MAX_FILES < 100,
    "a run of empty cells has at most two digits"
);

/// Appends a small decimal number without the formatting machinery.
fn push_number(out: &mut String, n: u32) {
    if n >= 10 {
        push_number(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}

/// The token of one piece (`+KR`, `ln`).
pub fn piece_token(variant: &Variant, piece: Piece) -> String {
    variant.token(piece.face, piece.color).to_string()
}

/// Parses and validates position text under `rules` into a position (parse problems and
/// validation problems together).
///
/// # Errors
/// Every problem found, parse problems first.
pub fn parse_valid_position(rules: &Rules, text: &str) -> Result<Position, Vec<PositionProblem>> {
    parse_valid_position_spans(rules, text).map(|(pos, _)| *pos)
}

/// The position of `text` read in one pass straight onto the board, when the text is
/// well formed in the spelling answers use, and every face exists under `rules`.
fn one_pass_position(rules: &Rules, text: &str) -> Option<(Box<Position>, Option<RankSpans>)> {
    let mut pos = Box::new(Position::empty_with(Color::Black, Extra::None, 1));
    let mut onto = OntoPosition {
        pos: &mut pos,
        rules,
    };
    let scan = fast_scan(rules.variant, text, &mut onto)?;
    pos.set_state(scan.side, scan.extra, scan.move_number);
    pos.finish_placing();
    Some((pos, scan.ranks))
}

/// [`parse_valid_position`] into a boxed position, with the places of the ranks in `text`
/// when every rank is written as [`format_position_of`] would write it (for
/// [`format_position_after`]).
///
/// # Errors
/// Every problem found, parse problems first.
pub fn parse_valid_position_spans(
    rules: &Rules,
    text: &str,
) -> Result<(Box<Position>, Option<RankSpans>), Vec<PositionProblem>> {
    // Well-formed valid text goes straight onto the board; anything else is read again by
    // the reporting parsers.
    if let Some(read) = one_pass_position(rules, text) {
        return Ok(read);
    }
    let setup = parse_position(rules.variant, text)?;
    let pos = Position::from_setup(&setup, rules).map_err(|ps| {
        ps.into_iter()
            .map(|p| {
                let shape = rules.variant.shape();
                PositionProblem {
                    code: p.code,
                    rank: p.square.map(|s: Square| shape.rank_letter(s)),
                    file: p.square.map(|s| shape.file(s)),
                    message: p.message,
                }
            })
            .collect::<Vec<_>>()
    })?;
    Ok((Box::new(pos), None))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::test_rng::Rng;
    use crate::engine::variant::tai;

    /// Tai position text with an empty board and the other fields of `start`.
    fn empty_tai_board(start: &str) -> String {
        let blank = "25/".repeat(25);
        format!(
            "{}{}",
            &blank[..blank.len() - 1],
            &start[start.find(' ').expect("fields")..]
        )
    }

    /// `count` copies of `start` with one to three random edits each (a byte removed,
    /// inserted, replaced, or two bytes swapped; the bytes are position-text characters
    /// and one non-ASCII letter), those that are still UTF-8.
    fn mutations(start: &str, rng: &mut Rng, count: usize) -> Vec<String> {
        let alphabet = b",/+0123456789 abcdeklnprKLNPRGBDO\xc3\xa9";
        (0..count)
            .filter_map(|_| {
                let mut bytes = start.as_bytes().to_vec();
                for _ in 0..1 + rng.below(3) {
                    let at = rng.below(bytes.len());
                    match rng.below(4) {
                        0 => {
                            bytes.remove(at);
                        }
                        1 => bytes.insert(at, alphabet[rng.below(alphabet.len())]),
                        2 => bytes[at] = alphabet[rng.below(alphabet.len())],
                        _ => {
                            let other = rng.below(bytes.len());
                            bytes.swap(at, other);
                        }
                    }
                }
                String::from_utf8(bytes).ok()
            })
            .collect()
    }

    /// Whatever the one-pass parser accepts, the reporting parser accepts with the same
    /// result; and the one-pass parser accepts canonical text.
    #[test]
    fn fast_parse_agrees_with_the_reporting_parse() {
        let variant = tai();
        let start = variant.setup.clone();
        let mut texts = vec![start.clone()];
        let mut rng = Rng(0x5eed_1234_abcd_0001);
        texts.extend(mutations(&start, &mut rng, 3000));
        let mut accepted = 0;
        for text in &texts {
            if let Some(fast) = fast_parse(variant, text) {
                accepted += 1;
                assert_eq!(
                    parse_reporting(variant, text).as_ref(),
                    Ok(&fast),
                    "text: {text}"
                );
            }
        }
        assert!(fast_parse(variant, &start).is_some());
        // Swaps of equal bytes, digit and case changes keep about 7% of them valid.
        assert!(accepted > 100, "only {accepted} mutated texts parsed");
    }

    /// The token table of the one-pass reader answers as the reporting reader for every
    /// token spelled as position text prints the piece, and not at all for other spellings
    /// (aliases, `+` on a kind that is only ever promoted) or for what is not a piece:
    /// tried for every code and alias in every case, with and without `+`.
    #[test]
    fn token_table_agrees_with_the_token_reader() {
        for variant in crate::engine::variant::VARIANT_IDS
            .iter()
            .map(|id| crate::engine::variant::by_id(id).expect("known"))
        {
            let mut tokens: Vec<String> = [
                "", "+", "++P", "Pp", "pP", "+Ln", "ABCDEFG", "+ABCDEF", "P1", "\0P",
            ]
            .map(String::from)
            .to_vec();
            for k in &variant.kinds {
                for code in std::iter::once(&k.code).chain(&k.aliases) {
                    let mixed: String = code
                        .chars()
                        .enumerate()
                        .map(|(i, c)| {
                            if i % 2 == 1 {
                                c.to_ascii_lowercase()
                            } else {
                                c
                            }
                        })
                        .collect();
                    for case in [code.to_ascii_uppercase(), code.to_ascii_lowercase(), mixed] {
                        tokens.push(format!("+{case}"));
                        tokens.push(format!("{case}x"));
                        tokens.push(case);
                    }
                }
            }
            let (mut pieces, mut other_spellings) = (0, 0);
            for token in &tokens {
                let read = parse_piece_token(variant, token).ok();
                let expected = read.filter(|p| token == variant.token(p.face, p.color));
                pieces += usize::from(expected.is_some());
                other_spellings += usize::from(read.is_some() && expected.is_none());
                assert_eq!(
                    variant.token_piece(token.as_bytes()),
                    expected,
                    "{}: token `{token}`",
                    variant.id
                );
            }
            // Tai: 118 kinds; chu: 21 kinds that stand on the board, most promotable.
            assert!(
                pieces > 60,
                "{}: only {pieces} tokens read as pieces",
                variant.id
            );
            // Tai's aliases in both cases: FK (queen), KY and +KY (kirin, which promotes);
            // chu has none.
            let aliases = if variant.id == "tai" { 6 } else { 0 };
            assert_eq!(other_spellings, aliases, "{}", variant.id);
        }
    }

    /// The SFEN form of a rank (no commas) is read by the one-pass parser too.
    #[test]
    fn fast_parse_reads_sfen_ranks() {
        let variant = tai();
        let text = empty_tai_board(&variant.setup);
        let sfen = text.replacen("25/25/", "25/12P12/", 1);
        assert_eq!(
            fast_parse(variant, &sfen).map(|s| s.board.iter().flatten().count()),
            Some(1)
        );
        assert_eq!(
            parse_reporting(variant, &sfen),
            Ok(fast_parse(variant, &sfen).unwrap())
        );
    }

    /// The board part of position text.
    fn board_of(text: &str) -> &str {
        &text[..text.find(' ').expect("fields")]
    }

    /// Position text is reported as printed-as-answers-print-it exactly when every rank
    /// reads as [`format_position_of`] writes it; a position reached from it then prints
    /// the same whether its unchanged ranks are copied or written afresh. Checked along
    /// random games of tai and chu, on mutated texts, and on rewritings that keep the
    /// position but not the canonical spelling.
    #[test]
    fn printing_after_a_move_copies_only_canonical_ranks() {
        use crate::engine::movegen::legal_moves;
        let mut rng = Rng(0x5eed_1234_abcd_0002);
        let mut copied = 0;
        for id in ["tai", "chu"] {
            let variant = crate::engine::variant::by_id(id).expect("known");
            let rules = Rules::default_for(variant);
            let (mut pos, ranks) = parse_valid_position_spans(&rules, &variant.setup).unwrap();
            assert!(ranks.is_some(), "{id}: the start text is canonical");
            for _ply in 0..120 {
                let text = format_position_of(variant, &pos);
                let (again, ranks) = parse_valid_position_spans(&rules, &text).unwrap();
                let ranks = ranks.expect("printed text is canonical");
                assert_eq!(format_position_of(variant, &again), text);
                let moves = legal_moves(&pos, &rules);
                if moves.is_empty() {
                    break;
                }
                let mut after = pos.clone();
                after.play(&moves[rng.below(moves.len())], &rules);
                assert_eq!(
                    format_position_after(variant, &after, &pos, &text, &ranks),
                    format_position_of(variant, &after),
                    "{id}: from {text}"
                );
                // A text that does not go with the rank places is not copied from.
                assert_eq!(
                    format_position_after(variant, &after, &pos, "", &ranks),
                    format_position_of(variant, &after)
                );
                copied += 1;
                pos = after;
            }
        }
        assert!(copied > 200, "only {copied} moves printed");

        // Mutated start texts: whenever ranks are reported, the board reads back as printed.
        let variant = tai();
        let rules = Rules::default_for(variant);
        let start = variant.setup.clone();
        let (mut reported, mut valid) = (0, 0);
        for text in mutations(&start, &mut rng, 3000) {
            if let Ok((pos, ranks)) = parse_valid_position_spans(&rules, &text) {
                valid += 1;
                let printed = format_position_of(variant, &pos);
                if ranks.is_some() {
                    reported += 1;
                    assert_eq!(board_of(&text), board_of(&printed), "text: {text}");
                } else {
                    assert_ne!(board_of(&text), board_of(&printed), "text: {text}");
                }
            }
        }
        assert!(
            valid > 50 && reported > 10,
            "{valid} valid, {reported} canonical"
        );

        // The same position spelled otherwise: an alias, a run cut in two, a tai rank in
        // the SFEN form, a chu rank in the comma form.
        let alias = variant
            .kinds
            .iter()
            .find_map(|k| {
                let token = format!(",{},", k.code);
                let alias = k.aliases.first()?;
                start
                    .contains(&token)
                    .then(|| start.replacen(&token, &format!(",{alias},"), 1))
            })
            .expect("tai's start holds a piece with an alias");
        let empty = empty_tai_board(&start);
        let canonical = empty.replacen("25/25/", "25/12,P,12/", 1);
        let cut = empty.replacen("25/25/", "25/12,P,5,7/", 1);
        let sfen = empty.replacen("25/25/", "25/12P12/", 1);
        assert!(parse_valid_position_spans(&rules, &canonical)
            .unwrap()
            .1
            .is_some());
        for text in [&alias, &cut, &sfen] {
            let (pos, ranks) = parse_valid_position_spans(&rules, text).unwrap();
            assert!(ranks.is_none(), "not canonical: {text}");
            assert_ne!(&format_position_of(variant, &pos), text);
        }
        let chu = crate::engine::variant::by_id("chu").expect("known");
        let chu_rules = Rules::default_for(chu);
        let chu_start = &chu.setup;
        let first_rank = board_of(chu_start).split('/').next().unwrap();
        let comma_rank: Vec<String> = first_rank.chars().map(String::from).collect();
        let comma = chu_start.replacen(first_rank, &comma_rank.join(","), 1);
        let (pos, ranks) = parse_valid_position_spans(&chu_rules, &comma).unwrap();
        assert!(ranks.is_none(), "not canonical: {comma}");
        assert_eq!(format_position_of(chu, &pos), *chu_start);
    }

    /// The one-pass reader builds the same position as the setup route (reporting reader,
    /// then [`Position::from_setup`]), and refuses what that route refuses: the start
    /// position, and the start with every piece promoted under one rule set, each read
    /// under rule sets whose promoted faces differ (promotion tables, `prince_promotes`).
    #[test]
    fn one_pass_position_agrees_with_the_setup_route() {
        use crate::engine::variant::RulesRequest;
        let variant = tai();
        let request = |profile: &str, options: &[(&str, &str)]| RulesRequest {
            profile: Some(profile.to_string()),
            overrides: options
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        };
        let rule_sets: Vec<Rules> = [
            request("wikipedia", &[]),
            request("japanese", &[]),
            request("tsa", &[]),
            request("wikipedia", &[("prince_promotes", "true")]),
        ]
        .iter()
        .map(|r| Rules::resolve(variant, r).expect("valid rules"))
        .collect();
        let start = parse_position(variant, &variant.setup).expect("the start parses");
        let mut texts = vec![variant.setup.clone()];
        for rules in &rule_sets {
            let mut promoted = start.clone();
            for piece in promoted.board.iter_mut().flatten() {
                if let Some(to) = rules.faces[usize::from(piece.face)].promotes_to {
                    piece.face = to;
                }
            }
            texts.push(format_position(variant, &promoted));
        }
        let (mut agreed, mut refused) = (0, 0);
        for text in &texts {
            let setup = parse_position(variant, text).expect("printed text parses");
            for rules in &rule_sets {
                let by_setup = Position::from_setup(&setup, rules);
                match one_pass_position(rules, text) {
                    Some((pos, ranks)) => {
                        assert_eq!(by_setup.as_ref().ok(), Some(&*pos), "{text}");
                        assert!(ranks.is_some(), "printed text is canonical");
                        agreed += 1;
                    }
                    None => {
                        assert!(by_setup.is_err(), "one pass refused a valid position");
                        refused += 1;
                    }
                }
            }
        }
        // The start under every rule set, each promoted army under its own rules at least;
        // some promoted faces exist under one table only.
        assert!(
            agreed >= 8 && refused > 0,
            "{agreed} agreed, {refused} refused"
        );
    }
}
