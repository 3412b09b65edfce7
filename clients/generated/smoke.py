"""Smoke test of the Python client that openapi-python-client generates from
openapi/openapi.json: the contract check of issue 19.

The client is generated in CI (`.ci/clients.sh`) into a temporary directory, byte-compiled,
and this file is type-checked against it with mypy before it runs. The client is built with
`raise_on_unexpected_status=True`, and it decodes every answer into the typed models of
the document (a missing required field raises), so an answer the document does not
describe fails here. Expected figures come from outside this project: chu shogi's start
position has 36 legal moves and 1,296 two-move sequences (HaChu 0.21 and lishogi's
shogiops), dai shogi's 71 (HaChu 0.21); the lion-trading verdict is lishogi's
(docs/rules/chu.md).

Usage: python smoke.py BASE_URL   (with the generated package `shogi_arbiter_client` importable)
"""

import sys

import httpx
from shogi_arbiter_client import Client
from shogi_arbiter_client.api.catalogue import get_variant, list_variants
from shogi_arbiter_client.api.games import replay
from shogi_arbiter_client.api.moves import adjudicate, legal
from shogi_arbiter_client.api.perft import perft
from shogi_arbiter_client.api.pictures import board
from shogi_arbiter_client.api.service import healthz, readyz
from shogi_arbiter_client.models import (
    AdjudicateRequest,
    AdjudicateResponse,
    BoardPictureRequest,
    Health,
    IllegalInfo,
    LegalMovesRequest,
    LegalMovesResponse,
    PerftRequest,
    PerftResponse,
    Problem,
    ReplayRequest,
    ReplayResponse,
    VariantDetail,
    VariantId,
)


def check(what: str, actual: object, wanted: object) -> None:
    if actual != wanted:
        sys.exit(f"FAIL {what}: got {actual!r}, expected {wanted!r}")
    shown = repr(actual)
    print(f"ok   {what}: {shown if len(shown) <= 80 else shown[:77] + '...'}")


def main(base_url: str) -> None:
    client = Client(base_url=base_url, raise_on_unexpected_status=True, timeout=httpx.Timeout(30.0))

    check("healthz", isinstance(healthz.sync(client=client), Health), True)
    check("readyz", isinstance(readyz.sync(client=client), Health), True)

    summaries = list_variants.sync(client=client)
    assert isinstance(summaries, list), summaries
    check("every variant of the enum is served", sorted(s.id for s in summaries), sorted(v.value for v in VariantId))

    # Every variant: its catalogue entry and the legal moves of its start position decode.
    for variant in VariantId:
        detail = get_variant.sync(variant, client=client)
        assert isinstance(detail, VariantDetail), detail
        moves = legal.sync(client=client, body=LegalMovesRequest(variant=variant, moves=[]))
        assert isinstance(moves, LegalMovesResponse), moves
        check(f"{variant}: start position echoed", moves.position, detail.start_position)
        check(f"{variant}: count matches the list", moves.count, len(moves.moves))

    chu = legal.sync(client=client, body=LegalMovesRequest(variant=VariantId.CHU, moves=[]))
    assert isinstance(chu, LegalMovesResponse)
    check("chu start: legal moves", chu.count, 36)
    dai = legal.sync(client=client, body=LegalMovesRequest(variant=VariantId.DAI, moves=[]))
    assert isinstance(dai, LegalMovesResponse)
    check("dai start: legal moves", dai.count, 71)

    verdict = adjudicate.sync(
        client=client,
        body=AdjudicateRequest(
            variant=VariantId.CHU,
            position="11k/12/12/5g6/5n6/12/5N6/12/12/12/12/K11 b - 1",
            move="7g7e",
        ),
    )
    assert isinstance(verdict, AdjudicateResponse), verdict
    check("chu: lion takes a protected lion", verdict.legal, False)
    assert isinstance(verdict.illegal, IllegalInfo), verdict.illegal
    check("chu: the reason", verdict.illegal.code, "lion_protected")

    game = replay.sync(
        client=client,
        body=ReplayRequest(
            variant=VariantId.CHU,
            start="11k/12/12/12/12/4r7/12/12/9n2/4N7/12/K5B5 w - 1",
            moves=["8f8j", "6l3i"],
        ),
    )
    assert isinstance(game, ReplayResponse), game
    check("chu replay: verdicts", [v.legal for v in game.verdicts], [True, False])

    count = perft.sync(client=client, body=PerftRequest(variant=VariantId.CHU, depth=2))
    assert isinstance(count, PerftResponse), count
    check("chu perft(2)", count.nodes, 1296)

    # The board picture (image/svg+xml, read as bytes: clients/generated/config.yaml): chu
    # shogi starts with 46 pieces a side (docs/rules/chu.md).
    picture = board.sync(client=client, body=BoardPictureRequest(variant=VariantId.CHU, moves=["7i7h"]))
    assert isinstance(picture, (bytes, str)), picture
    svg = picture.decode() if isinstance(picture, bytes) else picture
    check("board picture: an SVG document", svg.lstrip().startswith(("<svg", "<?xml")), True)
    check("board picture: pieces drawn", svg.count('class="piece '), 92)
    check("board picture: the last move marked", 'class="last-from"' in svg, True)

    # A malformed position is a documented 422 that decodes as a Problem.
    problem = legal.sync(client=client, body=LegalMovesRequest(variant=VariantId.CHU, position="not a position"))
    assert isinstance(problem, Problem), problem
    check("malformed position: problem status", problem.status, 422)
    print("generated client: smoke test passed")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8080")
