"""The Hong Kong table (HK-FLOW-2…8): the 13-tile table of ``referee.thirteen`` with Hong Kong's
numbers from the options (144 tiles with ``flowers``, 136 without; the 14-tile tail kept under
``dead_wall: keep14``, none under ``none``), and a win declaration judged the moment it is made:
a false declaration under ``false_win: dead_hand`` and a barred one under ``pass_violation: void``
do not end play (HK-ZH-3, HK-GS-3), so the table folds them as void.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Optional, Sequence

from referee import events as ev
from referee.observer import Observer
from referee.replay import PlayerState, TableRules, WinFact
from referee.thirteen import ThirteenTable, thirteen_rules

from .options import HkOptions


def hk_rules(opts: HkOptions) -> TableRules:
    """HK-FLOW-2: the set and the tail the options give (77 drawable after the deal by default)."""
    return thirteen_rules(flowers=opts.flowers, tail=14 if opts.dead_wall == "keep14" else 0)


#: judge(table, i, win) -> whether play goes on after the declaration (it is folded as void)
Continues = Callable[["HkTable", int, WinFact], bool]


@dataclass
class HkTable(ThirteenTable):
    continues: Optional[Continues] = None

    def _win_fact(self, i: int, e: ev.Win, ps: PlayerState, facts: dict) -> WinFact:
        win = super()._win_fact(i, e, ps, facts)
        if self.continues is not None and self.continues(self, i, win):
            return replace(win, void=True)
        return win


def replay(players: Sequence[str], dealer: str, events: Sequence[ev.Event], opts: HkOptions,
           observers: Sequence[Observer] = (), continues: Optional[Continues] = None) -> HkTable:
    """Fold a Hong Kong hand; ``continues`` judges each declaration as it is made."""
    table = HkTable(players=tuple(players), dealer=dealer, open_seat=dealer, rules=hk_rules(opts),
                    continues=continues)
    return table.replay(events, observers)  # type: ignore[return-value]
