#!/usr/bin/env python3
"""A Python client of shogi-arbiter in one file, with the standard library only.

It does what a game server and a bot author do: read the catalogue, list the legal moves
of a position, have a move adjudicated, replay a game, and count perft. Every answer it
relies on is checked against a figure that does not come from this project: chu shogi's
start position has 36 legal moves and 1,296 two-move sequences (HaChu 0.21 and lishogi's
shogiops agree), and the lion-trading verdicts are those of lishogi's rules
(docs/rules/chu.md).

Usage: python3 clients/python/example.py [BASE_URL]   (default http://127.0.0.1:8080)
"""

import json
import sys
import urllib.error
import urllib.request

BASE = (sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8080").rstrip("/")


def call(path, body=None):
    """GETs (no body) or POSTs JSON; returns (status, decoded JSON answer)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(BASE + path, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as error:
        # Errors are problem+json (RFC 9457): type, title, status, detail.
        return error.code, json.load(error)


def expect(what, actual, wanted):
    if actual != wanted:
        sys.exit(f"FAIL {what}: got {actual!r}, expected {wanted!r}")
    print(f"ok   {what}: {actual}")


# The catalogue: every variant the service plays, and chu shogi's start position.
status, variants = call("/v1/variants")
expect("GET /v1/variants status", status, 200)
ids = {v["id"] for v in variants}
expect("chu and tai are played", {"chu", "tai"} <= ids, True)
status, chu = call("/v1/variants/chu")
# lishogi's chu start position (SFEN), as the conformance research notes give it.
expect(
    "chu start position",
    chu["start_position"],
    "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/"
    "MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
)

# Legal moves of the start position (game form with no moves yet).
status, legal = call("/v1/legal-moves", {"variant": "chu", "moves": []})
expect("chu start: legal moves", len(legal["moves"]), 36)

# Adjudicate one move: a pawn push, then the lion-trading rule (chu.md: a lion may not take
# a protected lion two squares away without a bridge).
status, verdict = call("/v1/adjudicate", {"variant": "chu", "moves": [], "move": "7i7h"})
expect("chu: pawn 7i7h is legal", verdict["legal"], True)
status, verdict = call(
    "/v1/adjudicate",
    {"variant": "chu", "position": "11k/12/12/5g6/5n6/12/5N6/12/12/12/12/K11 b - 1", "move": "7g7e"},
)
expect("chu: lion takes a protected lion", (verdict["legal"], verdict["illegal"]["code"]), (False, "lion_protected"))

# Replay: a verdict per move up to the first illegal one (the counter-strike rule).
status, replay = call(
    "/v1/replay",
    {"variant": "chu", "start": "11k/12/12/12/12/4r7/12/12/9n2/4N7/12/K5B5 w - 1", "moves": ["8f8j", "6l3i"]},
)
expect("chu replay: verdicts", [v["legal"] for v in replay["verdicts"]], [True, False])
expect("chu replay: the second is a counter-strike", replay["verdicts"][1]["illegal"]["code"], "counter_strike")

# Perft at depth 2.
status, perft = call("/v1/perft", {"variant": "chu", "depth": 2})
expect("chu perft(2)", perft["nodes"], 1296)

# A bad request gets a problem+json answer.
status, problem = call("/v1/legal-moves", {"variant": "no-such-shogi"})
expect("unknown variant: a 4xx", 400 <= status < 500, True)
expect("unknown variant: problem status field", problem["status"], status)
print("python example: all checks passed")
