"""Cut a recorded hand at event N: the document whose hand starts with a ``state`` holding the
table as it stood before event N, followed by events N… (a referee picks a recorded game up at a
moment of dispute; an auditor shows one moment). The ruling of the cut document is the ruling of
the whole, its event indices shifted by the cut (RULEBOOK_RIICHI §15.14; ``benchmarks.cut_property``
checks it on every real hand).

This module is the variant-neutral walk: it picks the hand, replays its events before N through the
variant's ``cut`` module (``rulesbook.<variant>.cut``: the hand's header as it stood, the table with
the variant's families watching, and what the variant's ``state`` holds beyond the common fields),
writes the fields every variant's ``state`` has from the table (``position``), and shifts the
``about`` of the events it keeps. What a ``state`` cannot hold is refused with the event index and
the reason (``CutRefused``), never written approximately.
"""
from __future__ import annotations

import copy
import dataclasses
from typing import Any, Callable, Optional, Sequence

from . import events as ev
from .errors import InputError, ReplayError
from .model import Document
from .replay import Table
from .tiles import FIRST_FLOWER, N_TILES, UNKNOWN, code, parse_tile


class CutRefused(ValueError):
    """The hand cannot be cut there: ``reason`` says why (a moment a ``state`` cannot hold)."""


def cut(data: dict, doc: Document, at: int, hand: Optional[int], variant: Any) -> dict:
    """The cut document of ``data`` (its loaded ``doc``) at event ``at`` of hand ``hand`` (None: the
    only hand). ``variant``: the rulebook's ``cut`` module. ``InputError`` names ``at`` or
    ``hand`` when the cut cannot be made."""
    k = _hand_index(doc, hand)
    raw_hand = data["hand"] if doc.single else data["hands"][k]
    record = doc.hands[k]
    n = len(record.events)
    if not 0 <= at < n:
        raise InputError({"at": [f"the hand has {n} events: cut at 0 to {n - 1}"]})
    if at == 0:
        header, events = {key: v for key, v in raw_hand.items() if key != "events"}, raw_hand["events"]
    else:
        try:
            header, state = variant.cut_at(doc, k, at)
        except CutRefused as err:
            raise InputError({"at": [str(err)]}) from None
        header = {**{key: v for key, v in raw_hand.items() if key != "events"}, **header}
        events = [state, *(_shifted(e, at, j) for j, e in enumerate(raw_hand["events"][at:], at))]
    out = {key: copy.deepcopy(v) for key, v in data.items() if key not in ("hand", "hands")}
    out["hand"] = {**copy.deepcopy(header), "events": copy.deepcopy(events)}
    return out


def _hand_index(doc: Document, hand: Optional[int]) -> int:
    if doc.single:
        if hand not in (None, 0):
            raise InputError({"hand": ["the document holds one hand ('hand'): give no hand number, or 0"]})
        return 0
    count = len(doc.hands)
    if hand is None:
        if count == 1:
            return 0
        raise InputError({"hand": [f"the game holds {count} hands: say which to cut (0 to {count - 1})"]})
    if not 0 <= hand < count:
        raise InputError({"hand": [f"the game holds {count} hands: 0 to {count - 1}, not {hand}"]})
    return hand


def _shifted(event: dict, at: int, j: int) -> dict:
    """An event kept after the cut: its ``about`` (an event index) shifted; one about an event
    before the cut is refused (the state holds positions, not events)."""
    about = event.get("about")
    if not isinstance(about, int) or isinstance(about, bool):
        return event
    if about < at:
        raise InputError({"at": [f"event {j} is about event {about}, before the cut: cut at {about} or earlier"]})
    return {**event, "about": about - at + 1}


def shift(index: int, at: int) -> int:
    """Where event ``index`` of the whole is in the document cut at ``at`` (0: the state, which
    stands for every event before the cut)."""
    return max(index - at + 1, 0)


# -- what every variant's ``cut_at`` does: the hand's start, its replay, the refusals alike --------

def ruled_before(doc: Document, k: int, adjudicate: Callable[[Document], dict]) -> Optional[dict]:
    """The ruling of hand ``k - 1`` as the document's first ``k`` hands rule it (None: ``k`` is the
    first hand): what it says the next hand is is what hand ``k`` starts from."""
    if not k:
        return None
    return adjudicate(dataclasses.replace(doc, hands=doc.hands[:k]))["hands"][-1]


def carried(doc: Document, k: int, adjudicate: Callable[[Document], dict], make: Callable[..., Any]) -> Any:
    """What the hands before ``k`` carry into it, as ``make(dealer, streak, round_wind, start_dealer)``
    (the previous ruling's ``next``; the start dealer last recorded); None: the first hand, or a
    previous ruling that names no next hand."""
    before = ruled_before(doc, k, adjudicate)
    n = before["next"] if before is not None else None
    if n is None:
        return None
    start_dealer = None
    for record in doc.hands[:k]:
        start_dealer = record.start_dealer or start_dealer
    return make(n["dealer"], n["streak"], None if n["round_wind"] is None else parse_tile(n["round_wind"]),
                start_dealer)


def replayed(at: int, replay: Callable[[], Any]) -> Any:
    """``replay()`` (the hand's events before ``at``, the variant's families watching); a record that
    cannot stop there is refused with the reason."""
    try:
        return replay()
    except ReplayError as err:
        raise CutRefused(f"the hand cannot stop before event {at}: {err.reason}") from None


def refuse_ended(table: Table) -> None:
    """Play over before the cut: a ``state`` is a position in play."""
    if table.ended is not None:
        raise CutRefused(f"play ended at event {table.play_over_at} ({table.ended}): a state is a "
                         f"position in play; cut at {table.play_over_at} or earlier")


def refuse_first_go_round(table: Table, claims: bool, reads: str, claim: str = "claim") -> None:
    """A ``state`` is never in the first go-round (no ``claims`` yet and a player yet to discard):
    ``reads``, what of the variant reads the deal; ``claim``, its word for a claim."""
    if not claims and any(table.p[p].n_discards == 0 for p in table.players):
        raise CutRefused(f"a state is never the first go-round ({reads} read the deal): cut after the "
                         f"first {claim} or once every player has discarded")


def refuse_held_flower(table: Table) -> None:
    """A flower drawn and not laid out yet: a ``state`` holds flowers laid out."""
    held = [p for p in table.players if any(table.p[p].counts[FIRST_FLOWER:N_TILES])]
    if held:
        raise CutRefused(f"{held[0]} holds a flower not laid out yet: cut after his 'flower' event")


def refuse_unreported(pending: Sequence[Any]) -> None:
    """A fault (``player``, ``at``, ``rule``) not reported yet: its report, or what it spoils, after
    the cut would find nothing."""
    if pending:
        f = pending[0]
        raise CutRefused(f"{f.player}'s fault at event {f.at} ({f.rule}) is not reported yet: a state "
                         f"cannot hold it; cut at {f.at} or earlier, or after its report")


def add_status(state: dict, players: Sequence[str], standing: Callable[[str], dict]) -> None:
    """The ``state``'s ``status``: each player's standing conditions ``standing(p)`` (a player with
    none left out; no ``status`` when no one has any)."""
    status = {}
    for p in players:
        st = standing(p)
        if st:
            status[p] = st
    if status:
        state["status"] = status


def header(round_wind: int, dealer: str, start_dealer: Optional[str], **fields: Any) -> dict:
    """The hand's header as its ruling used it: round wind, dealer, the variant's ``fields`` (None:
    left out), the start dealer when known."""
    out = {"round_wind": code(round_wind), "dealer": dealer,
           **{key: v for key, v in fields.items() if v is not None}}
    if start_dealer is not None:
        out["start_dealer"] = start_dealer
    return out


# -- the fields every variant's ``state`` has ---------------------------------------------------------

def position(table: Table, on_offer: bool, concealed=None) -> dict:
    """The common fields of the ``state`` for ``table`` (replayed up to the cut): hands, melds,
    flowers, rivers, the discard on offer (or drawn past), the tile drawn, the wall, whose turn,
    replacements owed. ``on_offer``: the variant's window on the last discard is still open (a
    discard drawn past stays on offer until the drawer acts). ``concealed(ps)``: a variant's
    concealed tiles as codes (riichi's red fives), else the counts."""
    state: dict[str, Any] = {"type": "state", "hands": {}}
    for name in table.players:
        ps = table.p[name]
        tiles = concealed(ps) if concealed is not None else \
            [code(t) for t in range(N_TILES) for _ in range(ps.counts[t])]
        state["hands"][name] = ps.unknown if not tiles else tiles + ["?"] * ps.unknown
    melds = {name: [meld_json(m) for m in table.p[name].melds] for name in table.players if table.p[name].melds}
    if melds:
        state["melds"] = melds
    if table.rules.flowers:
        flowers = {name: [code(t) for t in table.p[name].flowers] for name in table.players if table.p[name].flowers}
        if flowers:
            state["flowers"] = flowers
    rivers = {name: [code(t) for t in table.p[name].river] for name in table.players if table.p[name].river}
    if rivers:
        state["discards"] = rivers
    offer = table.last_discard or (table.passed_over[0] if table.passed_over is not None else None)
    if offer is not None and on_offer:
        state["last_discard"] = {"player": offer[0], "tile": code(offer[1])}
        if table.last_discard is None:
            state["drawn_past"] = True
    if table.wall_left is not None:
        state["wall_left"] = table.wall_left
    state["turn"], state["phase"] = table.turn, table.phase
    ps = table.p[table.turn] if table.turn is not None else None
    if table.phase == "discard" and ps is not None and ps.drawn is not None and ps.drawn != UNKNOWN \
            and ps.drawn_source in ("wall", "back", "claim"):
        state["drawn"] = {"tile": code(ps.drawn), "from": ps.drawn_source}
    owed = {name: n for name, n in table.pending_back.items() if n}
    if owed:
        state["back_owed"] = owed
    return state


def meld_json(m) -> dict:
    out: dict[str, Any] = {"kind": m.kind, "tiles": [code(t) for t in m.tiles]}
    if m.kong is not None:
        out["kong"] = m.kong
    if m.tile is not None:
        out["tile"] = code(m.tile)
    if m.source is not None:
        out["from"] = m.source
    return out


def claimed_away(table: Table) -> dict[str, list[str]]:
    """The tiles claimed from each player's river (a claim taken back left the tile there)."""
    out: dict[str, list[str]] = {}
    for k, at in sorted(table.claimed_from.items()):
        if k in table.undone:
            continue
        e = table.events[at]
        if isinstance(e, ev.Discard):
            out.setdefault(e.player, []).append(code(e.tile))
    return out
