"""The winning shapes of 13-tile play over the 34-kind counts: four sets and a pair (a kong counts
as one set) and 十三么; the splits a counter scores (``splits``).

Decompositions come from ``referee.hand`` (memoised by the concealed counts); here a split also
says which set or pair the winning tile completed when it was another player's tile, because a
pong it completes counts as claimed (坎坎糊). Seven pairs is no winning hand of this family's first
variant; a variant that plays it adds it from ``referee.hand.seven_pairs``.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Optional

from referee.hand import SEQ, TRIPLET, decompositions, seven_pairs, thirteen_orphans

from .context import Set13, Split, Win13, meld_set

SETS = 4  # four sets and a pair


@lru_cache(maxsize=1 << 14)
def concealed_splits(counts: tuple[int, ...], win_tile: Optional[int],
                     claimed: bool) -> tuple[tuple[Optional[int], tuple[Set13, ...]], ...]:
    """Every (pair, sets) reading of the concealed tiles; with a ``claimed`` winning tile, one
    reading per place it can take that changes a set (a pong it completes is claimed)."""
    out: dict[tuple[Optional[int], tuple[Set13, ...]], None] = {}
    for pair, sets in decompositions(counts):
        plain = tuple(Set13(kind, t) for kind, t in sets)
        if not claimed or win_tile is None:
            out[(pair, plain)] = None
            continue
        if pair == win_tile or any(kind == SEQ and t <= win_tile <= t + 2 for kind, t in sets):
            out[(pair, plain)] = None  # the tile completes the pair or a chow: every pong concealed
        for i, (kind, t) in enumerate(sets):
            if kind == TRIPLET and t == win_tile:
                marked = plain[:i] + (Set13(kind, t, False, True),) + plain[i + 1:]
                out[(pair, marked)] = None
    return tuple(out)


def splits(win: Win13, pairs: Optional[str] = None) -> tuple[Split, ...]:
    """Every split of the declared hand (HK-FAN-0.2 and its kin): the concealed tiles' readings
    with the sets on the table; 十三么 as a split of its own; with ``pairs``, seven pairs too
    (``"distinct"``, or ``"four_as_two"``: four of a kind is two pairs), concealed only. Empty
    when the hand does not win."""
    out: list[Split] = []
    concealed = win.concealed
    if sum(concealed) == 3 * (SETS - len(win.melds)) + 2:
        melded = tuple(meld_set(m) for m in win.melds)
        for pair, sets in concealed_splits(concealed, win.win_tile, win.claimed_tile):
            out.append(Split(tuple(sorted(sets + melded)), pair))
        if not win.melds and thirteen_orphans(concealed):
            out.append(Split((), None, orphans=True))
        if pairs and not win.melds and seven_pairs(concealed, pairs == "four_as_two"):
            kinds = tuple(t for t, n in enumerate(concealed) for _ in range(n // 2))
            out.append(Split((), None, pairs=kinds))
    return tuple(out)


def wins(win: Win13, pairs: Optional[str] = None) -> bool:
    """Whether the declared hand is four sets and a pair, or 十三么 (or seven pairs, ``pairs``)."""
    return bool(splits(win, pairs))
