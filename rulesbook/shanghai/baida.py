"""百搭 wild tiles (SH-BD-1…4, preset ``baida``), on the mechanism Wuhan's 癞子 shares
(``referee.wild``): the wild kind the indicator gives (SH-BD-1), and the count of a hand that holds
wild tiles (SH-BD-2, 3; SH-FAN-12).

* SH-BD-1 ``wild_rule``: ``next`` (the kind after the indicator: 9 → 1 within a suit, 東南西北東 among
  the winds; among the dragons 白發中白 when they are not flowers, a club referee's reading: the
  rulebook is silent) or ``same`` (the indicator's own kind).
* SH-BD-2: every tile of the wild kind in the concealed hand is wild and may stand for any
  non-flower tile; in a meld, and a discarded one won on, it is its face.
* every reading of the hand is scored in full (its rows, flowers and points, SH-FAN-0.2) and the
  best is taken by ``referee.wild.choose`` (the highest P, then F, then H; then the canonical
  reading).
* SH-BD-3 四百搭: a self-draw declared holding all four wild tiles wins whatever the rest: P = L.
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Optional

from referee import wild
from referee.tiles import N_KINDS
from rulesbook.family13.context import Set13, Split, Win13, meld_set
from rulesbook.family13.counting import Pattern

from .fan import ShCount, as_count, key, split_count, win_rows
from .options import ShRules

DRAGONS = (31, 32, 33)
FOUR_WILDS = Pattern("SH-BD-3", "四百搭", "four wild tiles", 0)


def wild_kind(indicator: int, rule: str) -> int:
    """SH-BD-1: the wild kind an indicator (a kind, not a flower) gives under ``wild_rule``."""
    if rule == "same":
        return indicator
    if indicator < 27:
        return indicator - 8 if indicator % 9 == 8 else indicator + 1
    if indicator < 31:
        return 27 if indicator == 30 else indicator + 1
    return 31 if indicator == 33 else indicator + 1


@lru_cache(maxsize=8)
def allowed_kinds(opts) -> frozenset[int]:
    """What a wild tile may stand for: any tile but a flower (SH-BD-2)."""
    return frozenset(k for k in range(N_KINDS) if not (opts.dragons_as_flowers and k in DRAGONS))


def jokers(win: Win13, w: int) -> int:
    """The wild tiles of a declared hand: the concealed tiles of the wild kind, but the one won on
    from another player (a discarded wild is its face, SH-BD-2)."""
    n = win.concealed[w]
    return n - 1 if n and win.claimed_tile and win.win_tile == w else n


def count_wild(win: Win13, rules: ShRules) -> ShCount:
    """The count of a declaration when a wild kind is in force (``win.wild``, the table's; SH-BD-2, 3)."""
    w = win.wild
    assert w is not None
    n = jokers(win, w)
    if n == 4 and win.self_drawn:  # SH-BD-3 四百搭
        return ShCount(True, True, 0, len(win.flowers), rules.options.lezi, True, (FOUR_WILDS,), wilds=4)
    natural = list(win.concealed)
    natural[w] -= n
    melded = tuple(meld_set(m) for m in win.melds)
    scored_readings = []
    for reading in wild.readings(tuple(natural), n, allowed_kinds(rules.options)):
        read = list(natural)
        for k in reading.wild_as:
            read[k] += 1
        as_read = replace(win, concealed=tuple(read), win_tile=None)
        sets = tuple(Set13(kind, t) for kind, t in reading.sets) + melded
        split = Split(tuple(sorted(sets)), reading.pair)
        c = split_count(rules, win_rows(as_read, n, rules), split, len(win.flowers))
        scored_readings.append(((key(rules, win.how, c), c), reading))
    chosen: Optional[tuple] = wild.choose(scored_readings)
    if chosen is None:
        return ShCount(False, False, wilds=n)
    (k, c), _ = chosen
    return as_count(rules, c, k[0], n)
