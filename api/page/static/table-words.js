/* The table page: builds an mjref/1 document (EVENT_LOG.md) from taps and the tile keyboard,
   asks the API for its ruling, and shows it. The document itself is the page's only state
   (`doc`); every view is drawn from it, every tap changes it (after an undo snapshot).

   This file: the page's configuration, DOM and storage helpers, and its words (English, 中文,
   日本語) with the language shown.
   Classic scripts loaded in order by templates/table.html (table-words.js, table-doc.js,
   table-keyboard.js, table-events.js, table-ruling.js, table-keep.js, table.js): they share one
   global scope; what a file runs as it loads uses only what the files before it declared, and
   only table.js starts the page (its functions may call any file's). */
"use strict";

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
  round_wind: ["Round", "圈風"], open_seat: ["Wall opened", "開門位"], start_dealer: ["First dealer", "起莊位"],
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
  claimed: ["claimed tile", "吃碰的牌"], kind: ["kind", "種類"], concealed: ["concealed", "暗"], stake: ["Stake", "注"],
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
  indicator: ["Indicator", "翻牌"], wild: ["wild", "癞子"], lay: ["laid out alone", "只能單獨亮出"], laid: ["Laid out", "亮出"],
  thrown: ["thrown", "丟"], hard: ["hard", "硬胡"], soft: ["soft", "軟胡"], haidi: ["海底 draws begun", "海底已開始"],
  void_suit: ["Void suit 定缺", "定缺"], left_play: ["Left play", "離場"], in_play: ["In play", "在場"],
  win_n: ["win {n}", "第{n}胡"],
  as_above: ["as above", "同上"], left_card: ["Won (win {n}) and left play: no more draws or discards", "已胡牌離場（第{n}胡）：不再摸牌打牌"],
  left_goes_on: ["{p} won and left play (win {n}): play goes on with {rest}", "{p} 胡牌離場（第{n}胡）：由 {rest} 繼續打"],
  left_ends: ["{p} won and left play (win {n}): {k} have won, the hand ends", "{p} 胡牌離場（第{n}胡）：已有 {k} 家胡牌，本局結束"], checks: ["Checks at the exhaustive draw", "流局查叫"], pig: ["花猪 pig", "花豬"],
  ready: ["ready 有叫", "有叫"], not_ready: ["not ready 无叫", "無叫"], best_call: ["best call", "最大叫"],
  value: ["V", "V"], undeclared: ["not declared", "未定缺"],
  huang_fan: ["荒番 counter", "荒番"], dice: ["Dice", "骰子"], huang_fan_hand: ["a 荒番 hand: shares doubled", "荒番局：加倍"],
  ruleset: ["Rules", "規則"], stake_base: ["base", "底"], stake_tai: ["per tai", "每台"],
  flowers_n: ["flowers", "花"], bd_indicator: ["百搭 indicator", "翻百搭"], bd_wild: ["Wild 百搭", "百搭"],
};
const FIELD_WORDS = {
  player: ["player", "玩家"], tile: ["tile", "牌"], from: ["from", "來自"], with: ["with", "搭配"],
  kind: ["kind", "種類"], tiles: ["tiles", "牌"], how: ["how", "方式"], shown: ["shown", "亮出"],
  what: ["what", "宣告"], call: ["call", "叫"], touched: ["touched", "觸及"], fault: ["fault", "過失"],
  target: ["target", "對象"], act: ["act", "行為"], about: ["about", "關於事件"], recoverable: ["recoverable", "可回復"],
  by: ["by", "舉發者"], against: ["against", "被舉發者"], offence: ["clause", "條文"], action: ["action", "處置"],
  random: ["at random", "隨機"], suit: ["suit", "花色"], from_meld: ["from a meld", "打明牌"], t: ["ms", "毫秒"], hands: ["hands", "手牌"],
};
const TYPE_WORDS = {
  discard: ["discard", "打牌"], draw: ["draw", "摸牌"], chi: ["chi", "吃"], pon: ["pon", "碰"], kong: ["kong", "杠"],
  win: ["win", "和牌"], call: ["call", "喊"], reach: ["reach", "伸手"], merge: ["merge", "入手"], act: ["act", "違規行為"],
  report: ["report", "舉發"], admit: ["admit", "自承"], correct: ["correct", "更正"], flower: ["flower", "補花"],
  declare: ["declare", "宣告"], expose: ["expose", "亮牌"], peek: ["peek", "偷看"], rob_flower: ["rob flower", "搶花"],
  decline_last: ["decline last", "棄摸"], exhaustive_draw: ["exhaustive draw", "荒局"], end: ["end", "結束"],
  state: ["position", "局面"], deal: ["deal", "配牌"], single_kong: ["single kong", "單張杠"], indicator: ["indicator", "翻牌"],
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
  open: ["open: the record stops before the hand ended", "未完"],
  undetermined: ["undetermined: a fact is missing (below)", "未定：缺少事實（見下）"], true: ["yes", "是"], false: ["no", "否"],
};
const RESULT_WORDS = { win: ["和牌 win", "和牌"] };
/* A variant's own words where tw16's would mislead ([English, 中文, 日本語]): values, fields and
   the result words of its rulings by name, its event types as "@type". */
const VARIANT_WORDS = {
  tw16: {  // the presets (RULEBOOK_TW16_PRESETS §1): the rulebook of seed 000, or seed 001's common table
    seed000: ["seed000 (the rulebook)", "seed000（規則書）", "seed000（規則書）"], common: ["common (house table)", "常見規則", "常見規則"],
  },
  sichuan: {  // 简体中文, as RULEBOOK_SC writes it
    self_draw: ["自摸 self-draw", "自摸", "自摸"], discard: ["点炮 on a discard", "点炮", "点炮"], rob_kong: ["抢杠胡 robbing a kong", "抢杠胡", "抢杠胡"],
    concealed: ["暗杠 下雨", "暗杠", "暗杠"], added: ["面下杠 刮风", "面下杠", "面下杠"], claimed: ["直杠 刮风", "直杠", "直杠"],
    void_suit: ["定缺 void suit", "定缺", "定缺"], m: ["万 m", "万", "万"], p: ["筒 p", "筒", "筒"], s: ["索 s", "索", "索"],
    dead_hand: ["相公 dead hand", "相公", "相公"], false_win: ["诈胡 false win", "诈胡", "诈胡"], win: ["胡牌 win", "胡牌", "胡牌"],
    exhaustive_draw: ["流局 exhaustive draw", "流局", "流局"],
    open: ["open: 血战 goes on, the record stops here", "未完：血战继续", "未完：血战继续"], "@win": ["win 胡", "胡", "胡"], "@declare": ["declare 定缺", "定缺", "定缺"],
    "@exhaustive_draw": ["exhaustive draw 流局", "流局", "流局"],
    chengdu: ["chengdu 成都", "成都", "成都"], online: ["online 網上", "網上", "網上"],  // the presets
  },
  shanghai: {  // 上海麻将, in 简体中文 (RULEBOOK_SH)
    knock: ["knock 敲", "敲", "敲"], knocked: ["knocked 敲", "已敲", "已敲"], "@declare": ["declare", "宣告", "宣告"],
    "@indicator": ["百搭 indicator", "翻百搭", "翻百搭"], discard: ["on a discard 抓冲", "抓冲", "抓冲"],
    rob_kong: ["rob kong 抢杠", "抢杠", "抢杠"], dead_hand: ["相公 dead hand", "相公", "相公"], passed: ["漏胡 passed", "漏胡", "漏胡"],
    false_win: ["诈胡 false win", "诈胡", "诈胡"], exhaustive_draw: ["荒 exhaustive draw", "荒", "荒"], win: ["胡牌 win", "胡牌", "胡牌"],
    "@win": ["win 胡", "胡牌", "胡牌"], "@kong": ["kong", "杠", "杠"], back: ["back 杠尾", "杠尾", "杠尾"],
    qiaoma: ["qiaoma 敲麻", "敲麻", "敲麻"], baida: ["baida 百搭", "百搭", "百搭"], qinghunpeng: ["qinghunpeng 清混碰", "清混碰", "清混碰"],
  },
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
    // a riichi's flags inside a turn (docs/riichi.md)
    established: ["established", "立直成立", "リーチ成立"], with_last_discard: ["by the draw past his discard", "過打牌後成立", "打牌通過で成立"],
    discard_owed: ["declared, discard to come", "已宣告待打牌", "宣言済み・打牌待ち"],
  },
  hk: { club: ["club 會所", "會所", "會所"], tournament: ["tournament 比賽", "比賽", "比賽"], casual: ["casual 家庭", "家庭耍樂", "家庭耍樂"] },
  guangdong: {  // the presets (docs/guangdong.md)
    wufan: ["wufan 无番起和", "无番起和", "无番起和"], yifan: ["yifan 一番起和", "一番起和", "一番起和"],
    sanfan: ["sanfan 三番起和", "三番起和", "三番起和"], qq: ["qq QQ 3番封顶", "QQ 三番封顶", "QQ 三番封顶"],
    seed_list1: ["seed list 1 (天和 … 9 番)", "种子表一（天地人和九番）", "种子表一（天地人和九番）"],
  },
  wuhan: {
    "@single_kong": ["single kong (红中杠, 癞子杠)", "红中杠、癞子杠"], "@indicator": ["indicator 翻牌", "翻牌"],
    "@win": ["win", "胡牌"], "@exhaustive_draw": ["荒庄 exhaustive draw", "荒庄"],
    discard: ["on a discard (捉炮)", "捉炮"], rob_kong: ["rob kong 抢杠", "抢杠"], self_draw: ["self-draw 自摸", "自摸"],
    win: ["胡牌 win", "胡牌"], false_win: ["诈胡 false win", "诈胡"], exhaustive_draw: ["荒庄 exhaustive draw", "荒庄"],
    dead_hand: ["相公 dead hand", "相公"], passed: ["过水 passed", "过水"], claimed: ["冲杠 claimed", "冲杠"],
    added: ["蓄杠 added", "蓄杠"], concealed: ["暗杠 concealed", "暗杠"], small: ["小胡 small hand", "小胡"], big: ["大胡 big hand", "大胡"],
    cap: ["封顶 the cap", "封顶"], jin_ding: ["金顶", "金顶"], liable_cap: ["承包封顶 liable cap", "承包封顶"],
    kaikoufan: ["kaikoufan 开口翻", "开口翻"], koukoufan: ["koukoufan 口口翻", "口口翻"],  // the presets
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
/* The variants' chips: the document's name, and where the table knows it by ([English, 中文]). */
const VARIANT_NAMES = {
  tw16: ["tw16 台灣16張", "台灣16張"], riichi: ["riichi 立直", "日本立直"], hk: ["hk 香港", "香港"],
  guangdong: ["guangdong 广东", "广东鸡平胡"], wuhan: ["wuhan 武汉", "武汉"], sichuan: ["sichuan 四川", "四川血战"],
  shanghai: ["shanghai 上海", "上海"],
};
const variantName = (v) => (VARIANT_NAMES[v] ? VARIANT_NAMES[v][Math.min(L(), 1)] : v);
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

/* The money's sums in 中文 (api/text: each payment "as the sum it is", written in English with the
   variants' own terms): [pattern, 中文, 日本語 where it differs], applied in turn where 中文 or
   日本語 is shown; what none matches stays as the API wrote it. */
const PAY_WORDS = [
  // tw16
  [/(\d+) face\b/g, "$1 台"], [/, flat: no base, no dealer tai\)/g, ", 定額：不計底與莊家台)"], [/ remainder\b/g, " 餘數"],
  [/mirroring (\S+) pays (\S+) (\d+)/g, "比照 $1 付 $2 $3"], [/the fixed stake (\d+)/g, "固定注 $1"], [/, bet (\S+)\)/g, ", 插花 $1)"],
  // riichi: what a payment is
  [/ honba × /g, " 本場 × ", " 本場 × "], [/, riichi stick\)/g, ", 立直棒)", ", リーチ棒)"], [/, ron\)/g, ", 榮和)", ", ロン)"],
  [/, tsumo\)/g, ", 自摸)", ", ツモ)"], [/, robbing a kan\)/g, ", 搶槓)", ", 槍槓)"], [/, honba\)/g, ", 本場)", ", 本場)"],
  [/, the sticks on the table\)/g, ", 場上供託)", ", 供託)"], [/, noten payment\)/g, ", 不聽罰符)", ", ノーテン罰符)"],
  [/, pao\)/g, ", 包牌)", ", 包)"], [/, nagashi mangan\)/g, ", 流局滿貫)", ", 流し満貫)"],
  [/, his stick back on the re-deal\)/g, ", 重新配牌退還立直棒)", ", 配り直しでリーチ棒返却)"],
  [/, to the table's sticks\)/g, ", 入供託)", ", 供託へ)"], [/, chombo\)/g, ", 錯和)", ", チョンボ)"],
  // hk, guangdong: shares
  [/one limit portion, base /g, "一份滿貫，底 "], [/(\d+) limit portions of /g, "$1 份滿貫，每份 "],
  [/one cap share, base /g, "一份封顶，底 "], [/(\d+) cap shares of /g, "$1 份封顶，每份 "],
  [/\(自摸: each pays (\w)\)/g, "（自摸：每家付 $1）"], [/\(全銃: the discarder pays the whole\)/g, "（全銃：出銃者全付）"],
  [/\(the kong player pays all three shares\)/g, "（杠者包三家）"], [/\(one player pays all three shares\)/g, "（一人包三家）"],
  [/\(the discarder pays one share\)/g, "（放炮者付一份）"], [/, (\S+)'s share\b/g, ", $1 的一份"], [/his own share, /g, "自己的一份，"],
  // sichuan
  [/\(自摸: each player in play pays V\)/g, "（自摸：在场每家付 V）"],
  [/\(自摸加底: each player in play pays V and one B\)/g, "（自摸加底：在场每家付 V 加一底）"],
  [/\(点炮: the discarder pays V\)/g, "（点炮：放炮者付 V）"],
  [/\(一炮多响: the discarder pays each winner his own V, (\S+)'s here\)/g, "（一炮多响：放炮者付每位胡者各自的 V，此为 $1 的）"],
  [/\(擦挂: each other player in play, for (\S+)'s claimed kong\)/g, "（擦挂：在场其他每家，为 $1 的直杠）"],
  [/ added kong: each other player in play\)/g, "：在场其他每家付)"], [/ concealed kong: each other player in play\)/g, "：在场其他每家付)"],
  [/ claimed kong: the discarder feeds it\)/g, "：点杠者付)"],
  [/the kong money (\S+) took, handed on \(呼叫转移 call transfer to the 杠上炮 winner (\S+)\)/g, "$1 所得杠钱转出（呼叫转移给杠上炮的胡者 $2）"],
  [/the kong money (\S+) paid (\S+), given back \(退税: (\S+) is not ready\)/g, "$1 付给 $2 的杠钱退回（退税：$3 未下叫）"],
  [/the kong money (\S+) paid (\S+) for a wrong kong, given back \(错杠\)/g, "$1 为错杠付给 $2 的杠钱退回（错杠）"],
  [/\(查大叫: (\S+)'s best call, (\d+) 番, paid by a player not ready\)/g, "（查大叫：$1 的最大叫 $2 番，由未下叫者付）"],
  [/\(查花猪: the pig pays each player in play who is no pig the cap value\)/g, "（查花猪：花猪按封顶赔每位非花猪的在场玩家）"],
  [/\(诈胡: the offender pays each other player in play the cap value\)/g, "（诈胡：按封顶赔在场其他每家）"],
  [/\(查花猪: the pig pays each player in play who is no pig (\S+)\)/g, "（查花猪：花猪赔每位非花猪的在场玩家 $1）"],
  [/\(诈胡: the offender pays each other player in play (\S+)\)/g, "（诈胡：赔在场其他每家 $1）"],
  // shanghai
  [/, to each other player \(诈胡\)/g, "，赔其他每家（诈胡）"], [/one share V (\d+) more \(包三口: three claims fed\)/g, "多付一份 V $1（包三口：喂三口）"],
  [/\(自摸: each of the three pays one\)/g, "（自摸：三家各付一份）"], [/\(the discarder alone pays\)/g, "（放炮者一家付）"],
  [/\(each winner on the tile\)/g, "（每位胡者各一份）"], [/\(抢杠: the kong player pays all three shares\)/g, "（抢杠：杠者包三家）"],
  [/one share V /g, "一份 V "],
  // wuhan
  [/金顶: all three raw shares reached the cap/g, "金顶：三家原始分都到封顶"], [/ the liable cap\b/g, " 承包封顶"], [/ the cap\b/g, " 封顶"],
  [/(\d+) reversed \(诈胡\)/g, "$1 倒赔（诈胡）"], [/\(raw (\S+) rounded down\)/g, "（原始 $1 舍去小数）"], [/\braw /g, "原始 "],
  [/: no items/g, "：无翻项"], [/ the discarder of a 全求人's 将/g, "（全求人的将由放炮者承包）"],
  [/ the third feed of a 清一色/g, "（清一色第三口喂牌）"],
  // shared last: the base and the shares' names
  [/ × base /g, " × 底 "], [/, base /g, "，底 "],
];
/** A payment's sum in the language shown (PAY_WORDS): as the API wrote it in English. */
function payWords(text) {
  if (!L()) return text;
  return PAY_WORDS.reduce((s, [re, zh, ja]) => s.replace(re, L() === 2 && ja ? ja : zh), text);
}
/* riichi's fu, by the reasons the valuation gives them ([English, 中文, 日本語]) */
const FU_WORDS = {
  base: ["base", "底符", "副底"], penchan: ["edge wait", "邊張", "辺張"], kanchan: ["closed wait", "嵌張", "嵌張"],
  valued_pair: ["value pair", "役牌雀頭", "役牌雀頭"], double_valued_pair: ["double value pair", "連風牌雀頭", "連風牌雀頭"],
  pair_wait: ["pair wait (tanki)", "單騎", "単騎"], tsumo: ["tsumo", "自摸", "ツモ"], hand_without_fu: ["no fu (open pinfu shape)", "無符", "符なし"],
  closed_pon: ["concealed pung", "暗刻", "暗刻"], open_pon: ["open pung", "明刻", "明刻"],
  closed_terminal_pon: ["concealed terminal pung", "么九暗刻", "么九暗刻"], open_terminal_pon: ["open terminal pung", "么九明刻", "么九明刻"],
  closed_kan: ["concealed kan", "暗槓", "暗槓"], open_kan: ["open kan", "明槓", "明槓"],
  closed_terminal_kan: ["concealed terminal kan", "么九暗槓", "么九暗槓"], open_terminal_kan: ["open terminal kan", "么九明槓", "么九明槓"],
};
const fuWord = (r) => (FU_WORDS[r] ? FU_WORDS[r][L()] : r);
/* a missing fact of the ruling, by its name ([English, 中文, 日本語]) */
const FACT_WORDS = {
  concealed_tiles: ["concealed tiles", "暗牌", "手牌"], dora_indicators: ["dora indicators", "寶牌指示牌", "ドラ表示牌"],
  ura_indicators: ["ura indicators", "裏寶牌指示牌", "裏ドラ表示牌"], kong_tiles: ["the kong's tiles", "杠的牌", "カンの牌"],
  scores: ["scores", "點數", "持ち点"], tile: ["the tile", "牌", "牌"], wall_left: ["wall left", "餘牌", "残り山"], win: ["the win", "和牌", "和了"],
};
const factWord = (f) => (FACT_WORDS[f] ? FACT_WORDS[f][L()] : f);
