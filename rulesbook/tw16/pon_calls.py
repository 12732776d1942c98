"""喊碰未碰 pon called and not made (TW-PC).

TW-PC-1: an intent to pon (a ``call`` of pon or kong) not carried out before the tile's window
closes costs 1 tai, flat, to the discarder (not when the discarder is his 上家). TW-PC-2: with the
pair shown he also becomes 相公. TW-PC-3: a call that could not lawfully be carried out (it lost a
priority dispute, or the tile may not be claimed) is no 喊碰未碰; ``priority`` and ``wrong_melds``
say when. A wrong claimed kong undone before its replacement is settled as such a call (TW-CG-3).
"""
from __future__ import annotations

from dataclasses import dataclass

from .docket import Cause, Docket, Fee


@dataclass(frozen=True)
class PonCall:
    at: int  # the call (or the wrong claimed kong, TW-CG-3)
    discard: int  # the discard it is about
    discarder: str
    shown: bool  # the pair was shown with it (TW-PC-2)
    rule: str  # TW-PC-1, or TW-CG-3 for a claimed kong undone in time


class PonCalls:
    def __init__(self, docket: Docket):
        self.docket = docket
        self.open: dict[str, PonCall] = {}

    def called(self, player: str, call: PonCall) -> None:
        self.open[player] = call

    def carried_out(self, player: str) -> None:
        """His pon or kong on the tile: the call is kept."""
        self.open.pop(player, None)

    def lost_to_win(self) -> None:
        """The tile is won on: every pon call on it lost to the win (TW-PC-3). A wrong claimed kong
        undone in time (TW-CG-3) is penalised as a pon call whatever follows: it stays."""
        self.open = {p: c for p, c in self.open.items() if c.rule == "TW-CG-3"}

    def settle(self) -> None:
        """TW-PC-1: a pon intent not carried out in time costs 1 tai to the discarder (not to his
        上家); with the pair shown he also becomes 相公 (TW-PC-2). A wrong claimed kong undone before
        its replacement is such a call (TW-CG-3): its own ruling stands for TW-PC-1's."""
        players = self.docket.players
        for p, call in self.open.items():
            if players[(players.index(p) - 1) % 4] != call.discarder:
                self.docket.fees.append(Fee(p, call.discarder, 1, call.rule, call.at))
            if call.rule == "TW-PC-1":
                self.docket.add_cause(Cause("TW-PC-1", p, call.at, frozenset({call.at}), "喊碰未碰",
                                            "a pon called and not made", public=True, dead_hand=False))
            if call.shown:
                self.docket.add_cause(Cause("TW-PC-2", p, call.at, frozenset({call.at}), "已亮對子未碰",
                                            "the pair shown with a pon call and the pon not made",
                                            public=True))
        self.open = {}
