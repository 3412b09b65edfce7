//! The outlines of the label kanji (Japanese characters), so that a picture draws its
//! labels without any font installed on the viewer's machine. The data
//! (`glyphs/glyphs.txt`) is written by `scripts/glyphs.py` from Noto Serif CJK JP (SIL Open
//! Font License 1.1, `glyphs/OFL.txt`): one line per character that a piece label of a
//! built-in variant shows, its outline as SVG path data in font units (1000 to the em), the
//! origin at the middle of the glyph's advance on the baseline, y pointing down.

use std::sync::OnceLock;

/// The data file, embedded.
const DATA: &str = include_str!("glyphs/glyphs.txt");

/// The units of an outline to the em.
pub const UNITS_PER_EM: f32 = 1000.0;

/// The outline of `c` as SVG path data, if the data has it.
pub fn outline(c: char) -> Option<&'static str> {
    static TABLE: OnceLock<Vec<(char, &'static str)>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut rows: Vec<(char, &'static str)> = DATA
            .lines()
            .filter(|line| !line.starts_with('#'))
            .filter_map(|line| {
                let (c, path) = line.split_once(' ')?;
                let mut chars = c.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => Some((c, path)),
                    _ => None,
                }
            })
            .collect();
        rows.sort_unstable_by_key(|&(c, _)| c);
        rows
    });
    table
        .binary_search_by_key(&c, |&(c, _)| c)
        .ok()
        .map(|i| table[i].1)
}

/// The id of `c`'s outline in a picture's `<defs>`: `k` and its code point in hex.
pub fn glyph_id(c: char) -> String {
    format!("k{:x}", u32::from(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_of_the_data_is_one_character_and_a_path() {
        let rows = DATA.lines().filter(|l| !l.starts_with('#'));
        for line in rows {
            let (c, path) = line.split_once(' ').expect("a character and a path");
            assert_eq!(c.chars().count(), 1, "{line:.20}");
            assert!(path.starts_with('m') && path.ends_with('z'), "{line:.20}");
            assert_eq!(outline(c.chars().next().unwrap()), Some(path));
        }
        assert_eq!(outline('A'), None);
        assert_eq!(glyph_id('獅'), "k7345");
    }
}
