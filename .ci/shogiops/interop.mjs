// Interoperability of chu shogi records and moves with lishogi's rules library, shogiops
// (issue 36), against a running server. Run by .ci/shogiops.sh, which installs the pinned
// shogiops from npm into a temporary folder and passes its node_modules here.
//
//   node interop.mjs BASE_URL NODE_MODULES [--games N] [--seed S] [--perft-positions N]
//                    [--perft-depth D] [--fixture DIR]
//
// 1. Random chu games are played with shogiops (seeded; the choice is biased so that lion
//    double moves that recapture on the previous move's square, igui (capturing without
//    moving), passes and promotions occur, and each kind is counted).
// 2. Each game is written as KIF with shogiops' own move writer and read by the server
//    (`POST /v1/replay` with `record`): every move must be read, legal and equal, in USI,
//    to shogiops' move.
// 3. Each game's USI strings are replayed (`moves`): every move legal, each canonical
//    answer played by shogiops reaches the same position as shogiops' own move, and the
//    final positions agree.
// 4. The server writes each game as KIF (`record_format: kif`) and shogiops' parser reads
//    it back: the records it reads must give the same positions; for each record it cannot
//    read, the line and the known gap of its parser are reported (an unexplained failure
//    fails the run).
// 5. Perft under `count: usi_strings` agrees with a count over shogiops' own move lists on
//    the start position (depth 1..3, against tests/data/chu_shogiops_perft.tsv too) and on
//    positions taken from the games (depth 3).
// With --fixture DIR, a few of the games (chosen to cover every spelling) are written to
// DIR as the fixture the Rust tests read.

import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [baseUrl, modules, ...rest] = process.argv.slice(2);
if (!baseUrl || !modules) {
  console.error('usage: node interop.mjs BASE_URL NODE_MODULES [options]');
  process.exit(2);
}
const option = (name, fallback) => {
  const at = rest.indexOf(name);
  return at >= 0 && at + 1 < rest.length ? rest[at + 1] : fallback;
};
const GAMES = Number(option('--games', '60'));
const SEED = Number(option('--seed', '36'));
const PERFT_POSITIONS = Number(option('--perft-positions', '20'));
const PERFT_DEPTH = Number(option('--perft-depth', '3'));
const FIXTURE = option('--fixture', '');
const MAX_PLIES = 120;

const load = async rel => import(pathToFileURL(join(modules, 'shogiops', 'dist', rel)).href);
const so = await load('index.js');
const kif = await load('notation/kif.js');
const sfenLib = await load('sfen.js');
const vutil = await load('variant/util.js');
const chu = await load('variant/chushogi.js');
const notationUtil = await load('notation/util.js');
const VERSION = JSON.parse(readFileSync(join(modules, 'shogiops', 'package.json'), 'utf8')).version;
const { Chushogi, makeUsi, parseUsi } = so;
const canPromote = vutil.pieceCanPromote('chushogi');
const LION_POWER = ['lion', 'lionpromoted', 'falcon', 'eagle'];

let failures = 0;
const fail = message => {
  failures += 1;
  console.log(`FAIL ${message}`);
};

// --- a seeded random source (a 32-bit xorshift) ----------------------------------------
function randomSource(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
}

// --- shogiops' legal moves, each as it would be played ---------------------------------
// Every USI string shogiops accepts in `pos`: a direct move (with and without promotion
// where promotion is possible) and, for a lion-power piece, every first step followed by
// every second step shogiops allows (passes and igui included).
function legalMoves(pos) {
  const out = [];
  for (const [from, dests] of pos.allMoveDests()) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      if (canPromote(piece, from, to, pos.board.get(to))) out.push({ from, to, promotion: true });
      out.push({ from, to, promotion: false });
      if (LION_POWER.includes(piece.role)) {
        for (const last of chu.secondLionStepDests(pos, from, to)) {
          out.push({ from, to: last, midStep: to, promotion: false });
        }
      }
    }
  }
  return out;
}

// What kind of move `md` is in `pos` (one of the counted kinds, or another).
function kindOf(pos, md, lastTo) {
  if (md.midStep !== undefined) {
    if (md.to === md.from) return pos.board.has(md.midStep) ? 'igui' : 'pass';
    if (md.to === lastTo) return 'double_recapture';
    return 'double';
  }
  if (md.promotion) return 'promotion';
  return pos.board.has(md.to) ? 'capture' : 'plain';
}

// How much more likely each kind is chosen than a plain move.
const WEIGHT = { double_recapture: 400, igui: 60, pass: 6, promotion: 30, capture: 8, double: 2, plain: 1 };

// The key of a position for repetition (board, side, counter-strike square).
const key = pos => sfenLib.makeSfen(pos).split(' ').slice(0, 3).join(' ');

// One random game: its moves and kinds, stopped at an end shogiops sees, at MAX_PLIES,
// or before a move that would repeat a position (the server's repetition rules are
// lishogi's server's, which shogiops does not know).
function randomGame(random) {
  const pos = Chushogi.default();
  const seen = new Set([key(pos)]);
  const moves = [];
  let lastTo;
  while (moves.length < MAX_PLIES && !pos.isEnd()) {
    const candidates = legalMoves(pos).map(md => ({ md, kind: kindOf(pos, md, lastTo) }));
    let total = candidates.reduce((s, c) => s + WEIGHT[c.kind], 0);
    let chosen;
    while (candidates.length && !chosen) {
      let r = random() * total;
      const at = candidates.findIndex(c => (r -= WEIGHT[c.kind]) < 0);
      const c = candidates[at < 0 ? candidates.length - 1 : at];
      const child = pos.clone();
      child.play(c.md);
      if (!seen.has(key(child))) chosen = c;
      else {
        candidates.splice(candidates.indexOf(c), 1);
        total -= WEIGHT[c.kind];
      }
    }
    if (!chosen) break;
    moves.push({ ...chosen, usi: makeUsi(chosen.md), before: pos.clone() });
    pos.play(chosen.md);
    seen.add(key(pos));
    lastTo = chosen.md.to;
  }
  return { moves, final: pos };
}

// --- KIF as shogiops writes it ---------------------------------------------------------
// shogiops writes a move's text (one line, or two `一歩目`/`二歩目` lines); the number is
// put before each line in lishogi's layout (`   3手目` and three spaces or the step label).
function shogiopsKif(game) {
  const lines = [kif.makeKifHeader(Chushogi.default()), '手数----指手---------消費時間--'];
  let lastTo;
  game.moves.forEach((m, i) => {
    const text = kif.makeKifMoveOrDrop(m.before, m.md, lastTo);
    const number = `${String(i + 1).padStart(4)}手目`;
    for (const line of text.split('\n')) {
      lines.push(number + (line.includes('歩目') ? line : '   ' + line));
    }
    lastTo = m.md.to;
  });
  return lines.join('\n') + '\n';
}

// --- the server ------------------------------------------------------------------------
// A POST answered with JSON; a request on a connection the server closed meanwhile (an
// idle keep-alive connection during a long shogiops perft) is sent once more.
async function post(path, body, retry = true) {
  try {
    const response = await fetch(baseUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  } catch (error) {
    if (!retry) throw error;
    return post(path, body, false);
  }
}

// Checks a replay answer: every one of `count` moves legal; returns its verdicts.
function allLegal(what, answer, count) {
  if (answer.status !== 200) {
    fail(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
    return undefined;
  }
  const v = answer.body.verdicts;
  const bad = v.find(x => !x.legal);
  if (bad || v.length !== count) {
    fail(`${what}: ${v.length} of ${count} moves read, first refused ${JSON.stringify(bad)}`);
    return undefined;
  }
  return v;
}

// The position shogiops reaches by playing USI `usi` in `before`, or undefined.
function playedSfen(before, usi) {
  const md = parseUsi(usi);
  if (!md || !before.isLegal(md)) return undefined;
  const child = before.clone();
  child.play(md);
  return sfenLib.makeSfen(child);
}

// --- shogiops reading the server's records ---------------------------------------------
// Why shogiops' move parser stops at `line` (the gaps of its reader, not of the record).
function knownGap(line) {
  if (/歩目/.test(line) && /[仝同]/.test(line)) return 'a step line with 仝: its parser reads step lines without the previous destination';
  if (/じっと/.test(line)) return 'a pass `(じっと)`: its move pattern has no such mark';
  const name = line.replace(/^.*?(?:\d+[一二三四五六七八九十]+|仝|同)/, '').match(/^(\S+?)(?:成|不成|（居食い）)?\s*（/);
  if (name && [...name[1]].length > 2) return `the name ${name[1]}: its move pattern takes names of one or two characters`;
  return undefined;
}

// The move lines of `record` as shogiops' parser could read them with its known gaps
// worked around: the previous destination in place of 仝 on a step line, no `(じっと)`,
// piece names cut to two characters (the parser does not look at them).
function aroundGaps(moveLines, game) {
  return moveLines.map(line => {
    const number = Number(line.trim().split('手目')[0]);
    const previous = game.moves[number - 2]?.md.to;
    let out = line.replace('(じっと)', '');
    if (/歩目/.test(out) && previous !== undefined) out = out.replace('仝', notationUtil.makeJapaneseSquareHalf(previous));
    return out.replace(/(\d[一二三四五六七八九十]+|仝)(\S+?)((?:成|不成|（居食い）)?\s*（)/, (_, dest, name, tail) => dest + [...name].slice(-2).join('') + tail);
  });
}

function shogiopsReads(record, game, patched = false) {
  const lines = record.split('\n').filter(l => /^\s*\d+手目/.test(l));
  const moveLines = patched ? aroundGaps(lines, game) : lines;
  // The header: without a diagram or a 手合割 naming a variant, shogiops takes the record
  // for standard shogi; the moves are then read from chu's start, as an importer told
  // the variant does.
  const header = kif.parseKifHeader(record);
  const headerRead = header.isOk && header.value.rules === 'chushogi';
  const mds = kif.parseKifMovesOrDrops(moveLines);
  const pos = headerRead ? header.value : Chushogi.default();
  for (let i = 0; i < game.moves.length; i++) {
    const lines = moveLines.filter(l => Number(l.trim().split('手目')[0]) === i + 1);
    const md = mds[i];
    const want = sfenLib.makeSfen(game.moves[i + 1]?.before ?? game.final);
    if (!md) {
      const gap = lines.map(knownGap).find(Boolean);
      return { ok: false, line: lines.join(' / '), why: gap, move: i + 1, headerRead };
    }
    if (!pos.isLegal(md)) return { ok: false, line: lines.join(' / '), move: i + 1, illegal: true, headerRead };
    pos.play(md);
    const got = sfenLib.makeSfen(pos);
    if (got.split(' ').slice(0, 3).join(' ') !== want.split(' ').slice(0, 3).join(' ')) {
      return { ok: false, line: lines.join(' / '), move: i + 1, differs: `${got} vs ${want}`, headerRead };
    }
  }
  return { ok: true, headerRead };
}

// --- perft over shogiops' lists --------------------------------------------------------
// shogiops' lists go on after a game has ended (a royal captured, a bare king); counted as
// the server counts, an ended game has no moves. (Its `debug.perft` also plays a lion's
// two steps in the wrong order: its figure is printed beside, not compared.)
function perft(pos, depth) {
  if (depth === 0) return 1;
  if (pos.isEnd()) return 0;
  let nodes = 0;
  for (const md of legalMoves(pos)) {
    if (depth === 1) nodes += 1;
    else {
      const child = pos.clone();
      child.play(md);
      nodes += perft(child, depth - 1);
    }
  }
  return nodes;
}

// --- the run ---------------------------------------------------------------------------
const random = randomSource(SEED);
const games = [];
for (let g = 0; g < GAMES; g++) games.push(randomGame(random));
const kinds = {};
for (const game of games) for (const m of game.moves) kinds[m.kind] = (kinds[m.kind] ?? 0) + 1;
const plies = games.reduce((s, g) => s + g.moves.length, 0);
console.log(`shogiops ${VERSION}: ${games.length} games (seed ${SEED}), ${plies} moves:`, JSON.stringify(kinds));
for (const k of ['double_recapture', 'igui', 'pass', 'promotion']) {
  if (!kinds[k]) fail(`no move of kind ${k} in the games`);
}

let readOk = 0;
let usiOk = 0;
const written = [];
for (const [g, game] of games.entries()) {
  const usis = game.moves.map(m => m.usi);
  const record = shogiopsKif(game);
  game.record = record;
  // 2. the server reads shogiops' record.
  const fromRecord = allLegal(
    `game ${g}: the server reading shogiops' KIF`,
    await post('/v1/replay', { variant: 'chu', record: { format: 'kif', text: record } }),
    usis.length,
  );
  if (fromRecord) {
    const differ = fromRecord.findIndex((v, i) => v.submitted !== usis[i]);
    if (differ >= 0) fail(`game ${g} move ${differ + 1}: read ${fromRecord[differ].submitted}, shogiops played ${usis[differ]}`);
    else readOk += 1;
  }
  // 3. the USI strings round-trip, and the server writes the game as KIF.
  const answer = await post('/v1/replay', { variant: 'chu', moves: usis, record_format: 'kif' });
  const fromUsi = allLegal(`game ${g}: the server replaying shogiops' USI`, answer, usis.length);
  if (fromUsi) {
    let same = answer.body.final_position === sfenLib.makeSfen(game.final);
    if (!same) fail(`game ${g}: final position ${answer.body.final_position}, shogiops ${sfenLib.makeSfen(game.final)}`);
    fromUsi.forEach((v, i) => {
      const m = game.moves[i];
      const want = playedSfen(m.before, m.usi);
      const got = playedSfen(m.before, v.move.move);
      if (got !== want) {
        same = false;
        fail(`game ${g} move ${i + 1}: the canonical ${v.move.move} of ${m.usi} gives ${got} in shogiops, not ${want}`);
      }
      if (fromRecord && fromRecord[i].move.move !== v.move.move) {
        same = false;
        fail(`game ${g} move ${i + 1}: ${fromRecord[i].move.move} from the record, ${v.move.move} from USI`);
      }
    });
    if (same) usiOk += 1;
    written.push({ g, text: answer.body.record.text });
  }
}
console.log(`the server read ${readOk} of ${games.length} shogiops records to the same moves`);
console.log(`${usiOk} of ${games.length} USI move lists round-trip (every move legal, same positions in shogiops)`);

// 4. shogiops reads the server's records.
let backOk = 0;
let headersRead = 0;
const gaps = new Map();
for (const { g, text } of written) {
  const r = shogiopsReads(text, games[g]);
  if (r.headerRead) headersRead += 1;
  if (r.ok) backOk += 1;
  else if (r.why) gaps.set(r.why, [...(gaps.get(r.why) ?? []), `game ${g} move ${r.move}: ${r.line}`]);
  else fail(`game ${g}: shogiops reads the server's record differently at move ${r.move} (${r.line}) ${r.differs ?? (r.illegal ? 'illegal in shogiops' : '')}`);
}
console.log(`shogiops read ${backOk} of ${written.length} records the server wrote to the same positions`);
console.log(
  `  its header reader took ${written.length - headersRead} of them for standard shogi (no diagram, no 手合割; moves read from chu's start)`,
);
for (const [why, where] of gaps) {
  console.log(`  ${where.length} stopped at ${why}; first: ${where[0]}`);
}
// Every line of those records that meets one of the gaps (a record stops at its first).
const gapLines = new Map();
for (const { text } of written) {
  for (const line of text.split('\n').filter(l => /^\s*\d+手目/.test(l))) {
    const why = knownGap(line);
    if (why) gapLines.set(why, (gapLines.get(why) ?? 0) + 1);
  }
}
for (const [why, count] of gapLines) console.log(`  ${count} line(s) in all meet ${why}`);
// With those gaps worked around, shogiops must read every record to the same positions.
let aroundOk = 0;
for (const { g, text } of written) {
  const r = shogiopsReads(text, games[g], true);
  if (r.ok) aroundOk += 1;
  else fail(`game ${g}: with its gaps worked around, shogiops stops at move ${r.move} (${r.line}) ${r.differs ?? (r.illegal ? 'illegal in shogiops' : 'unread')}`);
}
console.log(`with those gaps worked around, shogiops read ${aroundOk} of ${written.length} to the same positions`);

// 5. perft.
const startSfen = sfenLib.makeSfen(Chushogi.default());
const fixture = readFileSync(new URL('../../tests/data/chu_shogiops_perft.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter(l => /^\d+\t/.test(l))
  .map(l => l.split('\t').map(Number));
const perftRows = [];
for (const [depth, usiStrings] of fixture.filter(([d]) => d <= PERFT_DEPTH)) {
  perftRows.push({ sfen: startSfen, depth, fixture: usiStrings });
}
// Positions of plies 10 to 60 (later ones can pass the server's perft node budget).
const pool = games.flatMap(game => game.moves.filter((_, i) => i >= 10 && i <= 60 && i % 7 === 3).map(m => m.before));
for (let i = 0; i < PERFT_POSITIONS && pool.length; i++) {
  const at = Math.floor(random() * pool.length);
  perftRows.push({ sfen: sfenLib.makeSfen(pool.splice(at, 1)[0]), depth: PERFT_DEPTH });
}
let perftOk = 0;
for (const row of perftRows) {
  const pos = sfenLib.parseSfen('chushogi', row.sfen).unwrap();
  const ours = perft(pos, row.depth);
  const raw = so.debug.perft(pos, row.depth);
  const answer = await post('/v1/perft', { variant: 'chu', position: row.sfen, depth: row.depth, count: 'usi_strings' });
  const service = answer.body.nodes;
  const agree = service === ours && (row.fixture === undefined || row.fixture === ours);
  if (agree) perftOk += 1;
  else fail(`perft ${row.depth} of ${row.sfen}: shogiops ${ours}, server ${service} (HTTP ${answer.status}), fixture ${row.fixture ?? '-'}`);
  console.log(`perft\t${row.depth}\t${ours}\t${service}\t${raw === ours ? '' : `debug.perft ${raw}`}\t${row.sfen}`);
}
console.log(`usi_strings perft agrees with shogiops on ${perftOk} of ${perftRows.length} positions`);

// The fixture: the fewest games, each cut after the last move it is kept for, that hold
// every spelling (仝 on both step lines, igui, pass, promotion, a square of rank 10-12),
// and the shortest whole game that holds them all.
if (FIXTURE) {
  const wanted = ['double_recapture', 'igui', 'pass', 'promotion'];
  mkdirSync(FIXTURE, { recursive: true });
  const chosen = [];
  for (const kind of wanted) {
    if (chosen.some(c => c.kinds.has(kind))) continue;
    let best;
    for (const [g, game] of games.entries()) {
      const at = game.moves.findIndex(m => m.kind === kind);
      if (at >= 0 && (!best || at < best.plies)) best = { g, plies: at + 1 };
    }
    if (!best) continue;
    const kindsIn = new Set(games[best.g].moves.slice(0, best.plies).map(m => m.kind));
    chosen.push({ ...best, kinds: kindsIn });
  }
  // And one whole game that holds every kind, the shortest.
  const whole = games
    .map((game, g) => ({ g, plies: game.moves.length, kinds: new Set(game.moves.map(m => m.kind)) }))
    .filter(c => wanted.every(k => c.kinds.has(k)) && !chosen.some(o => o.g === c.g))
    .sort((a, b) => a.plies - b.plies)[0];
  if (whole) chosen.push(whole);
  for (const c of chosen) {
    const game = { moves: games[c.g].moves.slice(0, c.plies) };
    const text = [
      `# Written by shogiops ${VERSION} (npm; lishogi's rules library): game ${c.g} of`,
      `# .ci/shogiops/interop.mjs --seed ${SEED} --games ${GAMES}, ${c.plies === games[c.g].moves.length ? 'all' : 'the first'} ${c.plies} moves.`,
      `# usi: ${game.moves.map(m => m.usi).join(' ')}`,
      shogiopsKif(game),
    ].join('\n');
    writeFileSync(join(FIXTURE, `game_${String(c.g).padStart(2, '0')}.kif`), text);
  }
  console.log(`fixture: ${chosen.length} records in ${FIXTURE}`);
}

console.log(failures ? `shogiops interop: ${failures} failure(s)` : 'shogiops interop: every check passed');
process.exit(failures ? 1 : 0);
