//! The SVG document of a board picture, written by hand: deterministic text (the same
//! position, last move and [`View`] give the same bytes), [`CELL`] units a square, one
//! pixel per unit unless the view asks for another width.
//!
//! Layers, bottom up: the outlines of the label kanji (`<defs>`, each character once, drawn
//! by `<use>`); the board; the last move's squares filled (its start square pale green,
//! every square it lists after the start, final square included, green); the squares of
//! the royals in check, orange; the grid; a blue ring inside each square where the move
//! removed a piece (captures, burns, shots, the mover burned on arrival, poison flames
//! removed); the pieces; the file numbers along the top and the rank letters down the
//! right side; a caption: while the game goes on, the variant, the side to move and the
//! move number; once it has ended, the result and its reason, white on a dark band.
//!
//! Every element a client or test may look for carries a class: `piece black|white`
//! (and `promoted`) on a piece's group with `data-square` and `data-piece` (its token in
//! position text), `label` on what the piece shows, `last-from`, `last-path`, `removed`
//! and `check` on the marks, `file` and `rank` on the coordinates, `caption`, and `ending`
//! (with `data-result` and `data-reason`) on the band of a finished game.

use super::glyphs::{glyph_id, outline, UNITS_PER_EM};
use super::label::{label_in, Label, Labels};
use crate::engine::core::color::Color;
use crate::engine::core::ending::{Ending, GameResult};
use crate::engine::core::moves::{Cause, Effects, Move};
use crate::engine::core::piece::Piece;
use crate::engine::core::square::{RankName, Square};
use crate::engine::position::Position;
use crate::engine::variant::Rules;
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// The side of a square, in picture units (pixels at the natural size).
pub const CELL: i32 = 48;
/// The narrowest and widest picture a view may ask for, in pixels.
pub const MIN_WIDTH: u32 = 100;
pub const MAX_WIDTH: u32 = 4096;
/// Margins around the board: the rank letters go right, the file numbers on top, the
/// caption below.
const LEFT: i32 = 14;
const TOP: i32 = 30;
const RIGHT: i32 = 30;
const BOTTOM: i32 = 34;

const BOARD: &str = "#e6c27a";
const GRID: &str = "#5c4326";
const PIECE: &str = "#fcebc2";
const PIECE_EDGE: &str = "#3d2b14";
const INK: &str = "#1a1a1a";
/// The kanji of a promoted side.
const RED: &str = "#d0021b";
const LAST_FROM: &str = "#b9dca0";
const LAST_PATH: &str = "#6cbf5a";
const REMOVED: &str = "#1e64c8";
const CHECK: &str = "#f39c34";
const LABELS: &str = "#333333";
/// The band under the caption of a finished game, and its writing.
const ENDING: &str = "#27325a";
const ENDING_INK: &str = "#ffffff";

/// The outline of a piece pointing up, around its centre: the point, the shoulders, the
/// base corners.
const OUTLINE: &str = "0,-21 15,-14 19,21 -19,21 -15,-14";
/// The fonts of a kanji the outline data lacks (none of a built-in variant's labels).
const KANJI_FONTS: &str = "'Noto Serif CJK JP','Noto Sans CJK JP','IPAMincho','IPAexMincho','Hiragino Mincho ProN','Yu Mincho','MS Mincho',serif";
const LATIN_FONTS: &str = "'DejaVu Sans',Arial,Helvetica,sans-serif";

/// The last move of a game, with what it did, to be marked.
#[derive(Clone, Copy, Debug)]
pub struct LastMove<'a> {
    pub mv: &'a Move,
    pub effects: &'a Effects,
}

/// What a picture marks: the state of the game it shows.
#[derive(Clone, Debug, Default)]
pub struct Marks<'a> {
    /// The last move, with what it did.
    pub last: Option<LastMove<'a>>,
    /// The squares of the royals in check.
    pub checked: Vec<Square>,
    /// How the game ended, if it has: the caption says so instead of the side to move.
    pub ending: Option<Ending>,
}

/// How a picture is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct View {
    /// Drawn as White sees the board: file 1 on the left, the last rank at the top, White's
    /// pieces pointing up.
    pub flip: bool,
    /// The picture's width in pixels, from [`MIN_WIDTH`] to [`MAX_WIDTH`] (a width outside
    /// is taken as the nearest bound; the height follows); `None`: one pixel per unit.
    pub width: Option<u32>,
    /// Kanji or Latin labels.
    pub labels: Labels,
}

/// The picture of `pos` under `rules`, drawn as `view` asks, with `marks`: a complete SVG
/// document.
pub fn board_svg(rules: &Rules, pos: &Position, marks: &Marks<'_>, view: &View) -> String {
    let variant = rules.variant;
    let shape = variant.shape();
    let files = i32::from(shape.files);
    let ranks = i32::from(shape.ranks);
    let width = LEFT + files * CELL + RIGHT;
    let height = TOP + ranks * CELL + BOTTOM;
    let (shown_width, shown_height) = match view.width {
        Some(w) => {
            let w = w.clamp(MIN_WIDTH, MAX_WIDTH);
            let h = (f64::from(w) * f64::from(height) / f64::from(width)).round();
            (w, h as u32)
        }
        None => (width as u32, height as u32),
    };
    let caption = caption(rules, pos, marks);
    let pieces: Vec<(Square, Piece, Label)> = (0..shape.len())
        .filter_map(|index| {
            let sq = Square(index as u16);
            let piece = pos.piece_at(sq)?;
            Some((sq, piece, label_in(rules, piece, view.labels)))
        })
        .collect();
    let mut out = String::with_capacity(4096 + shape.len() * 180);
    let _ = write!(
        out,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{shown_width}\" height=\"{shown_height}\" \
         viewBox=\"0 0 {width} {height}\">\n<title>{}</title>\n",
        escape(&caption),
    );
    outlines(&mut out, &pieces);
    let _ = writeln!(
        out,
        "<rect class=\"board\" x=\"{LEFT}\" y=\"{TOP}\" width=\"{}\" height=\"{}\" fill=\"{BOARD}\"/>",
        files * CELL,
        ranks * CELL,
    );
    // The top-left corner of a square's cell.
    let corner = |sq: Square| {
        let (x, y) = shape.coords(sq);
        if view.flip {
            (LEFT + x * CELL, TOP + (ranks - 1 - y) * CELL)
        } else {
            (LEFT + (files - 1 - x) * CELL, TOP + y * CELL)
        }
    };
    let mut fill = |sq: Square, class: &str, colour: &str| {
        let (x, y) = corner(sq);
        let _ = writeln!(
            out,
            "<rect class=\"{class}\" data-square=\"{}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" \
             height=\"{CELL}\" fill=\"{colour}\"/>",
            shape.name(sq)
        );
    };
    if let Some(last) = marks.last {
        fill(last.mv.from, "last-from", LAST_FROM);
        for &sq in last.mv.squares() {
            fill(sq, "last-path", LAST_PATH);
        }
    }
    for &sq in &marks.checked {
        fill(sq, "check", CHECK);
    }
    grid(&mut out, files, ranks);
    if let Some(last) = marks.last {
        removed(&mut out, rules, last.effects, &corner);
    }
    let _ = writeln!(
        out,
        "<g class=\"pieces\" fill=\"{PIECE}\" stroke=\"{PIECE_EDGE}\" stroke-width=\"1.2\" \
         stroke-linejoin=\"round\" text-anchor=\"middle\" font-family=\"{LATIN_FONTS}\">"
    );
    for (sq, piece, label) in &pieces {
        let (x, y) = corner(*sq);
        let shown = variant.kind(rules.face(piece.face).moves_as);
        let turned = (piece.color == Color::White) != view.flip;
        let _ = write!(
            out,
            "<g class=\"piece {}{}\" data-square=\"{}\" data-piece=\"{}\" \
             transform=\"translate({},{}){}\"><title>{}</title><polygon points=\"{OUTLINE}\"/>",
            piece.color.name(),
            if piece.promoted() { " promoted" } else { "" },
            shape.name(*sq),
            escape(variant.token(piece.face, piece.color)),
            x + CELL / 2,
            y + CELL / 2,
            if turned { " rotate(180)" } else { "" },
            escape(&shown.name),
        );
        write_label(&mut out, label, if piece.promoted() { RED } else { INK });
        out.push_str("</g>\n");
    }
    out.push_str("</g>\n");
    coordinates(&mut out, files, ranks, view.flip);
    let caption_y = TOP + ranks * CELL + 24;
    let ink = match marks.ending {
        Some(ending) => {
            let _ = writeln!(
                out,
                "<rect class=\"ending\" data-result=\"{}\" data-reason=\"{}\" x=\"0\" y=\"{}\" \
                 width=\"{width}\" height=\"{}\" fill=\"{ENDING}\"/>",
                result_code(ending.result),
                ending.reason.code(),
                caption_y - 19,
                26,
            );
            ENDING_INK
        }
        None => LABELS,
    };
    let _ = write!(
        out,
        "<text class=\"caption\" x=\"{LEFT}\" y=\"{caption_y}\" font-size=\"15\" font-family=\"{LATIN_FONTS}\" \
         fill=\"{ink}\">{}</text>\n</svg>\n",
        escape(&caption),
    );
    out
}

/// The caption: the variant, then the side to move (and whether it is in check) and the
/// move number while the game goes on, the result and its reason once it has ended.
fn caption(rules: &Rules, pos: &Position, marks: &Marks<'_>) -> String {
    let name = &rules.variant.name;
    match marks.ending {
        Some(ending) => {
            let result = match ending.result {
                GameResult::Win(c) => format!("{} wins", side_name(c)),
                GameResult::Draw => "draw".to_string(),
                GameResult::NoContest => "no contest".to_string(),
            };
            format!(
                "{name} \u{b7} game over \u{b7} {result}: {}",
                ending.reason.code().replace('_', " ")
            )
        }
        None => format!(
            "{name} \u{b7} {} to move{} \u{b7} move {}",
            side_name(pos.side()),
            if marks.checked.is_empty() {
                ""
            } else {
                ", in check"
            },
            pos.move_number()
        ),
    }
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// The result's code, as the status object writes it.
fn result_code(result: GameResult) -> &'static str {
    match result {
        GameResult::Win(Color::Black) => "black",
        GameResult::Win(Color::White) => "white",
        GameResult::Draw => "draw",
        GameResult::NoContest => "no_contest",
    }
}

/// The `<defs>` with the outline of every kanji the pieces show, each once, in code point
/// order; nothing when no piece shows one.
fn outlines(out: &mut String, pieces: &[(Square, Piece, Label)]) {
    let used: BTreeSet<char> = pieces
        .iter()
        .filter_map(|(_, _, label)| match label {
            Label::Kanji(chars) => Some(chars),
            Label::Code(_) => None,
        })
        .flatten()
        .copied()
        .filter(|&c| outline(c).is_some())
        .collect();
    if used.is_empty() {
        return;
    }
    out.push_str("<defs>\n");
    for c in used {
        let _ = writeln!(
            out,
            "<path id=\"{}\" d=\"{}\"/>",
            glyph_id(c),
            outline(c).unwrap_or_default()
        );
    }
    out.push_str("</defs>\n");
}

/// What a piece shows, in `ink`: kanji as `<use>` of their outlines, in a group scaled to
/// the label's font size so that the places are whole font units (a kanji without an
/// outline as text in a CJK font); a code as Latin text.
fn write_label(out: &mut String, label: &Label, ink: &str) {
    let (size, glyphs) = label.layout();
    match label {
        Label::Kanji(_) => {
            let scale = size / UNITS_PER_EM;
            let _ = write!(
                out,
                "<g class=\"label\" stroke=\"none\" fill=\"{ink}\" transform=\"scale({scale})\">"
            );
            for g in glyphs {
                // `+ 0.0` writes a negative zero as `0`.
                let (x, y) = ((g.x / scale).round() + 0.0, (g.y / scale).round() + 0.0);
                let x = if x == 0.0 {
                    String::new()
                } else {
                    format!(" x=\"{x}\"")
                };
                match g.text.chars().next().filter(|&c| outline(c).is_some()) {
                    Some(c) => {
                        let _ = write!(out, "<use href=\"#{}\"{x} y=\"{y}\"/>", glyph_id(c));
                    }
                    None => {
                        let _ = write!(
                            out,
                            "<text{x} y=\"{y}\" font-size=\"{UNITS_PER_EM}\" \
                             font-family=\"{KANJI_FONTS}\">{}</text>",
                            escape(&g.text)
                        );
                    }
                }
            }
            out.push_str("</g>");
        }
        Label::Code(_) => {
            let _ = write!(
                out,
                "<text class=\"label\" stroke=\"none\" fill=\"{ink}\" font-size=\"{}\">",
                num(size),
            );
            for g in glyphs {
                let _ = write!(
                    out,
                    "<tspan x=\"{}\" y=\"{}\">{}</tspan>",
                    num(g.x),
                    num(g.y),
                    escape(&g.text)
                );
            }
            out.push_str("</text>");
        }
    }
}

/// A ring inside every square where the move removed a piece, each square once, in
/// square order.
fn removed(
    out: &mut String,
    rules: &Rules,
    effects: &Effects,
    corner: &impl Fn(Square) -> (i32, i32),
) {
    let shape = rules.variant.shape();
    let squares: BTreeSet<Square> = effects
        .events
        .iter()
        .filter(|e| matches!(e.cause, Cause::Removed(_)))
        .map(|e| e.square)
        .collect();
    for sq in squares {
        let (x, y) = corner(sq);
        let _ = writeln!(
            out,
            "<rect class=\"removed\" data-square=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" \
             fill=\"none\" stroke=\"{REMOVED}\" stroke-width=\"4\"/>",
            shape.name(sq),
            x + 3,
            y + 3,
            CELL - 6,
            CELL - 6,
        );
    }
}

/// The grid lines, one path.
fn grid(out: &mut String, files: i32, ranks: i32) {
    let _ = write!(
        out,
        "<path class=\"grid\" fill=\"none\" stroke=\"{GRID}\" stroke-width=\"1\" d=\""
    );
    for col in 0..=files {
        let _ = write!(out, "M{} {}v{}", LEFT + col * CELL, TOP, ranks * CELL);
    }
    for row in 0..=ranks {
        let _ = write!(out, "M{} {}h{}", LEFT, TOP + row * CELL, files * CELL);
    }
    out.push_str("\"/>\n");
}

/// File numbers along the top, highest on the left (file 1 is Black's rightmost), and
/// rank letters down the right side (`a` at the top); flipped, file 1 on the left and the
/// last rank at the top.
fn coordinates(out: &mut String, files: i32, ranks: i32, flip: bool) {
    let _ = writeln!(
        out,
        "<g class=\"coordinates\" font-family=\"{LATIN_FONTS}\" font-size=\"14\" fill=\"{LABELS}\" \
         text-anchor=\"middle\">"
    );
    for col in 0..files {
        let _ = writeln!(
            out,
            "<text class=\"file\" x=\"{}\" y=\"{}\">{}</text>",
            LEFT + col * CELL + CELL / 2,
            TOP - 10,
            if flip { col + 1 } else { files - col }
        );
    }
    for row in 0..ranks {
        let _ = writeln!(
            out,
            "<text class=\"rank\" x=\"{}\" y=\"{}\">{}</text>",
            LEFT + files * CELL + RIGHT / 2,
            TOP + row * CELL + CELL / 2 + 5,
            RankName((if flip { ranks - 1 - row } else { row }) as u8)
        );
    }
    out.push_str("</g>\n");
}

/// A coordinate to one decimal, without a trailing `.0`.
fn num(v: f32) -> String {
    let tenths = (v * 10.0).round() as i32;
    if tenths % 10 == 0 {
        (tenths / 10).to_string()
    } else {
        format!(
            "{}{}.{}",
            if tenths < 0 { "-" } else { "" },
            (tenths / 10).abs(),
            (tenths % 10).abs()
        )
    }
}

/// Text with the characters XML reserves escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_to_one_decimal() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(11.12), "11.1");
        assert_eq!(num(-0.5), "-0.5");
        assert_eq!(num(-6.5), "-6.5");
        assert_eq!(num(-12.0), "-12");
    }

    #[test]
    fn reserved_characters_are_escaped() {
        assert_eq!(escape("a<b>&\"'"), "a&lt;b&gt;&amp;&quot;&apos;");
    }
}
