//! Reading Hodges move text: [`parse_hodges`] splits the text into its parts and finds
//! the one legal move of the position it names (piece face, start square if given, every
//! step with its capture sign, shots, promotion mark), or says why there is none.

use super::write::format_hodges;
use super::{ambiguous, moves_from, steps_of, HodgesError, Step};
use crate::engine::core::moves::{Move, Promo, MAX_LISTED};
use crate::engine::core::piece::{FaceId, KindId};
use crate::engine::core::square::Square;
use crate::engine::movegen::{
    canonical_pass, pass_of, pass_via, reduce_route, twin_route, PassKind,
};
use crate::engine::movement::KindSet;
use crate::engine::notation::move_text::{trimmed_move_text, MAX_MOVE_TEXT};
use crate::engine::position::Position;
use crate::engine::variant::Rules;

/// Hodges text split into its parts, not yet checked against a position.
struct Parsed<'a> {
    promoted: bool,
    code: &'a str,
    start: Option<Square>,
    steps: Vec<Step>,
    mark: Option<Promo>,
    /// The burn list (`x!` after the steps) and the self-burn mark (`*`), where given.
    burned: Option<Vec<Square>>,
    self_burned: bool,
}

fn malformed(detail: impl Into<String>) -> HodgesError {
    HodgesError::Malformed(detail.into())
}

fn parse_syntax<'a>(rules: &Rules, text: &'a str) -> Result<Parsed<'a>, HodgesError> {
    let shape = rules.variant.shape();
    let t = trimmed_move_text(text).map_err(|e| malformed(e.to_string()))?;
    if t.is_empty() {
        return Err(malformed("the move text is empty"));
    }
    let b = t.as_bytes();
    let n = b.len();
    let mut i = 0;
    let promoted = b[0] == b'+';
    if promoted {
        i += 1;
    }
    let code_start = i;
    while i < n && b[i].is_ascii_uppercase() {
        i += 1;
    }
    if i == code_start {
        return Err(malformed(
            "expected a piece code in capital letters (`P`, `LN`, `+KR`)",
        ));
    }
    let code = &t[code_start..i];
    // A square: one or two digits and a rank name, one lowercase letter or a doubled
    // letter `a` to `j` (so that an `x` after a square is always the capture mark).
    let square = |i: &mut usize| -> Result<Square, HodgesError> {
        let s = *i;
        while *i < n && b[*i].is_ascii_digit() {
            *i += 1;
        }
        if *i < n && b[*i].is_ascii_lowercase() {
            *i += 1;
            if *i < n && b[*i] == b[*i - 1] && (b'a'..=b'j').contains(&b[*i]) {
                *i += 1;
            }
        }
        let name = &t[s..*i];
        if name.is_empty() {
            return Err(malformed(format!("expected a square at byte {s}")));
        }
        shape
            .parse_square(name)
            .ok_or_else(|| malformed(format!("`{name}` is not a square of this board")))
    };
    let start = if i < n && b[i].is_ascii_digit() {
        Some(square(&mut i)?)
    } else {
        None
    };
    let mut steps = Vec::new();
    // `x!` after a step starts the burn list, not an igui.
    let burn_list = |i: usize, steps: &Vec<Step>| !steps.is_empty() && b[i..].starts_with(b"x!");
    // `*` and a square is a shot; a `*` that ends the text marks a self-burn.
    let shot = |i: usize| b[i] == b'*' && b.get(i + 1).is_some_and(u8::is_ascii_digit);
    while i < n && (b[i] == b'-' || b[i] == b'x' || shot(i)) && !burn_list(i, &steps) {
        if b[i] == b'*' {
            i += 1;
            steps.push(Step::shot(square(&mut i)?));
            continue;
        }
        let capture = b[i] == b'x';
        i += 1;
        let stay = i < n && b[i] == b'!';
        if stay {
            i += 1;
        }
        let sq = square(&mut i)?;
        steps.push(Step {
            capture,
            stay,
            shot: false,
            sq,
        });
    }
    let mark = match b.get(i) {
        Some(b'+') => Some(Promo::Promote),
        Some(b'=') => Some(Promo::Decline),
        _ => None,
    };
    if mark.is_some() {
        i += 1;
    }
    let burned = if i < n && burn_list(i, &steps) {
        i += 2;
        let mut list = vec![square(&mut i)?];
        while i < n && b[i] == b',' {
            i += 1;
            list.push(square(&mut i)?);
        }
        Some(list)
    } else {
        None
    };
    let self_burned = i < n && b[i] == b'*';
    if self_burned {
        i += 1;
    }
    if i < n {
        let c = t[i..].chars().next().unwrap_or('?');
        return Err(malformed(format!("unexpected `{c}` at byte {i}")));
    }
    check_steps(rules, &steps)?;
    Ok(Parsed {
        promoted,
        code,
        start,
        steps,
        mark,
        burned,
        self_burned,
    })
}

/// The shape rules of the steps: at least one, no more squares than a move lists (three;
/// six and two shots in ko shogi), a stay (`x!`, `-!`) only as the sole square, a shot in
/// place (shots before any square) with no square after it.
fn check_steps(rules: &Rules, steps: &[Step]) -> Result<(), HodgesError> {
    let moved = steps.iter().filter(|s| !s.shot).count();
    let shots = steps.len() - moved;
    if steps.is_empty() {
        return Err(malformed(
            "expected `-` (move) or `x` (capture) and a square after the piece",
        ));
    }
    // Route kinds (ko.md §4.5) list up to six points.
    let (most, words) = if rules.kinds_present.intersects(KindSet::ROUTES) {
        (MAX_LISTED, "six")
    } else {
        (3, "three")
    };
    if moved > most {
        return Err(malformed(format!(
            "a move names at most {words} squares after the piece"
        )));
    }
    if shots > 2 {
        return Err(malformed("a move shoots at most two targets"));
    }
    if moved > 1 && steps.iter().any(|s| s.stay) {
        return Err(malformed(
            "`x!` (igui) and `-!` (pass) name a single square",
        ));
    }
    if steps[0].shot && moved > 0 {
        return Err(malformed(
            "a shot in place (`*` right after the piece) has no square to move to",
        ));
    }
    Ok(())
}

/// The piece as the text names it (`+KR`, `S`).
fn text_piece(parsed: &Parsed) -> String {
    let sign = if parsed.promoted { "+" } else { "" };
    format!("{sign}{}", parsed.code)
}

/// Parses Hodges text and returns the legal move of `pos` it names.
///
/// Accepted: what [`format_hodges`] prints; the start square also where it is not needed;
/// no `+` where promotion is compulsory; any valid pass text of the position (all passes
/// are one move); in ko shogi also a promoted-only kind's own code and any text with a
/// legal move's effect (see the module). Input longer than [`MAX_MOVE_TEXT`] bytes is
/// rejected unread.
///
/// # Errors
/// See [`HodgesError`].
pub fn parse_hodges(pos: &Position, rules: &Rules, text: &str) -> Result<Move, HodgesError> {
    if text.len() > MAX_MOVE_TEXT {
        return Err(malformed(format!(
            "the move text is longer than {MAX_MOVE_TEXT} bytes"
        )));
    }
    let parsed = parse_syntax(rules, text)?;
    let variant = rules.variant;
    let kind = variant
        .kind_by_code(parsed.code)
        .ok_or_else(|| HodgesError::UnknownPiece(parsed.code.to_string()))?;
    let faces: Vec<FaceId> = if variant.kind(kind).promoted_only {
        // Ko shogi reads a promoted-only kind's own code as the promoted pieces it names.
        let faces = promoted_only_faces(rules, kind);
        if faces.is_empty() || parsed.promoted {
            return Err(HodgesError::PromotedOnlyPiece(
                variant.kind(kind).code.clone(),
            ));
        }
        faces
    } else {
        vec![kind.face(parsed.promoted)]
    };
    if pos.is_terminal() {
        return Err(HodgesError::GameOver);
    }
    let mut starts: Vec<Square> = pos
        .occupied(pos.side())
        .iter()
        .filter(|&sq| faces.contains(&pos.cell(sq).face_unchecked()))
        .collect();
    if let Some(s) = parsed.start {
        starts.retain(|&sq| sq == s);
    }
    let shape = variant.shape();
    if starts.is_empty() {
        return Err(HodgesError::NoSuchPiece {
            piece: text_piece(&parsed),
            start: parsed.start.map(|s| shape.name(s).to_string()),
        });
    }
    // A pass names its piece: any of them that can step to the empty square and back.
    if let [Step {
        capture: false,
        stay: true,
        shot: false,
        sq: via,
    }] = parsed.steps[..]
    {
        if let Some(pass) = read_pass(pos, rules, &starts, via, parsed.mark) {
            return pass;
        }
    }
    let moves: Vec<Move> = starts
        .iter()
        .flat_map(|&sq| moves_from(pos, rules, sq))
        .collect();
    let mut candidates: Vec<Move> = Vec::new();
    let mut near: Vec<Move> = Vec::new();
    for &m in &moves {
        let steps = steps_of(pos, rules, &m);
        if steps == parsed.steps {
            candidates.push(m);
        } else if steps.len() == parsed.steps.len()
            && steps
                .iter()
                .zip(&parsed.steps)
                .all(|(a, b)| a.sq == b.sq && a.stay == b.stay && a.shot == b.shot)
        {
            near.push(m);
        }
    }
    if candidates.is_empty() {
        // Under route generation another text of a legal move's effect (ko.md §5) names
        // that move.
        candidates.extend(
            moves
                .iter()
                .filter(|m| same_effect(pos, rules, &parsed.steps, m)),
        );
    }
    if candidates.is_empty() {
        candidates.extend(same_route(pos, rules, &parsed.steps, &moves));
    }
    if candidates.is_empty() {
        let hint = near.first().copied().filter(|first| {
            near.iter()
                .all(|m| m.from == first.from && m.squares() == first.squares())
        });
        let hint = hint.map(|m| {
            let m = near
                .iter()
                .find(|x| x.promo != Promo::Decline)
                .copied()
                .unwrap_or(m);
            format_hodges(pos, rules, &m)
        });
        return Err(HodgesError::Unreachable { hint });
    }
    let froms: Vec<Square> = candidates.iter().map(|m| m.from).collect();
    if froms.iter().any(|&f| f != froms[0]) {
        return Err(ambiguous(shape, froms));
    }
    let with = |p: Promo| candidates.iter().find(|m| m.promo == p).copied();
    // A piece burned on arrival has no promotion choice: a mark given for it is dropped.
    let burned_mover = with(Promo::None).is_some_and(|m| pos.self_burned(&m, rules));
    let chosen = choose_mark(parsed.mark, burned_mover, with)?;
    check_burns(pos, rules, &parsed, &chosen)?;
    Ok(chosen)
}

/// The listed moves of which `steps` is another spelling, found as machine text finds them
/// (`reduce_route`, then `twin_route`: a lion dog stepping to its 1st and 2nd squares and
/// back is listed as its leap to the 2nd and back), that capture on exactly the squares the
/// text marks with `x`. notation.md: input in any equivalent form is accepted.
fn same_route(pos: &Position, rules: &Rules, steps: &[Step], moves: &[Move]) -> Vec<Move> {
    if steps.iter().any(|s| s.stay || s.shot) {
        return Vec::new();
    }
    let path: Vec<Square> = steps.iter().map(|s| s.sq).collect();
    let captures = |steps: &[Step]| -> Vec<Square> {
        let mut squares: Vec<Square> = steps.iter().filter(|s| s.capture).map(|s| s.sq).collect();
        squares.sort_unstable();
        squares.dedup();
        squares
    };
    let marked = captures(steps);
    let mut found = Vec::new();
    let mut froms: Vec<Square> = moves.iter().map(|m| m.from).collect();
    froms.dedup();
    for from in froms {
        let reduced = reduce_route(pos, rules, from, &path);
        let twin = twin_route(pos, rules, from, &reduced);
        let routes = [Some(reduced), twin];
        for route in routes.iter().flatten() {
            found.extend(moves.iter().filter(|m| {
                m.from == from
                    && m.squares() == &route[..]
                    && captures(&steps_of(pos, rules, m)) == marked
            }));
            if !found.is_empty() {
                return found;
            }
        }
    }
    found
}

/// The burns written in the text, if any, must be the move's (tenjiku.md §9.3); a piece
/// burned on arrival has no promotion choice, so a mark given for it was dropped already.
fn check_burns(
    pos: &Position,
    rules: &Rules,
    parsed: &Parsed,
    mv: &Move,
) -> Result<(), HodgesError> {
    let mut burned = pos.burn_victims(mv, rules);
    let self_burned = pos.self_burned(mv, rules);
    let listed_ok = parsed.burned.as_ref().is_none_or(|list| {
        let mut list = list.clone();
        let shape = rules.variant.shape();
        list.sort_by_key(|&s| shape.file_rank_key(s));
        burned.sort_by_key(|&s| shape.file_rank_key(s));
        list == burned
    });
    if listed_ok && (!parsed.self_burned || self_burned) {
        Ok(())
    } else {
        Err(HodgesError::Unreachable {
            hint: Some(format_hodges(pos, rules, mv)),
        })
    }
}

/// The candidate move the text's promotion mark picks.
fn choose_mark(
    mark: Option<Promo>,
    burned_mover: bool,
    with: impl Fn(Promo) -> Option<Move>,
) -> Result<Move, HodgesError> {
    let burned_plain = with(Promo::None).filter(|_| burned_mover);
    match mark {
        Some(Promo::Promote) => with(Promo::Promote)
            .or(burned_plain)
            .ok_or(HodgesError::PromotionNotPossible),
        Some(_) => match (with(Promo::Decline), with(Promo::Promote)) {
            (Some(m), _) => Ok(m),
            (None, Some(_)) => Err(HodgesError::PromotionCompulsory),
            (None, None) => burned_plain.ok_or(HodgesError::PromotionNotPossible),
        },
        None => match (
            with(Promo::None),
            with(Promo::Promote),
            with(Promo::Decline),
        ) {
            (Some(m), _, _) => Ok(m),
            (None, Some(m), None) => Ok(m),
            (None, Some(_), Some(_)) => Err(HodgesError::PromotionMarkRequired),
            (None, None, Some(m)) => Ok(m),
            (None, None, None) => Err(HodgesError::Unreachable { hint: None }),
        },
    }
}

/// The promoted faces a promoted-only kind's own code names on input
/// ([`Rules::promoted_only_codes`]): the promoted sides that move as `kind` (ko shogi: `GV`
/// is `+MA`; `CO` is `+PU` and `+VA`). Empty under other rules, where such a code is an
/// error.
fn promoted_only_faces(rules: &Rules, kind: KindId) -> Vec<FaceId> {
    if !rules.promoted_only_codes {
        return Vec::new();
    }
    (0..rules.variant.kinds.len())
        .map(|k| KindId(k as u16).face(true))
        .filter(|&f| {
            let rule = rules.face(f);
            rule.exists && rule.moves_as == kind
        })
        .collect()
}

/// Reads a pass text (`-!` and `via`) whose piece may stand on `starts`: `None` when no
/// such piece can pass through `via`. A pass that is a move of its own names one piece, so
/// two pieces that could make it leave the text ambiguous; every piece whose pass is the
/// position's one pass (route rules, ko.md §5) names that pass.
fn read_pass(
    pos: &Position,
    rules: &Rules,
    starts: &[Square],
    via: Square,
    mark: Option<Promo>,
) -> Option<Result<Move, HodgesError>> {
    let passers: Vec<(Square, PassKind)> = starts
        .iter()
        .filter_map(|&sq| pass_via(pos, rules, sq, via).map(|kind| (sq, kind)))
        .collect();
    let &(from, kind) = passers.first()?;
    if passers.len() > 1 && passers.iter().any(|&(_, k)| k == PassKind::Own) {
        let froms = passers.iter().map(|&(sq, _)| sq).collect();
        return Some(Err(ambiguous(rules.variant.shape(), froms)));
    }
    if mark.is_some() {
        // A pass that promotes (`promotion_right = zone_route`, taikyoku.md §5) is a move
        // of its own through its step square; `=` declines it, which is the plain pass.
        let promoting = moves_from(pos, rules, from)
            .into_iter()
            .find(|m| m.squares() == [via, from] && m.promo == Promo::Promote);
        match (mark, promoting) {
            (Some(Promo::Promote), Some(m)) => return Some(Ok(m)),
            (Some(Promo::Decline), Some(m)) if !m.promotion_optional() => {
                return Some(Err(HodgesError::PromotionCompulsory))
            }
            (Some(Promo::Decline), Some(_)) => {}
            _ => return Some(Err(HodgesError::PromotionNotPossible)),
        }
    }
    let pass = match kind {
        PassKind::Own => pass_of(pos, rules, from),
        PassKind::Shared => canonical_pass(pos, rules)
            .map(|(piece, first)| Move::new(piece, &[first, piece], Promo::None)),
    };
    Some(pass.ok_or(HodgesError::Unreachable { hint: None }))
}

/// Whether the text's `steps` have the effect of the legal move `mv` (ko.md §5): the same
/// final point, points captured by displacement and shot targets, whatever their order.
/// Never for a pass text or where moves are not known by their effect.
fn same_effect(pos: &Position, rules: &Rules, steps: &[Step], mv: &Move) -> bool {
    if !rules.play.judged_by_effect {
        return false;
    }
    let moved: Vec<&Step> = steps.iter().filter(|s| !s.shot).collect();
    let to = match moved.last() {
        Some(s) if s.stay && !s.capture => return false,
        Some(s) if s.stay => mv.from,
        Some(s) => s.sq,
        None => mv.from,
    };
    if to != mv.to() {
        return false;
    }
    let sorted = |mut v: Vec<Square>| {
        v.sort_unstable();
        v.dedup();
        v
    };
    let caps = sorted(moved.iter().filter(|s| s.capture).map(|s| s.sq).collect());
    let shots = sorted(steps.iter().filter(|s| s.shot).map(|s| s.sq).collect());
    caps == sorted(pos.displaced(mv, rules)) && shots == sorted(mv.shots().to_vec())
}
