"""眼牌 watching (TW-YP).

A ready player may stand and watch (TW-YP-1). Watching while not ready, a kong (TW-YP-1), putting
a drawn tile into the hand or declining the 海底 tile (TW-YP-3) is a violation: the first makes him
相公, the second is 包賠 (TW-YP-4).
When another player wins, each watcher pays the winner 1 tai, flat (TW-YP-2). A watcher's win with
a pass found looking back is 包賠, not 詐和 (TW-YP-5, judged by ``false_win``). A watcher may look at
concealed tiles and the top kong tile (TW-YP-1): that is no peeking (``dead_hand``).
"""
from __future__ import annotations

from referee import events as ev
from referee.ledger import Ledger
from referee.replay import Table

from .docket import Cause, Docket, Penalty, Reason


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

    def konged(self, i: int, e: ev.Kong) -> None:
        """TW-YP-1: a watcher may not kong (seed 000: 不得過水、換牌或明暗杠等)."""
        if self.docket.standing[e.player].watching:
            self.violation(i, e.player, "眼牌者開杠", "a kong while watching")

    def declined_last(self, i: int, e: ev.DeclineLast) -> None:
        """TW-YP-3: a watcher may not decline the 海底 tile (海底牌不得棄摸)."""
        if self.docket.standing[e.player].watching:
            self.violation(i, e.player, "眼牌者棄摸海底牌", "declining the 海底 tile while watching")

    def violation(self, i: int, p: str, zh: str, en: str) -> None:
        """TW-YP-4: a watcher's violation makes him 相公; the second is 包賠."""
        st = self.docket.standing[p]
        self._counted(Cause("TW-YP-4", p, i, frozenset({i}), zh, en, public=True,
                            dead_hand=st.dead_since is None), i)

    def reported_pass(self, cause: Cause, i: int) -> None:
        """A watcher's pass reported before his win is a violation (TW-YP-4), in effect from the
        report."""
        cause.dead_hand = self.docket.standing[cause.player].dead_since is None
        cause.listed = True
        self._counted(cause, i)

    def _counted(self, cause: Cause, at: int) -> None:
        st = self.docket.standing[cause.player]
        st.watch_violations += 1
        if cause not in self.docket.causes:
            self.docket.causes.append(cause)
        self.docket.in_effect(cause, at)
        if st.watch_violations == 2:
            self.docket.penalties.append(Penalty(cause.player, at, "TW-YP-4", "眼牌二度違規",
                                                 "a second watching violation"))

    def passes_found_at_win(self, player: str, win_at: int) -> list[Reason]:
        """TW-YP-5: a watcher's win with a pass found looking back is 包賠; a pass reported before
        the win was a violation instead (TW-YP-4), and is not found again."""
        st = self.docket.standing[player]
        passes = [c for c in self.docket.causes
                  if c.kind == "watch_pass" and c.player == player and c.at < win_at]
        reported = {c.at for c in passes if c.effective is not None}
        unreported = [c for c in passes if c.effective is None]
        before_watching = st.watching and st.passed_since is not None and st.passed_since not in reported \
            and not any(c.at == st.passed_since for c in passes)
        if unreported or before_watching:
            return [Reason("TW-YP-5", "眼牌者曾過水", "a watcher who passed a win (過水)")]
        return []

    def may_look(self, player: str, target: str) -> bool:
        """TW-YP-1: a ready watcher may look at concealed tiles and the top kong tile, not the wall."""
        return self.docket.standing[player].watching and target != "wall"

    def pay_fees(self, ledger: Ledger, players: tuple[str, ...], winner: str, at: int) -> None:
        """TW-YP-2: each watcher pays the winner 1 tai, flat."""
        for p in players:
            if p != winner and self.docket.standing[p].watching:
                ledger.pay(p, winner, 1, "TW-YP-2", with_base=False, cause=at)
