#!/usr/bin/env python3
# Writes tests/data/vectors/taikyoku.json: the taikyoku shogi rule vectors in the one vector
# format (conformance/schema/vectors.schema.json, tests/data/vectors/README.md).
#
#   python3 scripts/taikyoku_vectors.py TAIKYOKU_VECTORS_MD [OUT]
#
# TAIKYOKU_VECTORS_MD is the research page "taikyoku_vectors" of the project's rules
# research (kept outside this repository); nothing in the build or the tests reads it. The
# page's vectors T01..T29e are transcribed one row per (vector, rules case): the verdict,
# the canonical text, the removed pieces in order, the resulting position and the status,
# each as the page states it. Then this repository's own vectors (ids `TX..`, the list
# OWN below), derived by hand from the research page "taikyoku" and its piece table: the
# script only spells their hand-made piece lists (before and after the move) as position
# text; every verdict, removed piece and piece placement after the move is written by hand
# in OWN, never taken from the engine.

import json
import re
import sys
from pathlib import Path

from taikyoku_data import board_text

RANK_NAMES = [chr(ord("a") + i) for i in range(26)] + [
    chr(ord("a") + i) * 2 for i in range(10)
]
ROYALS = {"K", "CP", "+CP", "+DE"}
PAGE = 'the research page "taikyoku_vectors"'
OWN_SOURCE = (
    'this repository\'s own vectors, derived by hand from the research page "taikyoku" '
    "(sections named in the note) and its piece table"
)


def rank_number(name):
    return RANK_NAMES.index(name) + 1


def square(text):
    m = re.fullmatch(r"([1-9][0-9]?)([a-z]+)", text)
    assert m, text
    return int(m.group(1)), rank_number(m.group(2))


def position_text(placements, side, number=1):
    """A position of `CODE@SQUARE` placements (lowercase = White), files 36 to 1."""
    board = {}
    for entry in placements.split():
        code, at = entry.split("@")
        sq = square(at)
        assert sq not in board, entry
        board[sq] = code
    return board_text(board, side, number)


def rules_of(case):
    """`default (`wikipedia`)`, `ats` or `option=value ...` as the format's `rules`."""
    if case.startswith("default"):
        return "wikipedia", {"profile": "wikipedia"}
    if case == "ats":
        return "ats", {"profile": "ats"}
    options = dict(entry.split("=") for entry in case.split())
    return case, {"profile": "wikipedia", "options": options}


# Where the page's vector disagrees with the page's own rules, the rules win; each
# correction says why (the brief: decide from the page, never from a count or a list).
STATUS_CORRECTIONS = {
    "T16": (
        {"state": "ended", "result": "black", "reason": "checkmate"},
        "status corrected from the vector's `ongoing` by taikyoku.md §7: on the otherwise "
        "empty board the hook mover on 15m reaches every square (a range along rank m or "
        "file 15, then a turn), so White's lone king on 1a is in check and each of its "
        "moves (1b, 1c, 2a, 2b, 3a, 3c) stays in check: mate ends the game",
    ),
}


def status_of(text):
    text = text.strip()
    if text == "ongoing":
        return {"state": "ongoing"}
    m = re.fullmatch(r"game over: (Black|White) wins \(the opponent has no royal left\)", text)
    assert m, text
    return {"state": "ended", "result": m.group(1).lower(), "reason": "royals_captured"}


def removed_of(text):
    """`p on 18p, P on 18n` as `square:piece` in the page's order."""
    text = text.strip()
    if text == "none":
        return []
    out = []
    for part in text.split(", "):
        piece, at = part.split(" on ")
        out.append(f"{at}:{piece}")
    return out


def promotion_of(canonical, rules):
    """What the move did to its piece, from its mark and the promotion choice in force
    (taikyoku.md §5: `optional` gives `+` and `=`, `compulsory` only `+`)."""
    compulsory = rules["profile"] == "ats" or rules.get("options", {}).get(
        "promotion_choice"
    ) == "compulsory"
    if canonical.endswith("="):
        return "declined"
    if canonical.endswith("+"):
        return "compulsory" if compulsory else "chosen"
    return "none"


def legal_expect(canonical, removed, status, after, passes=False, rules=None):
    captures = removed
    return {
        "legal": True,
        "move": canonical,
        "position_after": after,
        "move_number_after": int(after.split(" ")[3]),
        "captures": captures,
        "removed": [f"capture {c}" for c in captures],
        "royals_removed": [
            c for c in captures if c.split(":")[1].upper() in ROYALS
        ],
        "promotion": promotion_of(canonical, rules),
        "passes": passes,
        "status": status,
    }


def page_vectors(text):
    """Every vector of the page, one row per rules case."""
    out = []
    blocks = re.split(r"^### ", text, flags=re.M)[1:]
    for block in blocks:
        lines = block.splitlines()
        vid, title = lines[0].split(". ", 1)
        fields, cases = {}, []
        for line in lines[1:]:
            m = re.match(r"- (rule|position|move|note): (.*)$", line)
            if m:
                value = m.group(2)
                if m.group(1) in ("position", "move"):
                    value = value.strip("`")
                fields[m.group(1)] = value
                continue
            m = re.match(r"- (default \(`wikipedia`\)|`[^`]+`): \*\*([^*]+)\*\*(.*)$", line)
            if m:
                cases.append([m.group(1).strip("`"), m.group(2), m.group(3), None])
                continue
            m = re.match(r"  - resulting position: `([^`]+)`$", line)
            if m:
                cases[-1][3] = m.group(1)
                continue
            assert not line.strip() or line.startswith("- "), (vid, line)
        source = f"{PAGE} {vid}: {title} ({fields['rule']})"
        for case, verdict, rest, after in cases:
            name, rules = rules_of(case)
            row = {
                "id": f"{vid}/{name}",
                "source": source,
                "note": f"the page's verdict for this case: {verdict}{rest}"
                + (f"; the page's note: {fields['note']}" if "note" in fields else ""),
                "variant": "taikyoku",
                "rules": rules,
                "position": fields["position"],
                "moves": [],
                "job": "adjudicate",
                "move": fields["move"],
            }
            if verdict == "legal":
                m = re.fullmatch(
                    r"; canonical `([^`]+)`; removed: (.*); status: (.*)", rest
                )
                assert m and after, (vid, rest)
                canonical = m.group(1)
                # A pass is written through a step square and back (taikyoku.md §4.5, §8).
                sqs = re.findall(r"[0-9]+[a-z]+", canonical)
                passes = len(sqs) == 3 and sqs[0] == sqs[2] and m.group(2) == "none"
                status = status_of(m.group(3))
                if vid in STATUS_CORRECTIONS:
                    status, why = STATUS_CORRECTIONS[vid]
                    row["note"] += "; " + why
                row["expect"] = legal_expect(
                    canonical,
                    removed_of(m.group(2)),
                    status,
                    after,
                    passes,
                    rules,
                )
            elif verdict == "illegal":
                row["expect"] = {"legal": False, "refused_by": "move_rules"}
            elif verdict.startswith("rejected"):
                # Text that is not a move text: the answer is `unreadable`, its square does
                # not read (taikyoku.md §8: `ab` is no rank name).
                row["expect"] = {"legal": False, "reason": "malformed"}
            else:
                raise AssertionError((vid, verdict))
            out.append(row)
    return out


# ---------------------------------------------------------------- this repository's own
#
# Each vector: id, title, placements before (Black's king on 36jj and White's on 1a unless
# the vector is about royals), side, move, note (the derivation), then its cases: (rules
# case, verdict) with for a legal verdict the canonical text, the removed pieces in order
# and the placements after the move. Squares: file then rank name; Black's forward is
# toward rank a, Black's left toward file 36. From 18r: forward 18q, back 18s, left 19r,
# right 17r, forward-left 19q, forward-right 17q, back-left 19s, back-right 17s.

KINGS = "K@36jj k@1a"


def own(vid, title, before, move, note, cases, side="b", moves=(), job="adjudicate"):
    return dict(
        vid=vid, title=title, before=before, move=move, note=note, cases=cases,
        side=side, moves=list(moves), job=job,
    )


def legal(case, canonical, after, removed=(), status="ongoing", passes=False, promotion=None):
    """A legal case; `promotion` names what the move does to its piece where the mark and
    the promotion choice alone do not say it (a compulsory promotion on the last rank)."""
    return (case, "legal", canonical, list(removed), after, status, passes, promotion)


def illegal(case):
    return (case, "illegal")


def simple(vid, title, piece, move, after_sq, note, cases_legal, cases_illegal, extra=""):
    """A lone piece on 18r (with `extra` placements) moving to `after_sq`."""
    before = f"{KINGS} {piece}@18r {extra}".strip()
    after = f"{KINGS} {piece}@{after_sq} {extra}".strip()
    cases = [legal(c, move, after) for c in cases_legal] + [illegal(c) for c in cases_illegal]
    return own(vid, title, before, move, note, cases)


OWN = [
    # -------------------------------------------------------------- per-piece options (§9)
    simple("TX01", "Divine sparrow: back-right range under alt and ats", "+VI", "18r15u", "15u",
           "§9 divine_sparrow: the vermillion sparrow promoted (+VI) is the divine sparrow; "
           "wikipedia step(orth) slide(fl,bl) has no back-right move; alt slide(fl,bl,br) and "
           "ats slide(fl,bdiag) range back-right 17s, 16t, 15u (empty). The per-piece option "
           "wins over the profile's default (§9 readings).",
           ["ats", "divine_sparrow=alt", "divine_sparrow=ats"],
           ["default", "divine_sparrow=wikipedia"]),
    simple("TX02", "Divine sparrow: forward-right step only under ats", "+VI", "18r17q", "17q",
           "§9 divine_sparrow: only the ats row step(orth,fr) has the forward-right step to 17q; "
           "wikipedia and alt have no forward-right move at all.",
           ["ats", "divine_sparrow=ats"],
           ["default", "divine_sparrow=alt"]),
    simple("TX03", "Earth dragon: two squares forward under alt", "ED", "18r18p", "18p",
           "§9 earth_dragon: alt step(b,fdiag) slide2(f) reaches 18p over the empty 18q; "
           "wikipedia step(f) only reaches 18q. ats sets earth_dragon=alt; a per-piece value "
           "wins over the profile. 18p (rank 16) is outside Black's zone a-k: no promotion.",
           ["ats", "earth_dragon=alt"],
           ["default", "profile=ats earth_dragon=wikipedia"]),
    simple("TX04", "Earth dragon: two squares forward-left under wikipedia", "ED", "18r20p", "20p",
           "§9 earth_dragon: wikipedia slide2(fdiag) reaches 20p over the empty 19q; alt has only "
           "step(fdiag). Outside the zone.",
           ["default", "profile=ats earth_dragon=wikipedia"],
           ["ats", "earth_dragon=alt"]),
    simple("TX05", "Free demon: five squares forward under alt", "FR", "18r18m", "18m",
           "§9 free_demon: alt slide5(vert) reaches 18m (5 squares, 18q..18m empty); wikipedia "
           "slide5(b) moves back only and slide(diag,r) has no forward line. ats sets alt.",
           ["ats", "free_demon=alt"],
           ["default"]),
    simple("TX06", "Free demon: the vertical range stops at five", "FR", "18r18l", "18l",
           "§9 free_demon: slide5 is at most 5 squares; 18l is the 6th square forward, on no "
           "other line of the free demon in any value.",
           [], ["default", "ats", "free_demon=alt"]),
    simple("TX07", "Violent bear: forward step under wikipedia only", "VB", "18r18q", "18q",
           "§9 violent_bear: wikipedia step(f,side) steps to 18q; alt step(side,bdiag) has no "
           "forward step and slide2(fdiag) no forward line. The ats column equals wikipedia.",
           ["default", "ats"], ["violent_bear=alt"]),
    simple("TX08", "Violent bear: back-left step under alt only", "VB", "18r19s", "19s",
           "§9 violent_bear: only alt step(side,bdiag) reaches 19s (back-left).",
           ["violent_bear=alt"], ["default", "ats"]),
    simple("TX09", "Capricorn: orthogonal step under alt only", "CA", "18r18q", "18q",
           "§9 capricorn: alt adds step(orth) to hook(diag); wikipedia (and ats, the same) has "
           "only diagonal lines, so 18q is unreachable. 18q is outside the zone (CA promotes "
           "to HM only there).",
           ["capricorn=alt"], ["default", "ats"]),
    simple("TX10", "Long-nosed goblin: diagonal hook under every value", "LO", "18r14r", "14r",
           "§4.2 hook(diag): 17q, 16p (empty) then a 90° turn to the back-right diagonal "
           "15q, 14r; every value of long_nosed_goblin keeps hook(diag) (alt only adds "
           "step(orth)). Canonical hook text is from -> to (§8).",
           ["default", "ats", "long_nosed_goblin=alt"], []),
    # --------------------------------------------------------------- last_rank (§5)
    own("TX11", "No second chance with a right: compulsory promotion",
        f"{KINGS} P@18b", "18b18a",
        "§5 last_rank=no_second_chance: the pawn's move to 18a ends in the zone (zone_end "
        "right), so promotion is compulsory: the unmarked input is the promotion, written "
        "18b18a+; the pawn becomes +P (a gold general).",
        [legal("last_rank=no_second_chance", "18b18a+", f"{KINGS} +P@18a",
               promotion="compulsory")]),
    own("TX12", "No second chance with a right: declining is not a move",
        f"{KINGS} P@18b", "18b18a=",
        "§5 last_rank=no_second_chance with a right (zone_end): compulsory, so `=` names no "
        "legal move; under must_promote (both profiles) only `+` exists either way.",
        [illegal("last_rank=no_second_chance"), illegal("default"), illegal("ats")]),
    own("TX13", "No second chance without a right: the pawn arrives unpromoted",
        f"{KINGS} P@18b", "18b18a",
        "§5 last_rank=no_second_chance with promotion_right=capture_or_entry: the move starts "
        "inside the zone (18b) and captures nothing, so it has no right; the move is made "
        "unpromoted, one move without a mark, and leaves an immobile pawn on 18a.",
        [legal("last_rank=no_second_chance promotion_right=capture_or_entry", "18b18a",
               f"{KINGS} P@18a")]),
    own("TX14", "Must promote: the mark may be left out",
        f"{KINGS} P@18b", "18b18a",
        "§5 last_rank=must_promote (both profiles): only `+` exists for a pawn reaching its "
        "last rank, and it may be left out on input; the canonical text carries `+`.",
        [legal("default", "18b18a+", f"{KINGS} +P@18a", promotion="compulsory"),
         legal("ats", "18b18a+", f"{KINGS} +P@18a", promotion="compulsory")]),
    # --------------------------------------------------------------- repetition (§7)
    own("TX15", "Repetition jcsa: the fourth occurrence with nobody to deviate is a draw",
        KINGS, "1b1a",
        "§7 repetition=jcsa (default): the kings shuffle 36jj-36ii and 1a-1b; White's 12th "
        "move 1b1a makes the start position (Black to move) occur for the 4th time. Nobody "
        "gave check (the kings are 35 files apart), no move attacked, no pass: no side must "
        "deviate, so the move is legal and the game ends as a draw.",
        [("default", "legal_status",
          {"state": "ended", "result": "draw", "reason": "repetition"})],
        moves=["36jj36ii", "1a1b", "36ii36jj", "1b1a"] * 2 + ["36jj36ii", "1a1b", "36ii36jj"]),
    own("TX16", "Repetition fourfold_no_contest: the fourth occurrence is no contest",
        KINGS, "1b1a",
        "§7 repetition=fourfold_no_contest: the same game as TX15; the 4th occurrence ends "
        "the game with no contest (no check was given, so the perpetual-check exception does "
        "not apply).",
        [("repetition=fourfold_no_contest", "legal_status",
          {"state": "ended", "result": "no_contest", "reason": "repetition"})],
        moves=["36jj36ii", "1a1b", "36ii36jj", "1b1a"] * 2 + ["36jj36ii", "1a1b", "36ii36jj"]),
    own("TX17", "Repetition no_repeat: the first recurrence is forbidden",
        KINGS, "1b1a",
        "§7 repetition=no_repeat: after 36jj36ii 1a1b 36ii36jj, White's 1b1a would recreate "
        "the start position with Black to move: forbidden by the repetition rule. Under jcsa "
        "(default) it is legal (second occurrence only).",
        [("repetition=no_repeat", "refused_repetition"),
         legal("default", "1b1a", KINGS)],
        moves=["36jj36ii", "1a1b", "36ii36jj"]),
    # --------------------------------------------------------------- jumpslide (§4.1)
    own("TX18", "Wooden dove: leap to the 3rd diagonal square, then at most two more",
        f"{KINGS} WO@18r P@17q P@16p", "18r13m",
        "§4.1 jumpslide(3,2;diag): the wooden dove leaps its own pawns on 17q and 16p to the "
        "3rd square 15o (empty) and ranges on at most 2 squares: 14n, 13m. Nothing jumped is "
        "captured. slide(diag) is blocked by 17q. No promotion (WO has none).",
        [legal("default", "18r13m", f"{KINGS} WO@13m P@17q P@16p"),
         legal("ats", "18r13m", f"{KINGS} WO@13m P@17q P@16p")]),
    own("TX19", "Wooden dove: the continuation stops after two squares",
        f"{KINGS} WO@18r P@17q P@16p", "18r12l",
        "§4.1 jumpslide(3,2;diag): 12l is the 3rd square after the landing square 15o; "
        "slide(diag) is blocked by the pawn on 17q.",
        [illegal("default"), illegal("ats")]),
    own("TX20", "Jumpslide: capturing on the landing square ends the move",
        f"{KINGS} +EL@18r P@18q p@18p", "18r18o",
        "§4.1 jumpslide(2;all) of the great eagle (wikipedia row; ats has only fdiag): the "
        "landing square 18p holds an enemy, which ends the move there, so 18o is not reached; "
        "slide(all) is blocked by the own pawn on 18q.",
        [illegal("default"), illegal("ats")]),
    own("TX21", "Jumpslide: a capture on the landing square",
        f"{KINGS} +EL@18r P@18q p@18p", "18r18p",
        "§4.1 jumpslide(2;all) (wikipedia): the great eagle leaps its pawn on 18q and captures "
        "on 18p. ats reads jumpslide(2;fdiag) only and slide(f) is blocked: illegal there.",
        [legal("default", "18r18p", f"{KINGS} +EL@18p P@18q", ["18p:p"]), illegal("ats")]),
    # --------------------------------------------------------------- rangecapture (§4.3)
    own("TX22", "Violent dragon removes every passed piece in order of distance",
        f"{KINGS} VD@18r p@17q P@16p g@15o", "18r15o",
        "§4.3 rangecapture(diag) of the violent dragon (rank 1): it passes the White pawn on "
        "17q and its own pawn on 16p (rank 0, below 1: passable under not_higher and "
        "lower_only) and takes the gold on 15o (rank 0: a victim under any and lower_only). "
        "Every passed piece is removed, nearest first, then the victim (§6).",
        [legal("default", "18r15o", f"{KINGS} VD@15o", ["17q:p", "16p:P", "15o:g"]),
         legal("ats", "18r15o", f"{KINGS} VD@15o", ["17q:p", "16p:P", "15o:g"])]),
    own("TX23", "Range capture victim of equal rank on an open line",
        f"{KINGS} GG@18r gg@18p", "18r18p",
        "§4.3 range_capture_victim: nothing passed, the victim is White's great general "
        "(rank 3, equal to the mover's). any (wikipedia): an ordinary capture; lower_only "
        "(ats, or the option alone): equal rank blocks the line, and GG has no other move.",
        [legal("default", "18r18p", f"{KINGS} GG@18p", ["18p:gg"]),
         illegal("ats"), illegal("range_capture_victim=lower_only")]),
    own("TX24", "Passing a friend of equal rank removes it (not_higher)",
        f"{KINGS} RO@18r RO@18p p@18n", "18r18n",
        "§4.3 range_capture_jump: the rook general (rank 1) passes its own rook general on "
        "18p (equal rank: allowed under not_higher, not under lower_only) and takes the pawn "
        "on 18n; the passed friend is removed first, then the victim.",
        [legal("default", "18r18n", f"{KINGS} RO@18n", ["18p:RO", "18n:p"]),
         illegal("ats"), illegal("range_capture_jump=lower_only")]),
    own("TX25", "No range capture passes an own royal",
        f"{KINGS} GG@18r CP@18p p@18n", "18r18n",
        "§4.3: royals rank 4 and are never passed, of either side; the own prince on 18p ends "
        "the great general's line.",
        [illegal("default"), illegal("ats")]),
    own("TX26", "Range capture: other components capture whatever the rank",
        f"{KINGS} VG@18r gg@18p", "18r18p",
        "§4.3: the vice general's jump(0:2) is not a range capture: it takes White's great "
        "general (rank 3, above VG's 2) on 18p in every value.",
        [legal("default", "18r18p", f"{KINGS} VG@18p", ["18p:gg"]),
         legal("ats", "18r18p", f"{KINGS} VG@18p", ["18p:gg"])]),
    # --------------------------------------------------------------- triple and fly (§4.4)
    own("TX27", "Triple arrow: a piece on the 4th square",
        f"{KINGS} +PH@18r P@14n", "18r13m",
        "§4.4 triple(fdiag) of the golden bird (+PH): jump23 = slide, or leap to the 2nd "
        "(16p) or 3rd (15o) square and range on; all three stop at the own pawn on 14n, so "
        "13m is unreachable. pass3 passes the one piece on 14n and ends on the empty 13m.",
        [illegal("default"),
         legal("ats", "18r13m", f"{KINGS} +PH@13m P@14n"),
         legal("triple_arrow=pass3", "18r13m", f"{KINGS} +PH@13m P@14n")]),
    own("TX28", "Triple arrow pass3: the 4th piece on the line is a victim",
        f"{KINGS} +PH@18r P@17q P@16p P@15o p@14n", "18r14n",
        "§4.4 pass3 passes the three own pawns (not captured) and captures the enemy pawn on "
        "14n, the 4th piece. jump23: the 2nd and 3rd squares hold friends, no leap lands.",
        [illegal("default"),
         legal("ats", "18r14n", f"{KINGS} +PH@14n P@17q P@16p P@15o", ["14n:p"])]),
    own("TX29", "Triple arrow jump23: leap to the 3rd square and range on",
        f"{KINGS} +PH@18r P@17q P@16p", "18r13m",
        "§4.4 jump23: jumpslide(3;fdiag) lands on the empty 15o over the pawns on 17q and 16p "
        "and ranges on 14n, 13m. pass3 passes the two pawns: legal too. Nothing is captured.",
        [legal("default", "18r13m", f"{KINGS} +PH@13m P@17q P@16p"),
         legal("ats", "18r13m", f"{KINGS} +PH@13m P@17q P@16p")]),
    own("TX30", "Fly: the rain demon captures beyond five pieces",
        f"{KINGS} +BG@18r P@17q P@16p P@15o P@14n P@13m p@12l", "18r12l",
        "§4.4 fly(fdiag) (the rain demon's wikipedia row): passes any number of pieces, none "
        "captured, and takes the pawn on 12l. ats row: slide(fdiag) blocked at 17q and "
        "jumpslide(2;fdiag) lands on its own pawn: illegal.",
        [legal("default", "18r12l", f"{KINGS} +BG@12l P@17q P@16p P@15o P@14n P@13m", ["12l:p"]),
         illegal("ats")]),
    # --------------------------------------------------------------- rank order (§1, §8)
    own("TX31", "A played pass names its piece, through its first neighbour by rank number",
        f"{KINGS} LN@4aa LN@4z", "4aa3bb4aa",
        "§1 rank order, §8 and notation.md's rule that a played pass names its piece with "
        "that piece's canonical pass square: the lion on 4aa passes; its empty neighbours in "
        "file-then-rank-NUMBER order start with file 3: 3z (26), 3aa (27), 3bb (28), so the "
        "input through 3bb is normalised to 4aa3z4aa (string order would put 3aa first).",
        [legal("default", "4aa3z4aa", f"{KINGS} LN@4aa LN@4z", passes=True),
         legal("ats", "4aa3z4aa", f"{KINGS} LN@4aa LN@4z", passes=True)]),
    own("TX32", "The listed pass is the canonical one",
        f"{KINGS} LN@4aa LN@4z", None,
        "§4.6 all passes of a position are one move, listed once, in its canonical text "
        "(TX31).",
        [("default", "passes_listed", ["4z3y4z"])], job="legal_moves"),
    own("TX33", "Double-letter ranks at the edge: 1jj to 1ii",
        "K@1jj k@36a", "1jj1ii",
        "§8 machine move text: `1jj1ii` = 1jj -> 1ii (the maximal run of letters); the king "
        "steps forward.",
        [legal("default", "1jj1ii", "K@1ii k@36a")]),
    own("TX35", "A pass through a zone square promotes the lion under zone_route",
        f"{KINGS} LN@18l P@17k P@19k", "18l18k18l+",
        "§5 promotion_right=zone_route: the square of a lion move's first step counts, so a "
        "pass stepping to 18k (rank 11, in Black's zone a-k) and back gives the lion on 18l "
        "(outside the zone) a right: the lion becomes a furious fiend (+LN), a move of its "
        "own written through that square with `+` (§8). 18k is the lion's only empty zone "
        "neighbour (17k and 19k hold pawns), so the text is the only one. Under zone_end "
        "(wikipedia) the final square 18l is outside the zone: no right, `+` names no move. "
        "ats: compulsory; zone_route alone over wikipedia: optional, the `+` move chosen.",
        [illegal("default"),
         legal("ats", "18l18k18l+", f"{KINGS} +LN@18l P@17k P@19k", passes=True),
         legal("promotion_right=zone_route", "18l18k18l+", f"{KINGS} +LN@18l P@17k P@19k",
               passes=True)]),
    own("TX36", "The ordinary pass beside a promoting one",
        f"{KINGS} LN@18l P@17k P@19k", "18l18m18l",
        "§4.5, §8: a pass through 18m (outside the zone) promotes nothing in any value; all "
        "such passes are one move, written through the passer's first empty neighbour in "
        "file-then-rank order: 17k holds a pawn, so 17l (rank 12, outside the zone).",
        [legal("default", "18l17l18l", f"{KINGS} LN@18l P@17k P@19k", passes=True),
         legal("ats", "18l17l18l", f"{KINGS} LN@18l P@17k P@19k", passes=True)]),
    own("TX37", "Two passes are listed under zone_route, one under zone_end",
        f"{KINGS} LN@18l P@17k P@19k", None,
        "§4.6: all passes of a position are one move, except under zone_route when the pass "
        "promotes (§5): ats lists the ordinary pass (TX36) and the promoting one through 18k "
        "(TX35); wikipedia only the ordinary one.",
        [("default", "passes_listed", ["18l17l18l"]),
         ("ats", "passes_listed", ["18l17l18l", "18l18k18l+"])], job="legal_moves"),
    own("TX38", "A jumpslide's landing square gives no promotion right",
        f"{KINGS} TF@18i P@18j", "18i18m",
        "§5 zone_route: only the final square and a lion's first step count, not the landing "
        "square of a jumpslide, and the start square alone never does. The treacherous fox "
        "under ats (jumpslide(2;vert)) leaps its pawn on 18j, lands on 18k (rank 11, in the "
        "zone) and ranges on to 18m (rank 13, outside): no right, so the move has no mark "
        "even under compulsory promotion. Under zone_contact the start square 18i (rank 9) "
        "is in the zone: a right, compulsory under ats, the unmarked input is the promotion "
        "(the fox becomes +TF). wikipedia's plain fox cannot leap: illegal.",
        [illegal("default"),
         legal("ats", "18i18m", f"{KINGS} TF@18m P@18j"),
         legal("profile=ats promotion_right=zone_contact", "18i18m+", f"{KINGS} +TF@18m P@18j")]),
    own("TX39", "No `+` on a move without a right", f"{KINGS} TF@18i P@18j", "18i18m+",
        "§5, TX38: under ats the fox's 18i18m has no promotion right, so its `+` names no move.",
        [illegal("ats")]),
    own("TX34", "File 37 is no square", KINGS, "37a36a",
        "§8: files are 1-36; `37a` does not read as a square.",
        [("default", "rejected")]),
]

# Codes shared with another variant for another piece or move (taikyoku.md §3 "Piece
# codes"): a move this variant's row allows and the other variant's does not, or the
# reverse. (code on the board, code of the row, move, final square, legal?, note)
SHARED = [
    ("+DV", "TK", "18r18m", "18m", True, "P@18q P@18p",
     "TK teaching king (+DV): triple(all) here; jump23 leaps the pawns on 18q, 18p to the "
     "3rd square 18o and ranges on to 18m; pass3 passes the two pawns. Tai and maka's "
     "teaching king (queen + lion dog) cannot pass its own pawns nor reach a 5th square."),
    ("+CC", "WZ", "18r22r", "22r", True, "",
     "WZ wizard stork (+CC): slide(side,fdiag,b) here ranges 4 squares left; tai and maka's "
     "slide(diag,f) step(b) has no sideways move."),
    ("+OM", "MW", "18r18q", "18q", False, "",
     "MW mountain witch (+OM): slide(b,bdiag) (wikipedia), slide(diag,b) (ats): no forward "
     "move in either; tai and maka's mountain witch steps forward (step(f))."),
    ("RG", "RG", "18r19q", "19q", True, "",
     "RG right general: step(all) (wikipedia), step(f,b,l,fl,bl) (ats): the forward-left "
     "step; tenjiku's RG is the rook general (orthogonal lines only)."),
    ("SE", "SE", "18r18q", "18q", False, "",
     "SE sword soldier: step(fdiag,b), no forward move; tenjiku and dai's SE (soaring eagle) "
     "ranges forward."),
    ("RC", "RC", "18r17r", "17r", True, "",
     "RC right chariot: step(r) in both readings; tenjiku's RC (reverse chariot) moves only "
     "vertically."),
    ("FD", "FD", "18r16p", "16p", True, "P@17q P@18q P@19q P@17r P@19r P@17s P@18s P@19s",
     "FD flying dragon: jump(2:2) leaps to 16p over the ring of own pawns; tenjiku's FD "
     "(fire demon) slides and makes area moves, all blocked by the ring."),
    ("LH", "LH", "18r18l", "18l", True, "",
     "LH liberated horse: slide(f) ranges 6 squares to 18l; tenjiku's LH (lion hawk: "
     "bishop + lion) has no orthogonal move beyond 2 squares."),
    ("SS", "SS", "18r18o", "18o", True, "",
     "SS side serpent: slide3(f) reaches 18o; tenjiku's SS (side soldier) moves at most 2 "
     "forward."),
    ("VS", "VS", "18r17s", "17s", True, "",
     "VS violent stag: step(diag,f) steps back-right; tenjiku's VS (vertical soldier) has "
     "no diagonal move."),
    ("CS", "CS", "18r16p", "16p", False, "",
     "CS cat sword: step(diag) only; tenjiku's CS (chariot soldier) ranges diagonally to "
     "16p."),
    ("FO", "FO", "18r21r", "21r", True, "",
     "FO forest demon: slide3(side,f) reaches 21r; tenjiku and dai's FO (flying ox) has no "
     "sideways move."),
    ("FS", "FS", "18r14n", "14n", True, "",
     "FS flying swallow: slide(fdiag) ranges 4 squares forward-right; tenjiku and dai's FS "
     "(flying stag) only steps diagonally. 14n is outside the zone."),
    ("GG", "GG", "18r18l", "18l", True, "",
     "GG great general: rangecapture(all), on an empty line an ordinary slide to 18l; maka "
     "dai dai's GG (guardian of the gods) moves at most 3 orthogonally."),
    ("BA", "BA", "18r18w", "18w", True, "",
     "BA running bear: slide(vert) ranges back 5 squares to 18w; maka dai dai's BA (bat, "
     "slide(f,bdiag)) has no backward move."),
    ("BS", "BS", "18r22r", "22r", False, "",
     "BS boar soldier: slide2(side), so 22r (4 left) is out of reach; maka dai dai's BS "
     "(Buddhist spirit, queen + lion) ranges there."),
    ("CO", "CO", "18r21o", "21o", True, "",
     "CO captive officer: slide3(diag) reaches 21o; maka dai dai's CO (coiled serpent) only "
     "steps."),
    ("SD", "SD", "18r15o", "15o", True, "",
     "SD front standard: slide3(diag) reaches 15o; the she-devil of maka dai dai and dai "
     "dai (SD) moves at most 2 diagonally."),
    ("+RO", "FCR", "18r22r", "22r", True, "",
     "FCR flying crocodile (+RO): rangecapture(orth), on an empty line an ordinary slide "
     "sideways; maka dai dai's FCR (free copper, slide(vert,fdiag)) has no sideways move."),
    ("D", "D", "18r16p", "16p", False, "",
     "D dog: step(fdiag,f); dai dai's D (dove) ranges diagonally to 16p."),
    ("GE", "GE", "18r18l", "18l", True, "",
     "GE great standard: slide(orth) reaches 18l (6 forward); dai dai's GE (great elephant) "
     "moves at most 3 vertically."),
    ("SB", "SB", "18r21r", "21r", True, "",
     "SB cross-bow soldier: slide3(side) reaches 21r; dai dai's SB (standard bearer) moves "
     "at most 2 sideways."),
    ("ST", "ST", "18r19s", "19s", True, "",
     "ST strutting crow: step(bdiag,f) steps back-left; dai dai's ST (savage tiger) has no "
     "backward diagonal move."),
    ("WO", "WO", "18r15u", "15u", True, "",
     "WO wooden dove: slide(diag) ranges back-right to 15u; dai dai's WO (wood general, "
     "slide2(fdiag)) never moves back."),
    ("BD", "BD", "18r21o", "21o", True, "",
     "BD Buddhist devil: slide3(fdiag) reaches 21o; dai dai's BD (blue dragon) only steps "
     "forward-left."),
    ("EB", "EB", "18r20r", "20r", True, "",
     "EB enchanted badger: slide2(orth) reaches 20r (2 left); dai dai's EB (eastern "
     "barbarian) only steps sideways."),
]

for i, (piece, code, move, to, ok, extra, note) in enumerate(SHARED):
    cases = ["default", "ats"]
    OWN.append(simple(
        f"TX{40 + i:02d}", f"Code {code} is this variant's piece", piece, move, to,
        "§3 Piece codes: " + note + " Final square outside Black's zone a-k: no promotion.",
        cases if ok else [], [] if ok else cases, extra,
    ))


MATED_BY_BLACK = {"state": "ended", "result": "black", "reason": "checkmate"}

# Hook moves without a turn (taikyoku.md §4.2: a range move of at least one square, then
# *optionally* a turn): the straight range is part of the hook move.
OWN.append(own(
    "TX66", "Hook mover: the straight range without a turn",
    f"{KINGS} HM@18r p@18m", "18r18m",
    "§4.2 the hook mover's move is a range move of at least one square along an orthogonal, "
    "then optionally a turn: without the turn it is an ordinary range move, here capturing "
    "the pawn on 18m over the empty 18q-18n. 18m is outside Black's zone a-k and HM never "
    "promotes. (Found by perft(2) of the start: White's hook mover on 20f stepping onto an "
    "emptied neighbour.) On the otherwise empty board the hook mover on 18m then reaches "
    "every square (a range, then a turn), so White's lone king on 1a is mated (§7), as in T16.",
    [legal("default", "18r18m", f"{KINGS} HM@18m", ["18m:p"], status=MATED_BY_BLACK),
     legal("ats", "18r18m", f"{KINGS} HM@18m", ["18m:p"], status=MATED_BY_BLACK)]))
OWN.append(own(
    "TX67", "Long-nosed goblin: the straight diagonal range without a turn",
    f"{KINGS} LO@18r", "18r14n",
    "§4.2 hook(diag): a diagonal range move, then optionally a turn; without the turn the "
    "goblin ranges along its diagonal: 18r to 14n is four squares forward-right for Black "
    "(towards file 1 and rank a) through empty squares. 14n is outside Black's zone a-k.",
    [legal("default", "18r14n", f"{KINGS} LO@14n"),
     legal("ats", "18r14n", f"{KINGS} LO@14n")]))


def own_vectors():
    out = []
    for v in OWN:
        position = position_text(v["before"], v["side"])
        source = f"{OWN_SOURCE}: {v['vid']}. {v['title']}"
        for case in v["cases"]:
            name, verdict = case[0], case[1]
            if name == "default":
                name, rules = "wikipedia", {"profile": "wikipedia"}
            elif name == "ats":
                rules = {"profile": "ats"}
            else:
                entries = dict(e.split("=") for e in name.split())
                profile = entries.pop("profile", "wikipedia")
                rules = {"profile": profile}
                if entries:
                    rules["options"] = entries
            row = {
                "id": f"{v['vid']}/{name}",
                "source": source,
                "note": v["note"],
                "variant": "taikyoku",
                "rules": rules,
                "position": position,
                "moves": v["moves"],
                "job": v["job"],
            }
            if v["job"] == "adjudicate":
                row["move"] = v["move"]
            plies = len(v["moves"])
            if verdict == "legal":
                _, _, canonical, removed, after, status, passes, promotion = case
                side = "w" if (v["side"] == "b") == (plies % 2 == 0) else "b"
                after_text = position_text(after, side, plies + 2)
                row["expect"] = legal_expect(
                    canonical, removed, status if isinstance(status, dict) else {"state": status},
                    after_text, passes, rules
                )
                if promotion:
                    row["expect"]["promotion"] = promotion
            elif verdict == "illegal":
                row["expect"] = {"legal": False, "refused_by": "move_rules"}
            elif verdict == "refused_repetition":
                row["expect"] = {"legal": False, "refused_by": "repetition"}
            elif verdict == "rejected":
                row["expect"] = {"legal": False, "reason": "malformed"}
            elif verdict == "legal_status":
                row["expect"] = {"legal": True, "move": v["move"], "status": case[2]}
            elif verdict == "passes_listed":
                row["expect"] = {"passes_listed": case[2], "pass_count": len(case[2])}
            else:
                raise AssertionError(verdict)
            out.append(row)
    return out


def main():
    page = Path(sys.argv[1]).read_text(encoding="utf-8")
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else (
        Path(__file__).resolve().parent.parent / "tests/data/vectors/taikyoku.json"
    )
    vectors = page_vectors(page) + own_vectors()
    ids = [v["id"] for v in vectors]
    assert len(ids) == len(set(ids)), "ids are unique"
    out.write_text(
        json.dumps({"variant": "taikyoku", "vectors": vectors}, ensure_ascii=False, indent=1)
        + "\n",
        encoding="utf-8",
    )
    print(f"{out}: {len(vectors)} vectors")


if __name__ == "__main__":
    main()
