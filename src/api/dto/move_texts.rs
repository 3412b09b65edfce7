//! A game's move list as a request carries it (`moves`): the texts read in one pass into
//! one buffer, with where each begins and ends, instead of one `String` per move (issue 34: a
//! 1,000-move game is read on every request of a game server, and a string per move cost
//! more than the rest of the request).
//!
//! It reads exactly what `Vec<String>` reads and refuses what it refuses, with the same
//! messages ("a sequence", "a string"), so a request's answer does not change.
//!
//! A body read with [`from_body`] takes a shorter way first: the list is taken as the
//! JSON text it is (serde_json checks that it is JSON, one pass that allocates nothing
//! per string) and read here when it is an array of strings without escapes, the case of
//! every move text. Anything else (an escape, an element that is not a string, not an
//! array) makes that first reading fail, and the whole body is read again the usual way,
//! whose value or error is the answer.

use serde::de::{DeserializeOwned, DeserializeSeed, Deserializer, SeqAccess, Unexpected, Visitor};
use serde::Deserialize;
use serde_json::value::RawValue;
use std::cell::Cell;
use std::fmt;

thread_local! {
    /// Whether [`from_body`]'s first reading is running on this thread.
    static SHORT_WAY: Cell<bool> = const { Cell::new(false) };
}

/// Reads a request body as `serde_json::from_slice` does, move lists first the shorter way
/// (see the module): the same value, or the same error.
///
/// # Errors
/// serde_json's, as `serde_json::from_slice` gives them.
pub fn from_body<T: DeserializeOwned>(json: &[u8]) -> serde_json::Result<T> {
    let outer = SHORT_WAY.replace(true);
    let short = serde_json::from_slice(json);
    SHORT_WAY.set(outer);
    match short {
        Ok(value) => Ok(value),
        Err(_) => serde_json::from_slice(json),
    }
}

/// The move texts of a game, in order.
#[derive(Debug, Clone, Default)]
pub struct MoveTexts {
    /// The texts: one after the other, or the JSON array they were read from.
    text: String,
    /// Where each text begins and ends in `text`.
    spans: Vec<(usize, usize)>,
}

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
        self.text.get(start..end)
    }

    /// The texts in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.spans
            .iter()
            .map(|&(start, end)| self.text.get(start..end).unwrap_or_default())
    }

    /// The texts as a list of borrowed strings (what the engine's replay takes).
    pub fn to_strs(&self) -> Vec<&str> {
        self.iter().collect()
    }

    fn push(&mut self, text: &str) {
        let start = self.text.len();
        self.text.push_str(text);
        self.spans.push((start, self.text.len()));
    }

    /// The list of `json`, a JSON value serde_json has read (so its strings hold no control
    /// character), when it is an array of strings without escapes, with no white space
    /// around it: the texts are found where they are, eight bytes at a time, and the
    /// array is kept as one text.
    fn scan(json: &str) -> Option<MoveTexts> {
        let bytes = json.as_bytes();
        let last = bytes.len().checked_sub(1)?;
        if bytes.first() != Some(&b'[') || bytes[last] != b']' {
            return None;
        }
        let mut scan = Scan {
            bytes,
            // At least three bytes an element (`"",`), most of them more than eight.
            spans: Vec::with_capacity(bytes.len() / 8 + 1),
            open: None,
            gap: 1,
        };
        let mut escapes = 0;
        let mut words = bytes.chunks_exact(8);
        let mut base = 0;
        for word in &mut words {
            let word = u64::from_le_bytes(<[u8; 8]>::try_from(word).ok()?);
            escapes |= bytes_equal(word, b'\\');
            let mut quotes = bytes_equal(word, b'"');
            while quotes != 0 {
                // The high bit of byte i is bit 8 i + 7.
                scan.quote(base + quotes.trailing_zeros() as usize / 8)?;
                quotes &= quotes - 1;
            }
            base += 8;
        }
        for (i, &b) in words.remainder().iter().enumerate() {
            match b {
                b'\\' => return None,
                b'"' => scan.quote(base + i)?,
                _ => {}
            }
        }
        let closed = escapes == 0 && scan.open.is_none();
        (closed && is_gap(&bytes[scan.gap..last], true)).then(|| MoveTexts {
            text: json.to_owned(),
            spans: scan.spans,
        })
    }
}

/// The state of [`MoveTexts::scan`]: the strings found, the one open, where the bytes
/// after the last one (or after the bracket) begin.
struct Scan<'a> {
    bytes: &'a [u8],
    spans: Vec<(usize, usize)>,
    open: Option<usize>,
    gap: usize,
}

impl Scan<'_> {
    /// A quote at `at`: a string opens (after a gap that must be white space and one comma,
    /// none before the first string) or closes.
    fn quote(&mut self, at: usize) -> Option<()> {
        match self.open.take() {
            None => {
                let gap = self.bytes.get(self.gap..at)?;
                if !is_gap(gap, self.spans.is_empty()) {
                    return None;
                }
                self.open = Some(at + 1);
            }
            Some(start) => {
                self.spans.push((start, at));
                self.gap = at + 1;
            }
        }
        Some(())
    }
}

/// The high bit of each byte of `word` that is `byte`, exactly (no carry from one byte
/// into the next).
fn bytes_equal(word: u64, byte: u8) -> u64 {
    const ONES: u64 = u64::MAX / 255;
    let x = word ^ (ONES * u64::from(byte));
    !(((x & (ONES * 0x7F)) + ONES * 0x7F) | x) & (ONES * 0x80)
}

/// Whether `gap`, the bytes between two strings of an array, is white space around one
/// comma; before the first string (`first`) or after the last, white space only.
fn is_gap(gap: &[u8], first: bool) -> bool {
    match gap {
        b"," | b", " => return !first,
        [] => return first,
        _ => {}
    }
    let mut commas = 0;
    for &b in gap {
        match b {
            b',' => commas += 1,
            b' ' | b'\t' | b'\n' | b'\r' => {}
            _ => return false,
        }
    }
    commas == usize::from(!first)
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
        if SHORT_WAY.get() {
            let raw = <&RawValue>::deserialize(d)?;
            return MoveTexts::scan(raw.get()).ok_or_else(|| {
                serde::de::Error::custom("not a list of plain strings: read the usual way")
            });
        }
        d.deserialize_seq(ListVisitor)
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
            text: String::with_capacity(START_MOVES * 8),
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

    #[test]
    fn the_short_way_takes_only_arrays_of_plain_strings() {
        let scan = |json: &str| MoveTexts::scan(json).map(|m| m.to_strs().join("|"));
        assert_eq!(scan(r#"[ "a" , "bc","" ]"#).as_deref(), Some("a|bc|"));
        assert_eq!(scan("[\n\"a\",\t\"b\"\r]").as_deref(), Some("a|b"));
        assert_eq!(scan("[]").as_deref(), Some(""));
        for refused in [
            r#"["a\"b"]"#,
            r#"["a", 1]"#,
            r#"[1, "a"]"#,
            r#"["a""#,
            r#"["a"] "#,
            r#" ["a"]"#,
            r#"["a",, "b"]"#,
            r#"["a" "b"]"#,
            r#"["a",]"#,
            r#"[,"a"]"#,
            r#"[["a"]]"#,
            r#"{"a": 1}"#,
            r#""a""#,
            r#"["a\\u0062"]"#,
            "",
        ] {
            assert_eq!(scan(refused), None, "{refused}");
        }
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
                let read = MoveTexts::scan(&json).unwrap_or_else(|| panic!("{json}"));
                assert_eq!(read.to_strs(), texts, "{json}");
                assert_eq!(read.text, json, "kept as one text");
            }
        }
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
