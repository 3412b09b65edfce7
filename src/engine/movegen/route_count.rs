//! Counting pieces' moves one by one under route rules (ko.md), for perft's reuse of
//! counts between sibling positions: a position's count is the sum of its pieces' counts
//! plus one when any piece makes the position's one pass, and what one piece's generation
//! reads is the route facts of the board ([`RouteBoard`]: nets, flames, fogs, priests,
//! drums, standing), the extra field, and the squares [`route_reads`] lists.
//!
//! What [`route_reads`] rests on, kind by kind: a range reads its squares up to the first
//! occupied one; a jump reads its landing points; a double move reads its leg-1 points
//! and every point one atom from them; a path of n steps reads within n king steps; a
//! multi-capture line reads its line up to its length. A shooter reads, from every point
//! its moves may end on (its own point too, for shots in place), along the eight lines
//! up to its range: when its line is blocked, up to as many occupied points as it has
//! shots, one more for a fog's or light's second shot (the points its move may empty do
//! not count), all of them when it shoots over.
//! A passive burn reads the flames next to the final point, which are route facts. The
//! clerk under a precondition (ko.md §4.6c) reads every guard of its side: anywhere.

use super::gen::{Gen, Tally};
use super::piece_count::PieceCount;
use super::route_state::{EffectKey, RouteState, ShotSet};
use crate::engine::core::moves::Move;
use crate::engine::core::square::Square;
use crate::engine::movement::Kind;
use crate::engine::position::route_board::RouteBoard;
use crate::engine::position::Position;
use crate::engine::variant::{ClerkPrecondition, Rules};

/// One piece's counting sink under route rules: a generation instance of its own.
type RouteTally = Tally<2>;

/// The buffers of a route state, kept between counts.
#[derive(Default)]
pub struct RouteCounter {
    buf: Vec<(EffectKey, Move)>,
    shot_sets: Vec<ShotSet>,
}

impl RouteCounter {
    /// Counts, in `pos` (not terminal; `rules` have route parameters; `board` is
    /// `RouteBoard::read` of `pos`), the moves of the side to move's piece on each of
    /// `froms`, handing each to `each`. A frozen piece has none; no piece has any once a
    /// side meets a loss condition.
    pub fn count(
        &mut self,
        pos: &Position,
        rules: &Rules,
        board: &RouteBoard,
        froms: impl IntoIterator<Item = Square>,
        mut each: impl FnMut(Square, PieceCount),
    ) {
        let Some(routing) = rules.routes.as_ref() else {
            return;
        };
        let standing = board.standing[0] && board.standing[1];
        let mut state = RouteState::with(
            routing,
            board.clone(),
            std::mem::take(&mut self.buf),
            std::mem::take(&mut self.shot_sets),
        );
        let mut tally = RouteTally::default();
        let mut gen = Gen::<RouteTally, true>::new(
            pos,
            rules,
            &mut tally,
            super::bans(rules),
            Some(&mut state),
        );
        for from in froms {
            if !standing {
                each(from, PieceCount::default());
                continue;
            }
            let before = gen.sink.0;
            gen.pass = None;
            gen.piece(from);
            each(
                from,
                PieceCount {
                    moves: gen.sink.0 - before,
                    passes: gen.pass.is_some(),
                },
            );
        }
        // The buffers go back through the context, which holds the state to its end.
        let rt = gen.rt_mut();
        self.buf = std::mem::take(&mut rt.buf);
        self.shot_sets = std::mem::take(&mut rt.shot_sets);
    }
}

/// Calls `read` with every square the generation of the piece on `from` (of the side to
/// move in `pos`, under route rules) may read besides the route facts, and returns true;
/// or returns false when that piece may read anywhere.
pub fn route_reads(
    pos: &Position,
    rules: &Rules,
    from: Square,
    mut read: impl FnMut(Square),
) -> bool {
    let Some(routing) = rules.routes.as_ref() else {
        return false;
    };
    let geo = &rules.variant.geometry;
    let face = pos.cell(from).face_unchecked();
    let kf = routing.face(face);
    let c = &rules.face(face).compiled[pos.side().index()];
    let route_kinds = c.kinds.iter().all(|k| {
        matches!(
            k,
            Kind::Slide | Kind::Jump | Kind::Double | Kind::Path | Kind::Line | Kind::Shoot
        )
    });
    if !route_kinds || (kf.clerk && routing.clerk_precondition != ClerkPrecondition::Off) {
        return false;
    }
    // The points its moves may end on or pass (its own point first).
    let mut ends = vec![from];
    let rays = geo.rays_from(from);
    for d in 0..8 {
        let max = usize::from(c.slide_max[d]);
        for &s in rays.towards(d).iter().take(max) {
            ends.push(s);
            if !pos.cell(s).is_empty() {
                break;
            }
        }
        ends.extend(rays.towards(d).iter().take(usize::from(c.line[d])));
    }
    let offsets = |sq: Square, atoms: &[(i8, i8)], out: &mut Vec<Square>| {
        out.extend(
            atoms
                .iter()
                .filter_map(|&(x, y)| geo.offset(sq, i32::from(x), i32::from(y))),
        );
    };
    offsets(from, &c.all_jumps, &mut ends);
    offsets(from, &c.jumps, &mut ends);
    if let Some(double) = &c.double {
        let mut firsts = Vec::new();
        offsets(from, &double.atoms, &mut firsts);
        for &p1 in &firsts {
            offsets(p1, &double.atoms, &mut ends);
        }
        ends.extend(firsts);
    }
    if let Some((steps, _)) = c.path {
        let n = i32::from(steps);
        for dx in -n..=n {
            ends.extend((-n..=n).filter_map(|dy| geo.offset(from, dx, dy)));
        }
    }
    for &s in &ends {
        read(s);
    }
    let Some(shooter) = kf.shooter else {
        return true;
    };
    // What a shot's line may see through: the shooter's start and the points its move
    // may capture on.
    let passable = |s: Square| s == from || ends.contains(&s);
    for &at in &ends {
        let rays = geo.rays_from(at);
        for d in 0..8 {
            // A fog's or light's second shot sees through the point its first emptied.
            let seen = shooter.shots.max(1) + u8::from(shooter.each_leg);
            let mut blockers = 0;
            for &s in rays.towards(d).iter().take(usize::from(shooter.range)) {
                read(s);
                if !shooter.over && !pos.cell(s).is_empty() && !passable(s) {
                    blockers += 1;
                    if blockers >= seen {
                        break;
                    }
                }
            }
        }
    }
    true
}
