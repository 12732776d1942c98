"""花 the flower count (SH-HUA): what a winning hand's flowers are worth, H.

* SH-HUA-1: each flower tile laid out counts 1 (with ``dragons_as_flowers``, 中發白 too);
* SH-HUA-2: the honour and kong sets of the hand add ``flower_values`` (a wind pong or concealed
  wind triplet 1, an exposed wind kong 2, a concealed one 3, an exposed suit kong 1, a concealed
  one 2; dragon sets count as wind sets when the dragons are not flowers; a pair adds nothing);
* SH-HUA-3: H is their sum for the split scored (``rulesbook.shanghai.fan``).

A 中發白 held as a hand tile under ``dragons_as_flowers`` is no tile of a winning hand (SH-IRR-3).
"""
from __future__ import annotations

from rulesbook.family13.context import Split, Win13

from .options import ShRules

DRAGONS = range(31, 34)


def set_flowers(rules: ShRules, split: Split) -> int:
    """SH-HUA-2: what the honour and kong sets of a split add (a pair adds nothing)."""
    o = rules.options
    honours = range(27, 31) if o.dragons_as_flowers else range(27, 34)
    total = 0
    for s in split.sets:
        if not s.pong:
            continue
        honour = s.tile in honours
        if not s.kong:
            total += o.flower_value("wind_pong") if honour else 0
        elif honour:
            total += o.flower_value("wind_kong_exposed" if s.claimed else "wind_kong_concealed")
        else:
            total += o.flower_value("suit_kong_exposed" if s.claimed else "suit_kong_concealed")
    return total


def flower_tile_held(win: Win13, rules: ShRules) -> bool:
    """A 中發白 held as a hand tile or in a meld under ``dragons_as_flowers`` (SH-IRR-3)."""
    if not rules.options.dragons_as_flowers:
        return False
    return any(win.concealed[k] for k in DRAGONS) or any(
        t in DRAGONS for m in win.melds for t in m.tiles)
