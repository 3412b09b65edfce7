//! The closed list of movement kinds ([`Kind`]) and sets of them ([`KindSet`]).

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
}

impl Kind {
    /// Every kind, in emission order.
    pub const ALL: [Kind; 7] = [
        Kind::Emperor,
        Kind::Slide,
        Kind::Jump,
        Kind::Hook,
        Kind::Lion,
        Kind::LineLion,
        Kind::LionDog,
    ];
}

/// A set of movement kinds, one bit per [`Kind`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct KindSet(u8);

impl KindSet {
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
            Some(Kind::ALL[k])
        })
    }
}
