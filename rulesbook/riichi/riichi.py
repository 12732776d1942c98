"""立直 riichi (RJ-RII): the declaration, its stick, double riichi and ippatsu.

* RJ-RII-1: a declaration needs a concealed hand (concealed kans allowed), at least
  ``riichi_min_points`` and, with ``riichi_needs_draw``, at least 4 tiles in the live wall. One that
  breaks them is void: no stick, no yaku (the ruling says so).
* RJ-RII-3: established when its discard is not won on: 1000 points to the table (``kyotaku``);
  won on, it never took effect.
* RJ-RII-4: double riichi with the player's first discard and no call of any kind before it;
  ippatsu when he wins before his next discard with no call completed in between (a robbed added
  kan never completed; every kan, also his own concealed one, breaks it).
* RJ-RII-5: what he may do after it is checked by ``claims`` (calls, kans, discards).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional

from referee import events as ev

from .docket import Docket, Words
from .table import RiichiTable

DEPOSIT = 1000


@dataclass
class Declaration:
    player: str
    at: int  # the riichi event
    double: bool
    discard: Optional[int] = None  # the discard that declared it
    established: Optional[int] = None  # the event by which its discard was not won on
    void: bool = False  # RJ-RII-1 not met
    ippatsu_open: bool = True  # a ``state``'s riichi says whether his ippatsu is still open
    prior: bool = False  # established before a ``state``: its stick is already on the table
    undone: bool = False  # a ``prior`` one whose discard was won on in time: its stick goes back


class Declarations:
    def __init__(self, docket: Docket, min_points: Optional[int], needs_draw: bool,
                 scores: Optional[dict[str, int]]):
        self.docket = docket
        self.min_points = min_points
        self.needs_draw = needs_draw
        self.scores = scores
        self.made: dict[str, Declaration] = {}
        self.pending: Optional[Declaration] = None  # its discard may still be won on

    def declared(self, i: int, e: ev.Riichi, table: RiichiTable) -> None:
        ps = table.p[e.player]
        double = ps.n_discards == 0 and not table.calls
        d = self.made[e.player] = Declaration(e.player, i, double)
        open_melds = [m for m in ps.melds if not m.concealed]
        reason = None
        if open_melds:
            reason = Words("his hand is open (a chi, pon or open kan)", "已吃碰或明槓，門前不清", "門前ではない（鳴きがある）")
        elif self.needs_draw and table.wall_left is not None and table.wall_left < 4:
            reason = Words(f"only {table.wall_left} tiles are left in the live wall (4 needed)",
                           f"牌山只剩{table.wall_left}張（需4張）", f"山の残りが{table.wall_left}枚（4枚必要）")
        elif self.min_points is not None and self.scores is None:  # §10: a missing fact, not guessed
            self.docket.missing.append({"fact": "scores", "player": e.player, "at": i,
                                        "needed_for": f"RJ-RII-1: riichi needs {self.min_points} points"})
        elif self.min_points is not None and (have := self._points(e.player, i)) < self.min_points:
            reason = Words(f"he holds {have} points, fewer than {self.min_points}",
                           f"點數{have}，不足{self.min_points}", f"持ち点{have}点（{self.min_points}点未満）")
        if reason is not None:
            d.void = True
            self.docket.rule("RJ-RII-1", e.player, i, Words(
                f"{e.player} may not declare riichi: {reason.en}; the declaration is void (no stick, no riichi).",
                f"{e.player}不得立直：{reason.zh}；立直無效（不付供託，不計立直）。",
                f"{e.player}はリーチできない：{reason.ja}。リーチは無効（供託なし、役なし）。"))

    def _points(self, player: str, at: int) -> int:
        """His points at the declaration: the hand's start less the deposits he has put on the
        table before it (RJ-IRR-6(a) ``deposit_1000``)."""
        paid = sum(DEPOSIT for p in self.docket.penalties if p.grade == "deposit" and p.player == player and p.at < at)
        return self.scores.get(player, self.min_points or 0) - paid  # type: ignore[union-attr]

    def from_state(self, player: str, at: int, st: Mapping[str, object]) -> None:
        """A riichi of a ``state`` at ``at``: established before it, its stick among the hand's
        ``sticks`` (``stick: table``, the default) or put out in this hand (``stick: hand``: the
        ruling pays it, RJ-RII-3); ``established: false``: its discard is the state's
        ``last_discard``, not yet passed; ``with_last_discard``: established by the draw that went
        past that discard (``drawn_past``), a ron on it in time still undoes it (RJ-PR-3);
        ``discard_owed``: declared, his discard follows."""
        owed = bool(st.get("discard_owed"))
        settled = st.get("established", True) and not owed
        # an established riichi's discard lies before the state (a ron on the state's last discard
        # does not undo it); one not yet established declared with the last discard
        d = self.made[player] = Declaration(
            player, at, bool(st.get("double")),
            discard=None if owed else at if not settled or st.get("with_last_discard") else at - 1,
            established=at if settled else None, ippatsu_open=bool(st.get("ippatsu", not settled)),
            prior=settled and st.get("stick", "table") == "table")
        if not settled and not owed:
            self.pending = d

    def discarded(self, i: int, e: ev.Discard, table: RiichiTable) -> None:
        d = self.made.get(e.player)
        if d is not None and d.discard is None and table.p[e.player].riichi_discard == i:  # type: ignore[attr-defined]
            d.discard = i
            if not d.void:
                self.pending = d

    def settle(self, i: int, e: ev.Event) -> Optional[Declaration]:
        """Before event ``i``: the pending declaration is established unless ``e`` wins on its
        discard (or is the triple ron that aborts on it, RJ-ABT-5), or only annotates. The next
        player's draw establishes it; a ron after that draw, still in time, undoes it (``won_on``)."""
        d = self.pending
        if d is None:
            return None
        if isinstance(e, ev.Win) and e.how == "discard" and e.source == d.player:
            return None  # a ron on it (or a late claim of it): decided by the win
        if isinstance(e, ev.Abort) and e.kind == "triple_ron":
            self.pending = None  # never established (RJ-ABT-5)
            return None
        if not isinstance(e, (ev.Draw, ev.Chi, ev.Pon, ev.Kong, ev.Discard, ev.ExhaustiveDraw,
                              ev.Abort, ev.Riichi)):
            return None
        d.established = i
        self.pending = None
        return d

    def won_on(self, discard_at: int) -> None:
        """A ron on a declaration's discard: it never took effect (RJ-RII-3), also when the next
        player's draw had already put its stick out (the ron is in time until his discard, RJ-PR-3),
        and also when a ``state`` says so (``with_last_discard``): a stick it counts among the
        hand's sticks (``stick: table``) goes back to him."""
        if self.pending is not None and self.pending.discard == discard_at:
            self.pending = None
            return
        for d in self.made.values():
            if d.discard == discard_at and d.established is not None:
                d.established = None
                d.undone = d.prior  # its stick, among the hand's sticks, goes back to him

    def established(self) -> list[Declaration]:
        return [d for d in self.made.values() if d.established is not None]

    def in_riichi(self, player: str, at: int) -> Optional[Declaration]:
        """His declaration, if it stood (established) before ``at``."""
        d = self.made.get(player)
        if d is None or d.void or d.established is None or d.established > at:
            return None
        return d

    def ippatsu(self, player: str, win_at: int, table: RiichiTable, robbed_kan: Optional[int]) -> bool:
        """RJ-RII-4: won before his next discard after the declaration, no call completed since."""
        d = self.in_riichi(player, win_at) or (self.pending if self.pending and self.pending.player == player else None)
        if d is None or d.discard is None or not d.ippatsu_open:
            return False
        events = table.events
        for k in range(d.discard + 1, win_at):
            x = events[k]
            if isinstance(x, ev.Discard) and x.player == player:
                return False
            if isinstance(x, (ev.Chi, ev.Pon)) or (isinstance(x, ev.Kong) and k != robbed_kan):
                if k not in table.undone:
                    return False
        return True
