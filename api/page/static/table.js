/* The table page: builds an mjref/1 document (EVENT_LOG.md) from taps and the tile keyboard,
   asks the API for its ruling, and shows it. The document itself is the page's only state
   (`doc`); every view is drawn from it, every tap changes it (after an undo snapshot). */
"use strict";
(function () {
  const CONFIG = JSON.parse(document.getElementById("config").textContent);
  // every URL is this origin plus the prefix the server says it is mounted at, never a path read
  // from the address bar: a page opened at "//games/1" must not fetch "//v1/…" (another host)
  const ROOT = location.origin + CONFIG.root;
  const $ = (sel, el) => (el || document).querySelector(sel);
  const $$ = (sel, el) => Array.from((el || document).querySelectorAll(sel));
  const store = {
    get(k) { try { return localStorage.getItem("referee." + k); } catch (e) { return null; } },
    set(k, v) { try { v == null ? localStorage.removeItem("referee." + k) : localStorage.setItem("referee." + k, v); } catch (e) { /* private mode */ } },
  };

  // --- words: English and 中文, and 日本語 for a variant whose rulings have it ---------------------------------------------------------------
  const WORDS = {
    title: ["Mahjong referee", "麻將裁判"], games: ["Games", "對局"], api: ["API", "API"],
    table: ["Table", "牌桌"], position: ["Position", "局面"], events: ["Events", "事件"],
    keep: ["Keep and share", "存檔與分享"], undo: ["Undo", "復原"], rule: ["Rule", "裁決"], ruling: ["Ruling", "裁決結果"],
    close: ["Close", "關閉"], save: ["Save", "儲存"], cancel: ["Cancel", "取消"],
    key_needed: ["API key", "API 金鑰"], variant: ["Variant", "規則"], players: ["Players", "玩家"],
    dealer: ["Dealer", "莊家"], streak: ["Streak", "連莊"], marker: ["Marker", "莊家標示"],
    round_wind: ["Round", "圈風"], open_seat: ["Wall opened", "開門位"], start_dealer: ["First dealer", "起庄位"],
    options: ["Options", "選項"], bettors: ["Bettors", "插花者"], side_bets: ["Side bets", "插花"],
    add: ["Add", "新增"], none: ["none", "無"], default: ["default", "預設"],
    pos_none: ["No position", "不設局面"], pos_state: ["Known position", "已知局面"], pos_deal: ["From the deal", "從配牌"],
    hand: ["Hand", "手牌"], melds: ["Melds", "明牌"], flowers: ["Flowers", "花牌"], river: ["River", "河"],
    turn: ["Turn", "輪到"], phase: ["Phase", "階段"], drawn: ["Just drawn", "剛摸"], last_discard: ["Last discard", "最後打出"],
    wall_left: ["Wall left", "餘牌"], status: ["Status", "狀態"], tap_tiles: ["tap to enter tiles", "點此輸入牌"],
    tap_tile: ["tile", "牌"], add_meld: ["+ meld", "+ 明牌"], add_event: ["+ event", "+ 事件"],
    done: ["Done", "完成"], remove: ["Remove", "刪除"], up: ["Move up", "上移"], down: ["Move down", "下移"],
    cut_here: ["Pick the hand up here", "從此處接續本局"],
    omit: ["—", "—"], yes: ["yes", "是"], no: ["no", "否"], ended: ["The record ends here.", "記錄到此結束。"],
    result: ["Result", "結果"], winners: ["Winners", "和牌者"], findings: ["Findings", "裁定"],
    payments: ["Payments", "付款"], net: ["Net", "淨額"], next: ["Next hand", "下一局"], missing: ["Missing facts", "缺少的事實"],
    from: ["from", "付"], to: ["to", "收"], amount: ["amount", "金額"], clause: ["clause", "條文"],
    at_event: ["at event", "於事件"], tai: ["tai", "台"], ruled_in: ["ruled in", "裁決用時"],
    incomplete: ["Incomplete: payments that depend on missing facts are left out.", "不完整：缺少事實的付款未列入。"],
    invalid: ["The document is not valid:", "文件有誤："], offline: ["The server cannot be reached.", "無法連線到伺服器。"],
    save_game: ["Save as game", "存為對局"], list_games: ["Stored games", "已存對局"], export: ["Export JSON", "匯出 JSON"],
    import: ["Import JSON", "匯入 JSON"], print: ["Print", "列印"], new_doc: ["New dispute", "新爭議"],
    saved: ["Saved as game", "已存為對局"], permalink: ["Permalink", "永久連結"], revisions: ["Revisions", "裁決版本"],
    more: ["More", "更多"], forget_key: ["Forget key", "清除金鑰"], key_why: ["This server asks who you are: enter the pairing code shown where it runs.", "此伺服器需要確認身分：請輸入伺服器那台電腦上顯示的配對碼。"],
    key_gone: ["This phone's key has expired or was revoked: enter the pairing code again.", "這支手機的金鑰已過期或被撤銷：請重新輸入配對碼。"],
    fifth: ["No fifth {t}: all {n} are in play", "不可有第五張 {t}：{n} 張都已在場"],
    full: ["{what} holds {n} tiles", "{what} 只能有 {n} 張"], not_here: ["{t} cannot go here", "{t} 不能放在這裡"],
    hand_n: ["Hand", "第"], import_bad: ["Not an mjref/1 document", "不是 mjref/1 文件"], hidden: ["hidden", "暗"],
    claimed: ["claimed tile", "吃碰的牌"], kind: ["kind", "種類"], concealed: ["concealed", "暗"], stake: ["stake", "注"],
    fixed: ["fixed", "固定"], units: ["units", "單位"], accepted: ["accepted by", "接受者"], bettor: ["bettor", "插花者"],
    principal: ["principal", "被插者"], game_n: ["Game", "對局"], loading: ["…", "…"],
    preset: ["Preset", "規則組"], honba: ["Honba", "本場"], sticks: ["Sticks", "供託棒"], scores: ["Scores", "點數"],
    dora: ["Dora indicator", "寶牌指示牌"], dora_indicators: ["Dora indicators", "寶牌指示牌"], riichi: ["Riichi", "立直"],
    called_away: ["Called away", "被鳴走"], han: ["han", "番"], fu: ["fu", "符"], points: ["points", "點"],
    redeal: ["Redeal: the same hand is dealt again", "重新配牌：本局重打"], tenpai: ["Tenpai", "聽牌"],
    penalties: ["Penalties off the final score", "終局點數罰則"], game_over: ["game over", "對局結束"],
    scores_after: ["Scores after the hand", "本局後點數"], final: ["Final scores", "終局點數"], adjusted: ["adjusted", "調整後"],
    abort: ["Abortive draw", "途中流局"], pao: ["pao (liable)", "包牌"],
    red_second: ["No second {t}: the set has one red five of each suit", "不可有第二張 {t}：每門只有一張赤五"],
    red_fourth: ["No fourth plain {t}: with red fives the fourth is {r}", "不可有第四張普通 {t}：有赤五時第四張是 {r}"],
    no_run: ["No run starts at {t}", "{t} 不能起順子"], event_n: ["Event {n}", "事件 {n}"],
    pair_code: ["Pairing code", "配對碼"], pair_where: ["Six digits, shown where the server runs (referee serve --table).", "六位數字，顯示在伺服器那台電腦上（referee serve --table）。"],
    or_key: ["or an API key", "或輸入 API 金鑰"], phones: ["Phones at the table", "牌桌上的手機"],
    paired: ["Paired: this phone may rule and save games for {h} hours.", "配對完成：這支手機 {h} 小時內可裁決並存檔。"],
    pair_scan: ["Scan with a phone on the same network, or open {url} and enter the code {code}.", "用同一網路的手機掃描，或開啟 {url} 並輸入配對碼 {code}。"],
    saved_here: ["Saved as game #{id}", "已存為對局 #{id}"],
  };
  const FIELD_WORDS = {
    player: ["player", "玩家"], tile: ["tile", "牌"], from: ["from", "來自"], with: ["with", "搭配"],
    kind: ["kind", "種類"], tiles: ["tiles", "牌"], how: ["how", "方式"], shown: ["shown", "亮出"],
    what: ["what", "宣告"], call: ["call", "叫"], touched: ["touched", "觸及"], fault: ["fault", "過失"],
    target: ["target", "對象"], act: ["act", "行為"], about: ["about", "關於事件"], recoverable: ["recoverable", "可回復"],
    by: ["by", "舉發者"], against: ["against", "被舉發者"], offence: ["clause", "條文"], action: ["action", "處置"],
    random: ["at random", "隨機"], from_meld: ["from a meld", "打明牌"], t: ["ms", "毫秒"], hands: ["hands", "手牌"],
  };
  const TYPE_WORDS = {
    discard: ["discard", "打牌"], draw: ["draw", "摸牌"], chi: ["chi", "吃"], pon: ["pon", "碰"], kong: ["kong", "杠"],
    win: ["win", "和牌"], call: ["call", "喊"], reach: ["reach", "伸手"], merge: ["merge", "入手"], act: ["act", "違規行為"],
    report: ["report", "舉發"], admit: ["admit", "自承"], correct: ["correct", "更正"], flower: ["flower", "補花"],
    declare: ["declare", "宣告"], expose: ["expose", "亮牌"], peek: ["peek", "偷看"], rob_flower: ["rob flower", "搶花"],
    decline_last: ["decline last", "棄摸"], exhaustive_draw: ["exhaustive draw", "荒局"], end: ["end", "結束"],
    state: ["position", "局面"], deal: ["deal", "配牌"],
  };
  const VALUE_WORDS = {
    self_draw: ["self-draw", "自摸"], discard: ["discard", "和銃"], rob_kong: ["rob kong", "搶杠"], flower: ["flower", "八仙過海"],
    rob_flower: ["rob flower", "七搶一"], concealed: ["concealed", "暗杠"], added: ["added", "加杠"], claimed: ["claimed", "碰杠"],
    tian_ting: ["天聽", "天聽"], di_ting: ["地聽", "地聽"], watch: ["watch 眼牌", "眼牌"], wall: ["wall", "牌牆"], back: ["back 杠尾", "杠尾"],
    kong_tile: ["kong tile", "杠牌"], own: ["own", "自己"], other: ["other", "他人"], restore: ["restore", "回復"],
    return_tile: ["return tile", "退牌"], misdraw: ["misdraw 錯位摸補", "錯位摸補"], grab_draw: ["grab draw 搶摸", "搶摸"],
    draw_holding: ["draw holding 帶牌摸牌", "帶牌摸牌"], steal: ["steal 偷牌", "偷牌"], not_taken_in: ["not taken in 吃碰未撿入", "吃碰未撿入"],
    tile_dropped: ["tile dropped", "掉牌"], influence: ["influence", "影響"], wall_disturbed: ["wall disturbed", "弄亂牌牆"],
    hand_disturbed: ["hand disturbed", "弄亂手牌"], referee: ["referee", "裁判"], chi: ["chi", "吃"], pon: ["pon", "碰"],
    kong: ["kong", "杠"], win: ["win", "和"], draw: ["draw", "摸牌"], outer: ["outer 外插", "外插"], inner: ["inner 內插", "內插"],
    dead_hand: ["相公 dead hand", "相公"], passed: ["過水 passed", "過水"], watching: ["眼牌 watching", "眼牌"],
    ruled: ["ruled", "成立"], unreported: ["unreported", "未舉發"], dismissed: ["dismissed", "駁回"],
    exhaustive_draw: ["荒局 exhaustive draw", "荒局"], false_win: ["詐和 false win", "詐和"], penalty: ["包賠 penalty", "包賠"],
    open: ["open: the record stops before the hand ended", "未完"], true: ["yes", "是"], false: ["no", "否"],
  };
  const RESULT_WORDS = { win: ["和牌 win", "和牌"] };
  /* A variant's own words where tw16's would mislead ([English, 中文, 日本語]): values, fields and
     the result words of its rulings by name, its event types as "@type". */
  const VARIANT_WORDS = {
    riichi: {
      self_draw: ["tsumo (self-draw)", "自摸", "ツモ"], discard: ["ron (discard)", "榮和", "ロン"], rob_kong: ["chankan (rob kong)", "搶槓", "槍槓"],
      dead_hand: ["dead hand (和了放棄)", "和了放棄", "和了放棄"], furiten_temporary: ["furiten (temporary)", "同巡振聽", "同巡内フリテン"],
      furiten_riichi: ["furiten in riichi", "立直後振聽", "立直後フリテン"], double: ["double riichi", "兩立直", "ダブルリーチ"],
      ippatsu: ["ippatsu", "一發", "一発"], riichi: ["riichi", "立直", "リーチ"],
      "@riichi": ["riichi", "立直", "リーチ"], "@dora": ["dora indicator", "開槓寶牌", "新ドラ表示"], "@abort": ["abortive draw", "途中流局", "途中流局"],
      "@kong": ["kan", "槓", "カン"], "@exhaustive_draw": ["exhaustive draw", "荒牌流局", "荒牌平局"], nine_terminals: ["nine terminals", "九種九牌", "九種九牌"],
      four_winds: ["four winds", "四風連打", "四風連打"], four_kans: ["four kans", "四槓散了", "四槓散了"],
      four_riichi: ["four riichi", "四家立直", "四家立直"], triple_ron: ["triple ron", "三家和", "三家和"],
      dead_wall: ["dead wall", "王牌", "王牌"], ura: ["ura indicators", "裏寶牌指示", "裏ドラ表示"], kong_tile: ["kan tile", "嶺上牌", "嶺上牌"],
      wall: ["wall", "牌山", "山"], back: ["rinshan (dead wall)", "嶺上", "嶺上"], tenpai: ["tenpai", "聽牌", "テンパイ"],
      nagashi: ["nagashi mangan", "流局滿貫", "流し満貫"], count: ["tiles exposed", "露出張數", "露出枚数"],
      exhaustive_draw: ["exhaustive draw", "荒牌流局", "荒牌平局"], abortive_draw: ["abortive draw", "途中流局", "途中流局"],
      false_win: ["false win (chombo)", "詐和", "錯和（チョンボ）"], penalty: ["chombo", "罰符", "チョンボ"], win: ["win", "和了", "和了"],
      mangan: ["mangan", "滿貫", "満貫"], haneman: ["haneman", "跳滿", "跳満"], baiman: ["baiman", "倍滿", "倍満"],
      sanbaiman: ["sanbaiman", "三倍滿", "三倍満"], yakuman: ["yakuman", "役滿", "役満"],
      concealed: ["concealed kan", "暗槓", "暗槓"], added: ["added kan", "加槓", "加槓"], claimed: ["open kan", "大明槓", "大明槓"],
      kong: ["kan", "槓", "カン"], players: ["players", "玩家", "プレイヤー"], kind: ["kind", "種類", "種類"],
      kyotaku: ["sticks", "供託", "供託"],
    },
  };
  /* 日本語 for the page's own words (a word without one reads in 中文). */
  const JA = {
    title: "麻雀審判", games: "対局", table: "卓", position: "局面", events: "イベント", keep: "保存と共有", undo: "元に戻す",
    rule: "裁定", ruling: "裁定結果", close: "閉じる", save: "保存", cancel: "キャンセル", key_needed: "APIキー", variant: "ルール",
    players: "プレイヤー", dealer: "親", round_wind: "場風", start_dealer: "起家", options: "オプション", add: "追加", none: "なし",
    default: "既定", pos_none: "局面なし", pos_state: "既知の局面", pos_deal: "配牌から", hand: "手牌", melds: "副露", river: "河",
    turn: "手番", phase: "段階", drawn: "ツモ牌", last_discard: "直前の打牌", wall_left: "残り山", status: "状態",
    tap_tiles: "タップして牌を入力", tap_tile: "牌", done: "完了", remove: "削除", up: "上へ", down: "下へ", yes: "はい", no: "いいえ",
    cut_here: "ここから局を再開",
    ended: "記録はここで終わり。", result: "結果", winners: "和了者", findings: "裁定事項", payments: "支払い", net: "収支",
    next: "次局", missing: "不足している事実", from: "支払", to: "受取", amount: "点数", clause: "条文", at_event: "イベント",
    ruled_in: "裁定時間", incomplete: "不完全：不足した事実に依存する支払いは含まれない。", invalid: "文書に誤りがあります：",
    offline: "サーバーに接続できません。", save_game: "対局として保存", list_games: "保存した対局", export: "JSON書き出し",
    import: "JSON読み込み", print: "印刷", new_doc: "新しい争議", saved: "対局として保存しました", permalink: "固定リンク",
    revisions: "裁定の版", more: "その他", forget_key: "キーを消去", key_why: "このサーバーは本人確認が必要です：サーバーの画面に表示されたペアリングコードを入力。",
    key_gone: "この端末のキーは期限切れか取り消し済み：もう一度ペアリングコードを入力。",
    fifth: "五枚目の {t} は不可：{n} 枚とも場にある", full: "{what} は {n} 枚まで", not_here: "{t} はここに置けない",
    hand_n: "第", import_bad: "mjref/1 文書ではない", hidden: "伏せ牌", claimed: "鳴いた牌", kind: "種類", game_n: "対局",
    preset: "ルール", honba: "本場", sticks: "供託棒", scores: "持ち点", dora: "ドラ表示牌", dora_indicators: "ドラ表示牌",
    riichi: "リーチ", called_away: "鳴かれた牌", han: "翻", fu: "符", points: "点", redeal: "やり直し：同じ局を配り直す",
    tenpai: "テンパイ", penalties: "最終得点からの罰符", game_over: "終局", scores_after: "局後の持ち点", final: "最終得点",
    adjusted: "調整後", abort: "途中流局", pao: "包（責任払い）",
    red_second: "二枚目の {t} は不可：赤五は各色一枚", red_fourth: "普通の {t} は三枚まで：四枚目は赤五 {r}",
    no_run: "{t} から順子は作れない", event_n: "イベント {n}",
    player: "プレイヤー", tile: "牌", with: "搭子", hands: "手牌", tiles: "牌", how: "和了方法", shown: "公開", call: "発声", target: "対象",
    act: "行為", about: "対象イベント", by: "申告者", against: "相手", offence: "条文", action: "処置",
    draw: "ツモ", chi: "チー", pon: "ポン", kong: "カン", discard_type: "打牌", report: "申告", admit: "自認", correct: "訂正",
    reach: "伸手", merge: "取り込み", expose: "牌を見せる", peek: "覗き見", end: "終了", exhaustive_draw: "荒牌平局",
    restore: "復元", return_tile: "牌を戻す",
    ruled: "成立", unreported: "未申告", dismissed: "却下", own: "自分", other: "他人",
    pair_code: "ペアリングコード", pair_where: "6桁の数字：サーバーの画面に表示（referee serve --table）。", or_key: "またはAPIキー",
    phones: "卓のスマートフォン", paired: "ペアリング完了：この端末は {h} 時間、裁定と保存ができます。",
    pair_scan: "同じネットワークのスマートフォンで読み取るか、{url} を開いてコード {code} を入力。", saved_here: "対局 #{id} として保存しました",
  };
  const LANGS = { en: "English", zh: "中文", ja: "日本語" };
  let lang = store.get("lang") || (/^(zh|ja)/.test((navigator.language || "").toLowerCase()) ? navigator.language.slice(0, 2).toLowerCase() : "en");
  /** The language shown: the chosen one where the variant's rulings have it, else 中文 for 日本語. */
  const shown = () => (table().languages.includes(lang) ? lang : lang === "ja" ? "zh" : "en");
  const L = () => ({ en: 0, zh: 1, ja: 2 })[shown()];
  /** A word of an [English, 中文] table, in 日本語 from JA (by `ja`, default the key) where shown. */
  function pick(entry, key) {
    if (L() === 2 && JA[key] != null) return JA[key];
    return entry[Math.min(L(), 1)];
  }
  function t(key, vars) {
    let s = pick(WORDS[key] || [key, key], key);
    for (const k in vars || {}) s = s.replace("{" + k + "}", vars[k]);
    return s;
  }
  const own = (k) => ((VARIANT_WORDS[doc.variant] || {})[k] || null);
  const tv = (v) => { const o = own(v); return o ? o[L()] : VALUE_WORDS[v] ? pick(VALUE_WORDS[v], v) : String(v); };
  const tf = (f) => { const o = own(f); return o ? o[L()] : FIELD_WORDS[f] ? pick(FIELD_WORDS[f], f) : f; };
  const tt = (ty) => { const o = own("@" + ty); return o ? o[L()] : TYPE_WORDS[ty] ? pick(TYPE_WORDS[ty], ty === "discard" ? "discard_type" : ty) : ty; };

  // --- tiles -----------------------------------------------------------------------------------
  const NUM_ZH = "一二三四五六七八九";
  const HONOURS = "東南西北白發中";
  const FLOWERS = "梅蘭竹菊春夏秋冬";
  const SUIT_ZH = { m: "萬", p: "筒", s: "索" };
  const TILE_RE = /^(?:[1-9][mps]|0[mps]|[1-7]z|[1-8]f|\?)$/;
  const isFlower = (c) => /^[1-8]f$/.test(c);
  const isRed = (c) => /^0[mps]$/.test(c);
  const kindOf = (c) => (isRed(c) ? "5" + c[1] : c);
  const limitOf = (c) => (isFlower(c) || isRed(c) ? 1 : 4);
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
    el.className = "t " + (c === "?" ? "q" : c[1]) + (isRed(c) ? " r" : "") + (cls ? " " + cls : "");
    el.dataset.tile = c;
    el.title = c;
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
  let history = [];
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
    history.push(JSON.stringify(doc));
    if (history.length > 200) history.shift();
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
    if (!history.length) return;
    doc = JSON.parse(history.pop());
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
      row.append(h("span", { class: "lbl" }, t("marker")),
        numberInput(hd.streak_marker, (v) => { if (v == null) delete hd.streak_marker; else hd.streak_marker = v; }, { "aria-label": "streak marker", data: { path: hp + ".streak_marker" } }));
      return row;
    },
    honba: (hd, hp) => counter(hd, hp, "honba"),
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
      box.append(field(t("variant"), "variant", chips(CONFIG.rulebooks.map((r) => [r.variant, r.variant]), doc.variant,
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
      row.append(h("label", { data: { path: "ruleset." + name } }, name + " ",
        numberInput(doc.ruleset && doc.ruleset[name], (v) => {
          doc.ruleset = doc.ruleset || {};
          if (v == null) delete doc.ruleset[name]; else doc.ruleset[name] = v;
        }, { "aria-label": name })));
    }
    if (presets) {
      row.append(chips(presets.map((p) => [p, p]), (doc.ruleset && doc.ruleset.preset) || stakes.preset || presets[0], (v) => change(() => {
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
     /v1/rulebooks): yes/no, one of its values, several of them (an array), a number (or none),
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
      const label = h("span", { class: "lbl" }, name, " ", /^[A-Z]{2}-/.test(spec.clause) ? clauseButton(spec.clause) : null);
      let control;
      if (spec.values === "boolean") {
        control = chips([[false, t("no")], [true, t("yes")]], current, (v) => set(name, v), { small: true });
      } else if (Array.isArray(spec.default)) {
        const now = current || [];
        control = chips(spec.values.map((v) => [v, v]), now, (v, on) => set(name, spec.values.filter((x) => (x === v ? !on : now.includes(x)))), { small: true });
      } else if (spec.values.includes("integer")) {
        control = h("span", { class: "chips" });
        if (spec.values.includes("null")) control.append(chips([[null, t("none")]], current, () => set(name, null), { small: true }));
        control.append(numberInput(current, (v) => put(name, v == null ? undefined : v), { "aria-label": name, class: "points" }));
      } else {
        const numbered = spec.values.find((v) => /^[a-z_]+:[A-Z]$/.test(v));  // fixed:K, final:N: a value with a number
        const prefix = numbered ? numbered.split(":")[0] + ":" : null;
        const n = prefix && typeof current === "string" && current.startsWith(prefix) && /^\d+$/.test(current.slice(prefix.length));
        control = chips(spec.values.map((v) => [v, v]), n ? numbered : current, (v) => { if (!(n && v === numbered)) set(name, v === numbered ? prefix + presetNumber(name, prefix) : v); }, { small: true });
        if (n) {
          control.append(numberInput(+current.slice(prefix.length), (k) => put(name, prefix + (k || 0)), { "aria-label": name + " " + numbered.split(":")[1] }));
        }
      }
      box.append(h("div", { class: "row wrap", data: { path: "ruleset.options." + name } }, label, control));
    }
    return box;
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
      if (pos.dora_indicators && !(except && except.list === pos.dora_indicators)) pos.dora_indicators.forEach(add);
    }
    events().forEach((e) => {
      if ((e.type === "draw" || e.type === "dora") && !(except && except.obj === e)) add(e.tile);
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
    rows.push(["1z", "2z", "3z", "4z", "5z", "6z", "7z"]);
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
        const key = h("button", { type: "button", class: "key" + (target.adds && full ? " full" : ""), data: { key: c }, "aria-label": c,
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
    for (const p of players()) {
      let card = h("div", { class: "player", data: { player: p } });
      const outer = card;
      const dealer = p === hand().dealer;
      card.append(h("h3", {}, p, " ", tileEl(seatOrder[p], "mini"), dealer ? h("span", { class: "badge dealer" }, t("dealer")) : null));
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
    declare: [["player", "player"], ["what", "choice"]],
    expose: [["player", "player"], ["tiles", "tiles"], ["fault", "choice", { opt: true }]],
    peek: [["player", "player"], ["target", "peek"]],
    rob_flower: [["player", "player"], ["from", "player"]],
    decline_last: [["player", "player"]],
    riichi: [["player", "player"]],
    dora: [["tile", "tile", { adds: true }]],
    abort: [["kind", "choice"], ["player", "player", { drop: true, when: (e) => e.kind === "nine_terminals" }],
      ["players", "players", { drop: true, when: (e) => e.kind === "triple_ron" }]],
    exhaustive_draw: [["tenpai", "players", { opt: true }], ["nagashi", "players", { opt: true }]],
    end: [],
  };
  const TYPE_ORDER = ["discard", "draw", "chi", "pon", "kong", "win", "riichi", "dora", "call", "reach", "merge", "act", "report", "admit",
    "correct", "flower", "declare", "expose", "peek", "rob_flower", "decline_last", "abort", "exhaustive_draw", "end"];
  /** The fields of an event type this variant's loader accepts, with their choices. */
  const loaderFields = (type) => table().events[type] || {};
  const fieldsFor = (type) => (EVENT_FIELDS[type] || []).filter(([name]) => name in loaderFields(type));
  const AFTER_PLAY = ["report", "admit", "correct", "act", "discard", "draw", "win", "end"];

  /** Where play stands before event `upto`: whose turn, the claimable discard, the last draw. */
  function track(upto) {
    const evs = events();
    const s = { turn: hand().dealer || players()[0], phase: "draw", last: null, drawn: null, claimed: null, back: false, ended: false, stopped: false };
    for (let i = 0; i < Math.min(upto, evs.length); i++) {
      const e = evs[i];
      switch (e.type) {
        case "state":
          s.last = e.last_discard && e.last_discard.tile ? { player: e.last_discard.player, tile: e.last_discard.tile } : null;
          s.turn = e.turn || (s.last ? nextOf(s.last.player) : s.turn);
          s.phase = e.phase || "draw";
          s.drawn = e.drawn && e.drawn.tile ? { player: s.turn, tile: e.drawn.tile } : null;
          break;
        case "deal": s.phase = table().dealer_dealt ? "discard" : "draw"; break;
        case "draw": s.turn = e.player; s.phase = "discard"; s.drawn = { player: e.player, tile: e.tile }; s.back = false; s.claimed = null; break;
        case "discard": s.last = { player: e.player, tile: e.tile }; s.turn = nextOf(e.player); s.phase = "draw"; s.drawn = null; s.claimed = null; break;
        case "chi": case "pon": s.claimed = s.last; s.turn = e.player; s.phase = "discard"; s.last = null; s.drawn = null; break;
        case "kong": s.claimed = s.last; s.turn = e.player; s.phase = "draw"; s.back = true; s.last = null; s.drawn = null; break;
        case "flower": s.back = true; break;
        case "win": if (e.how !== "flower") s.ended = true; break;
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
      case "draw": e.player = s.turn; if (s.back) e.from = "back"; break;
      case "discard": case "reach": case "merge": case "declare": case "expose": case "decline_last": case "flower": case "riichi": e.player = s.turn; break;
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
          const known = knownHands().filter((p) => p !== on.player);
          if (known.length === 1) e.player = known[0];  // the hand the referee entered is the dispute's
        } else e.how = "self_draw";
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
    const types = TYPE_ORDER.filter((ty) => ty in table().events);
    return s.ended ? types.filter((ty) => AFTER_PLAY.includes(ty)) : types;
  }

  function summary(e, i) {
    const parts = [];
    const who = e.player || e.by || "";
    if (who) parts.push(h("b", {}, who));
    parts.push(" " + tt(e.type) + " ");
    const tiles = (l) => (l || []).map((c) => tileEl(c, "mini"));
    switch (e.type) {
      case "state": case "deal": parts.push("(" + t("position") + ")"); break;
      case "kong": parts.push(tv(e.kind), " ", ...tiles(e.tiles)); break;
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
      case "declare": parts.push(tv(e.what || "")); break;
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
        head.append(
          h("button", { type: "button", class: "btn small", "aria-label": t("up"), disabled: i <= (position() ? 1 : 0), onclick: () => move(i, -1) }, "↑"),
          h("button", { type: "button", class: "btn small", "aria-label": t("down"), disabled: i >= events().length - 1, onclick: () => move(i, 1) }, "↓"),
          h("button", { type: "button", class: "btn small", "aria-label": t("remove"), onclick: () => removeEvent(i) }, "✕"),
          h("button", { type: "button", class: "btn small", "aria-label": t("cut_here"), title: t("cut_here"), data: { cut: String(i) }, onclick: () => cutHere(i) }, "✂"));
      }
      li.append(head);
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
    if (!r.ok) { notice(cutError(r.body) || t("import_bad")); return; }
    change(() => { doc = normalise(r.body); handIndex = 0; openIndex = null; });
    notice(null);
  }
  const cutError = (body) => body && body.errors ? Object.entries(body.errors).map(([k, v]) => k + ": " + [].concat(v).join(" "))[0] : body && body.message;

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
      accept: (c) => (o.flower ? isFlower(c) : o.any ? true : !isFlower(c)),
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
        let who = players().filter((p) => !(name === "from" && p === e.player));
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
    return rest.split(".").filter(Boolean).map((seg) => {
      const m = /^([^[]*)(?:\[(\d+)\])?$/.exec(seg) || [seg, seg];
      const name = m[1];
      const word = doc.players.includes(name) ? name : name in WORDS ? t(name) : name in FIELD_WORDS ? tf(name) : tv(name);
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

  // --- the ruling --------------------------------------------------------------------------------
  let lastRuling = null;
  let lastErrors = null;

  async function ruleNow() {
    closeKeyboard();
    const started = performance.now();
    const btn = $("#rule");
    btn.disabled = true;
    const r = await api("POST", "/v1/rulings?explain=true", doc);
    btn.disabled = false;
    if (r.ok) {
      lastRuling = r.body; lastErrors = null;
      renderRuling(r.body);
      showErrors({});
    } else {
      lastRuling = null; lastErrors = r.body || {};
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
      r.status === 422 ? h("ul", {}, Object.keys(body.errors || {}).map((p) => h("li", { data: { path: p } }, h("a", { href: "#", title: p, onclick: (ev) => {
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
  const party = (who) => (who === "kyotaku" ? tv("kyotaku") : who);

  function renderWinner(w) {
    const wb = h("div", { class: "winner", data: { winner: w.player } },
      h("b", {}, w.player), " · " + tv(w.how) + " ", w.tile ? tileEl(w.tile, "mini") : "", w.from && "han" in w ? " ← " + w.from : "", " · ");
    if ("han" in w) {  // a valuation in han and fu (riichi): its limit and base points
      wb.append(h("b", { data: { han: String(w.han), fu: String(w.fu) } }, w.han + " " + t("han") + (w.fu ? " " + w.fu + " " + t("fu") : "")),
        w.limit ? " · " + tv(w.limit) : "", " · ", h("b", { data: { points: String(w.points) } }, w.points + " " + t("points")));
      if (w.pao) wb.append(" · " + t("pao") + ": ", h("b", { data: { pao: w.pao } }, w.pao));
    } else if ("fan" in w) {  // 13-tile play (hk): 番 counted (paid after the cap) and the portion P
      wb.append(h("b", { data: { fan: String(w.fan) } }, w.fan + " 番" + (w.fan_paid !== w.fan ? " → " + w.fan_paid : "")),
        w.limit ? " · " + w.limit : "", " · P " + w.portion);
    } else {
      wb.append(h("b", { data: { tai: String(w.tai) } }, (w.tai == null ? "?" : w.tai) + " " + t("tai")));
    }
    for (const p of w.patterns) {
      const n = p.tai != null ? p.tai : p.fan != null ? p.fan : p.han;
      wb.append(h("div", { class: "pat", data: { pattern: p.key || p.name } }, clauseButton(p.rule), h("span", {}, patternName(p)), h("span", { class: "n" }, String(n))));
    }
    if (w.fu_details && w.fu_details.length) {
      wb.append(h("div", { class: "fu" }, t("fu") + ": " + w.fu_details.map((d) => d.fu + " " + d.reason).join(" + ")));
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
      if (!hd.complete) sec.append(h("p", { class: "notice" }, t("incomplete")));
      for (const w of hd.winners) sec.append(renderWinner(w));
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
        hd.payments.forEach((p, j) => {
          body.append(h("tr", { class: "payment", data: { from: p.from, to: p.to, amount: String(p.amount), rule: p.rule } },
            h("td", {}, party(p.from)), h("td", {}, "→ " + party(p.to)), h("td", { class: "amt" }, String(p.amount)), h("td", {}, clauseButton(p.rule))));
          if (why[j]) body.append(h("tr", { class: "why", data: { why: String(j) } }, h("td", { colspan: "4" }, p.amount + " " + why[j])));
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
        if (!nx.round_wind && windWhy) sec.append(h("p", { class: "why", data: { why: "round_wind" } }, t("round_wind") + " —: " + windWhy));
      }
      if (hd.missing.length) {
        sec.append(h("h3", {}, t("missing")), h("ul", {}, hd.missing.map((m) => h("li", {}, m.fact + " · " + m.player + " · " +
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
    history.push(JSON.stringify(doc));
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

  // --- drawing it all ------------------------------------------------------------------------------
  function render(opts) {
    document.documentElement.lang = { en: "en", zh: "zh-Hant", ja: "ja" }[shown()];
    $$("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
    $("#lang").textContent = LANGS[nextLang()];
    const y = window.scrollY;
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
})();
