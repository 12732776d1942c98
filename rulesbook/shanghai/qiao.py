"""敲 knocking (SH-QIAO) as the replay sees it: a mixin of the Shanghai table
(``rulesbook.shanghai.table``).

* SH-QIAO-1: ``declare`` ``what: knock`` right after the same player's discard; from then
  ``status.knocked`` (a ``state`` may give it). Anywhere else, or a second time, it is an input
  error at its event;
* SH-QIAO-2, the locked hand, taken as recorded and listed for the rulebook to rule (``Anomaly``):
  a chi or pon by a knocked player (``knocked_claim``, SH-IRR-4), a discard other than the tile he
  has just drawn (``knocked_discard``, SH-IRR-5), a kong that changes his winning tiles
  (``wrong_kong``, SH-IRR-2: the waits of his hand before this turn's draw against those after);
* SH-QIAO-4 (only a knocked player wins) is the judge's (``rulesbook.shanghai.wins``), SH-QIAO-3
  (a win let go) the pass finder's (``rulesbook.shanghai.passes``).
"""
from __future__ import annotations

from typing import Optional

from referee import events as ev
from referee.errors import ReplayError
from referee.hand import winning_kinds_of
from referee.table_facts import Anomaly
from referee.tiles import N_KINDS, kind_of


def knocked(ps) -> bool:
    """SH-QIAO-1: he has knocked (敲) in this hand."""
    return bool(ps.status.get("knocked"))


class Knocking:
    """The table's knock and locked hand (mixed into ``ShTable``)."""

    def _on_declare(self, i: int, e: ev.Declare) -> None:
        """SH-QIAO-1: a knock goes with one of his discards, recorded right after it."""
        self._ensure_in_play(i)  # type: ignore[attr-defined]
        prev = self.events[i - 1] if i else None  # type: ignore[attr-defined]
        if not (isinstance(prev, ev.Discard) and prev.player == e.player):
            raise ReplayError(i, f"{e.player} may knock only right after his own discard (SH-QIAO-1)")
        ps = self.p[e.player]  # type: ignore[attr-defined]
        if knocked(ps):
            raise ReplayError(i, f"{e.player} has knocked already")
        ps.status["knocked"] = True

    def _locked_discard(self, i: int, ps, e: ev.Discard) -> None:
        if knocked(ps) and ps.drawn is not None and ps.drawn_source != "claim" \
                and kind_of(e.tile) != kind_of(ps.drawn):
            self.anomalies.append(Anomaly("knocked_discard", ps.name, i, "a locked hand changed"))  # type: ignore[attr-defined]

    def _locked_claim(self, i: int, player: str, what: str) -> None:
        if knocked(self.p[player]):  # type: ignore[attr-defined]
            self.anomalies.append(Anomaly("knocked_claim", player, i, f"{what} by a knocked hand"))  # type: ignore[attr-defined]

    def _waits_before_kong(self, ps, e: ev.Kong) -> Optional[frozenset[int]]:
        """A knocked hand's winning kinds as it waited, before this turn's draw (None: not knocked,
        or his tiles not known)."""
        if not knocked(ps) or ps.unknown:
            return None
        counts = list(ps.counts[:N_KINDS])
        if e.kind != "claimed" and ps.drawn is not None and counts[kind_of(ps.drawn)]:
            counts[kind_of(ps.drawn)] -= 1
        return winning_kinds_of(counts)

    def _locked_kong(self, i: int, ps, before: Optional[frozenset[int]]) -> None:
        if before is not None and i not in self.undone and winning_kinds_of(ps.counts[:N_KINDS]) != before:  # type: ignore[attr-defined]
            self.anomalies.append(Anomaly("wrong_kong", ps.name, i,  # type: ignore[attr-defined]
                                          "a kong that changes a knocked hand's waits"))
