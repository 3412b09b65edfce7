//! The SVG document of a board picture, written by hand: deterministic text (the same
//! position and last move give the same bytes), one user unit per pixel, [`CELL`] units a
//! square.
//!
//! Layers, bottom up: the board; the last move's squares filled (its start square pale
//! green, every square it lists after the start, final square included, green); the grid;
//! a blue ring inside each square where the move removed a piece (captures, burns, shots,
//! the mover burned on arrival, poison flames removed); the pieces; the file numbers along
//! the top and the rank letters down the right side; a caption with the variant, the side
//! to move and the move number.
//!
//! Every element a client or test may look for carries a class: `piece black|white`
//! (and `promoted`) on a piece's group with `data-square` and `data-piece` (its token in
//! position text), `last-from`, `last-path` and `removed` on the marks, `file` and `rank`
//! on the coordinates.

use super::label::{piece_label, Label};
use crate::engine::core::color::Color;
use crate::engine::core::moves::{Effects, Move};
use crate::engine::core::square::Square;
use crate::engine::position::Position;
use crate::engine::variant::Rules;
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// The side of a square, in picture units (pixels at the stated size).
pub const CELL: i32 = 48;
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
const LABELS: &str = "#333333";

/// The outline of a piece pointing up, around its centre: the point, the shoulders, the
/// base corners.
const OUTLINE: &str = "0,-21 15,-14 19,21 -19,21 -15,-14";
const KANJI_FONTS: &str = "'Noto Serif CJK JP','Noto Sans CJK JP','IPAMincho','IPAexMincho','Hiragino Mincho ProN','Yu Mincho','MS Mincho',serif";
const LATIN_FONTS: &str = "'DejaVu Sans',Arial,Helvetica,sans-serif";

/// The last move of a game, with what it did, to be marked.
#[derive(Clone, Copy, Debug)]
pub struct LastMove<'a> {
    pub mv: &'a Move,
    pub effects: &'a Effects,
}

/// The picture of `pos` under `rules`, with `last` marked: a complete SVG document.
pub fn board_svg(rules: &Rules, pos: &Position, last: Option<LastMove<'_>>) -> String {
    let variant = rules.variant;
    let shape = variant.shape();
    let files = i32::from(shape.files);
    let ranks = i32::from(shape.ranks);
    let width = LEFT + files * CELL + RIGHT;
    let height = TOP + ranks * CELL + BOTTOM;
    let caption = format!(
        "{} \u{b7} {} to move \u{b7} move {}",
        variant.name,
        match pos.side() {
            Color::Black => "Black",
            Color::White => "White",
        },
        pos.move_number()
    );
    let mut out = String::with_capacity(4096 + shape.len() * 180);
    let _ = write!(
        out,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\">\n<title>{}</title>\n\
         <rect class=\"board\" x=\"{LEFT}\" y=\"{TOP}\" width=\"{}\" height=\"{}\" fill=\"{BOARD}\"/>\n",
        escape(&caption),
        files * CELL,
        ranks * CELL,
    );
    // The top-left corner of a square's cell.
    let corner = |sq: Square| {
        let (x, y) = shape.coords(sq);
        (LEFT + (files - 1 - x) * CELL, TOP + y * CELL)
    };
    if let Some(last) = last {
        marks(&mut out, rules, last, &corner);
    }
    grid(&mut out, files, ranks);
    if let Some(last) = last {
        removed(&mut out, rules, last.effects, &corner);
    }
    let _ = writeln!(
        out,
        "<g class=\"pieces\" fill=\"{PIECE}\" stroke=\"{PIECE_EDGE}\" stroke-width=\"1.2\" \
         stroke-linejoin=\"round\" text-anchor=\"middle\" font-family=\"{KANJI_FONTS}\">"
    );
    for index in 0..shape.len() {
        let sq = Square(index as u16);
        if let Some(piece) = pos.piece_at(sq) {
            let (x, y) = corner(sq);
            let shown = variant.kind(rules.face(piece.face).moves_as);
            let white = piece.color == Color::White;
            let _ = write!(
                out,
                "<g class=\"piece {}{}\" data-square=\"{}\" data-piece=\"{}\" \
                 transform=\"translate({},{}){}\"><title>{}</title><polygon points=\"{OUTLINE}\"/>",
                piece.color.name(),
                if piece.promoted() { " promoted" } else { "" },
                shape.name(sq),
                escape(variant.token(piece.face, piece.color)),
                x + CELL / 2,
                y + CELL / 2,
                if white { " rotate(180)" } else { "" },
                escape(&shown.name),
            );
            let label = piece_label(rules, piece);
            let (size, glyphs) = label.layout();
            let family = match label {
                Label::Kanji(_) => String::new(),
                Label::Code(_) => format!(" font-family=\"{LATIN_FONTS}\""),
            };
            let _ = write!(
                out,
                "<text stroke=\"none\" fill=\"{}\" font-size=\"{}\"{family}>",
                if piece.promoted() { RED } else { INK },
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
            out.push_str("</text></g>\n");
        }
    }
    out.push_str("</g>\n");
    coordinates(&mut out, files, ranks);
    let _ = write!(
        out,
        "<text class=\"caption\" x=\"{LEFT}\" y=\"{}\" font-size=\"15\" font-family=\"{LATIN_FONTS}\" \
         fill=\"{LABELS}\">{}</text>\n</svg>\n",
        TOP + ranks * CELL + 24,
        escape(&caption),
    );
    out
}

/// The last move's squares, filled: the start square, then every square the move lists.
fn marks(
    out: &mut String,
    rules: &Rules,
    last: LastMove<'_>,
    corner: &impl Fn(Square) -> (i32, i32),
) {
    let shape = rules.variant.shape();
    let mut fill = |sq: Square, class: &str, colour: &str| {
        let (x, y) = corner(sq);
        let _ = writeln!(
            out,
            "<rect class=\"{class}\" data-square=\"{}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" \
             height=\"{CELL}\" fill=\"{colour}\"/>",
            shape.name(sq)
        );
    };
    fill(last.mv.from, "last-from", LAST_FROM);
    for &sq in last.mv.squares() {
        fill(sq, "last-path", LAST_PATH);
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
        .captures
        .iter()
        .chain(&effects.burned)
        .chain(&effects.self_burned)
        .chain(&effects.shots)
        .chain(&effects.flames_removed)
        .map(|&(sq, _)| sq)
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
/// rank letters down the right side (`a` at the top).
fn coordinates(out: &mut String, files: i32, ranks: i32) {
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
            files - col
        );
    }
    for row in 0..ranks {
        let _ = writeln!(
            out,
            "<text class=\"rank\" x=\"{}\" y=\"{}\">{}</text>",
            LEFT + files * CELL + RIGHT / 2,
            TOP + row * CELL + CELL / 2 + 5,
            char::from(b'a' + row as u8)
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
