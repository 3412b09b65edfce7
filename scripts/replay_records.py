#!/usr/bin/env python3
"""Replays the records a match wrote (`shogi-arbiter match --out DIR`) through a running
server's `POST /v1/replay`, both forms: each game's JSON `replay` body and its KIF text.

For every game: every move must be judged legal, and the result must be the record's where
the rules ended the game (an ending code of the arbiter); where the referee ended it (a
fault, resignation, the ply limit, adjudication) the replayed game must still be going on.
Prints one line per disagreement and a count; exits 1 on any disagreement.

Usage: python3 scripts/replay_records.py DIR [BASE_URL]   (default http://127.0.0.1:8080)
"""
import json
import pathlib
import sys
import urllib.request

# Endings that the referee gives and the rules do not: the replay shows the game going on.
REFEREE_ENDINGS = {
    "illegal_move", "unparsable_move", "time_forfeit", "hang", "crash", "output_flood",
    "protocol_error", "refused_legal_move", "resign", "max_plies", "adjudicated_draw",
    "adjudicated_resign", "bad_opening",
}


def post(base, body):
    request = urllib.request.Request(
        base + "/v1/replay", data=json.dumps(body).encode(),
        headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.load(answer)


def verdict(record, answer, form):
    """What is wrong with one replay, or None."""
    if answer.get("first_illegal") is not None or answer.get("first_unreadable") is not None:
        return f"{form}: a move was refused: {answer.get('first_illegal') or answer.get('first_unreadable')}"
    played = record["moves"]
    if len(answer["verdicts"]) != len(played):
        return f"{form}: {len(answer['verdicts'])} moves replayed, {len(played)} recorded"
    status = answer["status"]
    if record["reason"] in REFEREE_ENDINGS:
        if status["state"] != "ongoing":
            return f"{form}: the referee ended it ({record['reason']}), the replay says {status}"
    elif (status.get("result"), status.get("reason")) != (record["result"], record["reason"]):
        return (f"{form}: recorded {record['result']} by {record['reason']}, "
                f"replayed {status.get('result')} by {status.get('reason')}")
    return None


def main():
    folder = pathlib.Path(sys.argv[1])
    base = sys.argv[2] if len(sys.argv) > 2 else "http://127.0.0.1:8080"
    records = sorted(folder.glob("game-*.json"))
    wrong = 0
    for path in records:
        record = json.loads(path.read_text())
        kif = path.with_suffix(".kif").read_text()
        kif_body = {"variant": record["variant"], "rules": record["replay"].get("rules"),
                    "record": {"format": "kif", "text": kif}}
        for form, body in (("json", record["replay"]), ("kif", kif_body)):
            problem = verdict(record, post(base, body), form)
            if problem:
                wrong += 1
                print(f"{path.name}: {problem}")
    print(f"{len(records)} games replayed in both forms, {wrong} disagreement(s)")
    sys.exit(1 if wrong or not records else 0)


if __name__ == "__main__":
    main()
