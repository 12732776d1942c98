/* The table page: drawing it all, and starting the page once its scripts and font are there.
   One of the page's scripts sharing one scope (how they load: table-words.js). */
"use strict";

// --- drawing it all ------------------------------------------------------------------------------
function render(opts) {
  document.documentElement.lang = { en: "en", zh: "zh-Hant", ja: "ja" }[shown()];
  $$("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  $("#lang").textContent = LANGS[nextLang()];
  const y = window.scrollY;
  markTiles();
  renderTable();
  renderPosition();
  renderEvents();
  renderKeep();
  renderKeyboard();
  if (lastErrors) showErrors(lastErrors.errors || {});
  if (opts && opts.keep) window.scrollTo(0, y);
  if (target) keepInSight($(".tiles.active"));
}

/** Scroll so that the list being typed into shows between the header and the keyboard. */
function keepInSight(el) {
  if (!el) return;
  const box = el.getBoundingClientRect();
  const top = $(".top").getBoundingClientRect().bottom + 8;
  const bottom = $(target ? "#kbd" : "#bar").getBoundingClientRect().top - 8;  // above what covers the foot
  if (box.bottom > bottom) window.scrollBy(0, box.bottom - bottom);
  else if (box.top < top) window.scrollBy(0, box.top - top);
}

/** The language the button turns to: English, 中文, then 日本語 where the variant's rulings have it. */
function nextLang() {
  const all = table().languages;
  return all[(all.indexOf(shown()) + 1) % all.length];
}

function start() {
  $("#lang").addEventListener("click", () => {
    lang = nextLang(); store.set("lang", lang); render({ keep: true });
    if (lastRuling) renderRuling(lastRuling);
    else if (lastFailure && lastErrors) renderFailure(lastFailure);  // (a change since: it may be fixed, not redrawn)
  });
  $("#undo").addEventListener("click", undo);
  $("#rule").addEventListener("click", ruleNow);
  $("#import-file").addEventListener("change", (ev) => {
    const f = ev.target.files[0];
    if (f) f.text().then(importText);
    ev.target.value = "";
  });
  renderPairing();
  const hashCode = /^#pair=(\d{6})$/.exec(location.hash);
  if (hashCode) {  // a scanned QR code: pair now, and take the code out of the address bar
    window.history.replaceState(null, "", location.origin + location.pathname + location.search);
    pairWith(hashCode[1]).then((r) => { if (!r.key) notice(r.message); });
  }
  const draft = store.get("draft");
  if (draft) { try { doc = normalise(JSON.parse(draft)); } catch (err) { doc = freshDoc(); } }
  render();
  if (CONFIG.game) openGame(CONFIG.game);
  window.refereeTable = { get doc() { return doc; }, importText };
}
// draw the page once its (preloaded) font is there, or has failed to come: no text waits on it
const fontReady = document.fonts ? document.fonts.load('16px "Referee Han"', "中文").catch(() => null) : Promise.resolve();
fontReady.then(start);
