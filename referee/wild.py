"""Hands with wild tiles (Wuhan's 癞子, Shanghai's 百搭): their readings and the rule that picks one.

A hand with wild tiles is given as the counts of its natural tiles over the 34 kinds (the wild
tiles left out) and the number of wild tiles it holds. A **reading** fixes the kind each wild tile
stands for (a wild tile read as its own face stands for its own kind) and a split of the whole into
sets and one pair::

    Reading(wild_as=(4,), pair=22, sets=((SEQ, 9), (TRIPLET, 0), ...))

``wild_as`` is sorted; ``sets`` (referee.hand's ``(SEQ, t)`` / ``(TRIPLET, t)``) are the concealed
sets only, sorted. A wild tile may stand for any kind the caller ``allowed`` (a variant leaves out
what its rulebook forbids, e.g. Wuhan's 红中); no copy limit applies (a fifth tile of a kind may be
read). Readings are found by placing each natural tile, lowest kind first, into a pair, a triplet or
a run, each missing tile filled by a wild one; the wild tiles left over form sets of their own.
Every function is memoised on (counts, wild tiles, allowed kinds).

Which reading a ruling takes is the variant's score (its whole settlement, WH-LZ-6.5) and then
``canonical``: the kinds the wild tiles are read as, sorted, in code order; then the pair; then the
sets in code order, each compared as its tile list (so 111m comes before 123m). ``choose`` applies
it.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable, NamedTuple, Optional

from .hand import SEQ, TRIPLET, Set
from .tiles import N_KINDS


class Reading(NamedTuple):
    """One reading of a hand with wild tiles: what each wild tile stands for, the pair, the sets."""

    wild_as: tuple[int, ...]
    pair: int
    sets: tuple[Set, ...]


# a partial reading while it is being built: (wild kinds, pair or None, sets), each sorted
_Part = tuple[tuple[int, ...], Optional[int], tuple[Set, ...]]
_NOTHING: frozenset[_Part] = frozenset({((), None, ())})


def _run_start(t: int) -> bool:
    return t < 27 and t % 9 <= 6


def _join(wild: tuple[int, ...], pair: Optional[int], made: tuple[Set, ...],
          rest: frozenset[_Part]) -> set[_Part]:
    """``rest``'s partial readings with ``wild`` kinds, a ``pair`` and the sets ``made`` added."""
    out: set[_Part] = set()
    for w, p, sets in rest:
        out.add((tuple(sorted(w + wild)) if wild else w, pair if pair is not None else p,
                 tuple(sorted(sets + made)) if made else sets))
    return out


@lru_cache(maxsize=1 << 12)
def _wild_only(jokers: int, need_pair: bool, allowed: frozenset[int]) -> frozenset[_Part]:
    """The wild tiles left when every natural tile is placed: sets (and the pair) of their own."""
    if need_pair:
        if jokers < 2:
            return frozenset()
        out: set[_Part] = set()
        rest = _wild_only(jokers - 2, False, allowed)
        for k in sorted(allowed):
            out |= _join((k, k), k, (), rest)
        return frozenset(out)
    if jokers == 0:
        return _NOTHING
    if jokers < 3:
        return frozenset()
    out = set()
    rest = _wild_only(jokers - 3, False, allowed)
    for k in sorted(allowed):
        out |= _join((k, k, k), None, ((TRIPLET, k),), rest)
        if _run_start(k) and k + 1 in allowed and k + 2 in allowed:
            out |= _join((k, k + 1, k + 2), None, ((SEQ, k),), rest)
    return frozenset(out)


@lru_cache(maxsize=1 << 16)
def _fill(counts: tuple[int, ...], jokers: int, need_pair: bool,
          allowed: frozenset[int]) -> frozenset[_Part]:
    """Every partial reading of ``counts`` and ``jokers`` wild tiles as sets (and one pair when
    ``need_pair``). The lowest natural tile goes into a pair, a triplet or a run; the rest recurse."""
    i = next((k for k, n in enumerate(counts) if n), None)
    if i is None:
        return _wild_only(jokers, need_pair, allowed)
    out: set[_Part] = set()
    c = list(counts)
    c[i] -= 1  # the lowest natural tile, placed now
    wild_i = i in allowed
    if need_pair:
        if counts[i] >= 2:
            c[i] -= 1
            out |= _join((), i, (), _fill(tuple(c), jokers, False, allowed))
            c[i] += 1
        if jokers and wild_i:
            out |= _join((i,), i, (), _fill(tuple(c), jokers - 1, False, allowed))
    for natural in range(min(2, counts[i] - 1), -1, -1):  # the triplet's other two tiles
        wild = 2 - natural
        if wild > jokers or (wild and not wild_i):
            continue
        c[i] -= natural
        out |= _join((i,) * wild, None, ((TRIPLET, i),), _fill(tuple(c), jokers - wild, need_pair,
                                                               allowed))
        c[i] += natural
    for start in (i, i - 1, i - 2):  # runs holding the tile as their first, middle or last
        if start < 0 or not _run_start(start) or start // 9 != i // 9 or start + 2 < i:
            continue
        _runs(c, jokers, need_pair, allowed, i, start, [t for t in range(start, start + 3)
                                                         if t != i], (), out)
    return frozenset(out)


def _runs(c: list[int], jokers: int, need_pair: bool, allowed: frozenset[int], i: int,
          start: int, others: list[int], wild: tuple[int, ...], out: set[_Part]) -> None:
    """Fill the run from ``start`` holding tile ``i``: each other tile natural (when held; never
    below ``i``, where none is left) or wild."""
    if not others:
        out |= _join(wild, None, ((SEQ, start),), _fill(tuple(c), jokers, need_pair, allowed))
        return
    t, rest = others[0], others[1:]
    if t > i and c[t]:
        c[t] -= 1
        _runs(c, jokers, need_pair, allowed, i, start, rest, wild, out)
        c[t] += 1
    if jokers and t in allowed:
        _runs(c, jokers - 1, need_pair, allowed, i, start, rest, wild + (t,), out)


@lru_cache(maxsize=1 << 14)
def readings(natural: tuple[int, ...], jokers: int, allowed: frozenset[int]) -> tuple[Reading, ...]:
    """Every distinct reading of ``natural`` (34 counts, wild tiles not in them) and ``jokers`` wild
    tiles as sets and one pair, in canonical order; empty when the size is not 3n + 2 or none."""
    if (sum(natural) + jokers) % 3 != 2:
        return ()
    found = (Reading(w, p, sets) for w, p, sets in _fill(natural, jokers, True, allowed))
    return tuple(sorted(found, key=canonical))


@lru_cache(maxsize=1 << 16)
def _completes(counts: tuple[int, ...], jokers: int, need_pair: bool,
               allowed: frozenset[int]) -> bool:
    """Whether ``_fill`` finds anything: the same search, stopping at the first reading."""
    i = next((k for k, n in enumerate(counts) if n), None)
    if i is None:
        return bool(_wild_only(jokers, need_pair, allowed))
    c = list(counts)
    c[i] -= 1
    wild_i = i in allowed
    if need_pair:
        if counts[i] >= 2:
            c[i] -= 1
            if _completes(tuple(c), jokers, False, allowed):
                return True
            c[i] += 1
        if jokers and wild_i and _completes(tuple(c), jokers - 1, False, allowed):
            return True
    for natural in range(min(2, counts[i] - 1), -1, -1):
        wild = 2 - natural
        if wild > jokers or (wild and not wild_i):
            continue
        c[i] -= natural
        if _completes(tuple(c), jokers - wild, need_pair, allowed):
            return True
        c[i] += natural
    for start in (i, i - 1, i - 2):
        if start < 0 or not _run_start(start) or start // 9 != i // 9 or start + 2 < i:
            continue
        if _run_completes(c, jokers, need_pair, allowed, i,
                          [t for t in range(start, start + 3) if t != i]):
            return True
    return False


def _run_completes(c: list[int], jokers: int, need_pair: bool, allowed: frozenset[int], i: int,
                   others: list[int]) -> bool:
    if not others:
        return _completes(tuple(c), jokers, need_pair, allowed)
    t, rest = others[0], others[1:]
    if t > i and c[t]:
        c[t] -= 1
        found = _run_completes(c, jokers, need_pair, allowed, i, rest)
        c[t] += 1
        if found:
            return True
    return bool(jokers and t in allowed
                and _run_completes(c, jokers - 1, need_pair, allowed, i, rest))


def completes(natural: tuple[int, ...], jokers: int, allowed: frozenset[int]) -> bool:
    """Whether ``readings`` would find one (the yes/no, without building them)."""
    return (sum(natural) + jokers) % 3 == 2 and _completes(natural, jokers, True, allowed)


@lru_cache(maxsize=1 << 14)
def waits(natural: tuple[int, ...], jokers: int, allowed: frozenset[int]) -> frozenset[int]:
    """The kinds whose natural tile, added, makes the hand complete."""
    if (sum(natural) + jokers) % 3 != 1:
        return frozenset()
    out = set()
    c = list(natural)
    for k in range(N_KINDS):
        c[k] += 1
        if _completes(tuple(c), jokers, True, allowed):
            out.add(k)
        c[k] -= 1
    return frozenset(out)


def stand_ins(reading: Reading, wild_kind: int) -> int:
    """How many wild tiles the reading reads as another kind than their face ``wild_kind``."""
    return sum(1 for k in reading.wild_as if k != wild_kind)


def _set_tiles(s: Set) -> tuple[int, int, int]:
    kind, t = s
    return (t, t, t) if kind == TRIPLET else (t, t + 1, t + 2)


def canonical(reading: Reading) -> tuple:
    """The fixed order of readings (WH-LZ-6.5 key 6): the wild tiles' kinds sorted, the pair, then
    the sets in code order, a set compared as its tile list."""
    return (reading.wild_as, reading.pair, tuple(sorted(_set_tiles(s) for s in reading.sets)))


def choose(scored: Iterable[tuple[tuple, Reading]]) -> Optional[tuple[tuple, Reading]]:
    """The (score, reading) with the greatest score; among equal scores the reading first in
    ``canonical`` order. None when nothing is given."""
    best: Optional[tuple[tuple, Reading]] = None
    best_order: tuple = ()
    for score, reading in scored:
        order = canonical(reading)
        if best is None or score > best[0] or (score == best[0] and order < best_order):
            best, best_order = (score, reading), order
    return best
