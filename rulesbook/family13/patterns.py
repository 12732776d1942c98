"""Pattern predicates of the 13-tile family over a split and the hand's tiles, each named by its
Chinese term. They say whether a shape holds (or how many times); what it is worth, and which rows
strike which, is each variant's table (``counting``).

``HandTiles`` is what does not depend on the split: the kinds in the whole hand (concealed tiles,
the winning tile and the sets on the table), memoised by the counts.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from referee.tiles import FIRST_FLOWER, flower_seat

from .context import Split, Win13

WINDS = range(27, 31)
DRAGONS = range(31, 34)
TERMINALS = frozenset((0, 8, 9, 17, 18, 26))
FLOWER_GROUPS = (range(FIRST_FLOWER, FIRST_FLOWER + 4), range(FIRST_FLOWER + 4, FIRST_FLOWER + 8))
NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)  # 1112345678999 of one suit


class HandTiles(NamedTuple):
    """The kinds of the whole hand and what follows from them alone."""

    suits: frozenset[int]  # the numbered suits held (0 萬, 1 筒, 2 索)
    honours: bool
    terminals_only: bool  # every suited tile a 1 or a 9 (honours allowed)
    has_terminal: bool
    has_suited_middle: bool


@lru_cache(maxsize=1 << 14)
def _tiles(kinds: frozenset[int]) -> HandTiles:
    suited = [t for t in kinds if t < 27]
    terminals = TERMINALS.intersection(suited)
    return HandTiles(frozenset(t // 9 for t in suited), len(suited) < len(kinds),
                     len(terminals) == len(suited), bool(terminals), len(terminals) < len(suited))


def hand_tiles(win: Win13) -> HandTiles:
    kinds = {t for t, n in enumerate(win.concealed) if n}
    for meld in win.melds:
        kinds.update(meld.tiles)
    return _tiles(frozenset(kinds))


# --- shape -------------------------------------------------------------------------------------

def all_chows(s: Split) -> bool:
    """平糊: four chows and a pair."""
    return s.chows == 4


def all_pongs(s: Split) -> bool:
    """對對糊: four pongs or kongs."""
    return len(s.pong_kinds) == 4


def concealed_pongs(s: Split) -> bool:
    """坎坎糊: four pongs or kongs, none claimed (a declared concealed kong is not claimed; a pong
    the winning discard completed is)."""
    return len(s.pong_kinds) == 4 and not s.claimed


def kongs(s: Split) -> int:
    """How many kongs."""
    return s.kongs


def four_kongs(s: Split) -> bool:
    """十八羅漢: four kongs of any kind."""
    return s.kongs == 4


def orphans(s: Split) -> bool:
    """十三么: the split is the thirteen orphans."""
    return s.orphans


# --- suit --------------------------------------------------------------------------------------

def half_flush(h: HandTiles) -> bool:
    """混一色: one suit and at least one honour."""
    return len(h.suits) == 1 and h.honours


def full_flush(h: HandTiles) -> bool:
    """清一色: one suit, no honour."""
    return len(h.suits) == 1 and not h.honours


def all_honours(h: HandTiles) -> bool:
    """字一色: honours only."""
    return not h.suits and h.honours


def all_terminals(h: HandTiles) -> bool:
    """清么九: 1s and 9s of the suits only."""
    return bool(h.suits) and h.terminals_only and not h.honours


def mixed_terminals(h: HandTiles) -> bool:
    """花么 / 混么九: terminals and honours only, at least one of each."""
    return h.has_terminal and h.terminals_only and h.honours


# --- honours -----------------------------------------------------------------------------------

def dragon_pongs(s: Split) -> int:
    """番子: the pongs and kongs of 中, 發, 白."""
    return sum(1 for t in s.pong_kinds if t >= DRAGONS.start)


def wind_pongs(s: Split) -> int:
    return sum(1 for t in s.pong_kinds if t in WINDS)


def pong_of(s: Split, kind: int) -> bool:
    """A pong or kong of ``kind`` (門風, 圈風)."""
    return kind in s.pong_kinds


def seat_wind_pong(s: Split, seat_wind: int, round_wind: int) -> bool:
    """門風: a pong or kong of the seat's wind."""
    return seat_wind in s.pong_kinds


def round_wind_pong(s: Split, seat_wind: int, round_wind: int) -> bool:
    """圈風: a pong or kong of the round's wind."""
    return round_wind in s.pong_kinds


def small_three_dragons(s: Split) -> bool:
    """小三元: two dragon pongs and a dragon pair."""
    return dragon_pongs(s) == 2 and s.pair in DRAGONS


def big_three_dragons(s: Split) -> bool:
    """大三元: three dragon pongs."""
    return dragon_pongs(s) == 3


def small_four_winds(s: Split) -> bool:
    """小四喜: three wind pongs and a wind pair."""
    return wind_pongs(s) == 3 and s.pair in WINDS


def big_four_winds(s: Split) -> bool:
    """大四喜: four wind pongs."""
    return wind_pongs(s) == 4


# --- concealed hands ---------------------------------------------------------------------------

def nine_gates(win: Win13) -> bool:
    """九子連環: concealed, one suit, 1112345678999 and one more tile of that suit."""
    if win.melds:
        return False
    c = win.concealed
    for start in (0, 9, 18):
        suit = c[start:start + 9]
        if sum(suit) == 14 == sum(c) and all(n >= need for n, need in zip(suit, NINE_GATES)):
            return True
    return False


# --- flowers -----------------------------------------------------------------------------------

def full_flower_groups(flowers: tuple[int, ...]) -> int:
    """一台花: how many full groups (the four flowers, the four seasons) are laid out."""
    if len(flowers) < 4:
        return 0
    held = set(flowers)
    return sum(1 for group in FLOWER_GROUPS if all(f in held for f in group))


def seat_flowers(flowers: tuple[int, ...], seat: int) -> int:
    """正花: the flowers whose number is the seat's, leaving out those of a full group (one 一台花
    replaces its group's 正花)."""
    if not flowers:
        return 0
    held = set(flowers)
    return sum(1 for group in FLOWER_GROUPS
               if group[seat - 1] in held and not held.issuperset(group))
