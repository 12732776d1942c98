"""番 of a Guangdong win (RULEBOOK_GD §2, GD-FAN-0 … 32): which rows hold for each split, counted
by the family's procedure under ``combination: type`` (one hand type, the highest that holds, plus
the additions within the cap; a type beyond the cap alone, uncapped), then the 3-番 floor of
GD-FAN-30.1 (杠上开花, 抢杠, 海底捞月) and the minimum GD-FAN-31 against ``fan_min``.

    fc = count_win(Win13(...), GdRules.of(...))

``fc.fan`` is the count (before cap and floor), ``fc.fan_paid`` F (after the cap and GD-FAN-30.1),
``fc.floor`` the floor clause that raised it or None, ``fc.portion`` the share S = base × 2^F
(GD-PAY-0). GD-FAN-30.2 (three winners on one discard) depends on the other declarations: the
settlement applies it with ``with_floor``. Memoised by (win, rules).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Callable, Optional

from rulesbook.family13 import counting
from rulesbook.family13 import patterns as pt
from rulesbook.family13.context import Split, Win13
from rulesbook.family13.counting import Pattern
from rulesbook.family13.shapes import splits

from .fan_table import TABLE
from .options import GdRules

WIN_ROWS: dict[str, Callable[[Win13, pt.HandTiles, bool], int]] = {  # (win, hand, rob_kong_self_draw_fan)
    "GD-FAN-4": lambda w, h, r: pt.half_flush(h),  # 混一色
    "GD-FAN-5": lambda w, h, r: pt.full_flush(h),  # 清一色
    "GD-FAN-8": lambda w, h, r: pt.mixed_terminals(h),  # 混幺九
    "GD-FAN-11": lambda w, h, r: pt.all_honours(h),  # 字一色
    "GD-FAN-12": lambda w, h, r: pt.all_terminals(h),  # 清幺九
    "GD-FAN-15": lambda w, h, r: not w.melds and pt.full_flush(h) and pt.nine_gates(w),  # 九莲宝灯
    # 天和 "no kong made": a win on a kong's replacement (the only tile drawn from the back in
    # Guangdong) is 杠上开花 on a hand the kong changed, not 天和
    "GD-FAN-17": lambda w, h, r: w.heavenly and not w.replacement,
    "GD-FAN-18": lambda w, h, r: w.human and w.self_drawn,  # 地和: a non-dealer's first draw
    # 人和: on the dealer's first discard ("庄家打出的第一张牌"; unlike 地和 the row asks nothing of
    # what came before it: the dealer's own concealed kong before that discard leaves it)
    "GD-FAN-19": lambda w, h, r: w.earthly or w.dealer_first_discard,
    "GD-FAN-20": lambda w, h, r: w.self_drawn or (w.how == "rob_kong" and r),  # 自摸
    "GD-FAN-21": lambda w, h, r: all(m.concealed for m in w.melds),  # 门前清 (a concealed kong keeps it)
    "GD-FAN-25": lambda w, h, r: w.self_drawn and w.last_tile,  # 海底捞月
    # 杠上开花: a kong's replacement (no flowers: the only tile drawn from the back), also one a
    # starting ``state`` shows just drawn (``drawn.from: back``), with no kong event to follow
    "GD-FAN-26": lambda w, h, r: w.self_drawn and (w.kong_chain >= 1 or w.replacement),
    "GD-FAN-27": lambda w, h, r: w.how == "rob_kong",  # 抢杠
}
SPLIT_ROWS: dict[str, Callable[[Split], int]] = {
    "GD-FAN-1": lambda s: True,  # 鸡胡: any winning hand
    "GD-FAN-2": pt.all_chows,  # 平胡
    "GD-FAN-3": pt.all_pongs,  # 碰碰胡
    "GD-FAN-9": pt.small_three_dragons,  # 小三元
    "GD-FAN-10": pt.small_four_winds,  # 小四喜
    "GD-FAN-13": pt.big_three_dragons,  # 大三元
    "GD-FAN-14": pt.big_four_winds,  # 大四喜
    "GD-FAN-16": pt.orphans,  # 十三幺
    "GD-FAN-24": pt.dragon_pongs,  # 三元牌, per set
}
WIND_ROWS: dict[str, Callable[[Split, int, int], int]] = {
    "GD-FAN-22": pt.seat_wind_pong,  # 门风
    "GD-FAN-23": pt.round_wind_pong,  # 圈风
}
BOTH_ROWS: dict[str, tuple[str, str]] = {"GD-FAN-6": ("GD-FAN-4", "GD-FAN-3"),  # 混碰
                                         "GD-FAN-7": ("GD-FAN-5", "GD-FAN-3")}  # 清碰
assert sorted([*WIN_ROWS, *SPLIT_ROWS, *WIND_ROWS, *BOTH_ROWS]) == sorted(TABLE.rows)

FLOOR_OWN = "GD-FAN-30.1"
FLOOR_THREE = "GD-FAN-30.2"


@dataclass(frozen=True)
class GdCount:
    complete: bool
    qualifies: bool
    fan: int = 0
    fan_min: int = 0
    fan_paid: int = 0
    floor: Optional[str] = None
    limit: Optional[str] = None
    portion: int = 0
    patterns: tuple[Pattern, ...] = ()

    def as_json(self) -> dict:
        return {"fan": self.fan, "fan_min": self.fan_min, "fan_paid": self.fan_paid,
                "floor": self.floor, "limit": self.limit, "portion": self.portion,
                "patterns": [p.as_json() for p in self.patterns]}


_NOT_A_WIN = GdCount(False, False)


def share(rules: GdRules, fan_paid: int) -> int:
    """GD-PAY-0: S = ``base`` × 2^F."""
    return rules.base << fan_paid


def own_floor(win: Win13) -> bool:
    """GD-FAN-30.1: a win by 杠上开花, 抢杠 or 海底捞月."""
    return win.how == "rob_kong" or win.self_drawn and (win.kong_chain >= 1 or win.replacement or win.last_tile)


def with_floor(count: GdCount, rules: GdRules, clause: str) -> GdCount:
    """``count`` raised to ``special_floor`` by ``clause`` (it names the floor only if it raised F)."""
    floor = rules.options.special_floor
    if not count.complete or count.fan_paid >= floor:
        return count
    return replace(count, fan_paid=floor, floor=clause, portion=share(rules, floor))


@lru_cache(maxsize=256)
def _counting_rules(rules: GdRules, floored: bool) -> counting.Rules:
    o = rules.options
    low = 0 if floored and o.special_floor >= o.min_fan else o.min_fan  # GD-FAN-0.7
    return counting.Rules(rules.values, low, o.limit_fan, "type")


def _holding(win: Win13, split: Split, hand: pt.HandTiles, rob_self: bool) -> dict[str, int]:
    out = {rule: int(held(win, hand, rob_self)) for rule, held in WIN_ROWS.items()}
    out.update((rule, int(held(split))) for rule, held in SPLIT_ROWS.items())
    out.update((rule, int(held(split, win.seat_wind, win.round_wind))) for rule, held in WIND_ROWS.items())
    for rule, (a, b) in BOTH_ROWS.items():
        out[rule] = int(bool(out[a] and out[b]))
    return out


@lru_cache(maxsize=1 << 14)
def count_win(win: Win13, rules: GdRules) -> GdCount:
    """The 番 of a win declaration (GD-FAN-0): the best qualifying split, or the best of all when
    none qualifies (``qualifies`` False); ``complete`` False when the tiles do not win."""
    readings = splits(win)
    if not readings:
        return _NOT_A_WIN
    floored = own_floor(win)
    crules = _counting_rules(rules, floored)
    hand = pt.hand_tiles(win)
    rob_self = rules.options.rob_kong_self_draw_fan
    counts = [counting.count_split(TABLE, _holding(win, s, hand, rob_self), crules) for s in readings]
    scored, top = counting.best(counts, crules)
    assert top is not None
    chosen = scored or top
    paid = counting.paid_count(chosen, crules)
    fc = GdCount(True, scored is not None, chosen.fan, paid, paid, None, chosen.limit,
                 share(rules, paid), counting.patterns(TABLE, chosen, rules.values))
    if floored:
        fc = with_floor(fc, rules, FLOOR_OWN)
        fc = replace(fc, fan_min=fc.fan_paid)
    return fc
