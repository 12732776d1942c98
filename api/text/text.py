"""A readable text form of a ruling, for a referee at the table.

``format_text(ruling, document)`` explains what the ruling JSON only states:

* every amount, as the sum it is (``C pays A 180 = 100 + (3 face + 1 作莊) × 20``), with its
  clause (``api.text.text_money``, which the table page's explained rulings share);
* events numbered from 1, with what happened (``event 4 (C draws 6p)``); the JSON's ``at`` and the
  decisions it carries count from 0, and are renumbered here;
* tiles by their Chinese names inside Chinese text (``九筒``), by their codes in English text;
* why a value is unknown (the ruling's ``missing``);
* lines of at most ``WIDTH`` columns (a Chinese character takes two).

Without the document (``format_text(ruling)``) events are named by number only and amounts are
stated plainly.

A riichi ruling (RULEBOOK_RIICHI §10) is told in its own terms: each hand's label (``East 2, 1
honba``), the result (an abortive draw with its kind, a re-deal), each winner's han, fu, limit and
points with the yaku in 中文, 日本語 and English and the fu by reason, the payments (a honba or the
sticks as the sum they are), the net with the table's sticks (``kyotaku``), the scores after the
hand, the tenpai players, the final-score penalties, the next hand (dealer, honba, sticks, round
wind, the game's end) and, after the last hand of a finished game, the final scores. Findings give
their decision in Chinese, Japanese (``decision_ja``) and English.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Optional

from referee.tiles import TileError, code, parse_tile, parse_tiles

from api.text.text_money import NO_ROUND_WIND, payment_reasons, records_of, round_wind_unknown

WIDTH = 80

_RESULT = {"win": "和牌 win", "exhaustive_draw": "荒局 exhaustive draw", "false_win": "詐和 false win",
           "penalty": "包賠 penalty", "open": "未完 open (the record stops before the hand ended)",
           "undetermined": "未定 undetermined (a fact the log does not hold decides it: see missing)"}
_RIICHI_RESULT = {**_RESULT, "win": "和了 win", "exhaustive_draw": "荒牌平局 exhaustive draw",
                  "false_win": "誤和了 false win", "penalty": "チョンボ penalty",
                  "abortive_draw": "途中流局 abortive draw"}
_ABORTS = {"nine_terminals": "九種九牌 nine terminals", "four_winds": "四風連打 four winds", "four_kans":
           "四槓散了 four kans", "four_riichi": "四家立直 four riichi", "triple_ron": "三家和 triple ron"}
_RIICHI_HOW = {"discard": "ron on {source}'s {tile}", "self_draw": "tsumo, {tile}",
               "rob_kong": "robbing {source}'s kan of {tile}"}
_ROUND_WINDS = {"1z": "East", "2z": "South", "3z": "West", "4z": "North"}

# --- tiles ----------------------------------------------------------------------------------------

_NUMERALS = "一二三四五六七八九"
_SUIT_ZH = {"m": "萬", "p": "筒", "s": "索"}
_HONOURS = "東南西北白發中"
_FLOWERS = "梅蘭竹菊春夏秋冬"


def zh_tiles(digits: str, suit: str) -> str:
    """The Chinese name of a run of codes of one suit: ``("9", "p")`` 九筒, ``("345", "s")``
    三四五索, ``("77", "z")`` 中中, ``("1", "f")`` 梅."""
    if suit in _SUIT_ZH:
        return "".join(_NUMERALS[int(d) - 1] for d in digits) + _SUIT_ZH[suit]
    names = _HONOURS if suit == "z" else _FLOWERS
    return "".join(names[int(d) - 1] for d in digits)


_CODE_IN_TEXT = re.compile(r"(?<![0-9A-Za-z.\-])([1-9]+)([mpszf])(?![0-9A-Za-z])")


def zh_text(text: str) -> str:
    """Chinese text with the tile codes in it given their Chinese names."""
    def name(m: re.Match) -> str:
        digits, suit = m.groups()
        limit = {"z": "7", "f": "8"}.get(suit, "9")
        return zh_tiles(digits, suit) if max(digits) <= limit else m.group(0)

    return _CODE_IN_TEXT.sub(name, text)


def _tile(value: object) -> str:
    try:
        return code(parse_tile(value))  # type: ignore[arg-type]
    except TileError:
        return str(value)


def _tiles(value: object) -> str:
    try:
        return " ".join(code(t) for t in parse_tiles(value))  # type: ignore[arg-type]
    except (TileError, TypeError):
        return str(value)


# --- events, 1-based ------------------------------------------------------------------------------

_DECLARE = {"tian_ting": "天聽 (ready after the deal)", "di_ting": "地聽 (ready with his first "
            "discard)", "watch": "眼牌 (watching)"}
_ACT = {"misdraw": "a misdraw (錯位摸補)", "grab_draw": "a draw out of turn (搶摸)",
        "draw_holding": "a draw while holding a tile (帶牌摸牌)", "steal": "a stolen tile (偷牌)",
        "not_taken_in": "a claimed tile not taken in (吃碰未撿入)", "tile_dropped": "a dropped tile",
        "influence": "influencing play", "wall_disturbed": "a disturbed wall",
        "hand_disturbed": "a disturbed hand"}
_KONG = {"concealed": "a concealed kong", "added": "an added kong", "claimed": "a claimed kong"}


_SAYS = {  # events told by a template of their fields
    "state": "the position the record starts from", "deal": "the deal",
    "flower": "{who} lays out the flower {tile}", "merge": "{who} puts the drawn tile into his hand",
    "rob_flower": "{who} robs {source}'s flower", "decline_last": "{who} declines the last tile",
    "exhaustive_draw": "the wall is drawn out (荒局)", "end": "the record stops",
    "riichi": "{who} declares riichi", "dora": "a kan-dora indicator is turned: {tile}",
    "indicator": "the indicator is turned: {tile}",
    "single_kong": "{who} lays out {tile} alone (a single kong) and draws from the back",
}
_WIN = {"discard": "{who} declares a win on {source}'s {tile}",
        "rob_kong": "{who} declares a win robbing {source}'s kong of {tile}",
        "rob_flower": "{who} declares a win robbing {source}'s flower",
        "flower": "{who} declares a flower win"}


def describe(event: dict) -> str:
    """What an event of the document says happened, in a few English words."""
    kind, who = event.get("type"), event.get("player", "")
    tile = _tile(event["tile"]) if event.get("tile") is not None else None
    fields = {"who": who, "tile": tile, "source": event.get("from")}
    if kind in _SAYS:
        return _SAYS[kind].format(**fields)
    if kind == "abort":
        kinds = _ABORTS.get(event.get("kind"), event.get("kind"))
        return f"the hand is aborted: {kinds}" + (f", declared by {who}" if who else "")
    if kind == "win":
        if event.get("how") in _WIN:
            return _WIN[event["how"]].format(**fields)
        return f"{who} declares a self-draw" + (f" with {tile}" if tile else "")
    if kind == "draw":
        return f"{who} draws {tile}" + (" from the back" if event.get("from") == "back" else "")
    if kind == "discard":
        return f"{who} discards {tile}" + (" from an exposed set" if event.get("from_meld") else "")
    if kind in ("chi", "pon"):
        return f"{who} {'chows' if kind == 'chi' else 'pons'} {tile} with {_tiles(event.get('with'))}"
    if kind == "kong":
        return f"{who} makes {_KONG.get(event.get('kind'), 'a kong')} {_tiles(event.get('tiles'))}"
    if kind == "declare":
        if event.get("what") == "void_suit":  # sichuan 定缺 (RULEBOOK_SC §13)
            return f"{who} declares 定缺: his void suit is {event.get('suit')}"
        return f"{who} declares {_DECLARE.get(event.get('what'), event.get('what'))}"
    if kind == "call":
        call = event.get("call")
        return f"{who} calls {'a win' if call == 'win' else call}" + (f" on {tile}" if tile else "")
    if kind == "reach":
        return f"{who} reaches for the wall" + (" and touches it" if event.get("touched") else "")
    if kind == "expose":
        return f"{who} shows {_tiles(event.get('tiles'))}"
    if kind == "peek":
        target = event.get("target")
        return f"{who} looks at " + ({"wall": "the wall", "kong_tile": "the kong tile"}.get(
            target) or f"{target}'s tiles")
    if kind == "act":
        return f"{who}: {_ACT.get(event.get('act'), event.get('act'))}"
    if kind in ("report", "admit"):
        offence = f" ({event['offence']})" if event.get("offence") else ""
        return (f"{event.get('by')} reports {event.get('against')}{offence}" if kind == "report"
                else f"{who} admits a fault{offence}")
    if kind == "correct":
        about = event.get("about")
        what = f"event {about + 1}" if isinstance(about, int) else "an act"
        if event.get("action") == "return_tile":
            return f"{who} puts back {tile or 'a tile'} ({what})"
        return f"{who}'s {what} is undone"
    return str(kind)


def _renumber(text: str, zh: bool) -> str:
    """A decision's event indices (0-based, as in the JSON) counted from 1."""
    if zh:
        return re.sub(r"第(\d+)事件", lambda m: f"第{int(m.group(1)) + 1}事件", text)
    return re.sub(r"\b(events?) (\d+)", lambda m: f"{m.group(1)} {int(m.group(2)) + 1}", text)


# --- lines of at most WIDTH columns ----------------------------------------------------------------

_WIDE = "WF"
_TOKEN = re.compile(r"[（「『]*[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]"
                    r"[，。；：、）」』！？]*|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]+\s*|\s+")


def width(text: str) -> int:
    """Columns on a terminal: a Chinese character takes two."""
    return sum(2 if unicodedata.east_asian_width(ch) in _WIDE else 1 for ch in text)


_WORD = re.compile(r"\S+\s*|\s+")


def wrap(text: str, indent: int, hang: int = 2, limit: int = WIDTH, zh: bool = False) -> list[str]:
    """``text`` in lines of at most ``limit`` columns, the first indented by ``indent`` and the
    rest by ``indent + hang``; breaks at spaces, and in Chinese text (``zh``) between characters
    too."""
    lines: list[str] = []
    line, used, room = "", 0, limit - indent
    for token in (_TOKEN if zh else _WORD).findall(text):
        bare = token.rstrip()
        if line and used + width(bare) > room:
            lines.append(line.rstrip())
            line, used, room = "", 0, limit - indent - hang
            token = token.lstrip()
            bare = token.rstrip()
            if not token:
                continue
        line += token
        used += width(token)
    if line.strip() or not lines:
        lines.append(line.rstrip())
    pad = " " * indent
    return [pad + lines[0]] + [pad + " " * hang + rest for rest in lines[1:]]


# --- the ruling ------------------------------------------------------------------------------------

_FACT = {"concealed_tiles": "{p}'s concealed tiles", "kong_tiles": "the tiles of {p}'s concealed kong",
         "tile": "the tile {p} drew or discarded", "order": "which of two acts came first",
         "wall_left": "how many tiles were left in the wall", "round_wind": "the round wind"}


def _money(n: int) -> str:
    return f"{n:+d}" if n else "0"


class _Hand:
    """One hand of the ruling with its record (the document's hand), for the text."""

    def __init__(self, hand: dict, record: Optional[dict]):
        self.hand = hand
        self.events = (record or {}).get("events") or []

    def event(self, at: Optional[int]) -> str:
        if at is None:
            return ""
        if 0 <= at < len(self.events) and isinstance(self.events[at], dict):
            return f"event {at + 1} ({describe(self.events[at])})"
        return f"event {at + 1}"

    def unknown(self, m: dict) -> str:
        return _FACT.get(m["fact"], m["fact"]).format(p=m.get("player") or "a player")


def format_text(ruling: dict, document: Optional[dict] = None) -> str:
    preset = f", preset {ruling['preset']}" if ruling.get("preset") else ""  # TW-RS-4
    lines = [f"Ruling ({ruling['rulebook']}, variant {ruling['variant']}{preset})"]
    for block in _hand_blocks(ruling, document):
        lines += ["", *block]
    if len(ruling["hands"]) > 1:
        lines += [""] + wrap("Total: " + ", ".join(f"{who} {_money(n)}" for who, n in ruling["net"].items()), 0)
    if ruling.get("final"):
        lines += _final_lines(ruling["final"])
    return "\n".join(lines)


def hand_texts(ruling: dict, document: Optional[dict] = None) -> list[str]:
    """Each hand's part of ``format_text``, one text a hand (for an audit's HTML report)."""
    return ["\n".join(block) for block in _hand_blocks(ruling, document)]


def _hand_blocks(ruling: dict, document: Optional[dict]) -> list[list[str]]:
    blocks: list[list[str]] = []
    many = len(ruling["hands"]) > 1
    records, ruleset = records_of(ruling, document)
    riichi, hk, gd = ruling["variant"] == "riichi", ruling["variant"] == "hk", ruling["variant"] == "guangdong"
    wh = ruling["variant"] == "wuhan"
    sc = ruling["variant"] == "sichuan"
    sh = ruling["variant"] == "shanghai"
    players = document.get("players") if isinstance(document, dict) else None
    previous = None
    first: dict = records[0] or {}
    for k, (hand, record) in enumerate(zip(ruling["hands"], records)):
        blocks.append(lines := [])
        results = (_RIICHI_RESULT if riichi else _hk().RESULT if hk else _gd().RESULT if gd
                   else _wh().RESULT if wh else _sc().RESULT if sc else _sh().RESULT if sh else _RESULT)
        result = results.get(hand["result"], hand["result"])
        if riichi and hand.get("abort"):
            result += f": {_ABORTS.get(hand['abort'], hand['abort'])}"
        label = _label(record, previous, players, first.get("start_dealer")) if riichi else None
        name = f"Hand {k + 1}" + (f" ({label})" if label else "")
        lines.append(f"{name}: {result}" if many else f"Result{f' ({label})' if label else ''}: {result}")
        if riichi:
            lines += _riichi_lines(_Hand(hand, record), record, previous)
        elif hk:
            lines += _hk().hk_lines(_Hand(hand, record), ruleset)
        elif gd:
            lines += _gd().gd_lines(_Hand(hand, record), ruleset)
        elif wh:
            lines += _wh().wh_lines(_Hand(hand, record), ruleset, players)
        elif sc:
            lines += _sc().sc_lines(_Hand(hand, record), ruleset)
        elif sh:
            lines += _sh().sh_lines(_Hand(hand, record), ruleset, record)
        else:
            lines += _hand_lines(_Hand(hand, record), record, ruleset, previous, ruling["variant"])
        previous = hand
    return blocks


def _hk():
    from api.text import text_hk  # it reads this module's pieces

    return text_hk


def _gd():
    from api.text import text_gd  # it reads this module's pieces

    return text_gd


def _wh():
    from api.text import text_wh  # it reads this module's pieces

    return text_wh


def _sc():
    from api.text import text_sc  # it reads this module's pieces

    return text_sc


def _sh():
    from api.text import text_sh  # it reads this module's pieces

    return text_sh


def _findings(h: _Hand) -> list[str]:
    """Each finding: its clause, status, offender and event, then its decision in Chinese,
    Japanese (riichi's ``decision_ja``) and English."""
    lines = []
    for r in h.hand["rulings"]:
        head = " ".join(x for x in (r["rule"], f"[{r['status']}]", r["player"]) if x)
        where = h.event(r["at"])
        lines += wrap(head + (f", {where}" if r["player"] and where else f" {where}" if where else ""), 2)
        for key in ("decision_zh", "decision_ja"):
            if r.get(key):
                lines += wrap(zh_text(_renumber(r[key], zh=True)), 4, zh=True)
        lines += wrap(_renumber(r["decision"], zh=False), 4)
    return lines


def _missing(h: _Hand) -> list[str]:
    lines = []
    for m in h.hand["missing"]:
        where = h.event(m.get("at"))
        lines += wrap(f"Unknown: {h.unknown(m)}" + (f" at {where}" if where else "") +
                      f", not in the log; needed for {m['needed_for']}", 2)
    if not h.hand["complete"] and not h.hand["missing"] and h.hand["result"] == "open":
        lines += wrap("Incomplete: the record stops before the hand ended; what came after is not ruled.", 2)
    elif not h.hand["complete"]:
        lines.append("  Incomplete: payments that depend on missing facts are left out.")
    return lines


def _hand_lines(h: _Hand, record: Optional[dict], ruleset: dict, previous: Optional[dict],
                variant: str) -> list[str]:
    hand, lines = h.hand, []
    for w in hand["winners"]:
        if w["tai"] is None:
            why = [h.unknown(m) for m in hand["missing"] if m.get("player") == w["player"]]
            tai = "tai unknown" + (f" ({'; '.join(why)} not in the log)" if why else "")
        else:
            tai = f"{w['tai']} tai"
        lines += wrap(f"Winner {w['player']} ({w['how']}, {w['tile']}): {tai}", 2)
        for p in w["patterns"]:
            lines += wrap(f"{p['rule']:<10} {p['name']} {p['en']}: {p['tai']}", 4)
    lines += _findings(h)
    for p, why in zip(hand["payments"], payment_reasons(hand, record, ruleset, previous, variant)):
        lines += wrap(f"{p['from']} pays {p['to']} {p['amount']} {why}", 2, hang=4)
    return lines + _closing(h, variant)


def _closing(h: _Hand, variant: str) -> list[str]:
    """A hand's last lines: its net, the next hand (dealer, streak, round wind), what is missing."""
    hand = h.hand
    lines = wrap("Net: " + ", ".join(f"{who} {_money(n)}" for who, n in hand["net"].items()), 2)
    if hand["next"]:
        nxt = hand["next"]
        wind = nxt["round_wind"] or f"unknown ({round_wind_unknown(variant)})"
        if variant in NO_ROUND_WIND:
            wind = f"none ({round_wind_unknown(variant)})"
        lines += wrap(f"Next: dealer {nxt['dealer']}, streak {nxt['streak']}, round wind {wind}", 2)
    return lines + _missing(h)


# --- riichi --------------------------------------------------------------------------------------


def _label(record: Optional[dict], previous: Optional[dict], players: Optional[list],
           start_dealer: Optional[str]) -> Optional[str]:
    """``East 2, 1 honba``: the hand's round wind, its number from the starting dealer and its
    honba, as recorded or as the previous hand's ruling carried them; None when one is unknown."""
    record, carried = record or {}, (previous or {}).get("next") or {}

    def given(key: str) -> object:
        return record[key] if record.get(key) is not None else carried.get(key)

    wind, dealer, honba = given("round_wind"), given("dealer"), given("honba")
    start = record.get("start_dealer") or start_dealer
    if not isinstance(players, list) or dealer not in players or start not in players or \
            _ROUND_WINDS.get(str(wind)) is None or not isinstance(honba, int):
        return None
    number = (players.index(dealer) - players.index(start)) % 4 + 1
    return f"{_ROUND_WINDS[str(wind)]} {number}, {honba} honba"


def _riichi_lines(h: _Hand, record: Optional[dict], previous: Optional[dict]) -> list[str]:
    hand, lines = h.hand, []
    if hand.get("redeal"):
        lines.append("  Re-deal: the hand is played again (RJ-IRR-0)")
    for w in hand["winners"]:
        how = _RIICHI_HOW.get(w["how"], w["how"]).format(source=w["from"], tile=w["tile"])
        value = (f"{w['limit']} ({w['han']} han)" if "yakuman" in (w["limit"] or "")
                 else f"{w['han']} han {w['fu']} fu" + (f", {w['limit']}" if w["limit"] else ""))
        pao = f"; pao: {w['pao']}" if w.get("pao") else ""
        lines += wrap(f"Winner {w['player']} ({how}): {value}, {w['points']} points{pao}", 2)
        for p in w["patterns"]:
            ja = f" {p['ja']}" if p["ja"] != p["name"] else ""
            lines += wrap(f"{p['rule']:<10} {p['name']}{ja} {p['en']}: {p['han']} han", 4)
        parts = w.get("fu_details") or []
        if parts:
            total = sum(f["fu"] for f in parts)
            rounded = f" = {total}, rounded up to {w['fu']}" if total != w["fu"] else ""
            lines += wrap("Fu: " + " + ".join(f"{f['fu']} {f['reason']}" for f in parts) + rounded, 4)
    lines += _findings(h)
    for p, why in zip(hand["payments"], payment_reasons(hand, record, {}, previous, "riichi")):
        lines += wrap(f"{p['from']} pays {p['to']} {p['amount']} {why}", 2, hang=4)
    lines += wrap("Net: " + ", ".join(f"{who} {_money(n)}" for who, n in hand["net"].items()), 2)
    if hand.get("scores"):
        lines += wrap("Scores: " + ", ".join(f"{who} {n}" for who, n in hand["scores"].items()), 2)
    if hand.get("tenpai") is not None:
        lines.append("  Tenpai: " + (", ".join(hand["tenpai"]) or "none"))
    for pen in hand.get("penalties") or ():
        lines += wrap(f"Penalty: {pen['player']} loses {pen['points']} points on the final score "
                      f"({pen['rule']}; outside the net)", 2)
    nxt = hand["next"]
    if nxt:
        wind = f"{nxt['round_wind']} ({_ROUND_WINDS.get(nxt['round_wind'], '?')})"
        over = "; the game is over (RJ-END)" if nxt.get("game_over") else ""
        lines += wrap(f"Next: dealer {nxt['dealer']}, honba {nxt['honba']}, sticks {nxt['sticks']}, "
                      f"round wind {wind}{over}", 2)
    return lines + _missing(h)


def _final_lines(final: dict) -> list[str]:
    """RJ-END-5: the final scores, where the sticks left went, the penalties taken off."""
    def scores(values: dict) -> str:
        return ", ".join(f"{who} {n}" for who, n in values.items())

    sticks = f" (the sticks left to {final['kyotaku_to']}, RJ-END-5)" if final.get("kyotaku_to") else ""
    lines = wrap(f"Final scores: {scores(final['scores'])}{sticks}", 0)
    if final.get("penalties"):
        lines += wrap(f"After penalties: {scores(final['adjusted'])}", 0)
    return lines
