"""``call: win`` in 13-tile play (EVENT_LOG.md; RULEBOOK_HK HK-ZH-1, HK-GS-1): a win declaration's
intent. The variant judges it the moment it is made (``judge(table, player, at, tile, how)``: the
reasons it cannot stand, [] when it could); it is ruled once its caller does not follow it with the
``win`` itself: he does something else, or play goes on, or the record stops. One that could stand
and is not followed lets the tile pass (the pass finder sees the window close); one that could not
is a false declaration (``confirmed``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from referee import events as ev
from referee.observer import Observer

#: acts by which play goes on: a called win not followed by its win is ruled then
PLAY_ON = frozenset({"draw", "discard", "chi", "pon", "kong", "flower", "exhaustive_draw"})


@dataclass(frozen=True)
class CalledWin:
    player: str
    at: int
    how: str  # discard | self_draw
    tile: Optional[int]
    on: Optional[int]  # the discard it is about (its event index), for a call on a discard
    reasons: tuple[tuple[str, str, str], ...]  # (clause, en, zh)


Judge = Callable[[object, str, int, Optional[int], str], list]


class CalledWins(Observer):
    def __init__(self, judge: Judge, on_confirm: Callable[[CalledWin], None] = lambda c: None):
        self.judge = judge
        self.on_confirm = on_confirm
        self.pending: dict[str, CalledWin] = {}
        self.confirmed: list[CalledWin] = []

    def hooks(self):
        return {}, {}, self._before, None

    def _before(self, i: int, e: ev.Event, table) -> None:
        if self.pending:
            player = getattr(e, "player", None)
            if player in self.pending and e.type == "win":
                del self.pending[player]  # the declaration itself is judged
            elif player in self.pending:
                self._confirm(player)
            if e.type in PLAY_ON or e.type == "end":
                for p in list(self.pending):
                    self._confirm(p)
        if e.type == "call" and e.call == "win":  # type: ignore[attr-defined]
            self._called(i, e, table)  # type: ignore[arg-type]

    def _called(self, i: int, e: ev.Call, table) -> None:
        own_turn = table.turn == e.player and table.phase == "discard"
        src = table.last_discard
        on = None
        if own_turn or src is None:
            how, tile = "self_draw", table.p[e.player].drawn
        else:
            how, tile, on = "discard", src[1], src[2]
        reasons = self.judge(table, e.player, i, tile, how)
        self.pending[e.player] = CalledWin(e.player, i, how, tile, on, tuple(reasons))

    def _confirm(self, player: str) -> None:
        call = self.pending.pop(player)
        if call.reasons:
            self.confirmed.append(call)
            self.on_confirm(call)

    def done(self, table) -> None:
        for p in list(self.pending):
            self._confirm(p)
