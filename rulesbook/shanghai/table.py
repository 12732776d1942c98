"""The Shanghai table (SH-FLOW-1…7, SH-QIAO-1, 2; SH-IRR-2…5 as the replay sees them): 144 tiles,
the whole wall drawn (no tail: 91 drawable after the deal), flowers laid out and replaced at once,
and with ``dragons_as_flowers`` the 12 dragon tiles (中發白) flower tiles too; on the 13-tile table
of ``referee.thirteen`` whose win declarations are judged as they are made
(``rulesbook.family13.judged``).

What Shanghai adds to the replay:

* 敲 and the locked hand (SH-QIAO-1, 2: ``rulesbook.shanghai.qiao``);
* a flower tile discarded, melded or still held at one's discard (``flower_tile``, SH-IRR-3: a
  中發白 under ``dragons_as_flowers``; 1f–8f are the family's own check), a chi under ``chi: false``
  (``chi_barred``, SH-IRR-4);
* under ``wild`` (SH-BD-1) the 13-tile base's ``indicator``: turned up after the flowers of the deal
  are replaced and before the dealer's first discard, a flower tile turned up laid aside (out of
  play, one wall tile fewer) and followed by another ``indicator``, until a tile of play gives the
  wild kind (``wild_rule``); a ``state`` gives the last one as ``indicator``. 90 drawable tiles are
  then left after the deal.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Optional, Sequence

from referee import events as ev
from referee import wild
from referee.errors import ReplayError
from referee.observer import Observer
from referee.table_facts import Anomaly, TableRules
from referee.thirteen import thirteen_rules
from referee.tiles import N_KINDS, UNKNOWN, code, is_flower, kind_of
from rulesbook.family13.judged import Continues, JudgedTable

from .baida import allowed_kinds, wild_kind
from .options import ShOptions
from .qiao import Knocking, knocked

TABLE_RULES = thirteen_rules(flowers=True, tail=0)  # 144 − 53 = 91 drawable after the deal
DRAGONS = frozenset((31, 32, 33))
__all__ = ["ShTable", "TABLE_RULES", "knocked", "replay", "table_rules"]


@lru_cache(maxsize=8)
def table_rules(opts: ShOptions) -> TableRules:
    """SH-FLOW-1, 2 and SH-BD-1: 144 tiles, no tail; under ``wild`` the indicator's wild kind of
    each kind (none for a flower tile: it is laid aside)."""
    if not opts.wild:
        return TABLE_RULES
    wild_of = tuple(None if opts.dragons_as_flowers and k in DRAGONS else wild_kind(k, opts.wild_rule)
                    for k in range(N_KINDS))
    return thirteen_rules(flowers=True, tail=0, wild_of=wild_of)


@dataclass
class ShTable(Knocking, JudgedTable):
    sh: Optional[ShOptions] = None  # the options the table reads (chi, dragons_as_flowers)
    laid_aside: list[int] = field(default_factory=list)  # flower tiles turned up as indicators
    kept_flower: set[str] = field(default_factory=set)  # players found holding a 中發白 at a discard

    def _handlers(self):
        return {**super()._handlers(), "declare": self._on_declare}

    def __post_init__(self) -> None:
        #: the tiles of play that are flower tiles here (中發白 under ``dragons_as_flowers``)
        self.flower_kinds = DRAGONS if self.sh is not None and self.sh.dragons_as_flowers else frozenset()

    def _flower_tile(self, tile: int) -> bool:
        return tile in self.flower_kinds

    # flowers ------------------------------------------------------------------------------------
    def _on_flower(self, i: int, e: ev.Flower) -> None:
        if kind_of(e.tile) in DRAGONS and not (self.sh is not None and self.sh.dragons_as_flowers):
            raise ReplayError(i, f"{code(e.tile)} is no flower: dragons_as_flowers is off (SH-FLOW-1)", "tile")
        super()._on_flower(i, e)

    def _on_state(self, i: int, e: ev.State) -> None:
        """SH-FLOW-1, §15: a dragon in ``state.flowers`` only under ``dragons_as_flowers``."""
        if not (self.sh is not None and self.sh.dragons_as_flowers):
            for name, laid in e.flowers.items():
                if any(kind_of(t) in DRAGONS for t in laid):
                    raise ReplayError(i, "a dragon is no flower: dragons_as_flowers is off (SH-FLOW-1)",
                                      f"flowers.{name}")
        super()._on_state(i, e)

    def _any_flower(self, tile: int) -> bool:
        return is_flower(tile) or self._flower_tile(kind_of(tile))

    # the indicator (SH-BD-1) --------------------------------------------------------------------
    def _indicator_order(self, events: Sequence[ev.Event]) -> None:
        """SH-BD-1, §15: from the deal, the indicators come together after the deal's flower
        replacements and before the dealer's first discard, each but the last a flower tile laid
        aside; a ``state`` start carries the indicator (no event). Checked before the replay."""
        at = [i for i, e in enumerate(events) if e.type == "indicator"]
        from_deal = bool(events) and events[0].type == "deal"
        if at and not from_deal:
            raise ReplayError(at[0], "a 'state' start gives the indicator as 'indicator', not as an event", "type")
        if not from_deal:
            return
        first_discard = next((i for i, e in enumerate(events) if e.type == "discard"), len(events))
        if not at:
            if first_discard < len(events):
                raise ReplayError(first_discard, "the indicator (百搭, SH-BD-1) is turned up before the "
                                                 "dealer's first discard: an 'indicator' event must come first")
            return
        if at != list(range(at[0], at[-1] + 1)):
            raise ReplayError(at[-1], "the indicators are turned up one after the other (SH-BD-1)", "type")
        if at[-1] > first_discard:
            raise ReplayError(at[0], "the indicator is turned up before the dealer's first discard", "type")
        later = next((i for i in range(at[-1] + 1, first_discard) if events[i].type == "flower"), None)
        if later is not None:
            raise ReplayError(at[0], "the indicator is turned up after the flowers of the deal are replaced "
                                     f"(a flower is laid out at event {later})", "type")
        for i in at[:-1]:
            if not self._any_flower(events[i].tile):  # type: ignore[attr-defined]
                raise ReplayError(i + 1, "one indicator gives the wild kind: another follows only a "
                                         "flower tile turned up (SH-BD-1)", "type")

    def _on_indicator(self, i: int, e: ev.Indicator) -> None:
        if e.tile != UNKNOWN and self._flower_tile(kind_of(e.tile)):
            self._ensure_in_play(i)
            self._indicator_flower(i, e)
            return
        super()._on_indicator(i, e)
        self._wild_in_force()

    def _indicator_flower(self, i: int, e: ev.Indicator) -> None:
        """SH-BD-1: a flower tile turned up is laid aside (out of play, one wall tile fewer) and the
        next one turned."""
        self._reveal(i, e.tile)
        self._lower_wall(i)
        self.laid_aside.append(e.tile)
        if i + 1 >= len(self.events) or self.events[i + 1].type not in ("indicator", "end"):
            raise ReplayError(i + 1, "a flower turned up is laid aside and another indicator follows (SH-BD-1)")

    def _state_indicator(self, i: int, e: ev.State) -> None:
        if e.indicator is not None and e.indicator != UNKNOWN and self._flower_tile(kind_of(e.indicator)):
            raise ReplayError(i, "the indicator is a tile of play: a flower tile turned up is laid aside "
                                 "(SH-BD-1)", "indicator")
        super()._state_indicator(i, e)
        self._wild_in_force()

    # who waits on a tile (the pass finder's question) -------------------------------------------
    def _wild_in_force(self) -> None:
        """Once a wild kind is known, who waits on a tile is asked of the readings (``winners_on``
        is this table's from then: the plain question costs nothing more before)."""
        if self.wild is not None:
            self.winners_on = self._wild_winners_on  # type: ignore[method-assign]

    def _wild_winners_on(self, tile: int, but: Optional[str] = None) -> list[str]:
        """With a wild kind in force, a hand holding wild tiles waits on what its readings complete
        (``referee.wild.waits``; a discarded wild is its face, SH-BD-2)."""
        assert self.wild is not None
        k = kind_of(tile)
        out = []
        for name in self.players:
            ps = self.p[name]
            if name == but or ps.unknown or not 0 <= k < N_KINDS:
                continue
            natural = list(ps.counts[:N_KINDS])
            jokers, natural[self.wild] = natural[self.wild], 0
            if k in wild.waits(tuple(natural), jokers, allowed_kinds(self.sh)):
                out.append(name)
        return out

    # the locked hand and flower tiles ----------------------------------------------------------
    def _discarding(self, i: int, ps, e: ev.Discard) -> None:
        if e.tile in self.flower_kinds:
            self.anomalies.append(Anomaly("flower_tile", ps.name, i, f"discarded {code(e.tile)}"))
        elif self.flower_kinds and ps.name not in self.kept_flower and any(ps.counts[k] for k in self.flower_kinds):
            self.kept_flower.add(ps.name)  # SH-FLOW-4: laid out at once, never kept (once per player)
            self.anomalies.append(Anomaly("flower_tile", ps.name, i, "a flower tile kept in hand"))
        if ps.status:  # knocked, or another standing status
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
    table = ShTable(players=tuple(players), dealer=dealer, open_seat=dealer, rules=table_rules(opts),
                    continues=continues, sh=opts)
    return table.replay(events, observers)  # type: ignore[return-value]
