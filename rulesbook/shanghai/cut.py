"""What a Shanghai ``state`` holds at a cut (``referee.cut``; RULEBOOK_SH §15): the family's
(``rulesbook.family13.cut``: the common fields, 相公, 漏胡 bars, the 包三口 liabilities standing, a
robbable added kong) and Shanghai's own: each player's 敲 (``status.knocked``), under 百搭 the tile
turned up and the wild kind (``indicator``, ``wild``); the hand's header carries its 荒番 counter as
the ruling used it (recorded, else the previous hand's ``next.huang_fan``, else 0).

Refused (``CutRefused``), beyond the family's refusals: a dragon (a flower tile under
``dragons_as_flowers``) drawn and not laid out yet, and a cut between a discard and the knock that
goes with it (SH-QIAO-1).
"""
from __future__ import annotations

from referee import events as ev
from referee.cut import CutRefused, header, position, ruled_before
from referee.model import Document
from referee.tiles import code
from rulesbook.family13.cut import replayed_hand, standing_state
from rulesbook.family13.hand import Carry
from rulesbook.rotation import WINDS

from .adjudicate import PLAN, adjudicate
from .baida import DRAGONS
from .table import knocked


def _east(dealer: str, streak: int, round_wind, start_dealer) -> Carry:
    """The carry of a Shanghai hand: the round wind carries nothing (SH-FLOW-9), the hands are
    played in the East the ruling reads."""
    return Carry(dealer, streak, WINDS[0] if round_wind is None else round_wind, start_dealer)


def cut_at(doc: Document, k: int, at: int) -> tuple[dict, dict]:
    """Hand ``k``'s header as its ruling used it, and the ``state`` before its event ``at``."""
    record = doc.hands[k]
    if at < len(record.events) and isinstance(record.events[at], ev.Declare):
        raise CutRefused(f"the knock at event {at} goes with the discard before it (SH-QIAO-1): cut "
                         f"at {at - 1} or {at + 1}")
    hand = replayed_hand(doc, k, at, PLAN, "the first draws and discards", carry=_east, adjudicate=adjudicate)
    table = hand.table
    if hand.rules.options.dragons_as_flowers:
        held = [p for p in table.players if any(table.p[p].counts[t] for t in DRAGONS)]
        if held:
            raise CutRefused(f"{held[0]} holds a dragon, a flower tile not laid out yet (SH-FLOW-1): "
                             f"cut after his 'flower' event")
    state = standing_state(position(table, True), doc.players, table, hand.proc, at,
                           lambda p: {"knocked": True} if knocked(table.p[p]) else {})
    if table.indicator is not None:  # 百搭 (SH-BD-1): the tile turned up and the wild kind
        state["indicator"] = code(table.indicator)
        if table.wild is not None:
            state["wild"] = code(table.wild)
    before = ruled_before(doc, k, adjudicate)
    carried = (before["next"] or {}).get("huang_fan") if before is not None else None
    counter = next(z for z in (record.huang_fan, carried, 0) if z is not None)  # SH-HF-1
    return header(hand.round_wind, hand.dealer, None, streak=hand.streak, huang_fan=counter), state
