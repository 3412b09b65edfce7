//! The closed list of movement kinds ([`Kind`]), the kind each movement component
//! compiles into ([`Kind::of`]), and sets of them ([`KindSet`]).

use super::language::Component;

/// The closed list of movement kinds (tai.md "Movement kinds"), in the order the
/// generator emits them. Adding a kind is a row here, a file in
/// [`crate::engine::movegen`], its spelling in `language.rs`, its table in [`Compiled`](super::Compiled),
/// and the match arms the compiler then asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Kind {
    /// Jump to any empty square, captures restricted by rule (自在天王, jizai tennō).
    Emperor,
    /// Steps, limited ranges and ranges along the eight lines.
    Slide,
    /// Leaps to fixed squares.
    Jump,
    /// Hook moves (鉤行, kagiyuki): a range leg, a 90° turn, a second range leg.
    Hook,
    /// Lion moves (獅子, shishi): anything within two squares, igui, double captures.
    Lion,
    /// The lion's two-step power confined to some lines.
    LineLion,
    /// Lion dog moves (狛犬, komainu): up to three steps along a line.
    LionDog,
    /// Area moves: up to N king steps through empty squares, the move named by its final
    /// square (tenjiku.md §4.3). Before the range jumps, which skip its final squares.
    Area,
    /// Range jumps: captures beyond pieces of a lower jump rank (tenjiku.md §4.2).
    RangeJump,
    /// Range captures: a range over pieces ranked no higher than the mover, removing every
    /// piece passed, friend and foe (taikyoku.md §4.3).
    RangeCapture,
    /// The free eagle's double step: two steps along some directions, capturing on each
    /// (tenjiku.md §4.4).
    DoubleStep,
    /// Leap-slides: a leap to the N-th square along a line, then a range (tenjiku.md §4.5;
    /// taikyoku.md §4.1 `jumpslide`, and the `jump23` reading of the triple arrow).
    LeapSlide,
    /// Igui (居食い, "eating in place"): capturing a neighbour without moving
    /// (tenjiku.md §4.5).
    Igui,
    /// Flying moves: a range that passes over occupied squares, capturing none of them
    /// (taikyoku.md §4.4 `fly`, and the `pass3` reading of the triple arrow).
    Fly,
    /// Double moves (ko.md §4.5): a leg to one of some offsets, then optionally a second,
    /// capturing where each leg lands.
    Double,
    /// Paths (ko.md §4.5, the thunderclap): up to N orthogonal unit steps, capturing every
    /// enemy stepped on.
    Path,
    /// Multi-capture lines (ko.md §4.5, the flag waver): unit steps along one line,
    /// capturing every enemy stepped on.
    Line,
    /// Shots (ko.md §4.2): removing enemies within a range after a move or instead of one.
    Shoot,
}

impl Kind {
    /// Every kind, in emission order.
    pub const ALL: [Kind; 18] = [
        Kind::Emperor,
        Kind::Slide,
        Kind::Jump,
        Kind::Hook,
        Kind::Lion,
        Kind::LineLion,
        Kind::LionDog,
        Kind::Area,
        Kind::RangeJump,
        Kind::RangeCapture,
        Kind::DoubleStep,
        Kind::LeapSlide,
        Kind::Igui,
        Kind::Fly,
        Kind::Double,
        Kind::Path,
        Kind::Line,
        Kind::Shoot,
    ];

    /// The kind a movement component compiles into.
    pub fn of(component: &Component) -> Kind {
        match component {
            Component::Slide { .. } => Kind::Slide,
            Component::Jump { .. } => Kind::Jump,
            Component::Hook { .. } => Kind::Hook,
            Component::Lion => Kind::Lion,
            Component::LineLion { .. } => Kind::LineLion,
            Component::LionDog => Kind::LionDog,
            Component::Emperor => Kind::Emperor,
            Component::RangeJump { .. } => Kind::RangeJump,
            Component::RangeCapture { .. } => Kind::RangeCapture,
            Component::Area { .. } => Kind::Area,
            Component::DoubleStep { .. } => Kind::DoubleStep,
            Component::LeapSlide { .. } => Kind::LeapSlide,
            Component::Igui { .. } => Kind::Igui,
            Component::Fly { .. } => Kind::Fly,
            // The rules replace it by its reading's components before compiling; read alone
            // it is a range with leaps (`jump23`).
            Component::Triple { .. } => Kind::LeapSlide,
            Component::Double { .. } => Kind::Double,
            Component::Path { .. } => Kind::Path,
            Component::Line { .. } => Kind::Line,
            Component::Shoot(_) => Kind::Shoot,
        }
    }
}

/// The kind of each bit of a [`KindSet`]; bits past the last kind are never set.
const BY_BIT: [Kind; 32] = {
    let mut t = [Kind::Igui; 32];
    let mut i = 0;
    while i < Kind::ALL.len() {
        t[i] = Kind::ALL[i];
        i += 1;
    }
    t
};

/// A set of movement kinds, one bit per [`Kind`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct KindSet(u32);

/// The set of the kinds listed.
const fn set(kinds: &[Kind]) -> KindSet {
    let mut bits = 0;
    let mut i = 0;
    while i < kinds.len() {
        bits |= 1 << kinds[i] as u8;
        i += 1;
    }
    KindSet(bits)
}

impl KindSet {
    /// The kinds whose moves are routes that may shoot and capture on several points
    /// (ko.md §4.2, §4.5): only the rules with shots, burns on arrival and on-the-spot
    /// promotion run them.
    pub const ROUTES: KindSet = set(&[Kind::Double, Kind::Path, Kind::Line, Kind::Shoot]);

    /// The kinds those rules run: steps, ranges, leaps, double steps (as double moves of
    /// unit steps) and [`KindSet::ROUTES`].
    pub const ROUTE_RULES: KindSet = set(&[
        Kind::Slide,
        Kind::Jump,
        Kind::DoubleStep,
        Kind::Double,
        Kind::Path,
        Kind::Line,
        Kind::Shoot,
    ]);

    /// Every kind but [`KindSet::ROUTES`]: what the other rules run.
    pub const NOT_ROUTES: KindSet = KindSet(!Self::ROUTES.0);

    /// The kinds tenjiku shogi and taikyoku shogi add, last in the closed list.
    pub const EXTRAS: KindSet = set(&[
        Kind::Area,
        Kind::RangeJump,
        Kind::RangeCapture,
        Kind::DoubleStep,
        Kind::LeapSlide,
        Kind::Igui,
        Kind::Fly,
    ]);

    /// Whether the two sets share a kind.
    #[inline]
    pub fn intersects(self, other: KindSet) -> bool {
        self.0 & other.0 != 0
    }

    /// Adds a kind.
    #[inline]
    pub fn insert(&mut self, kind: Kind) {
        self.0 |= 1 << kind as u8;
    }

    /// Whether the set holds `kind`.
    #[inline]
    pub fn contains(self, kind: Kind) -> bool {
        self.0 & (1 << kind as u8) != 0
    }

    /// The kinds in the set, in emission order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = Kind> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            // `k` is below 32: the mask tells the compiler so.
            Some(BY_BIT[k & 31])
        })
    }
}

/// Which instantiation of move generation runs, chosen once when the rules are compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generation {
    /// The kinds before [`KindSet::EXTRAS`] only, no burning, no route rules and no
    /// `zone_contact` right: an instantiation without the code of the others.
    Basic,
    /// Everything the generation context knows.
    Extended,
}

impl Generation {
    /// [`Generation::Basic`] when the rules use none of the kinds of [`KindSet::EXTRAS`]
    /// and no rule beyond movement that generation must ask (`extra_rules`).
    pub fn of(kinds: KindSet, extra_rules: bool) -> Generation {
        if extra_rules || kinds.intersects(KindSet::EXTRAS) {
            Generation::Extended
        } else {
            Generation::Basic
        }
    }
}
