//! Ko shogi (広将棋, kō shōgi, "broad chess", 19×19) against its hand-derived rule
//! vectors: every row of `tests/data/ko_vectors.tsv` (the 40 vectors of
//! the research page "ko_vectors", transcribed) and of `tests/data/ko_vectors_own.tsv` (the
//! project's own vectors K01-K48, derived from the research page "ko": every option value, shot
//! immunity and reversion trigger, and the points ko.md leaves open) in every rules case its
//! `cases` column names, through the same code.
//! A row plays its history; the pieces frozen by nets then (ko.md §4.4, read with
//! [`KoBoard::read`]) and the counts of legal moves its `count` column names must be the
//! row's. Then the row's move is judged: an illegal move must be refused (not because the
//! game is over) and must not be in the legal move list; a legal one must be in it and be
//! accepted with its canonical text, and playing it must have the row's effects: captures by
//! displacement in route order, shots in text order, burns (the active burn and the mover's
//! passive burn), reversions, the clerk's side effects, the promotion and the piece the mover
//! became, the pass, and the game's end. The position after it must be the one the row's
//! effect columns make of the position before it (they list everything a move changes). A
//! second test holds the machine columns to the rows' own texts and to their positions
//! without playing anything.

use crate::support::rules_for;
use crate::vector_support::{
    cases_of, ending_text, game_of, promotion_name, refusal_problem, tsv_rows,
};
use shogi_arbiter::engine::core::color::Color;
use shogi_arbiter::engine::core::moves::{Change, Effects, Move, Removal};
use shogi_arbiter::engine::core::piece::Piece;
use shogi_arbiter::engine::core::square::Square;
use shogi_arbiter::engine::game::Game;
use shogi_arbiter::engine::notation::{
    format_move, format_position_of, parse_valid_position, piece_token,
};
use shogi_arbiter::engine::perft::perft;
use shogi_arbiter::engine::position::ko_board::KoBoard;
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::variant::Rules;
use std::collections::{BTreeMap, BTreeSet};

const VARIANT: &str = "ko";

/// A vector file: its name, the letter of its vector ids, its number of vectors, rows and
/// rules cases.
struct VectorFile {
    name: &'static str,
    prefix: char,
    vectors: u32,
    rows: usize,
    cases: usize,
}

/// The page's vectors, transcribed.
const PAGE: VectorFile = VectorFile {
    name: "ko_vectors.tsv",
    prefix: 'V',
    vectors: 40,
    rows: 107,
    cases: 119,
};

/// The project's own vectors.
const OWN: VectorFile = VectorFile {
    name: "ko_vectors_own.tsv",
    prefix: 'K',
    vectors: 48,
    rows: 227,
    cases: 228,
};

const HEADER: &str = "id\ttitle\tcases\tposition\thistory\tmove\tverdict\tcanonical\tcaptures\t\
                      shots\tburns\treversions\tside_effects\tfrozen\tpromotion\tbecomes\tend\t\
                      count\tprofiles_text\tvector_text\tnote";

/// One row of the vector file.
struct Row {
    id: String,
    /// The rules cases, each a list of `profile=` and `option=value` entries (empty: the
    /// default profile `wikipedia`).
    cases: Vec<String>,
    position: String,
    history: Vec<String>,
    mv: String,
    verdict: String,
    canonical: String,
    /// `SQ:PIECE` each.
    captures: Vec<String>,
    shots: Vec<String>,
    burns: Vec<String>,
    /// `SQ:BEFORE>AFTER` each.
    reversions: Vec<String>,
    side_effects: Vec<String>,
    /// `None`: nothing to check (`-` on an illegal row).
    frozen: Option<Vec<String>>,
    promotion: String,
    becomes: String,
    end: String,
    /// `(selector, count)` each.
    counts: Vec<(String, u64)>,
    profiles_text: String,
    vector_text: String,
    note: String,
}

/// A `,`-separated list column (`-`: empty).
fn list(s: &str) -> Vec<String> {
    match s {
        "-" => Vec::new(),
        s => s.split(',').map(|m| m.trim().to_string()).collect(),
    }
}

fn rows(file: &VectorFile) -> Vec<Row> {
    tsv_rows(file.name, HEADER)
        .into_iter()
        .map(|(line, f)| {
            let legal = f[6] == "legal";
            Row {
                id: f[0].clone(),
                cases: cases_of(&f[2]),
                position: f[3].clone(),
                history: list(&f[4]),
                mv: f[5].clone(),
                verdict: f[6].clone(),
                canonical: f[7].clone(),
                captures: list(&f[8]),
                shots: list(&f[9]),
                burns: list(&f[10]),
                reversions: list(&f[11]),
                side_effects: list(&f[12]),
                frozen: (legal || f[13] != "-").then(|| list(&f[13])),
                promotion: f[14].clone(),
                becomes: f[15].clone(),
                end: f[16].clone(),
                counts: match f[17].as_str() {
                    "-" => Vec::new(),
                    s => s
                        .split(';')
                        .map(|c| {
                            let (sel, n) = c
                                .rsplit_once('=')
                                .unwrap_or_else(|| panic!("line {line}: count `{c}`"));
                            (sel.to_string(), n.parse().expect("a count"))
                        })
                        .collect(),
                },
                profiles_text: f[18].clone(),
                vector_text: f[19].clone(),
                note: f[20].clone(),
            }
        })
        .collect()
}

/// The row's position text under `rules`: `start` is the variant's start position (O32).
fn position_text(rules: &Rules, position: &str) -> String {
    match position {
        "start" => format_position_of(rules.variant, &Position::start(rules)),
        text => text.to_string(),
    }
}

/// The extra field (ko.md §1) expected after the row's move, from the one before it: `-`
/// but under O27 = `unpromoted_drum_not_captured`, where a removed unpromoted drum (captured,
/// shot or burned, §4.8) adds its side's letter.
fn expected_extra(case: &str, before: &str, row: &Row) -> String {
    if !case.contains("pawn_drum_link=unpromoted_drum_not_captured") {
        return "-".to_string();
    }
    let removed: Vec<&str> = row
        .captures
        .iter()
        .chain(&row.shots)
        .chain(&row.burns)
        .map(|e| e.split_once(':').expect("SQ:PIECE").1)
        .collect();
    let lost = |letter: char, drum: &str| before.contains(letter) || removed.contains(&drum);
    let field: String = [('D', "DR"), ('d', "dr")]
        .into_iter()
        .filter(|&(letter, drum)| lost(letter, drum))
        .map(|(letter, _)| letter)
        .collect();
    if field.is_empty() {
        "-".to_string()
    } else {
        field
    }
}

/// A square name's place in square order (notation.md: lowest file number first, then rank
/// `a` onward), read off the name itself.
fn square_order(name: &str) -> (u32, char) {
    let digits = name.trim_end_matches(|c: char| c.is_ascii_lowercase());
    (
        digits.parse().unwrap_or_else(|_| panic!("square {name}")),
        name[digits.len()..].chars().next().expect("a rank letter"),
    )
}

/// An entry `SQ:...` of a list column, in square order.
fn entry_order(entry: &str) -> (u32, char) {
    square_order(entry.split_once(':').expect("SQ:...").0)
}

/// Sorts the entries of a list into square order.
fn in_square_order(mut v: Vec<String>) -> Vec<String> {
    v.sort_by_key(|e| entry_order(e));
    v
}

/// The parts of a machine move text (ko.md §5): listed squares (the start first) and shot
/// targets, in text order, and the mark.
struct TextParts {
    squares: Vec<String>,
    shots: Vec<String>,
    mark: Option<char>,
}

fn text_parts(text: &str) -> TextParts {
    let mark = text.chars().last().filter(|c| "+=".contains(*c));
    let body = text.trim_end_matches(['+', '=']);
    let mut squares = Vec::new();
    let mut shots = Vec::new();
    let mut rest = body;
    while !rest.is_empty() {
        let shot = rest.starts_with('*');
        if shot {
            rest = &rest[1..];
        }
        let digits = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or_else(|| panic!("move text {text}"));
        let (name, tail) = rest.split_at(digits + 1);
        assert!(
            digits > 0 && name.ends_with(|c: char| c.is_ascii_lowercase()),
            "move text {text}"
        );
        if shot {
            shots.push(name.to_string());
        } else {
            squares.push(name.to_string());
        }
        rest = tail;
    }
    TextParts {
        squares,
        shots,
        mark,
    }
}

/// `SQ:PIECE` as the rows write a piece on a point.
fn placed(rules: &Rules, (sq, piece): &(Square, Piece)) -> String {
    format!(
        "{}:{}",
        rules.variant.shape().name(*sq),
        piece_token(rules.variant, *piece)
    )
}

/// Every piece of `pos` by square name.
fn board_of(rules: &Rules, pos: &Position) -> BTreeMap<String, String> {
    let shape = rules.variant.shape();
    (0..shape.len())
        .filter_map(|i| {
            let sq = Square(i as u16);
            pos.piece_at(sq)
                .map(|p| (shape.name(sq).to_string(), piece_token(rules.variant, p)))
        })
        .collect()
}

/// The pieces nets freeze on `pos` (both sides), in square order.
fn frozen_on(rules: &Rules, pos: &Position) -> Vec<String> {
    let ko = rules.ko.as_ref().expect("ko rules");
    let board = KoBoard::read(pos, rules, ko);
    let mut out = Vec::new();
    for color in Color::ALL {
        for sq in board.frozen[color.index()].iter() {
            let piece = pos
                .piece_at(sq)
                .expect("a frozen piece stands on its point");
            out.push(placed(rules, &(sq, piece)));
        }
    }
    in_square_order(out)
}

/// Whether `mv` is a pass on `pos`: out over empty points and back to its start.
fn is_pass(pos: &Position, mv: &Move) -> bool {
    !mv.squares().is_empty()
        && mv.to() == mv.from
        && mv.shots().is_empty()
        && mv.squares()[..mv.squares().len() - 1]
            .iter()
            .all(|&s| pos.piece_at(s).is_none())
}

/// The problems of the row's `count` column against the legal moves of `game`.
fn count_problems(rules: &Rules, game: &Game, counts: &[(String, u64)]) -> Vec<String> {
    if counts.is_empty() {
        return Vec::new();
    }
    let shape = rules.variant.shape();
    let pos = &game.position;
    let moves = game.legal_moves(rules);
    let name = |sq: Square| shape.name(sq).to_string();
    let mut problems = Vec::new();
    for (selector, want) in counts {
        let selected: Vec<&Move> = match selector.as_str() {
            "all" => {
                let nodes = perft(pos, rules, 1);
                if nodes != moves.len() as u64 {
                    problems.push(format!("perft 1 {nodes}, legal moves {}", moves.len()));
                }
                moves.iter().collect()
            }
            "pairs" => moves.iter().filter(|m| !is_pass(pos, m)).collect(),
            "pass" => moves.iter().filter(|m| is_pass(pos, m)).collect(),
            s => {
                if let Some(from) = s.strip_prefix("from:") {
                    moves.iter().filter(|m| name(m.from) == from).collect()
                } else if let Some(route) = s.strip_prefix("route:") {
                    let (from, to) = route.split_once('-').expect("route:SQ-SQ");
                    moves
                        .iter()
                        .filter(|m| name(m.from) == from && name(m.to()) == to)
                        .collect()
                } else {
                    panic!("count selector `{s}`")
                }
            }
        };
        let got = if selector == "pairs" {
            selected
                .iter()
                .map(|m| (m.from, m.to()))
                .collect::<BTreeSet<_>>()
                .len()
        } else {
            selected.len()
        } as u64;
        if got != *want {
            let shown = if selected.len() <= 40 {
                let texts: Vec<String> = selected.iter().map(|m| format_move(shape, m)).collect();
                format!(" ({})", texts.join(" "))
            } else {
                String::new()
            };
            problems.push(format!("count {selector}: {got}, expected {want}{shown}"));
        }
    }
    problems
}

/// The position after the row's move as its effect columns make it of the position before
/// (ko.md §3 order: captures, the mover on its final point, burns, shots, the clerk's side
/// effects, reversions); every piece a column names must stand where it says when its step
/// comes. `Err` when the columns do not fit the position.
fn expected_board(
    row: &Row,
    before: &BTreeMap<String, String>,
) -> Result<BTreeMap<String, String>, String> {
    let mut board = before.clone();
    let parts = text_parts(&row.canonical);
    let from = &parts.squares[0];
    let to = parts.squares.last().expect("a start");
    let mover = board
        .remove(from)
        .ok_or_else(|| format!("no piece on the start {from}"))?;
    let take = |board: &mut BTreeMap<String, String>, what: &str, entry: &str| {
        let (sq, piece) = entry.split_once(':').expect("SQ:PIECE");
        match board.remove(sq) {
            Some(p) if p == piece => Ok(()),
            other => Err(format!("{what} {entry}: the point holds {other:?}")),
        }
    };
    for c in &row.captures {
        take(&mut board, "capture", c)?;
    }
    let moved = if row.becomes == "-" {
        mover
    } else {
        row.becomes.clone()
    };
    // A piece burned on arrival (§3 step 2) is then taken off by its burn entry.
    board.insert(to.clone(), moved);
    for b in &row.burns {
        take(&mut board, "burn", b)?;
    }
    for s in &row.shots {
        take(&mut board, "shot", s)?;
    }
    for change in row.side_effects.iter().chain(&row.reversions) {
        let (sq, swap) = change.split_once(':').expect("SQ:BEFORE>AFTER");
        let (was, now) = swap.split_once('>').expect("BEFORE>AFTER");
        match board.remove(sq) {
            Some(p) if p == was => {}
            other => return Err(format!("change {change}: the point holds {other:?}")),
        }
        if now != "-" {
            board.insert(sq.to_string(), now.to_string());
        }
    }
    Ok(board)
}

/// The differences between two boards, by square.
fn board_differences(want: &BTreeMap<String, String>, got: &BTreeMap<String, String>) -> String {
    let squares: BTreeSet<&String> = want.keys().chain(got.keys()).collect();
    squares
        .into_iter()
        .filter(|sq| want.get(*sq) != got.get(*sq))
        .map(|sq| format!("{sq}: expected {:?}, got {:?}", want.get(sq), got.get(sq)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The problems of the effects of the row's move, played on `before` (the engine's
/// `effects`), against the row.
fn effect_problems(
    rules: &Rules,
    row: &Row,
    before: &Position,
    mv: &Move,
    e: &Effects,
) -> Vec<String> {
    let shape = rules.variant.shape();
    let token_before = |sq: Square| {
        before
            .piece_at(sq)
            .map_or("-".to_string(), |p| piece_token(rules.variant, p))
    };
    let mut problems = Vec::new();
    let mut compare = |what: &str, want: &[String], got: Vec<String>| {
        if want != got.as_slice() {
            problems.push(format!("{what}: expected {want:?}, got {got:?}"));
        }
    };
    compare(
        "captures",
        &row.captures,
        e.captures().iter().map(|r| placed(rules, r)).collect(),
    );
    compare(
        "shots",
        &row.shots,
        e.removed(Removal::Shot)
            .iter()
            .map(|r| placed(rules, r))
            .collect(),
    );
    compare(
        "burns",
        &row.burns,
        in_square_order(
            e.removed(Removal::Burn)
                .iter()
                .chain(&e.self_burned())
                .map(|r| placed(rules, r))
                .collect(),
        ),
    );
    let mover_after = Piece {
        color: e.mover,
        face: e.face_after,
    };
    let mover_on = (e.self_burned().is_none()).then(|| mv.to());
    compare(
        "reversions",
        &row.reversions,
        in_square_order(
            e.changed(Change::Reversion)
                .iter()
                .map(|&(sq, now)| {
                    let was = if Some(sq) == mover_on {
                        piece_token(rules.variant, mover_after)
                    } else {
                        token_before(sq)
                    };
                    format!(
                        "{}:{was}>{}",
                        shape.name(sq),
                        piece_token(rules.variant, now)
                    )
                })
                .collect(),
        ),
    );
    compare(
        "side_effects",
        &row.side_effects,
        in_square_order(
            e.changed(Change::ClerkPromotion)
                .iter()
                .map(|&(sq, now)| {
                    format!(
                        "{}:{}>{}",
                        shape.name(sq),
                        token_before(sq),
                        piece_token(rules.variant, now)
                    )
                })
                .chain(
                    e.removed(Removal::ClerkPromotion)
                        .iter()
                        .map(|&(sq, flame)| {
                            format!("{}:{}>-", shape.name(sq), piece_token(rules.variant, flame))
                        }),
                )
                .collect(),
        ),
    );
    if promotion_name(e.promotion) != row.promotion {
        problems.push(format!(
            "promotion {}, expected {}",
            promotion_name(e.promotion),
            row.promotion
        ));
    }
    let became = if e.face_after == e.face_before {
        "-".to_string()
    } else {
        piece_token(rules.variant, mover_after)
    };
    if became != row.becomes {
        problems.push(format!("became {became}, expected {}", row.becomes));
    }
    let parts = text_parts(&row.canonical);
    let pass = parts.squares.len() > 1
        && parts.squares.first() == parts.squares.last()
        && row.captures.is_empty()
        && row.shots.is_empty();
    if e.pass != pass {
        problems.push(format!("pass {}, expected {pass}", e.pass));
    }
    let loser = match row.end.split_once(':') {
        Some((winner, "commanders_lost")) => Some(match winner {
            "black" => Color::White,
            "white" => Color::Black,
            w => panic!("{}: winner {w}", row.id),
        }),
        _ => None,
    };
    if e.loser != loser {
        problems.push(format!("commanders_lost {:?}, expected {loser:?}", e.loser));
    }
    problems
}

/// Runs one row under one rules case; returns the problems found.
fn run_case(row: &Row, case: &str, rules: &Rules) -> Vec<String> {
    let mut game = match game_of(rules, &position_text(rules, &row.position), &row.history) {
        Ok(game) => game,
        Err(e) => return vec![e],
    };
    let shape = rules.variant.shape();
    let mut problems = Vec::new();
    if let Some(want) = &row.frozen {
        let got = frozen_on(rules, &game.position);
        if got != *want {
            problems.push(format!("frozen {got:?}, expected {want:?}"));
        }
    }
    problems.extend(count_problems(rules, &game, &row.counts));
    let listed: BTreeSet<String> = game
        .legal_moves(rules)
        .iter()
        .map(|m| format_move(shape, m))
        .collect();
    match row.verdict.as_str() {
        "illegal" => {
            problems.extend(refusal_problem(&game, rules, &row.mv, false));
            if listed.contains(&row.mv) {
                problems.push("illegal move in the legal move list".to_string());
            }
        }
        "legal" => {
            if !listed.contains(&row.canonical) {
                problems.push(format!("{} not in the legal move list", row.canonical));
            }
            match game.judge(rules, &row.mv) {
                Err(reason) => problems.push(format!("legal move refused: {}", reason.code())),
                Ok(candidate) => {
                    let text = format_move(shape, &candidate.mv);
                    if text != row.canonical {
                        problems.push(format!("canonical {text}, expected {}", row.canonical));
                        return problems;
                    }
                    let before = (*game.position).clone();
                    let before_text = format_position_of(rules.variant, &before);
                    let extra_before = before_text.split(' ').nth(2).unwrap_or("-");
                    let extra_after = expected_extra(case, extra_before, row);
                    let mover = before.side();
                    let played = game.commit(rules, candidate);
                    problems.extend(effect_problems(
                        rules,
                        row,
                        &before,
                        &played.mv,
                        &played.effects,
                    ));
                    match expected_board(row, &board_of(rules, &before)) {
                        Err(e) => problems.push(format!("the row's columns: {e}")),
                        Ok(want) => {
                            let got = board_of(rules, &game.position);
                            if want != got {
                                problems.push(format!(
                                    "position after: {}",
                                    board_differences(&want, &got)
                                ));
                            }
                        }
                    }
                    if game.position.side() != mover.opponent() {
                        problems.push("the side to move did not change".to_string());
                    }
                    let after = format_position_of(rules.variant, &game.position);
                    let fields: Vec<&str> = after.split(' ').collect();
                    if fields.get(2) != Some(&extra_after.as_str()) {
                        problems.push(format!(
                            "extra field {:?}, expected {extra_after}",
                            fields.get(2)
                        ));
                    }
                    let status = game.status();
                    let end = status.ending.as_ref().map_or("-".to_string(), ending_text);
                    if end != row.end {
                        problems.push(format!("end {end}, expected {}", row.end));
                    }
                }
            }
        }
        other => panic!("{}: verdict `{other}`", row.id),
    }
    problems
}

/// Every row of `file` in every case it names.
fn vectors_hold(file: &VectorFile) {
    let rows = rows(file);
    assert_eq!(rows.len(), file.rows, "rows went missing or were added");
    let ids: BTreeSet<&str> = rows.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids.len(), rows.len(), "duplicate row ids");
    let mut failing = Vec::new();
    let mut cases = 0;
    for row in &rows {
        for case in &row.cases {
            let rules = rules_for(VARIANT, case);
            cases += 1;
            for problem in run_case(row, case, &rules) {
                let label = if case.is_empty() { "wikipedia" } else { case };
                failing.push(format!("{} [{label}]: {problem}", row.id));
            }
        }
    }
    assert_eq!(cases, file.cases, "rules cases");
    assert!(
        failing.is_empty(),
        "{} problems:\n{}",
        failing.len(),
        failing.join("\n")
    );
}

#[test]
fn every_ko_vector_holds_in_every_case_it_names() {
    vectors_hold(&PAGE);
}

#[test]
fn every_own_ko_vector_holds_in_every_case_it_names() {
    vectors_hold(&OWN);
}

/// The machine columns against the rows' own texts and positions, without playing: the
/// file's vectors in order (V01-V40 of the page, K01-K48 of the project), each row's cases
/// named by its `profiles_text` or `vector_text`, its move named by the vector's text (but
/// for a variant position's row); an illegal row without effects; a legal row's mark
/// agreeing with its promotion and its `becomes` with the moving piece, its shots those its
/// canonical text writes, every capture on a point of its text or on the line it runs along
/// (a flag waver's), and every piece a column removes standing where the column says in the
/// row's position (playing the columns, see [`expected_board`]).
fn columns_agree(file: &VectorFile) {
    let rows = rows(file);
    let vectors: Vec<&str> = rows
        .iter()
        .map(|r| r.id.split_once('-').expect("Xnn-k").0)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let expected: Vec<String> = (1..=file.vectors)
        .map(|i| format!("{}{i:02}", file.prefix))
        .collect();
    assert_eq!(vectors, expected, "{}: the vectors", file.name);
    let mut numbers: BTreeMap<&str, u32> = BTreeMap::new();
    for row in &rows {
        let at = &row.id;
        // The row's position is read under its first case (an extra field `D` exists only
        // under O27 = `unpromoted_drum_not_captured`).
        let rules = rules_for(VARIANT, &row.cases[0]);
        let (vector, k) = row.id.split_once('-').expect("Xnn-k");
        let n = numbers.entry(vector).or_default();
        *n += 1;
        assert_eq!(k, n.to_string(), "{at}: rows of a vector numbered in order");
        let words = format!("{} {}", row.profiles_text, row.vector_text);
        for case in &row.cases {
            for entry in case.split_whitespace() {
                let (_, value) = entry.split_once('=').expect("key=value");
                assert!(
                    words.contains(value),
                    "{at}: case entry {entry} not named by the vector"
                );
            }
        }
        // The move's points, then each target it shoots, as the vector's text names them
        // (a variant position's row moves as the text says in words).
        let variant_position = row.note.starts_with("variant position");
        let bare = row.mv.trim_end_matches(['+', '=']);
        let named = bare.split('*').all(|part| row.vector_text.contains(part));
        assert!(
            variant_position || named,
            "{at}: move {} not named by the vector",
            row.mv
        );
        for (selector, _) in &row.counts {
            assert!(
                ["all", "pairs", "pass"].contains(&selector.as_str())
                    || selector.starts_with("from:")
                    || selector.starts_with("route:"),
                "{at}: selector {selector}"
            );
        }
        if row.verdict == "illegal" {
            for column in [&row.canonical, &row.promotion, &row.becomes, &row.end] {
                assert_eq!(column, "-", "{at}: an illegal row has no effects");
            }
            assert!(
                row.captures.is_empty()
                    && row.shots.is_empty()
                    && row.burns.is_empty()
                    && row.reversions.is_empty()
                    && row.side_effects.is_empty(),
                "{at}: an illegal row has no effects"
            );
            continue;
        }
        assert_eq!(row.verdict, "legal", "{at}: verdict");
        let parts = text_parts(&row.canonical);
        let promoted = ["compulsory", "chosen"].contains(&row.promotion.as_str());
        assert_eq!(parts.mark == Some('+'), promoted, "{at}: `+`");
        assert_eq!(
            parts.mark == Some('='),
            row.promotion == "declined",
            "{at}: `=`"
        );
        assert_eq!(
            promoted,
            row.becomes != "-",
            "{at}: a promotion changes the piece"
        );
        let shot_squares: Vec<&str> = row
            .shots
            .iter()
            .map(|s| s.split_once(':').expect("SQ:PIECE").0)
            .collect();
        assert_eq!(shot_squares, parts.shots, "{at}: shots of the text");
        for list in [
            &row.burns,
            &row.reversions,
            &row.side_effects,
            &row.frozen.clone().unwrap_or_default(),
        ] {
            assert_eq!(
                *list,
                in_square_order(list.clone()),
                "{at}: listed in square order"
            );
        }
        let start = square_order(&parts.squares[0]);
        let end = square_order(parts.squares.last().expect("a square"));
        for c in &row.captures {
            let sq = c.split_once(':').expect("SQ:PIECE").0;
            let (file, rank) = square_order(sq);
            let between = |a: u32, b: u32, x: u32| a.min(b) <= x && x <= a.max(b);
            let on_line = (start.0 == end.0 && file == start.0
                || start.1 == end.1 && rank == start.1)
                && between(start.0, end.0, file)
                && between(start.1 as u32, end.1 as u32, rank as u32);
            assert!(
                parts.squares.iter().any(|s| s == sq) || on_line,
                "{at}: capture {c} off the move's text and line"
            );
        }
        let game = game_of(&rules, &position_text(&rules, &row.position), &row.history)
            .unwrap_or_else(|e| panic!("{at}: {e}"));
        let before = board_of(&rules, &game.position);
        let mover = &before[&parts.squares[0]];
        if row.becomes != "-" {
            assert_eq!(row.becomes, format!("+{mover}"), "{at}: becomes");
        }
        if let Err(e) = expected_board(row, &before) {
            panic!("{at}: {e}");
        }
        assert!(
            parse_valid_position(&rules, &position_text(&rules, &row.position)).is_ok(),
            "{at}: position"
        );
    }
}

#[test]
fn the_machine_columns_agree_with_the_vector_texts() {
    columns_agree(&PAGE);
}

#[test]
fn the_own_machine_columns_agree_with_their_derivations() {
    columns_agree(&OWN);
}

/// The text reader of the test against the examples of ko.md §5.
#[test]
fn the_move_text_parts_follow_the_rules_page() {
    let p = text_parts("10q9p*9i*4k");
    assert_eq!(
        (p.squares, p.shots, p.mark),
        (
            vec!["10q".into(), "9p".into()],
            vec!["9i".into(), "4k".into()],
            None
        )
    );
    let p = text_parts("10j10h*9g10f*11e");
    assert_eq!(p.squares, ["10j", "10h", "10f"]);
    assert_eq!(p.shots, ["9g", "11e"]);
    let p = text_parts("16h16f*16b=");
    assert_eq!((p.shots, p.mark), (vec!["16b".into()], Some('=')));
    let p = text_parts("10l*10i");
    assert_eq!(
        (p.squares, p.shots),
        (vec!["10l".into()], vec!["10i".into()])
    );
    assert!(square_order("9l") < square_order("10l"));
    assert!(square_order("10a") < square_order("10b"));
}
