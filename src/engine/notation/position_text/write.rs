//! Printing position text in the canonical spelling (comma form for variants with
//! multi-letter codes, SFEN form, the Forsyth–Edwards notation of shogi, otherwise), from
//! a setup or a position, and after a move by copying the ranks that did not change.

use super::read::RankSpans;
use crate::engine::core::color::Color;
use crate::engine::core::piece::Cell;
use crate::engine::core::square::MAX_FILES;
use crate::engine::position::{Extra, Position, Setup};
use crate::engine::variant::Variant;

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
///
/// [`parse_valid_position_spans`]: super::parse_valid_position_spans
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
        Extra::DrumsLost(bits) => {
            if bits & 1 != 0 {
                out.push('D');
            }
            if bits & 2 != 0 {
                out.push('d');
            }
        }
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
