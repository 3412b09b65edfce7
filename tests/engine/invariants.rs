//! Invariants over thousands of random plies, from the start position and from random
//! placements: every generated move passes the legality check and normalises to itself;
//! random candidate texts that the check accepts are generated moves (or, for a pass, the
//! named piece's pass while the position lists one pass); position and move
//! text round-trip; playing is deterministic.

use crate::support::{random_placement, rules_for, tai_rules, Rng};
use shogi_arbiter::engine::core::color::Color;
use shogi_arbiter::engine::core::moves::Move;
use shogi_arbiter::engine::core::piece::{FaceId, Piece};
use shogi_arbiter::engine::core::square::Square;
use shogi_arbiter::engine::game::{replay_with, CHECKPOINT_PLIES};
use shogi_arbiter::engine::movegen::{legal_moves, pass_of, StartFilter};
use shogi_arbiter::engine::notation::{
    format_move, format_position, format_position_of, parse_move_text, parse_position,
    parse_valid_position,
};
use shogi_arbiter::engine::position::{Extra, Position, Setup};
use shogi_arbiter::engine::rules::legality::check_move;
use shogi_arbiter::engine::variant::Rules;
use std::collections::HashSet;

/// Checks every invariant on one position; returns the number of moves checked.
pub(crate) fn check_position(pos: &Position, rules: &Rules, rng: &mut Rng) -> usize {
    let shape = rules.variant.shape();
    let text = format_position(rules.variant, &pos.to_setup(rules.variant));
    let reparsed = parse_valid_position(rules, &text).expect("printed position parses");
    assert_eq!(&reparsed, pos, "position text round trip: {text}");
    assert_eq!(format_position_of(rules.variant, pos), text);
    let setup = parse_position(rules.variant, &text).expect("printed position parses");
    assert_eq!(
        Position::from_setup(&setup, rules).as_ref(),
        Ok(pos),
        "reading through a setup builds the same position"
    );
    assert_eq!(
        format_position(
            rules.variant,
            &parse_position(rules.variant, &text).unwrap()
        ),
        text
    );
    let moves = legal_moves(pos, rules);
    let set: HashSet<Move> = moves.iter().copied().collect();
    assert_eq!(set.len(), moves.len(), "a move is listed twice in {text}");
    let texts: HashSet<String> = moves.iter().map(|m| format_move(shape, m)).collect();
    assert_eq!(texts.len(), moves.len(), "two moves print alike in {text}");
    for m in &moves {
        let t = format_move(shape, m);
        let parsed = parse_move_text(shape, &t).expect("printed move parses");
        assert_eq!(parsed.squares[0], m.from);
        assert_eq!(&parsed.squares[1..], m.squares());
        match check_move(pos, rules, &t) {
            Ok(back) => assert_eq!(&back, m, "{t} normalises to {}", format_move(shape, &back)),
            Err(e) => panic!("generated move {t} judged illegal ({}) in {text}", e.code()),
        }
    }
    // Random candidates near the side's pieces: anything accepted must be generated.
    let own: Vec<Square> = pos.occupied(pos.side()).iter().collect();
    for _ in 0..200 {
        if own.is_empty() {
            break;
        }
        let from = own[rng.below(own.len())];
        let (fx, fy) = shape.coords(from);
        let n = 1 + rng.below(3);
        let mut candidate = shape.name(from).to_string();
        for _ in 0..n {
            let x = fx + rng.below(7) as i32 - 3;
            let y = fy + rng.below(7) as i32 - 3;
            if let Some(s) = shape.square(x, y) {
                candidate.push_str(&shape.name(s).to_string());
            }
        }
        candidate.push_str(["", "+", "="][rng.below(3)]);
        if let Ok(m) = check_move(pos, rules, &candidate) {
            // A pass names its piece (notation.md: all passes are one move, listed once
            // under the canonical text): an accepted pass is that piece's pass, and the
            // position's one listed pass exists.
            let is_pass = |m: &Move| {
                let sq = m.squares();
                sq.len() == 2 && sq[1] == m.from && pos.cell(sq[0]).is_empty()
            };
            if is_pass(&m) {
                assert_eq!(
                    pass_of(pos, rules, m.from),
                    Some(m),
                    "{candidate} in {text}"
                );
                assert_eq!(moves.iter().filter(|l| is_pass(l)).count(), 1, "{text}");
            } else {
                assert!(
                    set.contains(&m),
                    "{candidate} accepted but not generated in {text}"
                );
            }
        }
    }
    moves.len()
}

/// Plays one move twice and checks the results agree.
fn play_deterministic(pos: &Position, rules: &Rules, m: &Move) -> Position {
    let mut a = pos.clone();
    let mut b = pos.clone();
    let ea = a.play(m, rules);
    b.play_unchecked(m, rules);
    assert_eq!(a, b, "play and play_unchecked differ");
    let mut c = pos.clone();
    assert_eq!(c.play(m, rules), ea);
    assert_eq!(
        format_position(rules.variant, &a.to_setup(rules.variant)),
        format_position(rules.variant, &c.to_setup(rules.variant))
    );
    a
}

/// Plays up to `plies` random moves; returns (plies played, moves checked, positions
/// checked with a counter-strike square in the extra field).
pub(crate) fn random_game(
    rules: &Rules,
    start: Position,
    plies: usize,
    seed: u64,
) -> (usize, usize, usize) {
    let mut rng = Rng(seed);
    let mut pos = start;
    let mut checked = 0;
    let mut played = 0;
    let mut struck = 0;
    for _ in 0..plies {
        checked += check_position(&pos, rules, &mut rng);
        struck += usize::from(pos.extra() != Extra::None);
        let moves = legal_moves(&pos, rules);
        if moves.is_empty() {
            break;
        }
        let m = pick_move(&pos, &moves, &mut rng);
        pos = play_deterministic(&pos, rules, &m);
        played += 1;
    }
    (played, checked, struck)
}

/// Plays up to `plies` random moves from `start` (seeded with `seed`). Every
/// `check_every`-th position is checked: every listed move is judged legal and every
/// accepted text is listed ([`check_position`]), the fast check test agrees with check by
/// definition for both sides, and `also` checks what the variant adds. `play` plays the
/// chosen move with the variant's checks of its effects, and returns the position after it
/// and whether the move showed the rule the caller counts (a burn, a promotion, ...).
/// Returns (plies played, moves checked, moves that showed the rule).
pub(crate) fn random_game_checked(
    rules: &Rules,
    start: Position,
    (plies, seed, check_every): (usize, u64, usize),
    mut also: impl FnMut(&Position),
    mut play: impl FnMut(&Position, &Move) -> (Position, bool),
) -> (usize, usize, usize) {
    use shogi_arbiter::engine::rules::check::{checking_moves_by_definition, in_check};
    let mut rng = Rng(seed);
    let mut pos = start;
    let (mut played, mut moves_checked, mut shown) = (0, 0, 0);
    for ply in 0..plies {
        if ply % check_every == 0 {
            moves_checked += check_position(&pos, rules, &mut rng);
            also(&pos);
            for side in Color::ALL {
                assert_eq!(
                    in_check(&pos, rules, side),
                    !checking_moves_by_definition(&pos, rules, side).is_empty(),
                    "check of {side:?}"
                );
            }
        }
        let moves = legal_moves(&pos, rules);
        if moves.is_empty() {
            break;
        }
        let mv = pick_move(&pos, &moves, &mut rng);
        let (after, showed) = play(&pos, &mv);
        shown += usize::from(showed);
        pos = after;
        played += 1;
    }
    (played, moves_checked, shown)
}

/// Random games of `variant` under each of `option_sets` ([`random_game_checked`]): one
/// from the start (`start`: plies, check every), then one from a random placement per
/// density of `placed` (densities, plies, check every). Seeds: `seeds.0` for the
/// placements, `seeds.1 + i` for the i-th set's start game, `seeds.2 + 10 i + k` for its
/// k-th placement game. `also` and `play` are [`random_game_checked`]'s, given the rules.
/// Returns (plies played, moves checked, moves that showed the rule).
pub(crate) fn random_games_over(
    variant: &str,
    option_sets: &[&str],
    seeds: (u64, u64, u64),
    start: (usize, usize),
    placed: (&[usize], usize, usize),
    mut also: impl FnMut(&Position, &Rules),
    mut play: impl FnMut(&Position, &Rules, &Move) -> (Position, bool),
) -> (usize, usize, usize) {
    let mut rng = Rng(seeds.0);
    let mut total = (0, 0, 0);
    let mut add = |(p, m, s): (usize, usize, usize)| {
        total = (total.0 + p, total.1 + m, total.2 + s);
    };
    for (i, options) in option_sets.iter().enumerate() {
        let rules = rules_for(variant, options);
        let i = i as u64;
        add(random_game_checked(
            &rules,
            Position::start(&rules),
            (start.0, seeds.1 + i, start.1),
            |pos| also(pos, &rules),
            |pos, mv| play(pos, &rules, mv),
        ));
        let (densities, plies, check_every) = placed;
        for (k, &density) in densities.iter().enumerate() {
            let from = random_placement(&rules, &mut rng, density);
            add(random_game_checked(
                &rules,
                from,
                (plies, seeds.2 + 10 * i + k as u64, check_every),
                |pos| also(pos, &rules),
                |pos, mv| play(pos, &rules, mv),
            ));
        }
    }
    total
}

/// [`attack_lookup_agrees`] under each of `option_sets` of `variant`, the placements seeded
/// with `seed`; returns the number of squares checked.
pub(crate) fn attack_lookups_over(
    variant: &str,
    option_sets: &[&str],
    densities: &[usize],
    seed: u64,
) -> usize {
    let mut rng = Rng(seed);
    option_sets
        .iter()
        .map(|options| attack_lookup_agrees(&rules_for(variant, options), densities, &mut rng))
        .sum()
}

/// A random move of `moves`, a capture every other time when there is one (so that
/// promotions and contagion happen).
pub(crate) fn pick_move(pos: &Position, moves: &[Move], rng: &mut Rng) -> Move {
    let captures: Vec<&Move> = moves
        .iter()
        .filter(|m| {
            m.squares()
                .iter()
                .any(|&s| pos.cell(s).is_color(pos.side().opponent()))
        })
        .collect();
    if !captures.is_empty() && rng.below(2) == 0 {
        *captures[rng.below(captures.len())]
    } else {
        moves[rng.below(moves.len())]
    }
}

#[test]
fn random_games_from_the_start_position() {
    let (mut plies, mut moves) = (0, 0);
    for (i, profile) in ["profile=wikipedia", "profile=japanese", "profile=tsa"]
        .iter()
        .enumerate()
    {
        let rules = tai_rules(profile);
        for game in 0..6 {
            let seed = 7 + 31 * i as u64 + game;
            let (p, m, _) = random_game(&rules, Position::start(&rules), 120, seed);
            plies += p;
            moves += m;
        }
    }
    assert!(
        plies >= 1_000 && moves > 50_000,
        "only {plies} plies, {moves} moves checked"
    );
}

/// Random positions that together hold every face existing under the rules, for each
/// colour as the side to move: at most `per_position` of them a position, with a royal of
/// each side and a few enemy pieces, all on the squares two or more away from the edges
/// whose file and rank indices are even, so that no piece stands next to another and
/// every piece has a move.
fn every_face_placements(rules: &Rules, rng: &mut Rng, per_position: usize) -> Vec<Position> {
    let shape = rules.variant.shape();
    let lattice: Vec<Square> = (2..shape.ranks as i32 - 2)
        .step_by(2)
        .flat_map(|y| {
            (2..shape.files as i32 - 2)
                .step_by(2)
                .filter_map(move |x| shape.square(x, y))
        })
        .collect();
    let faces: Vec<FaceId> = (0..rules.faces.len() as u16)
        .map(FaceId)
        .filter(|&f| rules.face(f).exists)
        .collect();
    let royal = faces
        .iter()
        .copied()
        .find(|&f| rules.face(f).royal)
        .expect("a royal face");
    let enemies = per_position / 4;
    assert!(per_position + 2 + enemies <= lattice.len());
    let mut positions = Vec::new();
    for side in Color::ALL {
        for group in faces.chunks(per_position) {
            let mut board: Vec<Option<Piece>> = vec![None; shape.len()];
            let mut place = |color: Color, face: FaceId, rng: &mut Rng| loop {
                let sq = lattice[rng.below(lattice.len())];
                if board[sq.index()].is_none() {
                    board[sq.index()] = Some(Piece { color, face });
                    break;
                }
            };
            for &face in group {
                place(side, face, rng);
            }
            for color in Color::ALL {
                place(color, royal, rng);
            }
            for _ in 0..enemies {
                place(side.opponent(), faces[rng.below(faces.len())], rng);
            }
            let setup = Setup {
                board,
                side,
                extra: Default::default(),
                move_number: 1,
            };
            positions.push(Position::from_setup(&setup, rules).expect("placement is valid"));
        }
    }
    positions
}

#[test]
fn random_games_from_random_placements() {
    let mut rng = Rng(0x5eed);
    let (mut plies, mut moves) = (0, 0);
    let profiles = [
        "profile=wikipedia",
        "profile=japanese",
        "profile=tsa",
        "lion_dog_jump_back=true promotion_trigger=capture_of_promoted",
        "emperor_capture=royals_only prince_promotes=true",
        "emperor_capture=unrestricted furious_fiend=lion_and_lion_dog great_elephant=lion_dog_power",
    ];
    for (i, profile) in profiles.iter().enumerate() {
        let rules = tai_rules(profile);
        for k in 0..4 {
            let density = [30, 120, 250, 400][k];
            let start = random_placement(&rules, &mut rng, density);
            let (p, m, _) = random_game(&rules, start, 40, 1000 + i as u64 * 10 + k as u64);
            plies += p;
            moves += m;
        }
    }
    assert!(
        plies >= 500 && moves > 10_000,
        "only {plies} plies, {moves} moves checked"
    );
}

/// Chu shogi: random games from the start under both profiles, and from random placements
/// under every lion-trading and promotion option value (dense boards make lions meet, so
/// captures of lions and the counter-strike field come up).
#[test]
fn chu_random_games() {
    let mut rng = Rng(0xc4u64 << 32 | 0x5eed);
    let (mut plies, mut moves, mut struck) = (0, 0, 0);
    for (i, profile) in ["profile=lishogi", "profile=hachu"].iter().enumerate() {
        let rules = rules_for("chu", profile);
        for game in 0..4 {
            let (p, m, _) = random_game(
                &rules,
                Position::start(&rules),
                150,
                77 + 13 * i as u64 + game,
            );
            plies += p;
            moves += m;
        }
    }
    let option_sets = [
        "",
        "lion_protection=after_move counter_strike=okazaki",
        "promoted_kirin_recapture=forbidden last_rank_pawn_lance=must_promote",
        "profile=hachu counter_strike=okazaki",
    ];
    for (i, options) in option_sets.iter().enumerate() {
        let rules = rules_for("chu", options);
        for (k, density) in [12, 40, 90].into_iter().enumerate() {
            let start = random_placement(&rules, &mut rng, density);
            let (p, m, s) = random_game(&rules, start, 60, 500 + i as u64 * 10 + k as u64);
            plies += p;
            moves += m;
            struck += s;
        }
    }
    assert!(
        plies >= 1_000 && moves > 20_000 && struck >= 5,
        "only {plies} plies, {moves} moves checked, {struck} under counter-strike"
    );
}

/// Over random placements under `rules`, one per density: for every piece on the board,
/// [`attacked`] (looking outward from the target) agrees with the protection map of each
/// side, with up to two random squares vacated. Returns the number of squares checked.
///
/// [`attacked`]: shogi_arbiter::engine::attack::attacked
pub(crate) fn attack_lookup_agrees(rules: &Rules, densities: &[usize], rng: &mut Rng) -> usize {
    use shogi_arbiter::engine::attack::{attacked, protection_map};
    let mut checked = 0;
    for &density in densities {
        let pos = random_placement(rules, rng, density);
        let all: Vec<Square> = Color::ALL
            .iter()
            .flat_map(|&c| pos.occupied(c).iter())
            .collect();
        for color in Color::ALL {
            let vacated: Vec<Square> = (0..rng.below(3))
                .map(|_| all[rng.below(all.len())])
                .collect();
            let map = protection_map(&pos, rules, color, &vacated);
            for i in 0..rules.variant.shape().len() {
                let sq = Square(i as u16);
                // A target is a piece still on the board (never a vacated square).
                if pos.cell(sq).is_empty() || vacated.contains(&sq) {
                    continue;
                }
                assert_eq!(
                    attacked(&pos, rules, sq, color, &vacated),
                    map.contains(sq),
                    "{}: square {} for {color:?} with {vacated:?} vacated",
                    rules.variant.id,
                    rules.variant.shape().name(sq)
                );
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn reverse_attack_lookup_agrees_with_the_protection_map() {
    let mut rng = Rng(0xa77ac);
    let mut checked = 0;
    for profile in ["profile=wikipedia", "profile=japanese", "profile=tsa"] {
        checked += attack_lookup_agrees(&tai_rules(profile), &[20, 80, 200, 350], &mut rng);
    }
    assert!(checked > 3000);
}

#[test]
fn batch_hodges_texts_equal_one_by_one_texts() {
    use shogi_arbiter::engine::notation::{format_hodges, format_hodges_all};
    let mut rng = Rng(0x40d6e5);
    for profile in ["profile=wikipedia", "profile=japanese"] {
        let rules = tai_rules(profile);
        let mut positions = vec![Position::start(&rules)];
        positions.push(random_placement(&rules, &mut rng, 150));
        positions.push(random_placement(&rules, &mut rng, 300));
        for pos in positions {
            let moves = legal_moves(&pos, &rules);
            let batch = format_hodges_all(&pos, &rules, &moves);
            for (m, text) in moves.iter().zip(&batch) {
                assert_eq!(text, &format_hodges(&pos, &rules, m));
            }
            let distinct: HashSet<&String> = batch.iter().collect();
            assert_eq!(distinct.len(), batch.len());
        }
    }
}

/// Moves of the kinds whose first square is hardest to foresee, counted by
/// [`every_legal_move_starts_within_its_reach`].
#[derive(Debug, Default)]
struct FirstSquareKinds {
    /// Hook moves that turned (first square off the eight lines and not a leap).
    hook_turns: usize,
    /// Emperor moves more than three squares away.
    emperor_far: usize,
    /// Igui and double moves of a full lion.
    lion_two_squares: usize,
    /// Lion dog moves listing three squares.
    lion_dog_three_squares: usize,
    /// Igui and double moves of a linear lion (no full lion or lion dog power).
    line_lion_two_squares: usize,
    /// Passes (the piece steps to an empty neighbour and back).
    passes: usize,
}

/// Checks `Compiled::may_start_towards` on every legal move of `pos`: the moving piece's
/// movement allows the offset from its start square to the first square the move lists.
/// Returns the number of moves checked.
fn check_first_square_reach(
    pos: &Position,
    rules: &Rules,
    faces: &mut HashSet<(Color, FaceId)>,
    kinds: &mut FirstSquareKinds,
) -> usize {
    let geo = &rules.variant.geometry;
    let moves = legal_moves(pos, rules);
    for m in &moves {
        let piece = pos.piece_at(m.from).expect("a move starts on a piece");
        let c = &rules.face(piece.face).compiled[piece.color.index()];
        let squares = m.squares();
        let (fx, fy) = geo.xy(m.from);
        let (x, y) = geo.xy(squares[0]);
        let (dx, dy) = (x - fx, y - fy);
        assert!(
            c.may_start_towards(dx, dy),
            "{} ({}) starts ({dx}, {dy}) away, outside its reach, in {}",
            format_move(rules.variant.shape(), m),
            rules.face(piece.face).movement,
            format_position_of(rules.variant, pos)
        );
        assert!(
            dx.abs().max(dy.abs()) <= i32::from(c.start_reach()),
            "{} ({}) starts ({dx}, {dy}) away, beyond its start reach {}",
            format_move(rules.variant.shape(), m),
            rules.face(piece.face).movement,
            c.start_reach()
        );
        faces.insert((piece.color, piece.face));
        let on_line = dx == 0 || dy == 0 || dx.abs() == dy.abs();
        let leap = c
            .all_jumps
            .iter()
            .any(|&(jx, jy)| (i32::from(jx), i32::from(jy)) == (dx, dy));
        kinds.hook_turns += usize::from(c.hook != 0 && !on_line && !leap);
        kinds.emperor_far += usize::from(c.emperor && dx.abs().max(dy.abs()) > 3);
        kinds.lion_two_squares += usize::from(c.lion && squares.len() == 2);
        kinds.lion_dog_three_squares += usize::from(c.liondog && squares.len() == 3);
        kinds.line_lion_two_squares +=
            usize::from(c.linelion_all != 0 && !c.lion && !c.liondog && squares.len() == 2);
        kinds.passes += usize::from(
            squares.len() == 2 && squares[1] == m.from && pos.cell(squares[0]).is_empty(),
        );
    }
    moves.len()
}

/// `start_reach` bounds every offset `may_start_towards` accepts (which is what lets
/// `format_hodges` look for confusable pieces only around a move's first square), for
/// every face and colour of tai under every value of the options that change movements,
/// and of chu; pawns reach one square, hook movers and emperors are unbounded.
#[test]
fn start_reach_bounds_every_offset_a_move_may_start_towards() {
    let setups = [
        ("tai", "profile=wikipedia"),
        ("tai", "profile=japanese"),
        ("tai", "profile=tsa"),
        (
            "tai",
            "furious_fiend=lion_and_lion_dog great_elephant=lion_dog_power teaching_king=queen prince_promotes=true",
        ),
        ("chu", "profile=lishogi"),
    ];
    let (mut near, mut unbounded, mut offsets) = (0, 0, 0);
    for (variant, options) in setups {
        let rules = rules_for(variant, options);
        for face in rules.faces.iter().filter(|f| f.exists) {
            for c in &face.compiled {
                let reach = i32::from(c.start_reach());
                near += usize::from(reach <= 3);
                unbounded += usize::from(reach == 255);
                for dx in -24..=24 {
                    for dy in -24..=24 {
                        if c.may_start_towards(dx, dy) {
                            offsets += 1;
                            assert!(
                                dx.abs().max(dy.abs()) <= reach,
                                "{variant}: {} may start ({dx}, {dy}) away, beyond {reach}",
                                face.movement
                            );
                        }
                    }
                }
            }
        }
    }
    let pawn = rules_for("tai", "profile=wikipedia");
    let pawn = pawn
        .faces
        .iter()
        .find(|f| f.exists && f.movement.to_string() == "step(f)")
        .map(|f| f.compiled[0].start_reach());
    assert_eq!(pawn, Some(1), "a pawn starts one square away");
    assert!(
        near > 50 && unbounded > 4 && offsets > 10_000,
        "{near} {unbounded} {offsets}"
    );
}

/// The filter `format_hodges` applies before generating another piece's moves is
/// conservative: over random games and random placements of tai (under the options that
/// change movements) and chu, every legal move's first square is within the reach its
/// piece's movement allows. The Hodges texts stay those of the batch formatter, which
/// compares whole move lists. And the filter rejects: for a pawn's step from the tai start
/// position, none of the other 24 pawns is left to generate moves for.
#[test]
fn every_legal_move_starts_within_its_reach() {
    use shogi_arbiter::engine::notation::{format_hodges, format_hodges_all};
    let mut rng = Rng(0xf125_75ee);
    let mut kinds = FirstSquareKinds::default();
    let (mut checked, mut faces_seen) = (0, 0);
    let setups: [(&str, &str); 7] = [
        ("tai", "profile=wikipedia"),
        ("tai", "profile=japanese"),
        ("tai", "profile=tsa"),
        (
            "tai",
            "emperor_capture=unrestricted furious_fiend=lion_and_lion_dog great_elephant=lion_dog_power lion_dog_jump_back=true",
        ),
        ("tai", "emperor_capture=royals_only prince_promotes=true teaching_king=queen"),
        ("chu", "profile=lishogi"),
        ("chu", "profile=hachu counter_strike=okazaki"),
    ];
    for (i, &(variant, options)) in setups.iter().enumerate() {
        let rules = rules_for(variant, options);
        let densities: &[usize] = if variant == "tai" {
            &[40, 150, 300]
        } else {
            &[12, 40, 90]
        };
        let mut starts = vec![Position::start(&rules)];
        let per_position = if variant == "tai" { 40 } else { 10 };
        starts.extend(every_face_placements(&rules, &mut rng, per_position));
        starts.extend(
            densities
                .iter()
                .map(|&n| random_placement(&rules, &mut rng, n)),
        );
        let mut faces = HashSet::new();
        for (k, mut pos) in starts.into_iter().enumerate() {
            for ply in 0..30 {
                checked += check_first_square_reach(&pos, &rules, &mut faces, &mut kinds);
                let moves = legal_moves(&pos, &rules);
                if moves.is_empty() {
                    break;
                }
                if ply % 10 == (i + k) % 10 {
                    let batch = format_hodges_all(&pos, &rules, &moves);
                    for (m, text) in moves.iter().zip(&batch) {
                        assert_eq!(text, &format_hodges(&pos, &rules, m));
                    }
                }
                let m = pick_move(&pos, &moves, &mut rng);
                pos.play_unchecked(&m, &rules);
            }
        }
        for color in Color::ALL {
            for f in (0..rules.faces.len() as u16).map(FaceId) {
                assert!(
                    !rules.face(f).exists || faces.contains(&(color, f)),
                    "{variant} `{options}`: no move of {color:?} face {} ({})",
                    f.0,
                    rules.face(f).movement
                );
            }
        }
        faces_seen += faces.len();
    }
    assert!(checked > 1_000_000, "only {checked} moves checked");
    assert!(faces_seen > 1_500, "only {faces_seen} faces seen");
    assert!(kinds.hook_turns >= 50_000, "{kinds:?}");
    assert!(kinds.emperor_far >= 300_000, "{kinds:?}");
    assert!(kinds.lion_two_squares >= 4_000, "{kinds:?}");
    assert!(kinds.lion_dog_three_squares >= 100, "{kinds:?}");
    assert!(kinds.line_lion_two_squares >= 200, "{kinds:?}");
    assert!(kinds.passes >= 500, "{kinds:?}");

    let rules = Rules::default_for(shogi_arbiter::engine::variant::tai());
    let start = Position::start(&rules);
    let geo = &rules.variant.geometry;
    let shape = rules.variant.shape();
    let from = shape.parse_square("13s").expect("square");
    let first = shape.parse_square("13r").expect("square");
    let pawn = start.piece_at(from).expect("a pawn on 13s");
    let compiled = &rules.face(pawn.face).compiled[pawn.color.index()];
    let (x, y) = geo.xy(first);
    let others: Vec<Square> = start
        .occupied(pawn.color)
        .iter()
        .filter(|&s| s != from && start.piece_at(s) == Some(pawn))
        .collect();
    let candidates = others
        .iter()
        .filter(|&&s| {
            let (sx, sy) = geo.xy(s);
            compiled.may_start_towards(x - sx, y - sy)
        })
        .count();
    assert_eq!((others.len(), candidates), (24, 0));
}

/// A game keeps a copy of its position only every `CHECKPOINT_PLIES` plies: every earlier
/// position rebuilt from those copies equals the position the move was played from, along
/// random games of up to 300 plies of each variant (across at least one copy).
#[test]
fn earlier_positions_are_rebuilt_from_the_checkpoints() {
    for (rules, seed) in [
        (tai_rules(""), 0x6157_0e11u64),
        (rules_for("chu", ""), 0xc4_0e11),
    ] {
        let shape = rules.variant.shape();
        let mut rng = Rng(seed);
        let mut pos = Position::start(&rules);
        let mut texts = Vec::new();
        for _ in 0..300 {
            let moves = legal_moves(&pos, &rules);
            if moves.is_empty() {
                break;
            }
            let mv = pick_move(&pos, &moves, &mut rng);
            texts.push(format_move(shape, &mv));
            pos.play(&mv, &rules);
        }
        let mut befores = Vec::new();
        let (game, illegal) = replay_with(&rules, None, &texts, |_, played| {
            befores.push(format_position_of(rules.variant, &played.before));
        })
        .expect("the start position");
        assert!(illegal.is_none(), "{illegal:?}");
        assert!(befores.len() > CHECKPOINT_PLIES, "{}", befores.len());
        for (ply, before) in befores.iter().enumerate() {
            let rebuilt = game.position_at(&rules, ply);
            assert_eq!(
                &format_position_of(rules.variant, &rebuilt),
                before,
                "ply {ply}"
            );
        }
        assert_eq!(game.position_at(&rules, befores.len()), *game.position);
        assert_eq!(game.start(), &Position::start(&rules));
    }
}
