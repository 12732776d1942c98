"""Acts undone at the table (``correct``): a tile put back, a chi, pon or kong restored; the part of
``referee.replay.Table`` that takes them back (a mixin: it works on the table's own state).
"""
from __future__ import annotations

from typing import Optional

from . import events as ev
from .errors import ReplayError
from .melds import MeldView
from .table_facts import PlayerState
from .tiles import UNKNOWN


class Corrections:
    """``Table``'s handling of ``correct`` events and of what they undo."""

    def _on_correct(self, i: int, e: ev.Correct) -> None:
        """An act undone. ``return_tile``: a tile goes back to the wall (raising wall_left for a
        wall draw). ``restore``: the chi or pon at ``about`` is taken back (the claimed tile returns
        to the river and can be claimed again)."""
        target = self.events[e.about]
        ps = self.p[e.player]
        if e.action == "return_tile":
            tile = e.tile if e.tile is not None else getattr(target, "tile", None)
            if tile is None:
                raise ReplayError(i, f"event {e.about} moved no tile to put back: name the tile", "tile")
            if tile == UNKNOWN and not ps.unknown:
                raise ReplayError(i, f"{e.player}'s hand is known: name the tile put back (with "
                                     "'random': true if another player drew it at random)", "tile")
            self._take(i, ps, tile)
            if tile != UNKNOWN:
                self._unreveal(tile)
            if self.wall_left is not None:
                self.wall_left += 1
            if isinstance(target, ev.Draw) and target.source == "back" \
                    and self.replaced_by(e.about) not in self.undone:
                self.pending_back[e.player] += 1  # a replacement owed again (its kong still stands)
            elif isinstance(target, ev.Draw) and self.turn == e.player \
                    and not (target.source == "back" and self.replaced_by(e.about) in self.undone):
                self.phase = "draw"  # (the replacement of a kong already restored: he had drawn before it)
            if self.passed_over is not None and self.passed_over[2] == e.about:
                self.last_discard = self.passed_over[0]  # the discard can be claimed again
                self.passed_over = None
            return
        if isinstance(target, ev.Discard) and e.about in self.meld_discards:
            k, meld = self.meld_discards.pop(e.about)  # 錯打明牌: the set is restored (TW-CD)
            river = self.p[target.player].river
            if river and river[-1] == target.tile:
                river.pop()
            ps = self.p[target.player]
            ps.melds[k] = meld
            ps.version += 1
            if self.last_discard is not None and self.last_discard[2] == e.about:
                self.last_discard = None
            if self.ended is None:
                self.turn, self.phase = target.player, "discard"
            else:
                self.forced_discard = target.player  # he restores the set and discards (TW-CD-3)
            return
        if isinstance(target, ev.Kong):
            self._restore_kong(i, e.about, target)
            return
        if isinstance(target, (ev.Chi, ev.Pon)):
            for k in range(len(ps.melds) - 1, -1, -1):
                m = ps.melds[k]
                if m.kind == target.type and m.tile == target.tile:
                    del ps.melds[k]
                    for t in target.with_:
                        self._give_back(ps, t)
                    who = m.source
                    self.p[who].river.append(target.tile)
                    self.last_discard = (who, target.tile, self.claimed_from.get(e.about, e.about))
                    self.turn = self.next_of(who)
                    self.phase = "draw"
                    return
        raise ReplayError(i, "this correction cannot be replayed: restore applies to a chi, a pon, "
                             "a kong or a discard from an exposed set", "about")

    def _restore_kong(self, i: int, at: int, e: ev.Kong) -> None:
        """A wrong kong undone (TW-CG): a concealed kong's tiles go back to the hand, an added kong
        becomes the pon again, a claimed kong's tiles go back and its discard can be claimed again.
        The replacement is no longer owed (one already drawn is put back by ``return_tile``)."""
        ps = self.p[e.player]
        laid = sorted(e.tiles)
        k = next((k for k in range(len(ps.melds) - 1, -1, -1) if ps.melds[k].kind == "kong"
                  and ps.melds[k].kong == e.kind and sorted(ps.melds[k].tiles) == laid), None)
        if k is None or at in self.undone:
            raise ReplayError(i, f"{e.player}'s kong at event {at} is no longer on the table", "about")
        m = ps.melds[k]
        self.undone.add(at)
        if self.pending_back[e.player] > 0:
            self.pending_back[e.player] -= 1
        if self.rules.kong_costs_wall and self.wall_left is not None:
            self.wall_left += 1  # the dead wall no longer grows for it
        if e.kind == "added":
            ps.melds[k] = MeldView("pon", m.tiles[:3], None, m.tile, m.source)
            self._give_back(ps, m.tiles[3])
            if self.last_added_kong is not None and self.last_added_kong[2] == at:
                self.last_added_kong = None
            return
        del ps.melds[k]
        rest = list(m.tiles)
        if e.kind == "claimed":
            rest.remove(m.tile)  # type: ignore[arg-type]
            self.p[m.source].river.append(m.tile)  # type: ignore[index, arg-type]
            self.last_discard = (m.source, m.tile, self.claimed_from.get(at, at))  # type: ignore[assignment]
            if self.ended is None:
                self.turn, self.phase = self.next_of(m.source), "draw"  # type: ignore[arg-type]
        for t in rest:
            self._give_back(ps, t)

    def _unreveal(self, tile: int) -> None:
        """A known tile back in the wall: one copy fewer in play. Variant hook (riichi's red fives)."""
        self.seen[tile] -= 1

    def replaced_by(self, draw_at: int) -> Optional[int]:
        """The kong or flower a replacement (a draw from the back) was drawn for."""
        player = self.events[draw_at].player  # type: ignore[attr-defined]
        for j in range(draw_at - 1, -1, -1):
            e = self.events[j]
            if isinstance(e, (ev.Kong, ev.Flower)) and e.player == player:
                return j
        return None

    @staticmethod
    def _give_back(ps: PlayerState, tile: int) -> None:
        ps.version += 1
        if tile == UNKNOWN:
            ps.unknown += 1
        else:
            ps.counts[tile] += 1
