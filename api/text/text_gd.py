"""The text ruling of a Guangdong hand (RULEBOOK_GD §10), in Guangdong terms (番, 诈胡, 包, 保底):
each winner's 番 (counted, toward the minimum, paid, the floor that raised it) and share S = base
× 2^F, the rows with their 番, the findings in 简体中文 and English, every payment as the share it
is (a discard S from the discarder, 自摸 S from each, 抢杠 3S from the kong player, a share moved
by a 包 liability from whom it would have come, a 诈胡 cap share), the penalties, the net and the
next hand, on the 13-tile family's lines (``api.text.text_hk.thirteen_lines``)."""
from __future__ import annotations

from typing import Optional

from rulesbook.guangdong.bao import NAMES
from rulesbook.guangdong.options import GdRules

from api.text.text_hk import Terms, reader, thirteen_lines, thirteen_reasons

RESULT = {"win": "胡牌 win", "exhaustive_draw": "荒庄 exhaustive draw", "false_win": "诈胡 false win",
          "open": "未完 open (the record stops before the hand ended)"}
_HOW = {"self_draw": "自摸 self-draw", "discard": "点炮 on a discard", "rob_kong": "抢杠 robbing a kong"}


rules_of = reader(GdRules)


def _why(p: dict, shares: dict, rules: Optional[GdRules], whose: str = "") -> str:
    """The share a payment is (GD-PAY-0…4, GD-ZH-2), when it can be said exactly; its clause (and
    liability) always."""
    rule, amount = p["rule"], p["amount"]
    moved = f"{whose}, 包 {NAMES.get(p['liability'], ('', ''))[0]} {p['liability']}" if p.get("liability") else ""
    share = ""
    S = shares.get(p["to"])
    if rule == "GD-ZH-2" and rules is not None:
        cap = rules.cap_share
        share = (f"= one cap share, base {rules.base} × 2^{rules.options.limit_fan} (诈胡)" if amount == cap
                 else f"= 3 cap shares of {cap} (诈胡)" if amount == 3 * cap
                 else f"= {amount // rules.base} × base {rules.base} (诈胡)")
    elif S:
        names = {S: "S (自摸: each pays S)" if rule == "GD-PAY-1" else "S (the discarder pays one share)"
                 if rule in ("GD-PAY-2", "GD-PAY-4") else "S",
                 3 * S: "3S (the kong player pays all three shares)" if rule in ("GD-PAY-3", "GD-PAY-4")
                 else "3S (one player pays all three shares)"}
        if amount in names:
            share = f"= {names[amount]}, S {S}"
    return " ".join(x for x in (share, f"({rule}{moved})") if x)


GD = Terms(_HOW, "爆和以外", rules_of,
           lambda rules, w: f"share S = base {rules.base} × 2^{w['fan_paid']} = {w['portion']}",
           _why, ("GD-PAY-1",), "guangdong", floor=True)


def gd_lines(h, ruleset: dict) -> list[str]:
    return thirteen_lines(h, ruleset, GD)


def payment_reasons(hand: dict, ruleset: dict) -> list[str]:
    return thirteen_reasons(hand, ruleset, GD)
