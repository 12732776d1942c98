"""What a riichi ``state`` holds at a cut (``referee.cut``; EVENT_LOG.md's riichi additions):
beyond the common fields, the dora indicators turned and those still owed (``dora_owed``), the
tiles called away from each river, every riichi (``double``, ``ippatsu``, its ``stick`` paid in
this hand, ``established: false`` while its discard may still be won on, ``discard_owed`` between
the declaration and its discard), furiten and dead hands, and an added kan still robbable.

A moment a ``state`` cannot hold is refused (``CutRefused``): play already over (a second ron), an
abortive draw already arisen, the first go-round (a ``state`` is never in it: double riichi,
ippatsu's first turn, nine terminals and four winds read the deal), a dora indicator missed, a
fourth kan added to an earlier pon (suukantsu pao reads it as fourth, RJ-PAY-8.1), a void riichi
declaration, a fault not reported yet (its report, or the win it spoils, after the cut would
find nothing).
"""
from __future__ import annotations

from referee.cut import (CutRefused, add_status, claimed_away, header, position, refuse_ended,
                         refuse_first_go_round, refuse_unreported, replayed, ruled_before)
from referee.model import Document
from referee.tiles import FIRST_RED, code

from .adjudicate import adjudicate, replay_watched, seating_of
from .options import Options
from .table import RiichiPlayer

_FIVES = {4: 0, 13: 1, 22: 2}  # a five's kind -> its suit's red five


def concealed(ps: RiichiPlayer) -> list[str]:
    """His concealed tiles as codes, his red fives as ``0m 0p 0s``."""
    out = []
    for t in range(34):
        n = ps.counts[t]
        red = ps.red[_FIVES[t]] if t in _FIVES else 0
        out += [code(FIRST_RED + _FIVES[t])] * red + [code(t)] * (n - red) if red else [code(t)] * n
    return out


def cut_at(doc: Document, k: int, at: int) -> tuple[dict, dict]:
    """Hand ``k``'s header as its ruling used it, and the ``state`` before its event ``at``."""
    before = ruled_before(doc, k, adjudicate)
    dealer, round_wind, honba, sticks, scores, start_dealer = seating_of(doc, k, before)
    options = Options.of(doc.ruleset.preset, doc.ruleset.options)
    players = doc.players
    table, proc, _ = replayed(at, lambda: replay_watched(players, options, dealer, round_wind, scores,
                                                         doc.hands[k].events[:at], finish=False))
    refuse_ended(table)
    if proc.aborts.due is not None:
        kind, when = proc.aborts.due
        raise CutRefused(f"an abortive draw ({kind}) arose at event {when}: cut at {when} or earlier")
    refuse_first_go_round(table, bool(table.calls), "its double riichi, first draws, nine terminals and four "
                          "winds", "call")
    # a fault not reported yet (a kan in riichi that changed his waits, RJ-IRR-3, …)
    refuse_unreported([c for c in proc.docket.causes if c.effective is None])
    if any(o.missed is not None for o in table.owed):
        raise CutRefused("a kan's dora indicator was missed before the cut (RJ-FLOW-4): a state cannot say so")
    if "suukantsu" in options.pao:
        _refuse_fourth_kan_out_of_place(table)
    w = proc.window
    on_offer = w is not None and not w.kan and w.claimer is None
    state = position(table, on_offer, concealed)
    state["dora_indicators"] = [code(t) for t in table.indicators]
    away = claimed_away(table)
    first = doc.hands[k].events[0]
    for p, tiles in getattr(first, "called_away", {}).items():  # the whole began from a state
        away[p] = [code(t) for t in tiles] + away.get(p, [])
    if away:
        state["called_away"] = away
    riichi = {}
    for p, d in proc.riichi.made.items():
        if d.void:
            raise CutRefused(f"{p}'s riichi at event {d.at} is void (RJ-RII-1): a state holds riichi that stand")
        entry: dict = {"double": d.double, "stick": "table" if d.prior else "hand"}
        if d.discard is None:
            entry.update(discard_owed=True, ippatsu=d.ippatsu_open)
        elif d.established is None:
            entry.update(established=False, ippatsu=d.ippatsu_open)
        else:
            entry["ippatsu"] = proc.riichi.ippatsu(p, at, table, None)
            if on_offer and table.passed_over is not None and table.passed_over[0][2] == d.discard:
                entry["with_last_discard"] = True  # established by the draw past it: a ron undoes it
        riichi[p] = entry
    if riichi:
        state["riichi"] = riichi
    passing = set(w.candidates) - w.declared if w is not None and w.claimer is not None else set()

    def conditions(p: str) -> dict:
        st = {}
        if proc.docket.is_dead(p, at):
            st["dead_hand"] = True
        if proc.furiten.temporary[p] is not None or p in passing:  # a claimed tile: passed when
            st["furiten_temporary"] = True  # the claimer acts (RJ-PR-3), as the log would have it
        if proc.furiten.riichi[p] is not None or (p in passing and proc.riichi.in_riichi(p, at)):
            st["furiten_riichi"] = True
        return st

    add_status(state, players, conditions)
    if table.owed:
        state["dora_owed"] = [{"player": o.player, "kong": o.kind, "when": o.when} for o in table.owed]
    if w is not None and w.kan and table.last_added_kong is not None:
        state["robbable"] = {"player": table.last_added_kong[0], "tile": code(table.last_added_kong[1])}
    return header(round_wind, dealer, start_dealer, honba=honba, sticks=sticks,
                  scores=None if scores is None else dict(scores)), state


def _refuse_fourth_kan_out_of_place(table) -> None:
    """A state lists a player's melds in the order they were made, an added kan at its pon's place:
    with four kans, the last kan listed is read as his fourth (RJ-PAY-8.1, suukantsu pao). When his
    fourth kan in time was an added kan on an earlier pon, a state cannot say so."""
    for name, ps in table.p.items():
        kans = [k for k in table.kans if k[0] == name]
        listed = [m for m in ps.melds if m.kind == "kong"]
        if len(kans) == 4 and len(listed) == 4 and kans[3][1] == "added" and listed[3].kong != "added":
            raise CutRefused(f"{name}'s fourth kan (event {kans[3][2]}) was added to an earlier pon: a state "
                             "lists it at the pon's place and cannot say it came fourth (RJ-PAY-8.1)")
