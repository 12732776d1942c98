"""The Shanghai table (SH-FLOW-1…7, SH-QIAO-1, 2; SH-IRR-2…5 as the replay sees them): 144 tiles,
the whole wall drawn (no tail: 91 drawable after the deal), flowers laid out and replaced at once,
and with ``dragons_as_flowers`` the 12 dragon tiles (中發白) flower tiles too; on the 13-tile table
of ``referee.thirteen`` whose win declarations are judged as they are made
(``rulesbook.family13.judged``).

What Shanghai adds to the replay:

* 敲 and the locked hand (SH-QIAO-1, 2: ``rulesbook.shanghai.qiao``);
* a flower tile discarded or melded (``flower_tile``, SH-IRR-3: a 中發白 under
  ``dragons_as_flowers``; 1f–8f are the family's own check), a chi under ``chi: false``
  (``chi_barred``, SH-IRR-4).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from referee import events as ev
from referee.errors import ReplayError
from referee.observer import Observer
from referee.table_facts import Anomaly
from referee.thirteen import thirteen_rules
from referee.tiles import code, kind_of
from rulesbook.family13.judged import Continues, JudgedTable

from .options import ShOptions
from .qiao import Knocking, knocked

TABLE_RULES = thirteen_rules(flowers=True, tail=0)  # 144 − 53 = 91 drawable after the deal
DRAGONS = frozenset((31, 32, 33))
__all__ = ["ShTable", "TABLE_RULES", "knocked", "replay"]


@dataclass
class ShTable(Knocking, JudgedTable):
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

    # the locked hand and flower tiles ----------------------------------------------------------
    def _discarding(self, i: int, ps, e: ev.Discard) -> None:
        if self._flower_tile(kind_of(e.tile)):
            self.anomalies.append(Anomaly("flower_tile", ps.name, i, f"discarded {code(e.tile)}"))
        self._locked_discard(i, ps, e)

    def _claim_check(self, i: int, player: str, tiles: Sequence[int]) -> None:
        if any(self._flower_tile(kind_of(t)) for t in tiles):
            self.anomalies.append(Anomaly("flower_tile", player, i, "a flower tile melded"))

    def _on_chi(self, i: int, e: ev.Chi) -> None:
        if self.sh is not None and not self.sh.chi:
            self.anomalies.append(Anomaly("chi_barred", e.player, i, "no chi at this table"))
        self._locked_claim(i, e.player, "chi")
        self._claim_check(i, e.player, (e.tile, *e.with_))
        super()._on_chi(i, e)

    def _on_pon(self, i: int, e: ev.Pon) -> None:
        self._locked_claim(i, e.player, "pon")
        self._claim_check(i, e.player, (e.tile, *e.with_))
        super()._on_pon(i, e)

    def _on_kong(self, i: int, e: ev.Kong) -> None:
        ps = self.p[e.player]
        self._claim_check(i, e.player, e.tiles)
        before = self._waits_before_kong(ps, e)
        super()._on_kong(i, e)
        self._locked_kong(i, ps, before)


def replay(players: Sequence[str], dealer: str, events: Sequence[ev.Event], opts: ShOptions,
           observers: Sequence[Observer] = (), continues: Optional[Continues] = None) -> ShTable:
    """Fold a Shanghai hand; ``continues`` judges each declaration as it is made."""
    table = ShTable(players=tuple(players), dealer=dealer, open_seat=dealer, rules=TABLE_RULES,
                    continues=continues, sh=opts)
    return table.replay(events, observers)  # type: ignore[return-value]
