"""The text ruling of a Hong Kong hand (RULEBOOK_HK §10.2), in Hong Kong terms (番, 詐糊, 包, 截糊):
each winner's 番 (counted, toward the minimum, paid) and portion P = base × m(F), the rows with
their 番, the findings in 繁體中文 and English, every payment as the share it is (全銃 2P, 半銃 P and
P/2, 自摸 P from each, 搶槓 3P, a share moved by a 包 liability from whom it would have come, a 詐糊
limit portion), the penalties off the table, the net and the next hand. ``api.text.text`` calls
``hk_lines`` for each hk hand. The lines are the 13-tile family's (``thirteen_lines``): a variant
gives its terms (``Terms``: its results, ways of winning, 包 names, its portion and its shares),
as Guangdong does (``api.text.text_gd``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Optional

from rulesbook.hk.options import HkRules, RulesetError
from rulesbook.hk.portion import limit_portion, multiplier

from api.text.text import _closing, _findings, _Hand, wrap

RESULT = {"win": "食糊 win", "exhaustive_draw": "流局 exhaustive draw", "false_win": "詐糊 false win",
          "open": "未完 open (the record stops before the hand ended)"}
_HOW = {"self_draw": "自摸 self-draw", "discard": "食出銃 on a discard", "rob_kong": "搶槓 robbing a kong",
        "flower": "花糊 flower win"}
_BAO = {"HK-BAO-1": "十二張落地", "HK-BAO-2": "大三元包", "HK-BAO-3": "大四喜包", "HK-BAO-4": "十八羅漢包",
        "HK-BAO-5": "槓上開花包", "HK-BAO-6": "九章落地"}


def reader(rules_class) -> Callable[[dict], Optional[object]]:
    """A 13-tile variant's ``rules_of``: the document's resolved ruleset, when it resolves (the
    ruling was made under it); None otherwise."""
    def rules_of(ruleset: dict):
        try:
            return rules_class.of(ruleset.get("preset"), ruleset.get("options") or {},
                                  ruleset.get("fan_table") or {}, ruleset.get("base", 1))
        except (RulesetError, TypeError, KeyError):
            return None
    return rules_of


rules_of = reader(HkRules)


@dataclass(frozen=True)
class Terms:
    """A 13-tile variant's words for its text ruling: ``how`` (a way of winning), ``limit`` (the
    limit hand's word), ``rules_of(ruleset)`` (None when it does not resolve), ``portion(rules, w)``
    (the line that works out a winner's portion), ``why(p, portions, rules, whose)`` (the share a
    payment is), ``self_draw`` (the clauses whose three lines are one share each), ``variant``."""

    how: Mapping[str, str]
    limit: str
    rules_of: Callable[[dict], object]
    portion: Callable[[object, dict], str]
    why: Callable[..., str]
    self_draw: tuple[str, ...]
    variant: str
    floor: bool = False  # the winner's line names the floor that raised his 番 (GD-FAN-30)


def hk_lines(h: _Hand, ruleset: dict) -> list[str]:
    return thirteen_lines(h, ruleset, HK)


def thirteen_lines(h: _Hand, ruleset: dict, t: Terms) -> list[str]:
    hand, lines = h.hand, []
    rules = t.rules_of(ruleset) if isinstance(ruleset, dict) else None
    for w in hand["winners"]:
        src = f" from {w['from']}" if w.get("from") else ""
        limit = f", {t.limit} {w['limit']}" if w.get("limit") else ""
        floor = f", raised by the floor {w['floor']}" if t.floor and w.get("floor") else ""
        lines += wrap(f"Winner {w['player']} ({t.how.get(w['how'], w['how'])}{src}, {w['tile'] or '-'}): "
                      f"{w['fan']} 番 ({w['fan_min']} toward the minimum, {w['fan_paid']} paid{limit}{floor})", 2)
        if rules is not None:
            lines += wrap(t.portion(rules, w), 4)
        for p in w["patterns"]:
            lines += wrap(f"{p['rule']:<10} {p['name']} {p['en']}: {p['fan']}", 4)
    lines += _findings(h)
    for p, why in zip(hand["payments"], thirteen_reasons(hand, ruleset, t)):
        lines += wrap(f"{p['from']} pays {p['to']} {p['amount']} {why}", 2, hang=4)
    for pen in hand.get("penalties") or []:
        base = f" = {pen['amount'] // rules.base} × base {rules.base}" if rules else ""
        lines += wrap(f"Penalty: {pen['player']} loses {pen['amount']} off the table{base}, paid to "
                      f"nobody ({pen['rule']})", 2)
    return lines + _closing(h, t.variant)


def payment_reasons(hand: dict, ruleset: dict) -> list[str]:
    return thirteen_reasons(hand, ruleset, HK)


def thirteen_reasons(hand: dict, ruleset: dict, t: Terms) -> list[str]:
    """Each payment of a 13-tile hand's ruling as the share it is and its clause (the table page's
    money explained, ``api.text.text_money.explain``, and the text ruling say the same); a share moved
    by a liability names whose share it was."""
    rules = t.rules_of(ruleset) if isinstance(ruleset, dict) else None
    portions = {w["player"]: w["portion"] for w in hand["winners"]}
    return [t.why(p, portions, rules, f", {whose}'s share" if whose and p.get("liability") else "")
            for p, whose in zip(hand["payments"], _shares_of(hand, t.self_draw))]


def _shares_of(hand: dict, self_draw: tuple[str, ...]) -> list[Optional[str]]:
    """Whose share each payment line is, where the settlement says it line by line: a self-draw's
    three lines go to the others in turn order after the winner (HK-PAY-1, 4; GD-PAY-1)."""
    players = list(hand["net"])
    out: list[Optional[str]] = []
    seen: dict[str, int] = {}
    for p in hand["payments"]:
        lines = [q for q in hand["payments"] if q["to"] == p["to"] and q["rule"] == p["rule"]]
        if p["rule"] in self_draw and len(lines) == 3 and p["to"] in players:
            k = seen.get(p["to"], 0)
            seen[p["to"]] = k + 1
            out.append(players[(players.index(p["to"]) + 1 + k) % 4])
        else:
            out.append(None)
    return out


def _why(p: dict, portions: dict, rules: Optional[HkRules], whose: str = "") -> str:
    """The share a payment is, when it can be said exactly; its clause (and liability) always."""
    rule, amount = p["rule"], p["amount"]
    moved = f"{whose}, 包 {_BAO.get(p['liability'], '')} {p['liability']}" if p.get("liability") else ""
    share = ""
    P = portions.get(p["to"])
    if rule == "HK-ZH-2" and rules is not None:
        limit = limit_portion(rules)
        if amount == limit:
            share = f"= one limit portion, base {rules.base} × m({rules.options.limit_fan}) (詐糊)"
        elif amount == 3 * limit:
            share = f"= 3 limit portions of {limit} (詐糊)"
        else:
            share = f"= {amount // rules.base} × base {rules.base} (詐糊)"
    elif P:
        names = {P: "P (自摸: each pays P)" if rule in ("HK-PAY-1", "HK-PAY-4") else "P",
                 2 * P: "2P (全銃: the discarder pays the whole)" if rule == "HK-PAY-2" else "2P",
                 3 * P: "3P (the kong player pays all three shares)" if rule == "HK-PAY-3" else "3P"}
        if P % 2 == 0:
            names.setdefault(P // 2, "P/2 (半銃)")
        if amount in names:
            share = f"= {names[amount]}, P {P}"
    return " ".join(x for x in (share, f"({rule}{moved})") if x)


HK = Terms(_HOW, "例牌", rules_of,
           lambda rules, w: f"portion P = base {rules.base} × m({w['fan_paid']}) "
                            f"{multiplier(rules.options.money_curve, w['fan_paid'])} = {w['portion']}",
           _why, ("HK-PAY-1", "HK-PAY-4"), "hk")
