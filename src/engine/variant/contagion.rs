//! Contagion (tai.md "Contagion", maka-dai-dai.md "Promotion"): a piece that captures a
//! deva (提婆, daiba) or a dark spirit (無明, mumyō), or their promoted sides (teaching king,
//! Buddhist spirit), turns into the victim's promoted side. What each face of a variant
//! gets from option `contagion` when the rules are compiled: the face its capturer becomes,
//! and whether, as a capturer, it is exempt and promotes normally instead.

use super::model::{KindInfo, Variant};
use super::options::{Contagion, CONTAGION};
use crate::engine::core::piece::{FaceId, KindId};

impl Contagion {
    /// The value in force (value index per option of the variant's table); without the
    /// option royals alone are exempt, as in tai shogi.
    pub(super) fn in_force(variant: &Variant, values: &[usize]) -> Contagion {
        CONTAGION
            .read(variant, values)
            .unwrap_or(Contagion::RoyalsExempt)
    }

    /// The face a capturer of a piece that moves as `shown` becomes: the promoted side of
    /// the kind its `contagious` flag names; none when contagion is off.
    pub(super) fn turns_capturer_into(self, shown: &KindInfo) -> Option<FaceId> {
        shown
            .contagious
            .filter(|_| self != Contagion::Off)
            .map(|c| c.face(true))
    }

    /// Whether a capturer that moves as `shown` is exempt: a royal, and under
    /// `royals_and_elephant_exempt` also an unpromoted piece whose promotion (`promotion`)
    /// is royal, the drunk elephant (酔象, suizō) that becomes a prince.
    pub(super) fn exempts(
        self,
        variant: &Variant,
        shown: &KindInfo,
        promoted: bool,
        promotion: Option<KindId>,
    ) -> bool {
        shown.royal
            || (self == Contagion::RoyalsAndElephantExempt
                && !promoted
                && promotion.is_some_and(|p| variant.kind(p).royal))
    }
}
