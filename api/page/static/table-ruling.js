/* The table page: the ruling (winners, findings, payments, net, the next hand) and the
   clause texts it cites.
   One of the page's scripts sharing one scope (how they load: table-words.js). */
"use strict";

// --- the ruling --------------------------------------------------------------------------------
let lastRuling = null;
let lastErrors = null;
let lastFailure = null;  // the refused answer, drawn again in another language

async function ruleNow() {
  closeKeyboard();
  const started = performance.now();
  const btn = $("#rule");
  btn.disabled = true;
  const r = await api("POST", "/v1/rulings?explain=true", doc);
  btn.disabled = false;
  if (r.ok) {
    lastRuling = r.body; lastErrors = null; lastFailure = null;
    renderRuling(r.body);
    showErrors({});
  } else {
    lastRuling = null; lastErrors = r.body || {}; lastFailure = r;
    renderFailure(r);
  }
  const ms = Math.round(performance.now() - started);
  const box = $("#ruling");
  box.dataset.ms = String(ms);
  box.dataset.done = String(Date.now());
  const meta = $(".meta", box);
  if (meta && r.ok) meta.textContent = r.body.rulebook + (r.body.preset ? " · " + r.body.preset : "") + " · " + t("ruled_in") + " " + ms + " ms";
  box.scrollIntoView({ block: "start" });
  window.__lastRuleMs = ms;
}

function renderFailure(r) {
  const box = $("#ruling");
  box.hidden = false;
  box.replaceChildren();
  const body = r.body || {};
  const errs = showErrors(r.status === 422 ? body.errors : {});
  box.append(h("div", { id: "errors", role: "alert", data: { status: String(r.status) } },
    h("p", {}, r.status === 422 ? t("invalid") : (body.message || t("offline"))),
    // (data-error-path, not data-path: placeFor looks for the field itself by its data-path)
    r.status === 422 ? h("ul", {}, Object.keys(body.errors || {}).map((p) => h("li", { data: { errorPath: p } }, h("a", { href: "#", title: p, onclick: (ev) => {
      ev.preventDefault(); const [el] = placeFor(p); if (el) el.scrollIntoView({ block: "center" });
    } }, placeName(p)), ": " + body.errors[p].map(faultWords).join("; ")))) : null));
  if (errs.first) errs.first.scrollIntoView({ block: "center" });
}

function money(n) { return n > 0 ? "+" + n : String(n); }

/** The result in words: a variant's own word, else tw16's. */
const resultWord = (r) => (own(r) ? tv(r) : r === "win" ? RESULT_WORDS.win[Math.min(L(), 1)] : tv(r));
/** A pattern's name: 中文 (with English, or 日本語 where shown and the ruling has it). */
const patternName = (p) => (L() === 2 && p.ja ? p.ja : p.name + (L() ? "" : " " + p.en));
/** A finding's decision in the language shown, and the other one beside it. */
function decisions(f) {
  if (L() === 2 && f.decision_ja) return [f.decision_ja, f.decision];
  return L() ? [f.decision_zh, f.decision] : [f.decision, f.decision_zh];
}
/* Why a next hand's round wind is unknown (api/text/text_money.py), in 中文 ([pattern, 中文]). */
const WIND_WHY = [
  [/^the hand gives no start_dealer, and the round wind moves on when the deal returns to the first dealer \((\S+)\)$/,
    "本局未記起莊位：莊家輪回起莊位時圈風才轉（$1）"],
  [/^Wuhan scores no wind, (\S+)$/, "武汉麻将不计风（$1）"],
  [/^Sichuan is played without winds: there is no round wind \((\S+)\)$/, "四川麻将不用风牌：没有圈风（$1）"],
  [/^Shanghai carries no round wind: the winner deals \((\S+)\)$/, "上海麻将不计圈风：胡者做庄（$1）"],
];
function windWords(text) {
  if (!L()) return text;
  for (const [re, zh] of WIND_WHY) if (re.test(text)) return text.replace(re, zh);
  return text;
}
/** A missing fact in words; a player's concealed tiles missing from the position are a link
   that opens his hand on the tile keyboard (the newcomer's win with the winner's hand hidden). */
function missingFact(m, k) {
  const box = () => (m.fact === "concealed_tiles" && k === handIndex ? $('.tiles[data-target="' + handPath() + '.events[0].hands.' + m.player + '"]') : null);
  if (!box()) return factWord(m.fact);
  return h("a", { href: "#", data: { enter: m.player }, onclick: (ev) => { ev.preventDefault(); const b = box(); if (b) { b.scrollIntoView({ block: "center" }); b.click(); } } },
    factWord(m.fact));
}
/** The finding a payment carries out, for its decision in 中文 (the API explains the sum in
   English): the finding of the payment's clause or its liability (包, 承包), else one of the same
   family (TW-ZH-2 pays what TW-ZH-1 ruled) about the payer or the payee; none without decision_zh. */
function findingOf(hd, p) {
  const told = hd.rulings.filter((f) => f.decision_zh);
  const family = (id) => String(id || "").replace(/-[^-]*$/, "");
  return told.find((f) => f.rule === p.rule || (p.liability && f.rule === p.liability)) ||
    told.find((f) => family(f.rule) === family(p.rule) && [p.from, p.to].includes(f.player)) || null;
}
const party = (who) => (who === "kyotaku" ? tv("kyotaku") : who);

function renderWinner(w) {
  const wb = h("div", { class: "winner", data: { winner: w.player } },
    h("b", {}, w.player), " · " + tv(w.how) + " ", w.tile ? tileEl(w.tile, "mini") : "", w.from && "han" in w ? " ← " + w.from : "", " · ");
  if ("han" in w) {  // a valuation in han and fu (riichi): its limit and base points
    wb.append(h("b", { data: { han: String(w.han), fu: String(w.fu) } }, w.han + " " + t("han") + (w.fu ? " " + w.fu + " " + t("fu") : "")),
      w.limit ? " · " + tv(w.limit) : "", " · ", h("b", { data: { points: String(w.points) } }, w.points + " " + t("points")));
    if (w.pao) wb.append(" · " + t("pao") + ": ", h("b", { data: { pao: w.pao } }, w.pao));
  } else if ("hu" in w) {  // wuhan: 小胡/大胡 with its value H, the winner's product M, the reading of his 癞子
    wb.append(h("b", { data: { hu: w.hu, value: String(w.value), factor: String(w.factor) } }, tv(w.hu) + " · H " + w.value + " · M " + w.factor),
      " · " + t(w.hard ? "hard" : "soft"));
    for (const r of w.wild || []) {
      wb.append(h("div", { class: "pat wild", data: { wild: r.tile, as: r.as } }, tileEl(r.tile, "mini"), " → ", tileEl(r.as, "mini")));
    }
  } else if ("flowers" in w) {  // shanghai: 番, the flowers H, the points P of one share, its money
    wb.append(h("b", { data: { fan: String(w.fan), flowers: String(w.flowers), points: String(w.points) } },
      w.fan + " 番 · " + w.flowers + " " + t("flowers_n") + " · " + w.points + " " + t("points")), " · " + w.value);
  } else if ("fan" in w) {  // 13-tile play (hk): 番 counted (paid after the cap) and the portion P; sichuan: the value V
    wb.append(h("b", { data: { fan: String(w.fan) } }, w.fan + " 番" + (w.fan_paid !== w.fan ? " → " + w.fan_paid : "")),
      w.limit ? " · " + w.limit : "", "value" in w ? " · V " + w.value : " · P " + w.portion);
    if (w.order != null) {  // 血战: the win's number and its event, and the discarder
      wb.prepend(h("span", { class: "badge order", data: { order: String(w.order) } }, t("win_n", { n: w.order })), " ");
      wb.append(w.from ? " · ← " + w.from : "", w.at != null ? " · " + t("at_event") + " " + w.at : "");
    }
  } else {
    wb.append(h("b", { data: { tai: String(w.tai) } }, (w.tai == null ? "?" : w.tai) + " " + t("tai")));
  }
  for (const p of w.patterns) {
    const n = p.tai != null ? p.tai : p.fan != null ? p.fan : p.han != null ? p.han : "";
    wb.append(h("div", { class: "pat", data: { pattern: p.key || p.name } }, clauseButton(p.rule), h("span", {}, patternName(p)), h("span", { class: "n" }, String(n))));
  }
  for (const f of w.factors || []) {  // wuhan: the winner's 翻 items, each ×x
    wb.append(h("div", { class: "pat", data: { factor: f.rule } }, clauseButton(f.rule), h("span", {}, f.name), h("span", { class: "n" }, "×" + f.x)));
  }
  if (w.fu_details && w.fu_details.length) {
    wb.append(h("div", { class: "fu" }, t("fu") + ": " + w.fu_details.map((d) => d.fu + " " + fuWord(d.reason)).join(" + ")));
  }
  return wb;
}

function renderRuling(ruling) {
  const box = $("#ruling");
  box.hidden = false;
  box.replaceChildren(h("h2", {}, t("ruling"), h("span", { class: "meta" }, ruling.rulebook + (ruling.preset ? " · " + ruling.preset : ""))));
  const many = ruling.hands.length > 1;
  ruling.hands.forEach((hd, k) => {
    const sec = h("div", { class: "hand-ruling", data: { hand: String(k) } });
    if (many) sec.append(h("h3", {}, t("hand_n") + " " + (k + 1)));
    sec.append(h("div", { class: "result " + hd.result, data: { result: hd.result } },
      resultWord(hd.result), hd.abort ? h("span", { data: { abort: hd.abort } }, " · " + tv(hd.abort)) : null));
    if (hd.redeal) sec.append(h("p", { class: "notice", data: { redeal: "true" } }, t("redeal")));
    // an open hand with nothing missing: the result already says the record stops there
    if (!hd.complete && !(hd.result === "open" && !hd.missing.length)) sec.append(h("p", { class: "notice" }, t("incomplete")));
    if (hd.huang_fan) {  // shanghai's 荒番 counter: before, the dice's part, the hand doubled or not, after
      const z = hd.huang_fan;
      sec.append(h("p", { class: "huang-fan", data: { before: String(z.before), after: String(z.after), doubled: String(z.hand) } },
        t("huang_fan") + ": " + z.before + (z.dice ? " + " + z.dice + " " + t("dice") : "") +
        (z.hand ? " · " + t("huang_fan_hand") : "") + (z.after != null ? " → " + z.after : "")));
    }
    for (const w of hd.winners) sec.append(renderWinner(w));
    if (hd.left_play && hd.left_play.length) {  // 血战: who left play, in order, and who was still in play
      const still = Object.keys(hd.net).filter((p) => !hd.left_play.includes(p));
      sec.append(h("p", { class: "left-play", data: { leftPlay: hd.left_play.join(" ") } }, t("left_play") + ": " + hd.left_play.join(" → ") +
        " · " + t("in_play") + ": " + (still.join(" ") || t("none"))));
    }
    if (hd.checks) sec.append(h("div", { class: "checks" }, h("b", {}, t("checks")), h("ul", {}, hd.checks.map((c) => h("li", {
      data: { check: c.player, pig: String(!!c.pig), ready: String(!!c.ready) } },
    h("b", {}, c.player), " · ", c.pig ? t("pig") : c.ready ? t("ready") + " · " + t("best_call") + " " + c.best_fan + " 番" : t("not_ready"))))));
    if (hd.rulings.length) {
      sec.append(h("h3", {}, t("findings")));
      for (const f of hd.rulings) {
        const [mine, other] = decisions(f);
        sec.append(h("div", { class: "finding " + f.status, data: { rule: f.rule, status: f.status } },
          h("div", {}, clauseButton(f.rule), " ", h("span", { class: "st " + f.status }, tv(f.status)), " ",
            f.player ? h("b", {}, f.player) : "", f.at != null ? " · " + t("at_event") + " " + f.at : ""),
          h("div", { class: "dec" }, mine),
          h("div", { class: "dec other" }, other)));
      }
    }
    for (const c of ((ruling.explained || [])[k] || {}).claims || []) sec.append(h("p", { class: "why claim", data: { why: "claim" } }, c));
    if (hd.payments.length) {
      sec.append(h("h3", {}, t("payments")));
      const tb = h("table", { class: "pay" }, h("thead", {}, h("tr", {}, h("th", {}, t("from")), h("th", {}, t("to")),
        h("th", { class: "amt" }, t("amount")), h("th", {}, t("clause")))));
      const body = h("tbody");
      const why = ((ruling.explained || [])[k] || {}).payments || [];
      const toldAbove = new Set();  // a finding's words are shown at its first payment, "as above" after
      hd.payments.forEach((p, j) => {
        if (p.at != null && (j === 0 || hd.payments[j - 1].at !== p.at)) {  // 血战: the money event by event (SC-PAY-7)
          body.append(h("tr", { class: "at", data: { at: String(p.at) } }, h("td", { colspan: "4" }, t("at_event") + " " + p.at)));
        }
        body.append(h("tr", { class: "payment", data: { from: p.from, to: p.to, amount: String(p.amount), rule: p.rule } },
          h("td", {}, party(p.from)), h("td", {}, "→ " + party(p.to)), h("td", { class: "amt" }, String(p.amount)), h("td", {}, clauseButton(p.rule))));
        const told = L() ? findingOf(hd, p) : null;  // 中文, 日本語: the finding's own words for it, the sum beside
        if (told) {
          body.append(h("tr", { class: "why", data: { why: String(j), finding: told.rule } }, h("td", { colspan: "4" },
            h("div", { class: "dec" }, p.amount + " · " + (toldAbove.has(told) ? t("as_above") : decisions(told)[0])), why[j] ? h("div", { class: "dec other" }, p.amount + " " + payWords(why[j])) : null)));
          toldAbove.add(told);
        } else if (why[j]) body.append(h("tr", { class: "why", data: { why: String(j) } }, h("td", { colspan: "4" }, p.amount + " " + payWords(why[j]))));
      });
      tb.append(body);
      sec.append(tb);
    }
    sec.append(netTable(hd.net, "hand-net"));
    if (hd.scores) sec.append(partyTable(hd.scores, "net scores", t("scores_after"), false));
    if (hd.tenpai) sec.append(h("p", { class: "tenpai", data: { tenpai: hd.tenpai.join(" ") } }, t("tenpai") + ": " + (hd.tenpai.join(" ") || t("none"))));
    if (hd.penalties && hd.penalties.length) sec.append(penaltyList(hd.penalties));
    if (hd.next) {
      const nx = hd.next;
      const counts = Object.keys(nx).filter((key) => typeof nx[key] === "number");
      const data = { dealer: nx.dealer };
      counts.forEach((key) => { data[key] = String(nx[key]); });
      if ("game_over" in nx) data.gameOver = String(nx.game_over);
      sec.append(h("p", { class: "next", data }, t("next") + ": " + t("dealer") + " " + nx.dealer + ", " +
        counts.map((key) => t(key) + " " + nx[key] + ", ").join("") + t("round_wind") + " ", nx.round_wind ? tileEl(nx.round_wind, "mini") : "—",
        nx.game_over ? h("b", {}, " · " + t("game_over")) : null));
      const windWhy = ((ruling.explained || [])[k] || {}).round_wind;
      if (!nx.round_wind && windWhy) sec.append(h("p", { class: "why", data: { why: "round_wind" } }, t("round_wind") + " —: " + windWords(windWhy)));
    }
    if (hd.missing.length) {
      sec.append(h("h3", {}, t("missing")), h("ul", {}, hd.missing.map((m) => h("li", { data: { fact: m.fact } }, missingFact(m, k), " · " + m.player + " · " +
        t("at_event") + " " + m.at + " (" + m.needed_for + ")"))));
    }
    box.append(sec);
  });
  if (many) box.append(h("h3", {}, t("net")), netTable(ruling.net, "total-net"));
  box.append(h("div", { class: "row keep-row noprint" }, h("button", { type: "button", class: "btn small", id: "save-ruling",
    onclick: () => saveGame("save-ruling") }, t("save_game"))));  // where the finger is after Rule
  if (ruling.final) {
    const f = ruling.final;
    box.append(partyTable(f.scores, "net final-scores", t("final"), false));
    if (f.penalties && f.penalties.length) box.append(penaltyList(f.penalties));
    if (f.kyotaku_to) box.append(h("p", { data: { kyotakuTo: f.kyotaku_to } }, tv("kyotaku") + " → " + f.kyotaku_to));
    if (f.adjusted && JSON.stringify(f.adjusted) !== JSON.stringify(f.scores)) {
      box.append(partyTable(f.adjusted, "net final-adjusted", t("final") + " · " + t("adjusted"), false));
    }
  }
}

function penaltyList(list) {
  return h("div", { class: "penalties" }, h("b", {}, t("penalties")), h("ul", {}, list.map((p) => h("li", { data: { player: p.player, points: String(p.points) } },
    p.player + " −" + p.points + " ", clauseButton(p.rule)))));
}

function netTable(net, cls) {
  return partyTable(net, "net " + cls, t("net"), true);
}

/** One row of figures per party (net, scores), each cell carrying its party and amount. */
function partyTable(values, cls, title, signed) {
  const tb = h("table", { class: cls });
  const row = h("tr");
  const vals = h("tr");
  for (const who in values) {
    const n = values[who];
    row.append(h("th", {}, party(who)));
    vals.append(h("td", { class: "amt " + (signed ? (n > 0 ? "plus" : n < 0 ? "minus" : "") : ""), data: { party: who, amount: String(n) } }, signed ? money(n) : String(n)));
  }
  tb.append(h("thead", {}, row), h("tbody", {}, vals));
  return h("div", {}, h("b", {}, title), tb);
}

const clauseCache = {};
async function openClause(id) {
  const dlg = $("#clause-dialog");
  $("#clause-title").textContent = id;
  $("#clause-text").textContent = t("loading");
  if (dlg.showModal) dlg.showModal(); else dlg.setAttribute("open", "");
  const key = doc.variant + "/" + id;
  if (!clauseCache[key]) {
    const r = await api("GET", "/v1/rulebooks/" + encodeURIComponent(doc.variant) + "/clauses/" + encodeURIComponent(id));
    if (!r.ok) { $("#clause-text").textContent = (r.body && r.body.message) || t("offline"); return; }
    clauseCache[key] = r.body;
  }
  const c = clauseCache[key];
  $("#clause-title").textContent = c.id + (c.clause !== c.id ? " (" + c.clause + ")" : "") + " · " + c.title;
  $("#clause-text").textContent = c.text;
}
