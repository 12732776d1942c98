"""包 liability in Hong Kong (HK-BAO): which claims create a liability (HK-BAO-1…4, 6, on the
family's engine ``rulesbook.family13.liability``), 槓上開花包 found at its win (HK-BAO-5), and which
liability acts for a win (HK-BAO-7, HK-BAO-8). The money it moves is ``settle``'s.

``opts`` is the resolved ruleset (``rulesbook.hk.options``): its options read as attributes.
"""
from __future__ import annotations

from typing import Optional, Sequence

from referee.thirteen import ThirteenTable, ThirteenWin
from rulesbook.family13.liability import (
    Liability,
    MeldRule,
    bloom_feeder,
    fourth_kong,
    fourth_set,
    fourth_wind,
    select,
    third_dragon,
    third_set,
)

#: HK-BAO-8 precedence: 槓上開花 before the pattern 包 before 十二張 (HK-BAO-6 stands alone)
RANK = {"HK-BAO-5": 0, "HK-BAO-2": 1, "HK-BAO-3": 1, "HK-BAO-4": 1, "HK-BAO-1": 2, "HK-BAO-6": 3}
#: the liabilities that cover self-draws (包自摸), HK-BAO-0
SELF_DRAW = ("HK-BAO-5", "HK-BAO-2", "HK-BAO-3", "HK-BAO-4", "HK-BAO-1")
#: the names of each, for the ruling's words
NAMES = {"HK-BAO-1": ("十二張落地", "twelve tiles down"), "HK-BAO-2": ("大三元包", "big three dragons"),
         "HK-BAO-3": ("大四喜包", "big four winds"), "HK-BAO-4": ("十八羅漢包", "four kongs"),
         "HK-BAO-5": ("槓上開花包", "kong replacement win"), "HK-BAO-6": ("九章落地", "nine tiles down")}


def meld_rules(opts) -> list[MeldRule]:
    """The claim liabilities the options switch on, in clause order."""
    rules = []
    if opts.twelve_down:
        rules.append(MeldRule("HK-BAO-1", RANK["HK-BAO-1"], fourth_set,
                              once_per_liable=opts.twelve_down_repeat == "first_only"))
    for on, clause, test in ((opts.big_three_dragons_bao, "HK-BAO-2", third_dragon),
                             (opts.big_four_winds_bao, "HK-BAO-3", fourth_wind),
                             (opts.four_kongs_bao, "HK-BAO-4", fourth_kong),
                             (opts.nine_down and opts.payment == "half", "HK-BAO-6", third_set)):
        if on:
            rules.append(MeldRule(clause, RANK[clause], test))
    return rules


def kong_bloom(opts, table: ThirteenTable, w: ThirteenWin) -> Optional[Liability]:
    """HK-BAO-5: a 槓上開花 / 連槓開花 self-draw whose chain of kongs holds a claimed kong: its
    feeder is liable (the chain's first claimed kong)."""
    found = bloom_feeder(table, w) if opts.kong_bloom_bao else None
    return None if found is None else Liability("HK-BAO-5", found[0], w.player, found[1], RANK["HK-BAO-5"])


def acting(opts, liabilities: Sequence[Liability], w: ThirteenWin,
           bloom: Optional[Liability]) -> list[Liability]:
    """The liabilities that move a win's payment (HK-BAO-8): for a self-draw (a flower win and a
    robbing win are never covered, HK-BAO-0) the one precedence selects, or under ``share`` one
    per distinct liable player; for a discard win HK-BAO-6 (under half pay), else the one HK-BAO-7
    lets act under ``bao_on_discard``."""
    if w.how == "self_draw":
        found = select(list(liabilities) + ([bloom] if bloom else []), w.player, SELF_DRAW, w.at + 1)
    elif w.how == "discard":
        nine = select(liabilities, w.player, ("HK-BAO-6",), w.at)
        if nine:
            return nine[:1]
        if opts.bao_on_discard == "discarder":
            return []
        found = select(liabilities, w.player, SELF_DRAW[1:], w.at)
    else:
        return []
    if not found:
        return []
    if opts.liability_combination == "share" and w.how == "self_draw":
        first: dict[str, Liability] = {}
        for li in found:
            first.setdefault(li.liable, li)
        return list(first.values())
    return found[:1]
