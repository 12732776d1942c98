"""What a Shanghai ``state`` holds at a cut (``referee.cut``; RULEBOOK_SH §15): beyond the common
fields (the flowers laid out, 中發白 among them), each player's 敲 (``knocked``), 相公 and 漏胡 bar
(``passed``: the kinds barred, or ``true`` under ``until_own_draw``), the 包三口 liabilities standing
(``liabilities``), and under 百搭 the tile turned up and the wild kind; the hand's header carries
its 荒番 counter as the ruling used it (recorded, else the previous hand's ``next.huang_fan``).

Refused (``CutRefused``): play already over, the first go-round (a ``state`` is never in it), a
flower tile drawn and not laid out yet (a dragon too, under ``dragons_as_flowers``), a fault not
reported yet (its report after the cut would find nothing), a cut between a discard and the knock
that goes with it.
"""
from __future__ import annotations

from referee import events as ev
from referee.cut import (CutRefused, carried, header, position, refuse_ended, refuse_first_go_round,
                         refuse_held_flower, refuse_unreported, replayed, ruled_before)
from referee.model import Document
from referee.observer import Unfinished
from referee.tiles import code
from rulesbook.family13.cut import standing_state
from rulesbook.rotation import WINDS

from .adjudicate import Carry, adjudicate, rules_of, seating
from .baida import DRAGONS
from .proceedings import Proceedings
from .table import knocked, replay


def cut_at(doc: Document, k: int, at: int) -> tuple[dict, dict]:
    """Hand ``k``'s header as its ruling used it, and the ``state`` before its event ``at``."""
    record = doc.hands[k]
    if at < len(record.events) and isinstance(record.events[at], ev.Declare):
        raise CutRefused(f"the knock at event {at} goes with the discard before it (SH-QIAO-1): cut "
                         f"at {at - 1} or {at + 1}")
    # the round wind carries nothing (SH-FLOW-9): the carry holds the East the hands are played in
    east = carried(doc, k, adjudicate, lambda d, s, w, st: Carry(d, s, WINDS[0] if w is None else w, st))
    dealer, streak, round_wind, _, _ = seating(record, east, "hand")
    before = ruled_before(doc, k, adjudicate)
    carried_counter = (before["next"] or {}).get("huang_fan") if before is not None else None
    counter = next(z for z in (record.huang_fan, carried_counter, 0) if z is not None)  # SH-HF-1
    rules = rules_of(doc)
    proc = Proceedings(rules, round_wind)
    table = replayed(at, lambda: replay(doc.players, dealer, record.events[:at], rules.options,
                                        tuple(Unfinished(o) for o in proc.observers()), proc.continues))
    refuse_ended(table)
    refuse_first_go_round(table, any(not m.concealed for ps in table.p.values() for m in ps.melds),
                          "the first draws and discards")
    refuse_held_flower(table)
    if rules.options.dragons_as_flowers:
        held = [p for p in table.players if any(table.p[p].counts[t] for t in DRAGONS)]
        if held:
            raise CutRefused(f"{held[0]} holds a dragon, a flower tile not laid out yet (SH-FLOW-1): "
                             f"cut after his 'flower' event")
    refuse_unreported(proc.dead.unreported(table))
    state = standing_state(position(table, True), doc.players, table, proc, at,
                           lambda p: {"knocked": True} if knocked(table.p[p]) else {})
    if table.indicator is not None:  # 百搭 (SH-BD-1): the tile turned up and the wild kind
        state["indicator"] = code(table.indicator)
        if table.wild is not None:
            state["wild"] = code(table.wild)
    return header(round_wind, dealer, None, streak=streak, huang_fan=counter), state
