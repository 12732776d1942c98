"""What a Wuhan ``state`` holds at a cut (``referee.cut``; RULEBOOK_WH §10): the family's
(``rulesbook.family13.cut``: 相公, 过水 bars, the WH-CB-1 liabilities standing, a robbable added
kong), with wuhan's own: the ``indicator``, the tiles ``laid`` out singly or thrown (out of the
rivers), and ``haidi`` once the 海底 draws have begun (the next to draw has the turn). Refused as
the family refuses, and inside a chain of kongs (single kongs too) that a later 杠上花 reads.
"""
from __future__ import annotations

from referee import events as ev
from referee.cut import CutRefused
from referee.model import Document
from referee.tiles import code, parse_tile
from rulesbook.family13 import cut

from .adjudicate import PLAN
from .table import WuhanTable, special


def _wuhan_fields(table: WuhanTable, state: dict) -> None:
    if table.indicator is not None:
        state["indicator"] = code(table.indicator)
    if table.haidi_left is not None:
        state["haidi"] = True
        if state["phase"] == "discard":  # he keeps his 海底 tile: the next one draws
            state["turn"], state["phase"] = table.next_of(table.turn), "draw"  # type: ignore[arg-type]
            for key in ("drawn", "drawn_past", "last_discard"):  # the next draw closes them
                state.pop(key, None)  # (a thrown last discard stays under ``laid``)
    laid = {p: list(tiles) for p, tiles in table.laid.items() if tiles}
    offer = state.get("last_discard")
    if offer is not None and special(parse_tile(offer["tile"]), table.wild, table.pi):
        mine = laid.get(offer["player"], [])  # the thrown tile on offer is given as the last discard
        if parse_tile(offer["tile"]) in mine:  # (not when a state gave it on offer already)
            del mine[len(mine) - 1 - mine[::-1].index(parse_tile(offer["tile"]))]
    laid = {p: [code(t) for t in tiles] for p, tiles in laid.items() if tiles}
    if laid:
        state["laid"] = laid
    rivers = {p: [t for t in river if not special(parse_tile(t), table.wild, table.pi)]
              for p, river in state.pop("discards", {}).items()}
    rivers = {p: river for p, river in rivers.items() if river}
    if rivers:
        state["discards"] = rivers


def cut_at(doc: Document, k: int, at: int) -> tuple[dict, dict]:
    """Hand ``k``'s header as its ruling used it, and the ``state`` before its event ``at``.
    Refused besides: under ``special_discard: plain`` once a 红中 or 癞子 has been thrown (a
    ``state``'s ``laid`` cannot tell a thrown tile, counting nothing, from one laid out, counting its
    item), and between a 海底 draw and the drawer's own win on it (the state gives the turn to the
    next to draw)."""
    plain = PLAN.read_rules(doc).options.special_discard == "plain"
    events = doc.hands[k].events

    def more(table: WuhanTable, state: dict) -> None:
        offer = table.last_discard[2] if table.last_discard is not None else None
        thrown = sorted(i for i in table.thrown if i != offer)
        if plain and thrown:
            raise CutRefused(f"a 红中 or 癞子 was thrown at event {thrown[0]}: under special_discard plain it counts "
                             "nothing, and a state's laid cannot tell it from one laid out; cut at "
                             f"{thrown[0]} or earlier")
        nxt = events[at] if at < len(events) else None
        if table.haidi_draws and table.phase == "discard" and isinstance(nxt, ev.Win) and nxt.player == table.turn:
            raise CutRefused(f"{table.turn} has just made his 海底 draw and declares on it at event {at}: a state "
                             f"gives the turn to the next to draw; cut at {at - 1} or earlier")
        _wuhan_fields(table, state)

    return cut.cut_at(doc, k, at, PLAN, "the first go-round hands of the other variants", more,
                      (ev.Kong, ev.SingleKong))
