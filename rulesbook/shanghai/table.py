"""The Shanghai table (SH-FLOW-1…7, SH-QIAO-1, 2; SH-IRR-2…5 as the replay sees them): 144 tiles,
the whole wall drawn (no tail: 91 drawable after the deal), flowers laid out and replaced at once,
and with ``dragons_as_flowers`` the 12 dragon tiles (中發白) flower tiles too; on the 13-tile table
of ``referee.thirteen`` whose win declarations are judged as they are made
(``rulesbook.family13.judged``).

What Shanghai adds to the replay:

* ``declare`` ``what: knock`` (敲, SH-QIAO-1) right after the same player's discard: from then
  ``status.knocked`` (a ``state`` may give it). Anywhere else it is an input error at its event.
* the locked hand (SH-QIAO-2), taken as recorded and listed for the rulebook to rule
  (``Anomaly``): a chi or pon by a knocked player (``knocked_claim``, SH-IRR-4), a discard other
  than the tile he has just drawn (``knocked_discard``, SH-IRR-5), a kong that changes his winning
  tiles (``wrong_kong``, SH-IRR-2);
* a flower tile discarded or melded (``flower_tile``, SH-IRR-3: a 中發白 under
  ``dragons_as_flowers``; 1f–8f are the family's own check), a chi under ``chi: false``
  (``chi_barred``, SH-IRR-4).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from referee import events as ev
from referee.errors import ReplayError
from referee.hand import winning_kinds_of
from referee.observer import Observer
from referee.table_facts import Anomaly
from referee.thirteen import thirteen_rules
from referee.tiles import N_KINDS, code, kind_of
from rulesbook.family13.judged import Continues, JudgedTable

from .options import ShOptions

TABLE_RULES = thirteen_rules(flowers=True, tail=0)  # 144 − 53 = 91 drawable after the deal
DRAGONS = frozenset((31, 32, 33))
KNOCK = "knock"


def knocked(ps) -> bool:
    """SH-QIAO-1: he has knocked (敲) in this hand."""
    return bool(ps.status.get("knocked"))


@dataclass
class ShTable(JudgedTable):
    sh: Optional[ShOptions] = None  # the options the table reads (chi, dragons_as_flowers)

    def _handlers(self):
        return {**super()._handlers(), "declare": self._on_declare}

    def _flower_tile(self, tile: int) -> bool:
        return tile in DRAGONS and self.sh is not None and self.sh.dragons_as_flowers

    # flowers ------------------------------------------------------------------------------------
    def _on_flower(self, i: int, e: ev.Flower) -> None:
        if kind_of(e.tile) in DRAGONS and not (self.sh is not None and self.sh.dragons_as_flowers):
            raise ReplayError(i, f"{code(e.tile)} is no flower: dragons_as_flowers is off (SH-FLOW-1)", "tile")
        super()._on_flower(i, e)

    # 敲 -------------------------------------------------------------------------------------------
    def _on_declare(self, i: int, e: ev.Declare) -> None:
        """SH-QIAO-1: a knock goes with one of his discards, recorded right after it."""
        self._ensure_in_play(i)
        prev = self.events[i - 1] if i else None
        if not (isinstance(prev, ev.Discard) and prev.player == e.player):
            raise ReplayError(i, f"{e.player} may knock only right after his own discard (SH-QIAO-1)")
        ps = self.p[e.player]
        if knocked(ps):
            raise ReplayError(i, f"{e.player} has knocked already")
        ps.status["knocked"] = True

    # the locked hand and flower tiles ----------------------------------------------------------
    def _discarding(self, i: int, ps, e: ev.Discard) -> None:
        if self._flower_tile(kind_of(e.tile)):
            self.anomalies.append(Anomaly("flower_tile", ps.name, i, f"discarded {code(e.tile)}"))
        if knocked(ps) and ps.drawn is not None and ps.drawn_source != "claim" \
                and kind_of(e.tile) != kind_of(ps.drawn):
            self.anomalies.append(Anomaly("knocked_discard", ps.name, i, "a locked hand changed"))

    def _claim_check(self, i: int, player: str, tiles: Sequence[int]) -> None:
        if any(self._flower_tile(kind_of(t)) for t in tiles):
            self.anomalies.append(Anomaly("flower_tile", player, i, "a flower tile melded"))

    def _on_chi(self, i: int, e: ev.Chi) -> None:
        if self.sh is not None and not self.sh.chi:
            self.anomalies.append(Anomaly("chi_barred", e.player, i, "no chi at this table"))
        if knocked(self.p[e.player]):
            self.anomalies.append(Anomaly("knocked_claim", e.player, i, "chi by a knocked hand"))
        self._claim_check(i, e.player, (e.tile, *e.with_))
        super()._on_chi(i, e)

    def _on_pon(self, i: int, e: ev.Pon) -> None:
        if knocked(self.p[e.player]):
            self.anomalies.append(Anomaly("knocked_claim", e.player, i, "pon by a knocked hand"))
        self._claim_check(i, e.player, (e.tile, *e.with_))
        super()._on_pon(i, e)

    def _on_kong(self, i: int, e: ev.Kong) -> None:
        ps = self.p[e.player]
        self._claim_check(i, e.player, e.tiles)
        before = None
        if knocked(ps) and not ps.unknown:
            counts = list(ps.counts[:N_KINDS])
            if e.kind != "claimed" and ps.drawn is not None and counts[kind_of(ps.drawn)]:
                counts[kind_of(ps.drawn)] -= 1  # his hand as it waited, before this turn's draw
            before = winning_kinds_of(counts)
        super()._on_kong(i, e)
        if before is not None and i not in self.undone and winning_kinds_of(ps.counts[:N_KINDS]) != before:
            self.anomalies.append(Anomaly("wrong_kong", e.player, i, "a kong that changes a knocked hand's waits"))


def replay(players: Sequence[str], dealer: str, events: Sequence[ev.Event], opts: ShOptions,
           observers: Sequence[Observer] = (), continues: Optional[Continues] = None) -> ShTable:
    """Fold a Shanghai hand; ``continues`` judges each declaration as it is made."""
    table = ShTable(players=tuple(players), dealer=dealer, open_seat=dealer, rules=TABLE_RULES,
                    continues=continues, sh=opts)
    return table.replay(events, observers)  # type: ignore[return-value]
