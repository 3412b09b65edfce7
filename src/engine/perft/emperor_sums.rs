//! The emperor's (自在天王, jizai tennō, "free king") count between sibling positions: its
//! generation reads the whole board (a jump to every empty square, a capture of every
//! enemy piece no enemy could take back), so [`super::siblings`] would recount it in every
//! child. Under `emperor_capture = unprotected` its count is the board's empty squares
//! plus, per enemy piece, whether it may be captured; a child keeps the first child's
//! answer for every enemy piece whose protection cannot have changed.
//!
//! What an answer reads (tai.md's protection test, `attack::attacked`): the piece's
//! neighbours' guard counts (pieces within one square), the squares along its eight lines
//! (ranges, lion-like power, range jumps and every kind reading along lines past pieces),
//! the squares within the farthest off-line reach of any piece (leaps, lion moves, area
//! moves, double steps), the hook movers' two legs, and where the emperors stand. So a
//! child asks again only for the enemy pieces on a line through a changed square or within
//! that reach of one. An emperor that moved matters only where it stood and stands (the
//! test opens the enemy emperor's square): the pieces seeing those squares are asked
//! again. The emperor is counted whole when a hook mover stands on a changed square or is
//! the first piece along a line from one (its first leg may cross it), or when a side has
//! more or fewer emperors than in the first child (whether the enemy has one decides a
//! recapture by it).

use crate::engine::core::color::Color;
use crate::engine::core::square::Square;
use crate::engine::movegen::emperor::emperor_may_capture;
use crate::engine::movegen::piece_count::count_piece;
use crate::engine::movement::Kind;
use crate::engine::position::Position;
use crate::engine::variant::{EmperorCapture, Rules};

/// The first child's emperor (of the side to move there) and what its count is made of.
pub(super) struct EmperorSums {
    /// Its square.
    pub(super) square: Square,
    /// Per enemy piece that no neighbour guards in the first child: its square, its
    /// coordinates, and whether the emperor may capture it.
    open: Vec<(Square, i32, i32, bool)>,
    /// The farthest off-line reach of any piece (king steps).
    radius: i32,
}

/// The most changed squares a child is counted with here (two moves' starts and listed
/// squares); beyond, the emperor is counted whole.
const MOST_CHANGED: usize = 16;

/// Whether two squares' coordinates lie on one line (rank, file or diagonal) or within
/// `radius` king steps.
#[inline]
fn sees(a: (i32, i32), b: (i32, i32), radius: i32) -> bool {
    let (dx, dy) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
    dx == 0 || dy == 0 || dx == dy || (dx <= radius && dy <= radius)
}

impl EmperorSums {
    /// The sums of the emperor on `square` of `side` (to move in `first`), when its count
    /// is made as this module says: `unprotected` captures, no lion-trading rule or
    /// promotion zone (each allowed capture is then one move), an emperor that moves only
    /// as one, never promotes nor passes, and is its side's only emperor.
    pub(super) fn of(
        first: &Position,
        rules: &Rules,
        side: Color,
        square: Square,
        radius: i32,
    ) -> Option<EmperorSums> {
        let face = rules.face(first.cell(square).face_unchecked());
        let c = &face.compiled[side.index()];
        let plain = rules.emperor_capture == EmperorCapture::Unprotected
            && rules.lion_trading.is_none()
            && rules.zone.is_none()
            && face.promotes_to.is_none()
            && c.pass_lines == 0
            && c.kinds.iter().all(|k| k == Kind::Emperor)
            && first.emperors(side).count() == 1;
        if !plain {
            return None;
        }
        let geo = &rules.variant.geometry;
        let enemy = side.opponent();
        let open = first
            .occupied(enemy)
            .iter()
            .filter(|&t| !first.neighbour_guarded(t, enemy, rules))
            .map(|t| {
                let (x, y) = geo.xy(t);
                (t, x, y, emperor_may_capture(first, rules, square, t))
            })
            .collect();
        Some(EmperorSums {
            square,
            open,
            radius,
        })
    }

    /// The emperor's moves in `child`, which differs from the first child `first` on the
    /// squares `changed` only (the emperor's own square is not one of them); `hooked`
    /// when a hook mover is the first piece along a line from a changed square.
    pub(super) fn child_count(
        &self,
        first: &Position,
        child: &Position,
        rules: &Rules,
        changed: &[Square],
        hooked: bool,
    ) -> u64 {
        let sides = [Color::Black, Color::White];
        let whole = hooked
            || sides
                .iter()
                .any(|&c| first.emperors(c).count() != child.emperors(c).count())
            || changed.iter().any(|&d| {
                sides
                    .iter()
                    .any(|&c| first.hook_movers(c).contains(d) || child.hook_movers(c).contains(d))
            });
        if whole || changed.len() > MOST_CHANGED {
            return count_piece(child, rules, self.square).moves;
        }
        let geo = &rules.variant.geometry;
        let side = child.side();
        let enemy = side.opponent();
        let pieces = child.occupied(Color::Black).count() + child.occupied(Color::White).count();
        let mut moves = (geo.shape.len() - pieces as usize) as u64;
        let mut xy = [(0, 0); MOST_CHANGED];
        for (p, &d) in xy.iter_mut().zip(changed) {
            *p = geo.xy(d);
        }
        let at = &xy[..changed.len()];
        let ask = |t: Square| {
            !child.neighbour_guarded(t, enemy, rules)
                && emperor_may_capture(child, rules, self.square, t)
        };
        // The enemy pieces next to or on a changed square: their guard counts may differ.
        let mut near = [Square(0); 9 * MOST_CHANGED];
        let mut nears = 0;
        for &(x, y) in at {
            for t in (y - 1..=y + 1)
                .flat_map(|yy| (x - 1..=x + 1).map(move |xx| (xx, yy)))
                .filter_map(|(xx, yy)| geo.shape.square(xx, yy))
            {
                if child.cell(t).is_color(enemy) && !near[..nears].contains(&t) {
                    near[nears] = t;
                    nears += 1;
                    moves += u64::from(ask(t));
                }
            }
        }
        // The others that no neighbour guarded: the first child's answer unless their
        // protection may read a changed square.
        for &(t, x, y, may) in &self.open {
            let next_to = at
                .iter()
                .any(|&(cx, cy)| (cx - x).abs() <= 1 && (cy - y).abs() <= 1);
            if next_to {
                continue;
            }
            let again = at.iter().any(|&p| sees(p, (x, y), self.radius));
            moves += u64::from(if again { ask(t) } else { may });
        }
        moves
    }
}

/// The farthest off-line reach of any piece of `rules` (king steps): its leaps, lion-like
/// power (3 covers a lion dog's), area moves and double steps.
pub(super) fn off_line_reach(rules: &Rules) -> i32 {
    let mut r = 3;
    for face in &rules.faces {
        for c in &face.compiled {
            let leap = c
                .all_jumps
                .iter()
                .map(|&(x, y)| i32::from(x.unsigned_abs().max(y.unsigned_abs())))
                .max()
                .unwrap_or(0);
            r = r.max(leap).max(i32::from(c.area));
        }
    }
    r.max(i32::from(rules.max_area))
}
