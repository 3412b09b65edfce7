//! A variant's header file (`data/<id>.variant`, `data/FORMAT.md`): what the variant is
//! called (id, English name, kanji name) and the rules it has that are not options (board
//! shape, kind of promotion, and the capabilities the engine branches on), read into its
//! [`VariantNames`] and [`VariantTraits`] without loading the rest of its data.

use super::model::{PromotionKind, VariantNames, VariantTraits};
use crate::engine::core::shape::Shape;

/// Sets the trait of one capability.
type SetTrait = fn(&mut VariantTraits);

/// The capabilities a header may list, each with the trait it sets.
const CAPABILITIES: &[(&str, SetTrait)] = &[
    ("mate_ends_game", |t| t.checkmate = true),
    ("lion_trading", |t| t.lion_trading = true),
    ("lishogi_marks", |t| t.lishogi_marks = true),
    ("lishogi_kif", |t| t.lishogi_kif = true),
    ("usi_string_count", |t| t.usi_string_count = true),
    ("route_moves", |t| t.routes = true),
];

/// The fields of a header, each given once, in this order.
const FIELDS: [&str; 6] = ["id", "name", "kanji", "board", "promotion", "capabilities"];

/// Reads a header file.
///
/// # Errors
/// A sentence naming the line and the problem: a field missing, repeated, out of order or
/// unknown, a board or promotion that does not read, a capability the engine does not know.
pub fn read_header(text: &'static str) -> Result<(VariantNames, VariantTraits), String> {
    let mut values: Vec<(usize, &'static str)> = Vec::with_capacity(FIELDS.len());
    for (i, line) in text.lines().enumerate() {
        let (no, line) = (i + 1, line.trim());
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((key, value)) = line.split_once(" | ") else {
            return Err(format!("header line {no}: expected `field | value`"));
        };
        let (key, value) = (key.trim(), value.trim());
        match FIELDS.get(values.len()) {
            Some(&expected) if expected == key => values.push((no, value)),
            Some(&expected) => {
                return Err(format!(
                    "header line {no}: expected field `{expected}`, found `{key}` (fields: {})",
                    FIELDS.join(", ")
                ))
            }
            None => return Err(format!("header line {no}: unexpected field `{key}`")),
        }
        if value.is_empty() || value.contains('|') {
            return Err(format!("header line {no}: `{key}` needs one value"));
        }
    }
    if let Some(missing) = FIELDS.get(values.len()) {
        return Err(format!("header: field `{missing}` is missing"));
    }
    let [id, name, kanji, board, promotion, capabilities] =
        <[(usize, &'static str); 6]>::try_from(values).map_err(|_| "header: six fields")?;
    let names = VariantNames {
        id: id.1,
        name: name.1,
        japanese: kanji.1,
    };
    let mut traits = VariantTraits {
        shape: read_board(board)?,
        promotion: read_promotion(promotion)?,
        lion_trading: false,
        checkmate: false,
        lishogi_marks: false,
        lishogi_kif: false,
        usi_string_count: false,
        routes: false,
    };
    let (no, list) = capabilities;
    if list != "-" {
        let mut seen: Vec<&str> = Vec::new();
        for word in list.split_whitespace() {
            let (_, set) = CAPABILITIES
                .iter()
                .find(|(c, _)| *c == word)
                .ok_or_else(|| {
                    let known: Vec<&str> = CAPABILITIES.iter().map(|(c, _)| *c).collect();
                    format!(
                        "header line {no}: unknown capability `{word}` (known: {})",
                        known.join(", ")
                    )
                })?;
            if seen.contains(&word) {
                return Err(format!("header line {no}: `{word}` is listed twice"));
            }
            seen.push(word);
            set(&mut traits);
        }
    }
    Ok((names, traits))
}

/// `FILESxRANKS`, each from 1 to 255.
fn read_board((no, text): (usize, &str)) -> Result<Shape, String> {
    let size = |n: &str| n.parse::<u8>().ok().filter(|&n| n > 0);
    text.split_once('x')
        .and_then(|(f, r)| Some((size(f)?, size(r)?)))
        .map(|(files, ranks)| Shape { files, ranks })
        .ok_or_else(|| format!("header line {no}: board `{text}` is not FILESxRANKS"))
}

/// `on_capture`, or `zone N` (the far N ranks).
fn read_promotion((no, text): (usize, &str)) -> Result<PromotionKind, String> {
    match text.split_whitespace().collect::<Vec<_>>()[..] {
        ["on_capture"] => Ok(PromotionKind::OnCapture),
        ["zone", n] => n
            .parse::<u8>()
            .ok()
            .filter(|&ranks| ranks > 0)
            .map(|ranks| PromotionKind::Zone { ranks })
            .ok_or_else(|| format!("header line {no}: zone `{n}` is not a number of ranks")),
        _ => Err(format!(
            "header line {no}: promotion `{text}` is neither `on_capture` nor `zone N`"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::read_header;

    #[test]
    fn a_header_reads_and_its_mistakes_name_the_line() {
        let good = "# a comment\nid | x\nname | X shogi\nkanji | 某将棋\nboard | 12x9\n\
                    promotion | zone 3\ncapabilities | lion_trading mate_ends_game\n";
        let (names, traits) = read_header(good).unwrap();
        assert_eq!(
            (names.id, names.name, names.japanese),
            ("x", "X shogi", "某将棋")
        );
        assert_eq!((traits.shape.files, traits.shape.ranks), (12, 9));
        assert!(traits.lion_trading && traits.checkmate && !traits.lishogi_kif && !traits.routes);
        for (text, message) in [
            (
                "id | x\nname | X\nkanji | 某\nboard | 12x9\npromotion | zone 3\ncapabilities | mate\n",
                "header line 6: unknown capability `mate`",
            ),
            (
                "id | x\nname | X\nboard | 12x9\n",
                "header line 3: expected field `kanji`, found `board`",
            ),
            (
                "id | x\nname | X\nkanji | 某\nboard | 12 by 9\npromotion | zone 3\ncapabilities | -\n",
                "header line 4: board `12 by 9` is not FILESxRANKS",
            ),
            ("id | x\nname | X\n", "header: field `kanji` is missing"),
        ] {
            let err = read_header(text).unwrap_err();
            assert!(err.starts_with(message), "{err}");
        }
    }
}
