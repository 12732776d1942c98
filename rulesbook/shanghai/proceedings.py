"""The moments of a Shanghai hand: the family's watchers (``rulesbook.family13.proceedings``: 相公,
包三口, 漏胡, ``call: win``, each declaration judged as it is made) with Shanghai's pieces: 漏胡 under
its own pass rules (``rulesbook.shanghai.passes``), a ``call: win`` by a player who has not knocked
(SH-QIAO-4), and the wild kind read once the indicator is turned (SH-BD-1).
"""
from __future__ import annotations

from typing import Optional

from rulesbook.family13 import proceedings
from rulesbook.family13.declarations import Words
from rulesbook.family13.passes import Passes

from . import bao
from .fan import count_win
from .irregular import SH_IRR
from .passes import PASS_RULES, may_win
from .table import knocked
from .wins import CLAUSES, TEXT, judge

PLAN = proceedings.Plan(count=count_win, judge=judge, words=Words(CLAUSES, TEXT), irr=SH_IRR,
                        meld_rules=bao.meld_rules, rank=bao.RANK,
                        robbable_concealed=lambda rules, count: False, may_win=may_win)


class Proceedings(proceedings.Proceedings):
    def __init__(self, rules, round_wind: int, plan: proceedings.Plan = PLAN):
        super().__init__(rules, round_wind, plan)
        self.passes = Passes(PASS_RULES[rules.options.pass_rule], self._can_win, orphans=False)

    def hooks(self):
        before, after, every_before, every_after = super().hooks()
        return before, {**after, "indicator": self._indicator}, every_before, every_after

    def _indicator(self, i: int, e, table) -> None:
        """SH-BD-1: once the wild kind is known, every count reads it."""
        self.rules = self.rules.with_wild(table.wild)

    def _from_state(self, i: int, e, table) -> None:
        super()._from_state(i, e, table)
        self.rules = self.rules.with_wild(table.wild)

    def _call_reasons(self, table, player: str, at: int, tile: Optional[int], how: str) -> list:
        out = super()._call_reasons(table, player, at, tile, how)
        if self.rules.options.knock_required and not knocked(table.p[player]):
            out.append(("SH-QIAO-4", f"{player} has not knocked (敲)", f"{player}未敲牌"))
        return out
