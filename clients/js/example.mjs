// A JavaScript client of shogi-arbiter in one file: Node.js 18 or later (its built-in
// fetch), no packages.
//
// It does what a game server does on each submitted move: list the legal moves, have the
// move adjudicated, replay the game, and it counts perft as a bot author would. Every answer
// it relies on is checked against a figure that does not come from this project: chu
// shogi's start position has 36 legal moves and 1,296 two-move sequences (HaChu 0.21 and
// lishogi's shogiops agree); the lion-trading verdicts are lishogi's (docs/rules/chu.md).
//
// Usage: node clients/js/example.mjs [BASE_URL]   (default http://127.0.0.1:8080)

const base = (process.argv[2] ?? "http://127.0.0.1:8080").replace(/\/+$/, "");

// GETs (no body) or POSTs JSON; resolves to { status, body } (errors are problem+json).
async function call(path, body) {
  const init = body === undefined
    ? {}
    : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const answer = await fetch(base + path, { ...init, signal: AbortSignal.timeout(30_000) });
  return { status: answer.status, body: await answer.json() };
}

function expect(what, actual, wanted) {
  const a = JSON.stringify(actual);
  if (a !== JSON.stringify(wanted)) {
    console.error(`FAIL ${what}: got ${a}, expected ${JSON.stringify(wanted)}`);
    process.exit(1);
  }
  console.log(`ok   ${what}: ${a}`);
}

const variants = await call("/v1/variants");
expect("GET /v1/variants status", variants.status, 200);
const ids = variants.body.map((v) => v.id);
expect("chu and tai are played", ids.includes("chu") && ids.includes("tai"), true);

// The legal moves of chu shogi's start position (game form, no moves yet).
const legal = await call("/v1/legal-moves", { variant: "chu", moves: [] });
expect("chu start: legal moves", legal.body.moves.length, 36);

// A game server's turn: is the submitted move legal, and what is the position after it?
const pawn = await call("/v1/adjudicate", { variant: "chu", moves: [], move: "7i7h" });
expect("chu: pawn 7i7h is legal", pawn.body.legal, true);
expect("chu: it is listed among the legal moves", legal.body.moves.some((m) => m.move === pawn.body.move.move), true);
// A lion may not take a protected lion two squares away without a bridge (chu.md).
const lion = await call("/v1/adjudicate", {
  variant: "chu",
  position: "11k/12/12/5g6/5n6/12/5N6/12/12/12/12/K11 b - 1",
  move: "7g7e",
});
expect("chu: lion takes a protected lion", [lion.body.legal, lion.body.illegal.code], [false, "lion_protected"]);

// Replay: one verdict per move up to the first illegal one (the counter-strike rule).
const replay = await call("/v1/replay", {
  variant: "chu",
  start: "11k/12/12/12/12/4r7/12/12/9n2/4N7/12/K5B5 w - 1",
  moves: ["8f8j", "6l3i"],
});
expect("chu replay: verdicts", replay.body.verdicts.map((v) => v.legal), [true, false]);
expect("chu replay: the second is a counter-strike", replay.body.verdicts[1].illegal.code, "counter_strike");

const perft = await call("/v1/perft", { variant: "chu", depth: 2 });
expect("chu perft(2)", perft.body.nodes, 1296);

const bad = await call("/v1/legal-moves", { variant: "no-such-shogi" });
expect("unknown variant: a 4xx", bad.status >= 400 && bad.status < 500, true);
expect("unknown variant: problem status field", bad.body.status, bad.status);
console.log("javascript example: all checks passed");
