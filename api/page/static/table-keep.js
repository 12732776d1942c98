/* The table page: the API with a key (pairing code or API key) if the server asks for one,
   phones' pairing, and keeping and sharing games (save, list, open, revisions, explain, export,
   import).
   One of the page's scripts sharing one scope (how they load: table-words.js). */
"use strict";

// --- the API, with a key if the server asks for one ------------------------------------------
let asking = null;
/** Ask for a pairing code (or, folded away, an API key) until one works or the user cancels:
   the key, or null. A code is traded for a key (POST /v1/pair); a wrong one asks again. */
function askKey(message) {
  if (asking) return asking;
  asking = (async () => {
    let why = message || t("key_why");
    for (;;) {
      const answer = await keyDialog(why);
      if (!answer) return null;
      if (!answer.code) { store.set("key", answer.key); return answer.key; }
      const paired = await pairWith(answer.code);
      if (paired.key) return paired.key;
      why = paired.message;
    }
  })();
  asking.finally(() => { asking = null; });
  return asking;
}
function keyDialog(why) {
  const dlg = $("#key-dialog");
  $("#key-why").textContent = why;
  $("#pair-input").value = "";
  $("#key-input").value = store.get("key") || "";
  return new Promise((resolve) => {
    dlg.addEventListener("close", function done() {
      dlg.removeEventListener("close", done);
      const code = $("#pair-input").value.replace(/\D/g, "");
      const key = $("#key-input").value.trim();
      if (dlg.returnValue !== "ok") resolve(null);
      else if (code) resolve({ code });
      else if (key) resolve({ key });
      else resolve(null);
    });
    dlg.showModal();
    $("#pair-input").focus();
  });
}
/** Trade a pairing code for a referee's key, kept in the browser: {key} or {message}. */
async function pairWith(code) {
  const r = await api("POST", "/v1/pair", { code, label: "paired phone" }, true);
  if (!r.ok) {
    const errs = (r.body && r.body.errors) || {};
    return { message: (errs.code && errs.code.join("; ")) || (r.body && r.body.message) || t("offline") };
  }
  store.set("key", r.body.key);
  const hours = Math.round((Date.parse(r.body.expires) - Date.now()) / 3600e3);
  notice(t("paired", { h: hours }));
  renderKeep();
  return { key: r.body.key };
}
/** On the server's own machine (referee serve --table): the QR code, URL and code for phones. */
function renderPairing() {
  const info = CONFIG.pairing;
  if (!info) return;
  const box = $("#pairing");
  const qr = h("div", { class: "qr" });
  qr.innerHTML = info.qr;  // SVG made by the server (segno), not user input
  box.replaceChildren(qr, h("p", {}, t("pair_scan", { url: info.url, code: info.code })),
    h("p", { class: "pair-code", id: "pair-code-shown" }, info.code));
  $("#phones").hidden = false;
  $("#phones").open = true;
}

async function api(method, path, body, retried) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const key = store.get("key");
  if (key) headers.Authorization = "Bearer " + key;
  let r;
  try {
    r = await fetch(ROOT + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    return { ok: false, status: 0, body: { message: t("offline"), errors: {} } };
  }
  let data = null;
  try { data = await r.json(); } catch (err) { data = { message: r.status + " " + r.statusText, errors: {} }; }
  if (r.status === 401 && !retried) {
    if (key) store.set("key", null);
    const fresh = await askKey(t(key ? "key_gone" : "key_why"));
    if (fresh) return api(method, path, body, true);
  }
  return { ok: r.ok, status: r.status, body: data };
}

// --- keep and share: games, revisions, permalinks, export, import, print -------------------------
function notice(text, html) {
  const n = $("#notice");
  n.hidden = !text && !html;
  n.replaceChildren(...(html ? [html] : [text || ""]));
  if (!n.hidden) n.scrollIntoView({ block: "nearest" });  // said where it is seen, not above the fold
}

function renderKeep() {
  const bar = $("#keep-actions");
  bar.replaceChildren(
    h("button", { type: "button", class: "btn small", id: "save-game", onclick: () => saveGame("save-game") }, t("save_game")),
    h("button", { type: "button", class: "btn small", id: "list-games", onclick: () => listGames() }, t("list_games")),
    h("button", { type: "button", class: "btn small", id: "export", onclick: exportJson }, t("export")),
    h("button", { type: "button", class: "btn small", id: "import", onclick: () => $("#import-file").click() }, t("import")),
    h("button", { type: "button", class: "btn small", onclick: () => window.print() }, t("print")),
    h("button", { type: "button", class: "btn small", id: "new-doc", onclick: () => change(() => { doc = freshDoc(doc.variant); handIndex = 0; openIndex = null; }) }, t("new_doc")),
    ...(store.get("key") ? [h("button", { type: "button", class: "btn small", id: "forget-key", onclick: () => { store.set("key", null); renderKeep(); } }, t("forget_key"))] : []));
}

async function saveGame(from) {
  const r = await api("POST", "/v1/games", doc);
  if (r.ok) {
    showGame(r.body.id);
    const shownBefore = lastRuling;
    lastRuling = r.body.latest.ruling;
    if (shownBefore && shownBefore.explained && JSON.stringify(shownBefore.hands) === JSON.stringify(lastRuling.hands)) {
      lastRuling = Object.assign({}, lastRuling, { explained: shownBefore.explained });
    }
    renderRuling(lastRuling);
    confirmSaved(from, h("span", {}, t("saved_here", { id: r.body.id }) + " · ", h("a", { href: ROOT + "/games/" + r.body.id, id: "saved-link" }, t("permalink"))));
  } else if (r.status === 422) {
    renderFailure(r);
  } else {
    confirmSaved(from, (r.body && r.body.message) || t("offline"), true);
  }
}

/** Say what became of a save right under the button pressed, and keep it in sight. */
function confirmSaved(from, what, failed) {
  const old = $("#saved");
  if (old) old.remove();
  const box = h("p", { id: "saved", role: "status", class: "saved" + (failed ? " err" : "") }, what);
  const button = $("#" + from) || $("#save-game");
  (button.id === "save-game" ? $("#keep-actions") : button.parentElement).after(box);
  keepInSight(box);
}

function showGame(id) {
  const p = $("#permalink");
  p.hidden = false;
  p.replaceChildren(t("game_n") + " #" + id + " · ", h("a", { href: ROOT + "/games/" + id }, ROOT + "/games/" + id));
}

async function listGames(cursor) {
  const box = $("#game-list");
  const r = await api("GET", "/v1/games?limit=20" + (cursor ? "&cursor=" + encodeURIComponent(cursor) : ""));
  if (!r.ok) { box.replaceChildren(h("p", { class: "err" }, (r.body && r.body.message) || t("offline"))); return; }
  const ul = h("ul", { class: "games" });
  for (const g of r.body.items) {
    ul.append(h("li", { data: { game: String(g.id) } }, h("a", { href: ROOT + "/games/" + g.id, onclick: (ev) => { ev.preventDefault(); openGame(g.id); } },
      "#" + g.id + " · " + g.variant + " · " + g.players.join(" ") + " · " + g.hands + " " + t("hand") + " · rev " + g.revisions + " · " + g.created.slice(0, 16).replace("T", " "))));
  }
  box.replaceChildren(h("h3", {}, t("list_games")), ul);
  if (r.body.next_cursor) box.append(h("button", { type: "button", class: "btn small", onclick: () => listGames(r.body.next_cursor) }, t("more")));
}

async function openGame(id) {
  const r = await api("GET", "/v1/games/" + id);
  if (!r.ok) { notice((r.body && r.body.message) || t("offline")); return; }
  undoStack.push(JSON.stringify(doc));
  closeKeyboard();
  doc = normalise(r.body.document);
  handIndex = 0; openIndex = null;
  render();
  showGame(id);
  lastRuling = r.body.latest.ruling;
  renderRuling(lastRuling);
  $("#games").open = true;
  listRevisions(id);
  explainShown();
}
/** The money of the ruling shown explained, where ruling its document again gives the same. */
async function explainShown() {
  const shownRuling = lastRuling;
  const r = await api("POST", "/v1/rulings?explain=true", doc);
  if (r.ok && lastRuling === shownRuling && JSON.stringify(r.body.hands) === JSON.stringify(shownRuling.hands)) {
    lastRuling = Object.assign({}, shownRuling, { explained: r.body.explained });
    renderRuling(lastRuling);
  }
}

async function listRevisions(id, cursor) {  // a page at a time: a page ends at MAX_ANSWER bytes
  const box = $("#revisions");
  const r = await api("GET", "/v1/games/" + id + "/rulings?limit=200" + (cursor ? "&cursor=" + encodeURIComponent(cursor) : ""));
  if (!r.ok) { box.replaceChildren(h("p", { class: "err" }, (r.body && r.body.message) || t("offline"))); return; }
  box.replaceChildren(h("h3", {}, t("revisions")), h("ul", {}, r.body.items.map((rev) => h("li", { data: { revision: String(rev.revision) } },
    h("a", { href: "#ruling", onclick: (ev) => { ev.preventDefault(); renderRuling(rev.ruling); } },
      "rev " + rev.revision + " · " + rev.kind + " · " + rev.rulebook + " · " + rev.created.slice(0, 16).replace("T", " ") + (rev.reason ? " · " + rev.reason : ""))))));
  if (r.body.next_cursor) box.append(h("button", { type: "button", class: "btn small", id: "more-revisions", onclick: () => listRevisions(id, r.body.next_cursor) }, t("more")));
}

function exportJson() {
  const blob = new Blob([JSON.stringify(doc, null, 1) + "\n"], { type: "application/json" });
  const a = h("a", { href: URL.createObjectURL(blob), download: "dispute.json" });
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

function importText(text) {
  let d;
  try { d = JSON.parse(text); } catch (err) { notice(t("import_bad") + ": " + err.message); return false; }
  if (!d || typeof d !== "object" || d.format !== "mjref/1" || !Array.isArray(d.players) || !(d.hand || Array.isArray(d.hands))) {
    notice(t("import_bad")); return false;
  }
  closeKeyboard();
  change(() => { doc = normalise(d); handIndex = 0; openIndex = null; });
  notice(null);
  return true;
}
