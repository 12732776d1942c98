"""Hand analysis over count arrays of the 34 tile kinds (the hot path).

A set is ``(SEQ, t)`` — the sequence t, t+1, t+2 — or ``(TRIPLET, t)``. A decomposition of a
concealed hand is ``(pair, sets)``: the pair's kind and a sorted tuple of sets. Every function takes
counts as a tuple (hashable, so results are memoised by hand signature, or by one suit's nine
counts) and never mutates it; ``winning_kinds_of``, asked of a player's hand at every discard, takes
his live count list and is memoised per suit only (a whole hand is rarely met twice). Nothing here
knows about 16 tiles or flowers: a hand is complete when its concealed tiles are n sets and one
pair, whatever n is.
"""
from __future__ import annotations

from functools import lru_cache
from operator import mul
from typing import Sequence

from .tiles import N_KINDS, kind_of

SEQ = 0
TRIPLET = 1
Set = tuple[int, int]
Decomposition = tuple[int, tuple[Set, ...]]

_EMPTY: tuple[tuple[Set, ...], ...] = ((),)


def _can_start_sequence(i: int) -> bool:
    return i < 27 and i % 9 <= 6


@lru_cache(maxsize=1 << 16)
def _set_splits(counts: tuple[int, ...]) -> tuple[tuple[Set, ...], ...]:
    """Every way to split ``counts`` into sets only (no pair); empty tuple if none."""
    try:
        i = next(k for k, c in enumerate(counts) if c)
    except StopIteration:
        return _EMPTY
    out: list[tuple[Set, ...]] = []
    c = list(counts)
    if counts[i] >= 3:
        c[i] -= 3
        for rest in _set_splits(tuple(c)):
            out.append(((TRIPLET, i),) + rest)
        c[i] += 3
    if _can_start_sequence(i) and counts[i + 1] and counts[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        for rest in _set_splits(tuple(c)):
            out.append(((SEQ, i),) + rest)
    return tuple(out)


def _splittable(counts: tuple[int, ...]) -> bool:
    """Whether ``counts`` splits into sets only: the fast yes/no of ``_set_splits``."""
    return (all(_suit_forms(counts[s:s + 9]) & 1 for s in (0, 9, 18))
            and all(n in (0, 3) for n in counts[27:N_KINDS]))


@lru_cache(maxsize=1 << 16)
def decompositions(counts: tuple[int, ...]) -> tuple[Decomposition, ...]:
    """Every (pair, sets) split of a concealed hand; empty when it is not complete."""
    if sum(counts) % 3 != 2:
        return ()
    out: list[Decomposition] = []
    c = list(counts)
    for p in range(N_KINDS):
        if counts[p] < 2:
            continue
        c[p] -= 2
        rest = tuple(c)
        c[p] += 2
        if not _splittable(rest):
            continue
        for sets in _set_splits(rest):
            out.append((p, tuple(sorted(sets))))
    return tuple(out)


@lru_cache(maxsize=None)
def _suit_forms(c9: tuple[int, ...]) -> int:
    """What one numbered suit's nine counts can be: bit 1 = sets only, bit 2 = sets and one pair.
    Memoised per suit, so a whole hand is checked from a few small, often-repeated lookups."""
    n = sum(c9)
    if n % 3 == 0:
        return 1 if _runs_only(c9) else 0
    if n % 3 == 2:
        c = list(c9)
        # the tiles of a set add up to a multiple of 3 (3t+3 a sequence, 3t a triplet), so the pair
        # p has 2p ≡ Σ i·c[i] (mod 3): only every third place can hold it
        for p in range(2 * sum(map(mul, range(9), c9)) % 3, 9, 3):
            if c[p] >= 2:
                c[p] -= 2
                ok = _runs_only(c)
                c[p] += 2
                if ok:
                    return 2
    return 0


def _runs_only(c9: Sequence[int]) -> bool:
    """Whether nine counts of one suit split into sets only (greedy from the lowest tile)."""
    c = list(c9)
    for i in range(9):
        n = c[i]
        if n >= 3:
            n -= 3  # three equal sequences are the same tiles as three triplets
        if n:
            if i > 6 or c[i + 1] < n or c[i + 2] < n:
                return False
            c[i + 1] -= n
            c[i + 2] -= n
    return True


def is_complete(counts: tuple[int, ...]) -> bool:
    """Whether the concealed tiles are sets and one pair (5 sets + pair with no melds)."""
    pairs = 0
    for s in (0, 9, 18):
        c9 = counts[s:s + 9]
        r = sum(c9) % 3
        if r == 1:
            return False
        if not _suit_forms(c9) & (1 if r == 0 else 2):
            return False
        pairs += r == 2
    for t in range(27, N_KINDS):
        n = counts[t]
        if n == 2:
            pairs += 1
        elif n not in (0, 3):
            return False
    return pairs == 1


@lru_cache(maxsize=1 << 16)
def _suit_state(c9: tuple[int, ...]) -> int:
    """One numbered suit as a part of a complete hand: 0 it cannot be, 1 sets only, 2 sets and the
    pair (``is_complete``'s test of one suit)."""
    r = sum(c9) % 3
    if r == 0:
        return 1 if _suit_forms(c9) & 1 else 0
    if r == 2:
        return 2 if _suit_forms(c9) & 2 else 0
    return 0


@lru_cache(maxsize=1 << 16)
def _suit_gains(c9: tuple[int, ...], suit: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The kinds of numbered suit ``suit`` (0–2) whose one more copy makes the suit sets only,
    and those that make it sets and the pair (``_suit_state`` of the suit with that tile added).
    A tile that is neither held nor next to a held one stays alone: never a gain, without a look."""
    gains: tuple[list[int], list[int], list[int]] = ([], [], [])
    c = list(c9)
    real = min(c9) >= 0  # (counts of a hand; the shortcut is not made for any other numbers)
    for x in range(9):
        if real and not (c[x] or (x > 0 and c[x - 1]) or (x < 8 and c[x + 1])):
            continue
        c[x] += 1
        gains[_suit_state(tuple(c))].append(9 * suit + x)
        c[x] -= 1
    return tuple(gains[1]), tuple(gains[2])


_HONOUR_OK = frozenset((0, 2, 3))  # an honour's count in a complete hand (2: the pair)


@lru_cache(maxsize=1 << 16)
def _honour_gains(h7: tuple[int, ...]) -> tuple[int, int, int, tuple[int, ...], tuple[int, ...]]:
    """The seven honours as a part of a complete hand: how many counts are wrong, how many pairs
    they hold, how many tiles they are modulo 3, and the honour kinds one more tile completes them
    with when the suits hold no pair, and when they hold one."""
    faults = sum(1 for n in h7 if n not in _HONOUR_OK)
    pairs = h7.count(2)
    with_none, with_one = [], []
    for k, n in enumerate(h7):
        if faults - (n not in _HONOUR_OK) or n + 1 not in _HONOUR_OK:
            continue  # another honour is wrong, or this one is still wrong with the tile
        after = pairs - (n == 2) + (n + 1 == 2)
        if after == 1:
            with_none.append(27 + k)
        elif after == 0:
            with_one.append(27 + k)
    return faults, pairs, sum(h7) % 3, tuple(with_none), tuple(with_one)


_NOTHING: frozenset[int] = frozenset()


@lru_cache(maxsize=1 << 16)
def winning_kinds(counts: tuple[int, ...]) -> frozenset[int]:
    """Every kind ``t`` for which ``is_complete`` holds of ``counts`` with one more ``t``, a fifth
    copy not excluded: what one added tile completes (memoised by the whole hand; see
    ``winning_kinds_of``)."""
    return winning_kinds_of(counts)


#: each part met so far (one suit's nine counts; the seven honours), what ``winning_kinds_of``
#: reads of it: plain dicts, looked up inline (a part recurs across hands: a few thousand are met)
_SUITS: dict[tuple[int, ...], tuple[int, int]] = {}
_HONOURS: dict[tuple[int, ...], tuple[int, int, int, tuple[int, ...], tuple[int, ...]]] = {}
_PARTS_KEPT = 1 << 17  # past this many parts met, the dicts start again (hostile input stays bounded)


def _suit_part(c9: tuple[int, ...]) -> tuple[int, int]:
    """One suit as a part of a hand: its ``_suit_state`` and what it adds to the hand's size
    modulo 3 (a whole suit 0, or 2 with the pair; a broken one its tiles)."""
    if len(_SUITS) >= _PARTS_KEPT:
        _SUITS.clear()
    state = _suit_state(c9)
    part = _SUITS[c9] = (state, (0 if state == 1 else 2) if state else sum(c9))
    return part


def _honour_part(h7: tuple[int, ...]):
    if len(_HONOURS) >= _PARTS_KEPT:
        _HONOURS.clear()
    part = _HONOURS[h7] = _honour_gains(h7)
    return part


def winning_kinds_of(counts: Sequence[int], melds: Sequence = ()) -> frozenset[int]:
    """``winning_kinds`` of any sequence of counts (a player's live count list), not memoised by
    the whole hand: computed part by part (a tile changes only its own suit, or one honour), so
    the whole hand costs a few lookups memoised per suit, not one check per kind. One tile mends
    one part at most: a hand with two broken parts (most hands in play) wins on nothing, and in a
    hand with one, only that part is looked at; the parts are looked at honours first, then suit
    by suit, and the look stops at the second broken part. (``melds`` is not read: sets and a pair
    complete a hand with melds or without; it is there for ``referee.waits.WaitsIndex``, which asks
    a hand's kinds of its counts and melds.)"""
    h7 = tuple(counts[27:N_KINDS])  # (a count list may go on past the kinds: flowers)
    honours = _HONOURS.get(h7) or _honour_part(h7)
    faults = honours[0]
    if faults > 1:
        return _NOTHING
    broken = faults
    m = tuple(counts[0:9])
    a = _SUITS.get(m) or _suit_part(m)
    if not a[0]:
        broken += 1
        if broken > 1:
            return _NOTHING
    p = tuple(counts[9:18])
    b = _SUITS.get(p) or _suit_part(p)
    if not b[0]:
        broken += 1
        if broken > 1:
            return _NOTHING
    s = tuple(counts[18:27])
    c = _SUITS.get(s) or _suit_part(s)
    if not c[0]:
        broken += 1
        if broken > 1:
            return _NOTHING
    if (honours[2] + a[1] + b[1] + c[1]) % 3 != 1:
        return _NOTHING
    suits, states = (m, p, s), (a[0], b[0], c[0])
    out: list[int] = []
    if faults == 0:
        honour_pairs = honours[1]
        for k in range(3):
            if broken and states[k]:
                continue  # the tile must mend the broken suit
            pairs = (states[(k + 1) % 3] == 2) + (states[(k + 2) % 3] == 2) + honour_pairs
            if pairs > 1:
                continue
            # the suit with its added tile holds the pair (none elsewhere) or sets only
            out.extend(_suit_gains(suits[k], k)[pairs == 0])
    if broken == faults:  # every suit whole: an honour tile may complete the hand
        suit_pairs = states.count(2)
        out.extend(honours[3] if suit_pairs == 0 else honours[4] if suit_pairs == 1 else ())
    return frozenset(out) if out else _NOTHING


@lru_cache(maxsize=1 << 16)
def waits(counts: tuple[int, ...]) -> frozenset[int]:
    """The kinds that complete a ready hand of 3k+1 concealed tiles.

    A kind the hand already holds four of is not a wait (there is no fifth copy). Callers that
    also know the player's melds remove kinds whose four copies he holds in hand and melds.
    """
    return frozenset(t for t in winning_kinds(counts) if counts[t] < 4)


ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)  # terminals and honours (么九)


def seven_pairs(counts: tuple[int, ...], four_as_two: bool = False) -> bool:
    """七對子: seven pairs in 14 concealed tiles; distinct pairs (riichi), or with ``four_as_two``
    four of a kind counted as two pairs (龍七對, as some Chinese variants play it)."""
    allowed = (0, 2, 4) if four_as_two else (0, 2)
    return sum(counts) == 14 and all(n in allowed for n in counts)


def thirteen_orphans(counts: tuple[int, ...]) -> bool:
    """十三么 / 国士無双: one of each terminal and honour and a second of one of them (14 tiles)."""
    return sum(counts) == 14 and all(counts[t] for t in ORPHANS) and sum(counts[t] for t in ORPHANS) == 14


def is_seven_pairs_and_triplet(counts: tuple[int, ...]) -> bool:
    """嚦咕嚦咕: seven pairs and one triplet in 17 concealed tiles (four of a kind = two pairs)."""
    if sum(counts) != 17:
        return False
    triplets = sum(1 for n in counts if n % 2 == 1)
    return triplets == 1 and all(n in (0, 2, 3, 4) for n in counts)


@lru_cache(maxsize=1 << 16)
def lik_gu_waits(counts: tuple[int, ...]) -> frozenset[int]:
    """The kinds that complete 嚦咕嚦咕 from 16 concealed tiles."""
    if sum(counts) != 16:
        return frozenset()
    c = list(counts)
    out = []
    for t in range(N_KINDS):
        if c[t] >= 4:
            continue
        c[t] += 1
        if is_seven_pairs_and_triplet(tuple(c)):
            out.append(t)
        c[t] -= 1
    return frozenset(out)


def other_end(tile: int, with_: tuple[int, ...]) -> int | None:
    """Of a chi of ``tile`` made with two consecutive tiles, the kind at the other end of the run
    (絡牌, 筋: chi 3 with 4-5 → 6); None with a gap pair or past the suit's end. Red fives count
    as their kind."""
    a, b = sorted(kind_of(t) for t in with_)
    t = kind_of(tile)
    if b != a + 1 or a >= 27:
        return None
    other = a - 1 if t == b + 1 else b + 1 if t == a - 1 else None
    if other is None or other < 0 or other // 9 != a // 9:
        return None
    return other
