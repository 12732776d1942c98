"""Who waits on a tile: every player's waits kept, not recomputed, read off at once by a discard
(the pass checks of every variant: riichi's furiten, tw16's 過水, the 13-tile variants' passes).

A player's waits are worked out only when his concealed tiles or melds changed (his hand's
``version``), and kept with that version in his ``PlayerState`` (``waits_cache`` or
``wins_cache``, which the table carries over a drawn tile discarded at once: his hand is again the
one before the draw). At a discard about one player's hand has changed since the last (the
previous discarder's); the others' kept waits are read as they are.

Who waits on the tile is read off the three other players' kept waits in seat order: with four
players, a scan of their kept sets costs less than a map from each kind to its waiters kept in
step with every change (issue 31: the map's upkeep was 7% of the tw16 engine, the scan is a set
lookup per player).

The waits themselves are the variant's (``kinds``: a player's concealed counts and his melds to the
kinds that complete his hand by shape): riichi counts seven pairs and thirteen orphans for a hand
with no meld, tw16 its 16-tile shapes (``referee.hand.winning_kinds_of``, which reads the counts
only), wuhan its 癞子. They are asked with the counts and melds, not the player's state, so that a
change of a hand costs one call of the variant's function at every discard, not a wrapper's too.
"""
from __future__ import annotations

from typing import Callable, Optional, Sequence

from .table_facts import PlayerState
from .tiles import FIRST_RED, N_KINDS, RED_FIVES

Kinds = Callable[[Sequence[int], Sequence], frozenset[int]]  # (counts, melds) -> kinds
_NOTHING: frozenset[int] = frozenset()


class WaitsIndex:
    """Every player's waits (by ``kinds``), kept in the player's ``slot`` with his hand's version.
    ``table``: a replayed table (its players ``p``, in seat order); a player whose concealed tiles
    are hidden waits on nothing known."""

    __slots__ = ("table", "kinds", "wins", "_p", "_seats")

    def __init__(self, table, kinds: Kinds, slot: str = "waits_cache"):
        if slot not in ("waits_cache", "wins_cache"):
            raise ValueError(f"no such slot of a player's state: {slot!r}")
        self.table = table
        self.kinds = kinds
        self.wins = slot == "wins_cache"
        self._p = None  # the table's players when ``_seats`` was taken of them
        self._seats: tuple[PlayerState, ...] = ()

    def on(self, tile: int, but: Optional[str] = None) -> list[str]:
        """The players (``but`` one) whose hand ``tile`` (a red five: its kind) completes, in seat
        order; none for a flower or an unknown tile. Only a hand that changed since it was last
        asked is worked out again (``but``'s is not asked)."""
        if tile >= FIRST_RED:
            tile = RED_FIVES.get(tile, tile)
        if tile < 0 or tile >= N_KINDS:
            return []
        out = []
        kinds, wins = self.kinds, self.wins
        seats = self._seats
        if self._p is not self.table.p:  # (the players are made once per replay: taken once)
            self._p = self.table.p
            seats = self._seats = tuple(self._p.values())
        for ps in seats:
            if ps.unknown or ps.name == but:
                continue
            kept = ps.wins_cache if wins else ps.waits_cache
            if kept[0] != ps.version:
                kept = (ps.version, kinds(ps.counts, ps.melds))
                if wins:
                    ps.wins_cache = kept
                else:
                    ps.waits_cache = kept
            if tile in kept[1]:
                out.append(ps.name)
        return out

    def of(self, player: str) -> frozenset[int]:
        """His waits now."""
        ps = self.table.p[player]
        if ps.unknown:
            return _NOTHING
        kept = ps.wins_cache if self.wins else ps.waits_cache
        return kept[1] if kept[0] == ps.version else self._work_out(ps)[1]

    def _work_out(self, ps: PlayerState) -> tuple[int, frozenset[int]]:
        kept = (ps.version, self.kinds(ps.counts, ps.melds))
        if self.wins:
            ps.wins_cache = kept
        else:
            ps.waits_cache = kept
        return kept
