//! Piece names in KIF: the name a move line gives its piece, the name a board diagram
//! cell gives it, and which names a reader accepts for each face (a kind on its
//! unpromoted or promoted side).
//!
//! Chu shogi uses lishogi's names (shogiops `src/notation/util.ts`, `roleToFullKanji` and
//! `roleToBoardKanji`): move lines name the piece as it moves, by its full name (`獅子`,
//! `醉象`, a promoted bishop `龍馬`), two promoted pieces by names of their own (the
//! promoted ferocious leopard `小角`, the promoted gold `金飛車`); board cells use one
//! kanji (`獅`), a promoted piece that moves like an unpromoted kind `成` and that kind's
//! kanji (`成獅` for the promoted kirin), a promoted-only kind its own kanji (`鷹`).
//!
//! The larger variants extend it with one rule: move lines name the piece by the kanji
//! of the kind it moves as (the table's kanji column), and board cells name an unpromoted
//! piece by its kind's kanji and a promoted one by `成` and the kanji of its unpromoted
//! side (`成麒麟`), which is unambiguous in every table. A kanji the table marks as
//! uncertain (`天網?`, ko shogi) is written without the `?`; a kind without any (`?`) is
//! written by its code (`LC`).

use crate::engine::core::piece::{FaceId, KindId};
use crate::engine::variant::Rules;
use std::collections::HashMap;

/// The names of one variant's pieces under the rules in force.
#[derive(Debug, Clone)]
pub struct Names {
    /// Per face index: the name written in move lines (empty for a face that cannot be on
    /// the board).
    move_names: Vec<String>,
    /// Per face index: the name written in board cells.
    board_names: Vec<String>,
    /// Normalised name → the faces a move line may call by it.
    accepted: HashMap<String, Vec<FaceId>>,
    /// Normalised board cell name → its face.
    board: HashMap<String, FaceId>,
}

/// Folds spellings of one kanji together (`竜` and `龍`, `醉` and `酔`) and drops the
/// `?` of an uncertain reading.
pub fn normalize(name: &str) -> String {
    name.chars()
        .filter(|&c| c != '?')
        .map(|c| match c {
            '竜' => '龍',
            '醉' => '酔',
            c => c,
        })
        .collect()
}

/// The spellings a kanji column gives (`玉将 (Black) / 王将 (White)`: `玉将` and `王将`),
/// normalised; at least one (empty when the column has none).
fn kanji_forms(kanji: &str) -> Vec<String> {
    let mut forms: Vec<String> = kanji
        .split('/')
        .map(|form| normalize(form.split(['(', '（']).next().unwrap_or("").trim()))
        .filter(|form| !form.is_empty())
        .collect();
    if forms.is_empty() {
        forms.push(String::new());
    }
    forms
}

/// The board cell names of chu shogi's unpromoted kinds, by code (lishogi's one kanji).
const CHU_BOARD: &[(&str, &str)] = &[
    ("K", "玉"),
    ("N", "獅"),
    ("Q", "奔"),
    ("D", "龍"),
    ("H", "馬"),
    ("R", "飛"),
    ("B", "角"),
    ("V", "竪"),
    ("M", "横"),
    ("A", "反"),
    ("L", "香"),
    ("O", "麒"),
    ("X", "鳳"),
    ("E", "象"),
    ("T", "虎"),
    ("F", "豹"),
    ("G", "金"),
    ("S", "銀"),
    ("C", "銅"),
    ("I", "仲"),
    ("P", "歩"),
];

/// The board cell names of chu shogi's promoted pieces, by the code of their unpromoted
/// side (lishogi: `成` and a kanji where the promoted kind also starts unpromoted).
const CHU_BOARD_PROMOTED: &[(&str, &str)] = &[
    ("P", "成歩"),
    ("I", "成象"),
    ("F", "成角"),
    ("G", "成飛"),
    ("X", "成奔"),
    ("S", "成竪"),
    ("C", "成横"),
    ("O", "成獅"),
    ("B", "成馬"),
    ("R", "成龍"),
    ("E", "太"),
    ("H", "鷹"),
    ("D", "鷲"),
    ("T", "鹿"),
    ("M", "猪"),
    ("V", "牛"),
    ("A", "鯨"),
    ("L", "駒"),
];

/// Other board spellings lishogi's readers accept for chu's promoted pawn.
const CHU_PAWN_ALIASES: &[&str] = &["杏", "と"];

fn lookup(table: &[(&str, &'static str)], code: &str) -> Option<&'static str> {
    table.iter().find(|(c, _)| *c == code).map(|(_, n)| *n)
}

impl Names {
    /// The names under `rules`.
    pub fn of(rules: &Rules) -> Names {
        let variant = rules.variant;
        let chu = variant.traits.lishogi_kif;
        let display = |k: KindId| -> String {
            let info = variant.kind(k);
            let name = kanji_forms(&info.kanji).swap_remove(0);
            if name.is_empty() {
                info.code.clone()
            } else {
                name
            }
        };
        let faces = variant.kinds.len() * 2;
        let mut names = Names {
            move_names: vec![String::new(); faces],
            board_names: vec![String::new(); faces],
            accepted: HashMap::new(),
            board: HashMap::new(),
        };
        for k in 0..variant.kinds.len() {
            let kind = KindId(k as u16);
            let code = variant.kind(kind).code.as_str();
            for promoted in [false, true] {
                let face = kind.face(promoted);
                let rule = rules.face(face);
                if !rule.exists {
                    continue;
                }
                let as_kind = display(rule.moves_as);
                let (move_name, board_name) = match (chu, promoted) {
                    (true, false) => (
                        as_kind.replace('酔', "醉"),
                        lookup(CHU_BOARD, code).map_or(as_kind.clone(), str::to_string),
                    ),
                    (true, true) => {
                        let special = match code {
                            "F" => Some("小角"),
                            "G" => Some("金飛車"),
                            _ => None,
                        };
                        (
                            special.map_or(as_kind.replace('酔', "醉"), str::to_string),
                            lookup(CHU_BOARD_PROMOTED, code)
                                .map_or(format!("成{}", display(kind)), str::to_string),
                        )
                    }
                    (false, false) => (as_kind.clone(), as_kind.clone()),
                    (false, true) => (as_kind.clone(), format!("成{}", display(kind))),
                };
                let mut accepted = vec![
                    move_name.clone(),
                    board_name.clone(),
                    as_kind.clone(),
                    format!("成{}", display(kind)),
                ];
                accepted.extend(kanji_forms(&variant.kind(rule.moves_as).kanji));
                if chu && promoted && code == "P" {
                    accepted.extend(CHU_PAWN_ALIASES.iter().map(|s| s.to_string()));
                    for alias in CHU_PAWN_ALIASES {
                        names.board.insert(alias.to_string(), face);
                    }
                }
                for name in accepted {
                    let entry = names.accepted.entry(normalize(&name)).or_default();
                    if !entry.contains(&face) {
                        entry.push(face);
                    }
                }
                names.board.insert(normalize(&board_name), face);
                names.move_names[face.index()] = move_name;
                names.board_names[face.index()] = board_name;
            }
        }
        names
    }

    /// The name a move line gives a piece of `face`.
    pub fn move_name(&self, face: FaceId) -> &str {
        &self.move_names[face.index()]
    }

    /// The name a board cell gives a piece of `face`.
    pub fn board_name(&self, face: FaceId) -> &str {
        &self.board_names[face.index()]
    }

    /// The face a board cell names, if any.
    pub fn board_face(&self, name: &str) -> Option<FaceId> {
        self.board.get(&normalize(name)).copied()
    }

    /// Whether a move line may call a piece of `face` by `name`.
    pub fn accepts(&self, name: &str, face: FaceId) -> bool {
        self.accepted
            .get(&normalize(name))
            .is_some_and(|faces| faces.contains(&face))
    }

    /// Whether `name` names any piece of the variant.
    pub fn is_name(&self, name: &str) -> bool {
        self.accepted.contains_key(&normalize(name))
    }
}
