// The analysis board's move logic, without the page: square names, the squares of a move's
// machine text, and which squares a click may pick next. Loaded before board.js; plain
// functions on `window.BoardMoves`, so a test can call them from the page too.
"use strict";

(function () {
  // A rank's letters from its number (1 = a; after z the letters doubled: 27 = aa).
  function rankName(rank) {
    const letter = String.fromCharCode(96 + (rank > 26 ? rank - 26 : rank));
    return rank > 26 ? letter + letter : letter;
  }

  // A rank's number from its letters, or 0.
  function rankNumber(letters) {
    const n = letters.charCodeAt(0) - 96;
    if (letters.length === 1) return n;
    if (letters.length === 2 && letters[0] === letters[1]) return 26 + n;
    return 0;
  }

  // {file, rank} of a square name such as `13v` or `1jj`, or null.
  function parseSquare(name) {
    const m = /^(\d+)([a-z]+)$/.exec(name);
    if (!m) return null;
    const rank = rankNumber(m[2]);
    return rank ? { file: Number(m[1]), rank } : null;
  }

  // The steps of a move's machine text after its start square: a square it visits, or a
  // square it shoots (written `*9i`, key `*9i`). The promotion mark is left out.
  function parseMove(text) {
    const re = /(\*?)(\d+[a-z]+)/g;
    const keys = [];
    let m;
    while ((m = re.exec(text)) !== null) keys.push(m[1] + m[2]);
    const last = text[text.length - 1];
    return {
      from: keys.length ? keys[0] : "",
      steps: keys.slice(1),
      mark: last === "+" || last === "=" ? last : "",
    };
  }

  // The legal moves of a position (the `moves` of /v1/legal-moves), grouped by start square.
  function index(moves) {
    const byFrom = new Map();
    for (const info of moves) {
      const parsed = parseMove(info.move);
      const entry = Object.assign({ info }, parsed);
      if (!byFrom.has(entry.from)) byFrom.set(entry.from, []);
      byFrom.get(entry.from).push(entry);
    }
    return byFrom;
  }

  function startsWith(steps, prefix) {
    if (steps.length < prefix.length) return false;
    for (let i = 0; i < prefix.length; i++) if (steps[i] !== prefix[i]) return false;
    return true;
  }

  // What a piece on `from` may do after the steps `prefix` were picked: `next`, a map from
  // each step that may come next to the kinds of move through it (move, capture, leg: a
  // route goes on from there or shoots from there, igui: a capture without moving, pass,
  // shot, burn, promote),
  // and `done`, the moves that end with `prefix`.
  function choices(entries, from, prefix) {
    const next = new Map();
    const done = [];
    for (const e of entries) {
      if (!startsWith(e.steps, prefix)) continue;
      if (e.steps.length === prefix.length) {
        done.push(e);
        continue;
      }
      const key = e.steps[prefix.length];
      if (!next.has(key)) next.set(key, new Set());
      const kinds = next.get(key);
      const rest = e.steps.slice(prefix.length + 1);
      const square = key.replace("*", "");
      if (key[0] === "*") kinds.add("shot");
      else if (e.info.pass) kinds.add("pass");
      else if (key === from) kinds.add("igui");
      else if (rest.length && rest[rest.length - 1] === from && !rest.some((k) => k[0] !== "*" && k !== from)) kinds.add("igui");
      if (rest.length && !kinds.has("igui") && !kinds.has("pass")) kinds.add("leg");
      if (key[0] !== "*" && !e.info.pass) {
        const removedHere = e.info.removed.filter((r) => r.square === square);
        if (removedHere.some((r) => r.cause === "capture")) kinds.add("capture");
        else if (!rest.length) kinds.add("move");
      }
      if (!rest.length) {
        if (e.info.removed.some((r) => r.cause === "burn" || r.cause === "self_burn")) kinds.add("burn");
        if (e.mark === "+") kinds.add("promote");
      }
    }
    return { next, done };
  }

  window.BoardMoves = { rankName, rankNumber, parseSquare, parseMove, index, choices };
})();
