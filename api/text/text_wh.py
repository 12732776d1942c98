"""The text ruling of a Wuhan hand (RULEBOOK_WH §10), in Wuhan terms (小胡/大胡, 翻 items, 封顶,
金顶, 承包, 诈胡), 简体中文 beside English: each winner's reading (what each 癞子 stood for, 硬胡 or
软胡), his hand (H, with the big-hand units that make it) and his items (M_W, their product); then
the findings; then each loser's share as the sum it is (``= 5 × 64``, raw = H × M_W × M_L, and what
set the amount: the cap, 金顶, the liable cap), the loser's own items, whose share a 承包 moved; a
诈胡's payment as the 金顶 (or fixed amount) it is; the net and the next hand. ``api.text.text``
calls ``wh_lines`` for each wuhan hand; ``payment_reasons`` gives the table page's explained
money (``api.text.text_money.explain``) the same words.

The options a line needs (``jin_ding`` for a 诈胡) are read from the document's ruleset over the
rulebook's presets; an explanation is given only when it gives the amount back exactly.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Optional

from rulesbook.wuhan.bao import NAMES
from rulesbook.wuhan.hu import HANDS
from rulesbook.wuhan.options import FACTORS

from api.text.text import _closing, _findings, _Hand, wrap

RESULT = {"win": "胡牌 win", "exhaustive_draw": "荒庄 exhaustive draw", "false_win": "诈胡 false win",
          "open": "未完 open (the record stops before the hand ended)",
          "undetermined": "未定 undetermined (a fact the log does not hold decides it: see missing)"}
_HOW = {"self_draw": "自摸 self-draw", "discard": "接炮 on {src}'s discard", "rob_kong": "抢杠 robbing {src}'s kong"}
_HU = {"small": "小胡 small hand", "big": "大胡 big hand"}
_CAP = {"cap": "封顶 the cap", "jin_ding": "金顶: all three raw shares reached the cap",
        "liable_cap": "承包封顶 the liable cap"}
BIG_UNIT = "WH-HU-4"  # factor_table key of the big hand's base per unit (§9.3)


def number(x: object) -> str:
    """A factor as the ruling gives it, without a needless ``.0`` (1.5 stays 1.5)."""
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return str(x)


def _product(factors: list[dict]) -> Fraction:
    out = Fraction(1)
    for f in factors:
        out *= Fraction(str(f["x"]))
    return out


def _items(factors: list[dict]) -> str:
    """``开口 2 × 冲杠 2``: a player's items, in the ruling's order."""
    return " × ".join(f"{f['name']} {number(f['x'])}" for f in factors)


def options_of(ruleset: dict) -> dict:
    """The document's options over its preset's (the rulebook's presets, §9.2); {} when the
    ruleset names no known preset or the rulebook is not there."""
    try:
        from rulesbook import get

        book = get("wuhan")
        presets, default = book.PRESETS, book.DEFAULT_PRESET
    except (KeyError, ImportError, AttributeError):
        return {}
    preset = ruleset.get("preset") or default
    if preset not in presets:
        return {}
    options = ruleset.get("options")
    return {**presets[preset], **(options if isinstance(options, dict) else {})}


def _base(ruleset: dict) -> int:
    base = ruleset.get("base", 1) if isinstance(ruleset, dict) else 1
    return base if isinstance(base, int) and not isinstance(base, bool) and base >= 1 else 1


def _unit(ruleset: dict) -> object:
    """The big hand's base per unit: the document's factor_table entry, else the rulebook's."""
    table = ruleset.get("factor_table") if isinstance(ruleset, dict) else None
    default = int(FACTORS[BIG_UNIT])
    return (table or {}).get(BIG_UNIT, default) if isinstance(table, dict) else default


def _value(w: dict, ruleset: dict) -> str:
    """``H 40 = 10 × 2^(3 − 1), 3 units`` for a big hand whose units the patterns give back; ``H 1``
    otherwise (WH-HU-3/5)."""
    if w.get("hu") != "big":
        return f"H {w['value']}"
    units = sum(HANDS[p["rule"]][2] if p["rule"] in HANDS else 1 for p in w["patterns"])
    unit = _unit(ruleset)
    if units == 1:
        return f"H {w['value']}, 1 unit"
    if units > 1 and isinstance(unit, (int, float)) and Fraction(str(unit)) * 2 ** (units - 1) == w["value"]:
        return f"H {w['value']} = {number(unit)} × 2^({units} − 1), {units} units"
    return f"H {w['value']}"


def _wild(w: dict) -> str:
    """What each 癞子 of the declared hand was read as (WH-LZ-6.6)."""
    if not w.get("wild"):
        return "癞子 wild tiles: none in the declared hand"
    parts = [f"{r['tile']} as itself" if r["as"] == r["tile"] else f"{r['tile']} as {r['as']}" for r in w["wild"]]
    return "癞子 read: " + ", ".join(parts) + " (WH-LZ-6)"


def _winner_lines(w: dict, ruleset: dict) -> list[str]:
    how = _HOW.get(w["how"], w["how"]).format(src=w.get("from") or "?")
    hard = "硬胡 hard" if w.get("hard") else "软胡 soft"
    lines = wrap(f"Winner {w['player']} ({how}, {w['tile'] or '-'}): {_HU.get(w['hu'], w['hu'])}, {hard}, "
                 f"{_value(w, ruleset)}, M_{w['player']} {number(w['factor'])}", 2)
    lines += wrap(_wild(w), 4)
    for p in w["patterns"]:
        lines += wrap(f"{p['rule']:<15} {p['name']} {p['en']}", 4)
    for f in w["factors"]:
        lines += wrap(f"{f['rule']:<15} {f['name']} ×{number(f['x'])}", 4)
    if w["factors"]:
        lines += wrap(f"M_{w['player']} = {' × '.join(number(f['x']) for f in w['factors'])} = "
                      f"{number(w['factor'])} (WH-FAN-0)", 4)
    else:
        lines += wrap(f"M_{w['player']} = 1: no items (WH-FAN-0)", 4)
    return lines


def _losers(hand: dict, players: list[str]) -> list[Optional[str]]:
    """Whose share each payment line is: a win's three WH-PAY-1 lines are the three losers' shares
    in turn order after the winner (§10), whoever pays them (a 承包 moves the payer, not the share)."""
    out: list[Optional[str]] = []
    seen: dict[str, int] = {}
    for p in hand["payments"]:
        lines = [q for q in hand["payments"] if q["to"] == p["to"] and q["rule"] == "WH-PAY-1"]
        if p["rule"] == "WH-PAY-1" and len(lines) == 3 and p["to"] in players:
            k = seen.get(p["to"], 0)
            seen[p["to"]] = k + 1
            out.append(players[(players.index(p["to"]) + 1 + k) % 4])
        else:
            out.append(p["from"] if p["rule"] == "WH-PAY-1" and not p.get("liability") else None)
    return out


def _share(p: dict, winner: Optional[dict], loser: Optional[str], base: int) -> str:
    """A WH-PAY-1 line: ``= 5 × 64, raw 64 = H 1 × M_A 4 × M_D 16`` (what set it, when a cap did)."""
    amount, raw = p["amount"], p.get("raw")
    who = loser or "L"
    m_l = _product(p.get("factors") or [])
    parts = []
    if amount % base == 0:
        points = amount // base
        cap = p.get("cap")
        if cap in _CAP:
            parts.append(f"= {base} × {points}, {_CAP[cap]}")
        elif raw is not None and Fraction(str(raw)) >= points > Fraction(str(raw)) - 1:
            parts.append(f"= {base} × {points}" + (f" (raw {number(raw)} rounded down)" if points != raw else ""))
    if raw is not None:
        formula = f"raw {number(raw)}"
        if winner is not None and Fraction(str(winner["value"])) * Fraction(str(winner["factor"])) * m_l == \
                Fraction(str(raw)):
            formula += f" = H {winner['value']} × M_{winner['player']} {number(winner['factor'])} × M_{who} {number(m_l)}"
        parts.append(formula)
    return ", ".join(parts)


def _false_win(p: dict, base: int, ruleset: dict) -> str:
    """A WH-ZH-2 line: what the offender pays each other player."""
    if p["amount"] % base:
        return ""
    points = p["amount"] // base
    option = str(options_of(ruleset).get("false_win", ""))
    jin_ding = options_of(ruleset).get("jin_ding")
    if option == "reverse_jin_ding" and points == jin_ding:
        return f"= {base} × {points}, 金顶 {points} reversed (诈胡)"
    if option.startswith("fixed:") and option[6:] == str(points):
        return f"= {base} × {points}, the fixed amount {points} (诈胡)"
    return f"= {base} × {points} (诈胡)"


def payment_reasons(hand: dict, ruleset: dict, players: Optional[list[str]] = None) -> list[str]:
    """Each payment of a wuhan hand's ruling as the sum it is, with the loser's items, then its
    clause (and the 承包 that moved it, with whose share it was): what the text ruling and the
    table page print after each amount."""
    ruleset = ruleset if isinstance(ruleset, dict) else {}
    players = players or list(hand["net"])
    base = _base(ruleset)
    winners = {w["player"]: w for w in hand["winners"]}
    out = []
    for p, loser in zip(hand["payments"], _losers(hand, players)):
        if p["rule"] == "WH-PAY-1":
            why = _share(p, winners.get(p["to"]), loser, base)
            own = _loser_items(p, loser)
            why = f"{why}; {own}" if own and why else why
        elif p["rule"] == "WH-ZH-2":
            why = _false_win(p, base, ruleset)
        else:
            why = ""
        tag = p["rule"]
        if p.get("liability"):
            whose = f"{loser}'s share, " if loser and loser != p["from"] else "his own share, " if loser else ""
            zh, en = NAMES.get(p["liability"], ("", ""))
            tag = f"{tag}, {whose}承包 {zh} {en} {p['liability']}".replace("  ", " ")
        out.append(f"{why} ({tag})" if why else f"({tag})")
    return out


def _loser_items(p: dict, loser: Optional[str]) -> Optional[str]:
    factors = p.get("factors")
    if factors is None or p["rule"] != "WH-PAY-1":
        return None
    who = loser or p["from"]
    if not factors:
        return f"M_{who} = 1: no items"
    return f"M_{who} = {_items(factors)} = {number(_product(factors))}"


def wh_lines(h: _Hand, ruleset: dict, players: Optional[list[str]] = None) -> list[str]:
    """A wuhan hand's lines of the text ruling (after its result line)."""
    hand, lines = h.hand, []
    ruleset = ruleset if isinstance(ruleset, dict) else {}
    players = players if isinstance(players, list) and len(players) == 4 else list(hand["net"])
    for w in hand["winners"]:
        lines += _winner_lines(w, ruleset)
    lines += _findings(h)
    for p, why in zip(hand["payments"], payment_reasons(hand, ruleset, players)):
        lines += wrap(f"{p['from']} pays {p['to']} {p['amount']} {why}", 2, hang=4)
    return lines + _closing(h, "wuhan")

