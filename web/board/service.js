// The analysis board's side of the service: requests to the API (relative to the page, so
// a path prefix in front of the service is kept), a problem+json answer in words, the page
// state as URL fragment text and back, and a callback after the next painted frame. Plain
// functions on `window.BoardService`, loaded before board.js.
"use strict";

(function () {
  const API = "../v1/";
  // Requests under way (a test waits for none).
  let pending = 0;

  // Runs `then` once the next frame has been painted: a message posted from the frame's
  // animation callback is handled after the frame's rendering (the page's timings).
  function afterPaint(then) {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = then;
      channel.port2.postMessage(0);
    });
  }

  async function call(path, body) {
    pending += 1;
    try {
      return await request(path, body);
    } finally {
      pending -= 1;
    }
  }

  // One request; a 429 (the service's heavy calls are all busy) is asked again after its
  // Retry-After, up to three times.
  async function request(path, body) {
    let res;
    for (let attempt = 0; ; attempt++) {
      res = await fetch(API + path, {
        method: body === undefined ? "GET" : "POST",
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status !== 429 || attempt === 3) break;
      const wait = Math.min(Number(res.headers.get("retry-after")) || 1, 5);
      await new Promise((done) => setTimeout(done, wait * 1000));
    }
    const type = res.headers.get("content-type") || "";
    if (!res.ok) {
      let problem = { detail: res.status + " " + res.statusText };
      if (type.includes("json")) problem = await res.json();
      throw problem;
    }
    return type.includes("json") ? res.json() : res.text();
  }

  // A problem+json answer in words: its detail, then each listed problem.
  function problemText(p) {
    const lines = [p.detail || p.title || String(p)];
    if (p.line) lines[0] += " (line " + p.line + ")";
    for (const q of p.problems || []) {
      const where = [q.rank && "rank " + q.rank, q.file && "file " + q.file].filter(Boolean).join(", ");
      lines.push("• " + q.message + (where ? " (" + where + ")" : ""));
    }
    return lines.join("\n");
  }

  // The fragment (`#variant=...`) of a page state.
  function fragmentOf(state) {
    const q = new URLSearchParams();
    q.set("variant", state.variant);
    if (state.profile) q.set("profile", state.profile);
    const opts = Object.entries(state.options).map(([k, v]) => k + ":" + v).join(",");
    if (opts) q.set("options", opts);
    if (state.start) q.set("start", state.start);
    if (state.moves.length) q.set("moves", state.moves.join(","));
    if (state.ply !== state.moves.length) q.set("ply", String(state.ply));
    if (state.flip) q.set("flip", "1");
    if (state.latin) q.set("labels", "latin");
    return "#" + q.toString();
  }

  // Reads a fragment into a page state; returns the move it names to judge, or null.
  function readFragment(hash, state) {
    const q = new URLSearchParams(hash.slice(1));
    // A `+` written into a URL by hand reads as a space: moves never hold spaces.
    const plus = (s) => s.replace(/ /g, "+");
    state.variant = q.get("variant") || state.variant;
    state.profile = q.get("profile") || "";
    state.options = {};
    for (const pair of (q.get("options") || "").split(",").filter(Boolean)) {
      const [k, v] = pair.split(":");
      if (k && v) state.options[k] = v;
    }
    state.start = q.get("start") || null;
    state.moves = (q.get("moves") || "").split(",").filter(Boolean).map(plus);
    state.hodges = [];
    const ply = Number(q.get("ply"));
    state.ply = q.has("ply") && ply >= 0 && ply <= state.moves.length ? ply : state.moves.length;
    state.flip = q.get("flip") === "1";
    state.latin = q.get("labels") === "latin";
    // A move to judge (a conformance reproduction's): shown with its verdict, not played.
    return q.has("move") ? plus(q.get("move")) : null;
  }

  window.BoardService = { afterPaint, call, problemText, fragmentOf, readFragment, pending: () => pending };
})();
