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

from typing import Any, Callable, NamedTuple, Optional

from referee import events as ev
from referee.cut import (CutRefused, add_status, carried, header, position, refuse_ended, refuse_first_go_round,
                         refuse_held_flower, refuse_unreported, replayed)
from referee.model import Document
from referee.observer import Unfinished
from referee.tiles import code

from .hand import Carry, HandPlan


def cut_at(doc: Document, k: int, at: int, plan: HandPlan, reads: str,
           more: Optional[Callable[[object, dict], None]] = None,
           kongs: tuple[type, ...] = (ev.Kong,)) -> tuple[dict, dict]:
    """Hand ``k``'s header as the variant's ruling (``plan``) used it, and the ``state`` before its
    event ``at``; ``reads``: the variant's names of the hands that read the deal; ``more(table,
    state)``: the variant's own fields (wuhan's indicator, laid tiles, 海底); ``kongs``: the events
    a chain of kongs is made of."""
    hand = replayed_hand(doc, k, at, plan, reads, kongs=kongs)
    state = standing_state(position(hand.table, True), doc.players, hand.table, hand.proc, at)
    if more is not None:
        more(hand.table, state)
    return header(hand.round_wind, hand.dealer, hand.start_dealer, streak=hand.streak), state


class CutHand(NamedTuple):
    """A hand replayed up to a cut: its seating as its ruling used it, the rules, the families
    watching (``proc``) and the table."""

    dealer: str
    streak: int
    round_wind: int
    start_dealer: Optional[str]
    rules: Any
    proc: Any
    table: Any


def replayed_hand(doc: Document, k: int, at: int, plan: HandPlan, reads: str,
                  carry: Callable[..., Carry] = Carry,
                  adjudicate: Optional[Callable[[Document], dict]] = None,
                  kongs: tuple[type, ...] = (ev.Kong,)) -> CutHand:
    """Hand ``k`` replayed up to event ``at`` with the variant's families watching, after the
    refusals every 13-tile cut makes; ``carry(dealer, streak, round_wind, start_dealer)`` makes
    what the previous hand carries (a variant whose rounds carry nothing gives the East);
    ``adjudicate``: the variant's, where it does more than its plan's (shanghai's 荒番); ``kongs``:
    the events a chain of kongs is made of."""
    record = doc.hands[k]
    ruled = adjudicate or plan.adjudicate
    dealer, streak, round_wind, start_dealer, _ = plan.seating(record, carried(doc, k, ruled, carry), "hand")
    rules = plan.read_rules(doc)
    proc = plan.proceedings(rules, round_wind)
    table = replayed(at, lambda: plan.replay(doc.players, dealer, record.events[:at], rules.options,
                                             tuple(Unfinished(o) for o in proc.observers()), proc.continues))
    refuse_ended(table)
    refuse_first_go_round(table, any(not m.concealed for ps in table.p.values() for m in ps.melds), reads)
    refuse_held_flower(table)
    refuse_unreported(proc.dead.unreported(table))
    refuse_split_chain(record.events, at, kongs)
    return CutHand(dealer, streak, round_wind, start_dealer, rules, proc, table)


def standing_state(state: dict, players, table, proc, at: int,
                   own: Callable[[str], dict] = lambda p: {}) -> dict:
    """``state`` (``referee.cut.position``'s) with each player's ``status`` (``own(p)`` first, then
    ``dead_hand`` and ``passed``), the ``liabilities`` found (given in full: none derived) and a
    ``robbable`` added kong (until its replacement is drawn)."""
    def conditions(p: str) -> dict:
        st = dict(own(p))
        if proc.dead.is_dead(p, at) is not None:
            st["dead_hand"] = True
        bar = proc.passes.bars.get(p)
        if bar is not None:
            passed = bar.as_status()
            st["passed"] = passed if passed is True else {"tiles": [code(t) for t in passed["tiles"]]}
        return st

    add_status(state, players, conditions)
    state["liabilities"] = [{"clause": li.clause, "liable": li.liable, "covered": li.covered}
                            for li in proc.liabilities.found]
    kong = table.last_added_kong
    if kong is not None and table.pending_back[kong[0]]:
        state["robbable"] = {"player": kong[0], "tile": code(kong[1])}
    return state


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
