"""What a Hong Kong ``state`` holds at a cut (``referee.cut``; RULEBOOK_HK §10): beyond the common
fields (flowers among them), each player's 相公 and his 過水 bar (``passed``: ``true`` or the kinds
barred), and the 包 liabilities standing (``liabilities``, given in full: none derived).

Refused (``CutRefused``): play already over, the first go-round (a ``state`` is never in it: 天糊,
地糊 read the deal), a flower drawn and not laid out yet, a fault not reported yet (its report
after the cut would find nothing).
"""
from __future__ import annotations

from referee.cut import (carried, header, position, refuse_ended, refuse_first_go_round, refuse_held_flower,
                         refuse_unreported, replayed)
from referee.model import Document
from referee.observer import Unfinished
from rulesbook.family13.cut import standing_state

from .adjudicate import Carry, _seating, adjudicate, rules_of
from .proceedings import Proceedings
from .table import replay


def cut_at(doc: Document, k: int, at: int) -> tuple[dict, dict]:
    """Hand ``k``'s header as its ruling used it, and the ``state`` before its event ``at``."""
    record = doc.hands[k]
    dealer, streak, round_wind, start_dealer, _ = _seating(record, carried(doc, k, adjudicate, Carry), "hand")
    rules = rules_of(doc)
    proc = Proceedings(rules, round_wind)
    table = replayed(at, lambda: replay(doc.players, dealer, record.events[:at], rules.options,
                                        tuple(Unfinished(o) for o in proc.observers()), proc.continues))
    refuse_ended(table)
    refuse_first_go_round(table, any(not m.concealed for ps in table.p.values() for m in ps.melds),
                          "天糊 and 地糊")
    refuse_held_flower(table)
    refuse_unreported(proc.dead.unreported(table))
    state = standing_state(position(table, True), doc.players, table, proc, at)
    return header(round_wind, dealer, start_dealer, streak=streak), state
