/* The table page: the events, each type's form as the variant's loader accepts it, cutting the
   hand before an event, and the API's errors shown beside what they name.
   One of the page's scripts sharing one scope (how they load: table-words.js). */
"use strict";

// --- events ----------------------------------------------------------------------------------
/* Each event type's fields, as EVENT_LOG.md gives them: [name, kind, options]. Kinds: player (a
   seated player; +bettors, +referee), players (several), choice, tile, tiles, bool, number,
   about, text. `opt`: may be left out; `when`: shown only then; `drop`: left out when hidden.
   A variant's form shows the types and fields its loader accepts, with the loader's choices
   (CONFIG.tables[variant].events): tw16's flowers and riichi's indicators each in their own. */
const EVENT_FIELDS = {
  discard: [["player", "player"], ["tile", "tile"], ["from_meld", "bool", { opt: true }]],
  draw: [["player", "player"], ["tile", "tile", { adds: true, hidden: true }], ["from", "choice", { opt: true }]],
  chi: [["player", "player"], ["tile", "tile"], ["with", "tiles", { max: 2 }]],
  pon: [["player", "player"], ["tile", "tile"], ["with", "tiles", { max: 2 }]],
  kong: [["player", "player"], ["kind", "choice"], ["tiles", "tiles", { max: 4 }]],
  win: [["player", "player"], ["how", "choice"],
    ["tile", "tile", { opt: true, any: true }], ["from", "player", { opt: true, when: (e) => ["discard", "rob_kong", "rob_flower"].includes(e.how) }],
    ["shown", "tiles", { opt: true }], ["ura", "tiles", { opt: true, adds: true, max: 5 }]],
  call: [["player", "player"], ["call", "choice"], ["with", "tiles", { opt: true }], ["tile", "tile", { opt: true }]],
  reach: [["player", "player"], ["touched", "bool", { opt: true }]],
  merge: [["player", "player"]],
  act: [["player", "player", { bettors: true }], ["act", "choice"], ["about", "about", { opt: true }],
    ["recoverable", "bool", { opt: true, when: (e) => /disturbed$/.test(e.act || "") }],
    ["count", "number", { opt: true, drop: true, when: (e) => e.act === "wall_disturbed" }]],
  report: [["by", "player", { bettors: true, referee: true }], ["against", "player", { bettors: true }], ["about", "about", { opt: true }], ["offence", "text", { opt: true }]],
  admit: [["player", "player"], ["about", "about", { opt: true }], ["offence", "text", { opt: true }]],
  correct: [["player", "player"], ["about", "about"], ["action", "choice"],
    ["tile", "tile", { opt: true, hidden: true }], ["random", "bool", { opt: true, when: (e) => e.action === "return_tile" }]],
  flower: [["player", "player"], ["tile", "tile", { flower: true }]],
  single_kong: [["player", "player"], ["tile", "tile", { lay: true }]],
  indicator: [["tile", "tile", { adds: true }]],
  declare: [["player", "player"], ["what", "choice"], ["suit", "choice", { drop: true, when: (e) => e.what === "void_suit" }]],
  expose: [["player", "player"], ["tiles", "tiles"], ["fault", "choice", { opt: true }]],
  peek: [["player", "player"], ["target", "peek"]],
  rob_flower: [["player", "player"], ["from", "player"]],
  decline_last: [["player", "player"]],
  riichi: [["player", "player"]],
  dora: [["tile", "tile", { adds: true }]],
  indicator: [["tile", "tile", { adds: true, any: true }]],
  abort: [["kind", "choice"], ["player", "player", { drop: true, when: (e) => e.kind === "nine_terminals" }],
    ["players", "players", { drop: true, when: (e) => e.kind === "triple_ron" }]],
  exhaustive_draw: [["tenpai", "players", { opt: true }], ["nagashi", "players", { opt: true }]],
  end: [],
};
const TYPE_ORDER = ["discard", "draw", "chi", "pon", "kong", "single_kong", "win", "riichi", "dora", "indicator", "call", "reach", "merge", "act", "report", "admit",
  "correct", "flower", "declare", "expose", "peek", "rob_flower", "decline_last", "abort", "exhaustive_draw", "end"];
/** The fields of an event type this variant's loader accepts, with their choices. */
const loaderFields = (type) => table().events[type] || {};
const fieldsFor = (type) => (EVENT_FIELDS[type] || []).filter(([name]) => name in loaderFields(type));
const AFTER_PLAY = ["report", "admit", "correct", "act", "discard", "draw", "win", "end"];

const sameList = (a, b) => Array.isArray(a) && a.length === b.length && a.every((x, k) => x === b[k]);

/** Where play stands before event `upto`: whose turn, the claimable discard, the last draw; in a
   variant where a win does not end the hand (sichuan 血战到底: `wins_to_end` in its table), who
   has left play (`left`, in the order they won) and who won on the tile on offer (`onTile`). */
function track(upto) {
  const evs = events();
  const s = { turn: hand().dealer || players()[0], phase: "draw", last: null, drawn: null, claimed: null, back: false, ended: false, stopped: false,
    left: [], onTile: [] };
  const several = table().wins_to_end;
  // the next player in play after p (turn order skips the players who have left play)
  const nextIn = (p) => { let q = nextOf(p); for (let k = 0; k < 3 && s.left.includes(q); k++) q = nextOf(q); return q; };
  for (let i = 0; i < Math.min(upto, evs.length); i++) {
    const e = evs[i];
    switch (e.type) {
      case "state":
        s.left = [].concat(...(e.left_play || []).map((w) => w.players || []));
        s.last = e.last_discard && e.last_discard.tile ? { player: e.last_discard.player, tile: e.last_discard.tile } : null;
        s.turn = e.turn || (s.last ? nextIn(s.last.player) : s.turn);
        s.phase = e.phase || "draw";
        s.drawn = e.drawn && e.drawn.tile ? { player: s.turn, tile: e.drawn.tile } : null;
        break;
      case "deal": s.phase = table().dealer_dealt ? "discard" : "draw"; break;
      case "draw": s.turn = e.player; s.phase = "discard"; s.drawn = { player: e.player, tile: e.tile }; s.back = false; s.claimed = null; break;
      case "discard": s.last = { player: e.player, tile: e.tile }; s.turn = nextIn(e.player); s.phase = "draw"; s.drawn = null; s.claimed = null; s.onTile = []; break;
      case "chi": case "pon": s.claimed = s.last; s.turn = e.player; s.phase = "discard"; s.last = null; s.drawn = null; break;
      case "kong": s.claimed = s.last; s.turn = e.player; s.phase = "draw"; s.back = true; s.last = null; s.drawn = null; break;
      case "flower": s.back = true; break;
      case "single_kong": s.turn = e.player; s.phase = "draw"; s.back = true; s.drawn = null; break;
      case "win":
        if (e.how === "flower") break;
        if (!several) { s.ended = true; break; }
        if (!s.left.includes(e.player)) s.left.push(e.player);  // 血战: he leaves play, the hand goes on
        if (s.left.length >= several) { s.ended = true; break; }
        if (e.how === "self_draw" || !e.from) { s.turn = nextIn(e.player); s.drawn = null; s.last = null; }
        else {  // several may win on one tile; play goes on after the last of them from the discarder
          s.onTile.push(e.player);
          const from = players().indexOf(e.from);
          const far = s.onTile.slice().sort((a, b) => (players().indexOf(a) - from + 4) % 4 - (players().indexOf(b) - from + 4) % 4).pop();
          s.turn = nextIn(far);
        }
        s.phase = "draw"; s.back = false;
        break;
      case "exhaustive_draw": case "abort": s.ended = true; break;
      case "end": s.stopped = true; break;
      default: break;
    }
  }
  return s;
}

/** A new event of a type, filled in with what the table most likely did next. */
function newEvent(type, i) {
  const s = track(i);
  const evs = events();
  const prev = evs[i - 1];
  const prevPlayer = prev && (prev.player || prev.by);
  const e = { type };
  switch (type) {
    case "draw":
      e.player = s.turn;
      if (s.back) e.from = "back";
      // wuhan's 海底 draws: one draw each in turn, nobody discarding (a draw after a draw)
      else if (table().indicator && prev && prev.type === "draw") e.player = nextOf(prev.player);
      break;
    case "declare":
      if (table().void_suit) {  // 定缺: the first player in turn order from the dealer who has not declared yet
        const said = evs.slice(0, i).filter((x) => x.type === "declare").map((x) => x.player);
        const k = players().indexOf(hand().dealer);
        e.player = [0, 1, 2, 3].map((d) => players()[(k + d) % 4]).find((p) => !said.includes(p)) || s.turn;
        e.what = "void_suit";
      // shanghai's knock (敲) goes with the knocking player's own discard, right before it (SH-QIAO-1)
      } else if (prev && prev.type === "discard" && sameList(loaderFields("declare").what, ["knock"])) { e.player = prev.player; e.what = "knock"; }
      else e.player = s.turn;
      break;
    case "discard": case "reach": case "merge": case "expose": case "decline_last": case "flower": case "riichi": e.player = s.turn; break;
    case "single_kong": e.player = s.turn; break;
    case "abort": e.kind = "nine_terminals"; e.player = s.turn; break;
    case "chi": if (s.last) { e.player = nextOf(s.last.player); e.tile = s.last.tile; } e.with = []; break;
    case "pon": if (s.last) { e.tile = s.last.tile; e.with = [s.last.tile, s.last.tile]; } else e.with = []; break;
    case "kong":
      if (s.last) { e.kind = "claimed"; e.tiles = Array(4).fill(s.last.tile); } else { e.player = s.turn; e.kind = "concealed"; e.tiles = []; }
      break;
    case "win": {
      const on = s.last || s.claimed;  // a win contesting a claim is on the claimed discard
      if (s.drawn) { e.player = s.drawn.player; e.how = "self_draw"; e.tile = s.drawn.tile; }
      else if (on) {
        e.how = "discard"; e.tile = on.tile; e.from = on.player;
        const known = knownHands().filter((p) => p !== on.player && !s.left.includes(p));
        if (known.length === 1) e.player = known[0];  // the hand the referee entered is the dispute's
        else if (table().wins_to_end) {  // 一炮多响: the next player in play from the discarder who has not won on it
          const k = players().indexOf(on.player);
          const next = [1, 2, 3].map((d) => players()[(k + d) % 4]).find((p) => !s.left.includes(p) && (!known.length || known.includes(p)));
          if (next) e.player = next;
        }
      } else {  // no tile on offer: a self-draw by the player who holds the extra tile (his turn, to discard)
        e.how = "self_draw";
        if (s.phase === "discard") e.player = s.turn;
      }
      break;
    }
    case "call": e.call = "pon"; break;
    case "act": if (prevPlayer) e.player = prev.player || prevPlayer; if (i > 0) e.about = i - 1; break;
    case "report": {
      let about = null;
      for (let j = i - 1; j >= 0; j--) if (evs[j].type === "act") { about = j; break; }
      if (about == null && i > 0) about = i - 1;
      if (about != null) { e.about = about; const a = evs[about]; if (a && a.player) e.against = a.player; }
      break;
    }
    case "admit": if (prevPlayer) e.player = prevPlayer; if (i > 0) e.about = i - 1; break;
    case "correct": if (prevPlayer) e.player = prevPlayer; if (i > 0) e.about = i - 1; e.action = "restore"; break;
    case "peek": e.player = s.turn; e.target = "wall"; break;
    case "rob_flower": if (s.drawn) e.from = s.drawn.player; break;
    default: break;
  }
  return e;
}

let openIndex = null;
/** The players whose concealed tiles the position gives (not hidden). */
function knownHands() {
  const pos = position();
  return pos ? players().filter((p) => tilesOf(pos.hands[p]).some((c) => c !== "?")) : [];
}

function allowedTypes(i) {
  const s = track(i);
  if (s.stopped) return [];
  // shanghai's 百搭 indicator only where wild tiles are played (preset baida, SH-BD-1), and an
  // indicator event only from the deal, before the first discard (a known position carries it)
  const evs = events();
  const turnUp = evs[0] && evs[0].type === "deal" && !evs.slice(0, i).some((e) => e.type === "discard");
  const types = TYPE_ORDER.filter((ty) => ty in table().events && !(ty === "indicator" && (optionOf(doc, "wild") === false || !turnUp)));
  return s.ended ? types.filter((ty) => AFTER_PLAY.includes(ty)) : types;
}

function summary(e, i) {
  const parts = [];
  const who = e.player || e.by || "";
  if (who) parts.push(h("b", {}, who));
  parts.push(" " + tt(e.type) + " ");
  const tiles = (l) => (l || []).map((c) => tileEl(c, "mini"));
  switch (e.type) {
    case "deal": parts.push("(" + t("position") + ")"); break;  // a state's type word is "position" already
    case "state": break;
    case "kong": parts.push(tv(e.kind), " ", ...tiles(e.tiles)); break;
    case "discard": parts.push(...tiles(e.tile ? [e.tile] : []), e.tile && layable(e.tile) ? " " + t("thrown") : ""); break;
    case "chi": case "pon": parts.push(...tiles(e.tile ? [e.tile] : []), " + ", ...tiles(e.with)); break;
    case "win": parts.push(tv(e.how), " ", ...tiles(e.tile ? [e.tile] : []), e.from ? " ← " + e.from : ""); if (e.ura) parts.push(" " + tv("ura") + " ", ...tiles(e.ura)); break;
    case "abort": parts.push(tv(e.kind || "?"), e.players ? " " + e.players.join(" ") : ""); break;
    case "exhaustive_draw": if (e.tenpai) parts.push(tv("tenpai") + ": " + (e.tenpai.join(" ") || t("none"))); if (e.nagashi) parts.push(" " + tv("nagashi") + ": " + e.nagashi.join(" ")); break;
    case "call": parts.push(tv(e.call), " ", ...tiles(e.with)); break;
    case "act": parts.push(tv(e.act || "?"), e.about != null ? " #" + e.about : ""); break;
    case "report": parts.push("→ " + (e.against || "?"), e.about != null ? " #" + e.about : "", e.offence ? " " + e.offence : ""); break;
    case "admit": case "correct": parts.push(e.action ? tv(e.action) : "", e.about != null ? " #" + e.about : "", e.offence ? " " + e.offence : ""); break;
    case "expose": parts.push(...tiles(e.tiles)); break;
    case "peek": parts.push(tv(e.target || "")); break;
    case "declare":  // sichuan's type word is "declare 定缺" already: its suit alone follows
      parts.push(e.what === "void_suit" && tt(e.type).includes("定缺") ? "" : tv(e.what || ""), e.suit ? " " + tv(e.suit) : ""); break;
    case "rob_flower": parts.push("← " + (e.from || "?")); break;
    default: if (e.tile) parts.push(tileEl(e.tile, "mini")); if (e.from && e.type === "draw") parts.push(" " + tv(e.from));
  }
  return parts;
}

function renderEvents() {
  const list = $("#events");
  list.replaceChildren();
  const hp = handPath();
  events().forEach((e, i) => {
    const path = hp + ".events[" + i + "]";
    const li = h("li", { data: { path, index: String(i), type: e.type }, class: openIndex === i ? "open" : "" });
    const isPos = i === 0 && (e.type === "state" || e.type === "deal");
    const head = h("div", { class: "head" }, h("span", { class: "num" }, String(i)),
      h("span", { class: "sum", onclick: () => { if (!isPos) { openIndex = openIndex === i ? null : i; closeKeyboard(); render({ keep: true }); } } }, summary(e, i)));
    if (!isPos) {
      head.append(...[  // (append writes a null as the text "null": left out)
        h("button", { type: "button", class: "btn small", "aria-label": t("up"), disabled: i <= (position() ? 1 : 0), onclick: () => move(i, -1) }, "↑"),
        h("button", { type: "button", class: "btn small", "aria-label": t("down"), disabled: i >= events().length - 1, onclick: () => move(i, 1) }, "↓"),
        h("button", { type: "button", class: "btn small", "aria-label": t("remove"), onclick: () => removeEvent(i) }, "✕"),
        table().cuts === false ? null :  // a variant whose hands cannot be cut yet (sichuan) shows no ✂
          h("button", { type: "button", class: "btn small", "aria-label": t("cut_here"), title: t("cut_here"), data: { cut: String(i) }, onclick: () => cutHere(i) }, "✂"),
      ].filter((b) => b));
    }
    li.append(head);
    const left = leftNote(e, i);
    if (left) li.append(left);
    if (openIndex === i && !isPos) li.append(eventForm(e, i, path));
    list.append(li);
  });
  const add = $("#add-event");
  add.replaceChildren();
  const types = allowedTypes(events().length);
  if (!types.length) { add.append(h("p", { class: "lbl" }, t("ended"))); return; }
  add.append(h("div", { class: "types", data: { path: hp + ".events" } }, h("span", { class: "lbl" }, t("add_event")),
    types.map((ty) => h("button", { type: "button", class: "chip", data: { add: ty }, onclick: () => addEvent(ty) }, tt(ty)))));
}

/** 血战 (sichuan): what a win did, under it: the winner left play, and play goes on with the
   others or, at the last win (`wins_to_end`), the hand ends. */
function leftNote(e, i) {
  if (e.type !== "win" || !table().wins_to_end || e.how === "flower" || !e.player) return null;
  const before = track(i).left, after = track(i + 1);
  if (before.includes(e.player) || !after.left.includes(e.player)) return null;
  const n = after.left.indexOf(e.player) + 1;
  const rest = players().filter((p) => !after.left.includes(p)).join(" ");
  return h("p", { class: "note left-note", role: "status", data: { leftNote: e.player } },
    after.ended ? t("left_ends", { p: e.player, n, k: after.left.length }) : t("left_goes_on", { p: e.player, n, rest }));
}

function addEvent(type) {
  const i = events().length;
  const e = newEvent(type, i);
  change(() => { events().push(e); openIndex = i; });
  const first = fieldsFor(type).find(([name, kind, o]) => (kind === "tile" || kind === "tiles") && !(o && o.opt) && !(e[name] && e[name].length));
  if (first) openKeyboard(eventTileSpec(e, i, first[0], first[1], first[2] || {}));
}

function move(i, d) {
  const j = i + d;
  change(() => {
    const evs = events();
    [evs[i], evs[j]] = [evs[j], evs[i]];
    for (const e of evs) if (e.about === i) e.about = j; else if (e.about === j) e.about = i;
    if (openIndex === i) openIndex = j;
  });
}
// "pick the hand up here": the document cut before event i (POST /v1/cut), a state then events i…
async function cutHere(i) {
  closeKeyboard();
  const hand = Array.isArray(doc.hands) ? "&hand=" + handIndex : "";
  const r = await api("POST", "/v1/cut?at=" + i + hand, doc);
  if (!r.ok) { notice(cutError(r.body, i) || t("import_bad")); return; }
  change(() => { doc = normalise(r.body); handIndex = 0; openIndex = null; });
  notice(null);
}
// the API's first error, named in words ("Event 3 (B discard) · tile: …"), as Rule's are
const cutError = (body, i) => body && body.errors ? Object.entries(body.errors).map(([k, v]) =>
  (k === "at" ? t("event_n", { n: i }) + " ✂" : placeName(k)) + ": " + [].concat(v).map(faultWords).join(" "))[0] : body && body.message;

function removeEvent(i) {
  change(() => {
    events().splice(i, 1);
    shiftAbouts(-1, i + 1, i);
    openIndex = null;
  });
  closeKeyboard();
}

function eventTileSpec(e, i, name, kind, o) {
  const single = kind === "tile";
  return {
    path: handPath() + ".events[" + i + "]." + name, label: "#" + i + " " + tt(e.type) + " · " + tf(name),
    single, obj: e, get: () => (single ? (e[name] ? [e[name]] : []) : e[name] || []),
    set: (l) => { if (single) { if (l.length) e[name] = l[0]; else delete e[name]; } else e[name] = l; },
    adds: !!o.adds, hidden: !!o.hidden, max: o.max,
    accept: (c) => (o.flower ? isFlower(c) : o.lay ? layable(c) : o.any ? true : !isFlower(c)),
  };
}

function eventForm(e, i, path) {
  const form = h("div", { class: "form" });
  const all = fieldsFor(e.type);
  for (const [name, kind, o0] of all) {
    const o = o0 || {};
    if (o.when && !o.when(e)) continue;
    const fpath = path + "." + name;
    const values = loaderFields(e.type)[name] || [];
    const set = (v) => change(() => {
      if (v == null) delete e[name]; else e[name] = v;
      for (const [other, , oo] of all) if (oo && oo.drop && !oo.when(e)) delete e[other];  // e.g. abort's player for another kind
    }, { keep: true });
    const omit = o.opt ? [[null, t("omit")]] : [];
    let control;
    if (kind === "player") {
      const gone = table().wins_to_end && !["by", "against"].includes(name) ? track(i).left : [];  // who has left play takes no part
      let who = players().filter((p) => !(name === "from" && p === e.player) && !gone.includes(p));
      if (o.bettors) who = who.concat(bettors());
      const opts = playerOptions(who);
      if (o.referee) opts.push(["referee", tv("referee")]);
      control = chips(omit.concat(opts), e[name] == null ? null : e[name], set);
    } else if (kind === "choice") {
      control = chips(omit.concat(values.map((v) => [v, tv(v)])), e[name] == null ? null : e[name], set, { small: values.length > 4 });
    } else if (kind === "players") {
      const now = e[name] == null ? [null] : e[name];
      control = chips(omit.concat(playerOptions(players())), now, (v, on) => {
        if (v == null) return set(null);
        const list = e[name] || [];
        set(on ? list.filter((x) => x !== v) : players().filter((x) => list.includes(x) || x === v));
      });
    } else if (kind === "number") {
      control = numberInput(e[name], (v) => { if (v == null) delete e[name]; else e[name] = v; }, { "aria-label": name });
    } else if (kind === "peek") {
      control = chips([...values.map((v) => [v, tv(v)]), ...playerOptions(players().filter((p) => p !== e.player))], e[name], set);
    } else if (kind === "bool") {
      control = chips([[null, t("omit")], [true, t("yes")], [false, t("no")]], e[name] == null ? null : e[name], set, { small: true });
    } else if (kind === "about") {
      const opts = [];
      for (let j = 0; j < i; j++) opts.push([j, "#" + j + " " + tt(events()[j].type)]);
      control = chips(omit.concat(opts), e[name] == null ? null : e[name], set, { small: true });
    } else if (kind === "text") {
      control = h("input", { type: "text", value: e[name] || "", placeholder: table().clause_example, "aria-label": name,
        onchange: (ev) => set(ev.target.value.trim() || null) });
    } else {
      control = tileBox(eventTileSpec(e, i, name, kind, o));
    }
    form.append(h("div", { class: "row wrap", data: { path: fpath } }, h("span", { class: "lbl" }, tf(name)), control));
  }
  form.append(h("div", { class: "row" }, h("button", { type: "button", class: "btn small", data: { close: String(i) },
    onclick: () => { openIndex = null; closeKeyboard(); render({ keep: true }); } }, t("done"))));
  return form;
}

// --- errors beside what they name ------------------------------------------------------------
function placeFor(path) {
  let p = path;
  for (;;) {
    const el = $$("[data-path]").find((x) => x.dataset.path === p && x.offsetParent !== null);
    if (el) return [el, path.slice(p.length).replace(/^\./, "")];
    const cut = Math.max(p.lastIndexOf("."), p.lastIndexOf("["));
    if (cut <= 0) return [null, path];
    p = p.slice(0, cut);
  }
}
/* The API's most frequent faults in 中文 and 日本語 ([pattern, 中文, 日本語]; $1… are its parts);
   any other reads in English. */
const FAULTS = [
  [/^(\S+) does not hold (\S+)$/, "$1 手中沒有 $2", "$1 は $2 を持っていない"],
  [/^(\S+) holds (\d+) concealed tiles; with (\d+) melds(?: in his discard phase)? he must hold (\d+)/,
    "$1 有 $2 張暗牌；$3 組明牌時應有 $4 張", "$1 の手牌は $2 枚：副露 $3 組なら $4 枚のはず"],
  [/^it is not (\S+)'s turn to discard \((\S+) must draw\)$/, "還沒輪到 $1 打牌：該 $2 摸牌", "$1 の打牌の番ではない：$2 のツモ番"],
  [/^it is not (\S+)'s turn to discard \((\S+) must discard\)$/, "還沒輪到 $1 打牌：該 $2 打牌", "$1 の打牌の番ではない：$2 の打牌番"],
  [/^it is (\S+)'s turn, not (\S+)'s/, "輪到 $1，不是 $2", "$1 の番で、$2 の番ではない"],
  [/^required, and missing$/, "必填，但未填", "必須だが未入力"],
  [/^must be a whole number from (\S+) to (\S+)$/, "須為 $1 到 $2 的整數", "$1 から $2 の整数"],
  [/^must be (\d+) tiles, not (\d+)$/, "須為 $1 張牌，不是 $2 張", "$1 枚のはずが $2 枚"],
  [/^(\S+)'s void suit is required \((\S+)\)$/, "$1 須定缺（$2）", "$1 の欠け色が必要（$2）"],
  [/^play begins before the hand has a start/, "牌局還沒有開始（配牌或已知局面）就有行牌：請先記錄配牌或局面",
    "局の開始（配牌か既知の局面）より前に打牌がある：先に配牌か局面を記録"],
];
function faultWords(message) {
  if (!L()) return message;
  for (const [re, zh, ja] of FAULTS) if (re.test(message)) return message.replace(re, L() === 2 ? ja : zh);
  return message;
}
/** A JSON path of the API's errors in the referee's words: "Event 3 (B discard) · tile". */
function placeName(path) {
  const parts = [];
  let rest = path, evs = events();
  const many = /^hands\[(\d+)\]\.?/.exec(rest);
  if (many) {
    parts.push(t("hand_n") + " " + (+many[1] + 1));
    evs = ((doc.hands || [])[+many[1]] || {}).events || [];
    rest = rest.slice(many[0].length);
  } else rest = rest.replace(/^hand(\.|$)/, "");
  const at = /^events\[(\d+)\]\.?/.exec(rest);
  if (at) {
    const i = +at[1], e = evs[i];
    if (e && (e.type === "state" || e.type === "deal") && i === 0) parts.push(t("position"));
    else parts.push(t("event_n", { n: i }) + (e ? " (" + [e.player || e.by, tt(e.type)].filter(Boolean).join(" ") + ")" : ""));
    rest = rest.slice(at[0].length);
  }
  return parts.concat(fieldWords(rest)).join(" · ");
}
/** The segments of a sub-path (hands.D, ruleset.options.x, players[1]) as words. */
function fieldWords(rest) {
  return rest.split(".").filter(Boolean).map((seg, k, all) => {
    const m = /^([^[]*)(?:\[(\d+)\])?$/.exec(seg) || [seg, seg];
    const name = m[1];
    const word = all[k - 1] === "options" && k >= 2 && all[k - 2] === "ruleset" ? optionWord(name)  // ruleset.options.cap: 封顶
      : doc.players.includes(name) ? name : name in WORDS ? t(name) : name in FIELD_WORDS ? tf(name) : tv(name);
    return m[2] != null ? word + " " + (+m[2] + 1) : word;
  });
}
function showErrors(errors) {
  $$(".err.placed").forEach((x) => x.remove());
  $$(".has-error").forEach((x) => x.classList.remove("has-error"));
  let first = null;
  const unplaced = [];
  for (const path in errors || {}) {
    const msgs = errors[path].map(faultWords).join("; ");
    const [el, rest] = placeFor(path);
    if (!el) { unplaced.push(path + ": " + msgs); continue; }
    el.classList.add("has-error");
    const note = h("p", { class: "err placed", role: "alert", data: { errorFor: path } }, (rest ? fieldWords(rest).join(" · ") + ": " : "") + msgs);
    if (el.tagName === "LI") el.querySelector(".head").after(note); else el.after(note);
    first = first || el;
  }
  return { first, unplaced };
}
