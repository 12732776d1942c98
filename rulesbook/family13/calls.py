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
    """Judges each ``call: win`` as it is made; whether its caller follows it with the win is read
    from the events after it (the whole record is known), so that a call ruled false takes effect
    at once (``on_confirm``: under a rule that lets play go on, the caller is 相公 from the call)."""

    def __init__(self, judge: Judge, on_confirm: Callable[[CalledWin], None] = lambda c: None):
        self.judge = judge
        self.on_confirm = on_confirm
        self.confirmed: list[CalledWin] = []

    def hooks(self):
        return {"call": self._call}, {}, None, None

    def _call(self, i: int, e: ev.Call, table) -> None:
        if e.call != "win" or self._answered(i, e.player, table.events):
            return
        own_turn = table.turn == e.player and table.phase == "discard"
        src = table.last_discard
        on = None
        if own_turn or src is None:
            how, tile = "self_draw", table.p[e.player].drawn
        else:
            how, tile, on = "discard", src[1], src[2]
        reasons = self.judge(table, e.player, i, tile, how)
        if reasons:
            call = CalledWin(e.player, i, how, tile, on, tuple(reasons))
            self.confirmed.append(call)
            self.on_confirm(call)

    @staticmethod
    def _answered(i: int, player: str, events) -> bool:
        """Whether his own ``win`` follows the call before he does anything else and before play
        goes on."""
        for x in events[i + 1:]:
            if getattr(x, "player", None) == player:
                return x.type == "win"
            if x.type in PLAY_ON or x.type == "end":
                return False
        return False
