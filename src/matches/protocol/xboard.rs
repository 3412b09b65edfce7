//! XBoard/CECP text: variant names, squares, moves and the `setboard` board, as HaChu
//! (H. G. Muller's XBoard engine for the large shogi variants) reads and writes them, and
//! the same conventions carried over to the variants HaChu does not play.
//!
//! **Squares** are chess-style: the file is a letter counted from the left of the first
//! player (Black, sente, 先手 "first mover", whom XBoard calls white), the rank a number
//! counted from the first player's side, so on an N×N board our file `f` is the letter at
//! position N + 1 − f and our rank index r (rank `a` = 1) is the number N + 1 − r (chu:
//! our `7j` is `f3`, our `12a` is `a12`). Past 26 files (taikyoku shogi's 36) the file
//! letters go on as our rank letters do, doubled: `aa` to `jj` (our extension; XBoard
//! itself stops at 26 letters).
//!
//! **Moves** write each leg as its two squares, legs joined by commas, in the order the
//! piece makes them: a lion (a piece that may move twice in one turn) capturing on our
//! `7g` and going on to `8f` is `f5f6,f6e7`; its igui (居喰い, capturing a neighbour
//! without moving) is `f5f6,f6f5`; a move of three legs (a lion dog's, tenjiku shogi's area
//! moves through capture squares) has three. A pass (a lion-like piece stepping out and
//! back, leaving the board as it was) is written as its square twice, `f5f5`, because HaChu
//! refuses a pass written through the empty square; where that text would not read back as
//! the same move (ko shogi's passes that burn their piece), the pass keeps its legs. The
//! null move `@@@@` is read as the position's canonical pass. Range jumps are one leg;
//! burning (tenjiku shogi's fire demon burning its neighbours) is an effect of the move and
//! not in its text.
//!
//! **Promotion**: `+` after the move promotes. A declined promotion (our `=`) is written
//! with no mark: HaChu reads a move without `+` as not promoting, and HaChu's reading of
//! `=` was never verified (it accepted it silently). On input `=` is read as our `=`
//! (declined; the arbiter then judges whether a promotion could be declined) and no mark as
//! no mark (our notation: no promotion where it is optional, the promotion where it is
//! compulsory).
//!
//! **Ko shogi's shots** (a piece striking a square at a distance without moving, ko.md
//! §4.2) are our extension: `*` and the target's square after the leg whose end they were
//! shot from, as in our machine text (`b2c3*c8`, a shot in place `g1*g5`).
//!
//! **Variant names**: HaChu's `chu`, `dai` and `tenjiku`; for the others the names an early
//! HaChu source gave them, `dada` (dai dai), `maka` (maka dai dai), `tai` and `kyoku`
//! (taikyoku), and `ko` (no XBoard engine names ko shogi). Our variant ids are read too.
//!
//! Every reader here takes hostile text: anything an engine sends gives a value or a
//! [`WireError`], never a panic.

use super::WireError;
use crate::engine::core::color::Color;
use crate::engine::core::moves::{Move, Promo, ShotsFrom};
use crate::engine::core::shape::Shape;
use crate::engine::core::square::{RankName, Square};
use crate::engine::movegen::{canonical_pass, pass_of};
use crate::engine::notation::{format_move, format_position_of, parse_valid_position};
use crate::engine::position::{Extra, Position};
use crate::engine::variant::Rules;

/// Our variant ids and their XBoard names.
const NAMES: [(&str, &str); 8] = [
    ("chu", "chu"),
    ("dai", "dai"),
    ("tenjiku", "tenjiku"),
    ("dai-dai", "dada"),
    ("maka-dai-dai", "maka"),
    ("tai", "tai"),
    ("ko", "ko"),
    ("taikyoku", "kyoku"),
];

/// The longest XBoard move text read (the longest move of any variant is far shorter).
const MAX_WIRE_MOVE: usize = 160;

/// The XBoard name of a variant, `None` when XBoard cannot play it (an unknown id).
pub fn variant_name(variant: &str) -> Option<&'static str> {
    NAMES
        .iter()
        .find(|(id, _)| *id == variant)
        .map(|&(_, name)| name)
}

/// The variant id an XBoard variant name stands for (its XBoard name or our id), `None`
/// when it names no variant of ours.
pub fn variant_from_name(name: &str) -> Option<&'static str> {
    let name = name.trim();
    NAMES
        .iter()
        .find(|(id, wire)| *wire == name || *id == name)
        .map(|&(id, _)| id)
}

/// An XBoard square name.
pub fn square_to_wire(shape: Shape, sq: Square) -> String {
    let (x, y) = shape.coords(sq);
    let file = RankName((i32::from(shape.files) - 1 - x) as u8);
    format!("{file}{}", i32::from(shape.ranks) - y)
}

/// The XBoard square at the start of `text` and the text after it; `None` when the text
/// does not start with a square of this board.
fn read_square(shape: Shape, text: &str) -> Option<(Square, &str)> {
    let bytes = text.as_bytes();
    let letters = bytes.iter().take_while(|b| b.is_ascii_lowercase()).count();
    let digits = bytes[letters..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    if letters == 0 || digits == 0 || digits > 2 || bytes[letters] == b'0' {
        return None;
    }
    let left = RankName::parse(&text[..letters])?;
    let rank: i32 = text[letters..letters + digits].parse().ok()?;
    let x = i32::from(shape.files) - 1 - i32::try_from(left).ok()?;
    let sq = shape.square(x, i32::from(shape.ranks) - rank)?;
    Some((sq, &text[letters + digits..]))
}

/// An XBoard square read (the whole text).
pub fn square_from_wire(shape: Shape, text: &str) -> Option<Square> {
    match read_square(shape, text)? {
        (sq, "") => Some(sq),
        _ => None,
    }
}

/// Whether `mv` is the pass of its piece that the same-square text (`f5f5`) reads back as.
fn same_square_pass(pos: &Position, rules: &Rules, mv: &Move) -> bool {
    let squares = mv.squares();
    squares.len() == 2
        && squares[1] == mv.from
        && mv.shots().is_empty()
        && pos.cell(squares[0]).is_empty()
        && pass_of(pos, rules, mv.from).as_ref() == Some(mv)
}

/// A move as XBoard writes it (see the module doc).
pub fn move_to_wire(pos: &Position, rules: &Rules, mv: &Move) -> String {
    let shape = rules.variant.shape();
    let name = |sq: Square| square_to_wire(shape, sq);
    if same_square_pass(pos, rules, mv) {
        return format!("{0}{0}", name(mv.from));
    }
    let shoot = |out: &mut String, targets: &[Square]| {
        for &t in targets {
            out.push('*');
            out.push_str(&name(t));
        }
    };
    let (mid, last) = match mv.shots_from() {
        ShotsFrom::FirstLeg => mv.shots().split_at(1),
        ShotsFrom::Final => mv.shots().split_at(0),
    };
    let mut out = name(mv.from);
    let mut at = mv.from;
    for (i, &sq) in mv.squares().iter().enumerate() {
        if i > 0 {
            out.push(',');
            out.push_str(&name(at));
        }
        out.push_str(&name(sq));
        if i == 0 {
            shoot(&mut out, mid);
        }
        at = sq;
    }
    shoot(&mut out, last);
    if mv.promo == Promo::Promote {
        out.push('+');
    }
    out
}

/// One leg of an XBoard move read: its start, its end (`None` for a shot in place) and the
/// targets shot from its end.
struct Leg {
    from: Square,
    to: Option<Square>,
    shots: Vec<Square>,
}

/// Reads one comma-separated part of an XBoard move.
fn read_leg(shape: Shape, text: &str) -> Option<Leg> {
    let (from, mut rest) = read_square(shape, text)?;
    let mut to = None;
    if !rest.starts_with('*') {
        let (sq, after) = read_square(shape, rest)?;
        to = Some(sq);
        rest = after;
    }
    let mut shots = Vec::new();
    while let Some(after_star) = rest.strip_prefix('*') {
        let (sq, after) = read_square(shape, after_star)?;
        shots.push(sq);
        rest = after;
    }
    rest.is_empty().then_some(Leg { from, to, shots })
}

/// An XBoard move read as the arbiter's machine text (not judged: it may be illegal). A
/// pass written as its square twice becomes that piece's pass (a same-square text of a
/// piece that cannot pass is returned as written, for the arbiter to rule illegal); `@@@@`
/// becomes the position's canonical pass.
///
/// # Errors
/// When the text is not a move's text at all (or `@@@@` where the side to move has no
/// pass).
pub fn move_from_wire(pos: &Position, rules: &Rules, wire: &str) -> Result<String, WireError> {
    let shape = rules.variant.shape();
    let bad = |why: &str| {
        WireError::new(format!(
            "not an XBoard move ({why}): {}",
            super::quoted(wire)
        ))
    };
    let text = wire.trim_ascii();
    if text.len() > MAX_WIRE_MOVE {
        return Err(bad("too long"));
    }
    if text == "@@@@" {
        let (from, via) = canonical_pass(pos, rules)
            .ok_or_else(|| bad("a null move, and the side to move has no pass"))?;
        return Ok(format!(
            "{}{}{}",
            shape.name(from),
            shape.name(via),
            shape.name(from)
        ));
    }
    let (body, mark) = match text.as_bytes().last() {
        Some(b'+') => (&text[..text.len() - 1], "+"),
        Some(b'=') => (&text[..text.len() - 1], "="),
        _ => (text, ""),
    };
    let parts: Vec<&str> = body.split(',').collect();
    let legs = parts
        .iter()
        .map(|part| read_leg(shape, part))
        .collect::<Option<Vec<Leg>>>()
        .ok_or_else(|| bad("a leg is not two squares"))?;
    let name = |sq: Square| shape.name(sq).to_string();
    if let [Leg {
        from,
        to: Some(to),
        shots,
    }] = &legs[..]
    {
        if from == to && shots.is_empty() {
            let pass = pass_of(pos, rules, *from).map_or_else(
                || format!("{0}{0}", name(*from)),
                |pass| format_move(shape, &pass),
            );
            return Ok(pass + mark);
        }
    }
    let mut out = String::new();
    let mut at: Option<Square> = None;
    for leg in &legs {
        match at {
            None => out.push_str(&name(leg.from)),
            Some(prev) if prev == leg.from => {}
            Some(_) => return Err(bad("a leg does not start where the one before ended")),
        }
        match leg.to {
            Some(to) => {
                out.push_str(&name(to));
                at = Some(to);
            }
            // A shot in place (the piece shoots without moving) is a whole move.
            None if legs.len() == 1 && !leg.shots.is_empty() => {}
            None => return Err(bad("a leg is not two squares")),
        }
        for &t in &leg.shots {
            out.push('*');
            out.push_str(&name(t));
        }
    }
    out.push_str(mark);
    Ok(out)
}

/// The board for `setboard` as HaChu reads it, when the position can be told that way:
/// HaChu reads the board field alone (any other field makes it exit) and then has the
/// first player to move, and only its chu letters are ours (they are lishogi's SFEN
/// letters; its dai and tenjiku letters differ). `None` for another variant, White (gote,
/// 後手 "second mover") to move or a counter-strike square set (chu shogi's rule after a
/// lion was taken, which the board cannot say): replay the moves instead.
pub fn setboard_to_wire(rules: &Rules, pos: &Position) -> Option<String> {
    if rules.variant.id != "chu" || pos.side() != Color::Black || pos.extra() != Extra::None {
        return None;
    }
    let text = format_position_of(rules.variant, pos);
    text.split(' ').next().map(str::to_string)
}

/// A `setboard` text read as a position of these rules: a board field alone (the first
/// player to move, as HaChu reads it, move 1) or a whole position text of ours.
///
/// # Errors
/// When it is not a valid position of the variant.
pub fn setboard_from_wire(rules: &Rules, text: &str) -> Result<Position, WireError> {
    let text = text.trim_ascii();
    let full = if text.contains(' ') {
        text.to_string()
    } else {
        format!("{text} b - 1")
    };
    parse_valid_position(rules, &full).map_err(|problems| super::position_error(&problems))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::core::square::MAX_FILES;
    use crate::engine::rules::legality::check_move;
    use crate::engine::variant::{by_id, VARIANT_IDS};
    use proptest::prelude::*;

    fn rules(id: &str) -> Rules {
        Rules::default_for(by_id(id).expect("a built-in variant"))
    }

    fn position(rules: &Rules, text: &str) -> Position {
        parse_valid_position(rules, text).expect("a valid position")
    }

    /// Plays machine-text moves from `pos`, checking that each one's XBoard text is the one
    /// HaChu printed and reads back as that move.
    fn replay_both_ways(rules: &Rules, mut pos: Position, ours: &str, hachu: &str) {
        let ours: Vec<&str> = ours.split(' ').collect();
        let hachu: Vec<&str> = hachu.split(' ').collect();
        assert_eq!(ours.len(), hachu.len());
        for (&mine, &theirs) in ours.iter().zip(&hachu) {
            let mv = check_move(&pos, rules, mine).expect("legal in the arbiter");
            assert_eq!(move_to_wire(&pos, rules, &mv), theirs, "{mine}");
            let back = move_from_wire(&pos, rules, theirs).expect("an XBoard move");
            assert_eq!(
                check_move(&pos, rules, &back),
                Ok(mv),
                "{theirs} read as {back}"
            );
            pos.play(&mv, rules);
        }
    }

    /// HaChu 0.21's own opening moves (24 plies of chu, 20 of dai), as it printed them
    /// playing itself, against the same games in our machine text, each ply legal in the
    /// arbiter (observed by running HaChu for this research).
    #[test]
    fn hachu_games_translate_both_ways() {
        let chu = rules("chu");
        replay_both_ways(
            &chu,
            Position::start(&chu),
            "7j7h 6c6e 5i5h 8d8e 9l9k 9a9b 4l4k 4a4b 10i10h 10d10e 3i3h 3d3e 12i12h 12d12e \
             12j12i 12c12d 11i11h 11d11e 1i1h 1d1e 1j1i 1c1d 2i2h 2d2e",
            "f3f5 g10g8 h4h5 e9e8 d1d2 d12d11 i1i2 i12i11 c4c5 c9c8 j4j5 j9j8 a4a5 a9a8 a3a4 \
             a10a9 b4b5 b9b8 l4l5 l9l8 l3l4 l10l9 k4k5 k9k8",
        );
        let dai = rules("dai");
        replay_both_ways(
            &dai,
            Position::start(&dai),
            "9k9j 9b10b 9n10n 8a9b 8o9n 9e9f 7k7j 7e7f 12k12j 12e12f 4k4j 4e4f 8l3g 3e3f \
             3g8g 3d3e 10l9k 12c11c 11n11m 13a12b",
            "g5g6 g14f14 g2f2 h15g14 h1g2 g11g10 i5i6 i11i10 d5d6 d11d10 l5l6 l11l10 h4m9 \
             m11m10 m9h9 m12m11 f4g5 d13e13 e2e3 c15d14",
        );
    }

    /// The lion, promotion and pass examples HaChu played or accepted, in the positions it
    /// was given (board only, Black to move).
    #[test]
    fn lion_moves_promotions_and_passes() {
        let chu = rules("chu");
        let lion = position(&chu, "5k6/12/12/12/12/12/4pp6/5N6/12/12/12/5K6 b - 1");
        replay_both_ways(&chu, lion.clone(), "7h7g8f", "f5f6,f6e7");
        replay_both_ways(&chu, lion.clone(), "7h8g7g", "f5e6,e6f6");
        replay_both_ways(&chu, lion.clone(), "7h7g7h", "f5f6,f6f5");
        // The pass names its piece and is written as its square twice; HaChu refuses it
        // written through the empty square, which we read all the same.
        replay_both_ways(&chu, lion.clone(), "7h6g7h", "f5f5");
        for spelling in ["f5g6,g6f5", "@@@@", "f5f5"] {
            let back = move_from_wire(&lion, &chu, spelling).expect("a pass");
            assert_eq!(
                check_move(&lion, &chu, &back).map(|m| format_move(chu.variant.shape(), &m)),
                Ok("7h6g7h".into()),
                "{spelling}"
            );
        }
        let pawn = position(&chu, "5k6/12/12/1p10/P11/12/12/12/12/12/12/5K6 b - 1");
        replay_both_ways(&chu, pawn.clone(), "12e12d+", "a8a9+");
        // Declining writes no mark (HaChu reads no `+` as no promotion); `=` is read as ours.
        replay_both_ways(&chu, pawn.clone(), "12e12d=", "a8a9");
        assert_eq!(
            move_from_wire(&pawn, &chu, "a8a9=").as_deref(),
            Ok("12e12d=")
        );
        let dai = rules("dai");
        let dai_lion = position(
            &dai,
            "7,k,7/15/15/15/15/15/15/15/6,p,p,7/7,LN,7/15/15/15/15/7,K,7 b - 1",
        );
        replay_both_ways(&dai, dai_lion, "8j9i8i", "h6g7,g7h7");
    }

    /// Ko shogi's shots, our extension: after the leg whose end they were shot from.
    #[test]
    fn ko_shots_follow_their_leg() {
        let ko = rules("ko");
        let start = Position::start(&ko);
        for (wire, machine) in [
            ("b3c4*c9", "18q17p*17k"),
            ("g1*g5", "13s*13o"),
            ("g4h5*h9,h5i6", "13p12o*12k11n"),
        ] {
            assert_eq!(move_from_wire(&start, &ko, wire).as_deref(), Ok(machine));
        }
        for bad in [
            "g1*g5,g5g6",
            "g1",
            "g1*",
            "b3c4*",
            "b3c4,c5c6",
            "b3c4,",
            "*g5",
        ] {
            assert!(move_from_wire(&start, &ko, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn null_moves_and_same_square_moves_without_a_pass() {
        let chu = rules("chu");
        let start = Position::start(&chu);
        // No lion at the start can pass: `@@@@` is no move; the lion's square twice is a
        // move for the arbiter to refuse.
        assert!(move_from_wire(&start, &chu, "@@@@").is_err());
        let same = move_from_wire(&start, &chu, "f3f3").expect("well formed");
        assert_eq!(same, "7j7j");
        assert!(check_move(&start, &chu, &same).is_err());
    }

    #[test]
    fn squares_round_trip_on_every_board() {
        for id in VARIANT_IDS {
            let shape = by_id(id).expect("built in").shape();
            for i in 0..shape.len() {
                let sq = Square(i as u16);
                let wire = square_to_wire(shape, sq);
                assert_eq!(square_from_wire(shape, &wire), Some(sq), "{id} {wire}");
            }
            let n = usize::from(shape.files);
            let corner = shape.square(0, 0).expect("on the board");
            // Our 1a is the top right corner: the last file letter, the last rank number.
            let last = RankName((n - 1) as u8);
            assert_eq!(
                square_to_wire(shape, corner),
                format!("{last}{}", shape.ranks)
            );
            for bad in [
                "", "a", "5", "a0", "a01", "a100", "ab1", "kk1", "A1", "1a", "a-1",
            ] {
                assert_eq!(square_from_wire(shape, bad), None, "{id} {bad:?}");
            }
            assert_eq!(
                square_from_wire(shape, &format!("a{}", shape.ranks + 1)),
                None
            );
        }
        let taikyoku = by_id("taikyoku").expect("built in").shape();
        assert_eq!(usize::from(taikyoku.files), MAX_FILES);
        assert_eq!(square_to_wire(taikyoku, Square(0)), "jj36");
        assert_eq!(
            square_from_wire(taikyoku, "z1"),
            taikyoku.parse_square("11jj")
        );
        assert_eq!(
            square_from_wire(taikyoku, "aa1"),
            taikyoku.parse_square("10jj")
        );
    }

    #[test]
    fn variant_names_both_ways() {
        for id in VARIANT_IDS {
            let name = variant_name(id).expect("every variant has an XBoard name");
            assert_eq!(variant_from_name(name), Some(*id));
            assert_eq!(variant_from_name(id), Some(*id));
        }
        assert_eq!(variant_name("dai-dai"), Some("dada"));
        assert_eq!(variant_name("taikyoku"), Some("kyoku"));
        assert_eq!(variant_name("normal"), None);
        assert_eq!(variant_from_name("normal"), None);
        assert_eq!(variant_from_name(""), None);
    }

    #[test]
    fn setboard_only_where_hachu_reads_it() {
        let chu = rules("chu");
        let start = Position::start(&chu);
        let board = setboard_to_wire(&chu, &start).expect("chu, Black to move");
        assert_eq!(
            board,
            "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/\
             PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL"
        );
        assert_eq!(setboard_from_wire(&chu, &board), Ok(start.clone()));
        let mut after = start.clone();
        let mv = check_move(&start, &chu, "7j7h").expect("legal");
        after.play(&mv, &chu);
        assert_eq!(setboard_to_wire(&chu, &after), None, "White to move");
        let dai = rules("dai");
        assert_eq!(setboard_to_wire(&dai, &Position::start(&dai)), None);
        assert!(setboard_from_wire(&chu, "12/12 b - 1").is_err());
    }

    #[test]
    fn a_megabyte_line_is_refused_in_few_words() {
        let chu = rules("chu");
        let start = Position::start(&chu);
        for line in [
            "f3f5".repeat(1 << 18),
            format!("f3f5{}", "漢".repeat(1 << 18)),
        ] {
            let why = move_from_wire(&start, &chu, &line)
                .map(|_| ())
                .unwrap_err()
                .why;
            assert!(why.chars().count() < 100, "{why}");
        }
    }

    /// Reads `text` every way a hostile engine could send it; only values or errors.
    fn read_everything(text: &str) {
        for id in ["chu", "tenjiku", "ko", "taikyoku"] {
            let rules = rules(id);
            let start = Position::start(&rules);
            let _ = move_from_wire(&start, &rules, text);
            let _ = setboard_from_wire(&rules, text);
            let _ = square_from_wire(rules.variant.shape(), text);
        }
        let _ = variant_from_name(text);
    }

    proptest! {
        #[test]
        fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..48)) {
            read_everything(&String::from_utf8_lossy(&bytes));
        }

        #[test]
        fn move_like_text_never_panics(text in "[a-lz0-9,+=*@ é漢\t]{0,20}") {
            read_everything(&text);
        }
    }
}
