"""Several wins in one hand (血战到底): a capability of the replay that a variant switches on with
``TableRules.wins_to_end`` and by mixing ``SeveralWins`` into its table, before the table class it
extends (``class ScTable(SeveralWins, JudgedTable)``).

With it a valid win does not end the hand:

* the winner leaves play: he is skipped in turn order (``next_of``), draws, discards, claims and
  is won from no more; any event of his after his win is an input error (``ReplayError`` at it);
  he still exists for the money already settled (the rulebook reads ``left_at``);
* several players may win on one discard or one robbed kong; the tile is taken by the win (no
  claim may follow on it); a robbed added kong is a pon again, its replacement no longer owed;
* play goes on: after a self-draw the next player in play after the winner draws; after wins on a
  discard (or a robbed kong) the next player in play after the last winner, counted in turn order
  from the discarder;
* the hand ends at the ``wins_to_end``-th valid win (or, as always, at the exhaustive draw);
* a ``state`` may list the wins made before its position (``left_play``): those players are out
  of play from the start, their winning tiles counted once in the census.

What a win is worth and who pays stays with the rulebook: the table only keeps the order
(``left``) and the moment (``left_at``: event index, -1 for a win before a ``state``).
"""
from __future__ import annotations

from typing import Optional, Sequence

from . import events as ev
from .errors import ReplayError
from .melds import MeldView
from .table_facts import WinFact

#: events that move no tile and may name a player who has left play
_NOT_PLAY = frozenset({"state", "deal", "exhaustive_draw", "end"})


class SeveralWins:
    """Mixed into a ``referee.replay.Table`` subclass (see the module)."""

    def replay(self, events: Sequence[ev.Event], observers=()):
        self.left: list[str] = []  # the players who have left play, in the order they won
        self.left_at: dict[str, int] = {}  # player -> the win event (-1: before the state)
        self.won_on: dict[int, list[str]] = {}  # discard or added kong (its index) -> its winners
        self.robbed: set[int] = set()  # added kongs robbed (a pon again)
        self.valid_wins = 0
        self.in_play_next: dict[str, str] = {}  # next_of, worked out again when a player leaves
        return super().replay(events, observers)  # type: ignore[misc]

    # seats --------------------------------------------------------------------------------------
    def in_play(self, player: str, at: Optional[int] = None) -> bool:
        """Whether ``player`` is in play (before event ``at`` when given: he had not won yet)."""
        when = self.left_at.get(player)
        return when is None or (at is not None and when >= at)

    def next_of(self, player: str) -> str:
        """The next player in play after ``player`` (kept until a player leaves play or returns)."""
        following = self.__dict__.get("in_play_next")
        nxt = following.get(player) if following is not None else None
        if nxt is None:
            nxt = super().next_of(player)  # type: ignore[misc]
            left_at = self.__dict__.get("left_at") or {}
            for _ in range(3):
                if nxt not in left_at:
                    break
                nxt = super().next_of(nxt)  # type: ignore[misc]
            if following is not None:
                following[player] = nxt
        return nxt

    def _handlers(self):
        handlers = super()._handlers()  # type: ignore[misc]
        return {k: (h if k in _NOT_PLAY else self._in_play_only(h, "by" if k == "report" else "player"))
                for k, h in handlers.items()}

    def _in_play_only(self, handler, field: str = "player"):
        """``handler`` refusing an event by a player who has left play (``field``: who made it)."""
        left_at = self.left_at  # the replay's own dict: a player joins it when he wins

        def run(i: int, e: ev.Event) -> None:
            if left_at and getattr(e, field) in left_at:
                player = getattr(e, field)
                won = left_at[player]
                when = "before the position given" if won < 0 else f"at event {won}"
                raise ReplayError(i, f"{player} has left play (he won {when}): he takes no further "
                                     "part in the hand", field)
            handler(i, e)
        return run

    # the start ----------------------------------------------------------------------------------
    def _on_state(self, i: int, e: ev.State) -> None:
        seen: set[str] = set()
        for k, win in enumerate(e.left_play):
            for p in win.players:
                if p in seen:
                    raise ReplayError(i, f"{p} is listed twice: a player wins once per hand",
                                      f"left_play[{k}].players")
                seen.add(p)
                self.left.append(p)
                self.left_at[p] = -1
        self.in_play_next.clear()
        if len(self.left) >= self.rules.wins_to_end:  # type: ignore[attr-defined]
            raise ReplayError(i, f"{len(self.left)} wins before the position: the hand ends at win "
                                 f"{self.rules.wins_to_end}", "left_play")  # type: ignore[attr-defined]
        super()._on_state(i, e)  # type: ignore[misc]
        for k, win in enumerate(e.left_play):
            self._reveal(i, win.tile, f"left_play[{k}].tile")  # type: ignore[attr-defined]
        self.valid_wins = len(self.left)
        if self.turn in self.left_at:  # type: ignore[attr-defined]
            raise ReplayError(i, f"{self.turn} has left play: it cannot be his turn", "turn")  # type: ignore[attr-defined]
        if e.last_discard is not None and e.last_discard[0] in self.left_at:
            raise ReplayError(i, f"{e.last_discard[0]} has left play: the last discard is not his",
                              "last_discard.player")

    # claims -------------------------------------------------------------------------------------
    def _claimable(self, i: int, tile: int):
        src = super()._claimable(i, tile)  # type: ignore[misc]
        if src[2] in self.won_on:
            raise ReplayError(i, f"the discard at event {src[2]} was won by "
                                 f"{', '.join(self.won_on[src[2]])}: the win took the tile")
        return src

    # wins ---------------------------------------------------------------------------------------
    def _on_win(self, i: int, e: ev.Win) -> None:
        if self.ended is not None:  # type: ignore[attr-defined]
            raise ReplayError(i, f"the hand has ended ({self.ended}): no win may follow")  # type: ignore[attr-defined]
        super()._on_win(i, e)  # type: ignore[misc]
        w: WinFact = self.wins[-1]  # type: ignore[attr-defined]
        if w.void:
            return
        self.ended = None  # type: ignore[attr-defined]
        self.play_over_at = None  # type: ignore[attr-defined]
        self._leave(i, w)

    def _leave(self, i: int, w: WinFact) -> None:
        """The winner leaves play; the turn goes on (see the module)."""
        self.left.append(w.player)
        self.left_at[w.player] = i
        self.in_play_next.clear()
        self.valid_wins += 1
        ps = self.p[w.player]  # type: ignore[attr-defined]
        ps.drawn = None
        if w.how in ("discard", "rob_kong") and w.claimed_at is not None and w.source is not None:
            group = self.won_on.setdefault(w.claimed_at, [])
            first = not group
            group.append(w.player)
            if first:
                self._tile_taken(w)
            k = self.players.index(w.source)  # type: ignore[attr-defined]
            last = max(group, key=lambda p: (self.players.index(p) - k) % 4)  # type: ignore[attr-defined]
            if not self._drawn_since(w.claimed_at, i):
                self.turn, self.phase = self.next_of(last), "draw"  # type: ignore[attr-defined]
        else:
            self.turn, self.phase = self.next_of(w.player), "draw"  # type: ignore[attr-defined]
        if self.valid_wins >= self.rules.wins_to_end or len(self.left) >= len(self.players) - 1:  # type: ignore[attr-defined]
            self.ended = "win"  # type: ignore[attr-defined]
            self.play_over_at = i  # type: ignore[attr-defined]

    def reinstate(self, player: str) -> None:
        """A win taken back by the rulebook (one winner per tile, 截胡): he is in play again."""
        if player not in self.left_at:
            return
        self.left.remove(player)
        del self.left_at[player]
        self.in_play_next.clear()
        self.valid_wins -= 1
        for group in self.won_on.values():
            if player in group:
                group.remove(player)

    def _drawn_since(self, at: int, i: int) -> bool:
        """Whether a wall draw came between the tile won on (event ``at``) and the win at ``i``."""
        return any(x.type == "draw" and x.source == "wall" for x in self.events[at + 1:i])  # type: ignore[attr-defined]

    def _tile_taken(self, w: WinFact) -> None:
        """The first win on a tile takes it: out of the discarder's river, or off the robbed kong
        (a pon again; its replacement no longer owed)."""
        ps = self.p[w.source]  # type: ignore[attr-defined,index]
        if w.how == "discard":
            claimed = w.claimed_at in self.claimed_from.values()  # type: ignore[attr-defined]
            if not claimed and ps.river and w.tile is not None and ps.river[-1] == w.tile:
                ps.river.pop()  # (a claim made on it meanwhile took it already)
            return
        for k, m in enumerate(ps.melds):
            if m.kind == "kong" and m.kong == "added" and w.claimed_at not in self.robbed \
                    and (w.tile is None or m.tiles[3] == w.tile):
                ps.melds[k] = MeldView("pon", m.tiles[:3], None, m.tile, m.source)
                ps.version += 1
                self.robbed.add(w.claimed_at)  # type: ignore[arg-type]
                if self.pending_back[w.source] > 0:  # type: ignore[attr-defined,index]
                    self.pending_back[w.source] -= 1  # type: ignore[attr-defined,index]
                return
