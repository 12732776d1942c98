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
                kong_chain=<kongs made in a row before this replacement self-draw>, last_tile=…,
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
from typing import Callable, Optional

from rulesbook.family13 import counting
from rulesbook.family13 import patterns as pt
from rulesbook.family13.context import FLOWER_WIN, Split, Win13
from rulesbook.family13.counting import Count, Pattern
from rulesbook.family13.shapes import splits

from .fan_table import TABLE
from .options import HkOptions, HkRules
from .portion import portion


@dataclass(frozen=True)
class _Facts:
    """What every split of one win shares."""

    win: Win13
    hand: pt.HandTiles
    options: HkOptions


def _concealed_hand(f: _Facts, s: Split) -> bool:
    """HK-FAN-14 門前清: no 上, 碰 or kong of any kind (a declared concealed kong breaks it); with
    flowers played only under ``concealed_hand_with_flowers``."""
    return not f.win.melds and (f.options.concealed_hand_with_flowers or not f.options.flowers)


def _flowers_on(f: _Facts) -> bool:
    return f.options.flowers


# row → how many times it holds for a split (0 or False: it does not hold)
ROWS: dict[str, Callable[[_Facts, Split], int]] = {
    "HK-FAN-2": lambda f, s: pt.all_chows(s),  # 平糊 (any pair, any wait)
    "HK-FAN-3": lambda f, s: pt.all_pongs(s),  # 對對糊
    "HK-FAN-4": lambda f, s: pt.concealed_pongs(s),  # 坎坎糊
    "HK-FAN-5": lambda f, s: pt.half_flush(f.hand),  # 混一色
    "HK-FAN-6": lambda f, s: pt.full_flush(f.hand),  # 清一色
    "HK-FAN-7": lambda f, s: pt.mixed_terminals(f.hand),  # 花么
    "HK-FAN-8": lambda f, s: pt.dragon_pongs(s),  # 番子, per set
    "HK-FAN-9": lambda f, s: pt.pong_of(s, f.win.seat_wind),  # 門風
    "HK-FAN-10": lambda f, s: pt.pong_of(s, f.win.round_wind),  # 圈風
    "HK-FAN-11": lambda f, s: pt.small_three_dragons(s),  # 小三元
    "HK-FAN-12": lambda f, s: pt.big_three_dragons(s),  # 大三元
    "HK-FAN-13": lambda f, s: pt.small_four_winds(s),  # 小四喜
    "HK-FAN-14": _concealed_hand,  # 門前清
    "HK-FAN-15": lambda f, s: f.win.self_drawn,  # 自摸
    "HK-FAN-16": lambda f, s: f.win.how == "rob_kong",  # 搶槓
    "HK-FAN-17": lambda f, s: f.win.self_drawn and f.win.kong_chain >= 1,  # 槓上開花
    "HK-FAN-18": lambda f, s: f.win.self_drawn and f.win.kong_chain >= 2,  # 連槓開花
    "HK-FAN-19": lambda f, s: f.win.self_drawn and f.win.last_tile,  # 海底撈月
    "HK-FAN-20": lambda f, s: f.win.how == "discard" and f.win.last_discard,  # 河底撈魚
    "HK-FAN-21": lambda f, s: _flowers_on(f) and pt.seat_flowers(f.win.flowers, f.win.seat),  # 正花
    "HK-FAN-22": lambda f, s: _flowers_on(f) and pt.full_flower_groups(f.win.flowers),  # 一台花
    "HK-FAN-23": lambda f, s: _flowers_on(f) and not f.win.flowers,  # 無花
    "HK-FAN-26": lambda f, s: pt.all_honours(f.hand),  # 字一色
    "HK-FAN-27": lambda f, s: pt.all_terminals(f.hand),  # 清么九
    "HK-FAN-28": lambda f, s: pt.nine_gates(f.win),  # 九子連環
    "HK-FAN-29": lambda f, s: s.orphans,  # 十三么
    "HK-FAN-30": lambda f, s: pt.big_four_winds(s),  # 大四喜
    "HK-FAN-31": lambda f, s: pt.kongs(s) == 4,  # 十八羅漢
    "HK-FAN-32": lambda f, s: f.win.heavenly,  # 天糊
    "HK-FAN-33": lambda f, s: f.win.earthly,  # 地糊
    "HK-FAN-34": lambda f, s: f.win.human,  # 人糊
    "HK-FAN-37": lambda f, s: pt.half_flush(f.hand) and pt.all_pongs(s),  # 混碰
    "HK-FAN-38": lambda f, s: pt.full_flush(f.hand) and pt.all_pongs(s),  # 清碰
}
FLOWER_ROWS = {7: "HK-FAN-24", 8: "HK-FAN-25"}  # 花糊, 大花糊 (HK-FAN-0.7: no split)

assert set(ROWS) | set(FLOWER_ROWS.values()) == set(TABLE.rows), "every row of the table is read"


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


def counting_rules(rules: HkRules) -> counting.Rules:
    o = rules.options
    return counting.Rules(rules.values, o.min_fan, o.limit_fan, o.fan_combination, o.bonus_counts_to_minimum)


def holding(win: Win13, split: Split, options: HkOptions) -> dict[str, int]:
    """HK-FAN-0.2: the rows whose definition holds for ``split`` (row → times), before the values
    switch rows off and before strikes."""
    facts = _Facts(win, pt.hand_tiles(win), options)
    return _holding(facts, split)


def _holding(facts: _Facts, split: Split) -> dict[str, int]:
    out = {}
    for rule, held in ROWS.items():
        n = int(held(facts, split))
        if n:
            out[rule] = n
    return out


@lru_cache(maxsize=1 << 14)
def count_win(win: Win13, rules: HkRules) -> FanCount:
    """The 番 of a win declaration under ``rules`` (HK-FAN-0): the best qualifying split, or the
    best of all when none qualifies (``qualifies`` False); ``complete`` False when the tiles do not
    win at all."""
    crules = counting_rules(rules)
    if win.how == FLOWER_WIN:
        rule = FLOWER_ROWS.get(len(set(win.flowers))) if rules.options.flowers else None
        if rule is None or not rules.values[rule]:
            return _NOT_A_WIN
        counts: list[Count] = [counting.count_split(TABLE, {rule: 1}, crules)]
    else:
        facts = _Facts(win, pt.hand_tiles(win), rules.options)
        counts = [counting.count_split(TABLE, _holding(facts, s), crules) for s in splits(win)]
    scored, top = counting.best(counts, crules, TABLE)
    if top is None:
        return _NOT_A_WIN
    chosen = scored or top
    paid = counting.paid(chosen.fan, crules)
    return FanCount(True, scored is not None, chosen.fan, chosen.fan_min, paid, chosen.limit,
                    portion(rules, paid), chosen.patterns)
