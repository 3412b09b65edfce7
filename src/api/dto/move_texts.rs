//! A game's move list as a request carries it (`moves`): the texts read in one pass into
//! one buffer, with where each begins and ends, instead of one `String` per move (issue 34: a
//! 1,000-move game is read on every request of a game server, and a string per move cost
//! more than the rest of the request).
//!
//! It reads exactly what `Vec<String>` reads and refuses what it refuses, with the same
//! messages ("a sequence", "a string"), so a request's answer does not change.
//!
//! A body read with [`from_body`] takes a shorter way first (issue 34: serde_json's
//! reading of a long list cost more than the engine's answer):
//! - One pass over the body's top level finds its `moves` field. Strings are skipped
//!   with their escapes, nested values by their brackets; a key with an escape, a second
//!   `moves`, a `position` before it (a bare position, which takes no list) or anything
//!   unexpected ends the shorter way.
//! - When the list is an array of strings without escapes or control characters (every
//!   move text), it is read there, eight bytes at a time.
//! - serde_json then reads the body with the array replaced by a string only this process
//!   knows; `MoveTexts` reads that string as the list already read.
//!
//! The replaced body reads as the body does: the replaced bytes are a whole JSON value,
//! and everything else is the same bytes. Anything else (the shorter way gives up, serde_json
//! refuses the replaced body, the list is not taken exactly once) reads the whole body
//! again the usual way, whose value or error is the answer.

use serde::de::{DeserializeOwned, DeserializeSeed, Deserializer, SeqAccess, Unexpected, Visitor};
use serde::Deserialize;
use std::cell::RefCell;
use std::fmt;
use std::hash::{BuildHasher, RandomState};
use std::sync::OnceLock;

thread_local! {
    /// The list [`from_body`]'s shorter way read, until the replaced body's `moves` takes it.
    static READ_AHEAD: RefCell<Option<MoveTexts>> = const { RefCell::new(None) };
}

/// The string that stands for the list read ahead: random, so that no request can write it.
fn stand_in() -> &'static str {
    static STAND_IN: OnceLock<String> = OnceLock::new();
    STAND_IN.get_or_init(|| {
        let random = |n: u8| RandomState::new().hash_one(n);
        format!("moves read ahead {:016x}{:016x}", random(1), random(2))
    })
}

/// Reads a request body as `serde_json::from_slice` does, its move list first the shorter
/// way (see the module): the same value, or the same error.
///
/// # Errors
/// serde_json's, as `serde_json::from_slice` gives them.
pub fn from_body<T: DeserializeOwned>(json: &[u8]) -> serde_json::Result<T> {
    if let Some((replaced, list)) = read_ahead(json) {
        READ_AHEAD.set(Some(list));
        let short = serde_json::from_slice(&replaced);
        let untaken = READ_AHEAD.take();
        if let (Ok(value), None) = (short, untaken) {
            return Ok(value);
        }
    }
    serde_json::from_slice(json)
}

/// The body with its top-level `moves` array replaced by [`stand_in`]'s string, and the
/// list the array holds; `None` where the shorter way does not apply (see the module).
fn read_ahead(json: &[u8]) -> Option<(Vec<u8>, MoveTexts)> {
    let mut at = skip_space(json, 0);
    if json.get(at) != Some(&b'{') {
        return None;
    }
    at = skip_space(json, at + 1);
    if json.get(at) == Some(&b'}') {
        return None;
    }
    let mut found = None;
    loop {
        if json.get(at) != Some(&b'"') {
            return None;
        }
        let key_end = plain_string_end(json, at + 1)?;
        let key = &json[at + 1..key_end];
        at = skip_space(json, key_end + 1);
        if json.get(at) != Some(&b':') {
            return None;
        }
        at = skip_space(json, at + 1);
        if key == b"position" && found.is_none() {
            // A bare position, which takes no move list: nothing to read ahead.
            return None;
        }
        let value = at;
        at = if key == b"moves" && json.get(at) == Some(&b'[') {
            if found.is_some() {
                return None;
            }
            let (end, list) = plain_array(json, at)?;
            found = Some((value, end, list));
            end
        } else if key == b"moves" {
            return None;
        } else {
            skip_value(json, at)?
        };
        at = skip_space(json, at);
        match json.get(at)? {
            b',' => at = skip_space(json, at + 1),
            b'}' => break,
            _ => return None,
        }
    }
    let (start, end, list) = found?;
    let stand_in = stand_in();
    let mut replaced = Vec::with_capacity(json.len() - (end - start) + stand_in.len() + 2);
    replaced.extend_from_slice(&json[..start]);
    replaced.push(b'"');
    replaced.extend_from_slice(stand_in.as_bytes());
    replaced.push(b'"');
    replaced.extend_from_slice(&json[end..]);
    Some((replaced, list))
}

/// The array of strings at `json[at]` (a `[`): where it ends (after its `]`) and its
/// texts, when every element is a string without escapes or control characters and the
/// array is valid UTF-8.
fn plain_array(json: &[u8], at: usize) -> Option<(usize, MoveTexts)> {
    // The texts take fewer bytes than the array (each text's END stands for its opening
    // quote), and a copy may pass its text by up to eight. At least three bytes an element
    // (`"",`), most of them more than eight.
    let room = json.len().saturating_sub(at);
    let mut list = MoveTexts {
        bytes: Vec::with_capacity(room + 8),
        spans: Vec::with_capacity(room / 8 + 1),
    };
    // The high bits of every byte of the texts: none set, they are ASCII.
    let mut high = 0;
    let mut i = skip_space(json, at + 1);
    let end = if json.get(i) == Some(&b']') {
        i + 1
    } else {
        loop {
            if json.get(i) != Some(&b'"') {
                return None;
            }
            let close = list.push_plain(json, i + 1, &mut high)?;
            // The separators most writers write, `","` and `", "`, at once.
            match json.get(close + 1..close + 4) {
                Some([b',', b'"', _]) => {
                    i = close + 2;
                    continue;
                }
                Some(b", \"") => {
                    i = close + 3;
                    continue;
                }
                _ => {}
            }
            i = skip_space(json, close + 1);
            match json.get(i)? {
                b',' => i = skip_space(json, i + 1),
                b']' => break i + 1,
                _ => return None,
            }
        }
    };
    if high != 0 {
        std::str::from_utf8(&json[at..end]).ok()?;
    }
    Some((end, list))
}

impl MoveTexts {
    /// Appends the text of the JSON string whose text begins at `json[start]`, copied
    /// eight bytes at a time as it is searched for its closing quote, and hands back
    /// where that quote is; `None` at an escape or a control character. The high bits of
    /// the bytes read are added to `high` (the caller checks that the bytes are UTF-8
    /// where one is set).
    #[inline]
    fn push_plain(&mut self, json: &[u8], start: usize, high: &mut u64) -> Option<usize> {
        let begin = self.bytes.len();
        let mut at = start;
        let stop = loop {
            let Some(word) = json.get(at..at + 8) else {
                let rest = json.get(at..)?;
                let stop = at + rest.iter().position(|&b| is_special(b))?;
                self.bytes.extend_from_slice(&json[at..stop]);
                *high |= json[at..stop]
                    .iter()
                    .fold(0, |h, &b| h | u64::from(b & 0x80));
                break stop;
            };
            let word = <[u8; 8]>::try_from(word).ok()?;
            self.bytes.extend_from_slice(&word);
            let bits = u64::from_le_bytes(word);
            *high |= bits & (ONES * 0x80);
            let special =
                bytes_equal(bits, b'"') | bytes_equal(bits, b'\\') | bytes_below(bits, 0x20);
            if special != 0 {
                // The high bit of byte i is bit 8 i + 7; the lowest flagged byte is exact.
                break at + special.trailing_zeros() as usize / 8;
            }
            at += 8;
        };
        if json[stop] != b'"' {
            return None;
        }
        self.bytes.truncate(begin + (stop - start));
        self.spans.push((begin, self.bytes.len()));
        self.bytes.push(END);
        Some(stop)
    }
}

/// Whether `b` ends a plain string's text: a quote, an escape or a control character.
fn is_special(b: u8) -> bool {
    b == b'"' || b == b'\\' || b < 0x20
}

/// The index of the quote that closes the string whose text begins at `json[start]`, when
/// the text holds no escape and no control character.
fn plain_string_end(json: &[u8], start: usize) -> Option<usize> {
    let rest = json.get(start..)?;
    let stop = start + rest.iter().position(|&b| is_special(b))?;
    (json[stop] == b'"').then_some(stop)
}

/// The end of the JSON value at `json[at]`, as far as the top level needs it: a string
/// with its escapes, an object or array to its matching bracket (strings inside skipped),
/// anything else up to the next delimiter. Whether it is valid is serde_json's to say.
fn skip_value(json: &[u8], at: usize) -> Option<usize> {
    match json.get(at)? {
        b'"' => string_end(json, at + 1).map(|close| close + 1),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut i = at;
            loop {
                match json.get(i)? {
                    b'"' => i = string_end(json, i + 1)?,
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
        }
        _ => {
            let len = json[at..]
                .iter()
                .position(|&b| matches!(b, b',' | b'}' | b']') || is_space(b))
                .unwrap_or(json.len() - at);
            (len > 0).then_some(at + len)
        }
    }
}

/// The index of the quote that closes the string whose text begins at `json[start]`,
/// escapes skipped (eight bytes at a time up to the next quote or backslash).
fn string_end(json: &[u8], start: usize) -> Option<usize> {
    let mut i = start;
    loop {
        if let Some(word) = json.get(i..i + 8) {
            let bits = u64::from_le_bytes(<[u8; 8]>::try_from(word).ok()?);
            let stops = bytes_equal(bits, b'"') | bytes_equal(bits, b'\\');
            if stops == 0 {
                i += 8;
                continue;
            }
            i += stops.trailing_zeros() as usize / 8;
        }
        match json.get(i)? {
            b'"' => return Some(i),
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// The first index from `at` that is not JSON white space.
fn skip_space(json: &[u8], mut at: usize) -> usize {
    while json.get(at).is_some_and(|&b| is_space(b)) {
        at += 1;
    }
    at
}

/// The byte 1 in each of a word's eight bytes.
const ONES: u64 = u64::MAX / 255;

/// The high bit of each byte of `word` that is `byte`, exactly (no carry from one byte
/// into the next).
fn bytes_equal(word: u64, byte: u8) -> u64 {
    let x = word ^ (ONES * u64::from(byte));
    !(((x & (ONES * 0x7F)) + ONES * 0x7F) | x) & (ONES * 0x80)
}

/// The high bit of bytes of `word` below `limit` (at most 128): exact for the lowest such
/// byte (a borrow may flag bytes above it).
fn bytes_below(word: u64, limit: u8) -> u64 {
    word.wrapping_sub(ONES * u64::from(limit)) & !word & (ONES * 0x80)
}

/// The move texts of a game, in order.
#[derive(Debug, Clone, Default)]
pub struct MoveTexts {
    /// The texts one after the other, each followed by [`END`]: no two lists write the
    /// same bytes, so the cache of game states hashes a list's prefix as it is here.
    bytes: Vec<u8>,
    /// Where each text begins and ends in `bytes`.
    spans: Vec<(usize, usize)>,
}

/// The byte after each text: 0xFF, which no UTF-8 text holds.
pub const END: u8 = 0xFF;

impl MoveTexts {
    /// How many moves.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// The text of move `index`.
    pub fn get(&self, index: usize) -> Option<&str> {
        let &(start, end) = self.spans.get(index)?;
        std::str::from_utf8(&self.bytes[start..end]).ok()
    }

    /// The texts in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.spans.iter().map(|&(start, end)| self.text(start, end))
    }

    /// The text of a span (each holds a text pushed whole, UTF-8, and no [`END`]).
    fn text(&self, start: usize, end: usize) -> &str {
        std::str::from_utf8(&self.bytes[start..end]).unwrap_or_default()
    }

    /// The texts as a list of borrowed strings (what the engine's replay takes).
    pub fn to_strs(&self) -> Vec<&str> {
        self.iter().collect()
    }

    /// The texts of the moves from `first` on, borrowed.
    pub fn strs_from(&self, first: usize) -> Vec<&str> {
        let spans = self.spans.get(first..).unwrap_or_default();
        spans
            .iter()
            .map(|&(start, end)| self.text(start, end))
            .collect()
    }

    /// The byte length of each text, in order.
    pub fn lengths(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.spans.iter().map(|&(start, end)| end - start)
    }

    /// The bytes of the first `plies` texts, each followed by [`END`].
    pub fn prefix_bytes(&self, plies: usize) -> &[u8] {
        let end = plies
            .checked_sub(1)
            .and_then(|last| self.spans.get(last))
            .map_or(0, |&(_, end)| end + 1);
        &self.bytes[..end]
    }

    fn push(&mut self, text: &str) {
        self.push_bytes(text.as_bytes());
    }

    /// Appends a text (UTF-8, which the caller has checked or will check).
    fn push_bytes(&mut self, text: &[u8]) {
        let start = self.bytes.len();
        self.bytes.extend_from_slice(text);
        self.spans.push((start, self.bytes.len()));
        self.bytes.push(END);
    }
}

impl PartialEq for MoveTexts {
    fn eq(&self, other: &MoveTexts) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for MoveTexts {}

impl<S: AsRef<str>> FromIterator<S> for MoveTexts {
    fn from_iter<I: IntoIterator<Item = S>>(texts: I) -> MoveTexts {
        let mut list = MoveTexts::default();
        for text in texts {
            list.push(text.as_ref());
        }
        list
    }
}

impl<'de> Deserialize<'de> for MoveTexts {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        if READ_AHEAD.with_borrow(Option::is_some) {
            return d.deserialize_str(ReadAhead);
        }
        d.deserialize_seq(ListVisitor)
    }
}

/// The list read ahead, from the string that stands for it (anything else: an error, and
/// the body is read again the usual way).
struct ReadAhead;

impl<'de> Visitor<'de> for ReadAhead {
    type Value = MoveTexts;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the list read ahead")
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<MoveTexts, E> {
        match READ_AHEAD.take() {
            Some(list) if v == stand_in() => Ok(list),
            list => {
                READ_AHEAD.set(list);
                Err(E::invalid_value(Unexpected::Str(v), &self))
            }
        }
    }
}

/// The moves a list has room for before it first grows.
const START_MOVES: usize = 256;

/// Reads the array, each element appended by [`Append`].
struct ListVisitor;

impl<'de> Visitor<'de> for ListVisitor {
    type Value = MoveTexts;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<MoveTexts, A::Error> {
        // JSON announces no length: room for a long game's first hundreds of moves at
        // once, so that a list of a thousand grows only a few times.
        let mut list = MoveTexts {
            bytes: Vec::with_capacity(START_MOVES * 8),
            spans: Vec::with_capacity(START_MOVES),
        };
        while seq.next_element_seed(Append(&mut list))?.is_some() {}
        Ok(list)
    }
}

/// Appends one string element to the list (borrowed from the body when it has no escape,
/// so nothing is allocated for it).
struct Append<'a>(&'a mut MoveTexts);

impl<'de> DeserializeSeed<'de> for Append<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_string(self)
    }
}

impl<'de> Visitor<'de> for Append<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string")
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<(), E> {
        self.0.push(v);
        Ok(())
    }

    fn visit_bytes<E: serde::de::Error>(self, v: &[u8]) -> Result<(), E> {
        match std::str::from_utf8(v) {
            Ok(text) => self.visit_str(text),
            Err(_) => Err(E::invalid_value(Unexpected::Bytes(v), &self)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn both(json: &str) -> (Result<Vec<String>, String>, Result<MoveTexts, String>) {
        (
            serde_json::from_str::<Vec<String>>(json).map_err(|e| e.to_string()),
            serde_json::from_str::<MoveTexts>(json).map_err(|e| e.to_string()),
        )
    }

    #[test]
    fn it_reads_what_a_list_of_strings_reads_and_refuses_alike() {
        let cases = [
            r#"[]"#,
            r#"["13s13r"]"#,
            r#" [ "13s13r" , "13g13h","" ,"P-13r", "\u00e9\"x\\", "7i7h"] "#,
            r#"["a", 1]"#,
            r#"["a", null]"#,
            r#"["a", ["b"]]"#,
            r#"["a",]"#,
            r#"["a""#,
            r#""a""#,
            r#"{"a": 1}"#,
            r#"7"#,
            r#"["\ud800"]"#,
        ];
        for json in cases {
            match both(json) {
                (Ok(list), Ok(texts)) => {
                    assert_eq!(texts.len(), list.len(), "{json}");
                    assert_eq!(texts.to_strs(), list, "{json}");
                    for (i, text) in list.iter().enumerate() {
                        assert_eq!(texts.get(i), Some(text.as_str()), "{json}");
                    }
                    assert_eq!(texts.get(list.len()), None);
                    assert_eq!(texts.is_empty(), list.is_empty());
                    assert_eq!(list.iter().collect::<MoveTexts>(), texts);
                }
                (Err(a), Err(b)) => assert_eq!(a, b, "{json}"),
                other => panic!("{json}: {other:?}"),
            }
        }
    }

    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Form {
        variant: String,
        moves: Option<MoveTexts>,
    }

    #[test]
    fn a_body_read_the_short_way_is_read_as_the_usual_way_reads_it() {
        let bodies = [
            r#"{"variant": "tai", "moves": ["13s13r", "13g13h"]}"#,
            "\n {\"moves\":\t[ \"a\" ,\r\n\"b\" ] , \"variant\": \"x\"}",
            r#"{"variant": "tai", "moves": []}"#,
            r#"{"variant": "tai", "moves": [ ]}"#,
            r#"{"variant": "tai", "moves": null}"#,
            r#"{"variant": "tai"}"#,
            r#"{"variant": "tai", "moves": ["a\u0062", "\"", "é"]}"#,
            r#"{"variant": "tai", "moves": ["a", 1]}"#,
            r#"{"variant": "tai", "moves": [["a"]]}"#,
            r#"{"variant": "tai", "moves": "a"}"#,
            r#"{"variant": "tai", "moves": {"a": "b"}}"#,
            r#"{"variant": "tai", "moves": ["a",]}"#,
            r#"{"variant": "tai", "moves": ["a" "b"]}"#,
            r#"{"variant": "tai", "moves": ["a"], "x": 1}"#,
            r#"{"variant": 5, "moves": ["a"]}"#,
            r#"{"variant": 5, "moves": ["a", 1]}"#,
            r#"{"variant": "tai", "moves": ["a"]"#,
            "{\"variant\": \"tai\", \"moves\": [\"a\tb\"]}",
        ];
        for body in bodies {
            let usual = serde_json::from_str::<Form>(body).map_err(|e| e.to_string());
            let short = from_body::<Form>(body.as_bytes()).map_err(|e| e.to_string());
            assert_eq!(short, usual, "{body}");
        }
        assert_eq!(
            from_body::<Form>(br#"{"variant": "tai", "moves": ["a", "b"]}"#)
                .expect("read")
                .moves
                .expect("a list")
                .to_strs(),
            ["a", "b"]
        );
        // Outside from_body, the usual way: a value read from a JSON value tree too.
        let tree = serde_json::json!({"variant": "tai", "moves": ["a"]});
        assert!(serde_json::from_value::<Form>(tree).is_ok());
    }

    /// The array at the start of `json`, read the shorter way, its texts joined by `|`.
    fn plain(json: &str) -> Option<String> {
        let (end, list) = plain_array(json.as_bytes(), 0)?;
        assert_eq!(end, json.len(), "{json}");
        Some(list.to_strs().join("|"))
    }

    #[test]
    fn the_short_way_takes_only_arrays_of_plain_strings() {
        assert_eq!(plain(r#"[ "a" , "bc","" ]"#).as_deref(), Some("a|bc|"));
        assert_eq!(plain("[\n\"a\",\t\"b\"\r]").as_deref(), Some("a|b"));
        assert_eq!(plain("[]").as_deref(), Some(""));
        assert_eq!(plain("[ ]").as_deref(), Some(""));
        assert_eq!(plain(r#"["é", "13s13r"]"#).as_deref(), Some("é|13s13r"));
        for refused in [
            r#"["a\"b"]"#,
            r#"["a", 1]"#,
            r#"[1, "a"]"#,
            r#"["a""#,
            r#"["a",, "b"]"#,
            r#"["a" "b"]"#,
            r#"["a",]"#,
            r#"[,"a"]"#,
            r#"[["a"]]"#,
            r#"["a\u0062"]"#,
            "[\"a\tb\"]",
            "[\"a\u{1}b\"]",
            "[",
        ] {
            assert_eq!(plain(refused), None, "{refused}");
        }
        // Bytes that are not UTF-8, near the end of the body and in the middle of a long
        // text; and UTF-8 that is.
        assert!(plain_array(b"[\"\xff\"]", 0).is_none());
        assert!(plain_array(b"[\"abcdefghij\xffklmnop\"]", 0).is_none());
        assert!(plain_array(b"[\"abcdefghij\xc3klmnop\"]", 0).is_none());
        assert_eq!(
            plain("[\"abcdefghij\u{e9}klmnop\"]").as_deref(),
            Some("abcdefghij\u{e9}klmnop")
        );
    }

    #[test]
    fn the_short_way_finds_every_text_across_its_eight_byte_words() {
        // Texts of 0 to 22 bytes, the array written with every separator and none.
        let separators = [",", ", ", " ,\n ", ",\t"];
        for count in 0..40usize {
            let texts: Vec<String> = (0..count)
                .map(|i| "abcdefghijklmnopqrstuvé"[..(i * 7) % 23].to_string())
                .map(|t| {
                    if t.is_char_boundary(t.len()) {
                        t
                    } else {
                        String::new()
                    }
                })
                .collect();
            for sep in separators {
                let quoted: Vec<String> = texts.iter().map(|t| format!("\"{t}\"")).collect();
                let json = format!("[{}]", quoted.join(sep));
                let (end, read) =
                    plain_array(json.as_bytes(), 0).unwrap_or_else(|| panic!("{json}"));
                assert_eq!(end, json.len());
                assert_eq!(read.to_strs(), texts, "{json}");
                let usual: MoveTexts = texts.iter().collect();
                assert_eq!((&read.bytes, &read.spans), (&usual.bytes, &usual.spans));
                // A quote, escape or control character in any one text ends the short way.
                for bad in ['"', '\\', '\u{1f}'] {
                    for at in 0..texts.len() {
                        let mut quoted = quoted.clone();
                        quoted[at].insert(1, bad);
                        let json = format!("[{}]", quoted.join(sep));
                        let read = plain_array(json.as_bytes(), 0);
                        assert!(read.is_none_or(|(end, _)| end != json.len()), "{json}");
                    }
                }
            }
        }
    }

    /// A request body as the API reads it, in both forms the short way must tell apart.
    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Request {
        variant: String,
        position: Option<String>,
        moves: Option<MoveTexts>,
        rules: Option<serde_json::Value>,
        #[serde(rename = "move")]
        proposed: Option<String>,
    }

    /// Bodies and bytes changed at random read the same, value or error, the short way as
    /// the usual way: bodies whose other fields hold brackets, quotes and escapes in
    /// strings, nested `moves` keys, escaped keys; then each with a byte deleted, doubled
    /// or replaced by one of the bytes the short way looks for.
    #[test]
    fn bodies_changed_at_random_read_as_the_usual_way_reads_them() {
        let bodies = [
            r#"{"variant": "tai", "moves": ["13s13r", "13g13h", "7i7h"], "move": "1a1b"}"#,
            r#"{"rules": {"profile": "x]}\"{", "moves": ["a"]}, "moves": ["a","b"], "variant": "chu"}"#,
            r#"{"variant":"t\"ai","moves":["a"],"rules":[{"a":[1,2,{"b":"]"}]}, null]}"#,
            r#"{"mo\u0076es": ["a"], "variant": "tai"}"#,
            r#"{"moves": ["a"], "variant": "tai", "moves": ["b"]}"#,
            r#"{"variant": "tai", "moves": [], "rules": {"overrides": {"k": true, "n": -1.5e3}}}"#,
            r#"  {"variant": "tai", "moves": ["a"] }  "#,
            r#"{"variant": "tai", "moves": ["a"], "move": null}"#,
            r#"{"variant": "tai", "position": "p", "moves": ["a"]}"#,
            r#"{"variant": "tai", "moves": ["a"], "position": "p"}"#,
        ];
        // The short way reads all but the escaped key, the second `moves` and the
        // `position` before `moves`.
        let short: Vec<bool> = bodies
            .iter()
            .map(|b| read_ahead(b.as_bytes()).is_some())
            .collect();
        assert_eq!(
            short,
            [true, true, true, false, false, true, true, true, false, true]
        );
        let special = b"\"\\[]{},: \t\x01a\xff";
        let mut rng = crate::engine::test_rng::Rng(0x2545_f491_4f6c_dd1d);
        let (mut same_short, mut checked) = (0, 0);
        for body in bodies {
            let mut variants = vec![body.as_bytes().to_vec()];
            for _ in 0..400 {
                let mut changed = body.as_bytes().to_vec();
                let at = rng.below(changed.len());
                match rng.below(3) {
                    0 => {
                        changed.remove(at);
                    }
                    1 => changed.insert(at, changed[at]),
                    _ => changed[at] = special[rng.below(special.len())],
                }
                variants.push(changed);
            }
            for json in variants {
                let usual = serde_json::from_slice::<Request>(&json).map_err(|e| e.to_string());
                let short = from_body::<Request>(&json).map_err(|e| e.to_string());
                assert_eq!(short, usual, "{}", String::from_utf8_lossy(&json));
                same_short += usize::from(usual.is_ok() && read_ahead(&json).is_some());
                checked += 1;
            }
        }
        assert!(
            same_short > 100,
            "{same_short} of {checked} read the short way"
        );
    }

    #[test]
    fn null_and_a_missing_field_are_no_list() {
        #[derive(Deserialize)]
        struct Form {
            moves: Option<MoveTexts>,
        }
        let read = |json| serde_json::from_str::<Form>(json).map(|f| f.moves);
        assert_eq!(read(r#"{}"#).expect("read"), None);
        assert_eq!(read(r#"{"moves": null}"#).expect("read"), None);
        assert_eq!(
            read(r#"{"moves": ["a", "bc"]}"#).expect("read"),
            Some(["a", "bc"].into_iter().collect())
        );
    }
}
