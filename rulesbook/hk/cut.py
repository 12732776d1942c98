"""What a Hong Kong ``state`` holds at a cut (``referee.cut``; RULEBOOK_HK §10): beyond the common
fields (flowers among them), each player's 相公 and his 過水 bar (``passed``: ``true`` or the kinds
barred), and the 包 liabilities standing (``liabilities``, given in full: none derived).

Refused (``CutRefused``): play already over, the first go-round (a ``state`` is never in it: 天糊,
地糊 read the deal), a flower drawn and not laid out yet, a fault not reported yet (its report
after the cut would find nothing).
"""
from __future__ import annotations

import dataclasses

from referee.cut import CutRefused, position
from referee.errors import ReplayError
from referee.model import Document
from referee.observer import Unfinished
from referee.tiles import FIRST_FLOWER, N_TILES, code, parse_tile

from .adjudicate import Carry, _seating, adjudicate, rules_of
from .proceedings import Proceedings
from .table import replay


def cut_at(doc: Document, k: int, at: int) -> tuple[dict, dict]:
    """Hand ``k``'s header as its ruling used it, and the ``state`` before its event ``at``."""
    carry = None
    if k:
        n = adjudicate(dataclasses.replace(doc, hands=doc.hands[:k]))["hands"][-1]["next"]
        start_dealer = None
        for record in doc.hands[:k]:
            start_dealer = record.start_dealer or start_dealer
        if n is not None:
            carry = Carry(n["dealer"], n["streak"], parse_tile(n["round_wind"]), start_dealer)
    record = doc.hands[k]
    dealer, streak, round_wind, start_dealer, _ = _seating(record, carry, "hand")
    rules = rules_of(doc)
    proc = Proceedings(rules, round_wind)
    try:
        table = replay(doc.players, dealer, record.events[:at], rules.options,
                       tuple(Unfinished(o) for o in proc.observers()), proc.continues)
    except ReplayError as err:
        raise CutRefused(f"the hand cannot stop before event {at}: {err.reason}") from None
    if table.ended is not None:
        raise CutRefused(f"play ended at event {table.play_over_at} ({table.ended}): a state is a "
                         f"position in play; cut at {table.play_over_at} or earlier")
    claims = any(not m.concealed for ps in table.p.values() for m in ps.melds)
    if not claims and any(table.p[p].n_discards == 0 for p in doc.players):
        raise CutRefused("a state is never the first go-round (天糊 and 地糊 read the deal): cut after "
                         "the first claim or once every player has discarded")
    held = [p for p in doc.players if any(table.p[p].counts[FIRST_FLOWER:N_TILES])]
    if held:
        raise CutRefused(f"{held[0]} holds a flower not laid out yet: cut after his 'flower' event")
    pending = proc.dead.unreported(table)
    if pending:  # a fault not reported yet: its report after the cut would have nothing to find
        f = pending[0]
        raise CutRefused(f"{f.player}'s fault at event {f.at} ({f.rule}) is not reported yet: a state "
                         f"cannot hold it; cut at {f.at} or earlier, or after its report")
    state = position(table, True)
    status = {}
    for p in doc.players:
        st: dict = {}
        if proc.dead.is_dead(p, at) is not None:
            st["dead_hand"] = True
        bar = proc.passes.bars.get(p)
        if bar is not None:
            passed = bar.as_status()
            st["passed"] = passed if passed is True else {"tiles": [code(t) for t in passed["tiles"]]}
        if st:
            status[p] = st
    if status:
        state["status"] = status
    state["liabilities"] = [{"clause": li.clause, "liable": li.liable, "covered": li.covered}
                            for li in proc.liabilities.found]
    kong = table.last_added_kong
    if kong is not None and table.pending_back[kong[0]]:  # robbable until its replacement is drawn
        state["robbable"] = {"player": kong[0], "tile": code(kong[1])}
    header = {"round_wind": code(round_wind), "dealer": dealer, "streak": streak}
    if start_dealer is not None:
        header["start_dealer"] = start_dealer
    return header, state
