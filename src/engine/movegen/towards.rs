//! Judging one written move without listing the piece's other moves (issue 34, point 1):
//! the moves of the piece on `from` whose only listed square is `to` (what a two-square
//! move text names), found from the target alone for the kinds whose single-square moves
//! allow it (ranges, leaps, hook moves' turns, the squares a lion, a linear lion or a lion
//! dog reaches directly) and emitted by the generator's own emission, so that the
//! promotion marks, the capture bans and the burning rules are the generator's. They are
//! exactly the moves [`super::generate_from`] lists with `squares() == [to]`, in the same
//! order (a test compares both on random positions of every variant and profile). A piece
//! with another kind, and the rules with route parameters (ko shogi), get no answer: the
//! caller lists the piece's moves. The entry point, [`super::generate_towards`], is in
//! `mod.rs` with the others.

use super::gen::{Gen, MoveSink};
use super::hook::{l_legs, perpendicular};
use crate::engine::core::dir::ABS_DIRS;
use crate::engine::core::piece::FaceId;
use crate::engine::core::square::Square;
use crate::engine::movement::{Compiled, Kind};

/// Whether the moves of a piece with movement `c` to one square are found from the
/// square alone: it has no kind but ranges, leaps, hook moves and the lion's, the linear
/// lion's and the lion dog's.
pub(super) fn found_alone(c: &Compiled) -> bool {
    c.kinds.iter().all(|k| {
        matches!(
            k,
            Kind::Slide | Kind::Jump | Kind::Hook | Kind::Lion | Kind::LineLion | Kind::LionDog
        )
    })
}

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
    /// The kinds' moves from `from` to `to` alone, in the closed list's order (as
    /// `piece` runs them); the piece's kinds are [`found_alone`].
    pub(super) fn towards(&mut self, from: Square, to: Square, face: FaceId, c: &Compiled) {
        let (fx, fy) = self.geo.xy(from);
        let (tx, ty) = self.geo.xy(to);
        let v = (tx - fx, ty - fy);
        if v == (0, 0) || self.friend(to) {
            return;
        }
        // Along a line: its absolute direction and the distance.
        let line = line_of_offset(v);
        let on_line =
            |mask: u8, reach: usize| line.is_some_and(|(d, k)| mask & (1 << d) != 0 && k <= reach);
        for kind in c.kinds.iter() {
            match kind {
                Kind::Slide => {
                    if let Some((d, k)) = line {
                        self.slide_to(from, to, d, k, face, c);
                    }
                }
                Kind::Jump => {
                    let leap = (i8::try_from(v.0), i8::try_from(v.1));
                    if let (Ok(x), Ok(y)) = leap {
                        if c.jumps.contains(&(x, y)) {
                            self.emit_simple(from, to, face);
                        }
                    }
                }
                Kind::Hook => self.hook_to(from, to, v, face, c.hook),
                Kind::Lion if v.0.abs() <= 2 && v.1.abs() <= 2 => {
                    self.emit_simple(from, to, face);
                }
                // The first and second squares along its lines.
                Kind::LineLion if on_line(c.linelion, 2) => self.emit_simple(from, to, face),
                // The third square along every line; the first and second unless a lion
                // move beside it produces them.
                Kind::LionDog
                    if on_line(0xff, 3) && (line.is_some_and(|(_, k)| k == 3) || !c.lion) =>
                {
                    self.emit_simple(from, to, face);
                }
                _ => {}
            }
        }
    }

    /// A range's move to `to`, `k` squares along absolute direction `d`: within the
    /// range, every square before it empty, unless another component produces it.
    fn slide_to(
        &mut self,
        from: Square,
        to: Square,
        d: usize,
        k: usize,
        face: FaceId,
        c: &Compiled,
    ) {
        if c.slide_dirs & (1 << d) == 0 || k > usize::from(c.slide_max[d]) {
            return;
        }
        let ray = self.geo.ray(from, d);
        if ray.get(k - 1) != Some(&to) || ray[..k - 1].iter().any(|&s| !self.cell(s).is_empty()) {
            return;
        }
        if c.slide_skip[d] & (2 << (k - 1)) == 0 {
            self.emit_simple(from, to, face);
        }
    }

    /// A hook move's turn to `to`, `v` away, its first legs along `mask`: per first leg,
    /// the corner that makes the L (both legs' lengths positive), as `hooks` walks them;
    /// a destination reached through either corner is emitted once, by the lower first
    /// direction.
    fn hook_to(&mut self, from: Square, to: Square, v: (i32, i32), face: FaceId, mask: u8) {
        for a in 0..8 {
            if mask & (1 << a) == 0 {
                continue;
            }
            for p in perpendicular(a) {
                let Some((k1, k2)) = l_legs(a, p, v) else {
                    continue;
                };
                let leg1 = self.geo.ray(from, a);
                if leg1.len() < k1 || leg1[..k1].iter().any(|&s| !self.cell(s).is_empty()) {
                    continue;
                }
                let leg2 = self.geo.ray(leg1[k1 - 1], p);
                if leg2.get(k2 - 1) != Some(&to)
                    || leg2[..k2 - 1].iter().any(|&s| !self.cell(s).is_empty())
                {
                    continue;
                }
                let twin = mask & (1 << p) != 0 && p < a && self.clear_l(from, p, k2, a, k1);
                if !twin {
                    self.emit_simple(from, to, face);
                }
            }
        }
    }
}

/// The absolute direction and distance of offset `v` when it lies along one of the eight
/// lines.
fn line_of_offset((dx, dy): (i32, i32)) -> Option<(usize, usize)> {
    if !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
        return None;
    }
    let d = ABS_DIRS
        .iter()
        .position(|&u| u == (dx.signum(), dy.signum()))?;
    Some((d, dx.abs().max(dy.abs()) as usize))
}

#[cfg(test)]
mod tests {
    use crate::engine::core::moves::Move;
    use crate::engine::core::square::Square;
    use crate::engine::movegen::{generate_from, generate_towards, legal_moves};
    use crate::engine::notation::format_move;
    use crate::engine::position::Position;
    use crate::engine::rules::legality::check_move_with;
    use crate::engine::test_rng::Rng;
    use crate::engine::variant::Rules;
    use crate::engine::variant::{self, RulesRequest};

    /// Every variant under every one of its rules profiles.
    fn every_rules() -> Vec<Rules> {
        let mut all = Vec::new();
        for v in variant::VARIANT_IDS
            .iter()
            .filter_map(|id| variant::by_id(id))
        {
            for profile in &v.profiles {
                let request = RulesRequest {
                    profile: Some(profile.clone()),
                    overrides: Vec::new(),
                };
                all.push(Rules::resolve(v, &request).expect("a listed profile"));
            }
        }
        all
    }

    /// Positions of a random game from the start (captures preferred, so that the board
    /// thins out and ranges open), every fifth ply.
    fn random_positions(rules: &Rules, rng: &mut Rng, plies: usize) -> Vec<Position> {
        let mut pos = Position::start(rules);
        let mut out = Vec::new();
        for ply in 0..plies {
            let moves = legal_moves(&pos, rules);
            if moves.is_empty() {
                break;
            }
            let them = pos.side().opponent();
            let captures: Vec<&Move> = moves
                .iter()
                .filter(|m| m.squares().iter().any(|&s| pos.cell(s).is_color(them)))
                .collect();
            let mv = match captures.len() {
                n if n > 0 && rng.below(3) > 0 => *captures[rng.below(n)],
                _ => moves[rng.below(moves.len())],
            };
            pos.play(&mv, rules);
            if ply % 5 == 4 {
                out.push(pos.clone());
            }
        }
        out
    }

    /// Squares to aim at from `from`: its neighbours within three, the final squares of
    /// the piece's moves, and a few anywhere.
    fn targets(rules: &Rules, from: Square, listed: &[Move], rng: &mut Rng) -> Vec<Square> {
        let geo = &rules.variant.geometry;
        let mut out: Vec<Square> = listed.iter().map(Move::to).collect();
        for dy in -3..=3 {
            for dx in -3..=3 {
                out.extend(geo.offset(from, dx, dy));
            }
        }
        let squares = rules.variant.shape().files as usize * rules.variant.shape().ranks as usize;
        out.extend((0..6).map(|_| Square(rng.below(squares) as u16)));
        out
    }

    /// The direct answer is the generator's list cut down to the moves that list only the
    /// target, in the same order, on random positions of every variant and profile; and
    /// it answers for most pieces of the variants without route rules.
    #[test]
    fn moves_towards_a_square_are_the_listed_ones() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        for rules in every_rules() {
            let (mut answered, mut asked) = (0usize, 0usize);
            for pos in random_positions(&rules, &mut rng, 60) {
                for from in pos.occupied(pos.side()).iter() {
                    let mut listed = Vec::new();
                    generate_from(&pos, &rules, from, &mut listed);
                    for to in targets(&rules, from, &listed, &mut rng) {
                        asked += 1;
                        let mut direct = Vec::new();
                        if !generate_towards(&pos, &rules, from, to, &mut direct) {
                            assert!(direct.is_empty());
                            continue;
                        }
                        answered += 1;
                        let expected: Vec<Move> = listed
                            .iter()
                            .filter(|m| m.from == from && m.squares() == [to])
                            .copied()
                            .collect();
                        assert_eq!(
                            direct, expected,
                            "{} {:?} {from:?} {to:?}",
                            rules.variant.id, rules.profile
                        );
                    }
                }
            }
            if rules.routes.is_none() {
                assert!(
                    answered * 2 > asked,
                    "{}: {answered} of {asked}",
                    rules.variant.id
                );
            } else {
                assert_eq!(answered, 0);
            }
        }
    }

    /// Judging a written move with the direct answer gives what judging it against all
    /// of the piece's moves gives (the move, or the same refusal): every legal move with
    /// each mark, moves between random squares, and malformed texts.
    #[test]
    fn judging_with_the_direct_answer_agrees_with_the_full_list() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let malformed = [
            "",
            "13",
            "x",
            "13s13r++",
            "0a1b",
            " 13s13r ",
            "13s*13r",
            "1a1a1a1a1a1a",
        ];
        for rules in every_rules() {
            let shape = rules.variant.shape();
            let squares = shape.files as usize * shape.ranks as usize;
            for pos in random_positions(&rules, &mut rng, 40) {
                let mut texts: Vec<String> = malformed.iter().map(|t| t.to_string()).collect();
                for mv in legal_moves(&pos, &rules) {
                    let text = format_move(shape, &mv);
                    let bare = text.trim_end_matches(['+', '=']).to_string();
                    texts.extend(["", "+", "=", "?"].map(|m| format!("{bare}{m}")));
                }
                let ours: Vec<Square> = pos.occupied(pos.side()).iter().collect();
                for _ in 0..200 {
                    let from = match rng.below(3) {
                        0 => Square(rng.below(squares) as u16),
                        _ => ours[rng.below(ours.len())],
                    };
                    let to = Square(rng.below(squares) as u16);
                    let mark = ["", "+", "=", "?"][rng.below(4)];
                    texts.push(format!("{}{}{mark}", shape.name(from), shape.name(to)));
                }
                for text in &texts {
                    assert_eq!(
                        check_move_with(&pos, &rules, text, true),
                        check_move_with(&pos, &rules, text, false),
                        "{} {:?} {text}",
                        rules.variant.id,
                        rules.profile
                    );
                }
            }
        }
    }
}
