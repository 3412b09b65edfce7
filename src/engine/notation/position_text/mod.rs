//! Position text: `<board> <side> <extra> <move number>`, ranks from `a` down separated by
//! `/`, cells from the highest file to file 1; comma-separated tokens in the comma form,
//! single letters and digit runs in the SFEN form (a rank without a comma). Parsing is
//! strict and reports every problem with a stable code and its rank/file.
//!
//! [`read`] holds both readers (the one-pass reader and the reporting reader),
//! [`tokens`] the piece tokens, [`write`](mod@write) the printing, [`report`] the
//! problems; this module the entry points that read text into a setup or straight onto a
//! position's board.

mod read;
mod report;
mod tokens;
mod write;

pub use read::{RankSpans, MAX_POSITION_TEXT};
pub use report::PositionProblem;
pub use tokens::{parse_piece_token, piece_token};
pub use write::{format_position, format_position_after, format_position_of};

use crate::engine::core::color::Color;
use crate::engine::core::square::Square;
use crate::engine::geometry::Geometry;
use crate::engine::position::{Extra, Position, Setup};
use crate::engine::variant::{Placement, Rules, Variant};
use read::{fast_parse, fast_scan, parse_reporting, Placer};

/// Parses position text for `variant`, reporting every problem found.
///
/// # Errors
/// Every structural problem: field count, rank count, cells per rank, unknown codes, a
/// `+` on a piece that never promotes, bad side, extra field or move number.
pub fn parse_position(variant: &Variant, text: &str) -> Result<Setup, Vec<PositionProblem>> {
    match fast_parse(variant, text) {
        Some(setup) => Ok(setup),
        None => parse_reporting(variant, text),
    }
}

/// Straight onto a position's board; faces that do not exist under the rules have no
/// placement, which ends the reading.
struct OntoPosition<'a> {
    pos: &'a mut Position,
    rules: &'a Rules,
    /// The board's padded grid, where the guard counts are kept.
    padded: &'a Geometry,
}

impl Placer for OntoPosition<'_> {
    type Token = Placement;

    #[inline(always)]
    fn token(&self, len: usize, packed: u64) -> Option<Placement> {
        self.rules.placement_packed(len, packed)
    }

    #[inline(always)]
    fn place(&mut self, x: usize, y: usize, i: usize, placement: Placement) {
        self.pos
            .place_with(Square(i as u16), self.padded.padded_at(x, y), placement);
    }
}

/// Parses and validates position text under `rules` into a position (parse problems and
/// validation problems together).
///
/// # Errors
/// Every problem found, parse problems first.
pub fn parse_valid_position(rules: &Rules, text: &str) -> Result<Position, Vec<PositionProblem>> {
    parse_valid_position_spans(rules, text).map(|(pos, _)| *pos)
}

/// Whether the rules in force have the state an extra field holds (ko shogi's `D`/`d`
/// only under O27 `unpromoted_drum_not_captured`).
fn extra_allowed(rules: &Rules, extra: Extra) -> bool {
    !matches!(extra, Extra::DrumsLost(_)) || rules.play.drum_history.is_some()
}

/// The position of `text` read in one pass straight onto the board, when the text is
/// well formed in the spelling answers use, and every face exists under `rules`.
fn one_pass_position(rules: &Rules, text: &str) -> Option<(Box<Position>, Option<RankSpans>)> {
    let geometry = &rules.variant.geometry;
    let mut pos = Box::new(Position::empty_with(geometry, Color::Black, Extra::None, 1));
    let mut onto = OntoPosition {
        pos: &mut pos,
        rules,
        padded: geometry,
    };
    let scan = fast_scan(rules.variant, text, &mut onto)?;
    if !extra_allowed(rules, scan.extra) {
        return None;
    }
    pos.set_state(scan.side, scan.extra, scan.move_number);
    pos.finish_placing(rules);
    Some((pos, scan.ranks))
}

/// [`parse_valid_position`] into a boxed position, with the places of the ranks in `text`
/// when every rank is written as [`format_position_of`] would write it (for
/// [`format_position_after`]).
///
/// # Errors
/// Every problem found, parse problems first.
pub fn parse_valid_position_spans(
    rules: &Rules,
    text: &str,
) -> Result<(Box<Position>, Option<RankSpans>), Vec<PositionProblem>> {
    // Well-formed valid text goes straight onto the board; anything else is read again by
    // the reporting parsers.
    if let Some(read) = one_pass_position(rules, text) {
        return Ok(read);
    }
    let setup = parse_position(rules.variant, text)?;
    let pos = Position::from_setup(&setup, rules).map_err(|ps| {
        ps.into_iter()
            .map(|p| {
                let shape = rules.variant.shape();
                PositionProblem {
                    code: p.code,
                    rank: p.square.map(|s: Square| shape.rank_name(s).to_string()),
                    file: p.square.map(|s| shape.file(s)),
                    message: p.message,
                }
            })
            .collect::<Vec<_>>()
    })?;
    Ok((Box::new(pos), None))
}

impl Position {
    /// The variant's initial position under `rules` (built once per rules value from the
    /// variant's setup text; defined here, with the reader, so that the position module
    /// imports no text format).
    pub fn start(rules: &Rules) -> Position {
        rules
            .start_slot()
            .get_or_init(|| {
                let setup = parse_position(rules.variant, rules.setup_text())
                    .expect("embedded setup parses");
                Box::new(Position::from_setup(&setup, rules).expect("embedded setup is valid"))
            })
            .downcast_ref::<Position>()
            .expect("the start slot holds a position")
            .clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::test_rng::Rng;
    use crate::engine::variant::tai;

    /// Tai position text with an empty board and the other fields of `start`.
    fn empty_tai_board(start: &str) -> String {
        let blank = "25/".repeat(25);
        format!(
            "{}{}",
            &blank[..blank.len() - 1],
            &start[start.find(' ').expect("fields")..]
        )
    }

    /// `count` copies of `start` with one to three random edits each (a byte removed,
    /// inserted, replaced, or two bytes swapped; the bytes are position-text characters
    /// and one non-ASCII letter), those that are still UTF-8.
    fn mutations(start: &str, rng: &mut Rng, count: usize) -> Vec<String> {
        let alphabet = b",/+0123456789 abcdeklnprKLNPRGBDO\xc3\xa9";
        (0..count)
            .filter_map(|_| {
                let mut bytes = start.as_bytes().to_vec();
                for _ in 0..1 + rng.below(3) {
                    let at = rng.below(bytes.len());
                    match rng.below(4) {
                        0 => {
                            bytes.remove(at);
                        }
                        1 => bytes.insert(at, alphabet[rng.below(alphabet.len())]),
                        2 => bytes[at] = alphabet[rng.below(alphabet.len())],
                        _ => {
                            let other = rng.below(bytes.len());
                            bytes.swap(at, other);
                        }
                    }
                }
                String::from_utf8(bytes).ok()
            })
            .collect()
    }

    /// Whatever the one-pass parser accepts, the reporting parser accepts with the same
    /// result; and the one-pass parser accepts canonical text.
    #[test]
    fn fast_parse_agrees_with_the_reporting_parse() {
        let variant = tai();
        let start = variant.setup.clone();
        let mut texts = vec![start.clone()];
        let mut rng = Rng(0x5eed_1234_abcd_0001);
        texts.extend(mutations(&start, &mut rng, 3000));
        let mut accepted = 0;
        for text in &texts {
            if let Some(fast) = fast_parse(variant, text) {
                accepted += 1;
                assert_eq!(
                    parse_reporting(variant, text).as_ref(),
                    Ok(&fast),
                    "text: {text}"
                );
            }
        }
        assert!(fast_parse(variant, &start).is_some());
        // Swaps of equal bytes, digit and case changes keep about 7% of them valid.
        assert!(accepted > 100, "only {accepted} mutated texts parsed");
    }

    /// The token table of the one-pass reader answers as the reporting reader for every
    /// token spelled as position text prints the piece, and not at all for other spellings
    /// (aliases, `+` on a kind that is only ever promoted) or for what is not a piece:
    /// tried for every code and alias in every case, with and without `+`.
    #[test]
    fn token_table_agrees_with_the_token_reader() {
        for variant in crate::engine::variant::VARIANT_IDS
            .iter()
            .map(|id| crate::engine::variant::by_id(id).expect("known"))
        {
            let mut tokens: Vec<String> = [
                "", "+", "++P", "Pp", "pP", "+Ln", "ABCDEFG", "+ABCDEF", "P1", "\0P",
            ]
            .map(String::from)
            .to_vec();
            for k in &variant.kinds {
                for code in std::iter::once(&k.code).chain(&k.aliases) {
                    let mixed: String = code
                        .chars()
                        .enumerate()
                        .map(|(i, c)| {
                            if i % 2 == 1 {
                                c.to_ascii_lowercase()
                            } else {
                                c
                            }
                        })
                        .collect();
                    for case in [code.to_ascii_uppercase(), code.to_ascii_lowercase(), mixed] {
                        tokens.push(format!("+{case}"));
                        tokens.push(format!("{case}x"));
                        tokens.push(case);
                    }
                }
            }
            let (mut pieces, mut other_spellings) = (0, 0);
            for token in &tokens {
                let read = parse_piece_token(variant, token).ok();
                let expected = read.filter(|p| token == variant.token(p.face, p.color));
                pieces += usize::from(expected.is_some());
                other_spellings += usize::from(read.is_some() && expected.is_none());
                assert_eq!(
                    variant.token_piece(token.as_bytes()),
                    expected,
                    "{}: token `{token}`",
                    variant.id
                );
            }
            // Tai: 118 kinds; chu: 21 kinds that stand on the board, most promotable.
            assert!(
                pieces > 60,
                "{}: only {pieces} tokens read as pieces",
                variant.id
            );
            // Tai's aliases in both cases: FK (queen), KY and +KY (kirin, which promotes);
            // chu has none; tenjiku's 15 (tenjiku.md §3), 10 of them for promotable pieces
            // (RGN BGN FK WBF CHS VSO SSO KY RV DG), in both cases with and without `+`;
            // dai and dai dai have tai's.
            let aliases = match variant.id {
                "tai" | "dai" | "dai-dai" | "maka-dai-dai" => 6,
                "tenjiku" => 2 * (15 + 10),
                _ => 0,
            };
            assert_eq!(other_spellings, aliases, "{}", variant.id);
        }
    }

    /// The SFEN form of a rank (no commas) is read by the one-pass parser too.
    #[test]
    fn fast_parse_reads_sfen_ranks() {
        let variant = tai();
        let text = empty_tai_board(&variant.setup);
        let sfen = text.replacen("25/25/", "25/12P12/", 1);
        assert_eq!(
            fast_parse(variant, &sfen).map(|s| s.board.iter().flatten().count()),
            Some(1)
        );
        assert_eq!(
            parse_reporting(variant, &sfen),
            Ok(fast_parse(variant, &sfen).unwrap())
        );
    }

    /// The board part of position text.
    fn board_of(text: &str) -> &str {
        &text[..text.find(' ').expect("fields")]
    }

    /// Position text is reported as printed-as-answers-print-it exactly when every rank
    /// reads as [`format_position_of`] writes it; a position reached from it then prints
    /// the same whether its unchanged ranks are copied or written afresh. Checked along
    /// random games of tai and chu, on mutated texts, and on rewritings that keep the
    /// position but not the canonical spelling.
    #[test]
    fn printing_after_a_move_copies_only_canonical_ranks() {
        use crate::engine::movegen::legal_moves;
        let mut rng = Rng(0x5eed_1234_abcd_0002);
        let mut copied = 0;
        for id in ["tai", "chu"] {
            let variant = crate::engine::variant::by_id(id).expect("known");
            let rules = Rules::default_for(variant);
            let (mut pos, ranks) = parse_valid_position_spans(&rules, &variant.setup).unwrap();
            assert!(ranks.is_some(), "{id}: the start text is canonical");
            for _ply in 0..120 {
                let text = format_position_of(variant, &pos);
                let (again, ranks) = parse_valid_position_spans(&rules, &text).unwrap();
                let ranks = ranks.expect("printed text is canonical");
                assert_eq!(format_position_of(variant, &again), text);
                let moves = legal_moves(&pos, &rules);
                if moves.is_empty() {
                    break;
                }
                let mut after = pos.clone();
                after.play(&moves[rng.below(moves.len())], &rules);
                assert_eq!(
                    format_position_after(variant, &after, &pos, &text, &ranks),
                    format_position_of(variant, &after),
                    "{id}: from {text}"
                );
                // A text that does not go with the rank places is not copied from.
                assert_eq!(
                    format_position_after(variant, &after, &pos, "", &ranks),
                    format_position_of(variant, &after)
                );
                copied += 1;
                pos = after;
            }
        }
        assert!(copied > 200, "only {copied} moves printed");

        // Mutated start texts: whenever ranks are reported, the board reads back as printed.
        let variant = tai();
        let rules = Rules::default_for(variant);
        let start = variant.setup.clone();
        let (mut reported, mut valid) = (0, 0);
        for text in mutations(&start, &mut rng, 3000) {
            if let Ok((pos, ranks)) = parse_valid_position_spans(&rules, &text) {
                valid += 1;
                let printed = format_position_of(variant, &pos);
                if ranks.is_some() {
                    reported += 1;
                    assert_eq!(board_of(&text), board_of(&printed), "text: {text}");
                } else {
                    assert_ne!(board_of(&text), board_of(&printed), "text: {text}");
                }
            }
        }
        assert!(
            valid > 50 && reported > 10,
            "{valid} valid, {reported} canonical"
        );

        // The same position spelled otherwise: an alias, a run cut in two, a tai rank in
        // the SFEN form, a chu rank in the comma form.
        let alias = variant
            .kinds
            .iter()
            .find_map(|k| {
                let token = format!(",{},", k.code);
                let alias = k.aliases.first()?;
                start
                    .contains(&token)
                    .then(|| start.replacen(&token, &format!(",{alias},"), 1))
            })
            .expect("tai's start holds a piece with an alias");
        let empty = empty_tai_board(&start);
        let canonical = empty.replacen("25/25/", "25/12,P,12/", 1);
        let cut = empty.replacen("25/25/", "25/12,P,5,7/", 1);
        let sfen = empty.replacen("25/25/", "25/12P12/", 1);
        assert!(parse_valid_position_spans(&rules, &canonical)
            .unwrap()
            .1
            .is_some());
        for text in [&alias, &cut, &sfen] {
            let (pos, ranks) = parse_valid_position_spans(&rules, text).unwrap();
            assert!(ranks.is_none(), "not canonical: {text}");
            assert_ne!(&format_position_of(variant, &pos), text);
        }
        let chu = crate::engine::variant::by_id("chu").expect("known");
        let chu_rules = Rules::default_for(chu);
        let chu_start = &chu.setup;
        let first_rank = board_of(chu_start).split('/').next().unwrap();
        let comma_rank: Vec<String> = first_rank.chars().map(String::from).collect();
        let comma = chu_start.replacen(first_rank, &comma_rank.join(","), 1);
        let (pos, ranks) = parse_valid_position_spans(&chu_rules, &comma).unwrap();
        assert!(ranks.is_none(), "not canonical: {comma}");
        assert_eq!(format_position_of(chu, &pos), *chu_start);
    }

    /// The one-pass reader builds the same position as the setup route (reporting reader,
    /// then [`Position::from_setup`]), and refuses what that route refuses: the start
    /// position, and the start with every piece promoted under one rule set, each read
    /// under rule sets whose promoted faces differ (promotion tables, `prince_promotes`).
    #[test]
    fn one_pass_position_agrees_with_the_setup_route() {
        use crate::engine::variant::RulesRequest;
        let variant = tai();
        let request = |profile: &str, options: &[(&str, &str)]| RulesRequest {
            profile: Some(profile.to_string()),
            overrides: options
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        };
        let rule_sets: Vec<Rules> = [
            request("wikipedia", &[]),
            request("japanese", &[]),
            request("tsa", &[]),
            request("wikipedia", &[("prince_promotes", "true")]),
        ]
        .iter()
        .map(|r| Rules::resolve(variant, r).expect("valid rules"))
        .collect();
        let start = parse_position(variant, &variant.setup).expect("the start parses");
        let mut texts = vec![variant.setup.clone()];
        for rules in &rule_sets {
            let mut promoted = start.clone();
            for piece in promoted.board.iter_mut().flatten() {
                if let Some(to) = rules.face(piece.face).promotes_to {
                    piece.face = to;
                }
            }
            texts.push(format_position(variant, &promoted));
        }
        let (mut agreed, mut refused) = (0, 0);
        for text in &texts {
            let setup = parse_position(variant, text).expect("printed text parses");
            for rules in &rule_sets {
                let by_setup = Position::from_setup(&setup, rules);
                match one_pass_position(rules, text) {
                    Some((pos, ranks)) => {
                        assert_eq!(by_setup.as_ref().ok(), Some(&*pos), "{text}");
                        assert!(ranks.is_some(), "printed text is canonical");
                        agreed += 1;
                    }
                    None => {
                        assert!(by_setup.is_err(), "one pass refused a valid position");
                        refused += 1;
                    }
                }
            }
        }
        // The start under every rule set, each promoted army under its own rules at least;
        // some promoted faces exist under one table only.
        assert!(
            agreed >= 8 && refused > 0,
            "{agreed} agreed, {refused} refused"
        );
    }
}
