//! Playing a ko shogi move (ko.md §3), its effects in the page's order: 1 the movement with
//! its captures by displacement (and a fog's shot between its legs), 2 the passive burn, 3
//! the active burn, 4 the shots from the final point, 5 the promotion and the clerk's side
//! effects, 6 the reversions (fog near light, then the priest link), 7 the loss condition.

use super::{Extra, Position};
use crate::engine::core::color::Color;
use crate::engine::core::moves::{Effects, Move, Promo, Promotion, ShotsFrom};
use crate::engine::core::piece::Piece;
use crate::engine::core::square::Square;
use crate::engine::variant::{FogLightGeometry, KoRules, PassiveBurn, PriestLoss, Rules};

/// What the removals of one move did to the links of ko.md §4.7 and §4.8.
#[derive(Default)]
struct Losses {
    /// Per side, whether its unpromoted drum left the board.
    drum: [bool; 2],
    /// Per side, whether its unpromoted Taoist priest was captured by displacement.
    priest_displaced: [bool; 2],
}

impl Position {
    /// Plays a legal ko move (see the module's steps).
    pub(super) fn play_ko(
        &mut self,
        mv: &Move,
        rules: &Rules,
        ko: &KoRules,
        mut effects: Option<&mut Effects>,
    ) {
        let us = self.side;
        let them = us.opponent();
        let geo = &rules.variant.geometry;
        // 1. Movement and its captures by displacement, read while the mover still stands
        // on its start, and a fog's or light's shot between its legs (ko.md §4.2, settled
        // 2026-11-28): made before the passive burn, it stands when the piece is burned. It
        // never hits a point the move lands on, so its order among the captures is free.
        let captured = self.ko_displaced(mv, rules, ko);
        let (between, after) = match mv.shots_from() {
            ShotsFrom::FirstLeg => mv.shots().split_at(1.min(mv.shots().len())),
            ShotsFrom::Final => mv.shots().split_at(0),
        };
        let mover = self.take(mv.from, rules).expect("a legal move has a piece");
        let mf = ko.face(mover.face);
        let mut losses = Losses::default();
        let squares = mv.squares();
        let any_capture = !captured.is_empty();
        for &sq in &captured {
            let victim = self.ko_remove(sq, rules, ko, &mut losses, true);
            if let Some(e) = effects.as_deref_mut() {
                e.captures.push((sq, victim));
            }
        }
        for &t in between {
            self.shoot(t, rules, ko, &mut losses, effects.as_deref_mut());
        }
        let to = mv.to();
        let pass = !squares.is_empty() && !any_capture && to == mv.from;
        self.put(to, mover, rules);
        // 2. Passive burn, on the board after the movement.
        let flame_next = |pos: &Position, color: Color| {
            (0..8).any(|d| {
                geo.neighbour(to, d).is_some_and(|n| {
                    pos.cell(n).is_color(color)
                        && ko.face(pos.cell(n).face_unchecked()).poison_flame
                })
            })
        };
        let burned = match ko.passive_burn {
            PassiveBurn::None => false,
            PassiveBurn::EnemyArrivals => flame_next(self, them),
            PassiveBurn::AnyArrivals => flame_next(self, them) || flame_next(self, us),
        };
        let mut face = mover.face;
        if burned {
            let piece = self.ko_remove(to, rules, ko, &mut losses, false);
            if let Some(e) = effects.as_deref_mut() {
                e.self_burned = Some((to, piece));
            }
        } else {
            // 3. Active burn, by a piece that was a poison flame before the move.
            if mf.poison_flame && !pass {
                for d in 0..8 {
                    let Some(n) = geo.neighbour(to, d) else {
                        continue;
                    };
                    if self.cell(n).is_color(them) || (ko.burn_all && self.cell(n).is_color(us)) {
                        let victim = self.ko_remove(n, rules, ko, &mut losses, false);
                        if let Some(e) = effects.as_deref_mut() {
                            e.burned.push((n, victim));
                        }
                    }
                }
            }
            // 4. Shots from the final point.
            for &t in after {
                self.shoot(t, rules, ko, &mut losses, effects.as_deref_mut());
            }
            // 5. Promotion, then the clerk's side effects.
            if mv.promo == Promo::Promote {
                if let Some(p) = rules.face(mover.face).promotes_to {
                    face = p;
                    self.take(to, rules);
                    self.put(to, Piece { color: us, face }, rules);
                    if mf.clerk {
                        self.clerk_promotes(us, rules, ko, &mut losses, effects.as_deref_mut());
                    }
                }
            }
        }
        // 6. Reversions.
        let moved = (!burned).then_some(to);
        self.fog_near_light(moved, rules, ko, effects.as_deref_mut());
        self.priest_link(rules, ko, &losses, effects.as_deref_mut());
        // 7. The loss condition.
        let standing = super::ko_board::standing(self, ko);
        self.set_standing(standing);
        if let Some(e) = effects {
            e.mover = us;
            e.face_before = mover.face;
            e.face_after = face;
            e.pass = pass;
            e.promotion = match mv.promo {
                Promo::Promote if face != mover.face && mv.promotion_optional() => {
                    Promotion::Chosen
                }
                Promo::Promote if face != mover.face => Promotion::Compulsory,
                Promo::Decline => Promotion::Declined,
                _ => Promotion::None,
            };
            e.commanders_lost = if !standing[them.index()] {
                Some(them)
            } else if !standing[us.index()] {
                Some(us)
            } else {
                None
            };
        }
        self.extra = if ko.drum_history {
            let before = match self.extra {
                Extra::DrumsLost(bits) => bits,
                _ => 0,
            };
            let now = before | u8::from(losses.drum[0]) | u8::from(losses.drum[1]) << 1;
            if now == 0 {
                Extra::None
            } else {
                Extra::DrumsLost(now)
            }
        } else {
            Extra::None
        };
        self.side = them;
        self.move_number = self.move_number.saturating_add(1);
    }

    /// The points a ko move (not yet played) captures by displacement, in order, each
    /// once: the listed points holding an enemy, and the enemies a line move steps on
    /// between its ends (ko.md §4.5 line5, written `from to`).
    pub fn ko_displaced(&self, mv: &Move, rules: &Rules, _ko: &KoRules) -> Vec<Square> {
        let geo = &rules.variant.geometry;
        let Some(piece) = self.cell(mv.from).piece() else {
            return Vec::new();
        };
        let them = piece.color.opponent();
        let mut out = Vec::new();
        if let [to] = mv.squares() {
            if let Some((d, dist)) = geo.line(mv.from, *to) {
                let m = &rules.face(piece.face).compiled[piece.color.index()];
                if m.slide_max[d] == 0 && i32::from(m.line[d]) >= dist {
                    out.extend(
                        geo.ray(mv.from, d)
                            .iter()
                            .take(dist as usize - 1)
                            .filter(|&&s| self.cell(s).is_color(them)),
                    );
                }
            }
        }
        for &sq in mv.squares() {
            if self.cell(sq).is_color(them) && !out.contains(&sq) {
                out.push(sq);
            }
        }
        out
    }

    /// Removes the piece on `sq`, noting the loss of an unpromoted drum (and, when
    /// `displaced`, of an unpromoted Taoist priest captured by displacement).
    fn ko_remove(
        &mut self,
        sq: Square,
        rules: &Rules,
        ko: &KoRules,
        losses: &mut Losses,
        displaced: bool,
    ) -> Piece {
        let piece = self.take(sq, rules).expect("an occupied point");
        let f = ko.face(piece.face);
        let ci = piece.color.index();
        if !piece.face.promoted() {
            if Some(piece.face.kind()) == ko.drum_kind {
                losses.drum[ci] = true;
            }
            if displaced && f.priest {
                losses.priest_displaced[ci] = true;
            }
        }
        piece
    }

    /// Step 4: the piece on `target` is shot.
    fn shoot(
        &mut self,
        target: Square,
        rules: &Rules,
        ko: &KoRules,
        losses: &mut Losses,
        effects: Option<&mut Effects>,
    ) {
        let victim = self.ko_remove(target, rules, ko, losses, false);
        if let Some(e) = effects {
            e.shots.push((target, victim));
        }
    }

    /// The clerk's promotion (ko.md §4.6c): every allied guard promotes wherever it stands,
    /// every enemy poison flame is removed.
    fn clerk_promotes(
        &mut self,
        us: Color,
        rules: &Rules,
        ko: &KoRules,
        losses: &mut Losses,
        mut effects: Option<&mut Effects>,
    ) {
        for sq in self.occupied(us).iter() {
            let face = self.cell(sq).face_unchecked();
            if let (true, false, Some(p)) = (
                ko.face(face).guard,
                face.promoted(),
                rules.face(face).promotes_to,
            ) {
                self.take(sq, rules);
                let piece = Piece { color: us, face: p };
                self.put(sq, piece, rules);
                if let Some(e) = effects.as_deref_mut() {
                    e.clerk_promoted.push((sq, piece));
                }
            }
        }
        for sq in self.occupied(us.opponent()).iter() {
            if ko.face(self.cell(sq).face_unchecked()).poison_flame {
                let flame = self.ko_remove(sq, rules, ko, losses, false);
                if let Some(e) = effects.as_deref_mut() {
                    e.flames_removed.push((sq, flame));
                }
            }
        }
    }

    /// Step 6a: every five-li fog near an immaculate light reverts to a Taoist priest
    /// (ko.md §4.7, O23–O26). `moved` is the point of the piece that made the move, if it
    /// is still on the board.
    fn fog_near_light(
        &mut self,
        moved: Option<Square>,
        rules: &Rules,
        ko: &KoRules,
        mut effects: Option<&mut Effects>,
    ) {
        let geo = &rules.variant.geometry;
        let of = |pos: &Position, flag: fn(&crate::engine::variant::KoFace) -> bool| {
            let mut out = Vec::new();
            for color in Color::ALL {
                for sq in pos.occupied(color).iter() {
                    if flag(ko.face(pos.cell(sq).face_unchecked())) {
                        out.push((sq, color));
                    }
                }
            }
            out
        };
        let mut fogs = of(self, |f| f.fog);
        let mut lights = of(self, |f| f.light);
        if fogs.is_empty() || lights.is_empty() {
            return;
        }
        if ko.fog_light_on_move_only {
            let Some(m) = moved else {
                return;
            };
            let mf = ko.face(self.cell(m).face_unchecked());
            if mf.fog {
                fogs.retain(|&(s, _)| s == m);
            } else if mf.light {
                lights.retain(|&(s, _)| s == m);
            } else {
                return;
            }
        }
        for (f, fog_color) in fogs {
            let near = lights.iter().any(|&(l, light_color)| {
                if ko.fog_light_opposing_only && light_color == fog_color {
                    return false;
                }
                let line = geo.line(f, l);
                let within = match ko.fog_light_geometry {
                    FogLightGeometry::EightLinesLe5 => line.is_some_and(|(_, n)| n <= 5),
                    FogLightGeometry::ChebyshevLe5 => geo.distance(f, l) <= 5,
                };
                let clear = !ko.fog_light_line_of_sight
                    || line.is_none_or(|(d, n)| {
                        geo.ray(f, d)
                            .iter()
                            .take(n as usize - 1)
                            .all(|&s| self.cell(s).is_empty())
                    });
                within && clear
            });
            if near {
                self.revert(f, rules, effects.as_deref_mut());
            }
        }
    }

    /// Step 6b: a side without a priest sees its thunderclap and flag waver revert (ko.md
    /// §4.7, O22).
    fn priest_link(
        &mut self,
        rules: &Rules,
        ko: &KoRules,
        losses: &Losses,
        mut effects: Option<&mut Effects>,
    ) {
        for color in Color::ALL {
            let ci = color.index();
            let lost = match ko.priest_loss {
                PriestLoss::AnyMeans => !self
                    .occupied(color)
                    .iter()
                    .any(|sq| ko.face(self.cell(sq).face_unchecked()).priest),
                PriestLoss::UnpromotedDisplacedOnly => losses.priest_displaced[ci],
            };
            if !lost {
                continue;
            }
            for sq in self.occupied(color).iter() {
                let face = self.cell(sq).face_unchecked();
                if face.promoted() && ko.face(face).priest_link {
                    self.revert(sq, rules, effects.as_deref_mut());
                }
            }
        }
    }

    /// Turns the promoted piece on `sq` back to its unpromoted side.
    fn revert(&mut self, sq: Square, rules: &Rules, effects: Option<&mut Effects>) {
        let piece = self.take(sq, rules).expect("an occupied point");
        let back = Piece {
            color: piece.color,
            face: piece.face.kind().face(false),
        };
        self.put(sq, back, rules);
        if let Some(e) = effects {
            e.reverted.push((sq, back));
        }
    }

    /// Whether each side meets no loss condition (ko.md §6).
    pub(crate) fn ko_standing(&self, ko: &KoRules) -> [bool; 2] {
        super::ko_board::standing(self, ko)
    }

    /// Sets which sides still meet no loss condition (ko shogi keeps it in the royal
    /// counts: 1 standing, 0 lost, so that [`Position::is_terminal`] reads it).
    pub(crate) fn set_standing(&mut self, standing: [bool; 2]) {
        self.royals = standing.map(u16::from);
    }
}
