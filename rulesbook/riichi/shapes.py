"""Riichi hand shapes over the 34 kinds (§0): four sets and a pair, seven distinct pairs (七対子),
thirteen orphans (国士無双); the last two only for a hand with no meld. Waits and tenpai by shape
alone (RJ-VAL-6, RJ-FUR): yaku and furiten do not matter, a wait whose other copies are all in view
still counts, a kind the player holds four of in his concealed hand is no wait.
"""
from __future__ import annotations

from functools import lru_cache
from operator import itemgetter
from typing import Sequence

from referee.hand import (ORPHANS, is_complete, seven_pairs, thirteen_orphans, waits,
                          winning_kinds_of)
from referee.tiles import N_KINDS

__all__ = ["ORPHANS", "complete", "riichi_waits", "seven_pairs", "tenpai", "thirteen_orphans"]


def complete(counts: tuple[int, ...], closed: bool) -> bool:
    """Whether the concealed tiles (the winning tile included) make a winning shape."""
    if is_complete(counts):
        return True
    return closed and (seven_pairs(counts) or thirteen_orphans(counts))


@lru_cache(maxsize=1 << 16)
def riichi_waits(counts: tuple[int, ...], closed: bool) -> frozenset[int]:
    """The kinds that complete a concealed hand of 3k+1 tiles (RJ-VAL-6 shape)."""
    out = set(waits(counts))
    if closed and sum(counts) == 13:
        out |= _special_waits(counts)
    return frozenset(t for t in out if counts[t] < 4)


_NOTHING: frozenset[int] = frozenset()


def riichi_waits_of(counts: Sequence[int], melds: Sequence = ()) -> frozenset[int]:
    """``riichi_waits`` of a player's live count list (the 34 kinds first) and his melds (none: a
    closed hand), asked at every change of his hand (``referee.waits.WaitsIndex``): not memoised by
    the whole hand (rarely met twice), the four sets and a pair part by part
    (``winning_kinds_of``), seven pairs and thirteen orphans looked at only when the hand is closed
    and the number of kinds he holds allows them (seven; twelve or thirteen, all orphans)."""
    out = winning_kinds_of(counts)  # (it reads the 34 kinds only)
    if not melds:
        # the kinds he does not hold, counted on the whole list: riichi has no flowers, so a slot
        # past the kinds holds nothing (the slice of the 34 kinds is made only for a likely hand)
        zeros = counts.count(0) - len(counts) + N_KINDS
        if (zeros == N_KINDS - 7 or zeros in _ORPHAN_ZEROS and sum(_orphans(counts)) == 13) \
                and sum(counts) == 13 and not any(counts[N_KINDS:]):
            special = _special_waits(tuple(counts[:N_KINDS]))
            if special:
                out = out | special
    if not out:
        return _NOTHING
    for t in out:  # (most waits hold fewer than four of their kind: the set as it is)
        if counts[t] >= 4:
            return frozenset(t for t in out if counts[t] < 4)
    return out


def _special_waits(counts: tuple[int, ...]) -> set[int]:
    """The kinds that make 13 closed tiles seven pairs or thirteen orphans: seven pairs waits on
    the single beside six pairs; thirteen orphans on the one orphan missing (twelve kinds and a
    pair), or on any orphan (all thirteen)."""
    held = [t for t, n in enumerate(counts) if n]
    singles = [t for t in held if counts[t] == 1]
    if len(held) == 7 and len(singles) == 1 and all(counts[t] <= 2 for t in held):
        return set(singles)
    if all(t in _ORPHAN_SET for t in held):
        if len(held) == 13:
            return set(ORPHANS)
        if len(held) == 12 and len(singles) == 11:
            return set(ORPHANS) - set(held)
    return set()


_ORPHAN_SET = frozenset(ORPHANS)
_ORPHAN_ZEROS = (N_KINDS - 12, N_KINDS - 13)  # kinds not held by 13 tiles of orphans only
_orphans = itemgetter(*ORPHANS)


def tenpai(counts: tuple[int, ...], closed: bool) -> bool:
    return bool(riichi_waits(counts, closed))
