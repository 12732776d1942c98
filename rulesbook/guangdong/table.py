"""The Guangdong table (GD-FLOW-2…5): 136 tiles, no flowers (a flower tile anywhere is an input
error, GD-IRR-4), no tail kept back (83 drawable after the deal; the 海底 is the last tile), on the
13-tile table of ``referee.thirteen``; and whether a player could validly win on a tile now, which
the 过水 watcher asks (GD-GS-1, on ``rulesbook.family13.passes``)."""
from __future__ import annotations

from typing import Callable, Optional, Sequence

from referee import events as ev
from referee.observer import Observer
from referee.thirteen import thirteen_rules
from referee.tiles import N_KINDS, kind_of
from rulesbook.family13.context import Win13
from rulesbook.family13.judged import Continues, JudgedTable, replay_judged
from rulesbook.family13.passes import Passes

from .fan import count_win
from .options import GdRules

TABLE_RULES = thirteen_rules(flowers=False, tail=0)


def replay(players: Sequence[str], dealer: str, events: Sequence[ev.Event],
           observers: Sequence[Observer] = (), continues: Optional[Continues] = None) -> JudgedTable:
    """Fold a Guangdong hand; ``continues`` judges each declaration as it is made."""
    return replay_judged(players, dealer, events, TABLE_RULES, observers, continues)


def can_win(rules: GdRules, round_wind: int,
            dead: Callable[[str, int], object] = lambda player, at: None) -> Callable:
    """GD-GS-1: whether ``player`` would validly win on ``tile`` now (a complete hand whose
    ``fan_min`` reaches the minimum, no 相公: ``dead(player, at)`` not None). A concealed kong is
    never robbed (GD-PR-6)."""
    def check(table, player: str, tile: int, how: str, at: int) -> bool:
        if dead(player, at + 1) is not None or how == "rob_kong" and at in table.concealed_kongs:
            return False
        ps = table.p[player]
        counts = list(ps.counts[:N_KINDS])
        k = kind_of(tile)
        counts[k] += 1
        win = Win13(concealed=tuple(counts), win_tile=k, how=how, melds=tuple(ps.melds),
                    seat=table.seat(player), round_wind=round_wind)
        return count_win(win, rules).qualifies
    return check


def passes(rules: GdRules, round_wind: int, dead: Callable[[str, int], object] = lambda p, at: None) -> Passes:
    """The 过水 watcher under ``pass_rule`` (GD-GS-2: the passed kind only by default)."""
    return Passes(rules.options.pass_rule, can_win(rules, round_wind, dead))
