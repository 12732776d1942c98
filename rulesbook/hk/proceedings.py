"""The moments of a Hong Kong hand, on the family's ``rulesbook.family13.proceedings``: 相公 from
reports (HK-IRR), 包 created by claims (HK-BAO-1…4, 6), 過水 (HK-GS-1, 2, 4), a ``call: win``
(HK-ZH-1), and each win declaration judged the moment it is made (``wins.judge``; HK-ZH-3,
HK-GS-3). Hong Kong's pieces are its ``PLAN``.
"""
from __future__ import annotations

from rulesbook.family13 import proceedings
from rulesbook.family13.declarations import Words
from rulesbook.family13.proceedings import Plan

from .bao import RANK, meld_rules
from .fan import count_win
from .irregular import HK_IRR
from .options import HkRules
from .wins import CLAUSES, TEXT, judge

PLAN = Plan(count=count_win, judge=judge, words=Words(CLAUSES, TEXT), irr=HK_IRR, meld_rules=meld_rules,
            rank=RANK, robbable_concealed=lambda rules, count: rules.options.rob_concealed_kong_13
            and count.limit == "HK-FAN-29")


class Proceedings(proceedings.Proceedings):
    def __init__(self, rules: HkRules, round_wind: int):
        super().__init__(rules, round_wind, PLAN)
