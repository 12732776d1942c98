/* The table page: tiles, the document (`doc`, undo, the draft kept in the browser), the small
   builders every view uses, and the table form (stakes, players, options, side bets).
   One of the page's scripts sharing one scope (how they load: table-words.js). */
"use strict";

// --- tiles -----------------------------------------------------------------------------------
const NUM_ZH = "一二三四五六七八九";
const HONOURS = "東南西北白發中";
const FLOWERS = "梅蘭竹菊春夏秋冬";
const SUIT_ZH = { m: "萬", p: "筒", s: "索" };
const TILE_RE = /^(?:[1-9][mps]|0[mps]|[1-7]z|[1-8]f|\?)$/;
/** A flower tile: 1f–8f, and 中發白 (5z 6z 7z) where the variant plays its dragons as flowers
   (table().dragon_flowers: shanghai, unless its option dragons_as_flowers is off, SH-FLOW-1). */
const dragonFlowers = () => !!table().dragon_flowers && optionOf(doc, "dragons_as_flowers") !== false;
const isFlower = (c) => /^[1-8]f$/.test(c) || (/^[5-7]z$/.test(c) && dragonFlowers());
const isRed = (c) => /^0[mps]$/.test(c);
const kindOf = (c) => (isRed(c) ? "5" + c[1] : c);
const limitOf = (c) => (/^[1-8]f$/.test(c) || isRed(c) ? 1 : 4);
/** Whether tile `c` may come to the table once more, given the counts in play (`inView`): a
   fifth copy never; with red fives on, a set of fives is 3 plain and 1 red. `shown`: the count
   its key shows; `why`: the refusal in words. */
function room(c, counts) {
  const all = counts[kindOf(c)] || 0;
  const [big, small] = face(c);
  const name = big + small + " (" + c + ")";
  if (isRed(c)) {
    const n = counts[c] || 0;
    return { shown: n, full: n >= 1 || all >= 4, why: n >= 1 ? t("red_second", { t: name }) : t("fifth", { t: name, n: 4 }) };
  }
  if (redOn() && c[0] === "5" && c[1] !== "z") {
    const plain = all - (counts["0" + c[1]] || 0);
    return { shown: all, full: plain >= 3 || all >= 4, why: all >= 4 ? t("fifth", { t: name, n: 4 }) : t("red_fourth", { t: name, r: "0" + c[1] }) };
  }
  return { shown: all, full: all >= limitOf(c), why: t("fifth", { t: name, n: limitOf(c) }) };
}
const ORDER = (c) => (c === "?" ? 99 : "mpszf".indexOf(c[1]) * 10 + (c[0] === "0" ? 5.5 : +c[0]));
const sortTiles = (list) => list.slice().sort((a, b) => ORDER(a) - ORDER(b));

function face(c) {
  if (c === "?") return ["?", ""];
  const n = +c[0], s = c[1];
  if (s === "z") return [HONOURS[n - 1], ""];
  if (s === "f") return [FLOWERS[n - 1], String(((n - 1) % 4) + 1)];
  const num = n === 0 ? 5 : n;
  return [s === "m" ? NUM_ZH[num - 1] : String(num), SUIT_ZH[s]];
}
function tileEl(c, cls) {
  const el = document.createElement("span");
  const [big, small] = face(c);
  const mark = MARKS[kindOf(c)];
  el.className = "t " + (c === "?" ? "q" : c[1]) + (isRed(c) ? " r" : "") + (mark ? " " + mark : "") + (cls ? " " + cls : "");
  el.dataset.tile = c;
  el.title = mark ? c + " · " + t(mark) : c;
  el.innerHTML = "<b></b><i></i>";
  el.firstChild.textContent = big;
  el.lastChild.textContent = small;
  return el;
}
/** A tile list as the page keeps it: an array of codes (a compact string or a count read in). */
function readTiles(value) {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === "number") return Array(value).fill("?");
  if (typeof value !== "string") return [];
  const out = [];
  const re = /(\d+)([mpszf])|\?/g;
  let m;
  while ((m = re.exec(value))) {
    if (m[0] === "?") out.push("?");
    else for (const d of m[1]) out.push(d + m[2]);
  }
  return out;
}

// --- the indicator and the tiles it marks ------------------------------------------------------
/* A variant that turns an indicator up after the deal (wuhan: CONFIG.tables.wuhan.indicator) makes
   one kind wild by it (`wild_of`: indicator -> wild kind, the rulebook's table) and has tiles that
   are only laid out alone (`lay_out`: wuhan's 红中). Both are marked on the keys and wherever a
   tile is drawn: MARKS, kind -> "wild" | "lay", set from the document at each render. */
let MARKS = {};
/** The tile turned up in the hand shown: the position's `indicator`, or the `indicator` event. */
function indicatorOf() {
  const pos = position();
  if (pos && pos.type === "state") return pos.indicator || null;
  const e = events().find((x) => x.type === "indicator");
  return e ? e.tile || null : null;
}
function markTiles() {
  const ind = table().indicator;
  MARKS = {};
  if (!ind) return;
  for (const c of ind.lay_out || []) MARKS[c] = "lay";
  const shownNow = indicatorOf();
  const wild = shownNow && ind.wild_of[kindOf(shownNow)];
  if (wild) MARKS[wild] = "wild";
}
/** Whether a tile may be laid out alone (a single kong) in the hand shown. */
const layable = (c) => MARKS[kindOf(c)] === "wild" || MARKS[kindOf(c)] === "lay";

// --- the document -----------------------------------------------------------------------------
const rulebookOf = (v) => CONFIG.rulebooks.find((r) => r.variant === v) || CONFIG.rulebooks[0];
const tableOf = (v) => CONFIG.tables[v] || CONFIG.tables[CONFIG.rulebooks[0].variant];

function freshDoc(variant, names) {
  const v = variant || CONFIG.rulebooks[0].variant;
  const tb = tableOf(v);
  const seated = names || ["A", "B", "C", "D"];
  const d = {
    format: "mjref/1", variant: v, ruleset: Object.assign({}, tb.stakes), players: seated,
    hand: Object.assign({ round_wind: "1z", dealer: seated[0] }, tb.defaults, { events: [] }),
  };
  if (tb.winds === false) delete d.hand.round_wind;  // sichuan: no winds
  if (tb.hand_fields.includes("scores")) d.hand.scores = startScores(d);
  // most disputes start mid-hand: a known position, every hand hidden (a count), the dealer to
  // discard; the referee enters only the tiles the dispute turns on
  const hands = {};
  seated.forEach((p) => { hands[p] = tb.hand + (p === d.hand.dealer ? 1 : 0); });
  d.hand.events.push({ type: "state", hands, phase: "discard" });
  return d;
}
/** The value an option has in document `d` when its options do not name it: its preset's, or
   the rulebook's default. */
function defaultOf(d, name) {
  const preset = (tableOf(d.variant).presets || {})[(d.ruleset && d.ruleset.preset) || tableOf(d.variant).stakes.preset];
  if (preset && name in preset) return preset[name];
  const spec = (rulebookOf(d.variant).options || {})[name];
  return spec ? spec.default : undefined;
}
/** An option's value in force in document `d`. */
function optionOf(d, name) {
  const own = d.ruleset && d.ruleset.options;
  return own && name in own ? own[name] : defaultOf(d, name);
}
function startScores(d) {
  const out = {};
  d.players.forEach((p) => { out[p] = optionOf(d, "start_points"); });
  return out;
}
/** Whether this document's tiles include the red fives (0m 0p 0s): its variant has them and
   the option red_fives is not off. */
const redOn = () => !!table().red_fives && optionOf(doc, "red_fives") !== false;
let doc = freshDoc();
let handIndex = 0;
let undoStack = [];
const hand = () => (doc.hands ? doc.hands[handIndex] : doc.hand);
const handPath = () => (doc.hands ? "hands[" + handIndex + "]" : "hand");
const events = () => hand().events;
const position = () => { const e = events()[0]; return e && (e.type === "state" || e.type === "deal") ? e : null; };
const players = () => doc.players;
const bettors = () => doc.bettors || [];
const nextOf = (p) => players()[(players().indexOf(p) + 1) % 4];
const table = () => tableOf(doc.variant);

/** Normalise a document read in (import, a stored game): tile lists as arrays of codes. */
function normalise(d) {
  const hs = d.hands || (d.hand ? [d.hand] : []);
  for (const h of hs) {
    for (const e of h.events || []) {
      if (!e || typeof e !== "object") continue;
      for (const f of ["with", "tiles", "shown", "ura", "dora_indicators"]) if (f in e && e[f] !== null) e[f] = readTiles(e[f]);
      for (const f of ["hands", "flowers", "discards", "called_away"]) {
        if (e[f] && typeof e[f] === "object") for (const p in e[f]) if (!(f === "hands" && typeof e[f][p] === "number")) e[f][p] = readTiles(e[f][p]);
      }
      if (e.melds) for (const p in e.melds) for (const m of e.melds[p] || []) m.tiles = readTiles(m.tiles);
    }
  }
  return d;
}

function change(fn, opts) {
  lastErrors = null;  // what the last ruling found wrong may be fixed now: rule again to see
  undoStack.push(JSON.stringify(doc));
  if (undoStack.length > 200) undoStack.shift();
  fn();
  settleHidden();
  saveDraft();
  render(opts);
}
/** A hand nobody knows is a count (EVENT_LOG.md): kept right for the phase, the turn and the
   melds; a hand emptied on the keyboard is hidden again. */
function settleHidden() {
  const pos = position();
  if (!pos || !pos.hands) return;
  for (const p of players()) {
    const held = pos.hands[p];
    if (held == null || typeof held === "number" || (Array.isArray(held) && !held.length)) pos.hands[p] = need(p, pos);
  }
}
/** The tiles of a hand as a list (a hidden hand: none), and how many it holds. */
const tilesOf = (held) => (Array.isArray(held) ? held : []);
const countOf = (held) => (typeof held === "number" ? held : tilesOf(held).length);
function undo() {
  if (!undoStack.length) return;
  doc = JSON.parse(undoStack.pop());
  if (doc.hands && handIndex >= doc.hands.length) handIndex = 0;
  closeKeyboard();
  saveDraft();
  render();
}
function saveDraft() { store.set("draft", JSON.stringify(doc)); }

// --- small builders ---------------------------------------------------------------------------
function h(tag, attrs, ...kids) {
  const el = document.createElement(tag);
  for (const k in attrs || {}) {
    const v = attrs[k];
    if (v == null || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else if (k === "data") Object.assign(el.dataset, v);
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) if (kid != null) el.append(kid instanceof Node ? kid : String(kid));
  return el;
}
function chips(options, current, pick, opts) {
  opts = opts || {};
  const wrap = h("div", { class: "chips", data: opts.path ? { path: opts.path } : {}, role: "group" });
  for (const [value, label] of options) {
    const on = Array.isArray(current) ? current.includes(value) : current === value;
    wrap.append(h("button", {
      type: "button", class: "chip" + (on ? " on" : "") + (opts.small ? " small" : ""),
      "aria-pressed": on ? "true" : "false", data: { value: String(value) },
      onclick: () => pick(value, on),
    }, label));
  }
  return wrap;
}
const playerOptions = (list) => list.map((p) => [p, p]);
function numberInput(value, set, attrs) {
  return h("input", Object.assign({
    type: "number", inputmode: "numeric", min: "0", value: value == null ? "" : value,
    onchange: (ev) => { const s = ev.target.value.trim(); change(() => set(s === "" ? null : Number(s))); },
  }, attrs || {}));
}
const opened = {};  // which folds the user opened or closed, kept across redraws
function fold(key, label, openByDefault, ...kids) {
  const el = h("details", { class: "fold", data: { fold: key } }, h("summary", {}, label), ...kids);
  el.open = key in opened ? opened[key] : !!openByDefault;
  el.addEventListener("toggle", () => { opened[key] = el.open; });
  return el;
}
const field = (label, path, ...kids) => h("div", { class: "row wrap", data: path ? { path } : {} },
  h("span", { class: "lbl" }, label), ...kids);
function clauseButton(id) {
  return h("button", { type: "button", class: "rule-id", data: { clause: id }, onclick: () => openClause(id) }, id);
}

// --- the table form -------------------------------------------------------------------------
/* The table form's parts by name: the variant's entry in CONFIG.tables lists which it shows, in
   order (`form`), and which under "More" (`more`). */
const TABLE_PARTS = {
  stakes: () => renderStakes(),
  players: () => {
    const names = field(t("players"), "players");
    doc.players.forEach((p, i) => names.append(h("input", {
      class: "id", value: p, "aria-label": "player " + (i + 1), data: { path: "players[" + i + "]" },
      onchange: (ev) => renamePlayer(p, ev.target.value.trim()),
    })));
    return names;
  },
  dealer: (hd, hp) => field(t("dealer"), hp + ".dealer", chips(playerOptions(players()), hd.dealer,
    (v) => change(() => { hd.dealer = v; }))),
  streak: (hd, hp) => {
    const row = counter(hd, hp, "streak");
    if (!table().hand_fields.includes("streak_marker")) return row;  // tw16's marker (TW-FLOW-9) only
    row.append(h("span", { class: "lbl" }, t("marker")),
      numberInput(hd.streak_marker, (v) => { if (v == null) delete hd.streak_marker; else hd.streak_marker = v; }, { "aria-label": "streak marker", data: { path: hp + ".streak_marker" } }));
    return row;
  },
  honba: (hd, hp) => counter(hd, hp, "honba"),
  huang_fan: (hd, hp) => counter(hd, hp, "huang_fan"),
  dice: (hd, hp) => {  // the roll that opened the wall (shanghai's 荒番, SH-HF-2): two dice, or none
    const row = field(t("dice"), hp + ".dice");
    const roll = Array.isArray(hd.dice) ? hd.dice : null;
    [0, 1].forEach((k) => row.append(chips([[null, "–"], ...[1, 2, 3, 4, 5, 6].map((n) => [n, String(n)])], roll ? roll[k] : null,
      (v) => change(() => {
        const now = Array.isArray(hd.dice) ? hd.dice.slice() : [null, null];
        now[k] = v;
        // one die alone stays half entered (Rule names hand.dice): never a pair the table did not roll
        if (now[0] == null && now[1] == null) delete hd.dice;
        else hd.dice = now;
      }), { small: true, path: hp + ".dice[" + k + "]" })));
    return row;
  },
  sticks: (hd, hp) => counter(hd, hp, "sticks"),
  scores: (hd, hp) => {
    const row = field(t("scores"), hp + ".scores");
    for (const p of players()) {
      row.append(h("label", { data: { path: hp + ".scores." + p } }, p + " ", numberInput((hd.scores || {})[p], (v) => {
        const sc = Object.assign({}, hd.scores || {});
        if (v == null) delete sc[p]; else sc[p] = v;
        if (Object.keys(sc).length) hd.scores = sc; else delete hd.scores;
      }, { "aria-label": "score " + p, min: null, class: "points" })));
    }
    return row;
  },
  round_wind: (hd, hp) => field(t("round_wind"), hp + ".round_wind", chips(["1z", "2z", "3z", "4z"].map((w) => [w, tileEl(w, "mini")]),
    hd.round_wind, (v) => change(() => { hd.round_wind = v; }))),
  open_seat: (hd, hp) => field(t("open_seat"), hp + ".open_seat", chips([[null, t("default")], ...playerOptions(players())], hd.open_seat || null,
    (v) => change(() => { if (v) hd.open_seat = v; else delete hd.open_seat; }))),
  start_dealer: (hd, hp) => field(t("start_dealer"), hp + ".start_dealer", chips([[null, t("none")], ...playerOptions(players())], hd.start_dealer || null,
    (v) => change(() => { if (v) hd.start_dealer = v; else delete hd.start_dealer; }))),
  key_options: () => renderOptions(table().key_options, null),
  options: () => renderOptions(Object.keys(rulebookOf(doc.variant).options || {}).filter((n) => !table().key_options.includes(n)), t("options")),
  side_bets: () => renderBets(),
};

function renderTable() {
  const box = $("#table-form");
  box.replaceChildren();
  const hd = hand(), hp = handPath();
  if (CONFIG.rulebooks.length > 1) {
    box.append(field(t("variant"), "variant", chips(CONFIG.rulebooks.map((r) => [r.variant, variantName(r.variant)]), doc.variant,
      (v) => change(() => { doc = freshDoc(v, doc.players); handIndex = 0; }))));
  }
  for (const part of table().form) box.append(TABLE_PARTS[part](hd, hp));
  const adv = fold("table-more", t("more"), false);
  for (const part of table().more) adv.append(TABLE_PARTS[part](hd, hp));
  box.append(adv);
  if (doc.hands) {
    box.append(field(t("hand_n"), "hands", chips(doc.hands.map((_, i) => [i, String(i + 1)]), handIndex,
      (v) => { handIndex = v; closeKeyboard(); render(); })));
  }
}

/** A count of the hand (streak, honba, sticks) with − and + buttons. */
function counter(hd, hp, key) {
  return field(t(key), hp + "." + key,
    h("button", { type: "button", class: "chip", onclick: () => change(() => { hd[key] = Math.max(0, (hd[key] || 0) - 1); }) }, "−"),
    h("b", { data: { value: key } }, String(hd[key] || 0)),
    h("button", { type: "button", class: "chip", onclick: () => change(() => { hd[key] = (hd[key] || 0) + 1; }) }, "+"));
}

/** The stakes (base and tai) and the preset a variant's ruleset names (tw16 has both: the
    preset is one choice beside base and tai, its first the default). */
function renderStakes() {
  const stakes = table().stakes;
  const presets = rulebookOf(doc.variant).presets;
  const row = field(t(presets && !("base" in stakes) ? "preset" : "stake"), "ruleset");
  for (const name in stakes) {
    if (name === "preset") continue;
    row.append(h("label", { data: { path: "ruleset." + name } }, t("stake_" + name) + " ",
      numberInput(doc.ruleset && doc.ruleset[name], (v) => {
        doc.ruleset = doc.ruleset || {};
        if (v == null) delete doc.ruleset[name]; else doc.ruleset[name] = v;
      }, { "aria-label": name })));
  }
  if (presets) {
    row.append(chips(presets.map((p) => [p, own(p) ? tv(p) : p]),  // a preset in the variant's own words where it has them
      (doc.ruleset && doc.ruleset.preset) || stakes.preset || presets[0], (v) => change(() => {
      const before = optionOf(doc, "start_points");
      doc.ruleset = doc.ruleset || {};
      doc.ruleset.preset = v;
      // scores still at the old preset's start points follow the new preset's
      for (const hd of doc.hands || [doc.hand]) {
        if (hd.scores && Object.values(hd.scores).every((n) => n === before)) hd.scores = startScores(doc);
      }
    }), { path: "ruleset.preset" }));
  }
  return row;
}

function renamePlayer(old, name) {
  if (!name || name === old) return render();
  change(() => {
    const swap = (v) => (v === old ? name : v);
    doc.players = doc.players.map(swap);
    for (const hd of doc.hands || [doc.hand]) {
      for (const k of ["dealer", "open_seat", "start_dealer"]) if (hd[k] === old) hd[k] = name;
      if (hd.scores && old in hd.scores) { hd.scores[name] = hd.scores[old]; delete hd.scores[old]; }
      for (const e of hd.events) {
        for (const k of ["player", "from", "by", "against", "target"]) if (e[k] === old) e[k] = name;
        for (const k of ["players", "tenpai", "nagashi"]) if (Array.isArray(e[k])) e[k] = e[k].map(swap);
        for (const k of ["hands", "melds", "flowers", "discards", "status", "riichi", "called_away"]) {
          if (e[k] && old in e[k]) { e[k][name] = e[k][old]; delete e[k][old]; }
        }
        if (e.melds) for (const p in e.melds) for (const m of e.melds[p]) if (m.from === old) m.from = name;
        if (e.last_discard && e.last_discard.player === old) e.last_discard.player = name;
        if (e.turn === old) e.turn = name;
      }
      for (const b of hd.side_bets || []) {
        b.principal = swap(b.principal); b.bettor = swap(b.bettor); b.accepted_by = b.accepted_by.map(swap);
      }
    }
  });
}

/** The options `names` of the variant's rulebook, each as the rulebook lists it (GET
   /v1/rulebooks): yes/no, one of its values, several of them (an array), a number (or none), an
   object of numbers (sichuan's kong_pay),
   or a value with a number (fixed:K, final:N); a value equal to the preset's or the rulebook's
   default is left out of the document. */
function renderOptions(names, title) {
  const box = h("div", { data: { path: "ruleset.options" } }, title ? h("h3", {}, title) : null);
  const specs = rulebookOf(doc.variant).options || {};
  const opts = (doc.ruleset && doc.ruleset.options) || {};
  const put = (name, value) => {
    doc.ruleset = doc.ruleset || {};
    const o = Object.assign({}, doc.ruleset.options || {});
    if (value === undefined || JSON.stringify(value) === JSON.stringify(defaultOf(doc, name))) delete o[name]; else o[name] = value;
    if (Object.keys(o).length) doc.ruleset.options = o; else delete doc.ruleset.options;
  };
  const set = (name, value) => change(() => put(name, value));
  for (const name of names) {
    const spec = specs[name];
    const current = name in opts ? opts[name] : defaultOf(doc, name);
    const label = h("span", { class: "lbl", title: name, data: { option: name } }, optionWord(name), " ",
      /^[A-Z]{2}-/.test(spec.clause) ? clauseButton(spec.clause) : null);
    let control;
    if (spec.values === "boolean") {
      control = chips([[false, t("no")], [true, t("yes")]], current, (v) => set(name, v), { small: true });
    } else if (Array.isArray(spec.default)) {
      const now = current || [];
      control = chips(spec.values.map((v) => [v, optionWord(name, v)]), now, (v, on) => set(name, spec.values.filter((x) => (x === v ? !on : now.includes(x)))), { small: true });
    } else if (spec.values.includes("object") && spec.default && typeof spec.default === "object") {
      // an object of whole numbers (sichuan kong_pay: {"claimed": 2, "added": 1, "concealed": 2})
      control = h("span", { class: "chips" });
      for (const key of Object.keys(spec.default)) {
        control.append(h("label", {}, optionWord(name, key) + " ", numberInput((current || spec.default)[key], (v) => put(name, Object.assign({}, current || spec.default, { [key]: v == null ? spec.default[key] : v })),
          { "aria-label": name + " " + key, class: "points" })));
      }
    } else if (spec.values.includes("integer")) {
      control = h("span", { class: "chips" });
      if (spec.values.includes("null")) control.append(chips([[null, t("none")]], current, () => set(name, null), { small: true }));
      control.append(numberInput(current, (v) => put(name, v == null ? undefined : v), { "aria-label": name, class: "points" }));
    } else {
      const numbered = spec.values.find((v) => /^[a-z_]+:[A-Z]$/.test(v));  // fixed:K, final:N: a value with a number
      const prefix = numbered ? numbered.split(":")[0] + ":" : null;
      const n = prefix && typeof current === "string" && current.startsWith(prefix) && /^\d+$/.test(current.slice(prefix.length));
      control = chips(spec.values.map((v) => [v, optionWord(name, v)]), n ? numbered : current, (v) => { if (!(n && v === numbered)) set(name, v === numbered ? prefix + presetNumber(name, prefix) : v); }, { small: true });
      if (n) {
        control.append(numberInput(+current.slice(prefix.length), (k) => put(name, prefix + (k || 0)), { "aria-label": name + " " + numbered.split(":")[1] }));
      }
    }
    box.append(h("div", { class: "row wrap", data: { path: "ruleset.options." + name } }, label, control));
  }
  return box;
}
/** An option's name, or one of its choices, in the language shown (api/page/option_words.py:
   the variant's own words, a choice's words under its option, else the shared ones), else the key
   itself: `kong_from_upper` reads "Kong on the left player's discard", 可碰杠上家的牌. */
function optionWord(name, value) {
  const w = CONFIG.option_words, own = w.own[doc.variant] || {};
  const found = value === undefined ? own[name] || w.options[name]
    : w.by_option[name + "=" + value] || own[value + "@value"] || (value in w.options ? null : own[value]) || w.values[value];
  const key = value === undefined ? name : value;
  return found ? found[Math.min(L(), 1)] : typeof key === "string" ? key : JSON.stringify(key);
}
/** The number a value like final:N starts with: the chosen preset's, or another preset's that
   has one, else 0. */
function presetNumber(name, prefix) {
  const presets = table().presets || {};
  const chosen = presets[(doc.ruleset && doc.ruleset.preset) || table().stakes.preset];
  for (const values of [chosen || {}, ...Object.values(presets)]) {
    const v = values[name];
    if (typeof v === "string" && v.startsWith(prefix)) return +v.slice(prefix.length);
  }
  return 0;
}

function renderBets() {
  const hd = hand(), hp = handPath();
  const box = h("div", {}, h("h3", {}, t("bettors")));
  const row = h("div", { class: "row wrap", data: { path: "bettors" } });
  bettors().forEach((b, i) => row.append(h("span", { class: "chip on", data: { path: "bettors[" + i + "]" } }, b, " ",
    h("button", { type: "button", class: "chip small", "aria-label": "remove " + b,
      onclick: () => change(() => { doc.bettors = bettors().filter((x) => x !== b); if (!doc.bettors.length) delete doc.bettors; }) }, "×"))));
  const input = h("input", { class: "id", placeholder: "X", "aria-label": "new bettor" });
  row.append(input, h("button", { type: "button", class: "chip", onclick: () => {
    const name = input.value.trim();
    if (name && !players().includes(name) && !bettors().includes(name)) change(() => { doc.bettors = bettors().concat([name]); });
  } }, t("add")));
  box.append(row, h("h3", {}, t("side_bets")));
  (hd.side_bets || []).forEach((b, i) => box.append(renderBet(b, hp + ".side_bets[" + i + "]", i)));
  box.append(h("button", { type: "button", class: "chip", onclick: () => change(() => {
    hd.side_bets = hd.side_bets || [];
    const outer = bettors().length > 0;
    const principal = players()[0];
    hd.side_bets.push(outer
      ? { id: "sb" + (hd.side_bets.length + 1), kind: "outer", bettor: bettors()[0], principal, stake: { base: 50, tai: 10 }, accepted_by: players().slice(1) }
      : { id: "sb" + (hd.side_bets.length + 1), kind: "inner", bettor: principal, principal, units: 1, accepted_by: players().slice(1) });
  }) }, "+ " + t("side_bets")));
  return box;
}

function renderBet(b, path, i) {
  const hd = hand();
  const box = h("div", { class: "player", data: { path } });
  box.append(h("div", { class: "row" }, h("b", {}, b.id), chips([["outer", tv("outer")], ["inner", tv("inner")]], b.kind,
    (v) => change(() => {
      b.kind = v;
      if (v === "inner") { delete b.stake; b.units = 1; b.bettor = b.principal; } else { delete b.units; b.stake = { base: 50, tai: 10 }; b.bettor = bettors()[0] || ""; }
    }), { small: true }),
    h("button", { type: "button", class: "chip small", onclick: () => change(() => { hd.side_bets.splice(i, 1); if (!hd.side_bets.length) delete hd.side_bets; }) }, "×")));
  if (b.kind === "outer") {
    box.append(field(t("bettor"), path + ".bettor", chips(playerOptions(bettors()), b.bettor, (v) => change(() => { b.bettor = v; }), { small: true })));
  }
  box.append(field(t("principal"), path + ".principal", chips(playerOptions(players()), b.principal, (v) => change(() => {
    b.principal = v; if (b.kind === "inner") b.bettor = v; b.accepted_by = b.accepted_by.filter((x) => x !== v);
  }), { small: true })));
  if (b.kind === "outer") {
    const fixed = b.stake && "fixed" in b.stake;
    const st = field(t("stake"), path + ".stake", chips([[false, "base/tai"], [true, t("fixed")]], fixed,
      (v) => change(() => { b.stake = v ? { fixed: 30 } : { base: 50, tai: 10 }; }), { small: true }));
    for (const k of Object.keys(b.stake || {})) st.append(k + " ", numberInput(b.stake[k], (v) => { b.stake[k] = v; }, { "aria-label": "stake " + k }));
    box.append(st);
  } else {
    box.append(field(t("units"), path + ".units", numberInput(b.units, (v) => { b.units = v; }, { min: "1", "aria-label": "units" })));
  }
  box.append(field(t("accepted"), path + ".accepted_by", chips(playerOptions(players().filter((p) => p !== b.principal)), b.accepted_by,
    (v, on) => change(() => { b.accepted_by = on ? b.accepted_by.filter((x) => x !== v) : b.accepted_by.concat([v]); }), { small: true })));
  return box;
}
