"""A Guangdong win declaration judged the moment it is made (GD-ZH-1 with GD-IRR-1, GD-IRR-2.2,
GD-PR-3, GD-GS-3, GD-FAN-31 beside it; GD-PR-6: a concealed kong is never robbed), on the family's
judge (``rulesbook.family13.declarations``) with Guangdong's clauses and words (简体中文)."""
from __future__ import annotations

from typing import Optional

from referee.thirteen import ThirteenTable, ThirteenWin
from rulesbook.family13 import declarations
from rulesbook.family13.declarations import ZH_SIMPLIFIED, Judged, Words, texts

from .fan import count_win
from .options import GdRules

CLAUSES = {"dead": "GD-ZH-1", "count": "GD-IRR-1", "false_set": "GD-IRR-2", "not_drawn": "GD-ZH-1",
           "late": "GD-PR-3", "barred": "GD-GS-3", "shape": "GD-ZH-1", "minimum": "GD-FAN-31"}
TEXT = texts({
    **ZH_SIMPLIFIED, "barred": "过水未解，摸牌或上、碰、杠之前不得胡{tile}", "shape": "不成四组一对，亦非十三幺",
    "minimum": "计起和番数{fan_min}番，不足{min_fan}番起和", "call_barred": "过水未解",
    "call_minimum": "计起和番数{fan_min}番，不足起和",
}, barred="a pass (过水) is in force: he may not win on {tile} until his next draw, chow, pong or kong",
    shape="the tiles are not four sets and a pair, nor 十三幺", call_barred="a pass (过水) is in force")


def _never_robbed(j: Judged, count) -> None:
    if j.w.robbed_concealed:
        j.causes.append(("GD-PR-6", "a concealed kong is never robbed", "暗杠不可抢杠胡"))


WORDS = Words(CLAUSES, TEXT, after=_never_robbed)


def judge(table: ThirteenTable, w: ThirteenWin, rules: GdRules, round_wind: int,
          dead_since: Optional[int], barred: bool, wrong_kong: bool) -> Judged:
    """The declaration ``w`` as it stood when made."""
    return declarations.judge(table, w, lambda hand: count_win(hand, rules), WORDS,
                              rules.options.min_fan, round_wind, dead_since, barred, wrong_kong)
