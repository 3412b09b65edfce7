//! Client text repeated in a message: an unknown name, a token that does not read, a line
//! of a record, a move. Every message that repeats what a request holds repeats it through
//! [`echo`], cut to [`ECHO_CHARS`] characters, so that no answer repeats more of a request
//! than that whatever the request holds; a character that cannot be shown as it is (white
//! space, a control character) is named by [`char_name`].

/// The most characters of a client's text (a name, a value, a token, a line, a move) a
/// message repeats.
pub const ECHO_CHARS: usize = 64;

/// A client's text as a message repeats it: its first [`ECHO_CHARS`] characters.
pub fn echo(text: &str) -> String {
    text.chars().take(ECHO_CHARS).collect()
}

/// The Unicode names of the white space characters (the Unicode `White_Space` property)
/// that are not plain spaces: the characters a text copied from a document or an editor
/// brings along unseen.
const WHITE_SPACE_NAMES: &[(char, &str)] = &[
    ('\t', "CHARACTER TABULATION"),
    ('\n', "LINE FEED"),
    ('\u{0B}', "LINE TABULATION"),
    ('\u{0C}', "FORM FEED"),
    ('\r', "CARRIAGE RETURN"),
    (' ', "SPACE"),
    ('\u{85}', "NEXT LINE"),
    ('\u{A0}', "NO-BREAK SPACE"),
    ('\u{1680}', "OGHAM SPACE MARK"),
    ('\u{2000}', "EN QUAD"),
    ('\u{2001}', "EM QUAD"),
    ('\u{2002}', "EN SPACE"),
    ('\u{2003}', "EM SPACE"),
    ('\u{2004}', "THREE-PER-EM SPACE"),
    ('\u{2005}', "FOUR-PER-EM SPACE"),
    ('\u{2006}', "SIX-PER-EM SPACE"),
    ('\u{2007}', "FIGURE SPACE"),
    ('\u{2008}', "PUNCTUATION SPACE"),
    ('\u{2009}', "THIN SPACE"),
    ('\u{200A}', "HAIR SPACE"),
    ('\u{2028}', "LINE SEPARATOR"),
    ('\u{2029}', "PARAGRAPH SEPARATOR"),
    ('\u{202F}', "NARROW NO-BREAK SPACE"),
    ('\u{205F}', "MEDIUM MATHEMATICAL SPACE"),
    ('\u{3000}', "IDEOGRAPHIC SPACE"),
    ('\u{FEFF}', "ZERO WIDTH NO-BREAK SPACE"),
];

/// A character as a message names it: its code point (`U+3000`), then its Unicode name
/// for white space (`U+3000 IDEOGRAPHIC SPACE`), or the character itself in backticks when
/// it is visible (`` U+00E9 `é` ``).
pub fn char_name(c: char) -> String {
    let code = format!("U+{:04X}", u32::from(c));
    match WHITE_SPACE_NAMES.iter().find(|(w, _)| *w == c) {
        Some((_, name)) => format!("{code} {name}"),
        None if c.is_control() || c.is_whitespace() => code,
        None => format!("{code} `{c}`"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echo_cuts_characters_not_bytes() {
        let wide = "名".repeat(100);
        assert_eq!(echo(&wide).chars().count(), ECHO_CHARS);
        assert_eq!(echo(&wide).len(), ECHO_CHARS * '名'.len_utf8());
        assert_eq!(echo("short"), "short");
    }

    #[test]
    fn white_space_is_named_and_other_characters_shown() {
        assert_eq!(char_name('\u{3000}'), "U+3000 IDEOGRAPHIC SPACE");
        assert_eq!(char_name('\u{A0}'), "U+00A0 NO-BREAK SPACE");
        assert_eq!(char_name('\r'), "U+000D CARRIAGE RETURN");
        assert_eq!(char_name('\u{7}'), "U+0007");
        assert_eq!(char_name('é'), "U+00E9 `é`");
        // Every character with the White_Space property has its name in the table.
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            if c.is_whitespace() {
                assert!(
                    WHITE_SPACE_NAMES.iter().any(|(w, _)| *w == c),
                    "{c:?} has no name"
                );
            }
        }
    }
}
