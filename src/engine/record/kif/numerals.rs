//! KIF's numbers and squares: kanji numerals (一 to 二十五) for ranks and counts, file
//! numbers in half-width or full-width digits, and a square as lishogi writes it for chu
//! shogi: the file in half-width digits, then the rank in kanji (`7七`, `10十一`, `1十二`;
//! lishogi's `makeJapaneseSquareHalf`, shogiops `src/notation/util.ts`).

use crate::engine::core::shape::Shape;
use crate::engine::core::square::Square;

const DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// A number from 1 to 99 in kanji numerals: `一`, `十`, `十一`, `二十五`.
pub fn kanji_number(n: u32) -> String {
    let mut out = String::new();
    let (tens, units) = (n / 10, n % 10);
    if tens > 1 {
        out.push(DIGITS[tens as usize - 1]);
    }
    if tens > 0 {
        out.push('十');
    }
    if units > 0 {
        out.push(DIGITS[units as usize - 1]);
    }
    out
}

/// The value of one kanji digit (一 = 1 ... 九 = 9).
fn digit_value(c: char) -> Option<u32> {
    DIGITS.iter().position(|&d| d == c).map(|i| i as u32 + 1)
}

/// Whether `c` is one of the characters kanji numerals are made of.
pub fn is_numeral(c: char) -> bool {
    c == '十' || digit_value(c).is_some()
}

/// The value of a whole kanji numeral (`十一` = 11, `二十` = 20), `None` when the
/// characters do not form one.
pub fn parse_kanji_number(text: &str) -> Option<u32> {
    let chars: Vec<char> = text.chars().collect();
    match chars.as_slice() {
        ['十'] => Some(10),
        [d] => digit_value(*d),
        ['十', u] => Some(10 + digit_value(*u)?),
        [t, '十'] => Some(digit_value(*t)? * 10).filter(|&v| v >= 20),
        [t, '十', u] => Some(digit_value(*t)? * 10 + digit_value(*u)?).filter(|&v| v >= 20),
        _ => None,
    }
}

/// A square as lishogi writes it for chu shogi, extended to every board: the file number
/// in half-width digits, then the rank in kanji numerals.
pub fn kif_square(shape: Shape, sq: Square) -> String {
    let (x, y) = shape.coords(sq);
    format!("{}{}", x + 1, kanji_number(y as u32 + 1))
}

/// The value of a run of half-width or full-width decimal digits (at most two).
pub fn parse_digits(text: &str) -> Option<u32> {
    if text.is_empty() || text.chars().count() > 2 {
        return None;
    }
    let mut value = 0;
    for c in text.chars() {
        let d = match c {
            '0'..='9' => c as u32 - '0' as u32,
            '０'..='９' => c as u32 - '０' as u32,
            _ => return None,
        };
        value = value * 10 + d;
    }
    Some(value)
}

/// Whether `c` is a half-width or full-width decimal digit.
pub fn is_digit(c: char) -> bool {
    c.is_ascii_digit() || ('０'..='９').contains(&c)
}

/// Splits `text` at its leading digits: the file, and the rest.
pub fn split_file(text: &str) -> (&str, &str) {
    let end = text
        .char_indices()
        .find(|&(_, c)| !is_digit(c))
        .map_or(text.len(), |(i, _)| i);
    text.split_at(end)
}

/// The square of `file` (1 = rightmost) and `rank` (1 = top) on `shape`, if on the board.
pub fn square_at(shape: Shape, file: u32, rank: u32) -> Option<Square> {
    if file == 0 || rank == 0 {
        return None;
    }
    shape.square(file as i32 - 1, rank as i32 - 1)
}

/// Every reading of the kanji numeral at the start of `text` as a rank of `shape`,
/// longest first, with the text after it (`十四天王` is rank 14 then `天王`, or rank 10
/// then `四天王`; the caller keeps the one followed by a piece name).
pub fn rank_readings(shape: Shape, text: &str) -> Vec<(u32, &str)> {
    let run: Vec<(usize, char)> = text
        .char_indices()
        .take_while(|&(_, c)| is_numeral(c))
        .collect();
    let run_end = run.last().map_or(0, |&(i, c)| i + c.len_utf8());
    let mut out = Vec::new();
    for n in (1..=run.len()).rev() {
        let end = run.get(n).map_or(run_end, |&(i, _)| i);
        if let Some(rank) = parse_kanji_number(&text[..end]) {
            if rank >= 1 && rank <= u32::from(shape.ranks) {
                out.push((rank, &text[end..]));
            }
        }
    }
    out
}

/// Parses a whole square (`7七`, `１２十二`): file digits then a kanji rank, nothing after.
pub fn parse_square(shape: Shape, text: &str) -> Option<Square> {
    let (file, rest) = split_file(text.trim());
    let file = parse_digits(file)?;
    let rank = parse_kanji_number(rest)?;
    square_at(shape, file, rank)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numerals_round_trip() {
        for n in 1..=25 {
            assert_eq!(parse_kanji_number(&kanji_number(n)), Some(n), "{n}");
        }
        assert_eq!(kanji_number(12), "十二");
        assert_eq!(kanji_number(25), "二十五");
        assert_eq!(parse_kanji_number("一十"), None);
        assert_eq!(parse_kanji_number("十十"), None);
    }

    #[test]
    fn ranks_are_read_longest_first() {
        let shape = Shape {
            files: 16,
            ranks: 16,
        };
        let r = rank_readings(shape, "十四天王");
        assert_eq!(r, vec![(14, "天王"), (10, "四天王")]);
        assert_eq!(
            parse_square(shape, "１６十六"),
            shape.square(15, 15),
            "full-width file"
        );
    }
}
