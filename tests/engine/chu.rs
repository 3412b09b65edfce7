//! Chu shogi against outside figures: the start position as lishogi prints it. Its perft,
//! where HaChu 0.21 and lishogi's shogiops 0.18 agree, is in `conformance/perft/` (run by
//! `perft.rs`); lishogi's verdicts on single moves are vectors of `tests/data/vectors/chu.json`
//! (run by `rule_vectors.rs`).

use crate::support::rules_for;
use shogi_arbiter::engine::notation::format_position_of;
use shogi_arbiter::engine::position::Position;

#[test]
fn the_start_position_prints_as_lishogis_sfen() {
    let rules = rules_for("chu", "");
    let start = Position::start(&rules);
    assert_eq!(
        format_position_of(rules.variant, &start),
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
        "the start position prints as lishogi's SFEN"
    );
}
