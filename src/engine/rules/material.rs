//! Chu shogi's material endings (option `bare_king`): a bared royal loses, two lone royals
//! draw.

use crate::engine::attack::attacked;
use crate::engine::core::color::Color;
use crate::engine::core::ending::{EndReason, Ending, GameResult};
use crate::engine::core::square::Square;
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
    // Only a side with one live piece is bared or lone: most positions stop here, after
    // looking at two pieces a side.
    let sides = Color::ALL.map(|c| live_pieces(pos, rules, c, false));
    let lone = |c: Color| sides[c.index()].count == 1 && pos.royal_count(c) == 1;
    if !lone(Color::Black) && !lone(Color::White) {
        return None;
    }
    let royal_attacked = |victim: Color| royal_attacked(pos, rules, victim);
    if lone(Color::Black) && lone(Color::White) {
        return lone_kings(pos, rules);
    }
    Color::ALL.into_iter().find_map(|x| {
        let y = x.opponent();
        if !lone(x) {
            return None;
        }
        let counted = live_pieces(pos, rules, y, true);
        let bare_royal = sides[x.index()].first[0];
        let bared = counted.count > 1
            && pos.royal_count(y) >= 1
            && !royal_attacked(y)
            && (counted.count != 2
                || bare_royal.is_some_and(|r| {
                    counted
                        .first
                        .iter()
                        .flatten()
                        .all(|&s| geo.distance(r, s) > 1)
                }));
        bared.then_some(Ending {
            result: GameResult::Win(y),
            reason: EndReason::BareKing,
        })
    })
}

/// Two lone royals: a draw, unless one is attacked.
fn lone_kings(pos: &Position, rules: &Rules) -> Option<Ending> {
    (!royal_attacked(pos, rules, Color::Black) && !royal_attacked(pos, rules, Color::White))
        .then_some(Ending {
            result: GameResult::Draw,
            reason: EndReason::LoneKings,
        })
}

/// Whether a royal of `victim` is attacked.
fn royal_attacked(pos: &Position, rules: &Rules, victim: Color) -> bool {
    pos.royal_squares(victim)
        .iter()
        .any(|r| attacked(pos, rules, r, victim.opponent(), &[]))
}

/// Up to three of a side's live pieces (its dead ones left out), counted in board order.
struct Live {
    /// How many, counting no further than three.
    count: usize,
    /// The first two.
    first: [Option<Square>; 2],
}

/// The live pieces of `color`, only those that count for baring (not pawn-like) when
/// `counted_only`; the count stops at three.
fn live_pieces(pos: &Position, rules: &Rules, color: Color, counted_only: bool) -> Live {
    let mut live = Live {
        count: 0,
        first: [None; 2],
    };
    for sq in pos.occupied(color).iter() {
        let face = rules.face(pos.cell(sq).face_unchecked());
        if rules.trapped(face, color, sq) || (counted_only && face.pawnlike) {
            continue;
        }
        if let Some(slot) = live.first.get_mut(live.count) {
            *slot = Some(sq);
        }
        live.count += 1;
        if live.count == 3 {
            break;
        }
    }
    live
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::movegen::legal_moves;
    use crate::engine::test_rng::Rng;
    use crate::engine::variant::{self, RulesRequest};

    /// The material endings by their definition, every side's pieces listed (the reference
    /// the version that stops early is tested against).
    fn by_definition(pos: &Position, rules: &Rules) -> Option<Ending> {
        if !rules.bare_king {
            return None;
        }
        let geo = &rules.variant.geometry;
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
        let royal_attacked = |victim: Color| royal_attacked(pos, rules, victim);
        if lone(Color::Black) && lone(Color::White) {
            return lone_kings(pos, rules);
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

    /// On the positions of random chu games that capture whenever they can, royals aside
    /// (down to a few pieces a side, where baring is decided), the material endings are
    /// those of the definition; some of those positions are endings.
    #[test]
    fn material_endings_are_those_of_the_definition() {
        let request = RulesRequest {
            profile: Some("lishogi".into()),
            overrides: Vec::new(),
        };
        let rules = Rules::resolve(variant::chu(), &request).expect("lishogi's rules");
        assert!(rules.bare_king);
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let mut endings = 0;
        for _ in 0..12 {
            let mut pos = Position::start(&rules);
            for _ in 0..600 {
                let expected = by_definition(&pos, &rules);
                assert_eq!(material_ending(&pos, &rules), expected);
                endings += usize::from(expected.is_some());
                if expected.is_some() {
                    break;
                }
                // No royal is taken: the game goes on until the material decides it.
                let them = pos.side().opponent();
                let royals = pos.royal_squares(them);
                let mut moves = legal_moves(&pos, &rules);
                moves.retain(|m| !m.squares().iter().any(|&s| royals.contains(s)));
                let captures: Vec<_> = moves
                    .iter()
                    .filter(|m| m.squares().iter().any(|&s| pos.cell(s).is_color(them)))
                    .collect();
                let mv = match (captures.is_empty(), moves.is_empty()) {
                    (false, _) => *captures[rng.below(captures.len())],
                    (true, false) => moves[rng.below(moves.len())],
                    (true, true) => break,
                };
                pos.play(&mv, &rules);
                if pos.is_terminal() {
                    break;
                }
            }
        }
        assert!(
            endings > 0,
            "no position of the games was a material ending"
        );
    }
}
