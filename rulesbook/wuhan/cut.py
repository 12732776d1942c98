"""What a Wuhan ``state`` holds at a cut (``referee.cut``; RULEBOOK_WH §10): the family's
(``rulesbook.family13.cut``: 相公, 过水 bars, the WH-CB-1 liability standing, an added kong still
robbable, a replacement still owed), and Wuhan's own: the indicator (``indicator``), and the 红中
and 癞子 (and 皮) each player has laid out alone or thrown (``laid``, in order; taken out of his
river, where a ``state`` may not list them).

A thrown tile just discarded is no offer (nobody may claim it or win on it, WH-PR-6): it is in
``laid``, not in ``last_discard``. Refused (``CutRefused``), beyond the family's: a cut inside the
海底 draws once one is drawn (each player keeps his 海底 tile, one more than a ``state`` lets him
hold: cut at the first 海底 draw or earlier), a thrown tile as the last discard at ``wall_left`` 14
or less (the 海底 draws it starts read it), and a cut inside a chain of kongs that a later 杠上花
reads, single kongs included.
"""
from __future__ import annotations

from referee import events as ev
from referee.cut import CutRefused
from referee.model import Document
from referee.tiles import code, parse_tile
from rulesbook.family13 import cut

from .adjudicate import PLAN
from .table import LAST, special


def _own(table, state: dict) -> None:
    if table.haidi_left is not None:
        raise CutRefused("the 海底 draws have begun: each player keeps his 海底 tile, which a state "
                         "cannot hold; cut at the first 海底 draw or earlier")
    state["indicator"] = code(table.indicator)
    offer = state.get("last_discard")
    if offer is not None and special(parse_tile(offer["tile"]), table.wild, table.pi):
        if state.get("wall_left", LAST + 1) <= LAST:
            raise CutRefused("a thrown tile is the last discard at wall_left 14 or less: a state "
                             "cannot hold it and the 海底 draws it starts; cut after the next draw")
        del state["last_discard"]  # thrown: nobody may claim it or win on it; it is in laid
        state.pop("drawn_past", None)
    laid = {p: [code(t) for t in tiles] for p, tiles in table.laid.items() if tiles}
    if laid:
        state["laid"] = laid
    rivers = {p: [t for t in river if not special(parse_tile(t), table.wild, table.pi)]
              for p, river in state.get("discards", {}).items()}
    rivers = {p: river for p, river in rivers.items() if river}
    if rivers:
        state["discards"] = rivers
    else:
        state.pop("discards", None)


def cut_at(doc: Document, k: int, at: int) -> tuple[dict, dict]:
    """Hand ``k``'s header as its ruling used it, and the ``state`` before its event ``at``."""
    return cut.cut_at(doc, k, at, PLAN, "the family's first go-round", _own, (ev.Kong, ev.SingleKong))
