/* A game of libcatanrisk against random bots in a browser page: the library
 * runs as WebAssembly (catanrisk.js), the board is the SVG the module's
 * web_svg draws from the board and view JSON, the legal actions are buttons,
 * the events are the log. No framework, no network.
 *
 * URL parameters: module, rules, seat, seed (bots), and autoplay=N, which
 * plays N of your decisions with random choices and then writes a summary
 * to #result (the headless browser test reads it). */
"use strict";

const DEFAULT_RULES = {
  base: "players=4",
  two_player: "",
  risk: "players=3",
  hawaii: "players=4",
  muhq: "map=2P-ring-street players=2 draft=none",
};
const CHANCE = -1, RUNNING = 0, WON = 1, EBUFSIZE = -3;
const SHOWN = 300; /* buttons at most; any text form can be typed */

let M = null;         /* the WebAssembly module */
let game = 0;         /* crisk_game * */
let seat = 0;
let nextEvent = 0;
let rng = 1;          /* the bots' xorshift state */
const log = [];

function random() {
  rng ^= rng << 13; rng ^= rng >>> 17; rng ^= rng << 5;
  return (rng >>> 0) / 4294967296;
}

/* crisk_action is a uint64_t: a BigInt here (built with WASM_BIGINT). */
function readAction(p) {
  return (BigInt(M.getValue(p + 4, "i32") >>> 0) << 32n) | BigInt(M.getValue(p, "i32") >>> 0);
}

function lastError() { return M.UTF8ToString(M._crisk_error_last()); }

/* A string out of a call with the (buf, cap, &len) pattern. */
function text(fn, ...args) {
  const lenp = M._malloc(4);
  try {
    let rc = fn(...args, 0, 0, lenp);
    if (rc !== 0 && rc !== EBUFSIZE) throw new Error(lastError());
    const len = M.getValue(lenp, "i32") >>> 0, buf = M._malloc(len + 1);
    try {
      rc = fn(...args, buf, len + 1, lenp);
      if (rc !== 0) throw new Error(lastError());
      return M.UTF8ToString(buf, len);
    } finally { M._free(buf); }
  } finally { M._free(lenp); }
}

function legalActions() {
  const cnt = M._malloc(4);
  try {
    let cap = 256;
    for (;;) {
      const buf = M._malloc(8 * cap);
      try {
        const rc = M._crisk_game_legal_actions(game, buf, cap, cnt), n = M.getValue(cnt, "i32") >>> 0;
        if (rc === EBUFSIZE) { cap = n; continue; }
        if (rc !== 0) throw new Error(lastError());
        const out = [];
        for (let i = 0; i < n; i++) out.push(readAction(buf + 8 * i));
        return out;
      } finally { M._free(buf); }
    }
  } finally { M._free(cnt); }
}

function actionText(a) { return text(M._crisk_game_action_to_string, game, a); }

function chanceOutcome() {
  const cap = 4096, acts = M._malloc(8 * cap), probs = M._malloc(8 * cap), cnt = M._malloc(4);
  try {
    if (M._crisk_game_chance_probabilities(game, acts, probs, cap, cnt) !== 0) throw new Error(lastError());
    const n = M.getValue(cnt, "i32");
    let u = random(), sum = 0;
    for (let i = 0; i < n; i++) {
      sum += M.getValue(probs + 8 * i, "double");
      if (u < sum || i === n - 1) return readAction(acts + 8 * i);
    }
  } finally { M._free(acts); M._free(probs); M._free(cnt); }
  throw new Error("no chance outcome");
}

/* Random bots play on; conceding, resigning and releasing units are left to people. */
function botAction() {
  if (M._crisk_game_current_seat(game) === CHANCE) return chanceOutcome();
  const all = legalActions();
  const keep = all.filter(a => !/^(concede|resign|release)/.test(actionText(a)));
  const from = keep.length ? keep : all;
  return from[Math.floor(random() * from.length)];
}

function status() {
  const w = M._malloc(4);
  try { return [M._crisk_game_status(game, w), M.getValue(w, "i32")]; } finally { M._free(w); }
}

function readEvents() {
  const first = M._malloc(8), next = M._malloc(8);
  try {
    M._crisk_game_event_range(game, first, next);
    const hi = M.getValue(next, "i32") >>> 0;
    const all = JSON.parse(text(M._crisk_game_events_json, game, BigInt(nextEvent), seat));
    for (const e of all) log.push(e.text !== undefined ? e.text : JSON.stringify(e));
    nextEvent = hi;
  } finally { M._free(first); M._free(next); }
}

function render() {
  const [st, winner] = status();
  const turn = Number(M._crisk_game_turn(game));
  const cur = M._crisk_game_current_seat(game);
  const svg = M._web_svg(game, seat);
  if (!svg) throw new Error(M.UTF8ToString(M._web_svg_error()));
  document.getElementById("board").innerHTML = M.UTF8ToString(svg);
  M._free(svg);
  document.getElementById("status").textContent = st === RUNNING
    ? `turn ${turn}: ${cur === seat ? "your decision" : "seat " + cur + " to act"}`
    : st === WON ? `game over after turn ${turn}: ${winner === seat ? "you win" : "seat " + winner + " wins"}`
    : `game over after turn ${turn} without a winner`;
  const box = document.getElementById("actions");
  box.textContent = "";
  if (st === RUNNING && cur === seat) {
    /* trade offers are many and rarely wanted: the other actions first */
    const named = legalActions().map(a => [a, actionText(a)]);
    const acts = named.filter(([, t]) => !t.startsWith("offer")).concat(named.filter(([, t]) => t.startsWith("offer")));
    acts.slice(0, SHOWN).forEach(([a, t]) => {
      const b = document.createElement("button");
      b.textContent = t;
      b.onclick = () => act(a);
      box.appendChild(b);
    });
    if (acts.length > SHOWN) box.appendChild(document.createTextNode(`… ${acts.length - SHOWN} more: type them`));
  }
  const el = document.getElementById("log");
  el.textContent = log.slice(-400).join("\n");
  el.scrollTop = el.scrollHeight;
}

/* The bots play until it is your decision or the game is over. */
function runBots() {
  for (let guard = 0; guard < 1000000; guard++) {
    if (status()[0] !== RUNNING || M._crisk_game_current_seat(game) === seat) break;
    if (M._crisk_game_apply(game, botAction()) !== 0) throw new Error(lastError());
  }
  readEvents();
}

function act(a) {
  const msg = document.getElementById("message");
  msg.textContent = "";
  if (M._crisk_game_check(game, a) !== 0) { msg.textContent = "illegal: " + lastError(); return false; }
  M._crisk_game_apply(game, a);
  readEvents();
  runBots();
  render();
  return true;
}

function typed(value) {
  const out = M._malloc(8);
  try {
    if (M.ccall("crisk_game_action_from_string", "number", ["number", "number", "string"], [out, game, value]) !== 0) {
      document.getElementById("message").textContent = lastError();
      return;
    }
    act(readAction(out));
  } finally { M._free(out); }
}

function newGame(module, rules, humanSeat, seed) {
  const out = M._malloc(4);
  try {
    if (!/(^|\s)seed=/.test(rules)) rules += ` seed=${seed}`;
    if (M.ccall("crisk_rules_new", "number", ["number", "string", "string"], [out, module, rules]) !== 0)
      throw new Error(lastError());
    const r = M.getValue(out, "i32");
    const seats = M._crisk_rules_num_seats(r);
    const rc = M._crisk_game_new(out, r);
    M._crisk_rules_free(r);
    if (rc !== 0) throw new Error(lastError());
    if (game) M._crisk_game_free(game);
    game = M.getValue(out, "i32");
    seat = Math.min(Math.max(0, humanSeat), seats - 1);
    M._crisk_game_set_undo_depth(game, 4096);
    nextEvent = 0; log.length = 0; rng = (seed * 2654435761) >>> 0 || 1;
  } finally { M._free(out); }
  readEvents();
  runBots();
  render();
}

function undo() {
  const avail = M._malloc(4);
  try {
    /* back to your previous decision, with the bots' actions after it */
    let undone = 0;
    for (;;) {
      M._crisk_game_undo_available(game, avail);
      if ((M.getValue(avail, "i32") >>> 0) === 0 || M._crisk_game_undo(game, 1) !== 0) break;
      if (M._crisk_game_current_seat(game) === seat) { undone = 1; break; }
    }
    log.push(undone ? "(took back your last decision)" : "(nothing to take back)");
  } finally { M._free(avail); }
  render();
}

function start() {
  const q = new URLSearchParams(location.search);
  const sel = document.getElementById("module"), rules = document.getElementById("rules");
  sel.value = q.get("module") || "base";
  rules.value = q.get("rules") !== null ? q.get("rules") : DEFAULT_RULES[sel.value];
  document.getElementById("seat").value = q.get("seat") || "0";
  sel.onchange = () => { rules.value = DEFAULT_RULES[sel.value]; };
  const go = () => {
    try {
      document.getElementById("message").textContent = "";
      newGame(sel.value, rules.value, Number(document.getElementById("seat").value), Number(q.get("seed") || 1));
    } catch (e) { document.getElementById("message").textContent = e.message; }
  };
  document.getElementById("new").onclick = go;
  document.getElementById("undo").onclick = () => game && undo();
  document.getElementById("typed").onkeydown = ev => {
    if (ev.key === "Enter" && game) { typed(ev.target.value); ev.target.value = ""; }
  };
  go();
  const auto = Number(q.get("autoplay") || 0);
  if (auto > 0 && game) autoplay(auto);
}

/* For the test: N of your decisions at random, then a summary in #result. */
function autoplay(n) {
  let done = 0, refused = 0;
  const bad = Number(q0("bad") || 0);
  for (let i = 0; i < bad; i++) refused += act(0xFFFFFFFFn) ? 0 : 1; /* an illegal code: refused, game unchanged */
  while (done < n && status()[0] === RUNNING) {
    const acts = legalActions().filter(a => !/^(concede|resign|release)/.test(actionText(a)));
    act(acts[Math.floor(random() * acts.length)]);
    done++;
  }
  const [st, winner] = status();
  const view = JSON.parse(text(M._crisk_game_to_json, game, seat));
  const svg = document.querySelector("#board svg");
  const result = document.getElementById("result");
  result.textContent = JSON.stringify({
    module: view.module, decisions: done, refused, status: st, winner, turn: Number(M._crisk_game_turn(game)),
    log: log.length, buttons: document.querySelectorAll("#actions button").length,
    roads_in_view: (view.roads || []).length, roads_drawn: svg ? svg.querySelectorAll(".road, .ship").length : -1,
    permanents_in_view: (view.permanents || []).filter(p => p.tile !== null).length,
    permanents_drawn: svg ? svg.querySelectorAll(".permanent").length : -1,
    message: document.getElementById("message").textContent,
  });
  result.hidden = false;
}
function q0(k) { return new URLSearchParams(location.search).get(k); }

createCatanrisk().then(mod => { M = mod; start(); })
  .catch(e => { document.getElementById("status").textContent = "cannot start the library: " + e; });
