"""What the rulebook asks the replayed table about a hand: whether a tile would complete it, who
wins on a tile, a player's waits; each kept with the hand's version until the hand changes (the
part of ``referee.replay.Table`` on the hot path of every discard; a mixin).
"""
from __future__ import annotations

from typing import Optional

from .hand import winning_kinds_of
from .table_facts import PlayerState
from .tiles import FIRST_RED, N_KINDS, RED_FIVES
from .waits import WaitsIndex


class Queries:
    """``Table``'s questions about hands (full information only)."""

    _wins_index = None  # who wins on each kind (``winners_on``), made at its first question

    # -- queries for the rulebook ----------------------------------------------------------------
    def wins_on(self, player: str, tile: int) -> bool:
        """Whether ``tile`` would complete the player's concealed hand (full information only).
        Every kind that completes it is found at once, suit by suit, and kept until his concealed
        tiles change: each discard asks it of three players, and his hand stays the same for
        several discards."""
        ps = self.p[player]
        if tile >= FIRST_RED:
            tile = RED_FIVES.get(tile, tile)  # its kind
        if ps.unknown or tile < 0 or tile >= N_KINDS:
            return False
        cache = ps.wins_cache
        if cache[0] != ps.version:
            cache = self._winning(ps)
        return tile in cache[1]

    @staticmethod
    def _winning(ps: PlayerState) -> tuple[int, frozenset[int]]:
        """The kinds that would complete his concealed hand, kept (with his hand's version) until
        it changes."""
        if ps.wins_cache[0] != ps.version:
            ps.wins_cache = (ps.version, winning_kinds_of(ps.counts))
        return ps.wins_cache

    @staticmethod
    def _hand_as_before_draw(ps: PlayerState) -> None:
        """He discarded the tile he had just drawn, nothing else changed between: his concealed
        tiles are again those before the draw (two versions ago), and what was worked out of
        them then still holds (about a third of all discards)."""
        before = ps.version - 2
        if ps.wins_cache[0] == before:
            ps.wins_cache = (ps.version, ps.wins_cache[1])
        if ps.waits_cache[0] == before:
            ps.waits_cache = (ps.version, ps.waits_cache[1])

    def winners_on(self, tile: int, but: Optional[str] = None) -> list[str]:
        """The players (``but`` one) whose concealed hand ``tile`` would complete, in seat order
        (full information only): ``wins_on`` for every player at once, as each discard asks; each
        player's winning kinds worked out again only when his hand changed
        (``referee.waits.WaitsIndex``)."""
        index = self._wins_index
        if index is None:
            index = self._wins_index = WaitsIndex(self, winning_kinds_of, slot="wins_cache")
        return index.on(tile, but)

    def waits_of(self, player: str) -> frozenset[int]:
        """A player's waits with full information (his four-of-a-kind kinds removed); cached until
        his concealed tiles or melds change."""
        ps = self.p[player]
        if ps.waits_cache[0] == ps.version:
            return ps.waits_cache[1]
        w = frozenset() if ps.unknown else frozenset(t for t in self._winning(ps)[1] if ps.counts[t] < 4)
        if w:
            held = [0] * N_KINDS
            for m in ps.melds:
                for t in m.tiles:
                    if t < N_KINDS:
                        held[t] += 1
            w = frozenset(t for t in w if ps.counts[t] + held[t] < 4)
        ps.waits_cache = (ps.version, w)
        return w
