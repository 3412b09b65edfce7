//! What a piece shows in a board picture, and where its characters go on the piece.
//!
//! A piece shows the kanji (Japanese characters) of the kind it moves as: its own name on
//! the unpromoted side, the name of its promotion on the promoted side (a promoted kirin
//! shows 獅子, lion). The whole name is written, as on the physical pieces: one character
//! (ko shogi's 将, general; tenjiku's 犬, dog) large in the middle, two or three in one
//! vertical column, four (maka dai dai's 自在天王, emperor) in two columns of two, the
//! right column read first. Where the piece table gives a name per side (tenjiku's king,
//! 玉将 for Black and 王将 for White) the owner's is used. Ko shogi's names that its rules
//! page infers from a romanisation (written `天網?`) are drawn without the mark; where the
//! kanji are unknown (`?`, the two cavalrymen) the piece's code is drawn in Latin letters.
//! 𩹄 (U+29E44, in 摩𩹄, capricorn) is drawn as its common form 羯: the free CJK fonts lack
//! the rare character.
//!
//! A picture may ask for Latin labels instead ([`Labels::Latin`]): every piece then shows
//! the code of the kind it moves as (`N` for chu's lion, `FL` for a ferocious leopard), in
//! the viewer's sans-serif font.

use crate::engine::core::color::Color;
use crate::engine::core::piece::Piece;
use crate::engine::variant::Rules;

/// Which writing a picture labels its pieces with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Labels {
    /// The kanji, drawn as outlines (the default).
    #[default]
    Kanji,
    /// The pieces' codes in Latin letters.
    Latin,
}

/// What a piece shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Label {
    /// Kanji in reading order (down a column, then the next column to the left).
    Kanji(Vec<char>),
    /// The piece's code, when its kanji are unknown.
    Code(String),
}

/// One character or code placed on a piece: its text and the position of its baseline
/// centre, relative to the piece's centre, in picture units (unrotated, pointing up).
#[derive(Clone, Debug, PartialEq)]
pub struct Glyph {
    pub text: String,
    pub x: f32,
    pub y: f32,
}

/// How a CJK glyph's middle lies above its baseline, as a fraction of the font size (the
/// ideographic em box of the usual CJK fonts runs from 0.88 above to 0.12 below).
const CJK_MIDDLE: f32 = 0.38;
/// The same for Latin capitals.
const LATIN_MIDDLE: f32 = 0.36;

/// The label of `piece` under `rules`.
pub fn piece_label(rules: &Rules, piece: Piece) -> Label {
    let variant = rules.variant;
    let shown = variant.kind(rules.face(piece.face).moves_as);
    let kanji = owner_part(&shown.kanji, piece.color);
    let chars: Vec<char> = kanji
        .chars()
        .filter(|c| !c.is_ascii() && !c.is_whitespace())
        .map(|c| if c == '\u{29E44}' { '羯' } else { c })
        .collect();
    if chars.is_empty() {
        Label::Code(shown.code.clone())
    } else {
        Label::Kanji(chars)
    }
}

/// The label of `piece` under `rules` in the writing `labels` asks for.
pub fn label_in(rules: &Rules, piece: Piece, labels: Labels) -> Label {
    match labels {
        Labels::Kanji => piece_label(rules, piece),
        Labels::Latin => {
            let shown = rules.variant.kind(rules.face(piece.face).moves_as);
            Label::Code(shown.code.clone())
        }
    }
}

/// The part of a kanji field that names the owner's piece: `玉将 (Black) / 王将 (White)`
/// gives the first part to Black and the second to White; a field without `/` is whole.
fn owner_part(kanji: &str, color: Color) -> &str {
    let mut parts = kanji.split('/');
    let first = parts.next().unwrap_or(kanji);
    match color {
        Color::Black => first,
        Color::White => parts.next().unwrap_or(first),
    }
}

impl Label {
    /// The font size and the glyphs, laid out for a piece of the size `svg.rs` draws
    /// (48-unit cells: the piece runs from 21 above its centre to 21 below, narrowing
    /// above 14 units up).
    pub fn layout(&self) -> (f32, Vec<Glyph>) {
        match self {
            Label::Code(code) => {
                let size = if code.len() > 2 { 11.0 } else { 14.0 };
                (
                    size,
                    vec![glyph(code.clone(), 0.0, 3.0, size, LATIN_MIDDLE)],
                )
            }
            Label::Kanji(chars) => {
                let (size, places): (f32, &[(f32, f32)]) = match chars.len() {
                    1 => (24.0, &[(0.0, 2.0)]),
                    2 => (17.0, &[(0.0, -7.5), (0.0, 9.5)]),
                    3 => (12.0, &[(0.0, -8.5), (0.0, 3.5), (0.0, 15.5)]),
                    _ => (
                        13.5,
                        &[(7.0, -4.0), (7.0, 11.0), (-7.0, -4.0), (-7.0, 11.0)],
                    ),
                };
                let glyphs = chars
                    .iter()
                    .zip(places)
                    .map(|(c, &(x, y))| glyph(c.to_string(), x, y, size, CJK_MIDDLE))
                    .collect();
                (size, glyphs)
            }
        }
    }
}

fn glyph(text: String, x: f32, middle: f32, size: f32, rise: f32) -> Glyph {
    Glyph {
        text,
        x,
        y: middle + rise * size,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_with_a_name_per_side_gives_each_owner_its_own() {
        let field = "玉将 (Black) / 王将 (White)";
        assert_eq!(owner_part(field, Color::Black).trim(), "玉将 (Black)");
        assert_eq!(owner_part(field, Color::White).trim(), "王将 (White)");
        assert_eq!(owner_part("獅子", Color::White), "獅子");
    }

    #[test]
    fn every_label_places_each_of_its_characters() {
        for n in 1..=4 {
            let label = Label::Kanji(vec!['獅'; n]);
            assert_eq!(label.layout().1.len(), n);
        }
        assert_eq!(Label::Code("LC".into()).layout().1.len(), 1);
    }
}
