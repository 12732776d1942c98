"""What a 13-tile ``state`` holds at a cut (``referee.cut``; RULEBOOK_HK §10, which RULEBOOK_GD §10
takes as it stands): beyond the common fields (flowers among them, where the variant has them),
each player's 相公 and his 过水 bar (``passed``: ``true`` or the kinds barred), the 包 liabilities
standing (``liabilities``, given in full: none derived), and an added kong still robbable.

Refused (``CutRefused``): play already over, the first go-round (a ``state`` is never in it: the
heavenly and earthly hands read the deal), a flower drawn and not laid out yet, a fault not
reported yet (its report after the cut would find nothing), and a cut inside a chain of kongs that
a later replacement self-draw reads (杠上开花: which kongs were made in a row, and a claimed one's
feeder for its 包; a ``state`` holds the melds, not the turn they were made in).
"""
from __future__ import annotations

from referee import events as ev
from referee.cut import (CutRefused, add_status, carried, header, position, refuse_ended, refuse_first_go_round,
                         refuse_held_flower, refuse_unreported, replayed)
from typing import Any, Callable, Optional

from referee.model import Document
from referee.observer import Unfinished
from referee.tiles import code

from .hand import Carry, HandPlan


def cut_at(doc: Document, k: int, at: int, plan: HandPlan, reads: str,
           own: Optional[Callable[[Any, dict], None]] = None,
           kongs: tuple[type, ...] = (ev.Kong,)) -> tuple[dict, dict]:
    """Hand ``k``'s header as the variant's ruling (``plan``) used it, and the ``state`` before its
    event ``at``; ``reads``: the variant's names of the hands that read the deal; ``own(table,
    state)``: the variant's own fields of the ``state`` (and its refusals); ``kongs``: the events
    that make a chain of kongs (wuhan's single kongs too)."""
    record = doc.hands[k]
    dealer, streak, round_wind, start_dealer, _ = plan.seating(record, carried(doc, k, plan.adjudicate, Carry),
                                                               "hand")
    rules = plan.read_rules(doc)
    proc = plan.proceedings(rules, round_wind)
    table = replayed(at, lambda: plan.replay(doc.players, dealer, record.events[:at], rules.options,
                                             tuple(Unfinished(o) for o in proc.observers()), proc.continues))
    refuse_ended(table)
    refuse_first_go_round(table, any(not m.concealed for ps in table.p.values() for m in ps.melds), reads)
    refuse_held_flower(table)
    refuse_unreported(proc.dead.unreported(table))
    refuse_split_chain(record.events, at, kongs)
    state = position(table, True)

    def conditions(p: str) -> dict:
        st: dict = {}
        if proc.dead.is_dead(p, at) is not None:
            st["dead_hand"] = True
        bar = proc.passes.bars.get(p)
        if bar is not None:
            passed = bar.as_status()
            st["passed"] = passed if passed is True else {"tiles": [code(t) for t in passed["tiles"]]}
        return st

    add_status(state, doc.players, conditions)
    state["liabilities"] = [{"clause": li.clause, "liable": li.liable, "covered": li.covered}
                            for li in proc.liabilities.found]
    kong = table.last_added_kong
    if kong is not None and table.pending_back[kong[0]]:  # robbable until its replacement is drawn
        state["robbable"] = {"player": kong[0], "tile": code(kong[1])}
    if own is not None:
        own(table, state)
    return header(round_wind, dealer, start_dealer, streak=streak), state


def refuse_split_chain(events, at: int, kongs: tuple[type, ...] = (ev.Kong,)) -> None:
    """A self-draw after the cut on a kong's replacement whose chain of kongs (the player's kongs
    made in a row this turn, ``referee.thirteen``) starts before the cut: the bloom (杠上开花,
    連槓開花) and its 包 read that chain, which a ``state`` cannot hold."""
    win = next((m for m in range(at, len(events)) if events[m].type in ("win", "discard")), None)
    if win is None or events[win].type != "win" or events[win].how != "self_draw":  # type: ignore[attr-defined]
        return
    player = events[win].player  # type: ignore[attr-defined]
    drawn = next((j for j in range(win - 1, -1, -1) if events[j].type == "draw"
                  and events[j].player == player), None)  # type: ignore[attr-defined]
    if drawn is None or events[drawn].source != "back":  # type: ignore[attr-defined]
        return
    first = None
    for j in range(drawn - 1, -1, -1):
        x = events[j]
        if getattr(x, "player", None) != player:
            continue
        if isinstance(x, kongs):
            first = j
        elif not (isinstance(x, ev.Flower) or isinstance(x, ev.Draw) and x.source == "back"):
            break
    if first is not None and first < at:
        raise CutRefused(f"{player}'s self-draw at event {win} is a kong's replacement whose kongs in a row "
                         f"began at event {first}: a state cannot hold that chain (杠上开花 and its 包 read "
                         f"it); cut at {first} or earlier")
