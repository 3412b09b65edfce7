//! Chu shogi's material endings (option `bare_king`): a bared royal loses, two lone royals
//! draw.

use crate::engine::attack::attacked;
use crate::engine::core::color::Color;
use crate::engine::core::ending::{EndReason, Ending, GameResult};
use crate::engine::position::Position;
use crate::engine::variant::Rules;

/// Chu shogi's material endings under `bare_king = true` (chu_lishogi.md §6), judged for
/// both sides after every move. A side X is bared when all it has left, not counting its
/// dead pawns and lances (unpromoted, on its last rank), is one royal, and the opponent Y
/// has more than one piece not counting its unpromoted pawns and go-betweens and its dead
/// pieces, has a royal, and no royal of Y is attacked; when Y has exactly two such pieces,
/// X's royal must also not stand next to either (X could bare Y back: nothing is decided
/// yet). Y wins. Two lone royals, neither attacked, draw.
pub fn material_ending(pos: &Position, rules: &Rules) -> Option<Ending> {
    if !rules.bare_king {
        return None;
    }
    let geo = &rules.variant.geometry;
    // Per side: its live pieces (dead ones left out), and those that count for baring.
    let pieces = |color: Color| {
        let (mut live, mut counted) = (Vec::new(), Vec::new());
        for sq in pos.occupied(color).iter() {
            let face = rules.face(pos.cell(sq).face_unchecked());
            if rules.trapped(face, color, sq) {
                continue;
            }
            live.push(sq);
            if !face.pawnlike {
                counted.push(sq);
            }
        }
        (live, counted)
    };
    let sides = Color::ALL.map(pieces);
    let lone = |c: Color| sides[c.index()].0.len() == 1 && pos.royal_count(c) == 1;
    let royal_attacked = |victim: Color| {
        pos.royal_squares(victim)
            .iter()
            .any(|r| attacked(pos, rules, r, victim.opponent(), &[]))
    };
    if lone(Color::Black) && lone(Color::White) {
        return (!royal_attacked(Color::Black) && !royal_attacked(Color::White)).then_some(
            Ending {
                result: GameResult::Draw,
                reason: EndReason::LoneKings,
            },
        );
    }
    Color::ALL.into_iter().find_map(|x| {
        let y = x.opponent();
        let counted = &sides[y.index()].1;
        let bare_royal = sides[x.index()].0.first().copied();
        let bared = lone(x)
            && counted.len() > 1
            && pos.royal_count(y) >= 1
            && !royal_attacked(y)
            && (counted.len() != 2
                || bare_royal.is_some_and(|r| counted.iter().all(|&s| geo.distance(r, s) > 1)));
        bared.then_some(Ending {
            result: GameResult::Win(y),
            reason: EndReason::BareKing,
        })
    })
}
