"""Who waits on a tile: every player's waits kept, not recomputed, and an index by kind that a
discard consults at once (the pass checks of every variant: riichi's furiten, tw16's 過水, the
13-tile variants' passes).

A player's waits are worked out only when his concealed tiles or melds changed (his hand's
``version``), and kept with that version in his ``PlayerState`` (``waits_cache`` or
``wins_cache``, which the table carries over a drawn tile discarded at once: his hand is again the
one before the draw). Most hands in play wait on nothing: a refresh that finds every player's
waits as they were (the same empty set, most of the time) leaves the index alone; a change
rebuilds it, in seat order.

The waits themselves are the variant's (``kinds``: a player's state to the kinds that complete his
hand by shape): riichi counts seven pairs and thirteen orphans, tw16 its 16-tile shapes.
"""
from __future__ import annotations

from typing import Callable, Optional

from .table_facts import PlayerState
from .tiles import FIRST_RED, N_KINDS, RED_FIVES

Kinds = Callable[[PlayerState], frozenset[int]]
_NOTHING: frozenset[int] = frozenset()


class WaitsIndex:
    """Every player's waits (by ``kinds``), kept in the player's ``slot`` with his hand's version,
    and who waits on each kind. ``table``: a replayed table (its players ``p``, in seat order);
    a player whose concealed tiles are hidden waits on nothing known."""

    __slots__ = ("table", "kinds", "wins", "held", "by_kind")

    def __init__(self, table, kinds: Kinds, slot: str = "waits_cache"):
        if slot not in ("waits_cache", "wins_cache"):
            raise ValueError(f"no such slot of a player's state: {slot!r}")
        self.table = table
        self.kinds = kinds
        self.wins = slot == "wins_cache"
        self.held: dict[str, frozenset[int]] = {}  # each player's waits as the index has them
        self.by_kind: dict[int, tuple[str, ...]] = {}

    def on(self, tile: int, but: Optional[str] = None) -> list[str]:
        """The players (``but`` one) whose hand ``tile`` (a red five: its kind) completes, in seat
        order; none for a flower or an unknown tile."""
        if tile >= FIRST_RED:
            tile = RED_FIVES.get(tile, tile)
        if tile < 0 or tile >= N_KINDS:
            return []
        self.refresh(but)
        return [p for p in self.by_kind.get(tile, ()) if p != but]

    def of(self, player: str) -> frozenset[int]:
        """His waits now."""
        self.refresh()
        return self.held[player]

    def refresh(self, but: Optional[str] = None) -> None:
        """Work out again the waits of every player (``but`` one: not asked, he is left as he
        was until he is) whose hand changed; the index follows."""
        held = self.held
        if not held:  # in seat order, every player waiting on nothing yet
            held.update((name, _NOTHING) for name in self.table.p)
        changed = False
        wins, kinds = self.wins, self.kinds
        for name, ps in self.table.p.items():
            if name == but:
                continue
            if ps.unknown:
                w = _NOTHING
            else:
                cache = ps.wins_cache if wins else ps.waits_cache
                if cache[0] != ps.version:
                    cache = (ps.version, kinds(ps))
                    if wins:
                        ps.wins_cache = cache
                    else:
                        ps.waits_cache = cache
                w = cache[1]
            old = held.get(name)
            if w is not old and w != old:
                held[name] = w
                changed = True
        if changed:
            by_kind: dict[int, list[str]] = {}
            for name, w in held.items():
                for k in w:
                    by_kind.setdefault(k, []).append(name)
            self.by_kind = {k: tuple(v) for k, v in by_kind.items()}
