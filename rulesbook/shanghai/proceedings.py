"""The moments of a Shanghai hand: the family's watchers (``rulesbook.family13.proceedings``: 相公,
包三口, 漏胡, ``call: win``, each declaration judged as it is made) with Shanghai's pieces, and two
changes of its own:

* 漏胡 (SH-GS-1, 2): under ``knock_required`` only a knocked player can miss a win; the bar lasts
  the rest of the hand on the passed kinds (``same_tile_rest_of_hand``), or bars every discard win
  until his next draw (``until_own_draw``), or nothing (``none``);
* a hypothetical win (who could win on a tile now) is judged as a declaration would be: knocked,
  not 相公, SH-HU-2 met, no wild tile on a discard under SH-BD-4, a concealed kong never robbed.
"""
from __future__ import annotations

from typing import Optional

from referee.tiles import N_KINDS, kind_of
from rulesbook.family13 import proceedings
from rulesbook.family13.context import Win13
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

PLAN = proceedings.Plan(count=count_win, judge=judge, words=Words(CLAUSES, TEXT), irr=SH_IRR,
                        meld_rules=bao.meld_rules, rank=bao.RANK,
                        robbable_concealed=lambda rules, count: False)


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

    def _can_win(self, table, player: str, tile: int, how: str, at: int) -> bool:
        """SH-GS-1: whether ``player`` would validly win on ``tile`` now."""
        o = self.rules.options
        ps = table.p[player]
        if o.knock_required and not knocked(ps):
            return False
        if self.dead.is_dead(player, at + 1) is not None or how == "rob_kong" and at in table.concealed_kongs:
            return False
        counts = list(ps.counts[:N_KINDS])
        k = kind_of(tile)
        counts[k] += 1
        hand = Win13(concealed=tuple(counts), win_tile=k, how=how, melds=tuple(ps.melds),
                     flowers=tuple(ps.flowers), seat=table.seat(player), round_wind=self.round_wind,
                     last_discard=how == "discard" and table.wall_left == 0)
        count = count_win(hand, self.rules)
        return count.qualifies and not (o.no_wild_discard_win and count.wilds)
