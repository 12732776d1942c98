"""眼牌 watching (TW-YP).

A ready player may stand and watch (TW-YP-1). Watching while not ready, or putting a drawn tile
into the hand (TW-YP-3), is a violation: the first makes him 相公, the second is 包賠 (TW-YP-4).
When another player wins, each watcher pays the winner 1 tai, flat (TW-YP-2). A watcher's win with
a pass found looking back is 包賠, not 詐和 (TW-YP-5, judged by ``false_win``). A watcher may look at
concealed tiles and the top kong tile (TW-YP-1): that is no peeking (``dead_hand``).
"""
from __future__ import annotations

from referee import events as ev
from referee.ledger import Ledger
from referee.replay import Table

from .docket import Cause, Docket, Penalty


class Watching:
    def __init__(self, docket: Docket):
        self.docket = docket

    def start(self, i: int, e: ev.Declare, table: Table) -> None:
        st = self.docket.standing[e.player]
        st.watching = True
        ps = table.p[e.player]
        if not ps.unknown and not table.waits_of(e.player):
            self.violation(i, e.player, "未聽牌而眼牌", "watching while not ready")

    def merged(self, i: int, e: ev.Merge) -> None:
        """TW-YP-3: a watcher's drawn tile may not be put into the hand."""
        if self.docket.standing[e.player].watching:
            self.violation(i, e.player, "摸牌靠入手牌", "put a drawn tile into the hand")

    def violation(self, i: int, p: str, zh: str, en: str) -> None:
        """TW-YP-4: a watcher's violation makes him 相公; the second is 包賠."""
        st = self.docket.standing[p]
        st.watch_violations += 1
        self.docket.add_cause(Cause("TW-YP-4", p, i, frozenset({i}), zh, en, public=True,
                                    dead_hand=st.dead_since is None))
        if st.watch_violations == 2:
            self.docket.penalties.append(Penalty(p, i, "TW-YP-4", "眼牌二度違規", "a second watching violation"))

    def may_look(self, player: str, target: str) -> bool:
        """TW-YP-1: a ready watcher may look at concealed tiles and the top kong tile, not the wall."""
        return self.docket.standing[player].watching and target != "wall"

    def pay_fees(self, ledger: Ledger, players: tuple[str, ...], winner: str, at: int) -> None:
        """TW-YP-2: each watcher pays the winner 1 tai, flat."""
        for p in players:
            if p != winner and self.docket.standing[p].watching:
                ledger.pay(p, winner, 1, "TW-YP-2", with_base=False, cause=at)
