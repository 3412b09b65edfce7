//! KIF board diagrams: the start position drawn as text when it is not the variant's
//! initial setup.
//!
//! Chu shogi exactly as lishogi draws it (scalashogi `Kif.renderSituation`, shogiops
//! `makeKifBoard`): a line of file numbers, a `+---+` border, one line per rank from the
//! top, `|`, twelve cells of three characters (`  ・` empty, the piece's board name padded
//! on the left, `v` before a White piece), `|` and the rank in kanji; then `後手番` when
//! White is to move. No pieces in hand (chu shogi has no drops). The larger variants
//! draw the same layout with wider cells (a space or `v`, then the board name), since
//! their names have up to four characters. A reader splits cells at spaces, `・` and `v`,
//! so cell widths do not matter.

use super::names::Names;
use super::numerals::kanji_number;
use super::terms::first_problems;
use crate::engine::core::color::Color;
use crate::engine::core::piece::Piece;
use crate::engine::notation::echo;
use crate::engine::position::{Extra, Position, Setup};
use crate::engine::variant::Rules;

/// lishogi's line of file numbers above a chu shogi board.
const CHU_FILES: &str = " １２ １１ １０ ９  ８  ７  ６  ５  ４  ３  ２  １";

/// A number in full-width digits.
fn full_width(n: u32) -> String {
    n.to_string()
        .chars()
        .map(|c| char::from_u32(c as u32 - '0' as u32 + '０' as u32).unwrap_or(c))
        .collect()
}

/// Draws `pos`'s board, and `後手番` when White is to move.
pub fn write_board(rules: &Rules, names: &Names, pos: &Position, out: &mut String) {
    let shape = rules.variant.shape();
    let chu = rules.variant.traits.lishogi_kif;
    let width = if chu {
        3
    } else {
        1 + (0..rules.faces.len())
            .filter(|&f| rules.faces[f].exists)
            .map(|f| {
                names
                    .board_name(crate::engine::core::piece::FaceId(f as u16))
                    .chars()
                    .count()
            })
            .max()
            .unwrap_or(1)
    };
    if chu {
        out.push_str(CHU_FILES);
    } else {
        for file in (1..=u32::from(shape.files)).rev() {
            let label = full_width(file);
            let pad = width.saturating_sub(label.chars().count());
            out.extend(std::iter::repeat_n(' ', pad));
            out.push_str(&label);
        }
    }
    out.push('\n');
    let border = format!("+{}+\n", "-".repeat(usize::from(shape.files) * (width + 1)));
    out.push_str(&border);
    for y in 0..i32::from(shape.ranks) {
        out.push('|');
        for x in (0..i32::from(shape.files)).rev() {
            let sq = shape.square(x, y).expect("on the board");
            let cell = match pos.piece_at(sq) {
                None => "・".to_string(),
                Some(p) => {
                    let mark = if p.color == Color::White { "v" } else { "" };
                    format!("{mark}{}", names.board_name(p.face))
                }
            };
            let pad = width.saturating_sub(cell.chars().count());
            out.extend(std::iter::repeat_n(' ', pad));
            out.push_str(&cell);
        }
        out.push('|');
        out.push_str(&kanji_number(y as u32 + 1));
        out.push('\n');
    }
    out.push_str(&border);
    if pos.side() == Color::White {
        out.push_str("後手番\n");
    }
}

/// Reads one rank line of a diagram (`|  香  猪 ...|一`) into its cells, left to right.
///
/// # Errors
/// A cell that names no piece of the variant, or a line without its closing `|`.
pub fn read_rank(names: &Names, line: &str) -> Result<Vec<Option<Piece>>, String> {
    let body = line.trim().strip_prefix('|').unwrap_or(line);
    let Some(end) = body.rfind('|') else {
        return Err("a board line ends with `|` and the rank".into());
    };
    let mut cells = Vec::new();
    let mut white = false;
    let mut name = String::new();
    let flush = |name: &mut String, white: &mut bool, cells: &mut Vec<Option<Piece>>| {
        if name.is_empty() {
            return Ok(());
        }
        let face = names
            .board_face(name)
            .ok_or_else(|| format!("`{}` names no piece of this variant", echo(name)))?;
        let color = if *white { Color::White } else { Color::Black };
        cells.push(Some(Piece { color, face }));
        name.clear();
        *white = false;
        Ok::<(), String>(())
    };
    for c in body[..end].chars() {
        match c {
            '・' => {
                flush(&mut name, &mut white, &mut cells)?;
                if white {
                    return Err("`v` before an empty cell".into());
                }
                cells.push(None);
            }
            'v' => {
                flush(&mut name, &mut white, &mut cells)?;
                white = true;
            }
            c if c.is_whitespace() => flush(&mut name, &mut white, &mut cells)?,
            c => name.push(c),
        }
    }
    flush(&mut name, &mut white, &mut cells)?;
    Ok(cells)
}

/// The position of a diagram's rank lines with `side` to move.
///
/// # Errors
/// A wrong number of ranks or cells, or what [`Position::from_setup`] finds wrong.
pub fn build_position(
    rules: &Rules,
    ranks: Vec<Vec<Option<Piece>>>,
    side: Color,
) -> Result<Position, String> {
    let shape = rules.variant.shape();
    if ranks.len() != usize::from(shape.ranks) {
        return Err(format!(
            "the board has {} ranks; this variant has {}",
            ranks.len(),
            shape.ranks
        ));
    }
    let mut board = vec![None; shape.len()];
    for (y, cells) in ranks.into_iter().enumerate() {
        if cells.len() != usize::from(shape.files) {
            return Err(format!(
                "rank {} has {} cells; this variant has {} files",
                y + 1,
                cells.len(),
                shape.files
            ));
        }
        for (i, cell) in cells.into_iter().enumerate() {
            let x = i32::from(shape.files) - 1 - i as i32;
            let sq = shape.square(x, y as i32).expect("on the board");
            board[sq.index()] = cell;
        }
    }
    let setup = Setup {
        board,
        side,
        extra: Extra::None,
        move_number: 1,
    };
    Position::from_setup(&setup, rules)
        .map_err(|problems| first_problems(&problems, |p| &p.message))
}
