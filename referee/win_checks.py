"""The checks and variant hooks of a win declaration, a part of ``referee.replay.Table``: the
discard a late win is pushed down on, wins in the same moment, the hidden tiles a winner shows,
and the hooks a variant overrides (a win on the dealt hand, a ``how`` of its own, its win facts).
"""
from __future__ import annotations

from typing import Optional

from . import events as ev
from .errors import ReplayError
from .table_facts import PlayerState, WinFact
from .tiles import UNKNOWN, code


class WinChecks:
    """Mixed into ``referee.replay.Table``; reads its events, wins and tile moves."""

    def late_discard(self, i: int, e: ev.Win) -> Optional[tuple[str, int, int]]:
        """For the rulebook, before the win at ``i`` is folded in: the discard it is pushed down
        on when that discard is no longer claimable (the priority was lost), else None."""
        if e.how != "discard":
            return None
        return self._late_discard(i, e, self.last_discard or self._past_draw())

    def _late_discard(self, i: int, e: ev.Win, src: Optional[tuple[str, int, int]]):
        """A win pushed down on a discard that is no longer claimable (EVENT_LOG.md: the player lost
        the priority meanwhile): the latest discard of that tile by ``from``, when the claimable
        one is not it. None when the claimable discard is the one won on (or there is none)."""
        if src is not None and src[0] == e.source and (e.tile is None or src[1] in (e.tile, UNKNOWN)):
            return None
        for j in range(i - 1, -1, -1):
            d = self.events[j]
            if isinstance(d, ev.Discard) and d.player == e.source and e.player != e.source \
                    and (e.tile is None or d.tile == e.tile):
                return d.player, d.tile, j
        return None

    def _check_simultaneous(self, i: int, win: WinFact) -> None:
        """After play has ended by a win, only a win on a tile still claimable (the same discard
        or added kong, or a discard still owed, TW-CD-3's) may follow: wins in the same moment."""
        ending = next(w for w in self.wins if not w.void)
        if win.how in ("discard", "rob_kong") and (not win.late or win.claimed_at == ending.claimed_at):
            return
        raise ReplayError(i, f"play has ended (a win at event {ending.at}): only another win on the "
                             "same discard may follow")

    def _wins_on_deal(self, player: str) -> bool:
        """Variant hook: whether ``player`` may win by self-draw on his dealt hand, out of the usual
        draw-then-discard turn (tw16's 天和 before the dealer's first discard)."""
        return False

    def _special_win(self, i: int, e: ev.Win, ps: PlayerState) -> tuple[Optional[int], bool]:
        """Variant hook: the winning tile and whether it is a replacement, for a ``how`` only the
        variant has (tw16's flower wins). The loader admits only a variant's own ``how``."""
        raise ReplayError(i, f"a win by {e.how!r} does not exist in this variant", "how")

    def _win_fact(self, i: int, e: ev.Win, ps: PlayerState, facts: dict) -> WinFact:
        """Variant hook: the win declaration's facts (a variant adds its own)."""
        return WinFact(**facts)

    def _with_shown(self, i: int, counts: list[int], unknown: int, shown: tuple[int, ...]):
        """Hidden tiles the winner laid face up become known."""
        unknown, revealed, stray = laid_down(counts, unknown, shown)
        for t in revealed:
            self._reveal(i, t, "shown")
        if stray is not None:
            raise ReplayError(i, f"{code(stray)} is not in the player's hand", "shown")
        return counts, unknown


def laid_down(counts: list[int], unknown: int, shown) -> tuple[int, list[int], Optional[int]]:
    """A hand laid face up (``shown``) against what is known of it: each shown tile not among his
    known ``counts`` is one of his ``unknown`` tiles, now known (added to ``counts``). Returns the
    hidden tiles left, the tiles so revealed in order, and the first shown tile he cannot hold
    (None when every one fits)."""
    need, revealed = list(counts), []
    for t in shown:
        if t == UNKNOWN:
            continue
        if need[t]:
            need[t] -= 1
        elif unknown:
            unknown -= 1
            counts[t] += 1
            revealed.append(t)
        else:
            return unknown, revealed, t
    return unknown, revealed, None
