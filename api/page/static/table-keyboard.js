/* The table page: tile lists and the tile keyboard (what may still come to the table), and the
   position (a state or a deal as event 0) with its hands, melds and riichi.
   One of the page's scripts sharing one scope (how they load: table-words.js). */
"use strict";

// --- tile lists and the keyboard ---------------------------------------------------------------
/* A keyboard target: {path, label, get() -> array, set(array), single, adds (each tile is a new
   one on the table: a fifth copy is refused), accept(code) -> bool, hidden (may take '?'), max}. */
let target = null;

/** How many of each tile are on the table: the position, plus every tile drawn or turned since
   (draws, kan-dora and ura indicators). */
function inView(except) {
  const n = {};
  const add = (c) => { if (c && c !== "?") { n[kindOf(c)] = (n[kindOf(c)] || 0) + 1; if (isRed(c)) n[c] = (n[c] || 0) + 1; } };
  const pos = position();
  if (pos) {
    for (const p in pos.hands || {}) if (!(except && except.list === pos.hands[p])) tilesOf(pos.hands[p]).forEach(add);
    for (const p in pos.melds || {}) for (const m of pos.melds[p]) if (!(except && except.list === m.tiles)) m.tiles.forEach(add);
    for (const p in pos.flowers || {}) if (!(except && except.list === pos.flowers[p])) pos.flowers[p].forEach(add);
    for (const p in pos.discards || {}) if (!(except && except.list === pos.discards[p])) pos.discards[p].forEach(add);
    const ld = pos.last_discard;
    if (ld && ld.tile && !(except && except.obj === ld)) {
      const river = (pos.discards || {})[ld.player] || [];
      if (river[river.length - 1] !== ld.tile) add(ld.tile);
    }
    if (pos.dora && !(except && except.obj === pos)) add(pos.dora);
    if (pos.indicator && !(except && except.obj === pos)) add(pos.indicator);  // out of play, in the census
    for (const p in pos.laid || {}) if (!(except && except.list === pos.laid[p])) pos.laid[p].forEach(add);
    for (const w of pos.left_play || []) if (w.tile && !(except && except.obj === w)) add(w.tile);  // won before it
    if (pos.dora_indicators && !(except && except.list === pos.dora_indicators)) pos.dora_indicators.forEach(add);
  }
  events().forEach((e) => {
    if ((e.type === "draw" || e.type === "dora" || e.type === "indicator") && !(except && except.obj === e)) add(e.tile);
    if (e.type === "win" && e.ura) e.ura.forEach(add);
  });
  return n;
}

function tileBox(spec) {
  const list = spec.get() || [];
  const active = target && target.path === spec.path;
  const box = h("div", {
    class: "tiles" + (spec.single ? " single" : "") + (active ? " active" : ""), data: { path: spec.path, target: spec.path },
    role: "button", tabindex: "0", "aria-label": spec.label,
    onclick: (ev) => {
      const tileSpan = ev.target.closest(".t");
      if (active && tileSpan && !spec.single && tileSpan.dataset.index != null) {
        const i = +tileSpan.dataset.index;
        change(() => { const l = spec.get().slice(); l.splice(i, 1); spec.set(l); }, { keep: true });
        return;
      }
      openKeyboard(spec);
    },
  });
  if (!list.length && spec.hiddenCount != null) {
    box.append(h("span", { class: "hint hidden-count", data: { hidden: String(spec.hiddenCount) } }, spec.hiddenCount + " " + t("hidden") + " · " + t("tap_tiles")));
  } else if (!list.length) box.append(h("span", { class: "hint" }, spec.single ? t("tap_tile") : t("tap_tiles")));
  list.forEach((c, i) => { const el = tileEl(c, spec.mini ? "mini" : ""); el.dataset.index = i; box.append(el); });
  return box;
}

/* What one key press enters in a hand: one tile, a pair, a pung, or a run from the tile pressed
   (123). The choice stays until the keyboard closes. */
const GROUPS = [["1", "×1"], ["2", "×2"], ["3", "×3"], ["run", "123"]];
let group = "1";
function grouped(c) {
  if (group === "2") return [c, c];
  if (group === "3") return [c, c, c];
  if (group === "run") {
    const n = c[0] === "0" ? 5 : +c[0];
    if (!/[mps]/.test(c[1]) || n > 7) return null;
    return [c, (n + 1) + c[1], (n + 2) + c[1]];
  }
  return [c];
}
function openKeyboard(spec) {
  if (!target || target.path !== spec.path) group = "1";
  target = spec;
  document.body.classList.add("kbd-open");
  $("#kbd").hidden = false;
  $("#kbd-msg").textContent = "";
  render({ keep: true });
}
function closeKeyboard() {
  target = null;
  document.body.classList.remove("kbd-open");
  $("#kbd").hidden = true;
}

function keyRows() {
  const tb = table();
  const rows = [];
  for (const s of "mps") {
    const r = [];
    for (let n = 1; n <= 9; n++) r.push(n + s);
    rows.push(r);
  }
  if (tb.honours !== false) rows.push(["1z", "2z", "3z", "4z", "5z", "6z", "7z"]);
  if (redOn()) rows.push(["0m", "0p", "0s"]);
  if (tb.flowers) rows.push(["1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f"]);
  return rows;
}

function renderKeyboard() {
  if (!target) return;
  const list = target.get() || [];
  const counts = inView();
  const need = target.need ? target.need() : null;
  $("#kbd-label").textContent = target.label + (target.single ? "" : " · " + list.length + (need != null ? "/" + need : target.max ? "/" + target.max : ""));
  const keys = $("#kbd-keys");
  keys.replaceChildren();
  for (const row of keyRows()) {
    const usable = row.filter((c) => target.accept(c));
    if (!usable.length) continue;
    const r = h("div", { class: "krow" });
    for (const c of usable) {
      const { shown, full } = room(c, counts);
      const mark = MARKS[kindOf(c)];
      const key = h("button", { type: "button", class: "key" + (target.adds && full ? " full" : "") + (mark ? " " + mark : ""),
        data: mark ? { key: c, mark } : { key: c }, "aria-label": mark ? c + " " + t(mark) : c,
        onclick: () => press(c, key) }, tileEl(c), h("span", { class: "n" }, String(shown)));
      r.append(key);
    }
    keys.append(r);
  }
  if (target.groups) {
    keys.prepend(h("div", { class: "krow groups" }, chips(GROUPS, group, (v) => { group = v; renderKeyboard(); }, { small: true, path: "kbd-group" })));
  }
  const ops = h("div", { class: "krow" });
  if (target.hidden) ops.append(h("button", { type: "button", class: "key op", data: { key: "?" }, onclick: (ev) => press("?", ev.currentTarget) }, "? " + t("hidden")));
  if (!target.single) {
    ops.append(h("button", { type: "button", class: "key op", data: { key: "back" }, "aria-label": "remove last",
      onclick: () => { const l = (target.get() || []).slice(); if (l.length) { l.pop(); change(() => target.set(l), { keep: true }); } } }, "⌫"));
  } else {
    ops.append(h("button", { type: "button", class: "key op", data: { key: "clear" },
      onclick: () => { const spec = target; closeKeyboard(); change(() => spec.set([])); } }, "∅"));
  }
  ops.append(h("button", { type: "button", class: "key op", data: { key: "done" }, onclick: () => { closeKeyboard(); render(); } }, t("done")));
  keys.append(ops);
}

function refuse(key, msg) {
  $("#kbd-msg").textContent = msg;
  if (key) { key.classList.add("refused"); setTimeout(() => key.classList.remove("refused"), 600); }
}

function press(c, key) {
  const spec = target;
  if (!spec) return;
  const list = (spec.get() || []).slice();
  const adding = spec.groups && c !== "?" ? grouped(c) : [c];
  if (!adding) return refuse(key, t("no_run", { t: c }));
  if (c !== "?" && spec.adds) {
    const counts = inView(spec.single ? { obj: spec.obj } : null);
    for (const x of adding) {
      const r = room(x, counts);
      if (r.full) return refuse(key, r.why);
      counts[kindOf(x)] = (counts[kindOf(x)] || 0) + 1;
      if (isRed(x)) counts[x] = (counts[x] || 0) + 1;
    }
  }
  if (spec.single) {
    closeKeyboard();
    change(() => spec.set([c]));
    if (spec.after) spec.after();
    return;
  }
  if (spec.max && list.length + adding.length > spec.max) return refuse(key, t("full", { what: spec.label, n: spec.max }));
  const want = spec.need ? spec.need() : null;
  if (want != null && list.length + adding.length > want && spec.groups) return refuse(key, t("full", { what: spec.label, n: want }));
  list.push(...adding);
  $("#kbd-msg").textContent = "";
  change(() => spec.set(spec.sorted ? sortTiles(list) : list), { keep: true });
  if (want != null && list.length === want) { closeKeyboard(); render({ keep: true }); }  // the hand is whole
}

// --- the position: a state or a deal as event 0 -------------------------------------------------
function need(p, pos) {
  const base = table().hand;
  if (pos.type === "deal") return p === hand().dealer && table().dealer_dealt ? base + 1 : base;
  const melds = ((pos.melds || {})[p] || []).length;
  const turn = pos.turn || (pos.last_discard ? nextOf(pos.last_discard.player) : hand().dealer);
  return base - 3 * melds + ((pos.phase || "draw") === "discard" && p === turn ? 1 : 0);
}

function renderPosition() {
  const box = $("#position-form");
  box.replaceChildren();
  const pos = position();
  const mode = pos ? pos.type : "none";
  box.append(chips([["none", t("pos_none")], ["state", t("pos_state")], ["deal", t("pos_deal")]], mode, (v) => change(() => {
    const evs = events();
    if (pos) evs.shift();
    const hidden = {};  // counts: settleHidden() makes them right for the new position
    players().forEach((p) => { hidden[p] = 0; });
    if (v === "state") evs.unshift({ type: "state", hands: hidden });
    if (v === "deal") evs.unshift({ type: "deal", hands: hidden });
    shiftAbouts(v === "none" ? -1 : pos ? 0 : 1, 0);
  }), { path: handPath() + ".events[0]" }));
  if (!pos) return;
  const base = handPath() + ".events[0]";
  const fieldsOf = table().events[pos.type] || {};
  const seatOrder = seats();
  const gone = table().wins_to_end ? track(events().length).left : [];  // 血战: who has left play, in order
  for (const p of players()) {
    let card = h("div", { class: "player" + (gone.includes(p) ? " left" : ""), data: { player: p } });
    const outer = card;
    const dealer = p === hand().dealer;
    card.append(h("h3", {}, p, " ", table().honours !== false ? tileEl(seatOrder[p], "mini") : null, dealer ? h("span", { class: "badge dealer" }, t("dealer")) : null,
      gone.includes(p) ? h("span", { class: "badge left", data: { left: String(gone.indexOf(p) + 1) } }, t("left_play") + " · " + t("win_n", { n: gone.indexOf(p) + 1 })) : null));
    if (gone.includes(p)) card.append(h("p", { class: "note left-note", data: { leftNote: p } }, t("left_card", { n: gone.indexOf(p) + 1 })));
    if (table().void_suit) card.append(voidChips(pos, p, base));
    if (table().wins_to_end && pos.type === "state") card.append(leftChips(pos, p, base));
    if (pos.hands[p] == null) pos.hands[p] = need(p, pos);
    const handSpec = {
      path: base + ".hands." + p, label: p + " · " + t("hand"), get: () => tilesOf(pos.hands[p]), set: (l) => { pos.hands[p] = l; },
      adds: true, hidden: true, sorted: true, groups: true, accept: (c) => pos.type === "deal" || !isFlower(c), need: () => need(p, pos),
      hiddenCount: typeof pos.hands[p] === "number" ? pos.hands[p] : null,
    };
    const n = countOf(pos.hands[p]), want = need(p, pos);
    card.append(h("div", { class: "row" }, tileBox(handSpec), h("span", { class: "count" + (n !== want ? " bad" : ""), data: { count: p } }, n + "/" + want)));
    if (pos.type === "state") {
      const st = (pos.status || {})[p] || {};
      const used = ((pos.melds || {})[p] || []).length + ((pos.flowers || {})[p] || []).length +
        ((pos.discards || {})[p] || []).length + ((pos.called_away || {})[p] || []).length;
      const more = fold("player-" + p, t("melds") + " · " + (table().flowers ? t("flowers") + " · " : "") + t("river"),
        used > 0 || (target && target.path.startsWith(base) && /\.(melds|flowers|discards|called_away)\./.test(target.path) && target.path.includes("." + p)));
      if ("riichi" in fieldsOf) card.append(riichiChips(pos, p, base));
      card.append(field(t("status"), base + ".status." + p, chips(fieldsOf.status.map((k) => [k, tv(k)]),
        Object.keys(st).filter((k) => st[k] === true), (k, on) => change(() => {
          const s = Object.assign({}, st);
          if (on) delete s[k]; else s[k] = true;
          setMap(pos, "status", p, Object.keys(s).length ? s : null);
        }), { small: true })));
      card.append(more);
      card = more;
      card.append(renderMelds(p, pos, base));
      if (table().flowers) {
        card.append(field(t("flowers"), null, tileBox({
          path: base + ".flowers." + p, label: p + " · " + t("flowers"), mini: true,
          get: () => (pos.flowers || {})[p] || [], set: (l) => setMap(pos, "flowers", p, l), adds: true, accept: isFlower,
        })));
      }
      if ("laid" in fieldsOf) {  // the 红中 and 癞子 laid out alone or thrown (wuhan's state.laid)
        card.append(field(t("laid"), null, tileBox({
          path: base + ".laid." + p, label: p + " · " + t("laid"), mini: true,
          get: () => (pos.laid || {})[p] || [], set: (l) => setMap(pos, "laid", p, l), adds: true, accept: layable,
        })));
      }
      card.append(field(t("river"), null, tileBox({
        path: base + ".discards." + p, label: p + " · " + t("river"), mini: true,
        get: () => (pos.discards || {})[p] || [], set: (l) => setMap(pos, "discards", p, l), adds: true, accept: (c) => !isFlower(c),
      })));
      if ("called_away" in fieldsOf) {
        card.append(field(t("called_away"), null, tileBox({
          path: base + ".called_away." + p, label: p + " · " + t("called_away"), mini: true,
          get: () => (pos.called_away || {})[p] || [], set: (l) => setMap(pos, "called_away", p, l), adds: false, accept: (c) => !isFlower(c),
        })));
      }
    }
    box.append(outer);
  }
  if ("dora" in fieldsOf) {  // the deal's first dora indicator
    box.append(field(t("dora"), base + ".dora", tileBox({
      path: base + ".dora", label: t("dora"), single: true, obj: pos, get: () => (pos.dora ? [pos.dora] : []),
      set: (l) => { if (l.length) pos.dora = l[0]; else delete pos.dora; }, adds: true, accept: (c) => !isFlower(c),
    })));
  }
  if (table().indicator && (pos.type === "state" || "indicator" in table().events)) box.append(indicatorBox(pos, base));
  // shanghai's 百搭: the tile turned up, the wild kind (not where the indicator alone makes the wild
  // kind, wuhan's 癞子: its box is above, and a `wild` beside it the loader refuses unless the same)
  if (!table().indicator && "indicator" in fieldsOf && optionOf(doc, "wild") !== false) {
    for (const key of ["indicator", "wild"]) {
      box.append(field(t("bd_" + key), base + "." + key, tileBox({
        path: base + "." + key, label: t("bd_" + key), single: true, obj: pos, get: () => (pos[key] ? [pos[key]] : []),
        set: (l) => { if (l.length) pos[key] = l[0]; else delete pos[key]; }, adds: key === "indicator", accept: (c) => !/^[1-8]f$/.test(c),
      })));
    }
  }
  if ("dora_indicators" in fieldsOf) {
    box.append(field(t("dora_indicators"), null, tileBox({
      path: base + ".dora_indicators", label: t("dora_indicators"), mini: true, max: 5,
      get: () => pos.dora_indicators || [], set: (l) => { if (l.length) pos.dora_indicators = l; else delete pos.dora_indicators; },
      adds: true, accept: (c) => !isFlower(c),
    })));
  }
  if (pos.type !== "state") return;
  box.append(field(t("turn"), base + ".turn", chips([[null, t("default")], ...playerOptions(players())], pos.turn || null,
    (v) => change(() => { if (v) pos.turn = v; else delete pos.turn; }))));
  box.append(field(t("phase"), base + ".phase", chips([["draw", tv("draw")], ["discard", tt("discard")]], pos.phase || "draw",
    (v) => change(() => { pos.phase = v; if (v === "draw") delete pos.drawn; }))));
  if (pos.phase === "discard") {
    const dr = pos.drawn || null;
    box.append(field(t("drawn"), base + ".drawn", tileBox({
      path: base + ".drawn.tile", label: t("drawn"), single: true, get: () => (dr ? [dr.tile] : []),
      set: (l) => { if (l.length) pos.drawn = Object.assign({}, pos.drawn, { tile: l[0] }); else delete pos.drawn; },
      adds: false, hidden: true, accept: (c) => !isFlower(c),
    }), dr ? chips([["wall", tv("wall")], ["back", tv("back")], ["claim", tv("pon") + "/" + tv("chi")]], dr.from || "wall",
      (v) => change(() => { if (v === "wall") delete pos.drawn.from; else pos.drawn.from = v; }), { small: true }) : null));
  }
  const ld = pos.last_discard || null;
  box.append(field(t("last_discard"), base + ".last_discard", chips([[null, t("none")], ...playerOptions(players())], ld ? ld.player : null,
    (v) => change(() => { if (v) pos.last_discard = Object.assign({ tile: "" }, ld, { player: v }); else delete pos.last_discard; }), { small: true }),
    ld ? tileBox({
      path: base + ".last_discard.tile", label: t("last_discard"), single: true, obj: ld, get: () => (ld.tile ? [ld.tile] : []),
      set: (l) => { ld.tile = l[0] || ""; }, adds: true, accept: (c) => !isFlower(c),
    }) : null));
  box.append(field(t("wall_left"), base + ".wall_left", numberInput(pos.wall_left, (v) => { if (v == null) delete pos.wall_left; else pos.wall_left = v; },
    { "aria-label": "wall left", id: "wall-left" })));
  if ("haidi" in fieldsOf && pos.wall_left != null && pos.wall_left <= 14) {  // wuhan: the 海底 draws have begun
    box.append(field(t("haidi"), base + ".haidi", chips([[false, t("no")], [true, t("yes")]], !!pos.haidi,
      (v) => change(() => { if (v) pos.haidi = true; else delete pos.haidi; }), { small: true })));
  }
}

/** The indicator (wuhan's 翻牌, EVENT_LOG §10): a known position carries it (`state.indicator`); from
   the deal it is the `indicator` event right after the deal, made here when a tile is given. The
   wild kind it makes is shown beside it. */
function indicatorBox(pos, base) {
  const evs = events();
  const inState = pos.type === "state";
  const ev = inState ? null : evs[1] && evs[1].type === "indicator" ? evs[1] : null;
  const path = inState ? base + ".indicator" : handPath() + ".events[1].tile";
  const wild = Object.keys(MARKS).find((k) => MARKS[k] === "wild");
  return field(t("indicator"), inState ? base + ".indicator" : handPath() + ".events[1]", tileBox({
    path, label: t("indicator"), single: true, obj: inState ? pos : ev, get: () => (inState ? (pos.indicator ? [pos.indicator] : []) : ev ? [ev.tile] : []),
    set: (l) => {
      if (inState) { if (l.length) pos.indicator = l[0]; else delete pos.indicator; return; }
      if (ev && l.length) ev.tile = l[0];
      else if (ev) { evs.splice(1, 1); shiftAbouts(-1, 2, 1); }
      else if (l.length) { evs.splice(1, 0, { type: "indicator", tile: l[0] }); shiftAbouts(1, 1); }
    },
    adds: true, accept: (c) => !isFlower(c),
  }), wild ? h("span", { class: "lbl", data: { wild } }, "→ " + t("wild") + " ", tileEl(wild, "mini")) : null);
}

/** 定缺 (sichuan): a player's void suit, m, p or s. In a known position it is his
   `status.void_suit`; from the deal it is his `declare` event, made or changed here (placed after
   the deal and the declarations before it, before the first discard). */
function voidChips(pos, p, base) {
  const evs = events();
  if (pos.type === "state") {
    const st = (pos.status || {})[p] || {};
    return field(t("void_suit"), base + ".status." + p + ".void_suit", chips(["m", "p", "s"].map((x) => [x, tv(x)]), st.void_suit || null,
      (v) => change(() => setMap(pos, "status", p, Object.assign({}, st, { void_suit: v }))), { small: true }));
  }
  const k = evs.findIndex((e) => e.type === "declare" && e.player === p && e.what === "void_suit");
  return field(t("void_suit"), k >= 0 ? handPath() + ".events[" + k + "]" : null, chips(["m", "p", "s"].map((x) => [x, tv(x)]), k >= 0 ? evs[k].suit : null,
    (v) => change(() => {
      if (k >= 0) { evs[k].suit = v; return; }
      let at = 1;
      while (at < evs.length && evs[at].type === "declare") at++;
      shiftAbouts(1, at);
      evs.splice(at, 0, { type: "declare", player: p, what: "void_suit", suit: v });
    }), { small: true }));
}

/** 血战 (sichuan): a player who won before a known position (`left_play`, in the order entered):
   how he won, the tile, and on whose tile; his hand stays as it was, without the winning tile. */
function leftChips(pos, p, base) {
  const list = pos.left_play || [];
  const k = list.findIndex((w) => (w.players || []).includes(p));
  const w = k >= 0 ? list[k] : null;
  const path = base + ".left_play" + (k >= 0 ? "[" + k + "]" : "");
  const feeder = () => players().find((q) => q !== p);
  const set = (how) => change(() => {
    const l = list.slice();
    if (how == null) l.splice(k, 1);
    else if (k >= 0) {
      l[k] = Object.assign({}, l[k], { how });
      if (how === "self_draw") delete l[k].from; else l[k].from = l[k].from || feeder();
    } else l.push(Object.assign({ players: [p], how, tile: "" }, how === "self_draw" ? {} : { from: feeder() }));
    if (l.length) pos.left_play = l; else delete pos.left_play;
  });
  const row = field(t("left_play"), path, chips([[null, t("none")], ["self_draw", tv("self_draw")], ["discard", tv("discard")]],
    w ? w.how : null, (v) => { if (v !== (w ? w.how : null)) set(v); }, { small: true, path: base + ".left_play." + p }));
  if (w) {
    row.append(tileBox({ path: path + ".tile", label: p + " · " + t("left_play"), single: true, obj: w,
      get: () => (w.tile ? [w.tile] : []), set: (l) => { w.tile = l[0] || ""; }, adds: true, accept: (c) => !isFlower(c) }));
    if (w.how !== "self_draw") {
      row.append(h("span", { class: "lbl" }, tf("from")),  // on whose discard he won
        chips(playerOptions(players().filter((q) => q !== p)), w.from, (v) => change(() => { w.from = v; }), { small: true }));
    }
  }
  return row;
}

/** A player's established riichi in a position: none, riichi, and its double and ippatsu flags. */
function riichiChips(pos, p, base) {
  const r = (pos.riichi || {})[p] || null;
  const flags = table().events.state.riichi;
  return field(t("riichi"), base + ".riichi." + p, chips([["riichi", tv("riichi")], ...flags.map((k) => [k, tv(k)])],
    r ? ["riichi", ...flags.filter((k) => r[k])] : [], (k, on) => change(() => {
      if (k === "riichi") { setMap(pos, "riichi", p, on ? null : {}); return; }
      const now = Object.assign({}, r || {});
      if (on) delete now[k]; else now[k] = true;
      setMap(pos, "riichi", p, now);
    }), { small: true }));
}

function setMap(obj, key, p, value) {
  const m = Object.assign({}, obj[key] || {});
  if (value == null || (Array.isArray(value) && !value.length)) delete m[p]; else m[p] = value;
  if (Object.keys(m).length) obj[key] = m; else delete obj[key];
}

/** Seat winds from the seat where the wall was opened (default the dealer): East first. */
function seats() {
  const open = hand().open_seat || hand().dealer || players()[0];
  const at = players().indexOf(open);
  const out = {};
  players().forEach((p, i) => { out[p] = ((i - at + 4) % 4 + 1) + "z"; });
  return out;
}

function renderMelds(p, pos, base) {
  const wrap = h("div", { class: "row wrap", data: { path: base + ".melds." + p } }, h("span", { class: "lbl" }, t("melds")));
  const list = (pos.melds || {})[p] || [];
  list.forEach((m, k) => {
    const path = base + ".melds." + p + "[" + k + "]";
    const el = h("div", { class: "meld", data: { path } });
    el.append(h("small", {}, m.kind === "kong" ? tv(m.kong) : tv(m.kind)));
    el.append(tileBox({
      path: path + ".tiles", label: p + " · " + (m.kind === "kong" ? tv(m.kong) : tv(m.kind)), mini: true,
      get: () => m.tiles, set: (l) => { m.tiles = l; if (m.tile && !l.includes(m.tile)) m.tile = l[0]; if (m.kind !== "chi" && m.tile) m.tile = l[0]; },
      adds: true, accept: (c) => !isFlower(c), max: m.kind === "kong" ? 4 : 3,
    }));
    if (m.kind === "chi" && m.tiles.length) {
      el.append(chips(m.tiles.map((c) => [c, tileEl(c, "mini")]), m.tile, (v) => change(() => { m.tile = v; }), { small: true }));
    }
    if (!(m.kind === "kong" && m.kong === "concealed")) {
      el.append(chips(playerOptions(players().filter((x) => x !== p)), m.from, (v) => change(() => { m.from = v; }), { small: true }));
    }
    el.append(h("button", { type: "button", class: "chip small", "aria-label": "remove meld", onclick: () => change(() => {
      list.splice(k, 1); setMap(pos, "melds", p, list.slice());
    }) }, "×"));
    wrap.append(el);
  });
  const kinds = [["chi", "chi"], ["pon", "pon"], ["kong:concealed", "concealed"], ["kong:added", "added"], ["kong:claimed", "claimed"]];
  wrap.append(h("span", { class: "chips" }, kinds.map(([k, w]) => h("button", { type: "button", class: "chip small", data: { meld: k },
    onclick: () => {
      const [kind, kong] = k.split(":");
      const meld = kong ? { kind, kong, tiles: [] } : { kind, tiles: [] };
      if (kind === "chi") meld.from = players()[(players().indexOf(p) + 3) % 4];  // chi only from 上家
      change(() => { setMap(pos, "melds", p, list.concat([meld])); });
      const fresh = pos.melds[p][pos.melds[p].length - 1];
      const path = base + ".melds." + p + "[" + (pos.melds[p].length - 1) + "].tiles";
      openKeyboard({ path, label: p + " · " + tv(kong || kind), mini: true, get: () => fresh.tiles,
        set: (l) => { fresh.tiles = l; if (!fresh.tile || !l.includes(fresh.tile) || kind !== "chi") fresh.tile = l[0]; if (kong === "concealed") delete fresh.tile; },
        adds: true, accept: (c) => !isFlower(c), max: kind === "kong" ? 4 : 3 });
    } }, "+ " + tv(w)))));
  return wrap;
}

/** Keep every `about` pointing at the same event when events move: +delta for indexes >= from. */
function shiftAbouts(delta, from, removed) {
  for (const e of events()) {
    if (typeof e.about !== "number") continue;
    if (removed != null && e.about === removed) delete e.about;
    else if (e.about >= from) e.about += delta;
  }
}
