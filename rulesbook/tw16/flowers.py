"""花牌 flowers (TW-FL), as rules: the table's flower mechanics (TW-FLOW-2, 搶花) are in ``table``.

* TW-FL-1: a flower win (八仙過海) declared before the replacement is void, without penalty; play
  goes on and he may not declare it again (a second declaration is 詐和).
* TW-FL-2: a player dealt his flowers wins the flower win at his first draw in turn: declared
  earlier it is void, without penalty, and he may declare it in turn (*interpretation*).
* TW-FL-4: a flower discarded, or kept in the hand past his discard, is a 相公 cause (TW-XG-1).
* TW-FLOW-3: the dealer's forgotten 門牌, taken after the others replaced their flowers, is a
  flower: he may not replace it and is 相公 at once (the flower is on the table).
"""
from __future__ import annotations

from referee import events as ev
from referee.replay import Table
from referee.tiles import FIRST_FLOWER
from rulesbook.findings import Finding

from .docket import Cause, Docket, Reason
from .table import Tw16Win


class Flowers:
    def __init__(self, docket: Docket):
        self.docket = docket
        self.declared_early: set[str] = set()  # TW-FL-1: declared before the replacement
        self.kept: set[tuple[str, int]] = set()  # TW-FL-4, reported once per flower

    def laid_out(self, i: int, e: ev.Flower, table: Table) -> None:
        """TW-FLOW-3: the forgotten 門牌 laid out as a flower, not replaced: 相公, public."""
        if getattr(table, "late_flower_at", None) == i:
            self.docket.add_cause(Cause("TW-FLOW-3", e.player, i, frozenset({i}), "忘抓門牌而補花後抓得花牌",
                                        "a forgotten 門牌 taken after the others' flower pass, a flower "
                                        "he may not replace", public=True))

    def check_discard(self, i: int, e: ev.Discard, table: Table) -> None:
        """TW-FL-4: a flower discarded, or kept in the hand past his discard: 相公 once reported
        (TW-XG-1)."""
        if e.tile >= FIRST_FLOWER:
            self.docket.add_cause(Cause("TW-FL-4", e.player, i, frozenset({i}), "打出花牌", "discarding a flower"))
        counts = table.p[e.player].counts
        if not any(counts[FIRST_FLOWER:]):
            return
        for f in range(FIRST_FLOWER, len(counts)):
            if counts[f] - (e.tile == f) > 0 and (e.player, f) not in self.kept:
                self.kept.add((e.player, f))
                self.docket.add_cause(Cause("TW-FL-4", e.player, i, frozenset({i}), "花牌留在手中未補",
                                            "keeping a flower in the hand instead of laying it out"))

    def declared(self, e: ev.Win, table: Table) -> list[Reason]:
        """A flower win declared: not again after one declared before the replacement (TW-FL-1)."""
        out = []
        if e.how != "flower":
            return out
        if e.player in self.declared_early:
            out.append(Reason("TW-FL-1", "花和不得再次宣告", "a flower win may not be declared again "
                              "after one declared before the replacement"))
        if table.pending_back[e.player] > 0:
            self.declared_early.add(e.player)
        return out


def void_win(w: Tw16Win) -> Finding:
    """A flower win the table voids without penalty (TW-FL-1, TW-FL-2): play goes on."""
    if w.before_replacement:
        return Finding("TW-FL-1", w.player, w.at, "ruled",
                       f"{w.player} declared the flower win before drawing the replacement: "
                       "void, without penalty; play goes on and he may not declare it again.",
                       f"{w.player}未補花即宣告花和：無效，不罰，牌局繼續，不得再宣告花和。")
    return Finding("TW-FL-2", w.player, w.at, "ruled",
                   f"{w.player} declared the flower win out of his turn, before his first "
                   "draw: void, without penalty; play goes on and he may declare it when "
                   "he draws in turn.",
                   f"{w.player}未於輪摸時宣告花和：無效，不罰，牌局繼續，可於輪摸時宣告。")
