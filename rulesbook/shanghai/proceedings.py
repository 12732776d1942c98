"""The moments of a Shanghai hand: the family's watchers (``rulesbook.family13.proceedings``: 相公,
包三口, 漏胡, ``call: win``, each declaration judged as it is made) with Shanghai's pieces: 漏胡 under
its own pass rules (``rulesbook.shanghai.passes``) and a ``call: win`` by a player who has not knocked
(SH-QIAO-4); no 十三么 waits are looked for (Shanghai plays none). A count reads the wild kind
from the declared hand (``Win13.wild``, the table's once the indicator is turned, SH-BD-1).
"""
from __future__ import annotations

from typing import Optional

from rulesbook.family13 import proceedings
from rulesbook.family13.declarations import Words

from . import bao
from .fan import count_win
from .irregular import SH_IRR
from .passes import PASS_RULES, LouHu, may_win
from .table import knocked
from .wins import CLAUSES, TEXT, judge

PLAN = proceedings.Plan(count=count_win, judge=judge, words=Words(CLAUSES, TEXT), irr=SH_IRR,
                        meld_rules=bao.meld_rules, rank=bao.RANK,
                        robbable_concealed=lambda rules, count: False, may_win=may_win,
                        orphans=False)


class Proceedings(proceedings.Proceedings):
    def __init__(self, rules, round_wind: int, plan: proceedings.Plan = PLAN):
        super().__init__(rules, round_wind, plan)
        self.passes = LouHu(PASS_RULES[rules.options.pass_rule], self._can_win, plan.orphans)

    def _call_reasons(self, table, player: str, at: int, tile: Optional[int], how: str) -> list:
        out = super()._call_reasons(table, player, at, tile, how)
        if self.rules.options.knock_required and not knocked(table.p[player]):
            out.append(("SH-QIAO-4", f"{player} has not knocked (敲)", f"{player}未敲牌"))
        return out
