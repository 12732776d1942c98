"""The Hong Kong table (HK-FLOW-2…8): the 13-tile table of ``referee.thirteen`` with Hong Kong's
numbers from the options (144 tiles with ``flowers``, 136 without; the 14-tile tail kept under
``dead_wall: keep14``, none under ``none``), and a win declaration judged the moment it is made
(``rulesbook.family13.judged``).
"""
from __future__ import annotations

from typing import Optional, Sequence

from referee import events as ev
from referee.observer import Observer
from referee.replay import TableRules
from referee.thirteen import thirteen_rules
from rulesbook.family13.judged import Continues, JudgedTable, replay_judged

from .options import HkOptions


def hk_rules(opts: HkOptions) -> TableRules:
    """HK-FLOW-2: the set and the tail the options give (77 drawable after the deal by default)."""
    return thirteen_rules(flowers=opts.flowers, tail=14 if opts.dead_wall == "keep14" else 0)


def replay(players: Sequence[str], dealer: str, events: Sequence[ev.Event], opts: HkOptions,
           observers: Sequence[Observer] = (), continues: Optional[Continues] = None) -> JudgedTable:
    """Fold a Hong Kong hand; ``continues`` judges each declaration as it is made. A chain of kongs
    (連槓開花 HK-FAN-18, and 槓上開花包 HK-BAO-5 along it) holds a kong only when it was made with the
    previous kong's replacement; a ``state`` that shows a tile drawn from the back after a kong (his
    last meld there) starts the chain (HK-FAN-17 from a position)."""
    return replay_judged(players, dealer, events, hk_rules(opts), observers, continues, kong_link=True,
                         state_bloom=True)
