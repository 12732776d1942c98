"""包 liability in Guangdong (GD-BAO): the claims that create one (GD-BAO-1 十二张落地, GD-BAO-2
大三元, GD-BAO-3 大四喜, on the family's engine ``rulesbook.family13.liability``), 杠上开花包 found
at its win (GD-BAO-4), 抢杠包 at the robbed kong (GD-BAO-5), and which liability acts for a win
(GD-BAO-6, GD-BAO-7: precedence 抢杠 > 杠开 > 大三元/大四喜 > 十二张, or ``share``).
``opts`` is the resolved ``GdOptions``.
"""
from __future__ import annotations

from typing import Optional, Sequence

from rulesbook.family13.liability import (
    Liability,
    MeldRule,
    bloom_feeder,
    fourth_set,
    fourth_wind,
    select,
    state_bloom_feeder,
    third_dragon,
)

#: GD-BAO-7 precedence, lower first
RANK = {"GD-BAO-5": 0, "GD-BAO-4": 1, "GD-BAO-2": 2, "GD-BAO-3": 2, "GD-BAO-1": 3}
#: the 包自摸 liabilities a self-draw may be covered by (GD-BAO-1…4)
SELF_DRAW = ("GD-BAO-4", "GD-BAO-2", "GD-BAO-3", "GD-BAO-1")
NAMES = {"GD-BAO-1": ("十二张落地", "twelve tiles down"), "GD-BAO-2": ("大三元包", "big three dragons"),
         "GD-BAO-3": ("大四喜包", "big four winds"), "GD-BAO-4": ("杠上开花包", "kong bloom"),
         "GD-BAO-5": ("抢杠包", "robbed kong")}


def meld_rules(opts) -> list[MeldRule]:
    """The claim liabilities the options switch on (GD-BAO-1…3); 包先不包后 under ``first_only``."""
    rules = []
    if opts.twelve_down:
        rules.append(MeldRule("GD-BAO-1", RANK["GD-BAO-1"], fourth_set,
                              once_per_liable=opts.twelve_down_repeat == "first_only"))
    if opts.big_three_dragons_bao:
        rules.append(MeldRule("GD-BAO-2", RANK["GD-BAO-2"], third_dragon))
    if opts.big_four_winds_bao:
        rules.append(MeldRule("GD-BAO-3", RANK["GD-BAO-3"], fourth_wind))
    return rules


def kong_bloom(opts, table, w) -> Optional[Liability]:
    """GD-BAO-4: a bloom on a claimed kong's replacement (or its unbroken chain): its feeder; in a
    record that starts right after the replacement was drawn, the feeder of the state's last kong
    of his when it is a claimed kong."""
    found = (bloom_feeder(table, w) or state_bloom_feeder(table, w)) if opts.kong_bloom_bao else None
    return None if found is None else Liability("GD-BAO-4", found[0], w.player, found[1], RANK["GD-BAO-4"])


def robbed(player: str, kong_player: str, at: int) -> Liability:
    """GD-BAO-5: the robbed kong's player, listed as liable for the robbing win at event ``at``."""
    return Liability("GD-BAO-5", kong_player, player, at, RANK["GD-BAO-5"])


def acting(opts, liabilities: Sequence[Liability], covered: str, how: str, before: int,
           bloom: Optional[Liability] = None) -> list[Liability]:
    """The liabilities that move a win's payment: a self-draw's by precedence (one) or under
    ``share`` one per liable player; a discard win's only under ``bao_on_discard: feeder`` (one,
    by precedence); a robbing win is GD-PAY-3's own."""
    if how == "self_draw":
        found = select(list(liabilities) + ([bloom] if bloom else []), covered, SELF_DRAW, before)
        if opts.liability_combination == "share":
            first: dict[str, Liability] = {}
            for li in found:
                first.setdefault(li.liable, li)
            return list(first.values())
        return found[:1]
    if how == "discard" and opts.bao_on_discard == "feeder":
        return select(liabilities, covered, SELF_DRAW[1:], before)[:1]
    return []
