"""番 and the points of a Shanghai win (RULEBOOK_SH §4, §5, SH-PAY-0): for each split of the
declared hand, the flower count H (SH-HUA, ``rulesbook.shanghai.hua``), the rows that hold and
their sum F (SH-FAN-0), and one share's points P = min((D + H) × 2^F, L) (无花果: min(10 × 2^F, L)); the split with the highest
P is scored (SH-FAN-0.2). Whether the hand may win by its shape (SH-HU-2): a special row, or H at
least the minimum for how it was won (none under ``special_only``).

    sc = count_win(Win13(...), ShRules.of(...))

``sc.points`` is P before the 荒番 factor (the hand's, SH-HF-3: the settlement applies it).
Memoised by (win, rules). Wild tiles (SH-BD-1, 2) are read by ``rulesbook.shanghai.baida``.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Optional

from rulesbook.family13 import patterns as pt
from rulesbook.family13.context import Split, Win13
from rulesbook.family13.counting import Pattern
from rulesbook.family13.shapes import splits

from .fan_table import REPLACES, ROWS
from .hua import flower_tile_held, set_flowers
from .options import ShRules

NO_FLOWER_POINTS = 10  # SH-PAY-0: 无花果 is priced on 10 flowers without 底花


@dataclass(frozen=True)
class ShCount:
    """A declaration's count: ``complete`` (four sets and a pair), ``qualifies`` (it may win by its
    shape and flowers, SH-HU-2), ``fan`` F, ``flowers`` H, ``points`` P of one share after the cap
    (before the 荒番 factor), ``special`` (a special row holds), ``patterns`` the rows listed.
    ``fan_min`` is H (what the family's minimum message names); ``flower_tile`` a 中發白 held as a
    hand tile under ``dragons_as_flowers`` (SH-IRR-3: no winning hand)."""

    complete: bool
    qualifies: bool
    fan: int = 0
    flowers: int = 0
    points: int = 0
    special: bool = False
    patterns: tuple[Pattern, ...] = ()
    flower_tile: bool = False
    wilds: int = 0  # wild tiles in the hand (SH-BD-4)
    limit: Optional[str] = None

    @property
    def fan_min(self) -> int:
        return self.flowers

    def as_json(self, points: int, value: int) -> dict:
        """A winner's count in the ruling (§15): ``points`` P after the 荒番 factor, ``value`` in money."""
        return {"fan": self.fan, "fan_paid": self.fan, "flowers": self.flowers, "points": points,
                "value": value, "patterns": [p.as_json() for p in self.patterns]}


_NOT_A_WIN = ShCount(False, False)


def points(rules: ShRules, flowers: int, fan: int) -> int:
    """SH-PAY-0: P = min((D + H) × 2^F, L); for 无花果 (H = 0) min(10 × 2^F, L)."""
    o = rules.options
    lezi = o.lezi
    base = o.base_flowers + flowers if flowers else NO_FLOWER_POINTS
    return lezi if fan >= lezi.bit_length() else min(base << fan, lezi)


def minimum(rules: ShRules, how: str) -> Optional[int]:
    """SH-HU-2: the flowers a plain hand needs won this way; None under ``special_only``."""
    o = rules.options
    if o.special_only:
        return None
    return o.min_flowers_self_draw if how == "self_draw" else o.min_flowers_discard


def win_rows(win: Win13, wilds: int, rules: ShRules) -> dict[str, bool]:
    """The rows that do not depend on the split (SH-FAN-3, 4, 7 … 10, 12)."""
    hand = pt.hand_tiles(win)
    return {
        "SH-FAN-3": pt.half_flush(hand),  # 混一色
        "SH-FAN-4": pt.full_flush(hand),  # 清一色
        "SH-FAN-7": all(m.concealed for m in win.melds),  # 门清: concealed kongs allowed
        "SH-FAN-8": win.self_drawn and win.replacement,  # 杠开
        "SH-FAN-9": len(win.melds) == 4,  # 大吊车: the win completes the pair of the one tile left
        "SH-FAN-10": win.self_drawn and win.last_tile,  # 海底捞月
        "SH-FAN-12": rules.options.wild and not wilds,  # 无百搭
    }


def split_count(rules: ShRules, fixed: dict[str, bool], split: Split, laid_out: int) -> tuple:
    """One split's (P, F, H, special, rows held)."""
    flowers = laid_out + set_flowers(rules, split)
    held = dict(fixed)
    held["SH-FAN-2"] = pt.all_pongs(split)  # 碰碰胡
    held["SH-FAN-5"] = held["SH-FAN-2"] and held["SH-FAN-3"]  # 混碰
    held["SH-FAN-6"] = held["SH-FAN-2"] and held["SH-FAN-4"]  # 清碰
    held["SH-FAN-11"] = flowers == 0  # 无花果
    struck = {s for r, on in held.items() if on for s in REPLACES.get(r, ())}
    rows = tuple(sorted((r for r, on in held.items() if on and r not in struck),
                        key=lambda r: int(r.rsplit("-", 1)[1])))
    values = rules.values
    fan = sum(values[r] for r in rows)
    special = any(ROWS[r].special for r in rows)
    return points(rules, flowers, fan), fan, flowers, special, rows


def best(rules: ShRules, win: Win13, readings: Iterable[Split], wilds: int = 0) -> ShCount:
    """The scored split of a hand without wild tiles (SH-FAN-0.2, ``scored``)."""
    fixed = win_rows(win, wilds, rules)
    return scored(rules, win, [split_count(rules, fixed, s, len(win.flowers)) for s in readings], wilds)


def key(rules: ShRules, how: str, c: tuple) -> tuple:
    """How splits are ordered (SH-FAN-0.2): those that may win (SH-HU-2) first, then the highest
    P, then F, then H, then the rows named first."""
    low = minimum(rules, how)
    ok = c[3] or (low is not None and c[2] >= low)
    return (ok, c[0], c[1], c[2], c[4])


def scored(rules: ShRules, win: Win13, counts: list[tuple], wilds: int = 0) -> ShCount:
    """The count of the best of ``counts`` (``split_count``'s tuples) by ``key``."""
    if not counts:
        return _NOT_A_WIN
    top = max(counts, key=lambda c: key(rules, win.how, c))
    return as_count(rules, top, key(rules, win.how, top)[0], wilds)


def as_count(rules: ShRules, c: tuple, ok: bool, wilds: int) -> ShCount:
    p, fan, flowers, special, rows = c
    listed = tuple(Pattern(r, ROWS[r].name, ROWS[r].en, rules.values[r]) for r in rows)
    return ShCount(True, ok, fan, flowers, p, special, listed, wilds=wilds)


@lru_cache(maxsize=1 << 14)
def count_win(win: Win13, rules: ShRules) -> ShCount:
    """The count of a win declaration (SH-FAN-0, SH-HUA, SH-HU-2, SH-PAY-0)."""
    if flower_tile_held(win, rules):
        return ShCount(False, False, flower_tile=True)
    if win.wild is not None and rules.options.wild:
        from .baida import count_wild
        return count_wild(win, rules)
    return best(rules, win, splits(win))
