"""A 13-tile table whose win declarations are judged the moment they are made: a declaration the
variant lets play go on after (a false one under ``false_win: dead_hand``, a barred one under
``pass_violation: void``: HK-ZH-3, HK-GS-3, GD-ZH-3, GD-GS-3) is folded as void."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Optional, Sequence

from referee import events as ev
from referee.observer import Observer
from referee.replay import PlayerState, TableRules, WinFact
from referee.thirteen import ThirteenTable

#: judge(table, i, win) -> whether play goes on after the declaration (it is folded as void)
Continues = Callable[["JudgedTable", int, WinFact], bool]


@dataclass
class JudgedTable(ThirteenTable):
    continues: Optional[Continues] = None

    def _win_fact(self, i: int, e: ev.Win, ps: PlayerState, facts: dict) -> WinFact:
        win = super()._win_fact(i, e, ps, facts)
        if self.continues is not None and self.continues(self, i, win):
            return replace(win, void=True)
        return win


def replay_judged(players: Sequence[str], dealer: str, events: Sequence[ev.Event], rules: TableRules,
                  observers: Sequence[Observer] = (), continues: Optional[Continues] = None,
                  kong_link: bool = False, state_bloom: bool = False) -> JudgedTable:
    """Fold a 13-tile hand; ``continues`` judges each declaration as it is made; ``kong_link`` and
    ``state_bloom`` as ``ThirteenTable`` reads them (a chain of kongs, a replacement a state shows)."""
    table = JudgedTable(players=tuple(players), dealer=dealer, open_seat=dealer, rules=rules,
                        continues=continues, kong_link=kong_link, state_bloom=state_bloom)
    return table.replay(events, observers)  # type: ignore[return-value]
