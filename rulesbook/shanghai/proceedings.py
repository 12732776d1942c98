"""The moments of a Shanghai hand: the family's watchers (``rulesbook.family13.proceedings``: 相公,
包三口, 漏胡, ``call: win``, each declaration judged as it is made) with Shanghai's pieces, and two
changes of its own:

* 漏胡 (SH-GS-1, 2): under ``knock_required`` only a knocked player can miss a win; the bar lasts
  the rest of the hand on the passed kinds (``same_tile_rest_of_hand``), or bars every discard win
  until his next draw (``until_own_draw``), or nothing (``none``);
* a hypothetical win (who could win on a tile now) is judged as a declaration would be: knocked,
  not 相公, SH-HU-2 met, no wild tile on a discard under SH-BD-4, a concealed kong never robbed
  (``may_win``, beside the family's check).
"""
from __future__ import annotations

from typing import Optional

from rulesbook.family13 import proceedings
from rulesbook.family13.declarations import Words
from rulesbook.family13.passes import Passes

from . import bao
from .fan import count_win
from .irregular import SH_IRR
from .table import knocked
from .wins import CLAUSES, TEXT, judge

#: SH-GS-2's option as the family's pass rules name it
PASS_RULES = {"same_tile_rest_of_hand": "same_tile_rest_of_hand", "until_own_draw": "all_waits_until_move",
              "none": "none"}


def may_win(rules, table, player: str, how: str, count) -> bool:
    """SH-GS-1: a hypothetical win counts only for a knocked player (under ``knock_required``) and,
    under ``no_wild_discard_win``, for a hand holding no wild tile (SH-BD-4; a discard or a robbed
    kong is all a pass is about)."""
    o = rules.options
    return not (o.knock_required and not knocked(table.p[player])) and not (o.no_wild_discard_win and count.wilds)


PLAN = proceedings.Plan(count=count_win, judge=judge, words=Words(CLAUSES, TEXT), irr=SH_IRR,
                        meld_rules=bao.meld_rules, rank=bao.RANK,
                        robbable_concealed=lambda rules, count: False, may_win=may_win)


class Proceedings(proceedings.Proceedings):
    def __init__(self, rules, round_wind: int, plan: proceedings.Plan = PLAN):
        super().__init__(rules, round_wind, plan)
        self.passes = Passes(PASS_RULES[rules.options.pass_rule], self._can_win)

    def hooks(self):
        before, after, every_before, every_after = super().hooks()
        return before, {**after, "indicator": self._indicator}, every_before, every_after

    def _indicator(self, i: int, e, table) -> None:
        """SH-BD-1: once the wild kind is known, every count reads it."""
        self.rules = self.rules.with_wild(getattr(table, "wild_kind", None))

    def _call_reasons(self, table, player: str, at: int, tile: Optional[int], how: str) -> list:
        out = super()._call_reasons(table, player, at, tile, how)
        if self.rules.options.knock_required and not knocked(table.p[player]):
            out.append(("SH-QIAO-4", f"{player} has not knocked (敲)", f"{player}未敲牌"))
        return out
