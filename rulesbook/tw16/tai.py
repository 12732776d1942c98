"""Face tai 牌面 (RULEBOOK §3, TW-TAI): the patterns a win holds and what they are worth.

``score`` reads every way the tiles make a winning hand — each decomposition, each place the winning
tile can take in it, and 嚦咕嚦咕 when that option is on — finds the patterns that hold in each
reading, lets the exclusion table ``EXCLUDES`` remove what it removes, and keeps the reading with the
most tai. ``standalone`` is the face that stands without a complete hand (TW-ZH, 詐和/包賠).

Every number of tai comes from ``values`` (the ruleset's ``tai_table`` over ``DEFAULT_TAI``).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from graphlib import TopologicalSorter
from typing import Callable, Iterator, Mapping, Optional

from referee.hand import (
    SEQ,
    TRIPLET,
    decompositions,
    is_seven_pairs_and_triplet,
    lik_gu_waits,
    waits,
)
from referee.melds import MeldView
from referee.tiles import FIRST_FLOWER, N_KINDS, flower_seat, is_honour

from .face import Pattern, Score, WinContext
from .options import Options
from .values import PATTERNS, SUB_PATTERNS

WINDS = range(27, 31)
DRAGONS = range(31, 34)
FLOWER_COLOURS = (range(FIRST_FLOWER, FIRST_FLOWER + 4), range(FIRST_FLOWER + 4, FIRST_FLOWER + 8))
CLAIMED_WINS = ("discard", "rob_kong")  # the winning tile was another player's
FLOWER_WINS = {"flower": "TW-TAI-29", "rob_flower": "TW-TAI-30"}  # 八仙過海, 七搶一

# The exclusion table of RULEBOOK §3: a pattern that counts removes the patterns listed after it.
# A pattern that is itself removed removes nothing (see ``_exclude``).
EXCLUDES: dict[str, tuple[str, ...]] = {
    "TW-TAI-4": ("TW-TAI-23",),  # 不求 → 自摸 (not 門清)
    "TW-TAI-13": ("TW-TAI-8", "TW-TAI-15"),  # 字一色 → 對對和, 湊一色
    "TW-TAI-14": ("TW-TAI-15",),  # 清一色 → 湊一色
    "TW-TAI-17": ("TW-TAI-16",),  # 四暗刻 → 三暗刻
    "TW-TAI-18": ("TW-TAI-3", "TW-TAI-8", "TW-TAI-16", "TW-TAI-17"),  # 五暗刻 → 門清 對對和 三/四暗刻
    "TW-TAI-19": ("TW-TAI-1", "TW-TAI-20"),  # 大四喜 → 風字刻, 小四喜
    "TW-TAI-21": ("TW-TAI-2", "TW-TAI-22"),  # 大三元 → 箭字刻, 小三元
    "TW-TAI-22": ("TW-TAI-2",),  # 小三元 → 箭字刻
    "TW-TAI-29": ("TW-TAI-26",),  # 八仙過海 → 花牌
    "TW-TAI-30": ("TW-TAI-26",),  # 七搶一 → 花牌
    "TW-TAI-31": ("TW-TAI-3",),  # 天聽 → 門清
    "TW-TAI-32": ("TW-TAI-3",),  # 地聽 → 門清
    "TW-TAI-33": ("TW-TAI-3", "TW-TAI-4", "TW-TAI-11", "TW-TAI-23"),  # 天和 → 門清 不求 自摸 獨聽
    "TW-TAI-34": ("TW-TAI-3", "TW-TAI-31"),  # 地和 → 門清, 天聽
    "TW-TAI-35": ("TW-TAI-3", "TW-TAI-32"),  # 人和 → 門清, 地聽
    # 嚦咕嚦咕 → 門清; and 不求, because its row says "on 自摸 add 自摸 1": without 門清 there is no
    # 不求, and the 自摸 it would have removed stays.
    "TW-TAI-36": ("TW-TAI-3", "TW-TAI-4"),
}
# The rows the options of RULEBOOK_TW16_PRESETS §6 read otherwise (each replaces its row):
# buqiu "with_zimo" (TW-TAI-4.common): 不求 removes nothing; 天聽/地聽 remove 門清 and 不求, not 自摸.
_WITH_ZIMO: dict[str, tuple[str, ...]] = {
    "TW-TAI-4": (),
    "TW-TAI-31": ("TW-TAI-3", "TW-TAI-4"),
    "TW-TAI-32": ("TW-TAI-3", "TW-TAI-4"),
}
# first_turn_wins "first_go_round": 地胡 (TW-TAI-34.common) removes 自摸, 門清, 不求, 天聽, 地聽;
# 人胡 (TW-TAI-35.common) removes 門清, 天聽, 地聽.
_FIRST_GO_ROUND: dict[str, tuple[str, ...]] = {
    "TW-TAI-34": ("TW-TAI-3", "TW-TAI-4", "TW-TAI-23", "TW-TAI-31", "TW-TAI-32"),
    "TW-TAI-35": ("TW-TAI-3", "TW-TAI-31", "TW-TAI-32"),
}
# Patterns that make 字一色 subtract TW-TAI-13.deduct (大/小四喜, 大/小三元).
_HONOUR_HANDS = ("TW-TAI-19", "TW-TAI-20", "TW-TAI-21", "TW-TAI-22")


@dataclass(frozen=True)
class _Book:
    """The exclusion table in force under the options, the order it resolves in (every excluder
    before what it excludes), and the sub-IDs its patterns are cited by (TW-TAI-4.common …)."""

    excludes: Mapping[str, tuple[str, ...]]
    order: tuple[str, ...]
    cite: Mapping[str, str]


@lru_cache(maxsize=None)
def _book(buqiu: str, first_turn_wins: str, di_ting: str) -> _Book:
    """The exclusion table of the options (fails on a cycle)."""
    excludes, cite = dict(EXCLUDES), {}
    if buqiu == "with_zimo":
        excludes.update(_WITH_ZIMO)
        cite["TW-TAI-4"] = "TW-TAI-4.common"
    if first_turn_wins == "first_go_round":
        excludes.update(_FIRST_GO_ROUND)
        cite.update({"TW-TAI-34": "TW-TAI-34.common", "TW-TAI-35": "TW-TAI-35.common"})
    if di_ting == "no_prior_claims":
        cite["TW-TAI-32"] = "TW-TAI-32.common"
    order: TopologicalSorter[str] = TopologicalSorter({rule: () for rule in PATTERNS})
    for rule, removed in excludes.items():
        for other in removed:
            order.add(other, rule)
    return _Book(excludes, tuple(order.static_order()), cite)


def book_of(options: Options) -> _Book:
    return _book(options.buqiu, options.first_turn_wins, options.di_ting)


_DEFAULT_BOOK = _book("instead_of_zimo", "declared", "claims_allowed")  # checks the table at import


def _clause_number(rule: str) -> int:
    return int(rule.split(".", 1)[0].rsplit("-", 1)[1])


def _exclude(found: Mapping[str, int], book: _Book) -> dict[str, int]:
    """TW-TAI-0: apply the exclusion table to the holding patterns; only a kept pattern removes
    others."""
    removed: set[str] = set()
    kept: dict[str, int] = {}
    for rule in book.order:
        if rule in found and rule not in removed:
            kept[rule] = found[rule]
            removed.update(book.excludes.get(rule, ()))
    return kept


def _patterns(found: Mapping[str, int], values: Mapping[str, int], book: _Book) -> tuple[Pattern, ...]:
    """The kept patterns as ``Pattern``s in clause order, zero-tai ones left out; a pattern read
    by an option's sub-clause is cited by its sub-ID (RULEBOOK_TW16_PRESETS §6)."""
    kept = _exclude(found, book)
    if "TW-TAI-13" in kept and any(r in kept for r in _HONOUR_HANDS):
        # TW-TAI-13: 字一色 always comes with one of these; they are added and the deduct taken off.
        kept["TW-TAI-13"] = max(0, kept["TW-TAI-13"] - values["TW-TAI-13.deduct"])
    out = []
    for rule, tai in sorted(kept.items(), key=lambda kv: _clause_number(kv[0])):
        if tai:
            cited = book.cite.get(rule, rule)
            out.append(Pattern(cited, *SUB_PATTERNS.get(cited, PATTERNS[rule]), tai))
    return tuple(out)


# --- readings: the hand as five sets and a pair ------------------------------------------------

Set3 = tuple[int, int, bool]  # (SEQ or TRIPLET, lowest tile, concealed); a kong is a TRIPLET here


@dataclass(frozen=True)
class _Reading:
    """One way to read the winning hand: all its sets (melds included), its pair (None for
    嚦咕嚦咕), and whether the winning tile sits in a 嵌張/邊張/單騎 spot (single_wait "shape")."""

    sets: tuple[Set3, ...]
    pair: Optional[int]
    closed_wait: bool
    lik_gu: bool = False

    def triplets(self) -> list[int]:
        return [t for kind, t, _ in self.sets if kind == TRIPLET]


def _closed(start: int, win: int) -> bool:
    """嵌張 (the middle tile) or 邊張 (the 3 of 123, the 7 of 789) of the sequence from ``start``."""
    pos = win - start
    return pos == 1 or (pos == 2 and start % 9 == 0) or (pos == 0 and start % 9 == 6)


@lru_cache(maxsize=1 << 14)
def _concealed_readings(
    counts: tuple[int, ...], win: Optional[int], claimed: bool
) -> tuple[_Reading, ...]:
    """Every reading of the concealed tiles: each decomposition, times each set or the pair the
    winning tile can have completed. A triplet completed by a claimed tile is not concealed
    (TW-TAI-16), so where the tile goes changes the 暗刻 count."""
    out: dict[_Reading, None] = {}
    for pair, sets in decompositions(counts):
        hidden = tuple((kind, t, True) for kind, t in sets)
        if win is None:
            out[_Reading(hidden, pair, False)] = None
            continue
        if pair == win:
            out[_Reading(hidden, pair, True)] = None  # 單騎
        for i, (kind, t) in enumerate(sets):
            if kind == TRIPLET and t == win:
                marked = tuple((k, u, not (claimed and j == i)) for j, (k, u, _) in enumerate(hidden))
                out[_Reading(marked, pair, False)] = None
            elif kind == SEQ and t <= win <= t + 2:
                out[_Reading(hidden, pair, _closed(t, win))] = None
    return tuple(out)


def _lik_gu_reading(counts: tuple[int, ...], win: Optional[int], claimed: bool) -> _Reading:
    """嚦咕嚦咕 as a reading: its one triplet is its only set; the winning tile is 單騎 when it
    completed a pair (three or four of a kind means it met a pair or a triplet)."""
    t = counts.index(3)
    triplet = (TRIPLET, t, not (claimed and win == t))
    return _Reading((triplet,), None, win is not None and counts[win] == 2, lik_gu=True)


def _meld_set(meld: MeldView) -> Set3:
    return (SEQ if meld.kind == "chi" else TRIPLET, meld.base, meld.concealed)


def _readings(ctx: WinContext, options: Options) -> Iterator[_Reading]:
    claimed = ctx.how in CLAIMED_WINS
    if sum(ctx.concealed) == 3 * (5 - len(ctx.melds)) + 2:  # five sets and a pair in all
        melded = tuple(_meld_set(m) for m in ctx.melds)
        if ctx.win_in_meld:  # the winning tile completed the last meld (TW-ZH face, as declared)
            last = ctx.melds[-1]
            closed = last.kind == "chi" and _closed(last.base, ctx.win_tile)  # type: ignore[arg-type]
            for r in _concealed_readings(ctx.concealed, None, claimed):
                yield replace(r, sets=r.sets + melded, closed_wait=closed)
            return
        for r in _concealed_readings(ctx.concealed, ctx.win_tile, claimed):
            yield replace(r, sets=r.sets + melded)
    if options.lik_gu and not ctx.melds and is_seven_pairs_and_triplet(ctx.concealed):
        yield _lik_gu_reading(ctx.concealed, ctx.win_tile, claimed)


# --- facts of the win that do not depend on the reading -----------------------------------------


@dataclass(frozen=True)
class _Win:
    ctx: WinContext
    options: Options
    values: Mapping[str, int]
    flower_win: Optional[str]  # TW-TAI-29 or TW-TAI-30 for a flower win
    kinds: frozenset[int]  # every tile kind in hand and melds
    concealed_hand: bool  # 門清: no chi, pon or exposed kong
    all_exposed: bool  # 全求/半求: five melds, none a concealed kong
    one_kind_waits: bool  # single_wait "kinds"


def _one_kind_waits(ctx: WinContext, lik_gu: bool) -> bool:
    """TW-TAI-11 "kinds": the hand before the win completes with exactly one kind, not counting
    a kind whose four copies the player holds himself (in hand and melds)."""
    if ctx.win_tile is None:
        return False
    before = list(ctx.concealed)
    melds = ctx.melds
    if ctx.win_in_meld:  # the hand before the claim: the meld's other tiles were concealed
        for t in melds[-1].tiles:
            before[t] += 1
        melds = melds[:-1]
    before[ctx.win_tile] -= 1
    key = tuple(before)
    kinds = waits(key) | (lik_gu_waits(key) if lik_gu else frozenset())
    held = list(before)
    for meld in melds:
        for t in meld.tiles:
            held[t] += 1
    return sum(1 for t in kinds if held[t] < 4) == 1


def _facts(
    ctx: WinContext, options: Options, values: Mapping[str, int], flower_win: Optional[str]
) -> _Win:
    kinds = {t for t in range(N_KINDS) if ctx.concealed[t]}
    for meld in ctx.melds:
        kinds.update(meld.tiles)
    return _Win(
        ctx=ctx,
        options=options,
        values=values,
        flower_win=flower_win,
        kinds=frozenset(kinds),
        concealed_hand=all(m.concealed for m in ctx.melds),
        all_exposed=len(ctx.melds) == 5 and not any(m.concealed for m in ctx.melds),
        one_kind_waits=_one_kind_waits(ctx, options.lik_gu),
    )


# --- the patterns: one entry per clause -------------------------------------------------------

Condition = Callable[[_Win, _Reading], bool]


def _wind_tai(
    triplets: list[int], seat: int, round_wind: int, values: Mapping[str, int]
) -> Optional[int]:
    """TW-TAI-1 風字刻: each wind triplet/kong scores its seat value if it is the seat wind, plus
    its round value if it is the round wind (so a wind that is neither holds for 0)."""
    winds = [t for t in triplets if t in WINDS]
    if not winds:
        return None
    own = 26 + seat
    seat_tai, round_tai = values["TW-TAI-1.seat"], values["TW-TAI-1.round"]
    return sum(seat_tai * (t == own) + round_tai * (t == round_wind) for t in winds)


def _dragon_tai(triplets: list[int], values: Mapping[str, int]) -> Optional[int]:
    """TW-TAI-2 箭字刻: each dragon triplet/kong."""
    n = sum(1 for t in triplets if t in DRAGONS)
    return n * values["TW-TAI-2"] if n else None


def _flower_tai(flowers: tuple[int, ...], seat: int, values: Mapping[str, int]) -> Optional[int]:
    """TW-TAI-26 花牌: per colour, a full set (花杠) or else the seat's flower; all 8 once."""
    if not flowers:
        return None
    held = set(flowers)
    if all(f in held for colour in FLOWER_COLOURS for f in colour):
        return values["TW-TAI-26.all"]
    tai = 0
    for colour in FLOWER_COLOURS:
        if all(f in held for f in colour):
            tai += values["TW-TAI-26.set"]
        elif any(f in held and flower_seat(f) == seat for f in colour):
            tai += values["TW-TAI-26.seat"]
    return tai


def _single_wait(w: _Win, r: _Reading) -> bool:
    """TW-TAI-11 獨聽 under the option ``single_wait``."""
    return r.closed_wait if w.options.single_wait == "shape" else w.one_kind_waits


def _concealed_triplets(r: _Reading) -> int:
    """TW-TAI-16..18: triplets dealt or self-drawn, and concealed kongs."""
    return sum(1 for kind, _, concealed in r.sets if kind == TRIPLET and concealed)


def _suits(w: _Win) -> set[int]:
    return {t // 9 for t in w.kinds if not is_honour(t)}


def _has_honour(w: _Win) -> bool:
    return any(is_honour(t) for t in w.kinds)


def _sets_in(r: _Reading, group: range) -> int:
    return sum(1 for t in r.triplets() if t in group)


def _self_draw(w: _Win) -> bool:
    return w.ctx.how == "self_draw"


def _pinghu(w: _Win, r: _Reading) -> bool:
    """TW-TAI-7 平和: five sequences and a pair, no flowers, no honours, not 獨聽, not 自摸."""
    return (
        r.pair is not None
        and len(r.sets) == 5
        and all(kind == SEQ for kind, _, _ in r.sets)
        and not w.ctx.flowers
        and not _has_honour(w)
        and not _single_wait(w, r)
        and not _self_draw(w)
    )


def _first_go_round(w: _Win) -> bool:
    return w.options.first_turn_wins == "first_go_round"


# Patterns whose tai depend on the hand: their tai, or None when they do not hold.
_COUNTED: dict[str, Callable[[_Win, _Reading], Optional[int]]] = {
    "TW-TAI-1": lambda w, r: _wind_tai(r.triplets(), w.ctx.seat, w.ctx.round_wind, w.values),
    "TW-TAI-2": lambda w, r: _dragon_tai(r.triplets(), w.values),
    "TW-TAI-26": lambda w, r: _flower_tai(w.ctx.flowers, w.ctx.seat, w.values),
}

# Patterns worth their table value when their condition holds.
_CONDITIONS: dict[str, Condition] = {
    "TW-TAI-3": lambda w, r: w.concealed_hand,  # 門清 (暗杠 allowed)
    "TW-TAI-4": lambda w, r: w.concealed_hand and _self_draw(w),  # 不求
    # 全求 / 半求: every set exposed, one tile left; the 獨聽 (and 自摸) they come with count apart
    "TW-TAI-5": lambda w, r: w.all_exposed and w.ctx.how in CLAIMED_WINS,
    "TW-TAI-6": lambda w, r: w.all_exposed and _self_draw(w),
    "TW-TAI-7": _pinghu,
    # 對對和: five triplets/kongs (嚦咕嚦咕's one triplet is not five)
    "TW-TAI-8": lambda w, r: len(r.sets) == 5 and len(r.triplets()) == 5,
    "TW-TAI-11": _single_wait,  # 獨聽
    "TW-TAI-12": lambda w, r: w.ctx.how == "rob_kong",  # 搶杠
    "TW-TAI-13": lambda w, r: not _suits(w),  # 字一色
    "TW-TAI-14": lambda w, r: len(_suits(w)) == 1 and not _has_honour(w),  # 清一色
    # 湊一色 as seed 000 words it, "apart from honours, all one suit": it also holds for 清一色 and
    # 字一色 hands, which is why the exclusion table lists it under both.
    "TW-TAI-15": lambda w, r: len(_suits(w)) <= 1,
    "TW-TAI-16": lambda w, r: _concealed_triplets(r) >= 3,  # 三暗刻
    "TW-TAI-17": lambda w, r: _concealed_triplets(r) >= 4,  # 四暗刻
    "TW-TAI-18": lambda w, r: _concealed_triplets(r) >= 5,  # 五暗刻
    "TW-TAI-19": lambda w, r: _sets_in(r, WINDS) == 4,  # 大四喜
    "TW-TAI-20": lambda w, r: _sets_in(r, WINDS) == 3 and r.pair in WINDS,  # 小四喜
    "TW-TAI-21": lambda w, r: _sets_in(r, DRAGONS) == 3,  # 大三元
    "TW-TAI-22": lambda w, r: _sets_in(r, DRAGONS) == 2 and r.pair in DRAGONS,  # 小三元
    "TW-TAI-23": lambda w, r: _self_draw(w),  # 自摸
    "TW-TAI-24": lambda w, r: _self_draw(w) and w.ctx.kong_replacement,  # 杠上開花
    "TW-TAI-25": lambda w, r: _self_draw(w) and w.ctx.last_tile,  # 海底撈月
    "TW-TAI-29": lambda w, r: w.flower_win == "TW-TAI-29",  # 八仙過海
    "TW-TAI-30": lambda w, r: w.flower_win == "TW-TAI-30",  # 七搶一
    "TW-TAI-31": lambda w, r: w.ctx.tian_ting,  # 天聽
    "TW-TAI-32": lambda w, r: w.ctx.di_ting,  # 地聽
    "TW-TAI-33": lambda w, r: w.ctx.tian_hu,  # 天和
    # 地和 / 人和 (TW-TAI-34/35), or 地胡 / 人胡 by the first go-round (TW-TAI-34.common/35.common)
    "TW-TAI-34": lambda w, r: w.ctx.di_hu_round if _first_go_round(w) else w.ctx.di_hu,
    "TW-TAI-35": lambda w, r: w.ctx.ren_hu_round if _first_go_round(w) else w.ctx.ren_hu,
    "TW-TAI-36": lambda w, r: r.lik_gu,  # 嚦咕嚦咕
    # 河底撈魚 (option river_bottom): won on the hand's last discard
    "TW-TAI-37": lambda w, r: w.options.river_bottom and w.ctx.how == "discard" and w.ctx.last_discard,
}

assert set(_COUNTED) | set(_CONDITIONS) == set(PATTERNS), "every pattern of values.PATTERNS is scored"


def _holding(w: _Win, r: _Reading) -> dict[str, int]:
    """Every pattern that holds in this reading, with its tai (0 possible), before exclusions."""
    found: dict[str, int] = {}
    for rule, counted in _COUNTED.items():
        tai = counted(w, r)
        if tai is not None:
            found[rule] = tai
    for rule, condition in _CONDITIONS.items():
        if condition(w, r):
            found[rule] = w.values[rule]
    return found


# --- public ------------------------------------------------------------------------------------


def score(ctx: WinContext, options: Options, values: Mapping[str, int]) -> Score:
    """The face tai 牌面 of a win (RULEBOOK §3): the best reading of the tiles, its patterns in
    clause order. ``complete`` is False, with no patterns, when the tiles make no winning hand —
    except for 八仙過海/七搶一 (TW-TAI-29/30), which win whatever the hand."""
    if ctx.win_tile is not None and not ctx.concealed[ctx.win_tile] and not ctx.win_in_meld:
        raise ValueError(f"the winning tile {ctx.win_tile} is not among the concealed tiles")
    flower_win = FLOWER_WINS.get(ctx.how)
    if flower_win:
        # TW-TAI-29/30: if the replacement also wins, add the face of that 杠上開花 self-draw; a
        # tile drawn from the wall (TW-FL-2, a hidden 8th robbed: TW-FL-3 a) adds a plain self-draw.
        ctx = replace(ctx, how="self_draw", kong_replacement=not ctx.wall_draw)
    w = _facts(ctx, options, values, flower_win)
    book = book_of(options)
    best: Optional[tuple[Pattern, ...]] = None
    for reading in _readings(ctx, options):
        patterns = _patterns(_holding(w, reading), values, book)
        if best is None or sum(p.tai for p in patterns) > sum(p.tai for p in best):
            best = patterns
    if best is None:
        if not flower_win:
            return Score(False)
        best = _patterns({flower_win: values[flower_win]}, values, book)  # the hand need not be shown
    return Score(True, best)


def standalone(ctx: WinContext, shown: tuple[int, ...], values: Mapping[str, int]) -> Score:
    """The face that stands without a complete hand (TW-ZH face ``standalone``), for a false win
    詐和 or 包賠: 花牌/花杠 (TW-TAI-26), and 風字刻/箭字刻 (TW-TAI-1/2) of the sets on the table
    (concealed kongs included) and of honour triplets among the ``shown`` concealed tiles."""
    triplets = [m.base for m in ctx.melds if m.kind != "chi"]
    triplets += [t for t in range(WINDS.start, DRAGONS.stop) if shown.count(t) >= 3]
    found: dict[str, int] = {}
    for rule, tai in (
        ("TW-TAI-1", _wind_tai(triplets, ctx.seat, ctx.round_wind, values)),
        ("TW-TAI-2", _dragon_tai(triplets, values)),
        ("TW-TAI-26", _flower_tai(ctx.flowers, ctx.seat, values)),
    ):
        if tai is not None:
            found[rule] = tai
    return Score(True, _patterns(found, values, _DEFAULT_BOOK))
