"""Winning hands (WH-HU) and how a declared hand with 癞子 is read (WH-LZ-3…6, WH-HZ-1).

``count_win(win, rules)`` reads a declaration (``Win13``: the concealed tiles with the winning
tile, the sets on the table, how it was won, the indicator and its 癞子) every way WH-LZ-6.2 allows:
each split of ``referee.wild.readings`` (the 癞子 read as itself or as any kind but 红中), and for
将一色 and 风一色 the reading with no split. Each reading gets its hands (小胡 or the big hands and
their units, WH-HU-3…5), its value H, hard or soft (WH-LZ-4) and its stand-ins; it is valid when
WH-HU-2 holds (open, no 红中, the pair rule, the wild limit). The settlement scores the valid
readings in full and picks one (WH-LZ-6.5, ``rulesbook.wuhan.settle``). Memoised by (win, rules).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from itertools import permutations
from operator import itemgetter
from typing import Optional, Sequence

from referee import wild
from referee.hand import TRIPLET, winning_kinds_of
from referee.melds import MeldView
from referee.tiles import N_KINDS, UNKNOWN, code
from rulesbook.family13.context import Win13

from .options import WhRules
from .table import HONG

JIANG = frozenset({1, 4, 7, 10, 13, 16, 19, 22, 25})  # 2, 5, 8 of each suit
WINDS_DRAGONS = frozenset(range(27, 33))  # 东南西北白发 (红中 is none of 风一色's)
_OTHER_OF = itemgetter(*sorted(set(range(33)) - JIANG))  # every kind but 2/5/8 and 红中
NO_SPLIT = N_KINDS  # the pair of a reading with no split: after every split in canonical order
ALLOWED = frozenset(range(N_KINDS)) - {HONG}  # a 癞子 stands for any kind but 红中 (WH-LZ-3.1)

#: WH-HU-3/4: (ID, name, English, units)
HANDS = {
    "WH-HU-3": ("小胡", "small hand", 0),
    "WH-HU-4.1": ("清一色", "full flush", 1),
    "WH-HU-4.2": ("风一色", "all honours", 2),
    "WH-HU-4.3": ("将一色", "all 2/5/8", 1),
    "WH-HU-4.4": ("碰碰胡", "all pongs", 1),
    "WH-HU-4.5": ("全求人", "all claimed", 1),
    "WH-HU-4.6": ("杠上花", "win on a kong's replacement", 1),
    "WH-HU-4.7": ("海底捞", "self-draw on the 海底 draw", 1),
    "WH-HU-4.8": ("抢杠", "robbing a kong", 1),
}
SHAPES = frozenset({"WH-HU-4.1", "WH-HU-4.2", "WH-HU-4.3", "WH-HU-4.4"})


@dataclass(frozen=True)
class WhReading:
    """One valid reading: the split (``reading``: ``referee.wild.Reading``; pair ``NO_SPLIT`` for
    将一色/风一色 unsplit), its hands (clause IDs), units, H, hard, and its stand-ins."""

    reading: wild.Reading
    hands: tuple[str, ...]
    units: int
    value: Fraction
    hard: bool
    stand_ins: int

    @property
    def big(self) -> bool:
        return self.units > 0

    def has(self, clause: str) -> bool:
        return clause in self.hands


@dataclass(frozen=True)
class WhCount:
    """What the family's judge reads (``complete``: some reading makes a hand; ``qualifies``: one is
    valid) and the valid readings; ``faults``: (clause, en, zh) of why none is valid."""

    complete: bool
    readings: tuple[WhReading, ...]
    faults: tuple[tuple[str, str, str], ...] = ()
    fan_min: int = 0

    @property
    def qualifies(self) -> bool:
        return bool(self.readings)


def is_claim(m: MeldView) -> bool:
    """A claim (口, WH-FAN-1, WH-HU-2.1): a 吃, a 碰, a 冲杠 (or 小朝天); an added kong stands for
    the 碰 it was made on (WH-FAN-0)."""
    return m.kind in ("chi", "pon") or m.kind == "kong" and m.kong in ("claimed", "added")


def opened(melds: tuple[MeldView, ...]) -> bool:
    return any(is_claim(m) for m in melds)


def _kinds(reading: wild.Reading, natural: tuple[int, ...], melds: tuple[MeldView, ...]) -> set[int]:
    """Every kind in the hand as read: the table's sets, the natural tiles, the 癞子 as read."""
    kinds = {k for k, n in enumerate(natural) if n} | set(reading.wild_as)
    for m in melds:
        kinds.update(t for t in m.tiles if t < N_KINDS)
    return kinds


def _unsplit(natural: tuple[int, ...], jokers: int, wild_kind: Optional[int],
             melds: tuple[MeldView, ...], target: frozenset[int]) -> list[wild.Reading]:
    """将一色 / 风一色 with no split (WH-HU-1): every tile in ``target``; all 癞子 read alike: as
    themselves when their face is in it, as the lowest kind of it in the hand's one suit (a 清一色
    too), or as its lowest kind."""
    if any(n and k not in target for k, n in enumerate(natural)):
        return []
    held = {t for m in melds for t in m.tiles} | {k for k, n in enumerate(natural) if n}
    if not held <= target:
        return []
    kinds = {min(target)} | ({wild_kind} if wild_kind in target else set())
    suits = {k // 9 for k in held}
    if len(suits) == 1:
        kinds.add(min(k for k in target if k // 9 in suits))
    return [wild.Reading((k,) * jokers, NO_SPLIT, ()) for k in sorted(kinds)] if jokers else \
        [wild.Reading((), NO_SPLIT, ())]


def _hands(win: Win13, r: wild.Reading, natural: tuple[int, ...]) -> list[str]:
    """The big hands of a reading (WH-HU-4), in clause order."""
    kinds = _kinds(r, natural, win.melds)
    out = []
    if all(k < 27 for k in kinds) and len({k // 9 for k in kinds}) == 1:
        out.append("WH-HU-4.1")
    elif kinds <= WINDS_DRAGONS:
        out.append("WH-HU-4.2")
    if kinds <= JIANG:
        out.append("WH-HU-4.3")
    if r.pair != NO_SPLIT and all(kind == TRIPLET for kind, _ in r.sets) \
            and all(m.kind != "chi" for m in win.melds):
        out.append("WH-HU-4.4")
    if win.how == "discard" and len(win.melds) == 4 and all(is_claim(m) for m in win.melds):
        out.append("WH-HU-4.5")
    if win.how == "self_draw" and win.kong_chain >= 1:
        out.append("WH-HU-4.6")
    if win.how == "self_draw" and win.last_tile:
        out.append("WH-HU-4.7")
    if win.how == "rob_kong":
        out.append("WH-HU-4.8")
    return out


@lru_cache(maxsize=1 << 14)
def count_win(win: Win13, rules: WhRules) -> WhCount:
    """Every valid reading of the declaration (see the module)."""
    o = rules.options
    c = win.concealed
    wild_kind = win.wild
    jokers = c[wild_kind] if wild_kind is not None else 0
    natural = tuple(0 if k == wild_kind else n for k, n in enumerate(c))
    pi = win.indicator if o.pi_kong == "single" else None
    held = [f for f, bad in (("WH-HZ-1", c[HONG]), ("WH-HU-2.2", pi is not None and c[pi])) if bad]
    if held:
        faults = [("WH-HZ-1", "a 红中 is in his hand: 红中 is never part of a winning hand",
                   "手中有红中：红中不能成牌")] if "WH-HZ-1" in held else []
        if "WH-HU-2.2" in held:
            faults.append(("WH-HU-2", f"a 皮 ({code(pi)}) is in his hand under pi_kong single",  # type: ignore[arg-type]
                           f"皮子杠规则下手中有皮（{code(pi)}）"))  # type: ignore[arg-type]
        return WhCount(True, (), tuple(faults))
    found = list(wild.readings(natural, jokers, ALLOWED))
    for target in (JIANG, WINDS_DRAGONS):
        found.extend(_unsplit(natural, jokers, wild_kind, win.melds, target))
    if not found:
        return WhCount(False, ())
    valid, failed = [], set()
    is_open = opened(win.melds) or not o.must_open
    for r in found:
        hands = _hands(win, r, natural)
        units = sum(HANDS[h][2] for h in hands)
        stand_ins = wild.stand_ins(r, wild_kind) if wild_kind is not None else 0
        limit = o.max_wild_big if units else o.max_wild_small
        why = []
        if not is_open:
            why.append("open")
        if o.pair_258 and not SHAPES.intersection(hands) and r.pair not in JIANG:
            why.append("pair")
        if limit is not None and stand_ins > limit:
            why.append("wild")
        if why:
            failed.update(why)
            continue
        hard = stand_ins == 0 if o.laizi_self_is_hard else jokers == 0
        value = rules.x("WH-HU-4") * 2 ** (units - 1) if units else rules.x("WH-HU-3")
        valid.append(WhReading(r, tuple(hands) or ("WH-HU-3",), units, value, hard, stand_ins))
    if valid:
        return WhCount(True, tuple(valid))
    why = [FAULTS[k] for k in ("open", "pair", "wild") if k in failed]  # one WH-HU-2 row (WH-ZH-1)
    return WhCount(True, (), (("WH-HU-2", "; ".join(f[1] for f in why), "；".join(f[2] for f in why)),))


def face_down_kongs(hand: Win13, rules: WhRules) -> Optional[list[WhCount]]:
    """The declared hand counted once for each kind its concealed kongs laid face down (tiles not
    in the log, ``?``) may be: four natural tiles of a kind not otherwise in the hand, never 红中,
    the 癞子 or the 皮 (WH-FLOW-4); None when every kong is known. More than two hidden: one count
    with no valid reading (none is tried: nothing that depends on them is decided)."""
    hidden = [n for n, m in enumerate(hand.melds) if m.concealed and UNKNOWN in m.tiles]
    if not hidden:
        return None
    if len(hidden) > 2:
        return [WhCount(True, ())]
    shown = {t for m in hand.melds for t in m.tiles if t != UNKNOWN}
    out = []
    for combo in permutations([k for k in range(N_KINDS) if k not in (HONG, hand.wild, hand.indicator)
                               and not hand.concealed[k] and k not in shown], len(hidden)):
        melds = list(hand.melds)
        for n, k in zip(hidden, combo):
            melds[n] = replace(melds[n], tiles=(k,) * 4)
        out.append(count_win(replace(hand, melds=tuple(melds)), rules))
    return out


def winning_kinds(counts: Sequence[int], melds: Sequence[MeldView], wild_kind: Optional[int]) -> frozenset[int]:
    """The kinds that would complete a hand by shape, 癞子 read as they may: a split, or 将一色 /
    风一色 unsplit (what the 过水 finder asks first; ``count_win`` then says if it is valid). One
    more 癞子 completes it whenever some kind does (it may be read as that kind). ``counts``: a
    player's live counts (the kinds first)."""
    if counts[HONG]:
        return _NOTHING
    jokers = counts[wild_kind] if wild_kind is not None else 0
    if jokers:
        natural: Sequence[int] = tuple(0 if k == wild_kind else counts[k] for k in range(N_KINDS))
        kinds = wild.waits(natural, jokers, ALLOWED)  # type: ignore[arg-type]
    else:  # no 癞子 held (most hands): the plain shapes, part by part (``referee.hand``)
        natural = counts
        kinds = winning_kinds_of(natural)
    if not (natural[2] or natural[5] or natural[11] or natural[14] or natural[20] or natural[23]):
        # no 3 or 6 of a suit (held by most hands, ruling out both): 风一色 or 将一色 unsplit may be
        if not sum(natural[:27]):  # honours only (红中 excluded above)
            if all(t in WINDS_DRAGONS for m in melds for t in m.tiles):
                kinds = kinds | WINDS_DRAGONS
        elif not sum(_OTHER_OF(natural)) and all(t in JIANG for m in melds for t in m.tiles):
            kinds = kinds | JIANG  # 2, 5 and 8 only
    if not kinds:
        return _NOTHING
    return kinds | {wild_kind} if wild_kind is not None else kinds


_NOTHING: frozenset[int] = frozenset()


FAULTS = {
    "open": ("WH-HU-2", "he had made no claim (吃, 碰 or 冲杠) before the winning tile: not open",
             "胡牌前未曾开口（吃、碰或冲杠）"),
    "pair": ("WH-HU-2", "the pair is no 将 (2, 5 or 8) and the hand is no 清一色, 风一色, 将一色 or 碰碰胡",
             "将牌不是二五八，且非清一色、风一色、将一色或碰碰胡"),
    "wild": ("WH-HU-2", "more 癞子 stand for other tiles than the wild limit allows (WH-LZ-5)",
             "癞子代用超过限制（WH-LZ-5）"),
}


def pattern_json(clause: str) -> dict:
    name, en, _ = HANDS[clause]
    return {"rule": clause, "name": name, "en": en}


def wild_json(r: WhReading, wild_kind: Optional[int]) -> list[dict]:
    """``winners[].wild``: each 癞子 of the declared hand and what it was read as (§10)."""
    if wild_kind is None:
        return []
    return [{"tile": code(wild_kind), "as": code(k)} for k in r.reading.wild_as]


__all__ = ["ALLOWED", "FAULTS", "HANDS", "JIANG", "NO_SPLIT", "WhCount", "winning_kinds", "WhReading",
           "count_win", "face_down_kongs", "is_claim", "opened", "pattern_json", "wild_json"]
