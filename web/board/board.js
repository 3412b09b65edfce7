// The analysis board page: a variant, rule profile and options from the catalogue; a game
// (start position and machine moves) shown at one ply with the service's board picture;
// the legal moves of that ply fetched once and a click's choices computed here
// (moves.js); moves played through /v1/adjudicate; the state kept in the URL fragment.
// Requests, problems in words and the fragment's text are service.js's.
"use strict";

(function () {
  const M = window.BoardMoves;
  const S = window.BoardService;
  const { afterPaint, call, problemText } = S;
  const $ = (id) => document.getElementById(id);

  // The page's state: what the URL fragment holds.
  const state = {
    variant: "chu",
    profile: "",
    options: {},
    start: null, // position text, or null for the variant's start
    moves: [], // machine texts
    hodges: [], // Hodges texts, where known
    ply: 0, // the position shown: after `ply` moves
    flip: false,
    latin: false,
  };
  // The variants (their board sizes; asked for once, at the start) and the shown variant's
  // catalogue entry (profiles, options, start position).
  const catalogue = { variants: null, variant: null };
  // The shown position: its legal moves by start square, its answer, its picture geometry.
  let shown = null;
  // The current selection: {from, prefix}.
  let picked = null;
  let drawing = 0;
  window.boardTimings = { loaded: performance.now(), firstPaint: null, clicks: [] };

  function showProblem(id, p) {
    const el = $(id);
    el.textContent = p ? problemText(p) : "";
    el.hidden = !p;
  }

  function rules() {
    const r = {};
    if (state.profile) r.profile = state.profile;
    if (Object.keys(state.options).length) r.options = state.options;
    return Object.keys(r).length ? r : undefined;
  }

  // The request body of the game up to `ply` moves.
  function game(ply) {
    const body = { variant: state.variant, moves: state.moves.slice(0, ply) };
    const r = rules();
    if (r) body.rules = r;
    if (state.start) body.start = state.start;
    return body;
  }

  // ---- the URL fragment --------------------------------------------------------------
  function writeFragment() {
    const hash = S.fragmentOf(state);
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }

  function readFragment() {
    return S.readFragment(location.hash, state);
  }

  // ---- catalogue ---------------------------------------------------------------------
  async function loadCatalogue() {
    const variants = await catalogue.variants;
    const select = $("variant");
    select.replaceChildren(...variants.map((v) => new Option(v.name + " (" + v.files + "×" + v.ranks + ")", v.id)));
    select.value = state.variant;
  }

  async function loadVariant() {
    const v = await call("variants/" + encodeURIComponent(state.variant));
    catalogue.variant = v;
    $("variant").value = v.id;
    const profile = $("profile");
    profile.replaceChildren(...v.profiles.map((p) => new Option(p + (p === v.default_profile ? " (default)" : ""), p)));
    profile.value = state.profile || v.default_profile;
    const box = $("options");
    box.replaceChildren();
    for (const o of v.options) {
      const label = document.createElement("label");
      label.title = o.description;
      const select = document.createElement("select");
      select.dataset.option = o.name;
      select.append(new Option("(profile's)", ""), ...o.values.map((x) => new Option(x, x)));
      select.value = state.options[o.name] || "";
      label.append(o.name + " ", select);
      box.append(label);
    }
  }

  // ---- drawing -----------------------------------------------------------------------
  // Shows the game at `state.ply`: the picture as soon as it comes (the first paint waits
  // for nothing else), then the legal moves (clicks choose among them) and the status.
  async function show() {
    const ticket = ++drawing;
    picked = null;
    writeFragment();
    const body = game(state.ply);
    const picture = Object.assign({}, body, { flip: state.flip, labels: state.latin ? "latin" : "kanji" });
    const asked = call("legal-moves", body);
    asked.catch(() => {});
    let svg, variants;
    try {
      [svg, variants] = await Promise.all([call("board.svg", picture), catalogue.variants]);
    } catch (p) {
      if (ticket === drawing) showProblem("input-problem", p);
      return;
    }
    const size = variants.find((v) => v.id === state.variant);
    if (ticket !== drawing || !size) return;
    window.boardTimings.fetched = window.boardTimings.fetched || performance.now();
    const holder = $("board");
    holder.innerHTML = svg.replace(/^<\?xml[^>]*>\s*/, "");
    const el = holder.querySelector("svg");
    el.removeAttribute("width");
    el.removeAttribute("height");
    const board = el.querySelector("rect.board");
    const files = size.files;
    const ranks = size.ranks;
    const geo = {
      left: Number(board.getAttribute("x")),
      top: Number(board.getAttribute("y")),
      cell: Number(board.getAttribute("width")) / files,
      files,
      ranks,
    };
    // The highlights live in an SVG of their own laid over the picture with the same
    // view box: a click repaints that layer only, not the picture's hundreds of pieces.
    const layer = document.createElementNS(el.namespaceURI, "svg");
    layer.setAttribute("viewBox", el.getAttribute("viewBox"));
    layer.setAttribute("class", "layer");
    const overlay = document.createElementNS(el.namespaceURI, "g");
    overlay.setAttribute("class", "overlay");
    layer.append(overlay);
    holder.append(layer);
    shown = { svg: el, overlay, geo, legal: null, byFrom: new Map() };
    window.boardTimings.inserted = window.boardTimings.inserted || performance.now();
    if (window.boardTimings.firstPaint === null) {
      afterPaint(() => {
        window.boardTimings.firstPaint = performance.now();
      });
    }
    let legal;
    try {
      legal = await asked;
    } catch (p) {
      if (ticket === drawing) showProblem("input-problem", p);
      return;
    }
    if (ticket !== drawing) return;
    shown.legal = legal;
    shown.byFrom = M.index(legal.moves);
    showStatus(legal);
    showList();
    $("pass").hidden = !legal.moves.some((m) => m.pass);
  }

  // The top-left corner of a square's cell, in picture units.
  function corner(name) {
    const sq = M.parseSquare(name);
    const g = shown.geo;
    if (!sq) return null;
    const col = state.flip ? sq.file - 1 : g.files - sq.file;
    const row = state.flip ? g.ranks - sq.rank : sq.rank - 1;
    return { x: g.left + col * g.cell, y: g.top + row * g.cell };
  }

  // The square under a click, or null outside the board.
  function squareAt(event) {
    const g = shown.geo;
    const point = shown.svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const p = point.matrixTransform(shown.svg.getScreenCTM().inverse());
    const col = Math.floor((p.x - g.left) / g.cell);
    const row = Math.floor((p.y - g.top) / g.cell);
    if (col < 0 || row < 0 || col >= g.files || row >= g.ranks) return null;
    const file = state.flip ? col + 1 : g.files - col;
    const rank = state.flip ? g.ranks - row : row + 1;
    return file + M.rankName(rank);
  }

  // A highlight on a square: a rounded box `inset` units inside its cell.
  function mark(name, classes, inset = 2) {
    const c = corner(name);
    if (!c) return;
    const r = document.createElementNS(shown.svg.namespaceURI, "rect");
    r.setAttribute("x", c.x + inset);
    r.setAttribute("y", c.y + inset);
    r.setAttribute("width", shown.geo.cell - 2 * inset);
    r.setAttribute("height", shown.geo.cell - 2 * inset);
    r.setAttribute("rx", 4);
    r.setAttribute("class", "hl " + classes);
    r.dataset.square = name;
    shown.overlay.append(r);
  }

  // Highlights the current selection: its piece, the squares picked so far, the next
  // choices with their kinds, and the removals of the moves that would end here.
  function highlight() {
    shown.overlay.replaceChildren();
    $("choice").replaceChildren();
    if (!picked) return;
    const entries = shown.byFrom.get(picked.from) || [];
    const { next, done } = M.choices(entries, picked.from, picked.prefix);
    mark(picked.from, "from");
    for (const k of picked.prefix) mark(k.replace("*", ""), k[0] === "*" ? "picked shot" : "picked");
    // A square where a route may go on gets a second, inner ring (its own kind outside).
    for (const [key, kinds] of next) {
      const square = key.replace("*", "");
      const own = [...kinds].filter((k) => k !== "leg");
      if (own.length) mark(square, "to " + own.join(" "));
      if (kinds.has("leg")) mark(square, "to leg", 10);
    }
    for (const e of done) {
      for (const r of e.info.removed) mark(r.square, "removed " + r.cause);
    }
    picked.next = next;
    picked.done = done;
    const hint = [];
    if (done.length && next.size) hint.push("click the last square again to stop there");
    $("hint").textContent = hint.join("; ");
  }

  function onBoardClick(event) {
    if (!shown) return;
    const t0 = performance.now();
    const sq = squareAt(event);
    if (!sq) return;
    clickSquare(sq);
    afterPaint(() => {
      window.boardTimings.clicks.push({ square: sq, ms: performance.now() - t0 });
    });
  }

  function clickSquare(sq) {
    if (picked) {
      const last = picked.prefix.length ? picked.prefix[picked.prefix.length - 1].replace("*", "") : picked.from;
      if (picked.next.has(sq) || picked.next.has("*" + sq)) {
        picked.prefix.push(picked.next.has(sq) ? sq : "*" + sq);
        highlight();
        if (!picked.next.size) finish(picked.done);
        return;
      }
      if (sq === last && picked.prefix.length && picked.done.length) return finish(picked.done);
    }
    picked = shown.byFrom.has(sq) && (!picked || picked.from !== sq) ? { from: sq, prefix: [] } : null;
    if (picked) highlight();
    else clearSelection();
  }

  function clearSelection() {
    picked = null;
    if (shown) shown.overlay.replaceChildren();
    $("choice").replaceChildren();
    $("hint").textContent = "";
  }

  // The moves that end with the picked squares: one is played; several differ only in
  // promotion, and a button each asks which.
  function finish(done) {
    if (done.length === 1) return play(done[0].info.move);
    const box = $("choice");
    box.replaceChildren();
    for (const e of done) {
      const b = document.createElement("button");
      b.textContent = (e.mark === "+" ? "promote" : e.mark === "=" ? "do not promote" : "play") + " " + e.info.move;
      b.addEventListener("click", () => play(e.info.move));
      box.append(b);
    }
    box.firstChild.focus();
  }

  // ---- playing -----------------------------------------------------------------------
  // The answer of a request, or null once its problem is shown in the box `where`.
  async function orProblem(where, asked) {
    try {
      return await asked;
    } catch (p) {
      showProblem(where, p);
      return null;
    }
  }

  async function play(text) {
    const answer = await orProblem("move-problem", call("adjudicate", Object.assign(game(state.ply), { move: text })));
    if (!answer) return;
    showProblem("move-problem", null);
    showVerdict(answer);
    if (!answer.legal) return clearSelection();
    state.moves = state.moves.slice(0, state.ply);
    state.hodges = state.hodges.slice(0, state.ply);
    state.moves.push(answer.move.move);
    state.hodges.push(answer.move.hodges);
    state.ply += 1;
    await show();
  }

  function showVerdict(a) {
    const box = $("verdict");
    const lines = [];
    if (a.legal) {
      const m = a.move;
      lines.push("Legal: " + m.move + "  (" + m.hodges + ")");
      for (const r of m.removed) lines.push("removed " + r.piece + " on " + r.square + " (" + r.cause + (r.royal ? ", royal" : "") + ")");
      for (const c of m.changed || []) lines.push("changed on " + c.square + ": " + (c.before || "") + " → " + (c.after || ""));
      if (m.promotion !== "none") lines.push("promotion: " + m.promotion + ", now " + m.piece_after);
      if (m.gives_check) lines.push("check");
    } else if (a.illegal) {
      lines.push("Illegal (" + a.illegal.code + "): " + a.illegal.message);
      if (a.illegal.winner_if_enforced) lines.push("if an illegal move loses: " + a.illegal.winner_if_enforced + " wins");
    } else if (a.unreadable) {
      lines.push("Not a move (" + a.unreadable.code + "): " + a.unreadable.message);
      if (a.unreadable.hint) lines.push(a.unreadable.hint);
    }
    lines.push("status: " + statusText(a.status));
    box.textContent = lines.join("\n");
    box.className = a.legal ? "legal" : "refused";
  }

  function statusText(s) {
    if (s.state === "ongoing") return "ongoing, " + s.side_to_move + " to move" + (s.in_check ? ", in check" : "");
    return "ended: " + s.result + " (" + s.reason + ")";
  }

  function showStatus(legal) {
    const s = legal.status;
    const rep = s.repetition === "evaluated" ? "position seen " + s.occurrences + "×" : "repetition not evaluated (bare position)";
    $("status").textContent = "Ply " + state.ply + " of " + state.moves.length + " · " + statusText(s) + " · " + legal.count + " legal moves · " + rep;
    $("position").textContent = legal.position;
  }

  function showList() {
    const list = $("move-list");
    list.replaceChildren(
      ...state.moves.map((m, i) => {
        const li = document.createElement("li");
        const b = document.createElement("button");
        b.textContent = m + (state.hodges[i] ? "  " + state.hodges[i] : "");
        b.dataset.ply = String(i + 1);
        if (i + 1 === state.ply) b.className = "current";
        li.append(b);
        return li;
      })
    );
    const current = list.querySelector(".current");
    if (current) current.scrollIntoView({ block: "nearest" });
  }

  function step(ply) {
    const to = Math.max(0, Math.min(state.moves.length, ply));
    if (to === state.ply) return;
    state.ply = to;
    show();
  }

  // Fills in the Hodges texts of the moves (one replay), and reports a move the service
  // refuses next to the input.
  async function fillHodges() {
    if (!state.moves.length) return;
    const answer = await orProblem("input-problem", call("replay", game(state.moves.length)));
    if (!answer) return;
    answer.verdicts.forEach((v, i) => {
      if (v.legal) state.hodges[i] = v.move.hodges;
    });
    const bad = answer.verdicts.find((v) => !v.legal);
    if (bad) {
      const why = bad.illegal ? bad.illegal.message : bad.unreadable.message;
      showProblem("input-problem", { detail: "move " + (bad.index + 1) + " (" + bad.submitted + ") is refused: " + why });
      state.moves = state.moves.slice(0, bad.index);
      state.ply = Math.min(state.ply, state.moves.length);
      await show();
      return;
    }
    showList();
  }

  // ---- input -------------------------------------------------------------------------
  // Reads the input box: a KIF record, a position text (optionally followed by moves), or
  // a move list.
  async function load() {
    const text = $("input").value.trim();
    showProblem("input-problem", null);
    if (!text) return;
    try {
      if (/手数|手目|先手|後手|手合割/.test(text)) await loadRecord(text);
      else await loadGame(text);
    } catch (p) {
      showProblem("input-problem", p);
    }
  }

  async function loadRecord(text) {
    const base = { variant: state.variant };
    const r = rules();
    if (r) base.rules = r;
    const answer = await call("replay", Object.assign({ record: { format: "kif", text } }, base));
    // The record's start: the final position of its header alone (lines before `手数`).
    const lines = text.split(/\r?\n/);
    const head = lines.findIndex((l) => l.startsWith("手数"));
    const header = lines.slice(0, head < 0 ? 0 : head + 1).join("\n");
    const start = (await call("replay", Object.assign({ record: { format: "kif", text: header + "\n" } }, base))).final_position;
    state.start = start === catalogue.variant.start_position ? null : start;
    const legal = answer.verdicts.filter((v) => v.legal);
    state.moves = legal.map((v) => v.move.move);
    state.hodges = legal.map((v) => v.move.hodges);
    state.ply = state.moves.length;
    const bad = answer.verdicts.find((v) => !v.legal);
    if (bad) {
      const why = bad.illegal ? bad.illegal.message : bad.unreadable.message;
      showProblem("input-problem", { detail: "line " + bad.line + ": move " + (bad.index + 1) + " is refused: " + why });
    }
    await show();
  }

  async function loadGame(text) {
    const words = text.split(/[\s,]+/).filter(Boolean);
    let start = null;
    // A position text: four fields, the first with the ranks' slashes.
    if (words.length >= 4 && words[0].includes("/")) {
      start = words.slice(0, 4).join(" ");
      words.splice(0, 4);
      if (words[0] === "moves") words.shift();
    }
    const body = { variant: state.variant, start: start || undefined, moves: words };
    const r = rules();
    if (r) body.rules = r;
    const answer = await call("replay", body);
    const bad = answer.verdicts.find((v) => !v.legal);
    if (bad) {
      const why = bad.illegal ? bad.illegal.message : bad.unreadable.message;
      throw { detail: "move " + (bad.index + 1) + " (" + bad.submitted + ") is refused: " + why };
    }
    state.start = start;
    state.moves = answer.verdicts.map((v) => v.move.move);
    state.hodges = answer.verdicts.map((v) => v.move.hodges);
    state.ply = state.moves.length;
    await show();
  }

  async function newGame() {
    state.start = null;
    state.moves = [];
    state.hodges = [];
    state.ply = 0;
    showProblem("input-problem", null);
    await loadVariant();
    await show();
  }

  // ---- copying -----------------------------------------------------------------------
  async function copy(what) {
    let text = "";
    if (what === "position") text = $("position").textContent;
    else if (what === "moves") text = state.moves.join(" ");
    else if (what === "link") text = location.href;
    else if (what === "kif") {
      const answer = await orProblem("move-problem", call("replay", Object.assign(game(state.moves.length), { record_format: "kif" })));
      if (!answer) return;
      text = answer.record.text;
    }
    const out = $("copied");
    out.value = text;
    out.hidden = false;
    out.select();
    try {
      await navigator.clipboard.writeText(text);
    } catch (e) {
      // No clipboard (an insecure origin): the text stays selected in the box.
    }
  }

  // ---- wiring ------------------------------------------------------------------------
  // Shows the state the fragment names: the picture and legal moves are asked for at the
  // same time as the variant's catalogue entry (the first paint waits for neither).
  async function applyFragment() {
    const judged = readFragment();
    $("latin").checked = state.latin;
    const entry = loadVariant().catch((p) => showProblem("input-problem", p));
    await show();
    await entry;
    if (judged) {
      $("move-text").value = judged;
      await judge(judged);
    }
    await fillHodges();
  }

  // The verdict on a move at the shown position, without playing it.
  async function judge(text) {
    const answer = await orProblem("move-problem", call("adjudicate", Object.assign(game(state.ply), { move: text })));
    if (!answer) return;
    showVerdict(answer);
    showProblem("move-problem", null);
  }

  function wire() {
    $("board").addEventListener("click", onBoardClick);
    $("variant").addEventListener("change", (e) => {
      state.variant = e.target.value;
      state.profile = "";
      state.options = {};
      newGame();
    });
    $("profile").addEventListener("change", (e) => {
      state.profile = e.target.value === catalogue.variant.default_profile ? "" : e.target.value;
      show();
    });
    $("options").addEventListener("change", (e) => {
      const name = e.target.dataset.option;
      if (e.target.value) state.options[name] = e.target.value;
      else delete state.options[name];
      show();
    });
    $("new").addEventListener("click", newGame);
    $("load").addEventListener("click", load);
    $("first").addEventListener("click", () => step(0));
    $("back").addEventListener("click", () => step(state.ply - 1));
    $("forward").addEventListener("click", () => step(state.ply + 1));
    $("last").addEventListener("click", () => step(state.moves.length));
    $("flip").addEventListener("click", () => {
      state.flip = !state.flip;
      show();
    });
    $("latin").addEventListener("change", (e) => {
      state.latin = e.target.checked;
      show();
    });
    $("pass").addEventListener("click", () => {
      const pass = shown && shown.legal && shown.legal.moves.find((m) => m.pass);
      if (pass) play(pass.move);
    });
    $("play").addEventListener("submit", (e) => {
      e.preventDefault();
      const text = $("move-text").value.trim();
      if (text) play(text);
    });
    $("move-list").addEventListener("click", (e) => {
      const ply = e.target.dataset && e.target.dataset.ply;
      if (ply) step(Number(ply));
    });
    for (const b of document.querySelectorAll("[data-copy]")) b.addEventListener("click", () => copy(b.dataset.copy));
    document.addEventListener("keydown", (e) => {
      if (e.target.closest("input, textarea, select")) return;
      const keys = { ArrowLeft: state.ply - 1, ArrowRight: state.ply + 1, Home: 0, End: state.moves.length };
      if (e.key in keys) {
        e.preventDefault();
        step(keys[e.key]);
      } else if (e.key === "Escape") clearSelection();
    });
    // replaceState fires no hashchange: this is a link followed or a URL edited.
    window.addEventListener("hashchange", applyFragment);
  }

  async function main() {
    wire();
    catalogue.variants = call("variants");
    catalogue.variants.catch(() => {});
    const first = applyFragment();
    try {
      await loadCatalogue();
    } catch (p) {
      showProblem("input-problem", p);
    }
    await first;
  }

  // A square's cell on the screen (client pixels), for tests that click.
  function screenBox(sq) {
    const c = corner(sq);
    const m = shown.svg.getScreenCTM();
    const cell = shown.geo.cell;
    return { x: m.a * c.x + m.e, y: m.d * c.y + m.f, w: m.a * cell, h: m.d * cell };
  }

  // The classes of the highlights on each square, for tests.
  function highlights() {
    const out = {};
    for (const r of shown.overlay.children) {
      out[r.dataset.square] = (out[r.dataset.square] ? out[r.dataset.square] + " " : "") + r.getAttribute("class");
    }
    return out;
  }

  window.BoardPage = { state, step, clickSquare, play, load, screenBox, highlights, ready: () => shown !== null && S.pending() === 0 };
  main();
})();
