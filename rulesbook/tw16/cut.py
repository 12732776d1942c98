"""What a tw16 ``state`` holds at a cut (``referee.cut``; EVENT_LOG.md's ``state``): beyond the
common fields (flowers among them), each player's standing conditions (相公 and its violations, 過水,
眼牌 and its violations, a 天聽 / 地聽 that stands) and the restrictions of his go-round (TW-XP-6:
tiles let go unponned, his go-round's discard; TW-XP-8: tiles he exposed by his own fault).

Refused (``CutRefused``): play already over, the first go-round (a ``state`` is never in it: 天聽,
地聽, 天胡, 地胡 and 人胡 read the deal), the dealer's 門牌 still owed, a fault not reported yet.
"""
from __future__ import annotations

from referee.cut import (CutRefused, add_status, carried, header, position, refuse_ended,
                         refuse_first_go_round, refuse_held_flower, refuse_unreported, replayed)
from referee.model import Document
from referee.tiles import code

from .adjudicate import adjudicate, replay_watched
from .options import Rules
from .settle import Carry, seating


def cut_at(doc: Document, k: int, at: int) -> tuple[dict, dict]:
    """Hand ``k``'s header as its ruling used it, and the ``state`` before its event ``at``."""
    record = doc.hands[k]
    terms, round_wind, start_dealer, _ = seating(record, carried(doc, k, adjudicate, Carry), "hand")
    rules = Rules.of(doc.ruleset)
    table, proc = replayed(at, lambda: replay_watched(doc.players, rules, terms.dealer,
                                                      record.open_seat or terms.dealer, record.events[:at],
                                                      finish=False))
    refuse_ended(table)
    refuse_first_go_round(table, any(m.kind != "kong" or m.kong != "concealed" for ps in table.p.values()
                                     for m in ps.melds), "天聽, 地聽, 天胡, 地胡 and 人胡")
    if table.men_pai_owed or table.men_pai_flower is not None:  # type: ignore[attr-defined]
        raise CutRefused("the dealer's 門牌 is still owed (TW-FLOW-3): a state cannot say so")
    refuse_unreported([c for c in proc.docket.causes if c.effective is None])
    refuse_held_flower(table)
    c = proc.docket.contest
    state = position(table, c is not None and not getattr(c, "robbable_kong", False))
    r = proc.restrictions

    def conditions(p: str) -> dict:
        st: dict = {}
        standing = proc.docket.standing[p]
        if standing.dead_since is not None and standing.dead_since <= at:
            st["dead_hand"] = True
        if standing.violations:
            st["dead_hand_violations"] = standing.violations
        if standing.passed_since is not None:
            st["passed"] = True
        if standing.watching:
            st["watching"] = True
        if standing.watch_violations:
            st["watch_violations"] = standing.watch_violations
        ps = table.p[p]
        if ps.ting and not ps.ting_broken and standing.ting_lost is None:  # type: ignore[attr-defined]
            st[ps.ting] = True  # type: ignore[attr-defined]
        for name, tiles in (("unponned", sorted(r.unponned[p])), ("go_round_discard", sorted(r.discarded[p])),
                            ("exposed", [t for t in range(34) for _ in range(r.exposed[p][t])])):
            if tiles:
                st[name] = [code(t) for t in tiles]
        return st

    add_status(state, doc.players, conditions)
    if c is not None and getattr(c, "robbable_kong", False) and table.last_added_kong is not None:
        state["robbable"] = {"player": table.last_added_kong[0], "tile": code(table.last_added_kong[1])}
    marker = terms.marker if record.streak_marker is not None or terms.marker != terms.streak else None
    return header(round_wind, terms.dealer, start_dealer, streak=terms.streak, streak_marker=marker), state
