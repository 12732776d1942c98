"""番 of a Hong Kong win (RULEBOOK_HK §2, HK-FAN-0 … 38): which rows hold for each split, counted
by the family's procedure (``rulesbook.family13.counting``) with the ruleset's values.

Interface (for the settlement, the false-win check and the ruling)::

    from rulesbook.family13.context import Win13
    from rulesbook.hk.fan import count_win
    from rulesbook.hk.options import HkRules

    rules = HkRules.of(preset, options, fan_table, base)      # RulesetError at a JSON path
    win = Win13(concealed=<34 counts, the winning tile included>, win_tile=<kind or None>,
                how="self_draw" | "discard" | "rob_kong" | "flower", melds=<MeldView…>,
                flowers=<flower tiles laid out>, seat=1…4 (dealer 1), round_wind=27…30,
                kong_chain=<kongs in a row before this replacement self-draw, each made with the
                previous one's replacement>, last_tile=…,
                last_discard=…, heavenly=…, earthly=…, human=…)
    fc = count_win(win, rules)

``fc.complete``: the tiles make a winning hand (four sets and a pair, or 十三么; a flower win: the
7th or 8th flower with its row on). ``fc.qualifies``: HK-FAN-35, the declaration wins by its count
(when False while complete, it is 詐糊 for want of 番: HK-ZH-1). ``fc.fan``, ``fc.fan_min``,
``fc.fan_paid`` (F, after the cap), ``fc.limit`` (the class-L or W row, or None), ``fc.portion``
(P = base × m(F), HK-PAY-0) and ``fc.patterns`` (one per row, per set or per flower);
``fc.as_json()`` gives the ruling's per-winner fields (§10.2). The winning tile's timing (a flower
win right after its flower, a robbed concealed kong) is the caller's to judge; the count only reads
the flags it is given. Memoised by (win, rules).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, NamedTuple, Optional

from rulesbook.family13 import counting
from rulesbook.family13 import patterns as pt
from rulesbook.family13.context import FLOWER_WIN, SELF_DRAWN, Split, Win13
from rulesbook.family13.counting import Count, Pattern
from rulesbook.family13.shapes import splits

from .fan_table import TABLE, table_of
from .options import HkOptions, HkRules
from .portion import portion


class _Facts(NamedTuple):
    """What the rows that read the win alone see of it: the same for every split, and for many
    wins (the rows of a win are memoised by it)."""

    hand: pt.HandTiles
    no_melds: bool
    how: str
    kong_chain: int
    last_tile: bool
    last_discard: bool
    flowers: tuple[int, ...]
    seat: int
    heavenly: bool
    earthly: bool
    human: bool
    nine_gates: bool
    flowers_played: bool  # option ``flowers``
    concealed_hand_with_flowers: bool  # option of HK-FAN-14

    @property
    def self_drawn(self) -> bool:
        return self.how == SELF_DRAWN

    @classmethod
    def of(cls, win: Win13, options: HkOptions) -> "_Facts":
        """(Of the options, only the two the rows read: a key of 14 plain fields hashes fast.)"""
        hand = pt.hand_tiles(win)
        gates = not win.melds and pt.full_flush(hand) and pt.nine_gates(win)
        return cls(hand, not win.melds, win.how, win.kong_chain, win.last_tile, win.last_discard,
                   win.flowers, win.seat, win.heavenly, win.earthly, win.human, gates, options.flowers,
                   options.concealed_hand_with_flowers)


def _concealed_hand(f: _Facts) -> bool:
    """HK-FAN-14 門前清: no 上, 碰 or kong of any kind (a declared concealed kong breaks it); with
    flowers played only under ``concealed_hand_with_flowers``."""
    return f.no_melds and (f.concealed_hand_with_flowers or not f.flowers_played)


# Each row's definition, as how many times it holds (0 or False: it does not). Rows that read the
# win alone are the same for every split: read once per win and memoised by its facts.
WIN_ROWS: dict[str, Callable[[_Facts], int]] = {
    "HK-FAN-5": lambda f: pt.half_flush(f.hand),  # 混一色
    "HK-FAN-6": lambda f: pt.full_flush(f.hand),  # 清一色
    "HK-FAN-7": lambda f: pt.mixed_terminals(f.hand),  # 花么
    "HK-FAN-14": _concealed_hand,  # 門前清
    "HK-FAN-15": lambda f: f.self_drawn,  # 自摸
    "HK-FAN-16": lambda f: f.how == "rob_kong",  # 搶槓
    "HK-FAN-17": lambda f: f.self_drawn and f.kong_chain >= 1,  # 槓上開花
    "HK-FAN-18": lambda f: f.self_drawn and f.kong_chain >= 2,  # 連槓開花
    "HK-FAN-19": lambda f: f.self_drawn and f.last_tile,  # 海底撈月
    "HK-FAN-20": lambda f: f.how == "discard" and f.last_discard,  # 河底撈魚
    "HK-FAN-21": lambda f: f.flowers_played and pt.seat_flowers(f.flowers, f.seat),  # 正花
    "HK-FAN-22": lambda f: f.flowers_played and pt.full_flower_groups(f.flowers),  # 一台花
    "HK-FAN-23": lambda f: f.flowers_played and not f.flowers,  # 無花
    "HK-FAN-26": lambda f: pt.all_honours(f.hand),  # 字一色
    "HK-FAN-27": lambda f: pt.all_terminals(f.hand),  # 清么九
    "HK-FAN-28": lambda f: f.nine_gates,  # 九子連環
    "HK-FAN-32": lambda f: f.heavenly,  # 天糊
    "HK-FAN-33": lambda f: f.earthly,  # 地糊
    "HK-FAN-34": lambda f: f.human,  # 人糊
}
SPLIT_ROWS: dict[str, Callable[[Split], int]] = {  # rows that read the split alone
    "HK-FAN-2": pt.all_chows,  # 平糊 (any pair, any wait)
    "HK-FAN-3": pt.all_pongs,  # 對對糊
    "HK-FAN-4": pt.concealed_pongs,  # 坎坎糊
    "HK-FAN-8": pt.dragon_pongs,  # 番子, per set
    "HK-FAN-11": pt.small_three_dragons,  # 小三元
    "HK-FAN-12": pt.big_three_dragons,  # 大三元
    "HK-FAN-13": pt.small_four_winds,  # 小四喜
    "HK-FAN-29": pt.orphans,  # 十三么
    "HK-FAN-30": pt.big_four_winds,  # 大四喜
    "HK-FAN-31": pt.four_kongs,  # 十八羅漢
}
WIND_ROWS: dict[str, Callable[[Split, int, int], int]] = {  # (split, seat wind, round wind)
    "HK-FAN-9": pt.seat_wind_pong,  # 門風
    "HK-FAN-10": pt.round_wind_pong,  # 圈風
}
#: rows that hold when each of their parts' definitions holds: 混碰 = 混一色 and 對對糊, 清碰 =
#: 清一色 and 對對糊
BOTH_ROWS: dict[str, tuple[str, str]] = {"HK-FAN-37": ("HK-FAN-5", "HK-FAN-3"),
                                         "HK-FAN-38": ("HK-FAN-6", "HK-FAN-3")}
FLOWER_ROWS = {7: "HK-FAN-24", 8: "HK-FAN-25"}  # 花糊, 大花糊 (HK-FAN-0.7: no split)

_READ = [*WIN_ROWS, *SPLIT_ROWS, *WIND_ROWS, *BOTH_ROWS, *FLOWER_ROWS.values()]
assert sorted(_READ) == sorted(TABLE.rows), "every row of the table is read, once"


@dataclass(frozen=True)
class FanCount:
    """A win's 番 (HK-FAN-0, 35, 36) and its portion (HK-PAY-0); see the module's docstring."""

    complete: bool
    qualifies: bool
    fan: int = 0
    fan_min: int = 0
    fan_paid: int = 0
    limit: Optional[str] = None
    portion: int = 0
    patterns: tuple[Pattern, ...] = ()

    def as_json(self) -> dict:
        return {"fan": self.fan, "fan_min": self.fan_min, "fan_paid": self.fan_paid,
                "limit": self.limit, "portion": self.portion,
                "patterns": [p.as_json() for p in self.patterns]}


_NOT_A_WIN = FanCount(False, False)


@lru_cache(maxsize=256)
def counting_rules(rules: HkRules) -> counting.Rules:
    """What the family's counting reads of the ruleset."""
    o = rules.options
    return counting.Rules(rules.values, o.min_fan, o.limit_fan, o.fan_combination, o.bonus_counts_to_minimum)


@lru_cache(maxsize=1 << 12)
def _win_rows(facts: _Facts) -> dict[str, int]:
    """The rows that read the win alone (the dict is shared: callers copy it)."""
    out = {}
    for rule, held in WIN_ROWS.items():
        n = int(held(facts))
        if n:
            out[rule] = n
    return out


def _split_rows(split: Split, seat_wind: int, round_wind: int) -> tuple[tuple[str, int], ...]:
    out = [(rule, int(n)) for rule, held in SPLIT_ROWS.items() if (n := held(split))]
    out += [(rule, 1) for rule, held in WIND_ROWS.items() if held(split, seat_wind, round_wind)]
    return tuple(out)


def _holding(win_rows: dict[str, int], split: Split, win: Win13) -> dict[str, int]:
    out = dict(win_rows)
    out.update(_split_rows(split, win.seat_wind, win.round_wind))
    for rule, (a, b) in BOTH_ROWS.items():
        if a in out and b in out:
            out[rule] = 1
    return out


@lru_cache(maxsize=1 << 14)
def count_win(win: Win13, rules: HkRules) -> FanCount:
    """The 番 of a win declaration under ``rules`` (HK-FAN-0): the best qualifying split, or the
    best of all when none qualifies (``qualifies`` False); ``complete`` False when the tiles do not
    win at all."""
    crules = counting_rules(rules)
    table = table_of(rules.options.small_four_winds)
    if win.how == FLOWER_WIN:
        rule = FLOWER_ROWS.get(len(set(win.flowers))) if rules.options.flowers else None
        if rule is None or not rules.values[rule]:
            return _NOT_A_WIN
        counts: list[Count] = [counting.count_split(table, {rule: 1}, crules)]
    else:
        readings = splits(win)
        if not readings:
            return _NOT_A_WIN
        win_rows = _win_rows(_Facts.of(win, rules.options))
        counts = [counting.count_split(table, _holding(win_rows, s, win), crules) for s in readings]
    scored, top = counting.best(counts, crules)
    if top is None:
        return _NOT_A_WIN
    chosen = scored or top
    paid = counting.paid(chosen.fan, crules)
    return FanCount(True, scored is not None, chosen.fan, chosen.fan_min, paid, chosen.limit,
                    portion(rules, paid), counting.patterns(table, chosen, rules.values))
